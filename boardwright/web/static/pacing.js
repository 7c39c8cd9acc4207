// Others' moves told one at a time. When the server pushes several new moments of the table at once
// (bots answering in a row, or a page that was in the background), the board steps through them:
// each is drawn in turn for STEP_MS, with the move that made it in a banner, the seat that made it
// marked in the scores, and the pieces its action names marked on the board. A "Skip" button, Esc
// or a click anywhere jumps to the latest moment; a setting (remembered in this browser) turns the
// stepping off. The player's own moves are never held back, and when the moment at the end of the
// queue is the player's turn the steps go quicker (TURN_STEP_MS), so a person is never kept
// waiting long: any click or key gets there at once.

export const STEP_MS = 800;
export const TURN_STEP_MS = 400;
const SETTING = "boardwright.step-through-moves";
const TOLD = "told";  // the class of what the current step marks

// The moves another seat made that a message tells (the engine's `acted`, and `timed_out`).
function othersMoves(message) {
  return message.events.filter((event) => event.kind === "acted" && event.seat !== message.seat);
}

// `host`: current() the message drawn now, take(message, draw) shows a message (draw false: only
// takes its events in, the next one is drawn), mark(action, cls) marks the pieces an action names,
// named(text) names the seats a text of the game mentions as people see them.
export function makePacing(host) {
  const queue = [];
  let timer = null;
  let telling = false;

  const toggle = document.createElement("input");
  toggle.type = "checkbox";
  toggle.id = "pacing-setting";
  toggle.checked = localStorage.getItem(SETTING) !== "off";
  toggle.addEventListener("change", () => {
    localStorage.setItem(SETTING, toggle.checked ? "on" : "off");
    if (!toggle.checked) skip();
  });
  const setting = document.createElement("label");
  setting.className = "pacing-setting";
  setting.append(toggle, " step through others' moves");

  const banner = document.createElement("div");
  banner.id = "told";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  const words = document.createElement("span");
  const skipButton = document.createElement("button");
  skipButton.type = "button";
  skipButton.textContent = "Skip ▶▶";
  skipButton.setAttribute("aria-label", "skip to the latest move (Esc)");
  banner.append(words, skipButton);
  document.querySelector("header").append(setting);
  document.getElementById("board").before(banner);

  function clearMarks() {
    for (const element of document.querySelectorAll(`.${TOLD}`)) element.classList.remove(TOLD);
    banner.hidden = true;
    telling = false;
    delete document.body.dataset.telling;
  }

  function tell(message) {
    const moves = othersMoves(message);
    for (const move of moves) {
      if (move.action) host.mark(move.action, TOLD);
      const row = document.querySelector(`#scores tbody[data-seat="${move.seat}"] .score-row`);
      if (row) row.classList.add(TOLD);
    }
    const more = queue.length ? ` (${queue.length} more)` : "";
    words.textContent = (moves.length ? moves.map((move) => host.named(move.text)).join(" · ") : "The table moved on") + more;
    banner.hidden = false;
    telling = true;
    document.body.dataset.telling = String(message.version);
  }

  function pace() {
    const last = queue.length ? queue[queue.length - 1] : null;
    const mine = last && last.seat !== null && last.to_act.includes(last.seat) && !last.is_over;
    return mine ? TURN_STEP_MS : STEP_MS;
  }

  function step() {
    timer = null;
    clearMarks();
    const message = queue.shift();
    if (!message) return;
    host.take(message, true);
    tell(message);
    timer = setTimeout(step, pace());
  }

  // Jump to the latest moment: the queued messages' events taken in, the last one drawn.
  function skip() {
    clearTimeout(timer);
    timer = null;
    const held = queue.splice(0);
    clearMarks();
    held.forEach((message, index) => host.take(message, index === held.length - 1));
  }

  skipButton.addEventListener("click", (event) => { event.stopPropagation(); skip(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && telling) skip();
  });
  // a click while moves are still waiting only skips (what it landed on is an old moment); a
  // click on the last moment told clears the marks and does what it does
  document.addEventListener("click", (event) => {
    if (!telling || event.target === toggle || setting.contains(event.target)) return;
    if (queue.length) { event.preventDefault(); event.stopPropagation(); }
    skip();
  }, true);

  return {
    // Whether `message` (pushed, not a reply to this page) is held to be told in turn; when not,
    // the caller shows it at once.
    holds(message) {
      if (!toggle.checked) return false;
      const latest = queue.length ? queue[queue.length - 1] : host.current();
      if (!latest) return false;  // the page's first moment
      if (message.version < latest.version) return queue.length > 0;
      if (message.version === latest.version) {
        if (!queue.length) return false;
        const known = new Set(latest.events.map((event) => event.seq));
        queue[queue.length - 1] = { ...message, events: [...latest.events, ...message.events.filter((e) => !known.has(e.seq))] };
        return true;
      }
      if (!othersMoves(message).length && !queue.length) return false;
      queue.push(message);
      if (timer === null) step();
      return true;
    },
    skip,
    // The version of the newest moment waiting to be told, or null.
    newest() { return queue.length ? queue[queue.length - 1].version : null; },
  };
}
