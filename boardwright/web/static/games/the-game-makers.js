// The Game Makers at the table: the Warehouse wheel (six Wedges, the Steering Wheel's READY, level
// 1-3 and covered places, every seat's Forklifts in its colour), the factory supply (deck, discard
// pile, tile bags), the loading dock (what the seat to act is deciding: cards or tiles drawn, the
// resource a Forklift brought, the game being paid for) and each player's Factory: Contracts,
// Display Case, Components, Break Room and worker spaces, Assembly Line, Marketing, Structures,
// Tweenies and trees. The view names cards, tiles, Structures, Tweenies and tree spaces by number;
// the catalog (in its order) gives their names.
//
// Keys (the words of the action texts each piece answers to), all on the viewer's own pieces:
//   a Wedge on the wheel ........ "forklift to Lk" (at level k now), "take KIND" (Wild Wedge, Gain 1)
//   my READY Forklift ........... "forklift to" (then a Wedge); an away one "back forklift due in N"
//   a Contract .................. "make contract N"; a card drawn: its Contract / Component buttons
//   a drawn tile ................ "keep tile #N"
//   my Components area .......... "as component"; a component chip "pay KIND Lk", "discard KIND Lk"
//   Assembly Line ............... "as machinery"; a cell "cell rXcY"
//   Break Room .................. "as worker"; a worker "promote Lk"; a space "work S", "release S"
//   Marketing ................... "as marketing"; a column "market COLUMN"
//   Structures .................. "as building"; a Structure "build on L"
//   Display Case slot ........... "display rXcY"; while rearranging, "rXcY" (click two slots)
//   a Tweenie ................... "tweenie NAME" (unused), "copy NAME" (used)
//   a tree space ................ "tree N NAME" (plant tree / tree)
//   a draft Structure ........... "draft NAME"
//   the banner .................. "end turn", "done", "reset workers", "keep workers"
// Whatever legal action no piece answers to gets a plain piece in the banner (.tgm-extra), so every
// move stays clickable even if the game grows a new kind of action.
import { concerns } from "../ui.js";

const KINDS = ["cards", "tiles", "wood", "dice", "plastic"];
const GLYPH = { wild: "★", cards: "♠", tiles: "▣", wood: "♟", dice: "⚄", plastic: "⌂" };
const ONE = { cards: "card", tiles: "tile", wood: "wood", dice: "die", plastic: "plastic" };
const SIZES = ["small", "medium", "large"];
const ICON_WORDS = ["card", "tile", "wood", "dice", "plastic"];
const COLUMNS = ["yellow", "blue", "purple", "red", "trees"];
const LETTERS = ["A", "B", "C"];
const SPACES = ["gain L1", "gain L2", "gain L3", "view L1", "view L2", "view L3",
  "market L1", "market L2", "market L3", "structure"];
const SPACE_LABEL = {
  "gain L1": "Gain 1 · L1", "gain L2": "Gain 1 · L2", "gain L3": "Gain 1 · L3",
  "view L1": "View +1", "view L2": "View +1", "view L3": "View +1",
  "market L1": "Market +1", "market L2": "Market +1", "market L3": "Market +1", structure: "B Structure",
};
const SPACE_TAKES = {
  "gain L1": "L1 + L1", "gain L2": "L1 + L2", "gain L3": "L3 + L3", "view L1": "L1", "view L2": "L2",
  "view L3": "L3", "market L1": "L1", "market L2": "L2", "market L3": "L3", structure: "its level",
};
const SPACE_WORDS = {
  "gain L1": "Gain 1: two level 1 workers exchange for any level 1 resource (not wood)",
  "gain L2": "Gain 1: a level 1 and a level 2 worker exchange for any level 2 resource (not wood)",
  "gain L3": "Gain 1: two level 3 workers exchange for any level 3 resource (not wood)",
  "view L1": "Enhancement: a level 1 worker here lets you see one more card or tile whenever you draw",
  "view L2": "Enhancement: a level 2 worker here lets you see one more card or tile whenever you draw",
  "view L3": "Enhancement: a level 3 worker here lets you see one more card or tile whenever you draw",
  "market L1": "Enhancement: a level 1 worker here adds 1 to every marketing move",
  "market L2": "Enhancement: a level 2 worker here adds 1 to every marketing move",
  "market L3": "Enhancement: a level 3 worker here adds 1 to every marketing move",
  structure: "Your B Structure's recessed worker space (once the Structure is active)",
};
const EMPTY = -1;
const TWEENIE_BASE = 1000;

let recent = new Map();  // seq -> event, the events seen (pushes carry only the new ones)
let cached = { catalog: null, names: null };
let compacts = new Map();  // seat -> { key, node }: the others' Factories as last drawn

// The board is drawn in place (the table page leaves it to this drawing): the parts drawn anew
// replace the old ones, and a part kept from the last draw is not touched, so the browser does not
// lay it out again.
export const incremental = true;

function settle(board, parts) {
  const keep = new Set(parts);
  for (const child of [...board.childNodes]) if (!keep.has(child)) child.remove();
  let at = board.firstChild;
  for (const part of parts) {
    if (part === at) at = at.nextSibling;
    else board.insertBefore(part, at);
  }
}

function ensureStyle() {
  if (document.getElementById("tgm-style")) return;
  const link = document.createElement("link");
  link.id = "tgm-style";
  link.rel = "stylesheet";
  link.href = new URL("./the-game-makers.css", import.meta.url).href;
  document.head.append(link);
}

