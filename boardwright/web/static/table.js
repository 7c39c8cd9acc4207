// The table page: draws the seat's view with the game's own drawing (games/<id>.js), lets the
// player act by clicking the pieces an action concerns (the action list is the fallback), and
// explains itself with the catalog, the events and the score breakdown. It knows no rules: it
// reads what the server sends (view, legal actions, menu, events, breakdown) and the catalog.
import { follow, request } from "./api.js";
import { makeReactions } from "./reactions.js";
import { makeUi } from "./ui.js";
import { drawScores } from "./scores.js";
import { drawResults } from "./results.js";
import { makeTimer } from "./timer.js";
import { makePacing } from "./pacing.js";

const parts = location.pathname.split("/");
const replaying = parts[parts.length - 1] === "replay";
const table = decodeURIComponent(replaying ? parts[parts.length - 2] : parts[parts.length - 1]);
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);
const NO_EVENTS = "999999999";  // a `since` past every event: an answer without the history

let current = null;
let drawer = null;
let catalog = {};
const events = new Map();  // by seq: replies and pushes may carry the same event

const ui = makeUi({
  catalog: () => catalog,
  legal: () => (current && !replaying && !reactions.passing(current) ? current.legal_actions : []),
  act: (action) => send("actions", { action }),
  actAll: (actions) => sendAll(actions),
  redraw: () => current && draw(current),
});
const timer = makeTimer(ui);
const pacing = replaying ? null : makePacing({
  current: () => current,
  take,
  mark: (action, className) => ui.mark(action, className),
});
// where the results panel of a finished game leads: its replay (as this seat, with its token) and the lobby
const links = { replay: `/t/${encodeURIComponent(table)}/replay${token ? `#token=${encodeURIComponent(token)}` : ""}`, lobby: "/" };
const reactions = makeReactions({
  table,
  pass: (action) => send("actions", { action }, true),
  describe: (message) => (drawer && drawer.reaction ? drawer.reaction(message, ui) : null),
  redraw: () => current && draw(current),
});

async function loadGame(gameId) {
  if (drawer !== null) return;
  const { data } = await request("/api/games");
  const game = Array.isArray(data) ? data.find((g) => g.id === gameId) : null;
  catalog = game ? game.catalog : {};
  reactions.offer(Boolean(game && game.reactions) && !replaying);
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
  if (mine && reactions.passing(message)) return { text: "Passing a reaction for you", mine: false };
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
  board.replaceChildren();
  ui.beginDraw(message);
  const passing = reactions.passing(message);  // the drawing offers no move while the page passes
  try {
    drawer.draw(board, passing ? { ...message, legal_actions: [], menu: [], passing } : message, ui);
  } catch (failure) {
    console.warn("the game's drawing failed; showing the view as data", failure);
    board.textContent = JSON.stringify(message.view, null, 1);
  }
  ui.endDraw(board);

  drawActions(message);
  drawScores($("scores"), message, ui);
  if (!replaying) drawResults(message, ui, links);
  timer.update(message);
  drawEvents();
  $("view").textContent = JSON.stringify(message.view, null, 1);
  reactions.settle(message, $("hint").parentElement, $("hint"));
}

function drawActions(message) {
  const actions = $("actions");
  actions.replaceChildren();
  $("hint").textContent = ui.hint();
  if (replaying) { actions.textContent = "A replay: step with the buttons above or the arrow keys."; return; }
  if (reactions.passing(message)) { actions.textContent = "Passing this reaction window for you…"; return; }
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

function drawEvents() {
  const list = $("events");
  list.replaceChildren();
  const shown = [...events.values()].sort((a, b) => a.seq - b.seq).slice(-200);
  shown.forEach((event, index) => {
    const item = document.createElement("li");
    item.textContent = event.text;
    if (event.private) item.className = "private";
    if (index >= shown.length - ui.freshEvents) item.classList.add("fresh");
    list.append(item);
  });
  list.scrollTop = list.scrollHeight;
}

// `byPage`: the page passes a reaction window for the player (a 409 then means another page of
// the seat passed it first, and the push brings the table).
async function send(what, body, byPage = false) {
  if (!current || replaying) return 0;
  if (what === "undo") reactions.hold(current.version + 1);  // asked again in a window the undo returns to
  if (!byPage) reactions.acted();
  ui.busy(true);
  const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/${what}`,
    { token, version: current.version, since: heard(), ...body });
  ui.busy(false);
  if (!(byPage && status === 409)) $("error").textContent = status === 200 ? "" : data.error;
  if (status === 200 && data.version >= current.version) { pacing.skip(); take(data); }
  return status;
}

// Several moves in a row (a payment's steps): each sent when the one before is answered, the
// first refused stops them (its error shown); the table is drawn once, as the last answer left it.
let sending = false;
const held = { message: null, fresh: 0 };

async function sendAll(actions) {
  if (!current || replaying || sending) return;
  sending = true;
  ui.busy(true);
  document.body.classList.add("sending");
  let error = "";
  for (const action of actions) {
    const version = held.message ? held.message.version : current.version;
    const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/actions`,
      { token, version, since: heard(), action });
    if (status !== 200) { error = `${action}: ${data.error}`; break; }
    pacing.skip();  // the player's own replies are never told in turn
    take(data);
  }
  sending = false;
  ui.busy(false);
  document.body.classList.remove("sending");
  const { message, fresh } = held;
  Object.assign(held, { message: null, fresh: 0 });
  $("error").textContent = error;
  if (message) { ui.freshEvents = fresh; draw(message); } else if (current) draw(current);
}

// How many of the seat's events this page has: they are numbered from 0 and arrive in order,
// so a reply or a push need carry only those from this number on.
function heard() {
  let count = 0;
  while (events.has(count)) count += 1;
  return count;
}

// A pushed moment of the table: shown at once, or told in turn with others (pacing.js).
function receive(message) {
  if (!pacing.holds(message)) take(message);
}

// Shows a moment of the table (`drawIt` false: takes its events in and leaves the drawing to the next).
function take(message, drawIt = true) {
  if (current && message.version < current.version) return;  // older than a reply already shown
  let fresh = 0;
  for (const event of message.events) {
    if (!events.has(event.seq)) fresh += 1;
    events.set(event.seq, event);
  }
  if (sending) {  // a sequence of moves is drawn once, at its end
    held.fresh += fresh;
    if (!held.message || message.version >= held.message.version) held.message = message;
    return;
  }
  if (current && message.version === current.version && !fresh) {
    current = message;  // the moment already drawn (the push after a move's reply, a seat connecting): no redraw
    return;
  }
  ui.freshEvents = fresh || (current && message.version === current.version ? ui.freshEvents : 0);
  if (drawIt) draw(message); else current = message;
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
