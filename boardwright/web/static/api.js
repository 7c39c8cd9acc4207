// The public protocol, for the pages: JSON requests and a WebSocket that reconnects by itself.

// A `since` past every event: an answer without the history.
export const NO_EVENTS = "999999999";

// The session's CSRF token, once account.js has read it from /api/me: every request that changes
// something carries it, so that the session cookie alone never moves for a signed-in person.
let csrf = null;
export function setCsrf(token) { csrf = token; }

// A JSON request: a GET without a body; with one, a POST (or `method`, such as "DELETE").
export async function request(path, body, method = "POST") {
  const headers = { "Content-Type": "application/json" };
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const init = body === undefined ? {} : { method, headers, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = { error: `the server answered ${response.status}` }; }
  return { status: response.status, data };
}

// How often the page says it is still there: the server closes a WebSocket it has heard nothing
// from for its idle timeout (120 s unless its operator chose otherwise), with code 4408.
const PING_EVERY = 30_000;
const PING = JSON.stringify({ type: "ping" });

// Calls onMessage with every pushed table object, and onChat with the chat lines pushed in frames of
// their own ({"chat": [...]}); reconnects with a growing pause when the
// connection drops (a restarted server, or one that found the page silent), asking only for the
// events it has not seen.
export function follow(table, token, onMessage, onStatus, onChat = () => {}) {
  let since = 0;
  let pause = 250;
  let stopped = false;
  function open() {
    const query = new URLSearchParams();
    if (token) query.set("token", token);
    query.set("since", String(since));
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}?${query}`);
    const pinging = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(PING);
    }, PING_EVERY);
    socket.onopen = () => { onStatus("connected"); };
    socket.onmessage = (event) => {
      pause = 250;  // a connection that is refused is opened and closed at once: it does not count
      const message = JSON.parse(event.data);
      if (message.events === undefined) { if (message.chat) onChat(message.chat); return; }
      since += message.events.length;
      onMessage(message);
    };
    socket.onclose = (event) => {
      clearInterval(pinging);
      if (stopped) return;
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4429 && event.code !== 4408) {
        onStatus(`closed: ${event.reason || event.code}`);
        return;
      }
      onStatus("reconnecting…");
      setTimeout(open, pause);
      pause = Math.min(pause * 2, 5000);
    };
  }
  open();
  return () => { stopped = true; };
}