// The catalog in its order: cards by number, then Structures, Tweenies, tree spaces and tiles (by
// size and icon, each as many times as the bags hold) in the order of their numbers in the view.
function namesFrom(catalog) {
  if (cached.catalog === catalog && cached.names) return cached.names;
  const names = { cards: {}, structures: [], tweenies: [], trees: [], tiles: [], columns: {}, entries: catalog };
  for (const [name, entry] of Object.entries(catalog || {})) {
    if (entry.kind === "card") names.cards[entry.number - 1] = name;
    else if (/ Structure$/.test(entry.kind)) names.structures.push(name);
    else if (entry.kind === "Tweenie") names.tweenies.push(name);
    else if (entry.kind === "tree space") names.trees.push(name);
    else if (entry.kind === "Marketing column") names.columns[entry.column] = { name, topic: entry.topic };
    else if (entry.kind === "tile") {
      const match = /^(small|medium|large) tile with the (\w+) icon$/.exec(name);
      const size = match ? SIZES.indexOf(match[1]) + 1 : 1;
      const icon = match ? ICON_WORDS.indexOf(match[2]) : 0;
      for (let i = 0; i < (entry.count || 0); i += 1) names.tiles.push({ name, size, icon });
    }
  }
  cached = { catalog, names };
  compacts = new Map();  // drawn with other names
  return names;
}

function plural(n, word, many = `${word}s`) { return `${n} ${n === 1 ? word : many}`; }
function cellName(i) { return `r${Math.floor(i / 6) + 1}c${(i % 6) + 1}`; }
function slotName(i) { return `r${Math.floor(i / 4) + 1}c${(i % 4) + 1}`; }
function resource(kind, level) {
  const word = typeof kind === "number" ? KINDS[kind] : kind;
  if (word === "cards") return level === 1 ? "1 card" : `${level} cards`;
  return `a level ${level} ${ONE[word]}`;
}
function buildingLevels(cost) {
  // "a level 1 and a level 2 building", "2 level 1 buildings", "a level 1 and 2 level 3 building"
  const levels = [];
  for (const part of String(cost || "").split(" and ")) {
    const match = /(a|\d+) level (\d)/.exec(part);
    if (!match) continue;
    const n = match[1] === "a" ? 1 : Number(match[1]);
    for (let i = 0; i < n; i += 1) levels.push(Number(match[2]));
  }
  return levels;
}
function shortCost(cost) {
  return String(cost || "").replace(/a level (\d) (\w+)/g, "$2 $1").replace(/any (\w+)/g, "$1 any")
    .replace(/\bdie\b/g, "dice").replace(/\btile\b/g, "tiles");
}

// A pattern card's scoring in a few words for its face (the whole sentence is in its tooltip).
function shortScore(text) {
  return text
    .replace(/^1 VP per game in your largest group of adjacent (.*) \(at most 5\)$/, "1 VP each in your largest group of $1")
    .replace(/^1 VP per Display Case row holding one of your (.*)$/, "1 VP per row with $1")
    .replace(/^1 VP per Display Case column holding one of your (.*)$/, "1 VP per column with $1")
    .replace(/^1 VP per (.*) in the two (left|right) columns of your Display Case$/, "1 VP per $1 in the 2 $2 columns")
    .replace(/games made with (\w+)/, "$1 games").replace(/game made with (\w+)/, "$1 game");
}

