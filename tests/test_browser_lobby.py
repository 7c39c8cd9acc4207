"""The lobby in Chromium: the options form built from GET /api/games, an open table joined from the
lobby by a second browser, the creator's controls on the table page (start with a bot, hand a seat
to a bot and back, cancel), and a rematch accepted by both players."""

from __future__ import annotations

from typing import Any

from browser import DESKTOP, Player, api, new_table, state
from webplay import wait_until

GAME = "game-development"  # short games: a table of random bots ends in a second or two


def lobby(browser: Any, server: Any, name: str = "") -> Any:
    """A page of the lobby in a context of its own, with ``name`` remembered (or none)."""
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(10_000)
    if name:
        context.add_init_script(f"localStorage.setItem('boardwright.name', {name!r})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"{server.url}/")
    page.wait_for_selector("#options .option-field, #options:empty", state="attached")
    return page


def changed_value(option: dict[str, Any]) -> Any:
    """A value of ``option`` other than its default, as the form's field takes it."""
    if option["type"] == "bool":
        return not option["default"]
    if "choices" in option:
        return next(choice for choice in option["choices"] if choice != option["default"])
    if option["type"] == "int":
        low = option.get("minimum", 1)
        return low if option["default"] != low else low + 1
    return None


def test_the_options_form_is_built_from_the_games_and_a_changed_option_reaches_the_table(shared_server, browser):
    games = api(shared_server.url, "/api/games")
    page = lobby(browser, shared_server)
    try:
        for game in games:
            page.select_option("#game", game["id"])
            for option in game["options"]:
                field = page.locator(f"[data-option='{option['name']}']")
                assert field.count() == 1, option["name"]
                help_id = field.get_attribute("aria-describedby")
                assert page.locator(f"#{help_id}").inner_text() == (option["doc"] or "")
                if option["type"] == "bool":
                    assert field.is_checked() == bool(option["default"])
                else:
                    assert field.input_value() == ("" if option["default"] is None else str(option["default"]))
                if option["type"] == "int" and "maximum" in option:
                    assert field.get_attribute("max") == str(option["maximum"])
            option = next(o for o in game["options"] if changed_value(o) is not None)
            value = changed_value(option)
            field = page.locator(f"[data-option='{option['name']}']")
            if option["type"] == "bool":
                field.set_checked(value)
            elif "choices" in option:
                field.select_option(value)
            else:
                field.fill(str(value))
            page.fill("#name", "Ada")
            seats = page.locator("#seats select")
            for seat in range(1, seats.count()):
                seats.nth(seat).select_option("random")
            page.locator("#create button[type=submit]").click()
            page.wait_for_selector("#created:not([hidden])")
            href = page.locator("#go").get_attribute("href")
            assert href and "#token=" in href
            table = href.split("/t/")[1].split("#")[0]
            seen = api(shared_server.url, f"/api/tables/{table}")
            assert seen["options"] == {option["name"]: value}, game["id"]
            assert seen["seats"][0]["name"] == "Ada" and seen["game"] == game["id"]
            page.evaluate("document.getElementById('created').hidden = true")
        assert page.errors == []
    finally:
        page.context.close()


def test_an_open_table_is_joined_from_the_lobby_and_starts_when_full(shared_server, browser):
    ada = lobby(browser, shared_server, "Ada")
    bob = lobby(browser, shared_server, "Bob")
    try:
        ada.select_option("#game", GAME)
        ada.select_option("#players", "3")
        ada.locator("[name=seat1]").select_option("human")
        ada.locator("[name=seat2]").select_option("random")
        ada.select_option("#visibility", "open")
        ada.locator("#create button[type=submit]").click()
        ada.wait_for_selector("#created:not([hidden])")
        href = ada.locator("#go").get_attribute("href")
        table = href.split("/t/")[1].split("#")[0]
        ada.locator("#go").click()
        ada.wait_for_selector("#lobby-panel .lobby-seats li.free[data-seat='1']")
        assert "1 seat is free" in ada.locator("#lobby-panel").inner_text()
        assert api(shared_server.url, f"/api/tables/{table}")["version"] == 0
        # Bob finds it in the lobby (refreshed every few seconds) and takes the free seat
        entry = bob.locator(f".open-table[data-table='{table}']")
        entry.wait_for(timeout=15_000)
        assert "Ada" in entry.inner_text()
        entry.locator("button.take-seat[data-seat='1']").click()
        bob.wait_for_url(f"**/t/{table}#token=*")
        bob.wait_for_selector("body[data-version]", state="attached")
        wait_until(lambda: api(shared_server.url, f"/api/tables/{table}")["started"], 10, "the table to start")
        seen = api(shared_server.url, f"/api/tables/{table}")
        assert [seat["name"] for seat in seen["seats"]] == ["Ada", "Bob", None]
        ada.wait_for_function("() => !document.querySelector('#lobby-panel').textContent"
                              ".includes('Waiting for players')")  # started: nobody is waited for
        assert ada.errors == [] and bob.errors == []
    finally:
        ada.context.close()
        bob.context.close()


def creator_player(browser: Any, url: str, table: dict[str, Any]) -> Player:
    """The creator's page on ``url``: the lobby keeps the creator token in the browser that made the table."""
    player = Player(browser, url)
    player.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                         [f"boardwright.creator.{table['table']}", table["creator_token"]])
    player.reload()
    return player


