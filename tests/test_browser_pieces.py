"""Choosing on the board (static/ui.js): a click on a piece with several actions selects it and
lights only the pieces that narrow the choice, with no popup over the board; the popup is the
keyboard's way (Enter or Space on a piece) and the way to what no lit piece reaches. On a touch
screen the first tap on a piece selects it and shows its tip, a second tap (or the tip's Play
button) acts, and a tap elsewhere closes the tip and clears the choice."""

from __future__ import annotations

import random
from typing import Any

from browser import PHONE, Player, act, new_table, state

#: In the page: a board of three pieces drawn with the page's kit over made-up actions. "x" has
#: two actions; with `narrowing`, the pieces "1" and "2" tell them apart, else nothing does.
KIT = """async ([narrowing, how]) => {
  const { makeUi } = await import("/static/ui.js");
  const legal = ["x 1", "x 2", "y"];
  let acted = null;
  const board = document.createElement("div");
  document.body.append(board);
  const ui = makeUi({ catalog: () => ({}), legal: () => legal, act: (a) => { acted = a; }, redraw: () => draw() });
  function draw() {
    board.replaceChildren();
    ui.beginDraw({ version: 1 });
    for (const key of narrowing ? ["x", "1", "2", "y"] : ["x", "y"]) {
      const piece = ui.el("span", { "data-key": key }, key);
      board.append(piece);
      ui.piece(piece, [key]);
    }
    ui.endDraw(board);
  }
  draw();
  const x = board.querySelector("[data-key=x]");
  if (how === "key") {
    x.focus();
    x.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  } else {
    x.click();
  }
  const popup = document.getElementById("choices");
  const result = {
    acted,
    selected: [...board.querySelectorAll(".selected")].map((p) => p.dataset.key),
    lit: [...board.querySelectorAll(".playable")].map((p) => p.dataset.key),
    popup: popup.hidden ? [] : [...popup.querySelectorAll("button[data-action]")].map((b) => b.dataset.action),
  };
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  board.remove();
  return result;
}"""


def tokens_on(server: Any, table: dict[str, Any], seat: int, part: str) -> list[str]:
    """The tokens of `seat` on `part`, as that seat sees them."""
    board = state(server, table, seat)["view"]["board"]
    return next(entry for entry in board if entry["part"] == part)["tokens"].get(str(seat), [])


def test_a_click_selects_and_lights_what_narrows_without_a_popup(server, browser):
    table = new_table(server, "gadgeteers", ["human", "human"])
    spectator = Player(browser, table["spectator"])
    try:
        page = spectator.page
        clicked = page.evaluate(KIT, [True, "click"])
        assert clicked == {"acted": None, "selected": ["x"], "lit": ["1", "2"], "popup": []}
        # Enter on the same piece: the popup, for a keyboard
        keyed = page.evaluate(KIT, [True, "key"])
        assert keyed["popup"] == ["x 1", "x 2"] and keyed["selected"] == ["x"]
        # no piece tells "x 1" from "x 2": the popup offers them, never a dead end
        stuck = page.evaluate(KIT, [False, "click"])
        assert stuck["popup"] == ["x 1", "x 2"] and stuck["lit"] == []
        assert spectator.errors == []
    finally:
        spectator.close()


def test_a_tap_shows_the_tip_and_a_second_tap_acts(server, browser):
    """Gadgeteers' Parts Phase on a phone: a token tapped is selected with its tip, a Part tapped
    once is armed with a Play button, a tap elsewhere clears both; a second tap places the token,
    and so does the Play button."""
    table = new_table(server, "gadgeteers", ["human", "human", "human"])
    seat = state(server, table)["to_act"][0]
    player = Player(browser, table["seats"][seat]["url"], viewport=PHONE, touch=True, seed=1)
    page = player.page
    token = "#board .gg-player.mine .gg-token[data-token='2'].playable"
    tip = page.locator("#tip")
    try:
        version = player.version
        page.locator(token).first.tap()
        page.wait_for_selector("#board .gg-token.selected[data-token='2']")
        assert tip.is_visible() and tip.text_content().startswith("2 token")
        assert page.locator("#board .gg-part.playable").count() == 12
        part = page.locator("#board .gg-part.playable").nth(3)
        name = part.get_attribute("data-part")
        part.tap()
        page.wait_for_selector(f"#board .gg-part.armed[data-part='{name}']")
        assert tip.is_visible() and f"place 2 {name}" in tip.text_content()
        assert page.locator("#tip .tip-play").is_visible()
        assert player.version == version  # nothing played yet
        # a tap elsewhere: the tip closes and the choice is gone
        page.locator("#title").tap()
        page.wait_for_function("() => document.getElementById('tip').hidden")
        assert page.locator("#board .selected, #board .armed").count() == 0
        assert page.locator("#board .gg-part.playable").count() == 0
        assert player.version == version
        # token, Part, the same Part again: placed there
        page.locator(token).first.tap()
        page.locator(f"#board .gg-part.playable[data-part='{name}']").tap()
        page.locator(f"#board .gg-part.armed[data-part='{name}']").tap()
        assert player.wait_version_above(version)
        assert tokens_on(server, table, seat, name) == ["2"]
        # the others place; then token, Part and the tip's Play button
        rng = random.Random(2)
        while state(server, table)["to_act"][0] != seat:
            other = state(server, table)["to_act"][0]
            act(server, table, other, rng.choice(state(server, table, other)["legal_actions"]))
        assert player.wait_version_above(version + 1)
        version = player.version
        page.locator("#board .gg-player.mine .gg-token[data-token='1'].playable").first.tap()
        page.locator(f"#board .gg-part.playable[data-part='{name}']").tap()
        page.locator("#tip .tip-play").tap()
        assert player.wait_version_above(version)
        assert sorted(tokens_on(server, table, seat, name)) == ["1", "2"]
        assert tip.is_hidden()
        assert player.errors == []
    finally:
        player.close()


def test_a_whole_parts_turn_by_taps_needs_no_popup(server, browser):
    """The harness's touch player: token, Part, confirm; the list and the popup stay unused."""
    table = new_table(server, "gadgeteers", ["human", "human", "human"])
    seat = state(server, table)["to_act"][0]
    player = Player(browser, table["seats"][seat]["url"], viewport=PHONE, touch=True, seed=4)
    try:
        player.take_turn()
        assert player.fallbacks == 0 and player.popups == 0 and player.clicks == 3
        placed = sum(len(e["tokens"].get(str(seat), [])) for e in state(server, table, seat)["view"]["board"])
        assert placed == 1
        assert player.errors == []
    finally:
        player.close()
