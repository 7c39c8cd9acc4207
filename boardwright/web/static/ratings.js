// The leaderboard page (/ratings/{game}?players=N): the ratings of a game and player count, best
// first, from GET /api/ratings/{game}; the game and the player count are chosen above the table.
import { request } from "./api.js";
import { el } from "./dom.js";
import { botBadge, cell, figureCells, gameList, playerLink } from "./standing.js";

const $ = (id) => document.getElementById(id);
// the number of the leaderboard last asked for: an answer to an older question is not drawn
let asked = 0;

function chosenGame(games) {
  const asked = decodeURIComponent(location.pathname.split("/")[2] || "");
  return games.find((game) => game.id === asked) || games[0];
}

function showCounts(game, wanted) {
  const players = $("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(el("option", { value: String(n) }, String(n)));
  players.value = String(wanted >= game.min_players && wanted <= game.max_players ? wanted : game.min_players);
}

async function showBoard(games) {
  const game = games.find((entry) => entry.id === $("game").value);
  const players = $("players").value;
  history.replaceState(null, "", `/ratings/${encodeURIComponent(game.id)}?players=${players}`);
  const question = ++asked;
  const { status, data } = await request(`/api/ratings/${encodeURIComponent(game.id)}?players=${players}`);
  if (question !== asked) return;
  if (status !== 200) {
    $("error").textContent = data.error;
    $("leaders").hidden = true;
    return;
  }
  $("error").textContent = "";
  $("caption").textContent = `${game.name}, ${data.players} players`;
  const rows = data.entries.map((entry) => {
    const row = document.createElement("tr");
    const who = document.createElement("td");
    if (entry.bot !== null) {
      who.append(entry.name, " ", botBadge(entry.bot));
    } else {
      who.append(playerLink(entry.name));
    }
    row.append(cell(String(entry.place), true), who, ...figureCells(entry), cell(String(entry.games), true),
               cell(String(entry.wins), true));
    return row;
  });
  $("rows").replaceChildren(...rows);
  $("leaders").hidden = rows.length === 0;
  $("empty").hidden = rows.length > 0;
  document.body.dataset.shown = `${game.id}/${data.players}`;
}

const games = await gameList(request);
for (const game of games) $("game").append(el("option", { value: game.id }, game.name));
const first = chosenGame(games);
$("game").value = first.id;
showCounts(first, Number(new URLSearchParams(location.search).get("players")));
$("game").addEventListener("change", () => {
  showCounts(games.find((game) => game.id === $("game").value), Number($("players").value));
  showBoard(games);
});
$("players").addEventListener("change", () => showBoard(games));
$("group").addEventListener("submit", (event) => event.preventDefault());
showBoard(games);