def test_the_creator_starts_with_a_bot_hands_a_seat_over_and_back_and_cancels(shared_server, browser):
    made = api(shared_server.url, "/api/tables", {"game": GAME, "players": 2, "seats": ["human", "human"],
                                                  "visibility": "open", "name": "Ada"})
    url = made["seats"][0]["url"]
    url = url if url.startswith("http") else shared_server.url + url
    creator = creator_player(browser, url, made)
    visitor = Player(browser, f"{shared_server.url}/t/{made['table']}")
    try:
        page = creator.page
        page.wait_for_selector("#creator-start")
        assert visitor.page.locator("#creator-start").count() == 0  # no token, no controls
        visitor.page.wait_for_selector("#lobby-panel button.take-seat")
        page.click("#creator-start")
        wait_until(lambda: api(shared_server.url, f"/api/tables/{made['table']}")["started"], 10, "the start")
        assert [s["kind"] for s in api(shared_server.url, f"/api/tables/{made['table']}")["seats"]] == \
            ["human", "heuristic"]
        hand = page.locator(".creator-hand[data-seat='0']")
        hand.wait_for()
        hand.press("Enter")  # by keyboard: two bots' moves reflow the page under a pointer's aim
        wait_until(lambda: api(shared_server.url, f"/api/tables/{made['table']}")["seats"][0]["played_by"]
                   == "heuristic", 10, "seat 0 handed to a bot")
        page.wait_for_function("() => document.querySelector(\".creator-hand[data-seat='0']\")"
                               ".textContent.includes('back')")
        page.locator(".creator-hand[data-seat='0']").press("Enter")
        wait_until(lambda: api(shared_server.url, f"/api/tables/{made['table']}")["seats"][0]["played_by"]
                   == "human", 10, "seat 0 given back")
        cancel = page.locator("#creator-cancel")
        cancel.press("Enter")  # by keyboard too: the bot's moves reflow the page
        page.wait_for_function("() => document.querySelector('#creator-cancel').textContent.includes('Really')")
        cancel.press("Enter")  # asked twice
        visitor.page.wait_for_selector("#lobby-panel .closed-reason")
        assert "cancelled" in visitor.page.locator("#lobby-panel").inner_text()
        assert creator.errors == [] and visitor.errors == []
    finally:
        creator.close()
        visitor.close()


def test_a_rematch_accepted_by_both_players_starts_a_new_table_with_the_same_options(shared_server, browser):
    table = new_table(shared_server, GAME, ["human", "human"], {"hand_size": 4})
    for seat in (0, 1):
        api(shared_server.url, f"/api/tables/{table['table']}/seats/{seat}",
            {"token": table["creator_token"], "kind": "random"})
    wait_until(lambda: state(shared_server, table)["is_over"], 60, "the bots to finish the game", pause=0.1)
    players = [Player(browser, table["seats"][seat]["url"]) for seat in (0, 1)]
    try:
        first, second = players
        first.page.click("#results-rematch")
        first.page.wait_for_url("**/t/*#token=*")
        wait_until(lambda: state(shared_server, table)["rematch"] is not None, 10, "the rematch offer")
        new_id = state(shared_server, table)["rematch"]["table"]
        first.page.wait_for_function("id => location.pathname.endsWith(id)", arg=new_id)
        second.page.wait_for_function("() => document.querySelector('#rematch-note')"
                                       ".textContent.includes('Accepted:') && "
                                       "document.querySelector('#results-rematch').textContent.includes('Accept')")
        assert api(shared_server.url, f"/api/tables/{new_id}")["started"] is False
        second.page.click("#results-rematch")
        second.page.wait_for_function("id => location.pathname.endsWith(id)", arg=new_id)
        seen = api(shared_server.url, f"/api/tables/{new_id}")
        assert seen["started"] is True and seen["options"] == {"hand_size": 4} and seen["game"] == GAME
        assert state(shared_server, table)["rematch"]["accepted"] == [0, 1]
        assert first.errors == [] and second.errors == []
    finally:
        for player in players:
            player.close()
