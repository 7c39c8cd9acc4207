"""How long a click takes to redraw the table page of a long game of The Game Makers.

    python benchmarks/table_redraw.py                      # 3 players, 40 clicks near the end
    python benchmarks/table_redraw.py --clicks 80 --players 4 --seed 3
    python benchmarks/table_redraw.py --profile 25         # and the page's 25 dearest functions
    python benchmarks/table_redraw.py --no-pacing          # others' moves drawn as they come

It starts ``boardwright serve`` (this checkout, SQLite in a temporary directory) and opens a table
of The Game Makers whose seat 0 is a person and the others the heuristic bot. Seat 0 is played
through the API (a seeded random choice, that prefers manufacturing so the game moves on) until a
Display Case holds ``--near`` games; then the seat's page is opened in Debian's Chromium and a
person's clicks are made: a random lit piece, or an entry of the choices popup when one is open.

Per click, from the click to the table drawn (the page sets ``document.body.dataset.version``
when it has drawn a message; a click that selects a piece redraws without a new version): the
time until the drawing script is done, and until the next frame after it (style, layout and
paint included). The page steps through others' moves as a person's page does by default
(pacing.js); ``--no-pacing`` turns that setting off, so every push is drawn as it comes (as before
the pacing). The part of that spent waiting for the server's answer is given apart. Prints
the median, 90th percentile and max of each; with ``--profile``, the functions of the page that
took the most time (Chromium's sampling profiler over all the clicks).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's code, as the server it starts runs
from browser import act, new_table, state  # noqa: E402
from services import CHROMIUM, CHROMIUM_ARGS, Server, sqlite_url  # noqa: E402

GAME = "the-game-makers"
#: the page's setting "step through others' moves" off (tests/browser.py's PACING_OFF; kept here so
#: the script also runs on a checkout from before the pacing, for a before/after figure)
PACING_OFF = "try { localStorage.setItem('boardwright.step-through-moves', 'off'); } catch (error) { }"
#: installed in the page before its scripts: times each click to the redraw that follows it
TIMING = """
window.__redraws = [];
window.__clickAt = null;
document.addEventListener("click", () => { window.__clickAt = performance.now(); }, true);
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => {
    const at = window.__clickAt;
    if (at === null) return;
    window.__clickAt = null;
    const scripted = performance.now() - at;
    const asked = performance.getEntriesByType("resource").filter((e) => e.name.includes("/actions")
      && e.startTime >= at).map((e) => e.responseEnd - e.startTime);
    requestAnimationFrame(() => setTimeout(() => {
      window.__redraws.push({ scripted, framed: performance.now() - at, server: asked.length ? asked[0] : 0 });
    }, 0));
  }).observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
});
"""


def play_to_near_end(server: Server, table: dict[str, Any], near: int, rng: random.Random) -> dict[str, Any]:
    """Seat 0 plays through the API (the bots play themselves) until a Display Case holds ``near``
    games, or the last turn is known; the spectator's message then."""
    for _ in range(20_000):
        seen = state(server, table)
        filled = max(sum(1 for card in seat["display"] if card >= 0) for seat in seen["view"]["seats"])
        if seen["is_over"]:
            raise SystemExit("the game ended before the page was opened: ask a smaller --near")
        if filled >= near or seen["view"]["end_turn"]:
            return seen
        if 0 not in seen["to_act"]:
            time.sleep(0.05)
            continue
        legal = state(server, table, 0)["legal_actions"]
        making = [a for a in legal if a.startswith(("make contract", "pay ", "display "))]
        act(server, table, 0, rng.choice(making or legal))
    raise SystemExit("the game did not come near its end")


