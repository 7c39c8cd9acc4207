"""Screenshots of the table page in the browser, one mid-game table per game.

    .venv/bin/python docs/screens/capture_web.py [GAME ...]

For each game it starts `boardwright serve` on a fresh SQLite file, creates a table, plays seeded
moves through the HTTP API until the game's own scene function says the table is at a good moment,
then opens one seat's page in Debian's Chromium and writes docs/screens/web-<game>-desktop.png
(1280x900) and web-<game>-phone.png (390x844).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from browser import DESKTOP, PHONE  # noqa: E402
from services import CHROMIUM, CHROMIUM_ARGS, Server, sqlite_url  # noqa: E402

_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with _direct.open(request, timeout=30) as answer:
        return json.loads(answer.read())


class Table:
    """A table driven through the API: `state(seat)` and `act(seat, action)`; seats not "human"
    are bots the server plays."""

    def __init__(self, base: str, game: str, players: int, options: dict[str, Any] | None = None,
                 seats: list[str] | None = None) -> None:
        self.base = base
        made = api(base, "/api/tables", {"game": game, "players": players, "seats": seats or ["human"] * players,
                                         "options": options or {}})
        self.id = made["table"]
        self.tokens = [seat.get("token") for seat in made["seats"]]
        self.urls = [seat.get("url") and (seat["url"] if seat["url"].startswith("http") else base + seat["url"])
                     for seat in made["seats"]]

    def state(self, seat: int | None = None) -> dict[str, Any]:
        query = f"?token={self.tokens[seat]}" if seat is not None else ""
        return api(self.base, f"/api/tables/{self.id}{query}")

    def act(self, seat: int, action: str) -> dict[str, Any]:
        version = self.state(seat)["version"]
        return api(self.base, f"/api/tables/{self.id}/actions",
                   {"token": self.tokens[seat], "action": action, "version": version})

    def play_until(self, good: Callable[[dict[str, Any]], bool], choose: Callable[[list[str], random.Random], str],
                   seed: int, limit: int = 3000) -> dict[str, Any]:
        """Seeded moves (`choose`) for the human seats, the bots' own for theirs, until `good(message
        of the human seat to act)` holds; that message."""
        rng = random.Random(seed)
        for _ in range(limit):
            spectator = self.state()
            if spectator["is_over"]:
                raise RuntimeError("the game ended before a good moment")
            humans = [seat for seat in spectator["to_act"] if self.tokens[seat]]
            if not humans:  # a bot thinks
                time.sleep(0.05)
                continue
            seat = humans[0]
            message = self.state(seat)
            if good(message):
                return message
            self.act(seat, choose(message["legal_actions"], rng))
        raise RuntimeError("no good moment within the limit")


# ---------------------------------------------------------------- the games' scenes
def the_game_makers(base: str) -> str:
    """Seat 0 (against two heuristic bots) on turn 9 or later, in the middle of its turn with a
    Forklift still READY, games on its shelf and machinery on its Assembly Line."""
    table = Table(base, "the-game-makers", 3, seats=["human", "heuristic", "heuristic"])
    liked = ("make contract", "display", "as machinery", "cell", "as worker", "work", "as building",
             "build on", "contract #", "as marketing", "market", "pay", "keep tile")

    def choose(actions: list[str], rng: random.Random) -> str:
        # a factory that grows: manufacture and invest rather than only hoard
        for prefix in liked:
            picks = [a for a in actions if a.startswith(prefix)]
            if picks and rng.random() < 0.8:
                return rng.choice(picks)
        return rng.choice(actions)

    def good(message: dict[str, Any]) -> bool:
        view = message["view"]
        mine = view["seats"][0]
        games = sum(c >= 0 for c in mine["display"])
        machinery = sum(0 <= c < 1000 for c in mine["assembly_line"])
        moving = any(a.startswith("forklift to") for a in message["legal_actions"])
        return (message["seat"] == 0 and view["turn"] >= 9 and not view["pending"] and moving
                and ((games >= 2 and machinery >= 1) or view["turn"] >= 14))

    table.play_until(good, choose, seed=5)
    return table.urls[0]


SCENES: dict[str, Callable[[str], str]] = {
    "the-game-makers": the_game_makers,
}


def shoot(browser: Any, url: str, out: Path, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out), full_page=False)
    context.close()
    if errors:
        raise RuntimeError(f"script errors on {url}: {errors}")


def main(games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as work, Server(sqlite_url(Path(work) / "screens.db"), workdir=work,
                                                      args=("--rate-limit", "0")) as server:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for game in games or list(SCENES):
                url = SCENES[game](server.url)
                for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    out = HERE / f"web-{game}-{name}.png"
                    shoot(browser, url, out, viewport)
                    print(f"docs/screens/{out.name}")
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
