// The table's place in the lobby, on the table page: a closed table says why; a table that waits
// for players shows who has joined and its free seats (a visitor may take one); and the creator
// (the page knows the creator token: the lobby kept it in this browser) has the controls: start
// the table (a bot in each free seat), hand a person's seat to a bot and back, cancel the table.
import { request } from "./api.js";

export const NAME_KEY = "boardwright.name";
export const creatorKey = (table) => `boardwright.creator.${table}`;

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

// host = { table, token, ui, report(status, data) }
export function makeLobbyPanel(host) {
  const { table, ui } = host;
  const creator = stored(creatorKey(table));
  const path = (what) => `/api/tables/${encodeURIComponent(table)}/${what}`;
  let panel = null;
  let nameInput = null;  // made once: a push redraws the panel, and must not lose what is typed
  let cancelArmed = false;  // cancelling is asked twice

  async function post(what, body) {
    const { status, data } = await request(path(what), body);
    host.report(status, data);
    return { status, data };
  }

  async function take(seat, nameInput) {
    const name = nameInput.value.trim() || stored(NAME_KEY) || "";
    if (!name) { host.report(422, { error: "Write your name first: the table shows it to the others." }); nameInput.focus(); return; }
    const { status, data } = await post(`seats/${seat}/take`, { name });
    if (status !== 200) return;
    try { localStorage.setItem(NAME_KEY, name); } catch { /* not remembered */ }
    location.replace(data.url);
    location.reload();  // the same page, now as the seat: its token is in the address
  }

  function seatLine(message, entry) {
    const free = message.free.includes(entry.seat);
    const who = ui.el("span", { class: "lobby-seat-name" }, free ? "free" : entry.kind === "human" ? ui.seatName(entry.seat, message.seat) : `${entry.kind} bot`);
    const item = ui.el("li", { "data-seat": String(entry.seat), class: free ? "free" : "taken" },
      ui.el("strong", {}, `${ui.seatName(entry.seat, null)}: `), who);
    return { item, free };
  }

  function waiting(message) {
    if (!nameInput) {
      nameInput = ui.el("input", { id: "lobby-name", maxlength: "24", autocomplete: "nickname" });
      nameInput.value = stored(NAME_KEY) || "";
    }
    const visitor = message.seat === null && message.visibility === "open";
    const list = ui.el("ul", { class: "lobby-seats" });
    for (const entry of message.seats) {
      const { item, free } = seatLine(message, entry);
      if (free && visitor) {
        const button = ui.button("Take this seat", () => take(entry.seat, nameInput));
        button.classList.add("take-seat");
        item.append(" ", button);
      }
      list.append(item);
    }
    const count = message.free.length;
    return [ui.el("p", {}, `Waiting for players: ${count} ${count === 1 ? "seat is" : "seats are"} free. `
      + "The game starts when every seat is taken, or when the table's creator starts it."),
    list, visitor ? ui.el("label", {}, "Your name ", nameInput) : null];
  }

  function controls(message) {
    const buttons = [];
    if (!message.started) {
      const start = ui.button("Start now (bots in the free seats)", () => post("start", { token: creator }));
      start.id = "creator-start";
      buttons.push(start);
    } else if (!message.is_over) {
      for (const entry of message.seats) {
        if (entry.kind !== "human") continue;
        const handed = entry.played_by !== "human";
        const button = ui.button(handed ? `Give ${ui.seatName(entry.seat, message.seat)} back to its player`
          : `Hand ${ui.seatName(entry.seat, message.seat)} to a bot`,
        () => post(`seats/${entry.seat}`, { token: creator, kind: handed ? "human" : "heuristic" }));
        button.classList.add("creator-hand");
        button.dataset.seat = String(entry.seat);
        buttons.push(button);
      }
    }
    if (!message.is_over) {
      const cancel = ui.button(cancelArmed ? "Really cancel the table for everyone?" : "Cancel the table", () => {
        if (cancelArmed) { cancelArmed = false; post("cancel", { token: creator }); return; }
        cancelArmed = true;
        cancel.textContent = "Really cancel the table for everyone?";
        setTimeout(() => { cancelArmed = false; cancel.textContent = "Cancel the table"; }, 5000);
      });
      cancel.id = "creator-cancel";
      buttons.push(cancel);
    }
    return buttons.length ? ui.el("div", { class: "creator-controls", role: "group", "aria-label": "the creator's controls" },
      ui.el("h3", {}, "You created this table"), ...buttons) : null;
  }

  // What the panel shows of a message: it is built again only when that changes (the moves of
  // bots push messages many times a second, and a button rebuilt under a click is never clicked).
  let drawnFor = "";
  function shows(message) {
    return JSON.stringify([message.closed, message.started, message.is_over, message.seat, message.visibility,
      message.free, message.seats.map((entry) => [entry.name, entry.kind, entry.played_by])]);
  }

  // Draws (or hides) the panel for `message`.
  return function draw(message) {
    const shown = message.closed || !message.started || (creator && !message.is_over);
    if (!shown) { if (panel) panel.hidden = true; drawnFor = ""; return; }
    const now = shows(message);
    if (panel && !panel.hidden && now === drawnFor) return;
    drawnFor = now;
    if (!panel) {
      panel = ui.el("section", { id: "lobby-panel", "aria-label": "the table's seats" });
      document.querySelector("aside").prepend(panel);
    }
    panel.hidden = false;
    if (message.closed) {
      panel.replaceChildren(ui.el("h2", {}, "This table is closed"), ui.el("p", { class: "closed-reason" }, message.closed));
      return;
    }
    panel.replaceChildren(ui.el("h2", {}, message.started ? "The table" : "Waiting for players"),
      ...(message.started ? [] : waiting(message)), creator ? controls(message) : null);
  };
}
