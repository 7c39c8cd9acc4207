// What the leaderboard and the profile pages share: table cells, the figures of a rating, a bot's
// badge and the games' names. Everything a person wrote (usernames) is set as text.

export function cell(text, numeric = false) {
  const element = document.createElement("td");
  element.textContent = text;
  if (numeric) element.className = "number";
  return element;
}

// The cells of a rating as the server sends it: the rating (mu − 3 sigma) rounded, mu and sigma.
export function figureCells(entry) {
  return [cell(String(Math.round(entry.rating)), true), cell(entry.mu.toFixed(1), true),
          cell(entry.sigma.toFixed(1), true)];
}

export function botBadge(level) {
  const badge = document.createElement("span");
  badge.className = "bot-badge";
  badge.textContent = "bot";
  badge.title = `a bot, level ${level}`;
  return badge;
}

// The link to a person's profile page.
export function playerLink(username) {
  const link = document.createElement("a");
  link.href = `/players/${encodeURIComponent(username)}`;
  link.textContent = username;
  return link;
}

// The games (GET /api/games), each with its id, name and player counts.
export async function gameList(request) {
  const { status, data } = await request("/api/games");
  return status === 200 ? data : [];
}
