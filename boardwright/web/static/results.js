// The results panel of a finished game, above the board: the ranking with each seat's total
// (seats equal on the game's own terms share a place), every seat's score side by side (one
// column per seat, one row per line of the game's score breakdown), the tie-break when one decided
// the winner, and where to go next: the replay, the lobby (and a rematch, when the table offers
// one: its button goes in the panel's `.results-buttons`).
import { scoreNotes, signed } from "./scores.js";

// The seats in finishing order with their places: the winners first (the game decided them,
// tie-breaks included), then by total; equal totals on the same side of that line share a place.
export function ranking(message) {
  const won = (seat) => message.winners.includes(seat);
  const order = message.breakdown.map((entry, seat) => ({ seat, total: entry.total, won: won(seat) }));
  order.sort((a, b) => (b.won - a.won) || (b.total - a.total) || (a.seat - b.seat));
  order.forEach((entry, index) => {
    const before = order[index - 1];
    entry.place = before && before.won === entry.won && before.total === entry.total ? before.place : index + 1;
  });
  return order;
}

// One row per line of the breakdown, in the order the game lists them: a line's group where the
// game gives one ("Gadgets": each seat's Gadgets in one cell, named under the points), else its
// label; lines of one row and seat (two copies of one card) are added up in its cell.
function comparison(message, order, ui) {
  const labels = [];
  const cells = new Map();  // row -> seat -> { points, items }
  message.breakdown.forEach((entry, seat) => {
    for (const line of entry.lines) {
      const key = line.group || line.label;
      if (!cells.has(key)) { cells.set(key, new Map()); labels.push(key); }
      const row = cells.get(key);
      const cell = row.get(seat) || { points: 0, items: [] };
      cell.points += line.points;
      if (line.group && line.label !== line.group) cell.items.push(line.label);
      row.set(seat, cell);
    }
  });
  const head = ui.el("tr", {}, ui.el("th", { scope: "col" }, "Scored for"),
    ...order.map(({ seat }) => ui.el("th", { scope: "col" }, ui.seatBadge(seat, message.seat))));
  const body = labels.map((label) => ui.el("tr", {}, ui.el("th", { scope: "row" }, ui.named(label)),
    ...order.map(({ seat }) => {
      const cell = cells.get(label).get(seat);
      if (cell === undefined) return ui.el("td", { class: "points" }, "—");
      return ui.el("td", { class: "points" }, signed(cell.points),
        cell.items.length ? ui.el("small", { class: "results-items" }, ui.named(cell.items.join(" · "))) : null);
    })));
  const totals = ui.el("tr", { class: "totals" }, ui.el("th", { scope: "row" }, "Total"),
    ...order.map(({ seat }) => ui.el("td", { class: "points total" }, String(message.breakdown[seat].total))));
  return ui.el("div", { class: "results-scroll" },
    ui.el("table", { class: "results-table" }, ui.el("thead", {}, head), ui.el("tbody", {}, ...body, totals)));
}

function ordinal(place) {
  const tail = place % 100 >= 11 && place % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th");
  return `${place}${tail}`;
}

// Draws (or hides) the panel for `message`; `links` = { replay, lobby } addresses.
export function drawResults(message, ui, links) {
  let panel = document.getElementById("results");
  if (!message.is_over) {
    if (panel) panel.hidden = true;
    return;
  }
  const fresh = !panel;
  if (fresh) {  // the buttons are made once: a button added to them later (a rematch) stays
    panel = ui.el("section", { id: "results", "aria-label": "the results" },
      ui.el("div", { class: "results-body" }),
      ui.el("div", { class: "results-buttons" },
        ui.el("a", { class: "button", href: links.replay, id: "results-replay" }, "Replay"),
        ui.el("a", { class: "button", href: links.lobby, id: "results-lobby" }, "Back to the lobby")));
    document.querySelector("main").prepend(panel);
  }
  panel.hidden = false;
  const order = ranking(message);
  const won = message.winners.map((seat) => ui.seatName(seat, message.seat));
  const title = ui.el("h2", {}, `Game over — ${won.length ? `${won.join(" and ")} won` : "nobody won"}`);
  const places = ui.el("ol", { class: "ranking" }, ...order.map(({ seat, total, place, won: winner }) =>
    ui.el("li", { "data-seat": String(seat), "data-place": String(place) },
      ui.el("span", { class: "place" }, ordinal(place)), ui.seatBadge(seat, message.seat),
      ui.el("span", { class: "total" }, `${total} ${total === 1 ? "point" : "points"}`),
      winner ? ui.el("span", { class: "winner" }, " ★ won") : null)));
  // one sentence for the whole tie, or (when the game words it per seat) each seat's own
  const said = message.breakdown.map((entry, seat) => ({ seat, sentence: ui.named(entry.tiebreak) })).filter((t) => t.sentence);
  const shared = new Set(said.map((t) => t.sentence)).size === 1;
  const tiebreaks = shared ? [said[0].sentence] : said.map((t) => `${ui.seatName(t.seat, message.seat)}: ${t.sentence}`);
  const notes = scoreNotes(message.breakdown, ui.named);
  panel.querySelector(".results-body").replaceChildren(title, places,
    ...tiebreaks.map((sentence) => ui.el("p", { class: "tiebreak" }, `Tie-break: ${sentence}`)),
    comparison(message, order, ui),
    ...notes.map((note) => ui.el("p", { class: "score-note" }, note)));
  if (fresh) panel.scrollIntoView({ block: "start" });
}
