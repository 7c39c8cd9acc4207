// The rematch of a finished table, in the results panel: a player offers it (or accepts it, once
// offered), the panel shows who has accepted, and the page moves to the new table once the player
// has taken their seat there (it starts when every person has).
import { request } from "./api.js";
import { creatorKey } from "./creator.js";

// host = { table, token, ui, report(status, data) }
export function makeRematch(host) {
  const { table, token, ui } = host;
  let button = null;
  let note = null;
  let moving = false;

  async function accept() {
    button.disabled = true;
    const offered = await request(`/api/tables/${encodeURIComponent(table)}/rematch`, { token });
    if (offered.status !== 200) { host.report(offered.status, offered.data); button.disabled = false; return; }
    const { table: next, seat } = offered.data;
    const taken = await request(`/api/tables/${encodeURIComponent(next)}/seats/${seat}/take`, { token });
    if (taken.status !== 200 && taken.status !== 409) { host.report(taken.status, taken.data); button.disabled = false; return; }
    try {  // the creator of this table has the controls of the next
      const creator = localStorage.getItem(creatorKey(table));
      if (creator) localStorage.setItem(creatorKey(next), creator);
    } catch { /* not kept */ }
    if (taken.status === 200) {
      moving = true;
      location.assign(taken.data.url);
    }
  }

  // Draws the button and who has accepted, for a finished table's `message`.
  return function draw(message) {
    const buttons = document.querySelector("#results .results-buttons");
    // a seat's page, reached by its token or by the session of the account that holds it
    if (!buttons || !message.is_over || message.seat === null) return;
    if (!button) {
      button = ui.button("Rematch", accept);
      button.id = "results-rematch";
      note = ui.el("p", { id: "rematch-note", role: "status" });
      buttons.append(button);
      buttons.after(note);
    }
    const offer = message.rematch;
    const accepted = offer ? offer.accepted : [];
    button.textContent = offer ? "Accept the rematch" : "Rematch";
    button.disabled = moving || accepted.includes(message.seat);
    note.textContent = offer
      ? `Rematch offered. Accepted: ${accepted.map((seat) => ui.seatName(seat, message.seat)).join(", ") || "nobody yet"}.`
      : "";
  };
}
