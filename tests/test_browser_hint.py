"""The Hint button in Chromium over a real server: shown to the person whose turn it is at a table
that allows hints (not to the other seat, a spectator, or at a table with hints off); reached by
the keyboard; it shows "thinking…", then the best moves by their menu labels with their win chance
and the why, and lights the pieces of the best move and its entry in the move list; the next
moment of the table clears it. No script errors."""

from __future__ import annotations

from typing import Any

from browser import Player, act, api, new_table, state
from webplay import wait_until

GAME = "gadgeteers"

#: records, before the ask, whether the answer box ever said "thinking…"
WATCH_THINKING = """() => {
  window.sawThinking = false;
  new MutationObserver(() => {
    if (document.querySelector("#hint-answer .thinking")) window.sawThinking = true;
  }).observe(document.body, { subtree: true, childList: true });
}"""


def labels(menu: list[dict[str, Any]], group: str = "") -> dict[str, str]:
    """Each action's label as the page shows it from the menu (a group's choice: "Group — Choice")."""
    found: dict[str, str] = {}
    for entry in menu:
        label = f"{group} — {entry['label']}" if group else entry["label"]
        if "action" in entry:
            found[entry["action"]] = label
        else:
            found.update(labels(entry["choices"], label))
    return found


def test_the_hint_button_shows_the_why_and_lights_the_best_moves_pieces(start_server, browser):
    server = start_server(args=("--rate-limit", "0", "--workers", "1", "--hint-time", "0.3"))
    table = new_table(server, GAME, ["human", "human"])
    mover = state(server, table)["to_act"][0]
    other = 1 - mover
    players = [Player(browser, table["seats"][mover]["url"]), Player(browser, table["seats"][other]["url"]),
               Player(browser, table["spectator"])]
    me, them, spectator = players
    try:
        button = me.page.locator("#hint-button")
        button.wait_for(state="visible")
        assert them.page.locator("#hint-button").is_hidden() and spectator.page.locator("#hint-button").is_hidden()
        me.page.evaluate(WATCH_THINKING)
        button.focus()
        me.page.keyboard.press("Enter")  # keyboard-reachable: a real button
        why = me.page.locator("#hint-answer .hint-why")
        why.wait_for(state="visible", timeout=30_000)
        assert me.page.evaluate("window.sawThinking"), "no 'thinking…' while the hint was thought"
        message = state(server, table, mover)
        best = me.page.locator(".hint-moves li").first.get_attribute("data-action")
        assert best in message["legal_actions"]
        first_line = me.page.locator(".hint-moves li").first.inner_text()
        assert labels(message["menu"])[best] in first_line and "wins" in first_line and "%" in first_line
        assert "wins" in why.inner_text() and why.inner_text().strip()
        assert me.page.locator("#board .hinted").count() >= 1, "no piece of the best move is lit"
        assert me.page.locator("#actions button.hinted").count() == 1
        assert me.page.locator("#actions button.hinted").get_attribute("data-action") == best
        # the next moment clears the hint and its lights
        before = me.version
        act(server, table, mover, message["legal_actions"][0])
        assert me.wait_version_above(before)
        wait_until(lambda: me.page.locator(".hinted").count() == 0 and me.page.locator(".hint-why").count() == 0,
                   10, "the old hint to be cleared")
        assert all(player.errors == [] for player in players), [player.errors for player in players]
    finally:
        for player in players:
            player.close()


def test_no_hint_button_at_a_table_with_hints_off(start_server, browser):
    server = start_server(args=("--rate-limit", "0", "--workers", "1"))
    made = api(server.url, "/api/tables", {"game": GAME, "players": 2, "seats": ["human", "human"], "hints": False})
    mover = api(server.url, f"/api/tables/{made['table']}")["to_act"][0]
    player = Player(browser, server.url + made["seats"][mover]["url"].removeprefix(server.url))
    try:
        assert player.my_turn
        assert player.page.locator("#hint-button").count() == 1, "the page has no Hint button at all"
        assert player.page.locator("#hint-button").is_hidden()
        assert api(server.url, f"/api/tables/{made['table']}")["hints"] is False
        assert player.errors == []
    finally:
        player.close()
