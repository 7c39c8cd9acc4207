// The lobby: create a table (game, players, seats, timer), hand out the links, list the tables.
import { request } from "./api.js";

const $ = (id) => document.getElementById(id);
let games = [];

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

function showPlayers() {
  const game = games.find((g) => g.id === $("game").value);
  const players = $("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(option(n, String(n)));
  showSeats();
}

function showSeats() {
  const seats = $("seats");
  seats.replaceChildren();
  const count = Number($("players").value);
  for (let seat = 0; seat < count; seat++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${seat} `;
    const select = document.createElement("select");
    select.name = `seat${seat}`;
    for (const [value, text] of [["human", "a person"], ["heuristic", "heuristic bot"], ["random", "random bot"],
                                 ["ismcts:time=1", "search bot (1 s)"]]) {
      select.append(option(value, text));
    }
    if (seat > 0) select.value = "heuristic";
    label.append(select);
    seats.append(label);
  }
}

async function listTables() {
  const { status, data } = await request("/api/tables");
  if (status !== 200) return;
  const list = $("tables");
  list.replaceChildren();
  for (const table of data) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/t/${encodeURIComponent(table.id)}`;
    link.textContent = `${table.game}, ${table.players} players${table.finished ? " (over)" : ""}`;
    item.append(link);
    list.append(item);
  }
}

$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const count = Number($("players").value);
  const seats = [];
  for (let seat = 0; seat < count; seat++) seats.push(document.querySelector(`[name=seat${seat}]`).value);
  const timer = $("timer").value ? Number($("timer").value) : null;
  const { status, data } = await request("/api/tables", { game: $("game").value, players: count, seats, options: {}, timer });
  if (status !== 201) { $("error").textContent = data.error; return; }
  $("error").textContent = "";
  const links = $("links");
  links.replaceChildren();
  for (const seat of data.seats) {
    const item = document.createElement("li");
    if (seat.url) {
      const link = document.createElement("a");
      link.href = seat.url;
      link.textContent = `Seat ${seat.seat}: ${seat.url}`;
      item.append(link);
    } else {
      item.textContent = `Seat ${seat.seat}: ${seat.kind}`;
    }
    links.append(item);
  }
  const spectate = document.createElement("li");
  spectate.textContent = `Spectators: ${data.url} · creator token: ${data.creator_token}`;
  links.append(spectate);
  $("created").hidden = false;
  listTables();
});

const { data } = await request("/api/games");
games = data;
for (const game of games) $("game").append(option(game.id, game.name));
for (const game of games) {  // each game's rules page
  const link = document.createElement("a");
  link.href = `/rules/${encodeURIComponent(game.id)}`;
  link.textContent = `${game.name}: quick reference and every piece`;
  const item = document.createElement("li");
  item.append(link);
  $("rules").append(item);
}
$("game").addEventListener("change", showPlayers);
$("players").addEventListener("change", showSeats);
showPlayers();
listTables();
