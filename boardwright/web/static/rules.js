// A game's rules page (/rules/<game>): its quick reference, and its whole catalog grouped by kind,
// each entry in the words of the table's tips (tip.js's tipParts), with a search box that keeps
// the entries whose name or text holds every word typed.
import { request } from "./api.js";
import { el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { tipParts } from "./tip.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());

// The entries of `catalog` by kind, the kinds in the order the catalog first names them.
function byKind(catalog) {
  const groups = new Map();
  for (const [name, entry] of Object.entries(catalog)) {
    const kind = entry && entry.kind ? String(entry.kind) : "Other";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push([name, entry]);
  }
  return groups;
}

function words(text) {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

function drawCatalog(catalog) {
  const groups = [];
  const list = $("catalog");
  list.replaceChildren();
  for (const [kind, entries] of byKind(catalog)) {
    const items = entries.map(([name, entry]) => {
      const item = el("li", { class: "entry", "data-name": name }, ...tipParts(name, entry, el));
      return { item, said: `${name} ${entry.text || ""}`.toLowerCase() };
    });
    const count = el("span", { class: "count" });
    const section = el("section", { class: "kind", "aria-label": kind },
      el("h3", {}, kind, " ", count), el("ul", { class: "entries" }, ...items.map(({ item }) => item)));
    list.append(section);
    groups.push({ section, count, items });
  }
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);

  function filter() {
    const wanted = words($("search").value);
    let shown = 0;
    for (const group of groups) {
      let here = 0;
      for (const { item, said } of group.items) {
        const keep = wanted.every((word) => said.includes(word));
        item.hidden = !keep;
        here += keep;
      }
      group.section.hidden = here === 0;
      group.count.textContent = `(${here})`;
      shown += here;
    }
    $("found").textContent = wanted.length ? `${shown} of ${total} entries` : `${total} entries`;
  }
  $("search").addEventListener("input", filter);
  filter();
}

async function start() {
  const [games, rules] = await Promise.all([request("/api/games"), fetch(`/api/games/${encodeURIComponent(gameId)}/rules`)]);
  const game = Array.isArray(games.data) ? games.data.find((g) => g.id === gameId) : null;
  if (!game || !rules.ok) {
    $("error").textContent = `The rules of ${gameId} could not be read (the server answered ${rules.status}).`;
    return;
  }
  document.title = `boardwright — ${game.name} rules`;
  $("title").textContent = `${game.name}: rules`;
  $("reference").replaceChildren(...renderMarkdown(await rules.text(), 2));
  drawCatalog(game.catalog || {});
  document.body.dataset.ready = "yes";
}

start();
