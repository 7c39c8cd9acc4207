// The review of a finished game (GET /api/tables/{t}/review): a "Review my game" button on the
// results panel and on the replay page asks for it, shows "n of N decisions" with a progress bar
// while the server thinks it (202), then the seat's estimated win chance over the game as an SVG
// plot (a gap where the search had no estimate, the mistakes marked) and the mistakes in words,
// each linked to the replay at the moment of that decision. No rules here: the decisions, their
// chances and the why are the server's; seat mentions in the why are named by ui.named.
import { request } from "./api.js";

const POLL_MS = 500;
// the plot's drawing box (viewBox units): the axes' labels live in the margins
const WIDTH = 640, HEIGHT = 240, LEFT = 44, RIGHT = 12, TOP = 12, BOTTOM = 34;
// A chance in whole percents, rounded as the why's words are (Python's round: a half to the even
// number), so that one sentence never says 13% and 12% of one chance.
function percent(win) {
  const exact = win * 100;
  let whole = Math.round(exact);
  if (whole - exact === 0.5 && whole % 2 !== 0) whole -= 1;
  return `${whole}%`;
}

// host: { table, token, ui, replaying, own() -> the viewer's own seat (its token's; null: none),
//         replayLink(step, seat) -> the replay's address at that step, as that seat saw it }
export function makeReview(host) {
  const { ui } = host;
  const section = ui.el("section", { id: "review", "aria-label": "review of the game" });
  const button = ui.button("Review my game", () => ask());
  button.id = "review-button";
  button.title = "Ask the search where this seat's choices cost it most";
  const output = ui.el("div", { id: "review-output", "aria-live": "polite" });
  section.append(button, output);
  let seat = null;  // the seat reviewed: the viewer's (live), the seat viewed (replay)
  let mine = false;  // whether that seat is the viewer's own (the words say "you")
  let asking = false;
  const done = new Map();  // seat -> its review, once answered

  async function ask() {
    if (asking || seat === null) return;
    asking = true;
    button.disabled = true;
    const asked = seat;
    const query = new URLSearchParams({ seat: String(asked) });
    if (host.token) query.set("token", host.token);
    try {
      for (;;) {
        const { status, data } = await request(`/api/tables/${encodeURIComponent(host.table)}/review?${query}`);
        if (seat !== asked) return;  // another seat is shown now (a replay's viewer changed)
        if (status === 200) { done.set(asked, data); draw(data); return; }
        if (status !== 202) {
          output.replaceChildren(ui.el("p", { class: "error" }, ui.named((data && data.error) || `the server answered ${status}`)));
          return;
        }
        progress(data);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      asking = false;
      button.disabled = false;
    }
  }

  function progress(data) {
    const known = data.total !== null && data.total !== undefined;
    const words = data.status === "waiting" ? "waiting for the server to start the review…"
      : known ? `${data.done} of ${data.total} decisions` : "reviewing…";
    const bar = ui.el("progress", { id: "review-progress", "aria-label": "review progress" });
    if (known) { bar.max = Math.max(1, data.total); bar.value = data.done; }
    output.replaceChildren(ui.el("p", { class: "review-status" }, bar, " ", ui.el("span", { id: "review-count" }, words)));
  }

  function draw(review) {
    const who = mine ? "you" : ui.seatLabel(review.seat);
    const summary = review.decisions.length
      ? `${review.decisions.length} decisions with a choice, ${review.mistakes.length ? `the ${review.mistakes.length} costliest listed` : "no mistake found"}.`
      : "This seat had no decision with a choice to review.";
    const list = ui.el("ol", { class: "review-mistakes" }, ...review.mistakes.map((mistake) => ui.el("li", { "data-number": String(mistake.number) },
      `Move ${mistake.number}: ${who} chose “${ui.named(mistake.chosen)}” (win ${percent(mistake.win)}); the search preferred `
        + `“${ui.named(mistake.best)}” (win ${percent(mistake.best_win)}): ${ui.named(mistake.why)} `,
      ui.el("a", { href: host.replayLink(mistake.number - 1, review.seat), class: "review-replay" }, "see it in the replay"))));
    output.replaceChildren(ui.el("h3", {}, `Review of ${mine ? "your" : ui.seatOwner(review.seat, null)} game`), plot(review),
      ui.el("p", { class: "review-summary" }, summary), list);
  }

  // The seat's estimated win chance after each decision: x the decision's rank, y 0-100%.
  function plot(review) {
    const decisions = review.decisions;
    const count = Math.max(1, decisions.length);
    const x = (index) => LEFT + (count === 1 ? 0.5 : index / (count - 1)) * (WIDTH - LEFT - RIGHT);
    const y = (win) => TOP + (1 - win) * (HEIGHT - TOP - BOTTOM);
    const svg = ui.svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "review-plot", role: "img",
                                "aria-labelledby": "review-plot-title review-plot-desc" });
    const known = decisions.filter((decision) => decision.win !== null);
    const title = ui.svg("title", { id: "review-plot-title" }, svg);
    title.textContent = `${ui.seatLabel(review.seat)}: estimated win chance over the game`;
    const desc = ui.svg("desc", { id: "review-plot-desc" }, svg);
    desc.textContent = known.length
      ? `${decisions.length} decisions; the win chance went from ${percent(known[0].win)} to ${percent(known[known.length - 1].win)}; `
        + `${review.mistakes.length} mistakes marked with dots.` : "No decision had an estimate.";
    for (const level of [0, 0.25, 0.5, 0.75, 1]) {
      ui.svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(level), y2: y(level), class: "review-grid" }, svg);
      ui.svg("text", { x: LEFT - 6, y: y(level) + 4, "text-anchor": "end", class: "review-label" }, svg).textContent = `${level * 100}%`;
    }
    const ticks = new Set([0, Math.floor((count - 1) / 2), count - 1]);
    for (const index of ticks) {
      if (index >= decisions.length) continue;
      ui.svg("text", { x: x(index), y: HEIGHT - BOTTOM + 16, "text-anchor": "middle", class: "review-label" }, svg).textContent = String(index + 1);
    }
    ui.svg("text", { x: LEFT + (WIDTH - LEFT - RIGHT) / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "review-label" }, svg)
      .textContent = "decision";
    // one stroke per run of decisions with an estimate: a gap where the search had none
    let path = "";
    let open = false;
    decisions.forEach((decision, index) => {
      if (decision.win === null) { open = false; return; }
      path += `${open ? "L" : "M"}${x(index).toFixed(1)},${y(decision.win).toFixed(1)} `;
      open = true;
    });
    if (path) ui.svg("path", { d: path.trim(), class: "review-line" }, svg);
    for (const decision of known) {  // a lone estimate between gaps is still seen
      const index = decisions.indexOf(decision);
      const alone = (index === 0 || decisions[index - 1].win === null) && (index === decisions.length - 1 || decisions[index + 1].win === null);
      if (alone) ui.svg("circle", { cx: x(index), cy: y(decision.win), r: 2, class: "review-point" }, svg);
    }
    for (const mistake of review.mistakes) {
      const index = decisions.findIndex((decision) => decision.number === mistake.number);
      if (index < 0) continue;
      const dot = ui.svg("circle", { cx: x(index), cy: y(mistake.win), r: 5, class: "review-mistake" }, svg);
      ui.svg("title", {}, dot).textContent = `Move ${mistake.number}: win ${percent(mistake.win)}, the search's choice ${percent(mistake.best_win)}`;
    }
    return svg;
  }

  // After each drawing: the button once the game is over and a seat is shown (a spectator's live
  // page has none to review), that seat's review when it was answered before.
  return function update(message) {
    const shown = message.is_over || host.replaying ? message.seat : null;
    const place = host.replaying ? document.querySelector("main") : document.getElementById("results");
    if (shown === null || shown === undefined || !place) { section.hidden = true; seat = null; return; }
    if (section.parentElement !== place) {
      if (host.replaying) place.prepend(section); else place.append(section);
    }
    section.hidden = false;
    if (shown === seat) return;
    seat = shown;
    mine = seat === host.own();
    button.textContent = mine ? "Review my game" : `Review ${ui.seatOwner(seat, null)} game`;
    const kept = done.get(seat);
    if (kept) draw(kept); else output.replaceChildren();
  };
}
