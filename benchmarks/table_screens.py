"""Screenshots of the table page of every game at the same moments on every run, for before/after notes.

    python benchmarks/table_screens.py --out docs/table/before
    python benchmarks/table_screens.py --out /tmp/after --game gadgeteers

For each game a table of people is dealt from a fixed seed on a real server and the heuristic bots
play it through the API. Seat 0's page is shot, on a desktop (1280x900) and a phone (390x844), at:

- ``start``: the table as dealt;
- ``middle``: the first decision of seat 0 after half the game's moves with at least ``MANY`` moves
  to choose from, with a piece selected (the
  lit piece with the most actions behind it, clicked once) or, when every lit piece takes its move
  at once, the tip of that piece shown (hovered);
- ``end``: the finished game, with the scores.

The files are ``<game>-<moment>-<desktop|phone>.png`` in ``--out``. Script errors in a page stop
the script.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tablepage import DESKTOP, PHONE, Page, Table, decisions_in_game, server_and_browser

#: the tables shot: (game, players, seed)
GAMES = [("game-development", 2, 1), ("gadgeteers", 3, 1), ("makers-of-universe", 3, 1), ("the-game-makers", 3, 2)]
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
#: a decision with at least this many moves to choose from is a telling middle moment
MANY = 6

#: Marks (data-bench-next) the lit piece with the most actions behind it, to be clicked (it gets
#: selected), or the first lit piece, to be hovered for its tip when each takes one action; says
#: which.
PICK = """
() => {
  const lit = [...document.querySelectorAll("#board .playable")].filter((e) => e.getClientRects().length);
  if (!lit.length) return "nothing lit";
  const breadth = (element) => Number(element.dataset.actions || 1);
  const widest = lit.reduce((best, element) => (breadth(element) > breadth(best) ? element : best));
  widest.setAttribute("data-bench-next", "");
  return breadth(widest) > 1 ? "select" : "tip";
}
"""


#: the setting of a person who asked to be asked in reaction windows (static/reactions.js)
ASK_TO_REACT = """
;(() => { const table = decodeURIComponent(location.pathname.split("/").pop());
          localStorage.setItem(`boardwright.reactions.${table}.0`, "ask"); })();
"""


def shoot(chromium: Any, table: Table, out: Path, moment: str, select: bool = False) -> None:
    for name, viewport in VIEWPORTS.items():
        # a reaction window: the page passes it unless the player asked to be asked, as the person
        # in this picture did (the window is the moment shown before the change)
        ask = ASK_TO_REACT if select and table.mirror.pass_action(0) is not None else ""
        page = Page(chromium, table.urls[0], viewport, before=ask)
        try:
            page.wait_version(table.version, mine=select)
            if select:
                how = page.page.evaluate(PICK)
                piece = page.page.locator("[data-bench-next]")
                if how == "select":
                    piece.click()
                elif how == "tip":
                    piece.hover()
                print(f"  {moment} ({name}): {how}")
            page.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            path = out / f"{table.game}-{moment}-{name}.png"
            page.page.screenshot(path=str(path))
            if page.errors:
                raise RuntimeError(f"script errors on {table.game}'s page: {page.errors}")
            print(f"{path} ({path.stat().st_size // 1024} KB)")
        finally:
            page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="the folder for the PNG files")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    games = [entry for entry in GAMES if not args.game or entry[0] in args.game]
    with server_and_browser() as (server, chromium):
        for game, players, seed in games:
            half = decisions_in_game(game, players, seed) // 2

            def middle(table: Table, half: int = half) -> bool:
                return table.moves >= half and table.seat_to_act() == 0 and len(table.mirror.legal_actions(0)) >= MANY

            table = Table(server, game, players, seed)
            shoot(chromium, table, args.out, "start")
            table.play_bots(until=middle)
            shoot(chromium, table, args.out, "middle", select=True)
            table.play_bots()
            shoot(chromium, table, args.out, "end")
            table.check_scores()
    return 0


if __name__ == "__main__":
    sys.exit(main())
