"""Screenshots of the table page in a browser, one pair per game (docs/screens/web-<game>-desktop.png
at 1280x900 and web-<game>-phone.png at 390x844), each from seat 0 in the middle of a game.

    .venv/bin/python docs/screens/capture_web.py [GAME ...]

It starts `boardwright serve` on a fresh SQLite file, creates a table whose seats are all people,
plays moves through the HTTP API with a seeded random choice (weighted per game so that tableaus
fill up) until the game's `moment` says the table is worth showing with seat 0 to act, then opens
seat 0's link in headless Chromium (tests/services.py: Server, CHROMIUM) and saves the screenshots.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from services import CHROMIUM, CHROMIUM_ARGS, Server, sqlite_url  # noqa: E402

_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class Shot:
    """How to reach a good moment of one game: players, seed, a weight per action text (higher:
    chosen more often) and the moment (a predicate on seat 0's message) to stop at."""

    players: int
    seed: int
    weight: Callable[[str], float]
    moment: Callable[[dict[str, Any]], bool]
    limit: int = 3000


def _gamedev_weight(action: str) -> float:
    if action == "end turn":
        return 0.15
    if action.startswith(("play", "pay", "lead")):
        return 3.0
    return 1.0


def _gamedev_moment(message: dict[str, Any]) -> bool:
    view = message["view"]
    legal = message["legal_actions"]
    return (view["milestone_number"] >= 3 and view["phase"] == "turn" and message["seat"] == 0
            and any(a.startswith("play ") for a in legal)
            and sum(len(p["features"]) for p in view["players"]) >= 5 and any(p["bugs"] for p in view["players"]))


#: game id -> how to reach its moment
SHOTS: dict[str, Shot] = {
    "game-development": Shot(3, 11, _gamedev_weight, _gamedev_moment),
}


def call(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with _direct.open(request, timeout=30) as answer:
        return json.loads(answer.read())


class Missed(Exception):
    """This table's game never came to the moment (the server deals at random: try another)."""


def reach_moment(server: Server, game: str, shot: Shot, attempt: int = 0) -> str:
    """Create a table and play up to the moment; returns seat 0's join URL."""
    table = call(f"{server.url}/api/tables", {"game": game, "players": shot.players,
                                             "seats": ["human"] * shot.players, "options": {}})
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    base = f"{server.url}/api/tables/{table['table']}"
    rng = random.Random(shot.seed + attempt)
    for _ in range(shot.limit):
        first = call(f"{base}?token={tokens[0]}&since=999999")
        if first["is_over"]:
            raise Missed(f"{game}: the game ended before the moment")
        if shot.moment(first):
            return table["seats"][0]["url"]
        seat = first["to_act"][0]
        message = first if seat == 0 else call(f"{base}?token={tokens[seat]}&since=999999")
        legal = message["legal_actions"]
        action = rng.choices(legal, [shot.weight(a) for a in legal])[0]
        call(f"{base}/actions", {"token": tokens[seat], "action": action, "version": message["version"]})
    raise Missed(f"{game}: no moment within {shot.limit} moves")


def capture(game: str, shot: Shot, browser: Any, server: Server) -> None:
    for attempt in range(10):
        try:
            url = reach_moment(server, game, shot, attempt)
            break
        except Missed as missed:
            print(f"{missed}; another table")
    else:
        raise SystemExit(f"{game}: no table came to the moment")
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844})):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.version !== undefined")
        page.wait_for_timeout(400)
        path = HERE / f"web-{game}-{name}.png"
        page.screenshot(path=str(path), full_page=False)
        context.close()
        print(f"docs/screens/{path.name}")


def main(games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="bw-capture-"))
    with Server(sqlite_url(workdir / "capture.db"), workdir=workdir, args=("--rate-limit", "0")) as server, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for game in games or list(SHOTS):
                capture(game, SHOTS[game], browser, server)
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
