// The coach at the table: a "Hint" button for the person whose turn it is, at a table that allows
// hints (the message's `hints`). It asks the server (GET /api/tables/{t}/hint), shows "thinking…",
// then the search's best moves with their win chance and the why, and lights the pieces of the
// best move (`.hinted`, as ui.mark finds them) and its entry in the move list. The hint belongs to
// the moment it was asked at: the next version of the table clears it. No rules here: the moves,
// their chances and the words are the server's, their labels the menu's.
import { request } from "./api.js";

// "Label" of every action the menu offers (a choice inside a group: "Group — Choice").
function menuLabels(entries, into = new Map(), group = "") {
  for (const entry of entries || []) {
    if (entry.action !== undefined) into.set(entry.action, group ? `${group} — ${entry.label}` : entry.label);
    else menuLabels(entry.choices, into, group ? `${group} — ${entry.label}` : entry.label);
  }
  return into;
}

const percent = (win) => `${Math.round(win * 100)}%`;

export function makeCoach({ table, token, ui }) {
  const box = ui.el("div", { id: "coach", "aria-live": "polite" });
  const button = ui.button("Hint", () => ask());
  button.id = "hint-button";
  button.title = "Ask the search which move it rates best, and why";
  const answer = ui.el("div", { id: "hint-answer" });
  box.append(button, answer);
  let shown = null;  // the message the coach was last updated with
  let hint = null;  // the hint of shown's version, once answered
  let asking = null;  // the version a hint is being asked at

  function allowed(message) {
    return Boolean(message && message.hints && message.seat !== null && !message.is_over
      && message.to_act.includes(message.seat) && message.legal_actions.length);
  }

  async function ask() {
    const message = shown;
    if (!allowed(message) || asking === message.version) return;
    asking = message.version;
    button.disabled = true;
    answer.replaceChildren(ui.el("p", { class: "thinking" }, "thinking…"));
    const query = new URLSearchParams({ version: String(message.version) });
    if (token) query.set("token", token);
    const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/hint?${query}`);
    asking = null;
    button.disabled = false;
    if (!shown || shown.version !== message.version) return;  // the table moved on meanwhile
    if (status !== 200) {
      answer.replaceChildren(ui.el("p", { class: "error" }, ui.named((data && data.error) || `the server answered ${status}`)));
      return;
    }
    hint = data;
    draw();
  }

  function draw() {
    const labels = menuLabels(shown.menu);
    const label = (action) => ui.named(labels.get(action) || action);
    let why = hint.why;
    for (const move of hint.moves) why = why.split(`"${move.action}"`).join(`"${labels.get(move.action) || move.action}"`);
    const list = ui.el("ol", { class: "hint-moves" });
    for (const move of hint.moves) {
      list.append(ui.el("li", { "data-action": move.action },
        ui.el("span", { class: "hint-label" }, label(move.action)), " ",
        ui.el("span", { class: "hint-win" }, `wins ${percent(move.win)}`)));
    }
    answer.replaceChildren(list, ui.el("p", { class: "hint-why" }, ui.named(why)));
    light();
  }

  // The pieces of the best move, and its entry in the move list, marked (not by colour alone:
  // a dashed outline and the "best" badge of the list entry).
  function light() {
    if (!hint || !hint.moves.length) return;
    const best = hint.moves[0].action;
    ui.mark(best, "hinted");
    for (const entry of document.querySelectorAll("#actions [data-action]")) {
      if (entry.dataset.action === best) entry.classList.add("hinted");
    }
  }

  // After each drawing of the table: the button when a hint may be asked, the hint of this very
  // moment (its pieces lit again on the new drawing), nothing of an earlier one.
  return function update(message) {
    shown = message;
    if (hint && hint.version !== message.version) { hint = null; answer.replaceChildren(); }
    const may = allowed(message);
    button.hidden = !may;
    if (!may && !hint) answer.replaceChildren();
    const actions = document.getElementById("actions");
    if (box.parentElement === null && actions) actions.after(box);
    box.hidden = !may;
    if (hint) light();
  };
}
