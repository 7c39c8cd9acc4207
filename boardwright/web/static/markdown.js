// The Markdown of the games' quick references, drawn with DOM methods: headings, paragraphs,
// lists (bulleted and numbered, nested by indentation, an item's text running on over indented
// lines), tables, **strong**, *emphasis* and `code`. Every piece of text is a text node: nothing in
// the file is ever read as markup. Anything else shows as the text it is.
import { el } from "./dom.js";

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`)/;

// The elements and text nodes of one line of text with its inline marks.
export function inline(text) {
  const parts = [];
  for (const piece of text.split(INLINE)) {
    if (!piece) continue;
    if (/^(\*\*|__).+\1$/.test(piece)) parts.push(el("strong", {}, piece.slice(2, -2)));
    else if (/^`.+`$/.test(piece)) parts.push(el("code", {}, piece.slice(1, -1)));
    else if (/^([*_]).+\1$/.test(piece)) parts.push(el("em", {}, piece.slice(1, -1)));
    else parts.push(document.createTextNode(piece));
  }
  return parts;
}

function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
}

function table(header, rows) {
  return el("div", { class: "markdown-table" }, el("table", {},
    el("thead", {}, el("tr", {}, ...cells(header).map((cell) => el("th", { scope: "col" }, ...inline(cell))))),
    el("tbody", {}, ...rows.map((row) => el("tr", {}, ...cells(row).map((cell) => el("td", {}, ...inline(cell))))))));
}

// The blocks of `text` (Markdown) as elements. A heading of level n is drawn as h(n + shift),
// so that the file's headings sit under the page's own.
export function renderMarkdown(text, shift = 1) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  let paragraph = null;  // the lines of the paragraph being read
  let lists = [];  // the open lists, outermost first: { indent, element, item, text }
  const endParagraph = () => {
    if (paragraph) blocks.push(el("p", {}, ...inline(paragraph.join(" "))));
    paragraph = null;
  };
  const flushItem = (open) => {
    if (open.item && open.text !== null) { open.item.prepend(...inline(open.text)); open.text = null; }
  };
  const endLists = () => {
    for (const open of lists) flushItem(open);
    lists = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!line.trim()) { endParagraph(); continue; }
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (heading) {
      endParagraph(); endLists();
      blocks.push(el(`h${Math.min(6, heading[1].length + shift)}`, {}, ...inline(heading[2])));
    } else if (line.trim().startsWith("|") && TABLE_RULE.test(lines[index + 1] || "")) {
      endParagraph(); endLists();
      const rows = [];
      index += 2;
      while (index < lines.length && lines[index].trim().startsWith("|")) rows.push(lines[index++]);
      index -= 1;
      blocks.push(table(line, rows));
    } else if (item) {
      endParagraph();
      const indent = item[1].length;
      const ordered = /\d/.test(item[2]);
      while (lists.length && lists[lists.length - 1].indent > indent) flushItem(lists.pop());
      let open = lists[lists.length - 1];
      if (!open || open.indent < indent || open.ordered !== ordered) {
        if (open && open.indent === indent) { flushItem(lists.pop()); open = lists[lists.length - 1]; }
        const element = el(ordered ? "ol" : "ul", ordered ? { start: parseInt(item[2], 10) } : {});
        if (open) { flushItem(open); open.item.append(element); } else blocks.push(element);
        open = { indent, ordered, element, item: null, text: null };
        lists.push(open);
      }
      flushItem(open);
      open.item = el("li");
      open.text = item[3];
      open.element.append(open.item);
    } else if (lists.length && /^\s/.test(line) && !paragraph) {
      // an indented line after an item goes on with the item's text
      const open = lists[lists.length - 1];
      if (open.text !== null) open.text += ` ${line.trim()}`;
      else open.item.append(" ", ...inline(line.trim()));
    } else {
      endLists();
      paragraph = paragraph || [];
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  endLists();
  return blocks;
}
