"""The tips of every piece of every game read as words: hovering or focusing any element that
explains itself ([data-explain]) shows a tip without "null", "undefined", "NaN" or "[object …]",
for each player and for a spectator, at the start of a game, as it goes on, near its end and when
it is over.

Per game, one table (seat 0 a person moved through the API, the other seats random bots) is read
at the start and after some moves of seat 0, on seat 0's page and a spectator's: the whole page.
The end of a game is reached in-process (a seeded random game: the API would take minutes of
moves), and its last moments are drawn, as every seat and a spectator receive them, with the
page's own kit (ui.js and the game's drawing) in the same page."""

from __future__ import annotations

import random
from typing import Any

import pytest
import webplay
from browser import Player, new_table

import boardwright as bw
from boardwright.web.protocol import seat_message

GAMES = ["gadgeteers", "game-development", "makers-of-universe", "the-game-makers"]
#: after how many of seat 0's moves its page and the spectator's are read
MOMENTS = (0, 5, 20)
#: how many of a game's last moments (the end included) are drawn in-process
LAST_MOMENTS = 4

#: In the page: hover, then focus, every element that explains itself (one of those that say the
#: same), through the page's own listeners, and read the tip each time. Returns how many tips
#: showed and the broken ones.
READ_TIPS = """(within, hoverOnly) => {
  const root = within || document;
  const tip = document.getElementById("tip");
  const shown = [], broken = [];
  const read = (element, how) => {
    if (tip.hidden) return;
    const text = tip.textContent;
    shown.push(text);
    if (/null|undefined|NaN|\\[object/.test(text)) {  // glued to a word too: "Draw pilenull"
      broken.push(`${how} ${element.dataset.explain || element.className}: ${text}`);
    }
  };
  const seen = new Set();  // elements that explain the same name with the same text show the same tip
  for (const element of root.querySelectorAll("[data-explain]")) {
    const said = `${element.dataset.explain}|${element.dataset.explainText}`;
    if (seen.has(said)) continue;
    seen.add(said);
    element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    read(element, "hover");
    element.dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
    if (hoverOnly) continue;
    element.focus();
    read(element, "focus");
    element.blur();
  }
  return { elements: root.querySelectorAll("[data-explain]").length, shown: shown.length, broken };
}"""

#: In the page: draw each message with the page's kit on a board of its own and read its tips.
DRAW_AND_READ = """async ([game, messages]) => {
  const { makeUi } = await import("/static/ui.js");
  const drawing = await import(`/static/games/${game}.js`);
  const catalog = (await (await fetch("/api/games")).json()).find((g) => g.id === game).catalog;
  const readTips = READ_TIPS;
  let current = null;
  const ui = makeUi({ catalog: () => catalog, legal: () => current.legal_actions, act: () => {}, redraw: () => {} });
  const board = document.createElement("div");
  document.body.append(board);
  document.querySelector("main").hidden = true;  // the page's own table, out of the layout
  let shown = 0;
  const broken = [];
  for (const message of messages) {
    current = message;
    ui.viewer = message.seat;
    board.replaceChildren();
    ui.beginDraw(message);
    drawing.draw(board, message, ui);
    ui.endDraw(board);
    const found = readTips(board, true);  // (focus shows the same tip: the live pages read both)
    shown += found.shown;
    broken.push(...found.broken.map((line) => `seat ${message.seat}, version ${message.version}: ${line}`));
  }
  board.remove();
  document.querySelector("main").hidden = false;
  return { shown, broken };
}""".replace("READ_TIPS", READ_TIPS)


def last_moments(game_id: str, players: int = 3, seed: int = 5) -> list[dict[str, Any]]:
    """The protocol messages of every seat and a spectator at a seeded random game's last
    LAST_MOMENTS states (the end included)."""
    game = bw.load(game_id)
    state = game.new(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states = [*states[-(LAST_MOMENTS - 1):], state.clone()]
    # with their last few events only (a page has the others already)
    return [seat_message(moment, "t", version, seat, since=max(0, len(moment.events(seat)) - 3))
            for version, moment in enumerate(states) for seat in (*range(players), None)]


def read_tips(player: Player, version: int) -> dict[str, Any]:
    if not player.wait_version_above(version - 1, 20.0):
        raise AssertionError(f"{player.url}: the page shows version {player.version}, not {version}")
    return player.page.evaluate(READ_TIPS)


@pytest.mark.parametrize("game", GAMES)
def test_no_tip_shows_a_missing_value(shared_server: Any, browser: Any, game: str) -> None:
    table = new_table(shared_server, game, ["human", "random", "random"])
    token = table["seats"][0]["token"]
    player = Player(browser, table["seats"][0]["url"], seed=1, asks=True)  # the test moves seat 0 itself
    spectator = Player(browser, table["spectator"], seed=2)
    rng = random.Random(game)
    broken: list[str] = []
    made = 0
    try:
        with webplay.client(shared_server) as http:
            for moment in MOMENTS:
                message = webplay.quiet(http, table["table"], {0})
                while not message["is_over"] and made < moment:
                    mine = webplay.get(http, table["table"], token, since=webplay.NO_EVENTS)
                    answer = webplay.act(http, table["table"], token, rng.choice(mine["legal_actions"]),
                                         mine["version"])
                    assert answer.status_code == 200, answer.text
                    made += 1
                    message = webplay.quiet(http, table["table"], {0})
                for person in (player, spectator):
                    if moment:
                        person.reload()  # drawn afresh at this moment (following every push is slower)
                    found = read_tips(person, message["version"])
                    assert found["shown"] >= 5, (game, made, found)  # the pieces explain themselves
                    broken += [f"after {made} moves: {line}" for line in found["broken"]]
        assert made == MOMENTS[-1], made
        ending = spectator.page.evaluate(DRAW_AND_READ, [game, last_moments(game)])
        assert ending["shown"] >= 20, ending
        broken += [f"near the end: {line}" for line in ending["broken"]]
        assert broken == [], broken[:10]
        assert player.errors == [] and spectator.errors == []
    finally:
        player.close()
        spectator.close()
