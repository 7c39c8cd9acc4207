// The scores panel beside the board: one row per seat (its badge, whether it is to act or won, its
// total), and under each a small list of the lines its score is made of (the game's
// score_breakdown: label and points), opened and closed by clicking the row. What is open stays
// open across redraws.

const opened = new Set();  // the seats whose breakdown is open

// The breakdown lines of one seat as a list of (label, points); a line's detail, if any, beside it.
export function breakdownList(entry, ui) {
  const list = ui.el("ul", { class: "breakdown" });
  for (const line of entry.lines) {
    list.append(ui.el("li", {},
      ui.el("span", { class: "line-label" }, ui.named(line.label),
        line.detail ? ui.el("small", { class: "line-detail" }, ` ${ui.named(line.detail)}`) : null),
      ui.el("span", { class: "line-points" }, signed(line.points))));
  }
  return list;
}

// Points as a person writes them on a score pad: "+3", "−2", "0".
export function signed(points) {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${-points}`;
  return "0";
}

// The notes the game gives about its scores (e.g. that a running score is a projection), once each,
// with the seats they mention named as people see them (`named`: ui.named).
export function scoreNotes(breakdown, named) {
  return [...new Set(breakdown.map((entry) => entry.note).filter((note) => typeof note === "string" && note))]
    .map(named);
}

export function drawScores(table, message, ui) {
  table.replaceChildren();
  const notes = scoreNotes(message.breakdown, ui.named);
  if (notes.length) table.append(ui.el("caption", { class: "score-note" }, notes.join(" ")));
  table.append(ui.el("thead", {}, ui.el("tr", {},
    ui.el("th", { scope: "col" }, "Seat"), ui.el("th", { scope: "col", class: "total" }, "Points"))));
  message.breakdown.forEach((entry, seat) => {
    const body = ui.el("tbody", { "data-seat": String(seat) });
    const linesId = `score-lines-${seat}`;
    const isOpen = opened.has(seat);
    const toggle = ui.el("button", { type: "button", class: "score-toggle", "aria-expanded": String(isOpen),
      "aria-controls": linesId, "aria-label": `the points of ${ui.seatName(seat, message.seat)}, line by line` },
    isOpen ? "▾" : "▸");
    const name = ui.el("th", { scope: "row" }, toggle, ui.seatBadge(seat, message.seat));
    if (message.to_act.includes(seat) && !message.is_over) name.append(ui.el("span", { class: "to-act" }, " to act"));
    if (message.winners.includes(seat)) name.append(ui.el("span", { class: "winner" }, " ★ won"));
    const row = ui.el("tr", { class: "score-row" }, name, ui.el("td", { class: "total" }, String(entry.total)));
    const lines = ui.el("td", { colspan: "2" }, breakdownList(entry, ui),
      entry.tiebreak ? ui.el("p", { class: "tiebreak" }, `Tie-break: ${ui.named(entry.tiebreak)}`) : null);
    const detail = ui.el("tr", { class: "score-lines", id: linesId }, lines);
    detail.hidden = !isOpen;
    const flip = () => {
      if (opened.has(seat)) opened.delete(seat); else opened.add(seat);
      const nowOpen = opened.has(seat);
      detail.hidden = !nowOpen;
      toggle.setAttribute("aria-expanded", String(nowOpen));
      toggle.textContent = nowOpen ? "▾" : "▸";
    };
    row.addEventListener("click", (event) => { event.stopPropagation(); flip(); });
    body.append(row, detail);
    table.append(body);
  });
}
