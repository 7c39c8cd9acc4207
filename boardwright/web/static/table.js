// The plain table page: the seat's view, its legal actions as buttons, the events and the scores.
import { follow, request } from "./api.js";

const table = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let current = null;
const events = new Map();  // by seq: replies and pushes may carry the same event

const $ = (id) => document.getElementById(id);

function seatName(seat) { return `Seat ${seat}`; }

function render(message) {
  current = message;
  document.body.dataset.version = String(message.version);  // for tests and tools: what is shown
  for (const event of message.events) events.set(event.seq, event);
  const mine = message.seat !== null && message.to_act.includes(message.seat);
  $("title").textContent = `${message.view.game} · table ${message.table}` +
    (message.seat === null ? " · spectating" : ` · you are ${seatName(message.seat)}`);
  const status = $("status");
  if (message.is_over) {
    status.textContent = `Game over — ${message.winners.map(seatName).join(", ") || "no winner"} won`;
  } else if (mine) {
    status.textContent = "Your turn";
  } else {
    status.textContent = `Waiting for ${message.to_act.map(seatName).join(", ")}`;
  }
  status.classList.toggle("yours", mine && !message.is_over);
  document.title = (mine && !message.is_over ? "● Your turn · " : "") + "boardwright";
  const actions = $("actions");
  actions.replaceChildren();
  for (const text of message.legal_actions) {
    const button = document.createElement("button");
    button.textContent = text;
    button.dataset.action = text;
    button.addEventListener("click", () => send("actions", { action: text }));
    actions.append(button);
  }
  if (message.can_undo) {
    const button = document.createElement("button");
    button.textContent = "Undo";
    button.id = "undo";
    button.addEventListener("click", () => send("undo", {}));
    actions.append(button);
  }
  if (!message.legal_actions.length) actions.textContent = message.is_over ? "The game is over." : "Nothing to do now.";
  $("view").textContent = JSON.stringify(message.view, null, 1);
  const scores = $("scores");
  scores.replaceChildren();
  message.breakdown.forEach((entry, seat) => {
    const row = scores.insertRow();
    row.insertCell().textContent = seatName(seat);
    row.insertCell().textContent = String(entry.total);
    row.insertCell().textContent = entry.lines.map((line) => `${line.label} ${line.points}`).join(", ");
  });
  const list = $("events");
  list.replaceChildren();
  for (const event of [...events.values()].sort((a, b) => a.seq - b.seq).slice(-200)) {
    const item = document.createElement("li");
    item.textContent = event.text;
    if (event.private) item.className = "private";
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

async function send(what, body) {
  if (!current) return;
  for (const button of document.querySelectorAll("#actions button")) button.disabled = true;
  const { status, data } = await request(`/api/tables/${encodeURIComponent(table)}/${what}`,
    { token, version: current.version, ...body });
  $("error").textContent = status === 200 ? "" : data.error;
  if (status === 200) {
    if (data.version >= current.version) render(data);
  } else {
    for (const button of document.querySelectorAll("#actions button")) button.disabled = false;
  }
}

follow(table, token, (message) => {
  if (current && message.version < current.version) return;  // an older push than a reply already shown
  render(message);
}, (text) => {
  $("connection").textContent = text;
  document.body.dataset.connection = text === "connected" ? "connected" : "disconnected";
});
