"""The chat panel in a real browser: two players and a spectator at one table. What people type is
shown as text (markup typed into the chat makes no element and runs nothing), a spectator's line
reaches the spectators and no player until the game is over, the input counts characters and shows
a refusal in one line, the panel is worked by the keyboard alone, and on a phone it sits below the
log."""

from __future__ import annotations

from browser import PHONE, Player, api, new_table
from webplay import wait_until

GAME = "game-development"
SCRIPT = "<script>alert(1)</script>"
IMAGE = '<img src="x" onerror="alert(2)">'


def shown(player: Player) -> list[str]:
    """The chat lines listed now, as the page shows them."""
    return player.page.locator("#chat-lines li.chat-line").all_inner_texts()


def write(player: Player, text: str) -> None:
    """Type a line and send it with Enter, as a person would."""
    player.page.locator("#chat-text").fill(text)
    player.page.locator("#chat-text").press("Enter")


def wait_line(player: Player, text: str, timeout: float = 10.0) -> None:
    wait_until(lambda: any(text in line for line in shown(player)), timeout, f"{text!r} in {player.url}'s chat",
               pause=0.05)


def test_chat_shows_text_as_text_and_keeps_the_spectators_apart_until_the_end(shared_server, browser):
    table = new_table(shared_server, GAME, ["human", "human"])
    dialogs: list[str] = []
    players = [Player(browser, seat["url"]) for seat in table["seats"]]
    watcher = Player(browser, table["spectator"])
    everyone = [*players, watcher]
    for person in everyone:
        person.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        # markup typed by a seat is shown as its text, to the other seat and to the spectator
        write(players[0], SCRIPT)
        wait_line(players[0], SCRIPT)
        write(players[0], IMAGE)
        wait_until(lambda: "(2 new)" in watcher.page.locator("#chat-tabs [data-channel=players]").inner_text(), 10,
                   "the spectator's players tab to count the new lines", pause=0.05)
        watcher.page.locator("#chat-tabs [data-channel=players]").click()  # a spectator opens on its own channel
        for person in everyone:
            wait_line(person, IMAGE)
            assert any(SCRIPT in line for line in shown(person))
            assert person.page.locator("#chat-lines script, #chat-lines img").count() == 0
        assert dialogs == []

        # a spectator writes under a name; no player is told during the game
        watcher.page.locator("#chat-name").fill("Grace")
        write(watcher, "the left player bluffs")  # the page turns to the channel written to
        wait_line(watcher, "the left player bluffs")
        assert "Grace" in watcher.page.locator("#chat-lines").inner_text()
        assert watcher.page.locator("#chat-tabs [role=tab]").count() == 2
        write(players[1], "your move")
        for player in players:
            wait_line(player, "your move")
            assert "the left player bluffs" not in player.page.content()
            assert player.page.locator("#chat-tabs").is_hidden() and player.page.locator("#chat-name").is_hidden()

        # the counter, and a refusal in one line (a name the table keeps for seats)
        watcher.page.locator("#chat-name").fill("Seat 1")
        watcher.page.locator("#chat-text").fill("é" * 12)
        assert watcher.page.locator("#chat-count").inner_text() == "12/300"
        watcher.page.locator("#chat-text").press("Enter")
        watcher.page.wait_for_function("() => document.getElementById('chat-error').textContent.includes('seat')")
        watcher.page.locator("#chat-text").fill("x" * 301)
        assert watcher.page.locator("#chat-count").inner_text() == "301/300"

        # the game ends: the players may read the spectators now
        for seat in (0, 1):
            api(shared_server.url, f"/api/tables/{table['table']}/seats/{seat}",
                {"token": table["creator_token"], "kind": "random"})
        for player in players:
            player.page.wait_for_function("() => document.body.dataset.over === '1'", timeout=60_000)
            player.page.locator("#chat-tabs [data-channel=spectators]").click()
            wait_line(player, "the left player bluffs")
        for person in everyone:
            assert person.errors == [], person.errors
    finally:
        for person in everyone:
            person.close()


def test_the_chat_is_worked_by_keyboard_and_sits_below_the_log_on_a_phone(shared_server, browser):
    table = new_table(shared_server, GAME, ["human", "human"])
    phone = Player(browser, table["seats"][0]["url"], viewport=PHONE)
    try:
        page = phone.page
        page.locator("#chat-text").focus()
        page.keyboard.type("typed only")
        page.keyboard.press("Enter")
        wait_line(phone, "typed only")
        page.keyboard.press("Tab")  # from the line to its Send button
        assert page.evaluate("document.activeElement.id") == "chat-send"
        log = page.locator("#events").bounding_box()
        chat = page.locator("#chat").bounding_box()
        assert log is not None and chat is not None and chat["y"] >= log["y"] + log["height"]
        assert chat["x"] + chat["width"] <= PHONE["width"] + 1
        assert phone.errors == []
    finally:
        phone.close()
