"""Screenshots of the place around the tables, for notes and docs: the lobby, "My games", a
profile and a finished table, as a signed-in person sees them.

    python benchmarks/site_screens.py --out docs/players

On a real server with a fresh database, two people sign up (ada and bob) and play a rated table of
Gadgeteers with the heuristic bot, dealt from a fixed seed: Ada makes it open, Bob takes the free
seat, and each person's moves are seeded random legal moves sent through the API; a second table
waits for Ada's move and a third, open, waits for players. Then Ada's browser, signed in, is shot
on a desktop (1280x900): ``lobby.png`` (with "My games" and the open tables), ``profile.png``
(/players/ada after the rated game), ``leaderboard.png`` and ``finished-table.png`` (the results
panel of the finished game, with its rematch button). Script errors in a page stop the script.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import httpx
from tablepage import DESKTOP, server_and_browser

GAME, SEED = "gadgeteers", 1
PASSWORD = "correct horse battery"


def person(url: str, username: str) -> httpx.Client:
    """A signed-up client of the server, sending its CSRF token with every change."""
    http = httpx.Client(base_url=url, timeout=30, headers={"Origin": url})
    answer = http.post("/api/accounts", json={"username": username, "password": PASSWORD})
    answer.raise_for_status()
    http.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return http


def play_to_end(http: dict[int, httpx.Client], table: str, tokens: dict[int, str]) -> None:
    """A seeded random legal move for each person's seat, sent through the API, until the game
    ends (the bot plays its own seat meanwhile): the pictures need a finished game, not a good one."""
    rng = random.Random(SEED)
    while True:
        seen = http[0].get(f"/api/tables/{table}", params={"since": 999_999_999}).json()
        if seen["is_over"]:
            return
        seat = next((seat for seat in seen["to_act"] if seat in tokens), None)
        if seat is None:  # the bot's turn: it moves by itself
            time.sleep(0.05)
            continue
        mine = http[seat].get(f"/api/tables/{table}", params={"token": tokens[seat], "since": 999_999_999}).json()
        http[seat].post(f"/api/tables/{table}/actions", json={
            "token": tokens[seat], "action": rng.choice(mine["legal_actions"]), "version": mine["version"]})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the folder the PNG files go to")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with server_and_browser() as (server, chromium):
        server.seed_file.write_text(str(SEED))
        ada, bob = person(server.url, "ada"), person(server.url, "bob")
        made = ada.post("/api/tables", json={"game": GAME, "players": 3, "name": "Ada", "visibility": "open",
                                             "seats": ["human", "human", "heuristic"],
                                             "options": {"alternate_tokens": True}}).json()
        table = made["table"]
        taken = bob.post(f"/api/tables/{table}/seats/1/take", json={"name": "Bob"}).json()
        tokens = {0: made["seats"][0]["token"], 1: taken["token"]}
        play_to_end({0: ada, 1: bob}, table, tokens)
        waiting = ada.post("/api/tables", json={"game": "game-development", "players": 2, "name": "Ada",
                                                "seats": ["human", "random"]}).json()
        bob.post("/api/tables", json={"game": "makers-of-universe", "players": 3, "name": "Bob",
                                      "visibility": "open", "seats": ["human", "human", "human"]}).raise_for_status()
        context = chromium.new_context(viewport=DESKTOP)
        context.set_default_timeout(15_000)
        signed = context.request.post(f"{server.url}/api/session", data={"username": "ada", "password": PASSWORD},
                                      headers={"Origin": server.url})
        assert signed.ok, signed.text()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/")
        page.wait_for_selector(f'.my-game[data-table="{waiting["table"]}"] .your-turn')
        page.wait_for_selector(".open-table")
        page.screenshot(path=str(args.out / "lobby.png"), full_page=True)
        page.goto(f"{server.url}/players/ada")
        page.wait_for_selector("svg")
        page.screenshot(path=str(args.out / "profile.png"), full_page=True)
        page.goto(f"{server.url}/ratings/{GAME}?players=3")
        page.wait_for_function("() => document.querySelectorAll('table tbody tr').length >= 3")
        page.screenshot(path=str(args.out / "leaderboard.png"), full_page=True)
        page.goto(f"{server.url}/t/{table}")
        page.wait_for_selector("#results-rematch")
        page.screenshot(path=str(args.out / "finished-table.png"), full_page=True)
        context.close()
        if errors:
            print("script errors:", *errors, sep="\n  ", file=sys.stderr)
            return 1
    print(f"4 screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
