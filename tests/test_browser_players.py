"""Players, not seats, from end to end in Chromium over a real server: two people sign up, one makes
an open table of Gadgeteers with an option changed and a bot, the other finds it in the lobby and
takes the free seat; they chat, see each other's names and the bot's badge (never "Seat 0"); one
closes the browser and, signed in on a fresh one, finds the game again in "My games" and plays on
without a link; the game ends, the three ratings move, and the rematch starts when both accept."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser import DESKTOP, Player, api, play_game
from webplay import wait_until

GAME = "gadgeteers"
PASSWORD = "correct horse battery"
#: a line of chat with markup in it: shown as text, never run
MARKUP = "hello <script>window.pwned = 1</script><img src=x onerror='window.pwned = 1'>"


def lobby_page(browser: Any, server: Any) -> Any:
    """A fresh browser (a context of its own) on the lobby, its script errors in ``errors``."""
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(f"uncaught: {error}"))
    page.goto(f"{server.url}/")
    page.wait_for_selector("#my-games-list[data-loaded]")
    return page


def account(page: Any, username: str, new: bool) -> None:
    """Sign up (``new``) or in through the account bar of ``page``."""
    page.get_by_role("button", name="Sign in or sign up").click()
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.get_by_role("button", name="Sign up" if new else "Sign in", exact=True).click()
    page.wait_for_selector("#account-bar[data-signed-in=yes]")


def seat_list(player: Player) -> list[str]:
    return player.page.locator("#seat-list li").all_inner_texts()


@pytest.mark.slow
def test_two_accounts_meet_in_the_lobby_play_a_rated_game_with_a_bot_and_rematch(server, browser):
    ada_lobby, bob_lobby = lobby_page(browser, server), lobby_page(browser, server)
    account(ada_lobby, "ada", new=True)
    account(bob_lobby, "bob", new=True)

    # Ada makes an open table: three seats (hers, a free one, the medium bot), Alternate Tokens on
    ada_lobby.fill("#name", "Ada")
    ada_lobby.select_option("#game", GAME)
    ada_lobby.select_option("#players", "3")
    ada_lobby.locator("[name=seat1]").select_option("human")
    ada_lobby.locator("[name=seat2]").select_option("medium")
    ada_lobby.locator("[data-option='alternate_tokens']").set_checked(True)
    ada_lobby.select_option("#visibility", "open")
    ada_lobby.locator("#create button[type=submit]").click()
    ada_lobby.wait_for_selector("#created:not([hidden])")
    seat_url = ada_lobby.locator("#go").evaluate("link => link.href")
    table = seat_url.split("/t/")[1].split("#")[0]
    ada = Player(browser, seat_url, seed=1, context=ada_lobby.context)

    # Bob finds it in the lobby's open tables and takes the free seat under his name
    bob_lobby.fill("#name", "Bob")
    entry = bob_lobby.locator(f".open-table[data-table='{table}']")
    entry.wait_for(timeout=20_000)
    assert "Ada" in entry.inner_text()
    entry.locator("button.take-seat[data-seat='1']").click()
    bob_lobby.wait_for_url(f"**/t/{table}#token=*")
    wait_until(lambda: api(server.url, f"/api/tables/{table}")["started"], 15, "the table to start when full")
    seen = api(server.url, f"/api/tables/{table}")
    assert seen["options"] == {"alternate_tokens": True}
    assert [(s["name"], s["bot"]) for s in seen["seats"]] == [("Ada", None), ("Bob", None), (None, "medium")]
    bob = Player(browser, bob_lobby.url, seed=2, context=bob_lobby.context)

    # names everywhere, the bot's badge, nobody called "Seat 0"; a chat line with markup is text
    for player, me, other in ((ada, "Ada", "Bob"), (bob, "Bob", "Ada")):
        player.page.wait_for_function("() => document.querySelectorAll('#seat-list li').length === 3")
        lines = seat_list(player)
        assert lines[["Ada", "Bob"].index(me)].startswith(f"{me} (you)") and other in " ".join(lines)
        assert player.page.locator("#seat-list li[data-seat='2'] .bot-badge").inner_text().endswith("medium")
    ada.page.fill("#chat-text", MARKUP)
    ada.page.press("#chat-text", "Enter")
    bob.page.wait_for_function("t => document.getElementById('chat').innerText.includes(t)", arg=MARKUP)
    assert bob.page.evaluate("() => window.pwned === undefined && !document.querySelector('#chat script, #chat img')")

    # some moves, then Bob's browser is closed; signed in on a fresh one he finds the game again
    for _ in range(6):
        for player in (ada, bob):
            if player.my_turn and not player.over:
                player.take_turn()
        ada.wait_version_above(ada.version, 5.0)
    bob.close()
    fresh = lobby_page(browser, server)
    assert fresh.locator(f'.my-game[data-table="{table}"]').count() == 0  # a new browser knows nothing of it
    account(fresh, "bob", new=False)
    mine = fresh.locator(f'.my-game[data-table="{table}"]')
    mine.wait_for()
    assert "Ada" in mine.inner_text()
    link = mine.locator("a").first.evaluate("link => link.href")
    assert "token" not in link  # reached by the session, not a link
    bob = Player(browser, link, seed=3, context=fresh.context)
    bob.page.wait_for_function("() => document.getElementById('title').textContent.includes('you are Bob')")

    # the game to its end, then every page names the players and the ratings have moved
    play_game([ada, bob], deadline=900)
    for player in (ada, bob):
        text = player.page.inner_text("body")
        assert not re.search(r"\b[Ss]eat ?0\b", text), "a seat was shown by its API number"
        assert "Ada" in player.page.inner_text("#results") and "Bob" in player.page.inner_text("#results")
    board = api(server.url, f"/api/ratings/{GAME}?players=3")["entries"]
    assert {entry["name"] for entry in board} == {"ada", "bob", "medium"}  # a level is rated as bot:<level>
    assert all(entry["games"] == 1 for entry in board)
    assert len({entry["rating"] for entry in board}) > 1  # the places moved the ratings apart
    assert api(server.url, "/api/players/ada")["tables"][0]["table"] == table

    # the rematch: offered by Ada, accepted by Bob, started with the same game and options
    ada.page.click("#results-rematch")
    wait_until(lambda: api(server.url, f"/api/tables/{table}")["rematch"] is not None, 15, "the rematch offer")
    rematch = api(server.url, f"/api/tables/{table}")["rematch"]["table"]
    bob.page.wait_for_function("() => document.querySelector('#results-rematch').textContent.includes('Accept')")
    bob.page.click("#results-rematch")
    for player in (ada, bob):
        player.page.wait_for_function("id => location.pathname.endsWith(id)", arg=rematch, timeout=20_000)
    again = api(server.url, f"/api/tables/{rematch}")
    assert again["started"] and again["game"] == GAME and again["options"] == {"alternate_tokens": True}
    assert [(s["name"], s["bot"]) for s in again["seats"]] == [("Ada", None), ("Bob", None), (None, "medium")]
    assert ada.errors == [] and bob.errors == [] and ada_lobby.errors == [] and fresh.errors == []
    for player in (ada, bob):
        player.close()
    bob_lobby.context.close()


def test_a_name_or_chat_line_of_one_table_never_reaches_another(server):
    """What is said and who sits at a table stay with that table: another table's messages, its
    chat and its lobby entry carry none of it."""
    first = api(server.url, "/api/tables", {"game": GAME, "players": 2, "seats": [
        {"kind": "human", "name": "Zelda"}, "random"]})
    second = api(server.url, "/api/tables", {"game": GAME, "players": 2, "seats": [
        {"kind": "human", "name": "Yusuf"}, "random"]})
    api(server.url, f"/api/tables/{first['table']}/chat", {"token": first["seats"][0]["token"],
                                                             "text": "a secret plan"})
    other = second["seats"][0]["token"]
    told = [api(server.url, f"/api/tables/{second['table']}?token={other}"),
            api(server.url, f"/api/tables/{second['table']}/chat?token={other}"),
            api(server.url, f"/api/tables/{second['table']}")]
    text = repr(told)
    assert "Yusuf" in text and "Zelda" not in text and "secret plan" not in text
