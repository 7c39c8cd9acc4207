// The public protocol, for the pages: JSON requests and a WebSocket that reconnects by itself.

export async function request(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = { error: `the server answered ${response.status}` }; }
  return { status: response.status, data };
}

// Calls onMessage with every pushed table object; reconnects with a growing pause when the
// connection drops (a restarted server), asking only for the events it has not seen.
export function follow(table, token, onMessage, onStatus) {
  let since = 0;
  let pause = 250;
  let stopped = false;
  function open() {
    const query = new URLSearchParams();
    if (token) query.set("token", token);
    query.set("since", String(since));
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}?${query}`);
    socket.onopen = () => { onStatus("connected"); };
    socket.onmessage = (event) => {
      pause = 250;  // a connection that is refused is opened and closed at once: it does not count
      const message = JSON.parse(event.data);
      since += message.events.length;
      onMessage(message);
    };
    socket.onclose = (event) => {
      if (stopped) return;
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4429) {
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
