"""The Game Makers in the browser: the table is drawn from the view (the wheel with every seat's
Forklifts, the factory supply, each player's Factory) and a person plays it by clicking the pieces
they would touch: a Wedge or a Forklift, a card's Contract or Component side, a tile, a Factory
area, an Assembly Line cell, a Display Case slot, a Marketing column, a Tweenie, a tree space; the
rest (end turn, done, the worker reset) are buttons drawn on the board. The action list beside the
board is never needed."""

from __future__ import annotations

from typing import Any

import browser
import pytest
from browser import PHONE, Player, act, click, play_game, state

GAME = "the-game-makers"


def new_table(server: Any, seats: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return browser.new_table(server, GAME, seats, options)


def others_until(server: Any, table: dict[str, Any], seat: int, ready: Any) -> dict[str, Any]:
    """The other seats play through the API (their first legal action, but they end their turn at
    once) until `seat` is to act and `ready(its message)` holds; that message."""
    for _ in range(400):
        spectator = state(server, table)
        if seat in spectator["to_act"]:
            mine = state(server, table, seat)
            if ready(mine):
                return mine
            raise AssertionError(f"seat {seat} acts, but not as wanted: {mine['view']['pending']}")
        other = spectator["to_act"][0]
        legal = state(server, table, other)["legal_actions"]
        quick = [a for a in legal
                 if a == "end turn" or a.startswith(("contract #", "as component", "keep tile", "take"))]
        act(server, table, other, (quick or legal)[0])
    raise AssertionError(f"seat {seat} never got the wanted moment")


def test_the_table_is_drawn_and_played_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "human"])
    first = state(server, table, 0)
    view = first["view"]
    player = Player(browser, table["seats"][0]["url"], seed=1)
    watcher = Player(browser, table["spectator"], seed=2)
    page = player.page
    try:
        # the wheel: six Wedges, one READY and three levels lit for Forklifts; 9 Forklifts on it
        assert page.locator("#board .tgm-wedge").count() == 6
        assert page.locator("#board .tgm-wedge.place-0 [data-wedge='wild']").count() == 1
        assert page.locator("#board .tgm-forklift").count() == 9
        assert page.locator("#board .tgm-forklift.mine").count() == 3
        # three Factories, each with 3 Contract spaces, a 3 x 4 Display Case and a 3 x 6 Assembly Line
        assert page.locator("#board .tgm-factory").count() == 3
        assert page.locator("#board .tgm-factory.mine").count() == 1
        mine, theirs = "#board .tgm-factory.mine", "#board .tgm-factory.theirs"
        assert page.locator(f"{mine} .tgm-slot").count() == 12
        assert page.locator(f"{mine} .tgm-cell").count() == 18
        assert page.locator(f"{mine} .tgm-track").count() == 5
        assert page.locator(f"{mine} .tgm-tweenie").count() == 12
        assert page.locator(f"{mine} .tgm-tree").count() == 15
        assert page.locator(f"{mine} .tgm-structure").count() == 3
        assert page.locator(f"{mine} .tgm-space").count() == 10
        # the others' Factories, compact: their Display Cases, Assembly Lines, Marketing, Structures
        assert page.locator(f"{theirs} .tgm-mini-slot").count() == 24
        assert page.locator(f"{theirs} .tgm-mini-line span").count() == 36
        assert page.locator(f"{theirs} .tgm-mini-market span").count() == 10
        assert page.locator(f"{theirs} .tgm-mini-struct").count() == 6
        assert page.text_content("#status") == "Your turn"
        # the starting cards: seat 0 sees their names, the spectator sees three backs
        offer = view["pending"][-1]["offer"]
        assert page.locator("#board .tgm-dock .tgm-card").count() == len(offer) == 3
        assert watcher.page.locator("#board .tgm-dock .face-down").count() == 3
        assert watcher.page.locator("#board .playable").count() == 0

        # a card goes face up as a Contract by its ▲ button; the others by clicking the board too
        name = page.locator("#board .tgm-dock .tgm-card").first.get_attribute("data-card")
        click(player, ".tgm-dock .tgm-choice[data-key^='contract #']")
        assert page.locator(f"#board .tgm-factory.mine .tgm-contracts [data-card='{name}']").count() == 1
        while player.my_turn:
            player.take_turn()
        # the others set up and play; then seat 0's first turn: a Forklift to the lit level 1 Wedge
        now = others_until(server, table, 0, lambda m: m["view"]["phase"] == "play" and not m["view"]["pending"])
        page.wait_for_function("at => Number(document.body.dataset.version) >= at", arg=now["version"])
        wedge = page.locator("#board .tgm-wedge-face[data-place='1']")
        kind = wedge.get_attribute("data-wedge")
        click(player, ".tgm-wedge-face[data-place='1']")
        after = state(server, table, 0)["view"]
        assert sorted(after["seats"][0]["forklifts"]) == [0, 0, 1], after["seats"][0]["forklifts"]
        # whatever the resource asks (a kind from the Wild Wedge, cards to keep, a component or an
        # asset), it is answered on the board
        while after["pending"]:
            player.take_turn()
            after = state(server, table, 0)["view"]
        # two clicks: a READY Forklift, then the Wedge it goes to
        page.locator("#board .tgm-forklift.mine.playable").first.click()
        assert page.locator("#board .tgm-forklift.selected").count() >= 1
        assert page.is_hidden("#choices")  # no popup: the Wedges it may go to light up
        assert page.locator("#board .tgm-wedge-face.playable").count() >= 2
        click(player, ".tgm-wedge-face[data-place='2']")
        assert sorted(state(server, table, 0)["view"]["seats"][0]["forklifts"]) == [0, 1, 2]
        assert kind in ("wild", "cards", "tiles", "wood", "dice", "plastic")
        assert player.fallbacks == 0
        assert page.locator("#board .tgm-extra").count() == 0
        # the spectator followed: the events and the moved Forklifts
        watcher.wait_version_above(now["version"])
        assert watcher.page.locator("#events li").count() > 5
        assert player.errors == [] and watcher.errors == []
    finally:
        player.close()
        watcher.close()