def click_once(page: Any, rng: random.Random) -> bool:
    """One person's click on seat 0's page: a choice of the open popup, else a lit piece."""
    choices = page.locator("#choices:not([hidden]) button[data-action]")
    lit = page.locator("#board .playable")
    count = choices.count()
    target = choices if count else lit
    count = count or lit.count()
    if not count:
        return False
    try:
        target.nth(rng.randrange(count)).click(timeout=3000)
    except Exception as error:  # a bot's move redrew the board under the click
        if type(error).__name__ != "TimeoutError":
            raise
        return False
    return True


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (f"{name:<34} median {statistics.median(ordered):7.1f} ms   p90 {p90:7.1f} ms   "
            f"max {ordered[-1]:7.1f} ms")


def dearest(profile: dict[str, Any], top: int) -> list[tuple[float, str]]:
    """The functions of a CPU profile by self time (ms), dearest first."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_time: Counter[str] = Counter()
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas, strict=False):
        frame = nodes[sample]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1]
        self_time[f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber'] + 1}"] += delta / 1000
    return [(ms, name) for name, ms in self_time.most_common(top)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="seat 0's choices (the table's deal is the server's)")
    parser.add_argument("--near", type=int, default=9, help="open the page once a Display Case holds this many")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--profile", type=int, default=0, help="print this many of the dearest functions")
    parser.add_argument("--no-pacing", action="store_true", help="the page's 'step through others' moves' off")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="bw-redraw-"))
    server = Server(sqlite_url(workdir / "boardwright.db"), workdir=workdir,
                    args=("--rate-limit", "0", "--max-tables-per-address", "0")).start()
    try:
        table = new_table(server, GAME, ["human"] + ["heuristic"] * (args.players - 1))
        started = time.monotonic()
        seen = play_to_near_end(server, table, args.near, rng)
        print(f"played to turn {seen['view']['turn']} (version {seen['version']}) in "
              f"{time.monotonic() - started:.0f} s through the API")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            context = chromium.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.add_init_script(TIMING)
            if args.no_pacing:
                page.add_init_script(PACING_OFF)
            opened = time.monotonic()
            page.goto(table["seats"][0]["url"])
            page.wait_for_function("() => document.body.dataset.version !== undefined")
            print(f"page opened and drawn in {1000 * (time.monotonic() - opened):.0f} ms; "
                  f"{page.locator('#events li').count()} events listed, "
                  f"{page.evaluate('document.querySelectorAll(`*`).length')} elements")
            cdp = context.new_cdp_session(page) if args.profile else None
            if cdp is not None:
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                cdp.send("Profiler.start")
            clicks = 0
            deadline = time.monotonic() + 600
            while clicks < args.clicks and time.monotonic() < deadline:
                if page.evaluate("document.body.dataset.over") == "1":
                    break
                if page.evaluate("document.body.dataset.myTurn") != "1":
                    page.wait_for_function("() => document.body.dataset.myTurn === '1' || "
                                           "document.body.dataset.over === '1'", timeout=60_000)
                    continue
                before = page.evaluate("window.__redraws.length")
                if not click_once(page, rng):
                    continue
                clicks += 1
                try:
                    page.wait_for_function("n => window.__redraws.length > n", arg=before, timeout=15_000)
                except Exception as error:
                    if type(error).__name__ != "TimeoutError":
                        raise
            if cdp is not None:
                profile = cdp.send("Profiler.stop")["profile"]
            redraws = page.evaluate("window.__redraws")
            context.close()
            chromium.close()
    finally:
        server.stop()
    if not redraws:
        raise SystemExit("no click was timed")
    print(f"{len(redraws)} clicks timed (of {clicks}); script errors: {errors or 'none'}")
    print(summary("click to drawn (script done)", [r["scripted"] for r in redraws]))
    print(summary("click to drawn (next frame)", [r["framed"] for r in redraws]))
    print(summary("  of it, the server's answer", [r["server"] for r in redraws]))
    print(summary("  the page's own part (frame)", [r["framed"] - r["server"] for r in redraws]))
    if args.profile:
        print(f"\nthe page's dearest functions (self time over the {clicks} clicks and the bots' pushes):")
        for ms, name in dearest(profile, args.profile):
            print(f"  {ms:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
