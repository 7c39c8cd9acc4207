"""Clicks per decision at the table page: whole games played in the browser by clicking, as a person.

    python benchmarks/table_clicks.py                              # Game Development (2), Gadgeteers (3)
    python benchmarks/table_clicks.py --game gadgeteers --players 2 --seed 4
    python benchmarks/table_clicks.py --limit 20                   # the first 20 decisions of each game

Every seat is a person's page (all seats "human", desktop viewport). At each decision the seat's
heuristic bot picks the move, on a local copy of the game dealt from the same seed as the server's
table, so the same seed gives the same game before and after a change to the page. The move is then
reached by clicking what the page offers, in this order of preference:

1. a visible element on the table or in the choices popup whose ``data-action`` is the move (a
   button, a popup entry, a pre-selected "Pay");
2. a lit piece whose keys the move names (the page's own ``concerns`` rule), the narrowest first
   (fewest actions behind it): a click takes the move, or selects the piece and lights the next;
3. the action list beside the board, as a last resort (a click on each closed group on the way
   counts too): a "fallback".

Every click counts. A click whose request would send another move than the chosen one is refused
in the page before it reaches the server (counted as "refused"; the search then tries another
path). A click that sends several moves at once (one click paying a whole cost) counts once for all.

A decision is one move, except that in Game Development the moves that pay for one card (``pay``
and ``use`` while the view says a card is being paid for) are one decision, as a person sees it.
Where the page offers the whole payment on one button (a pre-selected "Pay"), the person takes it
(the bot's own choice of counters is not asked): the game then goes on from that payment, so the
two runs part ways at the first payment whose cheapest assignment is not the bot's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tablepage import DESKTOP, Page, Table, server_and_browser

#: the games measured by default: (game, players, seed)
GAMES = [("game-development", 2, 1), ("gadgeteers", 3, 1)]
#: clicks tried for one decision before giving up (a page that offers no way to the move)
MAX_CLICKS = 12

#: Marks the element to click next for the move `want` (data-bench-next) and says how it was
#: found: "direct", "piece", "list", or "" when nothing on the page leads to the move.
PICK = """
async (want) => {
  const { concerns } = await import("/static/ui.js");
  for (const old of document.querySelectorAll("[data-bench-next]")) old.removeAttribute("data-bench-next");
  const shown = (element) => element.getClientRects().length > 0 && !element.disabled
    && !element.closest("[hidden]");
  const mark = (element, how) => { element.setAttribute("data-bench-next", ""); return how; };
  const direct = [...document.querySelectorAll("#board [data-action], #choices [data-action]")]
    .find((element) => element.dataset.action === want && shown(element));
  if (direct) return mark(direct, "direct");
  const pieces = [...document.querySelectorAll("#board .playable[data-keys]")]
    .filter((element) => shown(element) && !element.classList.contains("selected"))
    .filter((element) => element.dataset.keys.split("|").some((key) => concerns(want, key)));
  if (pieces.length) {
    const breadth = (element) => Number(element.dataset.actions || 999);
    pieces.sort((a, b) => breadth(a) - breadth(b));
    return mark(pieces[0], "piece");
  }
  const listed = [...document.querySelectorAll("#actions [data-action]")].find((e) => e.dataset.action === want);
  if (!listed) return "";
  let closed = null;
  for (let group = listed.closest("details"); group; group = group.parentElement.closest("details")) {
    if (!group.open) closed = group;
  }
  return closed ? mark(closed.querySelector(":scope > summary"), "list") : mark(listed, "list");
}
"""


@dataclass
class Tally:
    """The figures of one game."""

    game: str
    players: int
    seed: int
    moves: int = 0
    clicks_per_decision: list[int] = field(default_factory=list)
    clicks_by_kind: Counter[str] = field(default_factory=Counter)
    decisions_by_kind: Counter[str] = field(default_factory=Counter)
    fallbacks: int = 0
    refused: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def report(self) -> str:
        counts = self.clicks_per_decision
        clicks = sum(counts)
        lines = [f"{self.game}, {self.players} players, seed {self.seed}",
                 f"  moves                 {self.moves}",
                 f"  decisions             {len(counts)}",
                 f"  clicks                {clicks}",
                 f"  clicks per decision   mean {clicks / max(1, len(counts)):.2f}, median "
                 f"{statistics.median(counts) if counts else 0:g}, max {max(counts, default=0)}",
                 f"  fallbacks to the list {self.fallbacks}",
                 f"  refused clicks        {self.refused}",
                 f"  script errors         {len(self.errors)}",
                 f"  wall time             {self.seconds:.0f} s",
                 "  by kind (decisions, clicks, clicks per decision):"]
        for kind, decisions in sorted(self.decisions_by_kind.items(), key=lambda item: -self.clicks_by_kind[item[0]]):
            lines.append(f"    {kind:<10} {decisions:>4} {self.clicks_by_kind[kind]:>5} "
                         f"{self.clicks_by_kind[kind] / decisions:>6.2f}")
        return "\n".join(lines)


def paying_for(table: Table, seat: int) -> Any:
    """The card the seat is paying for (Game Development's view says so), or None: the moves of one
    payment are one decision."""
    if table.game != "game-development":
        return None
    paying = table.mirror.view(seat).get("paying")
    return (paying or {}).get("card")


def click_to(page: Page, action: str, tally: Tally) -> int:
    """Click the page until the server has applied `action` (and whatever the same click sent
    after it); the clicks made. The moves applied are left in ``window.__bench.applied``."""
    page.page.evaluate("want => { __bench.applied = []; __bench.refused = []; __bench.want = want; }", action)
    clicks = 0
    while True:
        if page.page.evaluate("__bench.applied.length"):
            break
        if clicks >= MAX_CLICKS:
            raise AssertionError(f"{tally.game}: {MAX_CLICKS} clicks and still not {action!r}")
        how = page.page.evaluate(PICK, action)
        if not how:
            raise AssertionError(f"{tally.game}: nothing on the page leads to {action!r}")
        if how == "list":
            tally.fallbacks += 1
        page.page.locator("[data-bench-next]").first.click()
        clicks += 1
        page.page.wait_for_function("() => __bench.sent === __bench.answered")
        refused = page.page.evaluate("__bench.refused.splice(0)")
        tally.refused += len(refused)
        if refused:  # a wrong path: start the choice again
            page.page.keyboard.press("Escape")
    page.page.evaluate("__bench.want = null")
    return clicks


def pay_in_one_click(page: Page) -> int:
    """Where the page offers the whole payment on one button (Game Development's "Pay" with the
    cheapest assignment pre-selected), a person takes it: one click, every step it sends applied.
    The clicks made (0: no such button, the payment is clicked step by step)."""
    button = page.page.locator("#board .gd-pay.playable")
    if not button.count():
        return 0
    steps = (button.first.get_attribute("title") or "").split(", ")
    page.page.evaluate("want => { __bench.applied = []; __bench.refused = []; __bench.want = want; }", steps[0])
    button.first.click()
    page.page.wait_for_function("n => __bench.applied.length >= n && !document.body.classList.contains('sending')",
                                arg=len(steps))
    page.page.evaluate("__bench.want = null")
    return 1


def play(chromium: Any, table: Table, limit: int | None) -> Tally:
    tally = Tally(table.game, table.players, table.seed)
    started = time.monotonic()
    pages = [Page(chromium, url, DESKTOP) for url in table.urls]
    try:
        last: tuple[int, Any] | None = None  # (seat, card) of the payment under way
        while not table.mirror.is_over and (limit is None or len(tally.clicks_per_decision) < limit):
            seat = table.seat_to_act()
            page = pages[seat]
            page.wait_version(table.version, mine=True)
            action = table.choose(seat)
            card = paying_for(table, seat)
            clicks = pay_in_one_click(page) if card is not None else 0
            if not clicks:
                clicks = click_to(page, action, tally)
            applied = page.page.evaluate("__bench.applied")
            kind = "pay" if card is not None else action.split()[0]
            payment = None if card is None else (seat, card)
            if payment is not None and payment == last:
                tally.clicks_per_decision[-1] += clicks  # one more move of the same payment
            else:
                tally.clicks_per_decision.append(clicks)
                tally.decisions_by_kind[kind] += 1
            tally.clicks_by_kind[kind] += clicks
            for move in applied:
                table.follow(seat, move["action"], move["version"])
                tally.moves += 1
            last = payment
        if table.mirror.is_over:
            table.check_scores()
        for page in pages:
            tally.errors += page.errors
    finally:
        for page in pages:
            page.close()
    tally.seconds = time.monotonic() - started
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: Game Development with 2, Gadgeteers with 3)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, help="stop each game after this many decisions")
    args = parser.parse_args(argv)
    games = [(args.game, args.players, args.seed)] if args.game else GAMES
    failed = False
    with server_and_browser() as (server, chromium):
        for game, players, seed in games:
            tally = play(chromium, Table(server, game, players, seed), args.limit)
            print(tally.report())
            for error in tally.errors:
                print(f"  script error: {error}")
            failed = failed or bool(tally.errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
