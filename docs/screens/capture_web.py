"""Screenshots of the table page in the browser, one mid-game table per game.

    .venv/bin/python docs/screens/capture_web.py [GAME ...]

For each game it starts `boardwright serve` on a fresh SQLite file, creates a table with human seats,
plays seeded random moves through the HTTP API until the game's own scene function says the table
is at a good moment, then opens one seat's page in Debian's Chromium and writes
docs/screens/web-<game>-desktop.png (1280x900) and web-<game>-phone.png (390x844).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
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
    """A table of human seats driven through the API: `state(seat)` and `act(seat, action)`."""

    def __init__(self, base: str, game: str, players: int, options: dict[str, Any] | None = None) -> None:
        self.base = base
        made = api(base, "/api/tables", {"game": game, "players": players, "seats": ["human"] * players,
                                         "options": options or {}})
        self.id = made["table"]
        self.tokens = [seat["token"] for seat in made["seats"]]
        self.urls = [seat["url"] if seat["url"].startswith("http") else base + seat["url"] for seat in made["seats"]]

    def state(self, seat: int | None = None) -> dict[str, Any]:
        query = f"?token={self.tokens[seat]}" if seat is not None else ""
        return api(self.base, f"/api/tables/{self.id}{query}")

    def act(self, seat: int, action: str) -> dict[str, Any]:
        version = self.state(seat)["version"]
        return api(self.base, f"/api/tables/{self.id}/actions",
                   {"token": self.tokens[seat], "action": action, "version": version})

    def play_until(self, good: Callable[[dict[str, Any]], bool], choose: Callable[[list[str], random.Random], str],
                   seed: int, limit: int = 3000) -> dict[str, Any]:
        """Seeded moves (`choose`) until `good(message of the seat to act)` holds; that message."""
        rng = random.Random(seed)
        for _ in range(limit):
            spectator = self.state()
            if spectator["is_over"]:
                raise RuntimeError("the game ended before a good moment")
            seat = spectator["to_act"][0]
            message = self.state(seat)
            if good(message):
                return message
            self.act(seat, choose(message["legal_actions"], rng))
        raise RuntimeError("no good moment within the limit")


# ---------------------------------------------------------------- the games' scenes
def makers_of_universe(base: str) -> str:
    """Rounds 3 to 9, seat 0 in its Action Phase with a hand of cards, Machines and trapped doors
    on the table.
    (The server deals at random, so each run shows another table.)"""
    table = Table(base, "makers-of-universe", 3)

    def choose(actions: list[str], rng: random.Random) -> str:
        # a lively table: bid something, keep playing cards rather than ending the turn at once
        bids = [a for a in actions if a.startswith("bid ")]
        if bids:
            return rng.choice(bids[1:4] or bids)
        playing = [a for a in actions if a not in ("end turn", "exchange")]
        if "end turn" in actions and playing and rng.random() < 0.75:
            actions = playing
        passes = [a for a in actions if a != "pass"]
        if "pass" in actions and rng.random() < 0.8:
            return "pass"
        return rng.choice(passes or actions)

    def good(message: dict[str, Any]) -> bool:
        view = message["view"]
        players = view["players"]
        return (message["seat"] == 0 and 3 <= view["round"] <= 9 and view["phase"] == "actions"
                and sum(len(p["machines"]) for p in players) >= 4
                and sum(d["card_under"] for p in players for d in p["doors"]) >= 2
                and len(players[0]["hand"]) >= 3 and len(message["legal_actions"]) > 4)

    for attempt in range(10):  # the server deals at random: another table if this one ends too soon
        try:
            table.play_until(good, choose, seed=11 + attempt)
            return table.urls[0]
        except RuntimeError:
            table = Table(base, "makers-of-universe", 3)
    raise RuntimeError("no good moment in ten tables")


def game_development(base: str) -> str:
    """Alpha or later, seat 0 to play with cards to play, five features and some bugs on the table.
    (The server deals at random, so each run shows another table.)"""

    def choose(actions: list[str], rng: random.Random) -> str:
        # a lively table: hire, build and pay rather than end the turn at once
        weights = [0.15 if a == "end turn" else 3.0 if a.startswith(("play", "pay", "lead")) else 1.0 for a in actions]
        return rng.choices(actions, weights)[0]

    def good(message: dict[str, Any]) -> bool:
        view = message["view"]
        players = view["players"]
        return (message["seat"] == 0 and view["milestone_number"] >= 3 and view["phase"] == "turn"
                and any(a.startswith("play ") for a in message["legal_actions"])
                and sum(len(p["features"]) for p in players) >= 5 and any(p["bugs"] for p in players))

    for attempt in range(10):  # the server deals at random: another table if this one ends too soon
        table = Table(base, "game-development", 3)
        try:
            table.play_until(good, choose, seed=11 + attempt)
            return table.urls[0]
        except RuntimeError:
            continue
    raise RuntimeError("no good moment in ten tables")


def gadgeteers(base: str) -> str:
    """Round 3 or later, seat 0 placing a token in the Parts Phase: face-up tokens left from earlier
    rounds beside fresh face-down ones, Gadgets built and tokens in the Junk Pile."""
    table = Table(base, "gadgeteers", 3)
    rng = random.Random(5)

    def choose(seat: int, message: dict[str, Any]) -> str:
        # each seat goes after one Gadget of the row (its Parts), builds whenever it can, sometimes
        # activates a power, and recalls little at the end of a round, so the square stays busy
        actions, view = message["legal_actions"], message["view"]
        builds = [a for a in actions if a.startswith("build ")]
        if builds:
            return rng.choice(builds)
        if actions[0].startswith("place "):
            wanted = view["row"][seat % len(view["row"])]["parts"]
            aimed = [a for a in actions if a.split()[-1] in wanted and a.split()[1] != "power"]
            return rng.choice(aimed if aimed and rng.random() < 0.8 else actions)
        if "done" in actions and rng.random() < 0.8:
            return "done"
        quiet = [a for a in actions if a in ("end", "pass")]
        return quiet[0] if quiet and rng.random() < 0.7 else rng.choice(actions)

    for _ in range(3000):
        spectator = table.state()
        if spectator["is_over"]:  # the server deals at random: another table
            table = Table(base, "gadgeteers", 3)
            continue
        seat = spectator["to_act"][0]
        message = table.state(seat)
        view = message["view"]
        if (seat == 0 and view["round"] >= 3 and view["phase"] == "Parts Phase" and view.get("parts_turn", 0) >= 3
                and sum(len(p["built"]) for p in view["players"]) >= 3 and view["junk_pile"]):
            return table.urls[0]
        table.act(seat, choose(seat, message))
    raise RuntimeError("no good moment within the limit")


def the_game_makers(base: str) -> str:
    """Turn 9 or later, seat 0 in the middle of its turn with a Forklift still READY, games on its
    shelf and machinery on its Assembly Line. (The server deals at random: another table if the
    game ends first.)"""
    table = Table(base, "the-game-makers", 3)
    rng = random.Random(5)
    liked = ("make contract", "display", "as machinery", "cell", "as worker", "work", "as building",
             "build on", "contract #", "as marketing", "market", "pay", "keep tile")

    def choose(actions: list[str]) -> str:
        # a factory that grows: manufacture and invest rather than only hoard
        for prefix in liked:
            picks = [a for a in actions if a.startswith(prefix)]
            if picks and rng.random() < 0.8:
                return rng.choice(picks)
        return rng.choice(actions)

    for _ in range(6000):
        spectator = table.state()
        if spectator["is_over"]:
            table = Table(base, "the-game-makers", 3)
            continue
        seat = spectator["to_act"][0]
        message = table.state(seat)
        view = message["view"]
        mine = view["seats"][0]
        games = sum(c >= 0 for c in mine["display"])
        machinery = sum(0 <= c < 1000 for c in mine["assembly_line"])
        moving = any(a.startswith("forklift to") for a in message["legal_actions"])
        if (seat == 0 and view["turn"] >= 9 and not view["pending"] and moving
                and ((games >= 2 and machinery >= 1) or view["turn"] >= 14)):
            return table.urls[0]
        table.act(seat, choose(message["legal_actions"]))
    raise RuntimeError("no good moment within the limit")


SCENES: dict[str, Callable[[str], str]] = {
    "gadgeteers": gadgeteers,
    "makers-of-universe": makers_of_universe,
    "game-development": game_development,
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

    with tempfile.TemporaryDirectory() as work:
        server = Server(sqlite_url(Path(work) / "screens.db"), workdir=work, args=("--rate-limit", "0"))
        with server, sync_playwright() as playwright:
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
