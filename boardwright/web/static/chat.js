// The table's chat, beside the log: the lines the server lets this page read, and a line to write.
// A seat writes to the players; anyone watching writes to the spectators under a name. The server
// decides who reads which channel (a seat reads the spectators only once the game is over); the
// page shows what it is sent, one tab per channel when it reads both. Every text typed by someone
// is put in the page as text (textContent), never as markup.
import { request } from "./api.js";

const MAX_TEXT = 300;  // the server's longest line, in characters
const NAME_KEY = "boardwright.name";  // the name this browser last wrote under
const TITLES = { players: "Players", spectators: "Spectators" };

function characters(text) { return [...text].length; }  // as the server counts: code points

export function makeChat({ table, token, ui }) {
  const $ = (id) => document.getElementById(id);
  const section = $("chat");
  const list = $("chat-lines");
  const tabs = $("chat-tabs");
  const text = $("chat-text");
  const name = $("chat-name");
  const count = $("chat-count");
  const error = $("chat-error");
  const lines = new Map();  // by id: a line may come both in an answer and over the socket
  const unread = { players: 0, spectators: 0 };
  let seat = null;
  let over = null;  // whether the game is over, as last drawn (null: nothing drawn yet)
  let shown = null;  // the channel whose lines are listed
  const path = `/api/tables/${encodeURIComponent(table)}/chat`;

  section.hidden = false;
  try { name.value = localStorage.getItem(NAME_KEY) || ""; } catch { /* storage refused: no name kept */ }

  function channels() { return seat === null || over ? ["players", "spectators"] : ["players"]; }
  function writesTo() { return seat === null ? "spectators" : "players"; }

  function author(line) {
    if (line.seat === null) return line.name || "a spectator";
    return line.name || ui.seatName(line.seat, seat);
  }

  function drawTabs() {
    const readable = channels();
    tabs.hidden = readable.length < 2;
    if (!readable.includes(shown)) shown = readable.includes(writesTo()) ? writesTo() : readable[0];
    if (tabs.hidden) { tabs.replaceChildren(); return; }
    tabs.replaceChildren(...readable.map((channel) => {
      const tab = ui.button(TITLES[channel] + (unread[channel] ? ` (${unread[channel]} new)` : ""), () => {
        shown = channel;
        draw();
      });
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-selected", String(channel === shown));
      tab.dataset.channel = channel;
      return tab;
    }));
  }

  function draw() {
    unread[shown] = 0;
    drawTabs();
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.setAttribute("aria-label", `chat of the ${shown}`);
    const items = [...lines.values()].filter((line) => line.channel === shown).sort((a, b) => a.id - b.id)
      .map((line) => {
        const item = document.createElement("li");
        item.dataset.id = String(line.id);
        item.className = `chat-line chat-${line.channel}`;
        const who = document.createElement("span");
        who.className = "chat-who";
        who.textContent = author(line);
        const said = document.createElement("span");
        said.className = "chat-said";
        said.textContent = line.text;
        item.title = new Date(line.time * 1000).toLocaleTimeString();
        item.append(who, said);
        return item;
      });
    list.replaceChildren(...items);
    if (!items.length) list.append(Object.assign(document.createElement("li"), { className: "chat-empty", textContent: "No lines yet." }));
    if (atEnd || items.length) list.scrollTop = list.scrollHeight;
    name.hidden = seat !== null;
    $("chat-name-label").hidden = seat !== null;
    text.setAttribute("aria-label", `a line to the ${writesTo()}`);
    text.placeholder = seat === null ? "To the other spectators…" : "To the players…";
  }

  // Lines pushed or answered: each kept once, by its id.
  function receive(received) {
    let fresh = false;
    for (const line of received) {
      if (lines.has(line.id)) continue;
      lines.set(line.id, line);
      if (line.channel !== shown) unread[line.channel] += 1;
      fresh = true;
    }
    if (fresh) draw();
  }

  async function fetchLines() {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    const { status, data } = await request(path + query);
    if (status === 200) receive(data.chat);
  }

  // The table's moment: who this page is and whether the game is over (then the seats read the
  // spectators too: asked for once, as another server may have pushed them to nobody here).
  function update(message) {
    const first = over === null;
    const ended = message.is_over && over === false;
    seat = message.seat;
    over = message.is_over;
    if (first || ended) fetchLines();
    draw();
  }

  function countCharacters() {
    const used = characters(text.value.trim());
    count.textContent = `${used}/${MAX_TEXT}`;
    count.classList.toggle("over", used > MAX_TEXT);
  }

  text.addEventListener("input", countCharacters);
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const send = $("chat-send");
    if (send.disabled) return;  // a line is on its way: Enter again waits for its answer
    const said = text.value.trim();
    if (!said) { error.textContent = "Write something first."; return; }
    if (characters(said) > MAX_TEXT) { error.textContent = `A line is at most ${MAX_TEXT} characters.`; return; }
    const body = { text: said };
    if (token) body.token = token;
    else {
      body.name = name.value.trim();
      try { localStorage.setItem(NAME_KEY, body.name); } catch { /* not kept */ }
    }
    send.disabled = true;
    const { status, data } = await request(path, body);
    send.disabled = false;
    if (status === 201) {
      error.textContent = "";
      if (text.value.trim() === said) text.value = "";  // unless the next line is being typed already
      countCharacters();
      shown = writesTo();
      receive(data.chat);
      draw();
    } else {
      error.textContent = (data && data.error) || `the server answered ${status}`;
    }
    text.focus();
  });
  countCharacters();

  return { receive, update };
}
