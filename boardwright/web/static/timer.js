// The turn timer: when the table has one, a countdown beside the status line of the time the seats
// to act have left (the server's `time_left` when the message was sent, counted down here: the
// page's clock need not agree with the server's). The last URGENT seconds are marked in words and
// style. When it runs out the server has a bot move for the person, and the log says so.

const URGENT = 10;  // seconds

function clock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const hours = Math.floor(minutes / 60);
  const ss = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes % 60).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

export function makeTimer(ui) {
  const element = ui.el("span", { id: "timer", role: "timer", "aria-live": "off" });
  element.hidden = true;
  document.getElementById("status").after(element);
  let ends = null;  // performance.now() at the deadline
  let whose = "";
  let mine = false;
  let ticking = null;
  const deadlines = new WeakMap();  // message -> performance.now() at its deadline

  function render() {
    const left = (ends - performance.now()) / 1000;
    const urgent = left <= URGENT;
    element.classList.toggle("urgent", urgent);
    element.dataset.left = String(Math.max(0, Math.ceil(left)));
    if (left <= 0) {
      element.textContent = `⏱ time is up: a bot moves for ${whose}`;
      clearInterval(ticking);
      ticking = null;
      return;
    }
    const rest = mine ? "left for your move" : `for ${whose}`;
    element.textContent = `⏱ ${clock(left)} ${rest}${urgent ? " — hurry!" : ""}`;
  }

  return {
    // Start counting from a message of the table (or stop: no timer, the game over).
    update(message) {
      clearInterval(ticking);
      ticking = null;
      if (message.time_left === undefined || message.time_left === null || message.is_over || !message.to_act.length) {
        element.hidden = true;
        return;
      }
      // counted from when the message came, however often it is drawn again (a piece selected)
      if (!deadlines.has(message)) deadlines.set(message, performance.now() + message.time_left * 1000);
      ends = deadlines.get(message);
      mine = message.seat !== null && message.to_act.includes(message.seat);
      whose = message.to_act.map((seat) => ui.seatName(seat, message.seat)).join(" and ");
      element.hidden = false;
      render();
      ticking = setInterval(render, 250);
    },
  };
}
