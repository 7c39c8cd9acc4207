// A person's profile page (/players/{username}): per game and player count their rating, games,
// wins and a line of their rating after each rated game; their recent finished tables with the
// result and a link to the replay. From GET /api/players/{username}.
import { request } from "./api.js";
import { cell, figureCells, gameList } from "./standing.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 160, HEIGHT = 40, PAD = 4;

function drawn(kind, attributes) {
  const element = document.createElementNS(SVG, kind);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

// The rating after each rated game as a line, oldest on the left, the lowest and highest at the
// bottom and the top; its label says the same in words.
function historyLine(points) {
  const svg = drawn("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "history", role: "img" });
  const values = points.map((point) => point.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const x = (i) => points.length === 1 ? WIDTH / 2 : PAD + i * (WIDTH - 2 * PAD) / (points.length - 1);
  const y = (value) => high === low ? HEIGHT / 2 : HEIGHT - PAD - (value - low) * (HEIGHT - 2 * PAD) / (high - low);
  svg.append(drawn("line", { x1: 0, x2: WIDTH, y1: HEIGHT - 1, y2: HEIGHT - 1 }));
  svg.append(drawn("polyline", { points: values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ") }));
  const last = values.length - 1;
  svg.append(drawn("circle", { cx: x(last).toFixed(1), cy: y(values[last]).toFixed(1), r: 2.5 }));
  const words = `rating after each of ${points.length} rated games: ${values.map((value) => Math.round(value)).join(", ")}`;
  svg.setAttribute("aria-label", words);
  const title = drawn("title", {});
  title.textContent = words;
  svg.prepend(title);
  return svg;
}

function ordinalPlace(place) {
  const tens = place % 100, ones = place % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ones === 1 ? "st" : ones === 2 ? "nd" : ones === 3 ? "rd" : "th";
  return `${place}${suffix}`;
}

function resultWords(table) {
  if (table.place === null) return "finished";
  return table.place === 1 ? "won" : `${ordinalPlace(table.place)} of ${table.players}`;
}

const username = decodeURIComponent(location.pathname.split("/")[2] || "");
const [games, answer] = await Promise.all([
  gameList(request), request(`/api/players/${encodeURIComponent(username)}`)]);
const gameName = (id) => (games.find((game) => game.id === id) || { name: id }).name;

if (answer.status !== 200) {
  $("username").textContent = username;
  $("error").textContent = answer.data.error;
} else {
  const profile = answer.data;
  document.title = `boardwright — ${profile.username}`;
  $("username").textContent = profile.username;
  $("since").textContent = `playing since ${new Date(profile.since * 1000).toLocaleDateString()}`;
  const rows = profile.ratings.map((group) => {
    const row = document.createElement("tr");
    const line = document.createElement("td");
    if (group.history.length) line.append(historyLine(group.history));
    const name = cell(gameName(group.game));
    const board = document.createElement("a");
    board.href = `/ratings/${encodeURIComponent(group.game)}?players=${group.players}`;
    board.textContent = name.textContent;
    name.replaceChildren(board);
    row.append(name, cell(String(group.players), true), ...figureCells(group), cell(String(group.games), true),
               cell(String(group.wins), true), line);
    return row;
  });
  $("groups").replaceChildren(...rows);
  $("ratings").hidden = rows.length === 0;
  $("unrated").hidden = rows.length > 0;
  const items = profile.tables.map((table) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = table.replay;
    link.textContent = "replay";
    item.append(`${new Date(table.date * 1000).toLocaleDateString()} · ${gameName(table.game)}, ${table.players} ` +
                `players · ${resultWords(table)}${table.rated ? "" : " (unrated)"} · `, link);
    return item;
  });
  $("tables").replaceChildren(...items);
  $("no-tables").hidden = items.length > 0;
}
document.body.dataset.shown = "1";
