// The table page: draws the seat's view with the game's own drawing (games/<id>.js), lets the
// player act by clicking the pieces an action concerns (the action list is the fallback), and
// explains itself with the catalog, the events and the score breakdown. It knows no rules: it
// reads what the server sends (view, legal actions, menu, events, breakdown) and the catalog.
import { NO_EVENTS, follow, request } from "./api.js";
import { makeReactions } from "./reactions.js";
import { remember } from "./remembered.js";
import { startReplay } from "./replay.js";
import { makeUi } from "./ui.js";
import { drawScores } from "./scores.js";
import { drawResults } from "./results.js";
import { makeTimer } from "./timer.js";
import { makePacing } from "./pacing.js";
import { makeChat } from "./chat.js";
import { makeLobbyPanel } from "./creator.js";
import { makeRematch } from "./rematch.js";
import { makeNotices, turnTitle } from "./notify.js";
import { makeSeatList } from "./seats.js";
import { makeCoach } from "./hint.js";
import { makeReview } from "./review.js";

const parts = location.pathname.split("/");
const replaying = parts[parts.length - 1] === "replay";
const table = decodeURIComponent(replaying ? parts[parts.length - 2] : parts[parts.length - 1]);
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);

let current = null;  // the message drawn
let queued = null;  // a newer one, to be drawn at the next frame
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
ui.replaying = replaying;
const timer = makeTimer(ui);
const seatList = makeSeatList(ui);
const pacing = replaying ? null : makePacing({
  current: () => current,
  take,
  mark: (action, className) => ui.mark(action, className),
  named: (text) => ui.named(text),
});
const notices = makeNotices({ table, mine: (message) => statusLine(message).mine, game: () => ui.gameName });
// where the results panel of a finished game leads: its replay (as this seat, with its token) and the lobby
const links = { replay: `/t/${encodeURIComponent(table)}/replay${token ? `#token=${encodeURIComponent(token)}` : ""}`, lobby: "/" };
const lobbyPanel = makeLobbyPanel({ table, token, ui, report: (status, data) => report(status, data) });
const rematch = makeRematch({ table, token, ui, report: (status, data) => report(status, data) });
const chat = replaying ? null : makeChat({ table, token, ui });
const coach = replaying ? null : makeCoach({ table, token, ui });
let ownSeat = null;  // the seat of the page's token (a replay is viewed as any seat)
const review = makeReview({
  table, token, ui, replaying, own: () => ownSeat,
  replayLink: (step, seat) => `/t/${encodeURIComponent(table)}/replay#${new URLSearchParams({ ...(token ? { token } : {}), step, seat })}`,
});
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
  $("rules-link").href = `/rules/${encodeURIComponent(gameId)}`;  // opens in a new tab
  $("rules-link").hidden = false;
  try {
    drawer = await import(`./games/${gameId}.js`);
  } catch {
    drawer = { draw: (board, message) => { board.textContent = JSON.stringify(message.view, null, 1); } };
  }
}

function statusLine(message) {
  const mine = !replaying && message.seat !== null && message.to_act.includes(message.seat);
  const named = (seats) => seats.map((seat) => ui.seatName(seat, replaying ? null : message.seat));  // a replay has no "you"
  if (message.is_over) return { text: `Game over — ${named(message.winners).join(" and ") || "nobody"} won`, mine: false };
  const acting = named(message.to_act).join(", ");
  if (replaying) return { text: `Replay: ${acting} to act`, mine: false };
  if (mine && reactions.passing(message)) return { text: "Passing a reaction for you", mine: false };
  if (mine) return { text: "Your turn", mine: true };
  if (message.seat === null) return { text: `Watching: ${acting} to act`, mine: false };
  return { text: `Waiting for ${acting}`, mine: false };
}

// Whose eyes the page shows the table through, for the header: a replay is viewed as a seat (or a
// spectator); live, a player is that seat and a spectator is watching.
function whose(seat) {
  if (replaying) return `replay, viewing as ${seat === null ? "a spectator" : ui.seatName(seat, null)}`;
  return seat === null ? "watching" : `you are ${ui.seatLabel(seat)}`;
}