export function draw(board, message, ui) {
  ensureStyle();
  const view = message.view;
  const me = message.seat;
  const legal = message.legal_actions || [];
  const names = namesFrom(ui.catalog ? ui.catalog() : {});
  const pending = view.pending || [];
  const top = pending.length ? pending[pending.length - 1] : null;
  const step = top ? top.step : null;
  const current = view.current;
  const over = Boolean(message.is_over || view.is_over);
  const registered = [];
  const el = ui.el;

  if (message.events && message.events.length) {
    const first = message.events[0].seq;  // a whole history (a reload, a replay step) starts again
    if ([...recent.keys()].some((seq) => seq >= first)) recent = new Map();
    for (const event of message.events) recent.set(event.seq, event);
    if (recent.size > 60) recent = new Map([...recent.entries()].sort((a, b) => a[0] - b[0]).slice(-30));
  }

  // pieces: only the viewer's own pieces answer to actions
  const piece = (element, keys) => {
    const list = (Array.isArray(keys) ? keys : [keys]).filter(Boolean);
    registered.push(...list);
    element.dataset.key = list[0] || "";  // for tests and tools: the words this piece answers to
    element.dataset.keys = list.join("|");
    return ui.piece(element, list);
  };
  const tint = (element, seat) => { element.style.setProperty("--seat", ui.seatColour(seat)); return element; };
  const cardName = (id) => names.cards[id] || `card #${id + 1}`;
  const cardLabel = (id) => `#${id + 1} ${cardName(id)}`;
  const tileOf = (id) => names.tiles[id] || { name: `tile #${id + 1}`, size: 1, icon: 0 };
  const tileWords = (id) => { const t = tileOf(id); return `${SIZES[t.size - 1]} tile (${ICON_WORDS[t.icon]} icon)`; };
  // the catalog's names of the pieces drawn as symbols: a chip shows its entry on hover and focus
  const componentName = (kind, level) => (kind === "cards" ? "face-down card" : kind === "dice" ? `level ${level} die` : `level ${level} ${kind}`);
  const workerName = (level) => `level ${level} worker`;
  const column = (colour) => names.columns[colour] || { name: colour, topic: colour };
  const scoreNote = ((message.breakdown || [])[0] || {}).note || "";

  // ---------------------------------------------------------------- the banner
  const banner = el("div", { class: "tgm-banner" });
  const heading = el("div", { class: "tgm-turn" });
  heading.append(el("strong", {}, view.phase === "draft" ? "Drafting Structures" : `Turn ${view.turn}`));
  if (view.reset_turn && view.phase === "play") heading.append(el("span", { class: "tgm-flag" }, "Reset to the Break Room"));
  if (view.end_turn && !over) heading.append(el("span", { class: "tgm-flag final" }, `turn ${view.end_turn} is the final turn`));
  if (over) {
    heading.append(el("span", { class: "tgm-flag" }, `Game over${view.ended_by ? ` — ${view.ended_by}` : ""}`));
    const winners = message.winners || [];
    if (winners.length) heading.append(" won by ", ...winners.flatMap((seat, i) => [i ? ", " : "", ui.seatBadge(seat, me)]));
  } else if (view.phase === "draft") {
    const pickers = message.to_act || [];
    heading.append(" · ", ...pickers.flatMap((seat, i) => [i ? ", " : "", ui.seatBadge(seat, me)]), " picking");
  } else if (current >= 0) {
    heading.append(" · ", ui.seatBadge(current, me), current === me ? " — your turn" : " is playing");
  }
  if (view.order && view.phase === "play") {
    heading.append(el("span", { class: "tgm-order" }, "turn order: ",
      ...view.order.flatMap((seat, i) => [i ? " → " : "", ui.seatBadge(seat, me)])));
  }
  banner.append(heading);
  const sentences = [];
  if (!over) {
    if (view.phase === "draft") {
      sentences.push((message.to_act || []).includes(me) ? "Pick one Structure from a set you hold (a letter you lack)."
        : "The others pick Structures from the sets they hold.");
    } else if (pending.length) {
      for (let i = pending.length - 1; i >= 0; i -= 1) {
        const text = stepText(pending[i], current === me);
        sentences.push(text.charAt(0).toUpperCase() + text.slice(1));
      }
    } else if (current >= 0 && current !== me) {
      sentences.push(`${ui.seatName(current, me)} moves Forklifts, manufactures and runs the Factory.`);
    } else if (current === me) {
      sentences.push(legal.includes("end turn")
        ? "Every Forklift is out: manufacture, assign workers, place Tweenies or plant trees, then End turn."
        : "Send each READY Forklift to a lit Wedge (level 1, 2 or 3); manufacture, assign workers or place Tweenies at any time.");
    }
  }
  sentences.forEach((text, i) => banner.append(el("p", { class: i ? "tgm-then" : "tgm-say" }, i ? `then: ${text}` : text)));
  const buttons = el("div", { class: "tgm-buttons" });
  for (const [action, label] of [["end turn", "End turn"], ["done", "Done"], ["reset workers", "Return every worker to the Break Room"],
    ["keep workers", "Keep workers where they are"]]) {
    if (legal.includes(action)) buttons.append(piece(el("span", { class: "tgm-button" }, label), action));
  }
  banner.append(buttons);
  const parts = [banner];

  // ---------------------------------------------------------------- the Warehouse
  const middle = el("div", { class: "tgm-middle" });
  middle.append(drawWheel());
  const side = el("div", { class: "tgm-side" });
  const dock = drawDock();
  if (dock) side.append(dock);
  const lately = [...recent.values()].sort((a, b) => a.seq - b.seq).filter((e) => e.kind !== "acted").slice(-4);
  if (lately.length) {
    side.append(el("ul", { class: "tgm-recent", "aria-label": "just happened" },
      ...lately.map((e) => el("li", { class: e.private ? "private" : "" }, ui.named(e.text)))));
  }
  if (view.draft) side.append(drawDraft());
  side.append(drawSupply());
  middle.append(side);
  parts.push(middle);

  // ---------------------------------------------------------------- the Factories
  const seats = view.seats.map((_, seat) => seat);
  const first = me !== null && me !== undefined && me >= 0 ? me : 0;
  seats.sort((a, b) => ((a - first + seats.length) % seats.length) - ((b - first + seats.length) % seats.length));
  for (const seat of seats) {
    parts.push(seat === me ? drawFactory(seat, view.seats[seat], true) : compactOf(seat, view.seats[seat]));
  }
  settle(board, parts);

  // every legal action some piece answers to; the rest get a plain piece in the banner
  const loose = legal.filter((action) => !registered.some((key) => concerns(action, key)));
  for (const action of loose) buttons.append(piece(el("span", { class: "tgm-button tgm-extra" }, action), action));

  // ================================================================= parts
  function stepText(frame, mine) {
    const what = frame.step;
    const who = mine ? "" : `${ui.seatName(current, me)}: `;
    switch (what) {
      case "setup":
        return mine ? "Place your 3 starting cards: each face up as a Contract or face down as a component (at least one Contract)."
          : `${who}placing ${plural(frame.count, "starting card")}`;
      case "cards":
        return mine ? `Keep ${frame.keep} of the ${frame.count} cards you drew: each face up as a Contract or face down as a component.`
          : `${who}keeping ${frame.keep} of ${frame.count} cards drawn`;
      case "tilepick":
        return mine ? "Keep one of the tiles you drew (the others go back)." : `${who}choosing one of ${frame.count} tiles drawn`;
      case "use": {
        const kind = KINDS[frame.kind];
        if (kind === "tiles") return `${who}the ${tileWords(frame.extra)}: a component, or machinery on the Assembly Line.`;
        if (kind === "dice") return `${mine ? "you " : who}rolled ${frame.extra} on the level ${frame.level} die: keep it as a component, or advance a Marketing column ${frame.extra}.`;
        if (kind === "wood") return `${who}the level ${frame.level} wood: a component, or a worker in the Break Room.`;
        if (kind === "plastic") return `${who}the level ${frame.level} plastic: a component, or a building on a Structure.`;
        return `${who}${resource(kind, frame.level)}: a component or a Company Asset.`;
      }
      case "wild":
        return frame.exchange ? `${who}Gain 1: choose the level ${frame.level} resource the workers bring (not wood) — click its Wedge.`
          : `${who}Wild Wedge: choose the kind of level ${frame.level} resource to take — click its Wedge.`;
      case "cell":
        if (frame.piece >= TWEENIE_BASE) return `${who}choose a square gap of the Assembly Line for the ${names.tweenies[frame.piece - TWEENIE_BASE] || "Tweenie"} Tweenie.`;
        return `${who}choose the Assembly Line cell for the ${tileWords(frame.piece)}.`;
      case "column":
        return frame.column >= 0 ? `${who}advance ${COLUMNS[frame.column]} marketing ${plural(frame.steps, "step")}.`
          : `${who}choose a Marketing column to advance ${plural(frame.steps, "step")}.`;
      case "build":
        return `${who}choose the Structure for the level ${frame.level} building.`;
      case "pay": {
        const needs = frame.needs || [];
        const first = needs.length ? resource(needs[0][0], needs[0][1]) : "nothing";
        const rest = needs.length > 1 ? ` (then ${needs.slice(1).map(([k, lv]) => resource(k, lv)).join(", ")})` : "";
        return `${who}paying for ${cardLabel(frame.card)}: click the component that pays ${first} or more${rest}.`;
      }
      case "display":
        return `${who}put ${cardLabel(frame.card)} in an empty slot of the Display Case.`;
      case "tree":
        return `${who}choose a tree space to plant a tree.`;
      case "discard":
        return `${who}discard ${frame.count} more ${frame.kind < 0 ? "components" : KINDS[frame.kind]} to plant on ${names.trees[frame.space] || "the tree space"}.`;
      case "reset":
        return `${who}Reset to the Break Room: return every assigned worker, or keep them where they are.`;
      case "back":
        return `${who}move up to ${plural(frame.count, "Forklift")} back one space (click it on the wheel)${frame.optional ? ", or Done" : ""}.`;
      case "swap":
        return `${who}rearrange the Display Case: click two slots to swap them, or Done.`;
      case "release":
        return `${who}choose an assigned worker to return to the Break Room.`;
      case "promote":
        return `${who}choose a Break Room worker to promote one level.`;
      case "copy":
        return `${who}choose a used Tweenie to use again.`;
      default:
        return `${who}${what}`;
    }
  }

  function drawWheel() {
    const size = 250;
    const svg = ui.svg("svg", { viewBox: "-125 -125 250 250", width: size, height: size, class: "tgm-wheel",
      role: "img", "aria-label": "the Warehouse wheel" });
    const ring = view.ring || [];
    const ready = view.ready || 0;
    const place = (i) => (i - ready + 6) % 6;  // 0 READY, 1-3 levels, 4-5 covered
    const arc = (r, a) => [r * Math.sin(a), -r * Math.cos(a)];
    const sector = (i, r0, r1) => {
      const a0 = (i * 60 - 30) * Math.PI / 180;
      const a1 = (i * 60 + 30) * Math.PI / 180;
      const [x0, y0] = arc(r1, a0); const [x1, y1] = arc(r1, a1);
      const [x2, y2] = arc(r0, a1); const [x3, y3] = arc(r0, a0);
      return `M${x0.toFixed(1)},${y0.toFixed(1)} A${r1},${r1} 0 0 1 ${x1.toFixed(1)},${y1.toFixed(1)} `
        + `L${x2.toFixed(1)},${y2.toFixed(1)} A${r0},${r0} 0 0 0 ${x3.toFixed(1)},${y3.toFixed(1)} Z`;
    };
    ring.forEach((kind, i) => {
      const at = place(i);
      const group = ui.svg("g", { class: `tgm-wedge kind-${kind} place-${at}` }, svg);
      const path = ui.svg("path", { d: sector(i, 34, 92), class: "tgm-wedge-face" }, group);
      const title = ui.svg("title", {}, path);
      const label = at === 0 ? "READY" : at <= 3 ? `level ${at}` : "covered";
      title.textContent = `${kind === "wild" ? "Wild" : kind[0].toUpperCase() + kind.slice(1)} Wedge — ${label}`;
      ui.explain(path, kind === "wild" ? "Wild Wedge" : `${kind[0].toUpperCase()}${kind.slice(1)} Wedge`);
      path.setAttribute("data-wedge", kind);
      path.setAttribute("data-place", String(at));
      const keys = [];
      if (at >= 1 && at <= 3) keys.push(`forklift to L${at}`);
      if (kind !== "wild") keys.push(`take ${kind}`);
      piece(path, keys);
      const [gx, gy] = arc(70, i * 60 * Math.PI / 180);
      const glyph = ui.svg("text", { x: gx.toFixed(1), y: (gy + 6).toFixed(1), class: "tgm-wedge-glyph" }, group);
      glyph.textContent = GLYPH[kind] || "?";
      const [nx, ny] = arc(50, i * 60 * Math.PI / 180);
      const name = ui.svg("text", { x: nx.toFixed(1), y: (ny + 4).toFixed(1), class: "tgm-wedge-name" }, group);
      name.textContent = kind;
      // the Steering Wheel's mark for this place, outside the ring
      const [mx, my] = arc(108, i * 60 * Math.PI / 180);
      const mark = ui.svg("text", { x: mx.toFixed(1), y: (my + 4).toFixed(1), class: `tgm-wheel-mark place-${at}` }, svg);
      mark.textContent = at === 0 ? (view.reset_turn ? "RESET" : "READY") : at <= 3 ? `L${at}` : "—";
    });
    // the Brodie Knob in the middle: the turn
    ui.svg("circle", { cx: 0, cy: 0, r: 30, class: "tgm-knob" }, svg);
    const turn = ui.svg("text", { x: 0, y: 5, class: "tgm-knob-text" }, svg);
    turn.textContent = view.phase === "draft" ? "draft" : `turn ${view.turn}`;
    // Forklifts: on the Wedge READY + the turns until they are READY again
    const onWedge = new Map();
    view.seats.forEach((info, seat) => info.forklifts.forEach((wait, f) => {
      const at = (ready + wait) % 6;
      if (!onWedge.has(at)) onWedge.set(at, []);
      onWedge.get(at).push({ seat, f, wait });
    }));
    for (const [ringIndex, lifts] of onWedge) {
      const angle = ringIndex * 60 * Math.PI / 180;
      lifts.forEach((lift, n) => {
        const spread = (n - (lifts.length - 1) / 2) * 11;
        const r = 82 - Math.floor(n / 5) * 11;
        const [x, y] = arc(r, angle);
        const dx = spread * Math.cos(angle);
        const dy = spread * Math.sin(angle);
        const fk = ui.svg("rect", { x: (x + dx - 5).toFixed(1), y: (y + dy - 5).toFixed(1), width: 10, height: 10, rx: 2,
          class: "tgm-forklift", fill: ui.seatColour(lift.seat), "data-seat": String(lift.seat) }, svg);
        const tip = ui.svg("title", {}, fk);
        tip.textContent = `${ui.seatName(lift.seat, me)} Forklift ${lift.f + 1}: ${lift.wait ? `READY again in ${plural(lift.wait, "turn")}` : "READY"}`;
        if (lift.seat === me) {
          fk.classList.add("mine");
          piece(fk, lift.wait ? [`back forklift due in ${lift.wait}`] : ["forklift to"]);
        }
      });
    }
    const box = el("div", { class: "tgm-warehouse" });
    box.append(svg);
    return box;
  }

  function drawSupply() {
    const bags = view.bags || [0, 0, 0];
    const spent = view.tile_discard || [[], [], []];
    return el("div", { class: "tgm-supply", "aria-label": "the factory supply" },
      el("span", { class: "tgm-pile", title: "the deck, face down" }, `${GLYPH.cards} deck ${view.deck}`),
      el("span", { class: "tgm-pile", title: "spent cards, face up" }, `discard ${(view.discard || []).length}`),
      ...bags.map((n, i) => el("span", { class: "tgm-pile", title: `${SIZES[i]} tile bag (${spent[i].length} spent tiles face up)` },
        `${GLYPH.tiles} ${SIZES[i]} ${n}${spent[i].length ? ` +${spent[i].length}` : ""}`)));
  }

  function drawDraft() {
    const box = el("div", { class: "tgm-draft" }, el("h4", {}, "Structure draft"));
    for (const set of view.draft) {
      const row = el("div", { class: "tgm-draft-set" }, el("span", { class: "tgm-letter" }, set.letter), " with ",
        ui.seatBadge(set.holder, me), ` (${set.size})`);
      if (set.tiles) {
        for (const sid of set.tiles) {
          const name = names.structures[sid] || `Structure ${sid}`;
          const chip = ui.card(name, { class: "tgm-struct-card", label: name, detail: (names.entries[name] || {}).cost, keys: [] });
          piece(chip, `draft ${name}`);
          row.append(chip);
        }
      }
      box.append(row);
    }
    return box;
  }

  function drawDock() {
    // what the seat to act holds or decides now
    if (!top || over) return null;
    const mine = current === me;
    const box = el("div", { class: "tgm-dock" });
    tint(box, current);
    const title = el("h4", {}, mine ? "In your hands" : `${ui.seatName(current, me)}'s loading dock`);
    box.append(title);
    if ((step === "setup" || step === "cards") && top.offer) {
      const row = el("div", { class: "tgm-row" });
      for (const id of top.offer) {
        const name = cardName(id);
        const entry = names.entries[name] || {};
        const card = cardFace(id, []);
        const up = el("span", { class: "tgm-choice" }, "▲ Contract");
        const down = el("span", { class: "tgm-choice" }, "▼ Component");
        piece(up, `contract #${id + 1} ${name}`);
        piece(down, `component #${id + 1} ${name}`);
        card.append(el("span", { class: "tgm-choices" }, up, down));
        card.title = entry.text || name;
        row.append(card);
      }
      box.append(row);
    } else if (step === "setup" || step === "cards") {
      box.append(el("div", { class: "tgm-row" }, ...Array.from({ length: top.count }, () => ui.card("?", { hidden: true, label: "?" }))));
    } else if (step === "tilepick" && top.offer) {
      const row = el("div", { class: "tgm-row" });
      for (const id of top.offer) row.append(tileChip(id, [`keep tile #${id + 1}`], true));
      box.append(row);
    } else if (step === "tilepick") {
      box.append(el("span", {}, `${plural(top.count, "tile")} drawn, face down to the others`));
    } else if (step === "use") {
      const kind = KINDS[top.kind];
      const what = kind === "tiles" ? tileChip(top.extra, [], false)
        : ui.explain(el("span", { class: `tgm-res kind-${kind}` }, `${GLYPH[kind]} L${top.level}${kind === "dice" ? ` rolled ${top.extra}` : ""}`),
          componentName(kind, kind === "cards" ? 1 : top.level));
      box.append(el("div", { class: "tgm-row" }, what));
      if (mine) {
        const where = { "as component": "→ Components", "as machinery": "→ Assembly Line", "as worker": "→ Break Room",
          "as marketing": "→ Marketing", "as building": "→ a Structure", "as contract": "→ Contracts" };
        const row = el("div", { class: "tgm-row" });
        for (const [action, label] of Object.entries(where)) {
          if (legal.includes(action)) row.append(piece(el("span", { class: "tgm-choice" }, label), action));
        }
        box.append(row);
      }
    } else if (step === "wild") {
      const row = el("div", { class: "tgm-row" });
      for (const kind of KINDS) {
        const chip = el("span", { class: `tgm-res kind-${kind}` }, `${GLYPH[kind]} ${kind === "cards" ? plural(top.level, "card") : `${kind} L${top.level}`}`);
        if (mine) piece(chip, `take ${kind}`);
        row.append(chip);
      }
      box.append(row);
    } else if (step === "pay" || step === "display") {
      box.append(cardFace(top.card, []));
      if (step === "pay" && top.needs) {
        box.append(el("div", { class: "tgm-needs" }, "still to pay: ", top.needs.map(([k, lv]) => resource(k, lv)).join(", ")));
      }
    } else if (step === "cell" && top.piece >= TWEENIE_BASE) {
      box.append(el("span", { class: "tgm-tweenie used" }, names.tweenies[top.piece - TWEENIE_BASE] || "Tweenie"));
    } else if (step === "cell") {
      box.append(tileChip(top.piece, [], false));
    } else if (step === "column") {
      box.append(el("span", { class: "tgm-res kind-dice" }, `+${top.steps} ${top.column >= 0 ? column(COLUMNS[top.column]).name : "marketing"}`));
    } else if (step === "build") {
      box.append(el("span", { class: "tgm-res kind-plastic" }, `${GLYPH.plastic} L${top.level} building`));
    } else {
      return null;
    }
    return box;
  }

  function cardFace(id, keys, extra = "") {
    const name = cardName(id);
    const entry = names.entries[name] || {};
    const text = entry.text || "";
    const scoring = /At the end it scores ([^.]*)\./.exec(text);
    const reward = /When it goes in your Display Case: ([^.]*)\./.exec(text);
    const card = ui.card(name, { label: `#${id + 1} ${name}`, keys: [], class: `tgm-card type-${entry.type || "none"} ${extra}` });
    if (keys.length) piece(card, keys);
    card.append(el("span", { class: "tgm-cost" }, shortCost(entry.cost)));
    const bottom = el("span", { class: "tgm-score" }, scoring ? shortScore(scoring[1]) : "");
    if (reward) bottom.append(el("span", { class: "tgm-reward" }, ` ✚ ${reward[1].replace(/^gain /, "")}`));
    card.append(bottom);
    return card;
  }

  function tileChip(id, keys, big) {
    const tile = tileOf(id);
    const chip = el("span", { class: `tgm-tile size-${tile.size} icon-${ICON_WORDS[tile.icon]}${big ? " big" : ""}` },
      `${GLYPH.tiles}${["S", "M", "L"][tile.size - 1]}`, el("b", { class: "tgm-icon" }, GLYPH[KINDS[tile.icon]]));
    ui.explain(chip, tile.name);
    if (keys.length) piece(chip, keys);
    return chip;
  }

  function section(title, className, extra = null) {
    const box = el("div", { class: `tgm-area ${className}` });
    box.append(el("h4", {}, title, extra ? el("span", { class: "tgm-aside" }, extra) : null));
    return box;
  }

  function factoryFrame(seat, info, mine) {
    const acting = current === seat && !over;
    const factory = el("div", { class: `tgm-factory${mine ? " mine" : " theirs"}${acting ? " acting" : ""}`, "data-seat": String(seat) });
    tint(factory, seat);
    const playing = acting ? el("span", { class: "to-act" }, mine ? " your turn" : " playing now") : null;
    const filled = info.display.filter((c) => c >= 0).length;
    const score = info.score ? el("span", { class: "tgm-vp", title: `${scoreNote ? `${scoreNote}: ` : ""}${scoreTitle(info.score)}` },
      `${info.score.total} VP${scoreNote && !over ? " projected" : ""}`) : null;
    const lifts = el("span", { class: "tgm-lifts" }, ...info.forklifts.map((wait, f) => {
      const chip = tint(el("span", { class: `tgm-lift${wait ? " away" : ""}`, title: `Forklift ${f + 1}` }, wait ? `back in ${wait}` : "READY"), seat);
      if (mine) piece(chip, wait ? [`back forklift due in ${wait}`] : ["forklift to"]);
      return chip;
    }));
    factory.append(el("h3", {}, ui.seatBadge(seat, me), playing, score, el("span", { class: "tgm-aside" }, `${filled}/12 games`), lifts));
    return factory;
  }

  // Another player's Factory as last drawn, while nothing it shows has changed (it has no pieces:
  // only the viewer's own pieces answer to actions).
  function compactOf(seat, info) {
    const key = JSON.stringify([info, me, current, over, scoreNote]);
    const last = compacts.get(seat);
    if (last && last.key === key) return last.node;
    const node = drawCompact(seat, info);
    compacts.set(seat, { key, node });
    return node;
  }

  // Another player's Factory, all of it public, in fewer pieces.
  function drawCompact(seat, info) {
    const factory = factoryFrame(seat, info, false);
    const body = el("div", { class: "tgm-compact" });
    const block = (title, ...children) => el("div", { class: "tgm-mini" }, el("h4", {}, title), ...children);
    body.append(block("Contracts", ...info.contracts.map((id) => {
      if (id < 0) return el("div", { class: "tgm-mini-card empty" }, "—");
      const name = cardName(id);
      const entry = names.entries[name] || {};
      return ui.explain(el("div", { class: `tgm-mini-card type-${entry.type || "none"}` }, name), name);
    })));
    body.append(block("Display Case", el("div", { class: "tgm-mini-shelf" }, ...info.display.map((id) => {
      if (id < 0) return el("span", { class: "tgm-mini-slot" });
      const name = cardName(id);
      const entry = names.entries[name] || {};
      return ui.explain(el("span", { class: `tgm-mini-slot type-${entry.type || "none"}`, "aria-label": cardLabel(id) }), name);
    }))));
    body.append(block("Assembly Line", el("div", { class: "tgm-mini-line" }, ...info.assembly_line.map((code) => {
      if (code === EMPTY) return el("span", {});
      if (code >= TWEENIE_BASE) return ui.explain(el("span", { class: "tweenie" }, "◍"), names.tweenies[code - TWEENIE_BASE] || "Tweenie");
      const tile = tileOf(code);
      return ui.explain(el("span", { class: `tile size-${tile.size}` }, GLYPH[KINDS[tile.icon]]), tile.name);
    }))));
    body.append(block("Marketing", el("div", { class: "tgm-mini-market" }, ...COLUMNS.map((colour, i) =>
      ui.explain(el("span", { class: `col-${colour}`, "aria-label": `${column(colour).name}: ${info.marketing[i]}` },
        String(info.marketing[i])), column(colour).name)))));
    body.append(block("Structures", ...info.structures.map((sid, letter) => {
      if (sid < 0) return el("div", { class: "tgm-mini-struct" }, `${LETTERS[letter]} —`);
      const name = names.structures[sid] || `Structure ${sid}`;
      const levels = buildingLevels((names.entries[name] || {}).cost);
      const built = [...levels.keys()].filter((b) => info.built[letter] >> b & 1).length;
      return ui.explain(el("div", { class: `tgm-mini-struct${info.active[letter] ? " active" : ""}` },
        `${LETTERS[letter]} ${name} ${info.active[letter] ? "✓" : `${built}/${levels.length}`}`), name);
    })));
    const chip = (text, name) => ui.explain(el("span", { class: "tgm-mini-chip" }, text), name);
    const parts = [chip(`${GLYPH.cards}×${info.cards}`, componentName("cards", 1))];
    for (const id of info.tiles) {
      const t = tileOf(id);
      parts.push(chip(`${GLYPH.tiles}${["S", "M", "L"][t.size - 1]}(${GLYPH[KINDS[t.icon]]})`, t.name));
    }
    for (const kind of ["wood", "dice", "plastic"]) {
      (info.components[kind] || []).forEach((n, i) => {
        if (n) parts.push(chip(`${GLYPH[kind]}L${i + 1}${n > 1 ? `×${n}` : ""}`, componentName(kind, i + 1)));
      });
    }
    const free = info.break_room.flatMap((n, i) => Array.from({ length: n }, () => chip(`${GLYPH.wood}${i + 1}`, workerName(i + 1))));
    const working = Object.entries(info.workers || {}).flatMap(([space, levels], k) => [k ? "; " : "",
      ui.explain(el("span", { class: "tgm-mini-chip" }, `${SPACE_LABEL[space]} `, ...levels.map((lv) => chip(`${GLYPH.wood}${lv}`, workerName(lv)))),
        SPACE_LABEL[space], SPACE_WORDS[space])]);
    body.append(block("Factory",
      el("div", {}, "Components: ", ...parts.flatMap((part, i) => [i ? " " : "", part])),
      el("div", {}, "Break Room: ", ...(free.length ? free.flatMap((part, i) => [i ? " " : "", part]) : ["—"]),
        working.length ? " · at work: " : "", ...working),
      el("div", {}, `Tweenies used ${info.tweenies_used.length}/12 · ♣ ${plural(info.trees.length, "tree")}`)));
    factory.append(body);
    return factory;
  }

  function drawFactory(seat, info, mine) {
    const factory = factoryFrame(seat, info, mine);
    const filled = info.display.filter((c) => c >= 0).length;

    const grid = el("div", { class: "tgm-grid" });
    // Contracts
    const contracts = section("Contracts", "tgm-contracts");
    const crow = el("div", { class: "tgm-row" });
    info.contracts.forEach((id, i) => {
      if (id >= 0) crow.append(cardFace(id, mine ? [`make contract ${i + 1}`] : []));
      else {
        const empty = el("div", { class: "tgm-card-space" }, `Contract ${i + 1}`);
        if (mine) piece(empty, "as contract");
        crow.append(empty);
      }
    });
    contracts.append(crow);
    grid.append(contracts);

    // Display Case
    const display = section("Display Case", "tgm-display", `${filled} of 12`);
    const shelf = el("div", { class: "tgm-shelf" });
    info.display.forEach((id, i) => {
      const slot = slotName(i);
      let cell;
      if (id >= 0) {
        const name = cardName(id);
        const entry = names.entries[name] || {};
        cell = el("div", { class: `tgm-slot filled type-${entry.type || "none"}` }, el("span", {}, name));
        ui.explain(cell, name);
      } else {
        cell = el("div", { class: "tgm-slot" }, slot);
      }
      cell.dataset.slot = slot;
      if (mine) piece(cell, step === "swap" ? [`display ${slot}`, slot] : [`display ${slot}`]);
      shelf.append(cell);
    });
    display.append(shelf);
    grid.append(display);

    // Components
    const comps = section("Components", "tgm-components");
    if (mine) piece(comps, "as component");
    const crow2 = el("div", { class: "tgm-row" });
    const hand = ui.explain(el("span", { class: "tgm-res kind-cards" }, `${GLYPH.cards} ×${info.cards}`), componentName("cards", 1));
    if (mine) {
      piece(hand, ["discard cards L1", "pay cards L1"]);
    }
    crow2.append(hand);
    for (const id of info.tiles) {
      const size = tileOf(id).size;
      crow2.append(tileChip(id, mine ? [`pay tiles L${size}`, `discard tiles L${size}`] : [], false));
    }
    for (const kind of ["wood", "dice", "plastic"]) {
      (info.components[kind] || []).forEach((n, i) => {
        if (!n) return;
        const chip = ui.explain(el("span", { class: `tgm-res kind-${kind}` }, `${GLYPH[kind]} L${i + 1}${n > 1 ? ` ×${n}` : ""}`),
          componentName(kind, i + 1));
        if (mine) piece(chip, [`pay ${kind} L${i + 1}`, `discard ${kind} L${i + 1}`]);
        crow2.append(chip);
      });
    }
    comps.append(crow2);
    if (mine && info.hand && info.hand.length) {
      comps.append(el("div", { class: "tgm-hand" }, ...info.hand.map((id) => {
        const chip = el("span", { class: "tgm-hand-card" }, cardLabel(id));
        ui.explain(chip, cardName(id));
        return chip;
      })));
    }
    grid.append(comps);

    // Break Room and worker spaces
    const room = section("Break Room", "tgm-room");
    if (mine) piece(room, "as worker");
    const workers = el("div", { class: "tgm-row" });
    info.break_room.forEach((n, i) => {
      for (let k = 0; k < n; k += 1) {
        const worker = ui.explain(el("span", { class: `tgm-worker level-${i + 1}` }, `${GLYPH.wood}${i + 1}`), workerName(i + 1));
        if (mine) piece(worker, `promote L${i + 1}`);
        workers.append(worker);
      }
    });
    if (!workers.childNodes.length) workers.append(el("span", { class: "tgm-none" }, "no worker free"));
    room.append(workers);
    const spaces = el("div", { class: "tgm-spaces" });
    for (const space of SPACES) {
      const on = (info.workers || {})[space] || [];
      const cell = el("div", { class: `tgm-space${on.length ? " taken" : ""}`, "data-space": space },
        el("span", { class: "tgm-space-name" }, SPACE_LABEL[space]),
        on.length ? el("span", { class: "tgm-space-on" }, on.map((lv) => `${GLYPH.wood}${lv}`).join(" "))
          : el("span", { class: "tgm-space-takes" }, SPACE_TAKES[space]));
      ui.explain(cell, SPACE_LABEL[space], SPACE_WORDS[space]);
      if (mine) piece(cell, [`work ${space}`, `release ${space}`]);
      spaces.append(cell);
    }
    room.append(spaces);
    grid.append(room);

    // Assembly Line
    const sets = (info.discounts || []).map((d, k) => (d ? `${KINDS[k]} −${d}` : "")).filter(Boolean);
    const line = section("Assembly Line", "tgm-line", sets.length ? `lowers ${sets.join(", ")}` : "");
    if (mine) piece(line, "as machinery");
    const cells = el("div", { class: "tgm-cells" });
    info.assembly_line.forEach((code, i) => {
      let cell;
      if (code === EMPTY) cell = el("div", { class: "tgm-cell" });
      else if (code >= TWEENIE_BASE) {
        const name = names.tweenies[code - TWEENIE_BASE] || "Tweenie";
        cell = el("div", { class: "tgm-cell tweenie" }, "◍");
        ui.explain(cell, name);
      } else {
        const tile = tileOf(code);
        cell = el("div", { class: `tgm-cell tile icon-${ICON_WORDS[tile.icon]} size-${tile.size}` }, GLYPH[KINDS[tile.icon]]);
        ui.explain(cell, tile.name);
      }
      cell.dataset.cell = cellName(i);
      if (mine) piece(cell, `cell ${cellName(i)}`);
      cells.append(cell);
    });
    line.append(cells);
    grid.append(line);

    // Marketing
    const market = section("Marketing", "tgm-market");
    if (mine) piece(market, "as marketing");
    const tracks = el("div", { class: "tgm-tracks" });
    COLUMNS.forEach((colour, i) => {
      const height = info.marketing[i];
      const top = colour === "trees" ? 4 : 5;
      const track = el("div", { class: `tgm-track col-${colour}`, "data-column": colour });
      for (let h = top; h >= 0; h -= 1) {
        track.append(el("span", { class: `tgm-step${h === height ? " cube" : ""}${h < height ? " below" : ""}` }, h === height ? "■" : String(h)));
      }
      const { name, topic } = column(colour);
      track.append(el("span", { class: "tgm-track-name" }, colour, topic !== colour ? el("small", {}, topic) : null));
      track.setAttribute("aria-label", `${name}: ${height} of ${top}`);
      ui.explain(track, name);
      if (mine) piece(track, `market ${colour}`);
      tracks.append(track);
    });
    market.append(tracks);
    grid.append(market);

    // Structures
    const structs = section("Structures", "tgm-structs");
    if (mine) piece(structs, "as building");
    info.structures.forEach((sid, letter) => {
      if (sid < 0) {
        structs.append(el("div", { class: "tgm-structure empty" }, el("span", { class: "tgm-letter" }, LETTERS[letter]), " —"));
        return;
      }
      const name = names.structures[sid] || `Structure ${sid}`;
      const entry = names.entries[name] || {};
      const levels = buildingLevels(entry.cost);
      const built = info.built[letter];
      const tile = el("div", { class: `tgm-structure${info.active[letter] ? " active" : ""}` },
        el("span", { class: "tgm-letter" }, LETTERS[letter]), el("span", { class: "tgm-struct-name" }, name),
        el("span", { class: "tgm-buildings" }, ...levels.map((lv, b) => el("span", { class: `tgm-building${built >> b & 1 ? " built" : ""}` }, String(lv)))),
        info.active[letter] ? el("span", { class: "tgm-active" }, "active") : null);
      ui.explain(tile, name);
      if (mine) piece(tile, `build on ${LETTERS[letter]}`);
      structs.append(tile);
    });
    grid.append(structs);

    // Tweenies and trees
    const tweenies = section("Tweenies", "tgm-tweenies", `${info.tweenies_used.length} used`);
    const used = new Set(info.tweenies_used);
    const twrow = el("div", { class: "tgm-row" });
    names.tweenies.forEach((name, t) => {
      const chip = el("span", { class: `tgm-tweenie${used.has(t) ? " used" : ""}` }, name);
      ui.explain(chip, name);
      if (mine) piece(chip, used.has(t) ? `copy ${name}` : `tweenie ${name}`);
      twrow.append(chip);
    });
    tweenies.append(twrow);
    grid.append(tweenies);

    const planted = new Set(info.trees);
    const trees = section("Trees", "tgm-trees", `${planted.size} planted`);
    const trow = el("div", { class: "tgm-row" });
    names.trees.forEach((name, t) => {
      const spot = el("span", { class: `tgm-tree${planted.has(t) ? " planted" : ""}`, "aria-label": name }, planted.has(t) ? "♣" : "○");
      ui.explain(spot, name);
      if (mine) piece(spot, `tree ${t + 1} ${name}`);
      trow.append(spot);
    });
    trees.append(trow);
    grid.append(trees);

    factory.append(grid);
    return factory;
  }

  function scoreTitle(sheet) {
    return Object.entries(sheet).filter(([key, value]) => key !== "total" && value).map(([key, value]) => `${key} ${value}`).join(", ") || "no points yet";
  }
}
