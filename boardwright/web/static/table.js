// The table page: draws the seat's view with the game's own drawing (games/<id>.js), lets the
// player act by clicking the pieces an action concerns (the action list is the fallback), and
// explains itself with the catalog, the events and the score breakdown. It knows no rules: it
// reads what the server sends (view, legal actions, menu, events, breakdown) and the catalog.
import { follow, request } from "./api.js";
import { makeUi } from "./ui.js";

const parts = location.pathname.split("/");
const replaying = parts[parts.length - 1] === "replay";
const table = decodeURIComponent(replaying ? parts[parts.length - 2] : parts[parts.length - 1]);
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);
const NO_EVENTS = "999999999";  // a `since` past every event: an answer without the history

let current = null;  // the message drawn
let queued = null;  // a newer one, to be drawn at the next frame
let drawer = null;
let catalog = {};
const events = new Map();  // by seq: replies and pushes may carry the same event

const ui = makeUi({
  catalog: () => catalog,
  legal: () => (current && !replaying ? current.legal_actions : []),
  act: (action) => send("actions", { action }),
  redraw: () => current && draw(current),
});

async function loadGame(gameId) {
  if (drawer !== null) return;
  const { data } = await request("/api/games");
  const game = Array.isArray(data) ? data.find((g) => g.id === gameId) : null;
  catalog = game ? game.catalog : {};
  ui.gameName = game ? game.name : gameId;
  try {
    drawer = await import(`./games/${gameId}.js`);
  } catch {
    drawer = { draw: (board, message) => { board.textContent = JSON.stringify(message.view, null, 1); } };
  }
}

function statusLine(message) {
  const mine = message.seat !== null && message.to_act.includes(message.seat);
  if (message.is_over) {
    const won = message.winners.map((seat) => ui.seatName(seat, message.seat)).join(" and ");
    return { text: `Game over — ${won || "nobody"} won`, mine: false };
  }
  if (replaying) return { text: `Replay, seen by ${message.seat === null ? "a spectator" : ui.seatName(message.seat)}`, mine: false };
  if (mine) return { text: "Your turn", mine: true };
  return { text: `Waiting for ${message.to_act.map((seat) => ui.seatName(seat, message.seat)).join(", ")}`, mine: false };
}

function draw(message) {
  current = message;
  ui.viewer = message.seat;
  const status = statusLine(message);
  $("title").textContent = `${ui.gameName || message.game}` +
    (message.seat === null ? " · spectating" : ` · you are Seat ${message.seat}`);
  $("status").textContent = status.text;
  $("status").classList.toggle("yours", status.mine);
  document.body.classList.toggle("my-turn", status.mine);
  Object.assign(document.body.dataset, {  // for tests and assistive tools: the table's moment
    version: String(message.version), myTurn: status.mine ? "1" : "0", over: message.is_over ? "1" : "0",
  });
  document.title = (status.mine ? "● Your turn · " : "") + `${ui.gameName || message.game} · boardwright`;

  const board = $("board");
  if (!drawer.incremental) board.replaceChildren();  // a drawing that draws in place keeps what has not changed
  ui.beginDraw(message);
  try {
    drawer.draw(board, message, ui);
  } catch (failure) {
    console.warn("the game's drawing failed; showing the view as data", failure);
    board.textContent = JSON.stringify(message.view, null, 1);
  }
  ui.endDraw(board);

  drawActions(message);
  drawScores(message);
  drawEvents();
  $("view").textContent = JSON.stringify(message.view, null, 1);
}

function drawActions(message) {
  const actions = $("actions");
  actions.replaceChildren();
  $("hint").textContent = ui.hint();
  if (replaying) { actions.textContent = "A replay: step with the buttons above or the arrow keys."; return; }
  if (message.can_undo) {
    const undo = ui.button("Undo my last action", () => send("undo", {}));
    undo.id = "undo";
    actions.append(undo);
  }
  if (!message.legal_actions.length) {
    actions.append(message.is_over ? "The game is over." : "Nothing to do now.");
    return;
  }
  actions.append(menuList(message.menu.length ? message.menu : message.legal_actions.map((a) => ({ label: a, action: a }))));
}

function menuList(entries) {
  const list = document.createElement("ul");
  list.className = "menu";
  for (const entry of entries) {
    const item = document.createElement("li");
    if (entry.action !== undefined) {
      const button = ui.button(entry.label, () => send("actions", { action: entry.action }));
      button.dataset.action = entry.action;
      button.title = entry.action;
      item.append(button);
    } else {
      const group = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = entry.label;
      group.append(summary, menuList(entry.choices));
      item.append(group);
    }
    list.append(item);
  }
  return list;
}

function drawScores(message) {
  const scores = $("scores");
  scores.replaceChildren();
  const note = message.breakdown.length ? message.breakdown[0].note : "";  // what the scores are, as the game says
  if (note) scores.createCaption().textContent = note;
  message.breakdown.forEach((entry, seat) => {
    const row = scores.insertRow();
    const name = row.insertCell();
    name.append(ui.seatBadge(seat, message.seat));
    if (message.to_act.includes(seat) && !message.is_over) name.append(ui.el("span", { class: "to-act" }, " to act"));
    if (message.winners.includes(seat)) name.append(ui.el("span", { class: "winner" }, " ★ won"));
    const total = row.insertCell();
    total.className = "total";
    total.textContent = String(entry.total);
    row.insertCell().textContent = entry.lines.filter((line) => line.points).map((line) => `${line.label} ${line.points}`).join(", ")
      + (entry.tiebreak ? ` (tie-break: ${entry.tiebreak})` : "");
  });
}

