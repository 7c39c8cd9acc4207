// The seats this browser was opened with (for a guest's "My games"): kept in localStorage under
// `boardwright.my-tables`, newest first, at most MOST of them. Each is { table, seat, token, game, name }.
const KEY = "boardwright.my-tables";
const MOST = 50;

export function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((item) => item && typeof item.table === "string") : [];
  } catch {
    return [];  // storage refused (private mode) or spoilt: nothing remembered
  }
}

export function remember(entry) {
  const kept = remembered().filter((item) => !(item.table === entry.table && item.seat === entry.seat));
  try {
    localStorage.setItem(KEY, JSON.stringify([entry, ...kept].slice(0, MOST)));
  } catch {
    // storage refused: the seat is still reached by its link
  }
}