def test_phone_fits_and_plays(server, browser):
    table = new_table(server, ["human", "human", "human"])
    others_until(server, table, 1, lambda m: m["view"]["pending"] and m["view"]["pending"][-1]["step"] == "setup")
    player = Player(browser, table["seats"][1]["url"], viewport=PHONE, seed=3)
    try:
        page = player.page
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        assert page.locator("#board .tgm-wedge").count() == 6
        assert page.locator("#board .tgm-choice.playable").count() >= 3
        player.take_turn()
        assert player.fallbacks == 0
        # and by keyboard (two starting cards are left to place): a lit piece focused, Enter takes it
        assert player.my_turn
        before = player.version
        page.locator("#board .tgm-choice.playable").first.focus()
        page.keyboard.press("Enter")
        assert player.wait_version_above(before), "Enter on a lit piece did not act"
        assert len(state(server, table, 1)["view"]["seats"][1]["contracts"]) == 3
        assert player.errors == []
    finally:
        player.close()


@pytest.mark.slow
def test_a_whole_game_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "heuristic"])
    desk = Player(browser, table["seats"][0]["url"], seed=11, loose=".tgm-extra")
    phone = Player(browser, table["seats"][1]["url"], viewport=PHONE, seed=12, loose=".tgm-extra")
    spectator = Player(browser, table["spectator"], seed=13)
    try:
        decisions = play_game([desk, phone], [spectator], deadline=1500, reload_at=40)
        assert decisions > 100
        final = state(server, table)
        assert final["is_over"] and final["winners"]
        status = spectator.page.text_content("#status")
        assert status.startswith("Game over") and all(f"Seat {w + 1}" in status for w in final["winners"])
        assert spectator.page.locator("#events li").count() > 100
        assert "Game over" in spectator.page.text_content("#board .tgm-banner")
        assert desk.fallbacks == 0 and phone.fallbacks == 0, (desk.fallbacks, phone.fallbacks)
        assert desk.loose == 0 and phone.loose == 0, (desk.loose, phone.loose)
        for person in (desk, phone, spectator):
            assert person.errors == [], person.errors
    finally:
        for person in (desk, phone, spectator):
            person.close()


