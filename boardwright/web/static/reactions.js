// Reaction windows passed for the player. A game may ask a seat whether it reacts (Makers of
// Universe's reaction windows: play an Action card or pass); the server then sends that seat the
// action that declines (`pass_action`). By default the page takes it for the player and says what
// it passed; a player who ticks "Ask me to react" is asked instead, and the game's drawing says
// what may be reacted to. The choice is kept in this browser, per table and seat.
//
// Passing here, in the page, keeps the server free of a per-seat setting; a player whose page is
// closed is covered by the table's turn timer, as for any other decision.

const ASK = "ask";
const PASS = "pass";

// `pass(action)` sends the pass (a promise of the answer's status; 409: another page of the seat
// moved first); `describe(message)` names what the window is about, in the
// game's words (the drawing's `reaction`), or null; `redraw()` draws the table again.
export function makeReactions({ table, pass, describe, redraw }) {
  let offered = false;   // the game has reaction windows (GET /api/games says so)
  let seat = null;
  let heldAt = null;     // the version at which the player is asked whatever the setting (after an undo)
  let passedAt = null;   // the version whose window the page passed (once)
  let passed = 0;
  let note = "";
  let control = null;

  const key = () => `boardwright.reactions.${table}.${seat}`;
  function setting() {
    try { return localStorage.getItem(key()) === ASK ? ASK : PASS; } catch { return PASS; }
  }
  function remember(value) {
    try { localStorage.setItem(key(), value); } catch { /* storage refused: the choice lasts this page */ }
  }

  function build() {
    const box = document.createElement("div");
    box.className = "reactions";
    const label = document.createElement("label");
    const tick = document.createElement("input");
    tick.type = "checkbox";
    tick.id = "ask-to-react";
    tick.addEventListener("change", () => {
      remember(tick.checked ? ASK : PASS);
      redraw();  // "pass for me" chosen while asked: the window is passed now
    });
    label.append(tick, " Ask me to react");
    const explain = document.createElement("span");
    explain.className = "reactions-mode";
    const said = document.createElement("p");
    said.id = "passed-for-you";
    said.setAttribute("aria-live", "polite");
    box.append(label, explain, said);
    return box;
  }

  return {
    offer(flag) { offered = Boolean(flag); },

    // Whether the decision in `message` is passed for the player (the page offers it no move).
    passing(message) {
      if (!offered || message.is_over || message.seat === null || !message.pass_action) return false;
      if (message.version === heldAt) return false;
      seat = message.seat;
      return setting() === PASS;
    },

    // After an undo the player is asked in the window it returns to, whatever the setting.
    hold(version) { heldAt = version; },

    // The player moved by themselves: what was passed before is old news.
    acted() { note = ""; },

    // After the table is drawn: take the pass if it is for the page to take, and show the toggle
    // in `where` (the "your move" section), before `before`.
    settle(message, where, before) {
      if (!offered || message.seat === null) return;
      seat = message.seat;
      if (this.passing(message) && passedAt !== message.version) {
        passedAt = message.version;
        passed += 1;
        const about = describe(message);
        note = `Passed for you${passed > 1 ? ` (${passed} so far)` : ""}: ${about || "a reaction window"}`;
        pass(message.pass_action).then((status) => {
          if (status !== 200 && status !== 409) { heldAt = message.version; redraw(); }  // not passed: ask
        });
      }
      if (control === null) {
        control = build();
        where.insertBefore(control, before);
      }
      const asks = setting() === ASK;
      control.querySelector("#ask-to-react").checked = asks;
      control.querySelector(".reactions-mode").textContent = asks
        ? " — you are asked in every reaction window you can play in."
        : " — off: reaction windows are passed for you.";
      control.querySelector("#passed-for-you").textContent = note;
    },
  };
}
