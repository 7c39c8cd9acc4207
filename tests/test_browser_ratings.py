"""The leaderboard and profile pages in a real browser: reached from the lobby's "Leaderboards"
link, a game and player count chosen, a person's profile with the line of their rating history and
their recent tables' replays; what people wrote (a username full of markup) is shown as text."""

from __future__ import annotations

import time
from typing import Any

from test_web_ratings import GAME, new_account, rate_directly
from webplay import client, execute, wait_until

from boardwright.web.storage import Storage

ARGS = ("--rate-limit", "0", "--workers", "1")
#: a username as nobody should be able to choose one (the accounts refuse it): if it got in, it is text
MARKUP = "<img src=x onerror=pwned=1>"


def finished_table(db: str, table: str, account_id: int, place: int) -> None:
    """A finished three-player table at which ``account_id`` sat at seat 0 and took ``place``."""
    storage = Storage(db)
    try:
        storage.create({"id": table, "game": GAME, "game_version": "1", "players": 3, "options": {}, "seed": 1,
                        "creator": "x", "timer": None, "address": None},
                       [{"seat": seat, "kind": kind, "token": None, "bot": None,
                         "account_id": account_id if seat == 0 else None}
                        for seat, kind in enumerate(["human", "heuristic", "random"])])
    finally:
        storage.close()
    execute(db, "UPDATE tables SET finished = :f, rated = :f WHERE id = :t", f=True, t=table)
    execute(db, "UPDATE seats SET place = :p WHERE table_id = :t AND seat = 0", p=place, t=table)


def test_the_leaderboard_and_a_profile_from_the_lobby(start_server: Any, page: Any) -> None:
    server = start_server(args=ARGS)
    db = server.db
    odd, _ = new_account(db, MARKUP)
    ada, _ = new_account(db, "ada")
    rate_directly(db, f"account:{odd}", 31, 2, 3)   # 25
    rate_directly(db, f"account:{ada}", 27, 3, 1)   # 18
    rate_directly(db, "bot:heuristic", 29, 2, 4)    # 23
    for number, (mu, sigma, place) in enumerate([(27, 7, 1), (29, 5, 2), (31, 2, 1)]):
        finished_table(db, f"table{number}", odd, place)
        execute(db, "INSERT INTO rating_history (subject, game, players, table_id, mu, sigma, won, created) "
                    "VALUES (:s, :g, 3, :t, :m, :d, :w, :c)", s=f"account:{odd}", g=GAME, t=f"table{number}",
                m=mu, d=sigma, w=place == 1, c=time.time() + number)

    page.goto(server.url + "/")
    page.get_by_role("link", name="Leaderboards").click()
    page.wait_for_url("**/ratings**")
    page.locator("#game").select_option(GAME)
    page.locator("#players").select_option("3")
    wait_until(lambda: page.evaluate("document.body.dataset.shown") == f"{GAME}/3", 10, "the leaderboard")
    assert page.url.endswith(f"/ratings/{GAME}?players=3")
    rows = page.locator("#rows tr")
    assert [rows.nth(i).locator("td").nth(1).inner_text().strip() for i in range(rows.count())] == [
        MARKUP, "heuristic bot", "ada"]
    assert rows.nth(0).locator("td").nth(2).inner_text() == "25"
    assert rows.nth(1).locator(".bot-badge").count() == 1 and rows.nth(0).locator(".bot-badge").count() == 0
    assert page.locator("#rows img").count() == 0

    rows.nth(0).get_by_role("link").click()
    page.wait_for_url("**/players/**")
    wait_until(lambda: page.evaluate("document.body.dataset.shown") == "1", 10, "the profile")
    assert page.locator("#username").inner_text() == MARKUP
    assert page.locator("img").count() == 0 and page.evaluate("typeof window.pwned") == "undefined"
    line = page.locator("#groups svg.history polyline")
    assert len(line.get_attribute("points").split()) == 3
    assert "3 rated games: 6, 14, 25" in page.locator("#groups svg.history").get_attribute("aria-label")
    recent = page.locator("#tables li")
    assert recent.count() == 3
    texts = [recent.nth(i).inner_text() for i in range(3)]
    assert sum("won" in text for text in texts) == 2 and sum("2nd of 3" in text for text in texts) == 1
    replay = recent.first.get_by_role("link", name="replay").get_attribute("href")
    assert replay.endswith("/t/table2/replay")  # the newest first

    page.goto(server.url + "/players/nobody")
    wait_until(lambda: page.evaluate("document.body.dataset.shown") == "1", 10, "the profile page")
    assert page.locator("#error").inner_text() == "there is no player 'nobody'"
    assert client(server).get("/api/players/nobody").status_code == 404
