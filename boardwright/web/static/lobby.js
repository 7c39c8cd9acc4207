// The lobby: create a table (game, its options, players, a person or a bot level per seat, your
// name, private or open, a timer), hand out the links, and list the open tables to join and the
// newest ones. Your name is remembered in this browser; so is the creator token of each table made
// here (the table page shows its creator panel with it).
import { request } from "./api.js";
import { el } from "./dom.js";
import { choice, chosenOptions, chosenSeats, drawOptions, drawSeats } from "./lobby-form.js";

const $ = (id) => document.getElementById(id);
const NAME_KEY = "boardwright.name";
const REFRESH_EVERY = 4000;
let games = [];

// A seat as the lobby shows it: its person's name, else its number counted from 1.
export function seatLabel(seat, name) {
  return name || `Seat ${seat + 1}`;
}

function remembered() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}

function remember(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch { /* private browsing: not remembered */ }
}

function game() {
  return games.find((g) => g.id === $("game").value);
}

function showGame() {
  const chosen = game();
  const players = $("players");
  const before = Number(players.value);
  players.replaceChildren();
  for (let n = chosen.min_players; n <= chosen.max_players; n++) players.append(choice(n, String(n)));
  if (before >= chosen.min_players && before <= chosen.max_players) players.value = String(before);
  drawOptions(chosen, $("options"));
  showSeats();
}

function showSeats() {
  drawSeats($("seats"), Number($("players").value), (seat) => seatLabel(seat, seat === 0 ? $("name").value.trim() : ""),
    game().levels);
}

const link = (href, text) => el("a", { href }, text);

function showCreated(data) {
  const links = $("links");
  links.replaceChildren();
  const mine = data.seats.find((seat) => seat.url && seat.name) || data.seats.find((seat) => seat.url);
  for (const seat of data.seats) {
    const item = document.createElement("li");
    item.dataset.seat = String(seat.seat);
    const who = seatLabel(seat.seat, seat.name);
    if (seat.url) {
      const url = new URL(seat.url, location.href).href;
      item.append(`${who}: `, link(url, url));
    } else {
      item.textContent = `${who}: ${seat.free ? "free, for whoever takes it from the open tables" : seat.kind}`;
    }
    links.append(item);
  }
  const watch = document.createElement("li");
  watch.textContent = `Spectators: ${new URL(data.url, location.href).href}`;
  links.append(watch);
  const go = $("go");
  go.href = mine ? mine.url : data.url;
  go.textContent = mine ? "Go to your seat" : "Go to the table";
  $("created-note").textContent = data.visibility === "open"
    ? "The table is listed under Open tables until its seats are taken; you can start it from the table page."
    : "Send each player their own link. The table page gives you the creator's controls.";
  $("created").hidden = false;
}

async function create(event) {
  event.preventDefault();
  const chosen = game();
  const name = $("name").value.trim();
  const seats = chosenSeats($("seats"));
  const timer = $("timer").value ? Number($("timer").value) : null;
  const body = { game: chosen.id, players: seats.length, seats, options: chosenOptions(chosen, $("options")), timer,
                 visibility: $("visibility").value, hints: $("hints").checked };
  if (name && seats[0] === "human") body.name = name;
  const { status, data } = await request("/api/tables", body);
  if (status !== 201) { $("error").textContent = data.error; return; }
  $("error").textContent = "";
  if (name) remember(name);
  try { localStorage.setItem(`boardwright.creator.${data.table}`, data.creator_token); } catch { /* not kept */ }
  showCreated(data);
  listTables();
}

async function join(table, seat) {
  const name = $("name").value.trim() || remembered();
  if (!name) {
    $("join-error").textContent = "Write your name first (Your name, above): the table shows it to the others.";
    $("name").focus();
    return;
  }
  const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/take`, { name });
  if (status !== 200) { $("join-error").textContent = data.error; listTables(); return; }
  remember(name);
  location.href = data.url;
}

function openEntry(table, gameName) {
  const item = document.createElement("li");
  item.className = "open-table";
  item.dataset.table = table.id;
  const options = Object.entries(table.options).map(([key, value]) => `${key.replaceAll("_", " ")}: ${value}`);
  item.append(`${gameName}, ${table.players} players${options.length ? ` (${options.join(", ")})` : ""} — `);
  for (const seat of table.seats) {
    if (seat.free) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "take-seat";
      button.dataset.seat = String(seat.seat);
      button.textContent = `Take ${seatLabel(seat.seat, null)}`;
      button.addEventListener("click", () => join(table.id, seat.seat));
      item.append(button, " ");
    } else {
      const who = document.createElement("span");
      who.className = "seat-taken";
      who.textContent = seat.kind === "human" ? seatLabel(seat.seat, seat.name) : `${seatLabel(seat.seat, null)} (${seat.kind} bot)`;
      item.append(who, " ");
    }
  }
  return item;
}

async function listTables() {
  const { status, data } = await request("/api/tables");
  if (status !== 200) return;
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  const waiting = data.filter((table) => table.open);
  $("open-tables").replaceChildren(...waiting.map((table) => openEntry(table, names[table.game] || table.game)));
  $("no-open").hidden = waiting.length > 0;
  const list = $("tables");
  list.replaceChildren();
  for (const table of data.filter((entry) => !entry.open)) {
    const item = document.createElement("li");
    item.append(link(`/t/${encodeURIComponent(table.id)}`,
      `${names[table.game] || table.game}, ${table.players} players${table.finished ? " (over)" : ""}`));
    list.append(item);
  }
}

const { data } = await request("/api/games");
games = data;
for (const g of games) $("game").append(choice(g.id, g.name));
for (const g of games) {  // each game's rules page
  const item = document.createElement("li");
  item.append(link(`/rules/${encodeURIComponent(g.id)}`, `${g.name}: quick reference and every piece`));
  $("rules").append(item);
}
$("name").value = remembered();
$("game").addEventListener("change", showGame);
$("players").addEventListener("change", showSeats);
$("name").addEventListener("input", showSeats);
$("create").addEventListener("submit", create);
// hints are on by default at a private table, off at an open one (where strangers meet)
$("visibility").addEventListener("change", () => { $("hints").checked = $("visibility").value === "private"; });
showGame();
listTables();
setInterval(listTables, REFRESH_EVERY);