function draw(message) {
  current = message;
  ui.viewer = message.seat;
  meet(message);
  const status = statusLine(message);
  $("title").textContent = `${ui.gameName || message.game} · ${whose(message.seat)}`;
  $("status").textContent = status.text;
  $("status").classList.toggle("yours", status.mine);
  document.body.classList.toggle("my-turn", status.mine);
  Object.assign(document.body.dataset, {  // for tests and assistive tools: the table's moment
    version: String(message.version), myTurn: status.mine ? "1" : "0", over: message.is_over ? "1" : "0",
  });
  document.title = turnTitle(status.mine, ui.gameName || message.game);

  const board = $("board");
  if (!drawer.incremental) board.replaceChildren();  // a drawing that draws in place keeps what has not changed
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
  if (coach) coach(message);
  drawScores($("scores"), message, ui);
  if (!replaying) { drawResults(message, ui, links); rematch(message); lobbyPanel(message); }
  review(message);
  timer.update(message);
  drawEvents();
  $("view").textContent = JSON.stringify(message.view, null, 1);
  reactions.settle(message, $("hint").parentElement, $("hint"));
  if (chat) chat.update(message);
}

function drawActions(message) {
  const actions = $("actions");
  actions.replaceChildren();
  $("hint").textContent = ui.hint();
  $("move-title").textContent = replaying ? "Replay" : message.seat === null ? "Watching" : "Your move";
  if (replaying) { actions.textContent = "A replay: move the slider, or use the buttons or keys above."; return; }
  if (message.seat === null) { actions.textContent = message.is_over ? "The game is over." : "You are watching this table."; return; }
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
      const button = ui.button(ui.named(entry.label), () => send("actions", { action: entry.action }));
      button.dataset.action = entry.action;
      button.title = entry.action;
      item.append(button);
    } else {
      const group = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = ui.named(entry.label);
      group.append(summary, menuList(entry.choices));
      item.append(group);
    }
    list.append(item);
  }
  return list;
}

// The last 200 events, each numbered as the server numbers it (seq + 1), those of the actions an
// undo took back struck through. The list is updated in place: an item already shown stays (a list
// rebuilt on every move costs a layout of all its items), and it scrolls only when it grew.
const listed = new Map();  // seq -> its <li>
function drawEvents() {
  const list = $("events");
  const told = [...events.values()].sort((a, b) => a.seq - b.seq);
  const takenBack = undoneEvents(told);
  const shown = told.slice(-200);
  const wanted = new Set(shown.map((event) => event.seq));
  for (const [seq, item] of listed) {
    if (!wanted.has(seq)) { item.remove(); listed.delete(seq); }
  }
  let added = false;
  let next = list.firstElementChild;
  shown.forEach((event, index) => {
    let item = listed.get(event.seq);
    const struck = takenBack.has(event.seq);
    const text = ui.named(event.text);
    if (!item || item.textContent !== text || item.classList.contains("taken-back") !== struck
        || item.classList.contains("private") !== Boolean(event.private)) {
      if (item) {  // told again differently (another seat's eyes in a replay, an undo): built anew
        if (item === next) next = item.nextElementSibling;
        item.remove();
      }
      item = document.createElement("li");
      item.value = event.seq + 1;
      if (struck) {
        item.append(ui.el("del", {}, text));
        item.classList.add("taken-back");
        item.title = "taken back";
      } else {
        item.textContent = text;
      }
      if (event.private) item.classList.add("private");
      listed.set(event.seq, item);
      added = true;
    }
    if (item === next) next = next.nextElementSibling;
    else list.insertBefore(item, next);
    item.classList.toggle("fresh", index >= shown.length - ui.freshEvents);
  });
  if (added) list.scrollTop = list.scrollHeight;
}

