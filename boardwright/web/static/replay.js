// The replay of a finished game (/t/<table>/replay): any step, as any seat or a spectator saw it.
// A slider reaches every step; buttons and keys step one action, jump to the previous or next
// turn and round, or to the start and the end. Where a round or a turn begins is the game's own
// fact, sent by the server with every step (`marks`); this page only looks those steps up.
import { NO_EVENTS, request } from "./api.js";

const $ = (id) => document.getElementById(id);

// The keys, as the page lists them (#replay-keys).
const KEYS = "← → step · Shift+← → turn · PageUp PageDown round · Home End start, end";

// The address may name the moment to open at: #step=K&seat=N (with the token, if any), as the
// review's links do; a change of it on the page goes there.
// host: { table, token, events (Map by seq), heard(), loadGame(id), draw(message), seatName(seat),
//         meet(message) (takes in who sits where), own(seat) (the seat of the page's token),
//         report(status, data) (shows an error line, or clears it on success) }
export async function startReplay(host) {
  let shown = null;   // the answer drawn last
  let wanted = 0;     // the step asked for last
  let seat = null;    // whose eyes: null is a spectator
  let asking = false; // one request at a time; a newer wish is asked when it returns
  let marks = { rounds: [], turns: [] };
  const slider = $("replay-slider");

  async function fetchWanted() {
    if (asking) return;
    asking = true;
    try {
      while (!shown || shown.step !== wanted || shown.seat !== seat) {
        const step = wanted;
        const viewer = seat;
        if (shown && shown.seat !== viewer) host.events.clear();
        const query = new URLSearchParams({ step: String(step), since: String(host.heard()) });
        if (viewer !== null) query.set("seat", String(viewer));
        const { status, data } = await request(`/api/tables/${encodeURIComponent(host.table)}/replay?${query}`);
        host.report(status, data);
        if (status !== 200 && !shown && step !== 0) { wanted = 0; continue; }  // an address's step past the end
        if (status !== 200) { wanted = shown ? shown.step : 0; seat = shown ? shown.seat : viewer; break; }
        for (const seq of [...host.events.keys()]) if (seq >= data.event_count) host.events.delete(seq);  // a step back
        for (const event of data.events) host.events.set(event.seq, event);
        marks = data.marks || marks;
        shown = data;
        show(data);
      }
    } finally {
      asking = false;
    }
  }

  function show(data) {
    slider.max = String(data.steps);
    slider.value = String(data.step);
    slider.setAttribute("aria-valuetext", `step ${data.step} of ${data.steps}`);
    $("replay-step").textContent = `step ${data.step} of ${data.steps}`;
    $("replay-where").textContent = where(data.step);
    $("replay-seat").value = data.seat === null ? "" : String(data.seat);
    const jumps = { "replay-first": data.step > 0, "replay-back": data.step > 0,
                    "replay-round-back": before(marks.rounds) !== null, "replay-turn-back": before(marks.turns) !== null,
                    "replay-next": data.step < data.steps, "replay-last": data.step < data.steps,
                    "replay-round-next": after(marks.rounds) !== null, "replay-turn-next": after(marks.turns) !== null };
    for (const [id, possible] of Object.entries(jumps)) $(id).disabled = !possible;
    host.draw(data);
  }

  // "round 3 of 9 · turn 12 of 40": how many rounds and turns have begun by `step`.
  function where(step) {
    const parts = [];
    for (const [name, starts] of [["round", marks.rounds], ["turn", marks.turns]]) {
      const begun = starts.filter((start) => start <= step).length;
      if (starts.length) parts.push(begun ? `${name} ${begun} of ${starts.length}` : `before ${name} 1`);
    }
    return parts.join(" · ");
  }

  // The start of the round (turn) before the one being shown, or of this one when past its start.
  function before(starts) {
    const earlier = starts.filter((start) => start < wanted);
    return earlier.length ? earlier[earlier.length - 1] : null;
  }
  function after(starts) {
    const later = starts.find((start) => start > wanted);
    return later === undefined ? null : later;
  }

  function go(step) {
    if (step === null || !shown) return;
    wanted = Math.max(0, Math.min(shown.steps, step));
    fetchWanted();
  }
  const moves = {
    first: () => 0, back: () => wanted - 1, next: () => wanted + 1, last: () => shown.steps,
    roundBack: () => before(marks.rounds), roundNext: () => after(marks.rounds),
    turnBack: () => before(marks.turns), turnNext: () => after(marks.turns),
  };

  $("replay-bar").hidden = false;
  $("replay-keys").textContent = KEYS;
  const query = new URLSearchParams({ since: NO_EVENTS });
  if (host.token) query.set("token", host.token);
  const first = await request(`/api/tables/${encodeURIComponent(host.table)}?${query}`);
  host.report(first.status, first.data);
  if (first.status !== 200) return;
  await host.loadGame(first.data.game);
  seat = first.data.seat;  // with a seat's token the replay starts as that seat saw the game
  host.own(seat);
  host.meet(first.data);
  const players = first.data.breakdown.length;
  // the moment the address names (#step=K&seat=N), if any
  function named() {
    const asked = new URLSearchParams(location.hash.slice(1));
    const step = asked.get("step"), viewer = asked.get("seat");
    if (step !== null && /^\d{1,7}$/.test(step)) wanted = Number(step);
    if (viewer !== null && /^\d{1,3}$/.test(viewer) && Number(viewer) < players) seat = Number(viewer);
  }
  named();
  window.addEventListener("hashchange", () => {
    named();
    if (shown) wanted = Math.min(wanted, shown.steps);
    fetchWanted();
  });
  const seats = $("replay-seat");
  seats.append(new Option("a spectator", ""));
  first.data.breakdown.forEach((_, number) => seats.append(new Option(host.seatName(number), String(number))));
  seats.value = seat === null ? "" : String(seat);
  seats.addEventListener("change", () => { seat = seats.value === "" ? null : Number(seats.value); fetchWanted(); });
  slider.addEventListener("input", () => go(Number(slider.value)));
  for (const [id, move] of [["replay-first", "first"], ["replay-back", "back"], ["replay-next", "next"],
                            ["replay-last", "last"], ["replay-round-back", "roundBack"],
                            ["replay-round-next", "roundNext"], ["replay-turn-back", "turnBack"],
                            ["replay-turn-next", "turnNext"]]) {
    $(id).addEventListener("click", () => go(moves[move]()));
  }
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = {
      ArrowLeft: event.shiftKey ? "turnBack" : "back", ArrowRight: event.shiftKey ? "turnNext" : "next",
      PageUp: "roundBack", PageDown: "roundNext", Home: "first", End: "last",
    }[event.key];
    if (!move) return;
    event.preventDefault();  // the slider, when focused, would move by its own steps too
    go(moves[move]());
  });
  await fetchWanted();
}
