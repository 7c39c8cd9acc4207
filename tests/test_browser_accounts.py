"""Accounts and "My games" in Chromium: a person signs in on another device (a fresh browser
context), finds their table in "My games" with its "Your turn" mark, opens it without a token and
moves (the page sends the session's CSRF token); a guest finds the seat their browser was opened
with in "My games" too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from webplay import client, create, execute, get, tokens, wait_until

PASSWORD = "correct horse battery"


@pytest.fixture
def device(browser: Any) -> Iterator[Any]:
    """A fresh browser context's page (another device), its script errors in ``errors``."""
    context = browser.new_context()
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(f"uncaught: {error}"))
    page.on("console", lambda message: page.errors.append(f"console.error: {message.text}")
            if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
    yield page
    context.close()


def test_my_games_finds_a_seat_again_on_another_device(server, device, browser):
    http = client(server)
    signed_up = http.post("/api/accounts", json={"username": "wanderer", "password": PASSWORD})
    assert signed_up.status_code == 201
    http.headers["X-CSRF-Token"] = signed_up.json()["csrf"]  # a change the session cookie makes carries it
    made = create(http, "gadgeteers", ["human", "random"])  # made while signed in: seat 0 is the account's
    table, token = made["table"], tokens(made)[0]
    wait_until(lambda: 0 in get(http, table, token, since=999_999_999)["to_act"], 15, "seat 0's turn")

    page = device
    page.goto(f"{server.url}/")
    page.wait_for_selector("#my-games-list[data-loaded]")
    assert page.locator(f'.my-game[data-table="{table}"]').count() == 0  # a guest here: not this browser's seat
    page.get_by_role("button", name="Sign in or sign up").click()
    page.fill("#account-username", "wanderer")
    page.fill("#account-password", "not the password")
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_function("() => document.getElementById('account-error').textContent.includes('wrong')")
    page.fill("#account-password", PASSWORD)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_selector("#account-bar[data-signed-in=yes]")
    assert "Signed in as wanderer" in page.inner_text("#account-bar")

    entry = page.locator(f'.my-game[data-table="{table}"]')
    entry.locator(".your-turn").wait_for()
    assert "random bot" in entry.inner_text() and "Gadgeteers" in entry.inner_text()

    # the table, reached by the session alone (no token in the link), and a move made from the page
    entry.locator("a").first.click()
    page.wait_for_url(f"{server.url}/t/{table}")
    page.wait_for_function("() => document.body.dataset.myTurn === '1'")
    before = int(page.evaluate("document.body.dataset.version"))
    page.evaluate("for (const d of document.querySelectorAll('#actions details')) d.open = true")
    page.locator("#actions button[data-action]").first.click()
    page.wait_for_function("after => Number(document.body.dataset.version) > after", arg=before)
    stored = execute(server.db, "SELECT seat FROM actions WHERE table_id = :t AND version = :v", t=table, v=before + 1)
    assert stored == [(0,)]
    assert page.errors == []

    # signing out: the lobby's "My games" no longer lists the account's table
    page.goto(f"{server.url}/")
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_selector("#account-bar[data-signed-in=no]")
    page.wait_for_function(f"() => !document.querySelector('.my-game[data-table=\"{table}\"]')")
    assert page.errors == []


def test_a_guest_finds_the_seat_their_browser_was_opened_with(server, device):
    http = client(server)
    made = create(http, "gadgeteers", ["human", "random"])
    table, token = made["table"], tokens(made)[0]
    page = device
    page.goto(f"{server.url}/t/{table}#token={token}")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    page.goto(f"{server.url}/")
    entry = page.locator(f'.my-game[data-table="{table}"]')
    entry.wait_for()
    assert entry.locator("a").first.get_attribute("href") == f"/t/{table}#token={token}"
    assert "random bot" in entry.inner_text()
    assert page.errors == []
