// "My games" in the lobby: the tables of the signed-in account (GET /api/me/tables) and those this
// browser was opened with as a guest (remembered.js; each read with its token, the newest
// GUEST_MOST only, within the server's request limit), with the game, the other players, whose
// turn it is and a "your turn" mark; a finished game links its replay.
import { NO_EVENTS, request } from "./api.js";
import { ready } from "./account.js";
import { remembered } from "./remembered.js";

const GUEST_MOST = 20;
const list = document.getElementById("my-games-list");
let gameNames = {};

// How a player is named here: their name, else the bot that plays the seat, else the seat counted from 1.
function playerName(player) {
  if (player.name) return player.name;
  return player.bot ? `${player.bot} bot` : `Seat ${player.seat + 1}`;
}

// An entry of a guest's remembered seat, in the shape of /api/me/tables, from the seat's own message.
function fromMessage(item, message) {
  const players = message.seats.map((seat) => ({
    seat: seat.seat, name: seat.name ?? null, bot: seat.played_by !== "human" ? seat.played_by : null,
    you: seat.seat === item.seat,
  }));
  const token = `#token=${encodeURIComponent(item.token)}`;
  const human = players[item.seat]?.bot === null;
  return {
    table: item.table, game: message.game, seat: item.seat, players, to_act: message.is_over ? [] : message.to_act,
    your_turn: !message.is_over && human && message.to_act.includes(item.seat), finished: message.is_over,
    winners: message.is_over ? message.winners : null, url: `/t/${encodeURIComponent(item.table)}${token}`,
    replay: message.is_over ? `/t/${encodeURIComponent(item.table)}/replay${token}` : null,
  };
}

function row(entry) {
  const item = document.createElement("li");
  item.className = "my-game";
  item.dataset.table = entry.table;
  const link = document.createElement("a");
  link.href = entry.url;
  link.textContent = gameNames[entry.game] ?? entry.game;
  item.append(link);
  const others = entry.players.filter((player) => !player.you).map(playerName);
  item.append(` with ${others.length ? others.join(", ") : "nobody else"} · `);
  const byName = (seats) => seats.map((seat) => (entry.players[seat]?.you ? "you" : playerName(entry.players[seat])));
  if (entry.finished) {
    item.append(`over${entry.winners?.length ? `, won by ${byName(entry.winners).join(", ")}` : ""} · `);
    const replay = document.createElement("a");
    replay.href = entry.replay;
    replay.textContent = "replay";
    item.append(replay);
  } else if (entry.your_turn) {
    const mark = document.createElement("strong");
    mark.className = "your-turn";
    mark.textContent = "Your turn";
    item.append(mark);
  } else if (entry.closed) {
    item.append(`stopped: ${entry.closed}`);
  } else {
    item.append(entry.to_act.length ? `waiting for ${byName(entry.to_act).join(", ")}` : "waiting");
  }
  return item;
}

async function guestEntries(skip) {
  const wanted = remembered().filter((item) => !skip.has(item.table)).slice(0, GUEST_MOST);
  const found = await Promise.all(wanted.map(async (item) => {
    const query = new URLSearchParams({ token: item.token, since: NO_EVENTS });
    const { status, data } = await request(`/api/tables/${encodeURIComponent(item.table)}?${query}`);
    return status === 200 ? fromMessage(item, data) : null;
  }));
  return found.filter(Boolean);
}

// Lists the games of `username` (after a sign-in or out: the account-changed event's), else of
// whoever the page found signed in.
export async function showMyGames(event) {
  const username = event?.detail ? event.detail.username : await ready;
  let mine = [];
  if (username) {
    const { status, data } = await request("/api/me/tables");
    if (status === 200) mine = data;
  }
  const entries = [...mine, ...await guestEntries(new Set(mine.map((entry) => entry.table)))];
  list.replaceChildren(...entries.map(row));
  if (!entries.length) {
    const empty = document.createElement("li");
    empty.textContent = username ? "No games yet." : "No games yet. Sign in to find your games on any device.";
    list.append(empty);
  }
  list.dataset.loaded = "yes";
}

const { status, data } = await request("/api/games");
if (status === 200) gameNames = Object.fromEntries(data.map((game) => [game.id, game.name]));
document.addEventListener("account-changed", showMyGames);
showMyGames();
