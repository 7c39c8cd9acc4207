"""Players, not seats, at the table page: a person's seat shows their name ("Ada (you)" to
themselves), an unnamed seat is counted from 1, a bot wears a badge with its level, and each
person's seat says whether their page is open. Every text of the game the page draws (the event
log, the scores, the results) names seats so: the API's "Seat 0" never reaches the page. Over a
real server and Chromium; the names' checks at the API.
"""

from __future__ import annotations

import random
import re
import time
import urllib.error
from typing import Any

import pytest
from browser import Player, api, state

from boardwright.engine.names import named

#: the engine's way of naming the first seat, which people never read
SEAT_ZERO = re.compile(r"\b[Ss]eat ?0\b")
GAME = "makers-of-universe"
OPTIONS = {"max_rounds": 1}  # a short game: its end, scores and results are reached in seconds


def named_table(server: Any, seats: list[Any]) -> dict[str, Any]:
    made = api(server.url, "/api/tables", {"game": GAME, "players": len(seats), "seats": seats, "options": OPTIONS})
    for seat in made["seats"]:
        if seat.get("url") and not seat["url"].startswith("http"):
            seat["url"] = server.url + seat["url"]
    return made


def refused(server: Any, body: dict[str, Any]) -> tuple[int, str]:
    try:
        api(server.url, "/api/tables", body)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    return 200, ""


def seat_line(player: Player, seat: int) -> Any:
    return player.page.locator(f"#seat-list li[data-seat='{seat}']")


def presence(player: Player, seat: int) -> str:
    """What the seat's mark says (its words, beside the dot)."""
    mark = player.page.locator(f"#seat-list li[data-seat='{seat}'] .presence")
    return mark.inner_text().replace("●", "").replace("○", "").strip() if mark.count() else ""


def wait_for(condition: Any, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def play_people_to_the_end(server: Any, table: dict[str, Any], people: list[int], seed: int = 3) -> None:
    """Random legal moves of the people's seats through the API (the bot moves by itself)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 90
    while True:
        seen = state(server, table)
        if seen["is_over"]:
            return
        assert time.monotonic() < deadline, "the game did not end"
        mine = [seat for seat in seen["to_act"] if seat in people]
        if not mine:
            time.sleep(0.05)  # the bot's move
            continue
        message = state(server, table, mine[0])
        if not message["legal_actions"] or message["version"] != seen["version"]:
            continue
        try:
            api(server.url, f"/api/tables/{table['table']}/actions",
                {"token": table["seats"][mine[0]]["token"], "action": rng.choice(message["legal_actions"]),
                 "version": message["version"]})
        except urllib.error.HTTPError as error:  # the table moved on meanwhile (a bot): look again
            if error.code != 409:
                raise


def test_named_seats_a_bot_badge_and_who_is_connected_at_the_table(server, browser):
    table = named_table(server, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}, "heuristic",
                                 "human"])
    assert [seat["name"] for seat in table["seats"]] == ["Ada", "Bob", None, None]
    ada = Player(browser, table["seats"][0]["url"], asks=True)  # the test moves the people's seats itself
    try:
        # the seat list: names, "(you)", an unnamed seat counted from 1, the bot's badge with its level
        wait_for(lambda: seat_line(ada, 0).count() == 1, "the seat list")
        assert seat_line(ada, 0).locator(".seat-badge").inner_text() == "Ada (you)"
        assert seat_line(ada, 1).locator(".seat-badge").inner_text() == "Bob"
        assert seat_line(ada, 2).locator(".seat-badge").inner_text() == "Seat 3"
        assert seat_line(ada, 2).locator(".bot-badge").inner_text() == "bot · heuristic"
        assert seat_line(ada, 3).locator(".seat-badge").inner_text() == "Seat 4"
        assert seat_line(ada, 0).locator(".bot-badge").count() == 0
        assert seat_line(ada, 1).locator(".bot-badge").count() == 0
        # connected marks: Ada's own page is open, Bob's is not; then it is; then it is closed again
        wait_for(lambda: presence(ada, 0) == "connected", "Ada connected")
        assert presence(ada, 1) == "away"
        assert seat_line(ada, 2).locator(".presence").count() == 0  # a bot is always at the table
        bob = Player(browser, table["seats"][1]["url"], asks=True)
        try:
            wait_for(lambda: presence(ada, 1) == "connected",
                     "Bob's mark to show connected on Ada's page")
            assert seat_line(bob, 1).locator(".seat-badge").inner_text() == "Bob (you)"
            assert seat_line(bob, 0).locator(".seat-badge").inner_text() == "Ada"
        finally:
            bob.close()
        wait_for(lambda: presence(ada, 1) == "away",
                 "Bob's mark to show away once his page closed")

        play_people_to_the_end(server, table, people=[0, 1, 3])
        ada.page.wait_for_selector("#results:not([hidden])")
        message = state(server, table, 0)
        names = ["Ada", "Bob", None, None]
        # every event of the log, named as people read it (the API's texts name "Seat 0")
        wait_for(lambda: ada.page.locator("#events li").count() == min(200, len(message["events"])),
                 "the whole log on the page")
        told = ada.page.locator("#events li").all_inner_texts()
        expected = [named(event["text"], 4, names, viewer=0) for event in message["events"]][-200:]
        assert told == expected
        assert any(SEAT_ZERO.search(event["text"]) for event in message["events"]), "precondition: the API says Seat 0"
        assert any("Ada (you)" in line for line in told) and any("Bob" in line for line in told)
        # scores, results and the whole page: names and 1-based labels, never seat 0
        scores = ada.page.locator("#scores").inner_text()
        assert "Ada (you)" in scores and "Bob" in scores and "Seat 3" in scores and "Seat 4" in scores
        results = ada.page.locator("#results").inner_text()
        assert "Ada (you)" in results and "Bob" in results
        page_text = ada.page.evaluate("document.body.innerText")
        assert not SEAT_ZERO.search(page_text), SEAT_ZERO.search(page_text)
        assert ada.errors == []
    finally:
        ada.close()


@pytest.mark.parametrize("name", ["<b>Ada</b>", "Seat 2", "seat1", "bot Ada", "Heuristic", "", "x" * 25])
def test_a_name_that_is_markup_or_passes_for_a_seat_or_a_bot_is_refused(shared_server, name):
    code, said = refused(shared_server, {"game": GAME, "players": 3, "options": OPTIONS,
                                  "seats": [{"kind": "human", "name": name}, "human", "human"]})
    assert code == 422 and "name" in said, said


def test_a_bot_seat_takes_no_name_and_every_message_says_who_sits_where(shared_server):
    server = shared_server
    code, said = refused(server, {"game": GAME, "players": 3,
                                  "seats": [{"kind": "heuristic", "name": "Ada"}, "human", "human"]})
    assert code == 422 and "bot" in said, said
    table = named_table(server, [{"kind": "human", "name": " Ada   Lovelace "}, "random", "human"])
    seats = state(server, table)["seats"]
    assert [(s["seat"], s["name"], s["kind"], s["bot"], s["connected"]) for s in seats] == [
        (0, "Ada Lovelace", "human", None, False), (1, None, "random", "random", False),
        (2, None, "human", None, False)]