def sample_messages(count: int = 3) -> list[dict[str, Any]]:
    """Messages as the server sends them, for the seat to act, from seeded random games (3 and 2
    players, dealt and drafted Structures): every state of a rare step, a sample of the others."""
    import random

    import boardwright as bw

    game = bw.load(GAME)
    seen: dict[str, int] = {}
    out = []
    for seed in range(count):
        state = game.new(players=3 - seed % 2, seed=seed, options={"structures": "draft"} if seed % 2 == 0 else {},
                         events=False)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            # the pending step (the view's "pending" says the same; a view for every state is slow)
            step = state.stack[-1][0] if state.stack else "draft" if str(legal[0]).startswith("draft ") else "play"
            seen[step] = seen.get(step, 0) + 1
            if seen[step] <= 8 or rng.random() < 0.005:
                view = state.view(seat)
                assert (view["pending"][-1]["step"] if view["pending"] else view["phase"]) == step
                out.append({"view": view, "seat": seat, "legal_actions": [str(a) for a in legal],
                            "to_act": list(state.to_act), "is_over": False, "events": [], "version": len(out),
                            "step": step})
            state.apply(seat, rng.choice(legal))
    return out


def test_every_action_is_reachable_on_the_board(server, page):
    """Drawn in the table page's own kit, every legal action of every kind of step is lit on some
    piece of the board, and clicking that piece keeps it among the choices (or takes it): no
    action needs the list beside the board, nor the catch-all banner buttons."""
    messages = sample_messages()
    steps = {m["step"] for m in messages}
    assert {"draft", "setup", "play", "use", "cards", "tilepick", "wild", "cell", "column", "display", "swap",
            "reset"} <= steps, steps
    table = new_table(server, ["human", "human"])
    page.goto(table["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    problems = page.evaluate("""async (messages) => {
      const { makeUi, concerns } = await import("/static/ui.js");
      const { draw } = await import("/static/games/the-game-makers.js");
      const games = await (await fetch("/api/games")).json();
      const catalog = games.find((g) => g.id === "the-game-makers").catalog;
      let legal = [];
      const ui = makeUi({ catalog: () => catalog, legal: () => legal, act: () => {}, redraw: () => {} });
      const problems = [];
      for (const message of messages) {
        legal = message.legal_actions;
        ui.viewer = message.seat;
        const board = document.createElement("div");
        ui.beginDraw(message);
        draw(board, message, ui);
        ui.endDraw(board);
        const extra = board.querySelector(".tgm-extra");
        if (extra) problems.push([message.step, "banner catch-all", extra.textContent]);
        const lit = [...board.querySelectorAll(".playable")];
        for (const action of legal) {
          // a lit piece whose first key matching its actions also names this action: clicking it
          // takes the action, or keeps it among the choices left
          const ok = lit.some((element) => {
            const keys = element.dataset.keys.split("|");
            const mine = legal.filter((a) => keys.some((k) => concerns(a, k)));
            const chosen = keys.find((k) => mine.some((a) => concerns(a, k)));
            return chosen !== undefined && concerns(action, chosen);
          });
          if (!ok) problems.push([message.step, "unreachable", action]);
        }
      }
      return problems;
    }""", [{k: v for k, v in m.items() if k != "step"} | {"step": m["step"]} for m in messages])
    assert problems == [], problems[:20]


# ---------------------------------------------------------------- the board's words (issue 28)
#: the symbols a chip of the board is drawn with (resources, components, workers, Tweenies, cubes)
SYMBOLS = "★♠▣♟⚄⌂◍■"


def message_at(players: int, seed: int, wanted: Any, seat: int | None = None) -> dict[str, Any]:
    """A message as the server sends it to `seat` (default: the seat to act), from the first moment
    of a seeded random game where `wanted(state)` holds."""
    import random

    import boardwright as bw

    game = bw.load(GAME)
    state = game.new(players=players, seed=seed, events=False)
    rng = random.Random(seed)
    while not wanted(state):
        assert not state.is_over, "the game ended before the wanted moment"
        actor = state.to_act[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))
    viewer = state.to_act[0] if seat is None else seat
    legal = [str(a) for a in state.legal_actions(viewer)]
    return {"view": state.view(viewer), "seat": viewer, "legal_actions": legal, "to_act": list(state.to_act),
            "menu": state.action_groups(viewer) if legal else [], "is_over": state.is_over, "events": [],
            "version": 1, "breakdown": state.score_breakdown(), "winners": state.winners(), "can_undo": False}


def draw_kit(page: Any, message: dict[str, Any]) -> None:
    """Draws `message` with the game's drawing and the table page's kit in a box of its own
    (#kit) on an open table page, whose tips then explain its pieces."""
    page.evaluate("""async (message) => {
      const { makeUi } = await import("/static/ui.js");
      const { draw } = await import("/static/games/the-game-makers.js");
      const games = await (await fetch("/api/games")).json();
      const catalog = games.find((g) => g.id === "the-game-makers").catalog;
      window.kitCatalog = catalog;
      const ui = makeUi({ catalog: () => catalog, legal: () => message.legal_actions, act: () => {},
                          redraw: () => {} });
      ui.viewer = message.seat;
      let box = document.getElementById("kit");
      if (!box) { box = document.createElement("div"); box.id = "kit"; document.body.prepend(box); }
      box.replaceChildren();
      ui.beginDraw(message);
      draw(box, message, ui);
      ui.endDraw(box);
    }""", message)


def open_table_page(server: Any, page: Any) -> None:
    table = new_table(server, ["human", "human"])
    page.goto(table["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.version !== undefined")


def hover_tip(page: Any, locator: Any) -> str:
    locator.scroll_into_view_if_needed()
    locator.hover()
    page.wait_for_function("() => !document.getElementById('tip').hidden")
    return page.text_content("#tip")


def test_symbol_chips_have_words_on_hover(server, page):
    """Every chip drawn with symbols only ("▣M(♟)", "♟L2", "⚄L1") names what it is: it is
    explained by a catalog entry (the game's words) on hover and focus."""
    open_table_page(server, page)
    messages = [m for m in sample_messages(1) if m["step"] in ("play", "use", "pay", "cell", "column")]
    assert messages
    problems: list[Any] = []
    for message in messages[:12]:
        draw_kit(page, message)
        problems += page.evaluate("""(symbols) => {
          const catalog = window.kitCatalog;
          const walker = document.createTreeWalker(document.getElementById("kit"), NodeFilter.SHOW_TEXT);
          const found = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent;
            if (![...symbols].some((s) => text.includes(s)) || /[A-Za-z]{3,}/.test(text)) continue;
            const host = node.parentElement;
            if (host.closest("svg")) continue;  // the wheel's glyphs sit beside their Wedge's name
            const explained = host.closest("[data-explain]");
            const entry = explained && catalog[explained.dataset.explain];
            const words = explained && (explained.dataset.explainText || (entry && entry.text));
            if (!words || /null|undefined|\\[object/.test(words)) {
              found.push([text, explained && explained.dataset.explain]);
            }
          }
          return found;
        }""", SYMBOLS)
    assert problems == [], problems[:10]
    # and on the page itself: an opponent's component chip tells what it is on hover
    tip = hover_tip(page, page.locator("#board .tgm-factory.theirs .tgm-mini-chip").first)
    assert "face-down card" in tip and "component" in tip, tip
    assert not any(bad in tip for bad in ("null", "undefined", "[object")), tip
    assert page.errors == []


def test_marketing_columns_and_moves_share_names(server, page):
    """A Marketing column is named the same way on the board (its heading and tip), in the action
    menu ("Advance Marketing: yellow (engine building)") and on the score sheet; action texts stay."""
    message = message_at(3, 2, lambda s: bool(s.stack) and s.stack[-1][0] == "column")
    markets = {a.split()[1]: a for a in message["legal_actions"] if a.startswith("market ")}
    assert set(markets) == {"yellow", "blue", "purple", "red", "trees"}, message["legal_actions"]
    labels = {entry["action"]: entry["label"] for entry in message["menu"]}
    sheet = [line["label"] for line in message["breakdown"][0]["lines"]]
    open_table_page(server, page)
    draw_kit(page, message)
    for colour, action in markets.items():
        track = page.locator(f"#kit .tgm-factory.mine .tgm-track[data-column='{colour}']")
        name = track.get_attribute("data-explain")
        assert name and name.startswith("Marketing: ") and colour in name, (colour, name)
        topic = name.removeprefix("Marketing: ")
        heading = " ".join(track.locator(".tgm-track-name").text_content().split())
        assert heading.replace(" ", "") == topic.replace("(", "").replace(")", "").replace(" ", ""), (heading, topic)
        assert labels[action] == f"Advance {name}", (action, labels[action])
        assert colour == "trees" or name in sheet, (name, sheet)
        assert name in hover_tip(page, track)
    assert page.errors == []


def test_the_others_display_cases_name_their_games(server, page):
    """A game in another player's Display Case is named on hover and focus (its catalog entry)
    and to assistive tools (its number and name)."""
    message = message_at(3, 4, lambda s: sum(1 for c in s.display[1] if c >= 0) >= 2, seat=0)
    shown = [card for card in message["view"]["seats"][1]["display"] if card >= 0]
    open_table_page(server, page)
    draw_kit(page, message)
    slots = page.locator("#kit .tgm-factory.theirs[data-seat='1'] .tgm-mini-slot[data-explain]")
    assert slots.count() == len(shown) >= 2
    for i in range(slots.count()):
        slot = slots.nth(i)
        name = slot.get_attribute("data-explain")
        assert slot.get_attribute("aria-label").endswith(name), slot.get_attribute("aria-label")
        assert slot.get_attribute("aria-label").startswith("#")
        tip = hover_tip(page, slot)
        assert tip.startswith(name) and "game" in tip, tip
    assert page.errors == []


def test_turn_order_names_the_seats(server, page):
    message = message_at(3, 5, lambda s: s.view(None)["phase"] == "play", seat=1)
    order = message["view"]["order"]
    open_table_page(server, page)
    draw_kit(page, message)
    badges = page.locator("#kit .tgm-order .seat-badge")
    names = [badges.nth(i).text_content() for i in range(badges.count())]
    assert names == [f"Seat {seat + 1}" + (" (you)" if seat == 1 else "") for seat in order], (names, order)
    assert page.errors == []


def test_the_running_score_says_it_is_a_projection(server, page):
    """The scores panel and each Factory's VP say the score is a projection of final scoring
    (the game's words, from its score breakdown) while the game is on."""
    table = new_table(server, ["human", "human"])
    page.goto(table["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    note = state(server, table, 0)["breakdown"][0]["note"]
    assert note.startswith("Projection of final scoring")
    page.wait_for_function("note => document.querySelector('#scores caption')?.textContent === note", arg=note)
    vp = page.locator("#board .tgm-factory.mine .tgm-vp")
    assert vp.text_content().endswith("VP projected") and vp.get_attribute("title").startswith(note)
    assert page.errors == []


def test_the_score_sheet_is_noted_a_projection_until_the_end():
    import boardwright as bw
    from boardwright import agents

    state = bw.load(GAME).new(players=2, seed=3, events=False)
    bots = [agents.make("heuristic", seed=seat) for seat in range(2)]
    assert {entry["note"] for entry in state.score_breakdown()} == {
        "Projection of final scoring: the score sheet as if the game ended now"}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert {entry["note"] for entry in state.score_breakdown()} == {"Final scoring"}
