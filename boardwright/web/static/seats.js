// The players beside the board: one line per seat, in seat order: its colour and name (ui.seatName:
// the person's name, else "Seat N" counted from 1; "(you)" for the viewer), a badge with the
// bot's level when a bot plays the seat ("bot · heuristic": from the seat's `bot`, never from a
// name), and for a person's seat whether a page of it is open ("connected" or "away", in words
// beside the dot, so nothing rests on colour alone). Updated from every message, pushes that
// change nothing but who is connected included.

// The bot badge of a seat entry, or null for a person playing it.
export function botBadge(entry, el) {
  if (!entry || !entry.bot) return null;
  return el("span", { class: "bot-badge", "data-bot": entry.bot, title: `a bot (${entry.bot}) plays this seat` },
    `bot · ${entry.bot}`);
}

// Whether the person of a seat is at the table: a dot and its word.
export function presence(entry, el) {
  if (!entry || entry.kind !== "human") return null;
  const word = entry.connected ? "connected" : "away";
  return el("span", { class: `presence ${word}`, "data-connected": entry.connected ? "1" : "0" },
    el("span", { class: "presence-dot", "aria-hidden": "true" }, entry.connected ? "●" : "○"), ` ${word}`);
}

export function makeSeatList(ui) {
  const list = ui.el("ul", { class: "seat-list", id: "seat-list" });
  const section = ui.el("section", { "aria-label": "the players" }, ui.el("h2", {}, "Players"), list);
  document.getElementById("scores").closest("section").before(section);
  let drawn = "";

  return {
    update(message) {
      if (!Array.isArray(message.seats)) return;
      const viewer = ui.replaying ? null : message.seat;
      const key = JSON.stringify([message.seats, viewer]);
      if (key === drawn) return;
      drawn = key;
      list.replaceChildren(...message.seats.map((entry) => ui.el("li", { "data-seat": String(entry.seat) },
        ui.seatBadge(entry.seat, viewer), botBadge(entry, ui.el), presence(entry, ui.el))));
    },
  };
}