// The last 200 events, in order. The list is updated in place: an item already shown stays (a
// list rebuilt on every move costs a layout of all its items), and it scrolls only when it grew.
const listed = new Map();  // seq -> its <li>
function drawEvents() {
  const list = $("events");
  const shown = [...events.values()].sort((a, b) => a.seq - b.seq).slice(-200);
  const wanted = new Set(shown.map((event) => event.seq));
  for (const [seq, item] of listed) {
    if (!wanted.has(seq)) { item.remove(); listed.delete(seq); }
  }
  let added = false;
  let next = list.firstElementChild;
  shown.forEach((event, index) => {
    let item = listed.get(event.seq);
    if (!item || item.textContent !== event.text || item.classList.contains("private") !== Boolean(event.private)) {
      if (item) item.remove();
      item = document.createElement("li");
      item.textContent = event.text;
      if (event.private) item.className = "private";
      listed.set(event.seq, item);
      added = true;
    }
    if (item === next) next = next.nextElementSibling;
    else list.insertBefore(item, next);
    item.classList.toggle("fresh", index >= shown.length - ui.freshEvents);
  });
  if (added) list.scrollTop = list.scrollHeight;
}

async function send(what, body) {
  if (!current || replaying) return;
  ui.busy(true);
  const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/${what}`,
    { token, version: current.version, since: heard(), ...body });
  ui.busy(false);
  $("error").textContent = status === 200 ? "" : data.error;
  if (status === 200 && data.version >= current.version) receive(data);
}

// How many of the seat's events this page has: they are numbered from 0 and arrive in order,
// so a reply or a push need carry only those from this number on.
function heard() {
  let count = 0;
  while (events.has(count)) count += 1;
  return count;
}

function receive(message) {
  const latest = queued || current;  // the newest message, drawn or about to be
  if (latest && message.version < latest.version) return;  // older than a reply already shown
  let fresh = 0;
  for (const event of message.events) {
    if (!events.has(event.seq)) fresh += 1;
    events.set(event.seq, event);
  }
  if (latest && message.version === latest.version && !fresh) {
    // the same moment (the push after a move's reply, a seat connecting): no redraw
    if (queued) queued = message; else current = message;
    return;
  }
  ui.freshEvents = queued ? ui.freshEvents + fresh
    : fresh || (current && message.version === current.version ? ui.freshEvents : 0);
  drawSoon(message);
}

// Messages that come in a burst (the bots' moves, each pushed) are drawn once, the newest, at the
// next frame: a draw per message laid the whole page out again for each.
function drawSoon(message) {
  if (queued === null) requestAnimationFrame(() => { const newest = queued; queued = null; draw(newest); });
  queued = message;
}

// ---------------------------------------------------------------- replays of finished games
let step = 0;
let total = 0;
let replaySeat = null;

let replayedSeat;  // whose events `events` holds

async function showStep(n) {
  if (replayedSeat !== replaySeat) events.clear();
  const query = new URLSearchParams({ step: String(n), since: String(heard()) });
  if (replaySeat !== null) query.set("seat", String(replaySeat));
  const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/replay?${query}`);
  if (status !== 200) { $("error").textContent = data.error; return; }
  replayedSeat = data.seat;
  step = data.step;
  total = data.steps;
  for (const seq of [...events.keys()]) if (seq >= data.event_count) events.delete(seq);  // a step back
  for (const event of data.events) events.set(event.seq, event);
  ui.freshEvents = data.fresh || 0;
  $("replay-step").textContent = `step ${step} of ${total}`;
  draw(data);
}

async function startReplay() {
  $("replay-bar").hidden = false;
  const first = await request(`/api/tables/${encodeURIComponent(table)}?since=${NO_EVENTS}`);
  if (first.status !== 200) { $("error").textContent = first.data.error; return; }
  await loadGame(first.data.game);
  const seats = $("replay-seat");
  seats.append(new Option("a spectator", ""));
  first.data.breakdown.forEach((_, seat) => seats.append(new Option(ui.seatName(seat), String(seat))));
  seats.addEventListener("change", () => { replaySeat = seats.value === "" ? null : Number(seats.value); showStep(step); });
  $("replay-first").addEventListener("click", () => showStep(0));
  $("replay-back").addEventListener("click", () => showStep(Math.max(0, step - 1)));
  $("replay-next").addEventListener("click", () => showStep(Math.min(total, step + 1)));
  $("replay-last").addEventListener("click", () => showStep(total));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowRight") showStep(Math.min(total, step + 1));
    if (event.key === "ArrowLeft") showStep(Math.max(0, step - 1));
  });
  await showStep(0);
}

if (replaying) {
  startReplay();
} else {
  const query = new URLSearchParams({ since: NO_EVENTS });  // the game's id; the socket brings the events
  if (token) query.set("token", token);
  const first = await request(`/api/tables/${encodeURIComponent(table)}?${query}`);
  if (first.status !== 200) {
    $("error").textContent = first.data.error;
  } else {
    await loadGame(first.data.game);
    follow(table, token, receive, (text) => {
      $("connection").textContent = text;
      document.body.dataset.connection = text === "connected" ? "connected" : "disconnected";
    });
  }
}
