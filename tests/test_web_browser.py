"""The plain pages in a real browser (Debian's Chromium through Playwright) against the real
server: a player and a spectator at one table, a reload in the middle of a game, the lobby, and a
server killed and restarted under open pages, which reconnect by themselves. No script errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from webplay import act, client, create, get, quiet, stable, tokens, wait_until

from boardwright.engine.names import named

ARGS = ("--rate-limit", "0", "--workers", "1")


@pytest.fixture
def spectator(browser: Any) -> Iterator[Any]:
    """A second page in a context of its own (another person's browser), its script errors
    collected in ``errors`` and failing the test at teardown like the ``page`` fixture's."""
    context = browser.new_context()
    context.set_default_timeout(10_000)
    other = context.new_page()
    errors: list[str] = []
    other.errors = errors

    def on_console(message: Any) -> None:  # network failures are not script errors (as for `page`)
        if message.type == "error" and not message.text.startswith(
                ("Failed to load resource", "WebSocket connection to")):
            errors.append(f"console.error: {message.text}")

    other.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    other.on("console", on_console)
    try:
        yield other
    finally:
        context.close()
    if errors:
        pytest.fail("script errors in the spectator's page:\n" + "\n".join(errors), pytrace=False)


def shown_version(page: Any, version: int) -> None:
    """Wait until ``page`` shows the table at ``version``."""
    page.wait_for_selector(f"body[data-version='{version}']", state="attached")


def event_texts(page: Any) -> list[str]:
    return page.locator("#events li").all_inner_texts()


def in_step(page: Any, http: Any, table: str, token: str | None, after: int = -1) -> dict[str, Any]:
    """Wait until the table is past version ``after`` and waits for the person at seat 0, then
    until ``page`` shows that very state; check that it shows the seat's legal actions as buttons
    and its events. The state, as the seat sees it."""
    settled = wait_until(lambda: (message := quiet(http, table, {0}))["version"] > after and message, 15,
                         f"table {table} to pass version {after}")
    shown_version(page, settled["version"])
    seen = get(http, table, token)
    assert seen["version"] == settled["version"]
    buttons = page.eval_on_selector_all("#actions button[data-action]", "found => found.map(b => b.dataset.action)")
    assert sorted(buttons) == sorted(seen["legal_actions"])  # the list is a menu of steps: its own order
    players = len(seen["breakdown"])  # the page names seats as people count them ("(you)": its own)
    assert event_texts(page) == [named(event["text"], players, viewer=seen["seat"]) for event in seen["events"]][-200:]
    return seen


def open_menu(page: Any) -> None:
    """Open every step of the action list (a menu of folded steps beside the board)."""
    page.evaluate("for (const step of document.querySelectorAll('#actions details')) step.open = true")


def lobby_round(server: Any, page: Any, http: Any, existing: str) -> None:
    """The lobby lists the games and the tables (``existing`` among them) and creates a table whose
    person's link opens it as that person."""
    games = http.get("/api/games").json()
    page.goto(f"{server.url}/")
    page.wait_for_selector(f"#tables a[href='/t/{existing}']")
    assert page.locator("#game option").all_inner_texts() == [game["name"] for game in games]

    page.select_option("#game", "makers-of-universe")
    page.select_option("#players", "3")
    assert page.locator("#seats select").count() == 3
    page.select_option("[name=seat2]", "random")
    page.locator("#create button[type=submit]").click()
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("#links a")
    assert links.count() == 1  # one person, two bots
    href = links.first.get_attribute("href")
    assert href is not None and "#token=" in href
    made = href.split("/t/")[1].split("#")[0]
    page.wait_for_selector(f"#tables a[href='/t/{made}']")
    assert stable(get(http, made))["seats"] == [
        {"seat": 0, "name": None, "kind": "human", "bot": None, "played_by": "human"},
        {"seat": 1, "name": None, "kind": "medium", "bot": "medium", "played_by": "medium"},  # the default level
        {"seat": 2, "name": None, "kind": "random", "bot": "random", "played_by": "random"}]
    links.first.click()  # the person's link opens the table as that person
    page.wait_for_url(f"**/t/{made}#token=*")
    page.wait_for_selector("body[data-version]", state="attached")
    assert "you are Seat 1" in page.locator("#title").inner_text()  # seat 0: people count from 1
    assert page.locator("#error").inner_text() == ""


def test_the_lobby_and_a_table_with_a_player_and_a_spectator(start_server: Any, page: Any, spectator: Any) -> None:
    server = start_server(args=ARGS)
    http = client(server)
    created = create(http, "gadgeteers", ["human", "heuristic"])
    table, token = created["table"], tokens(created)[0]
    assert created["seats"][0]["url"] == f"{server.url}/t/{table}#token={token}"
    lobby_round(server, page, http, table)
    page.goto(created["seats"][0]["url"])  # the join link
    spectator.goto(f"{server.url}/t/{table}")

    seen = in_step(page, http, table, token)
    for turn in range(3):
        assert page.locator("#status").inner_text() == "Your turn"
        assert page.locator("#title").inner_text() == "Gadgeteers · you are Seat 1"
        in_step(spectator, http, table, None)
        assert spectator.locator("#title").inner_text().endswith("watching")
        assert spectator.locator("#actions button").count() == 0
        assert spectator.locator("#status").inner_text().startswith("Watching: Seat 1 to act")
        had = event_texts(spectator)
        open_menu(page)
        buttons = page.locator("#actions button[data-action]")
        buttons.nth(turn * 7 % buttons.count()).click()
        # the spectator's page shows what happened, pushed to it: the move and the bot's answer
        moved = in_step(spectator, http, table, None, after=seen["version"])
        assert event_texts(spectator)[:len(had)] == had and len(event_texts(spectator)) > len(had)
        seen = in_step(page, http, table, token, after=seen["version"])
        assert seen["version"] == moved["version"]
        if turn == 1:  # a reload in the middle of the game: the token is still in the fragment
            page.reload()
            assert in_step(page, http, table, token) == seen
    assert page.locator("#error").inner_text() == ""
    assert page.errors == [] and spectator.errors == []


@pytest.mark.slow
def test_a_page_reconnects_by_itself_to_a_restarted_server(start_server: Any, page: Any, spectator: Any) -> None:
    server = start_server(args=ARGS)
    http = client(server)
    created = create(http, "gadgeteers", ["human", "heuristic"])
    table, token = created["table"], tokens(created)[0]
    page.goto(f"{server.url}/t/{table}#token={token}")
    spectator.goto(f"{server.url}/t/{table}")

    seen = in_step(page, http, table, token)
    in_step(spectator, http, table, None)
    for each in (page, spectator):
        each.evaluate("window.stillTheSamePage = true")
        each.wait_for_selector("body[data-connection='connected']", state="attached")
    server.kill()
    for each in (page, spectator):
        each.wait_for_selector("body[data-connection='disconnected']", state="attached")
    server.restart()
    for each in (page, spectator):
        each.wait_for_selector("body[data-connection='connected']", state="attached", timeout=15_000)
    # a move made elsewhere (through the API) reaches both pages, which were never reloaded
    answer = act(http, table, token, seen["legal_actions"][0], seen["version"])
    assert answer.status_code == 200, answer.text
    moved = in_step(page, http, table, token, after=seen["version"])
    in_step(spectator, http, table, None, after=seen["version"])
    for each in (page, spectator):
        assert each.evaluate("window.stillTheSamePage") is True
    open_menu(page)
    page.locator("#actions button[data-action]").first.click()  # and the page still plays
    in_step(page, http, table, token, after=moved["version"])
    in_step(spectator, http, table, None, after=moved["version"])
    assert page.errors == [] and spectator.errors == []