// The seqs of the events an undo took back: an `undone` event's step is the length of the log it
// went back to, and every event told before it with a higher step belonged to an action taken back.
// Steps rise with the actions and fall only at an undo, so the search back from an `undone` stops
// at the first event of a step it kept (anything before that an earlier undo took back already).
function undoneEvents(told) {
  const taken = new Set();
  told.forEach((event, index) => {
    if (event.kind !== "undone") return;
    for (let back = index - 1; back >= 0 && told[back].step > event.step; back -= 1) taken.add(told[back].seq);
  });
  return taken;
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
  if (!(byPage && status === 409)) report(status, data);
  if (status === 200 && data.version >= current.version) {
    const waiting = pacing.newest();
    // others' moves pushed after this one (its answer came last) go on being told; else it is drawn now
    if (waiting !== null && waiting > data.version) take(data, false);
    else { pacing.skip(); take(data); }
  }
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
  $("error").textContent = ui.named(error);  // a refused step's line, or cleared: every step succeeded
  if (message) { ui.freshEvents = fresh; draw(message); } else if (current) draw(current);
}

// The page's one error line: a refusal's one line, cleared by the next answer that succeeds.
function report(status, data) {
  $("error").textContent = status === 200 ? "" : ui.named((data && data.error) || `the server answered ${status}`);
}

// How many of the seat's events this page has: they are numbered from 0 and arrive in order,
// so a reply or a push need carry only those from this number on.
function heard() {
  let count = 0;
  while (events.has(count)) count += 1;
  return count;
}

// Who sits where and who is connected, from the newest message heard (an older moment told in
// turn later by the pacing, or a replay's step, does not bring back who was connected then).
let seatsAt = -1;
function meet(message) {
  if (!replaying && message.version < seatsAt) return;
  seatsAt = message.version;
  ui.meet(message);
  seatList.update(message);
}

// A pushed moment of the table: shown at once, or told in turn with others (pacing.js).
function receive(message) {
  notices.take(message);  // at once, whether the moves before it are stepped through or not
  meet(message);  // who sits where, and who is connected, is shown at once, whatever the pacing
  if (!pacing.holds(message)) take(message, "soon");
}

// Shows a moment of the table. `drawing`: true draws it now, "soon" at the next frame (a burst of
// pushes, the bots' moves, is drawn once, the newest), false takes its events in and leaves the
// drawing to the next message.
function take(message, drawing = true) {
  const latest = queued || current;  // the newest message, drawn or about to be
  if (latest && message.version < latest.version) return;  // older than a reply already shown
  notices.take(message);  // drawn at the next frame, which a hidden page may not get soon: told now
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
  if (latest && message.version === latest.version && !fresh) {
    // the same moment (the push after a move's reply, a seat connecting): no redraw, but of the
    // seats' panel and the rematch (a seat taken, the table started, a rematch accepted)
    if (queued) queued = message; else current = message;
    if (!replaying) { lobbyPanel(message); rematch(message); }
    return;
  }
  ui.freshEvents = queued ? ui.freshEvents + fresh
    : fresh || (current && message.version === current.version ? ui.freshEvents : 0);
  if (drawing === "soon") { drawSoon(message); return; }
  queued = null;
  if (drawing) draw(message); else current = message;
}

function drawSoon(message) {
  if (queued === null) requestAnimationFrame(() => { const newest = queued; queued = null; if (newest) draw(newest); });
  queued = message;
}

if (replaying) {
  startReplay({ table, token, events, heard, loadGame, draw, report, meet: (message) => ui.meet(message),
                own: (seat) => { ownSeat = seat; },
                seatName: (seat) => ui.seatName(seat, null) });
} else {
  const query = new URLSearchParams({ since: NO_EVENTS });  // the game's id; the socket brings the events
  if (token) query.set("token", token);
  const first = await request(`/api/tables/${encodeURIComponent(table)}?${query}`);
  report(first.status, first.data);
  if (first.status === 200) {
    const seat = first.data.seat;
    ownSeat = seat;
    if (token && seat !== null) {  // a guest's seat, for "My games" in the lobby
      remember({ table, seat, token, game: first.data.game, name: first.data.seats[seat]?.name ?? null });
    }
    await loadGame(first.data.game);
    follow(table, token, receive, (text) => {
      $("connection").textContent = text;
      document.body.dataset.connection = text === "connected" ? "connected" : "disconnected";
    }, (lines) => chat.receive(lines));
  }
}
