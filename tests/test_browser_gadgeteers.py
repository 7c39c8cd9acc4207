"""Gadgeteers in the browser: the square of Parts, the Junk Pile, the Gadget row and every screen
are drawn from the view, and a person plays by clicking pieces on the board (a token behind the
screen then a Part, a Gadget of the row, a Power token on a Part, the steps of a power, the
banner's End turn / Pass / Done), never needing the action list beside it."""

from __future__ import annotations

import random
from typing import Any

import browser
import pytest
from browser import PHONE, Player, act, click, play_game, state

import boardwright as bw
from boardwright.web.protocol import seat_message

GAME = "gadgeteers"


def new_table(server: Any, seats: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return browser.new_table(server, GAME, seats, options)


def to_act(server: Any, table: dict[str, Any]) -> int:
    return state(server, table)["to_act"][0]


def mine_on(view: dict[str, Any], seat: int, part: str) -> list[str]:
    entry = next(e for e in view["board"] if e["part"] == part)
    return entry["tokens"].get(str(seat), [])


def test_the_table_is_drawn_and_a_token_placed_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "human"])
    seat = to_act(server, table)
    other = (seat + 1) % 3
    first = state(server, table, seat)
    view = first["view"]
    player = Player(browser, table["seats"][seat]["url"], seed=1)
    watcher = Player(browser, table["seats"][other]["url"], seed=2)
    page = player.page
    try:
        # the whole table: 12 Parts on the border of the square (4 corners), the Junk Pile in the
        # middle, the Gadget row with the deck, a screen per player, the round and the marker
        assert page.locator("#board .gg-part").count() == 12
        assert page.locator("#board .gg-part.corner").count() == 4
        for entry in view["board"]:
            tile = page.locator(f"#board .gg-part[data-part='{entry['part']}']")
            assert tile.count() == 1
            box = tile.evaluate("t => [getComputedStyle(t).gridRowStart, getComputedStyle(t).gridColumnStart]")
            assert box == [str(entry["row"] + 1), str(entry["column"] + 1)]
        assert page.locator("#board .gg-junk").count() == 1
        row = [g["name"] for g in view["row"]]
        assert page.locator("#board .gg-row [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)") == row
        assert page.locator("#board .gg-deck").inner_text().startswith(str(view["deck_count"]))
        assert page.locator("#board .gg-player").count() == 3
        screen = view["players"][seat]["screen"]
        assert page.locator("#board .gg-player.mine .gg-screen .gg-token").count() == len(screen) == 16
        assert page.locator("#board .gg-player.mine [data-card$='Bonus card']").get_attribute("data-card") == \
            f"{view['players'][seat]['bonus']} Bonus card"
        head = page.inner_text("#board .gg-head")
        assert "Round 1" in head and "Parts Phase" in head and "turn 1 of 5" in head
        assert page.text_content("#status") == "Your turn"
        # another seat sees a screen of 16 tokens and a face-down Bonus card, never the values
        other_area = watcher.page.locator(f"#board .gg-player[data-seat='{seat}']")
        assert "16 tokens behind the screen" in other_area.inner_text()
        assert other_area.locator(".card.face-down").count() == 1

        # a token behind the screen, then a Part: "place 2 <Part>". Only the tokens glow at first;
        # a token selected lights the Parts its legal actions name, and no popup covers them
        assert page.locator("#board .gg-part.playable").count() == 0
        assert page.locator("#board .gg-player.mine .gg-token.playable").count() == 16
        part = view["board"][5]["part"]
        page.locator("#board .gg-player.mine .gg-token[data-token='2'].playable").first.click()
        assert page.locator("#board .gg-token.selected[data-token='2']").count() == 3  # every 2 behind the screen
        places = {a.split()[-1] for a in first["legal_actions"] if a.startswith("place 2 ")}
        lit = page.locator("#board .gg-part.playable").evaluate_all("ts => ts.map(t => t.dataset.part)")
        assert sorted(lit) == sorted(places) and len(lit) == 12
        assert page.locator("#board .gg-token.playable").count() == 0
        assert page.is_hidden("#choices")
        assert "2 chosen, 12 moves left" in page.text_content("#hint")
        click(player, f".gg-part[data-part='{part}']")
        after = state(server, table, seat)["view"]
        assert mine_on(after, seat, part) == ["2"]
        assert page.locator("#board .gg-player.mine .gg-screen .gg-token").count() == 15
        assert page.locator(f"#board .gg-part[data-part='{part}'] .gg-token[data-token='2']").count() == 1
        assert page.text_content("#status").startswith("Waiting for")
        # the others see a face-down token there, in the placer's colour; the Part glows as the news
        watcher.wait_version_above(first["version"])
        hidden = watcher.page.locator(f"#board .gg-part[data-part='{part}'] .gg-token.down[data-seat='{seat}']")
        assert hidden.count() == 1 and hidden.inner_text() == "?"
        assert watcher.page.locator(f"#board .gg-part.lately[data-part='{part}']").count() == 1
        assert player.fallbacks == 0 and page.locator("#board .gg-extra").count() == 0
        # the running score says what it is: every player has 3 points from the start, for the 3★,
        # 4★ and 5★ tokens not in the Junk Pile, which would score so if the game ended now
        assert [entry["total"] for entry in first["breakdown"]] == [3, 3, 3]
        lines = page.locator("#scores ul.breakdown li").evaluate_all(
            "items => items.map(li => [li.querySelector('.line-label').textContent,"
            " li.querySelector('.line-points').textContent])")
        assert ["3★, 4★ and 5★ tokens not in the Junk Pile, if the game ended now", "+3"] in lines, lines
        assert first["breakdown"][seat]["lines"][-1]["label"] == "Bonus card: scored at the end, secret until then"
        assert player.errors == [] and watcher.errors == []
    finally:
        player.close()
        watcher.close()


def test_the_gadgets_phase_is_played_on_the_board(server, browser):
    """Through the API the Parts Phase is played (seeded); then the seat to act sees who controls
    what and takes its decisions by clicking until its turn passes."""
    table = new_table(server, ["human", "human", "human"])
    rng = random.Random(4)
    while state(server, table)["view"]["phase"] == "Parts Phase":
        seat = to_act(server, table)
        act(server, table, seat, rng.choice(state(server, table, seat)["legal_actions"]))
    seat = to_act(server, table)
    view = state(server, table, seat)["view"]
    player = Player(browser, table["seats"][seat]["url"], seed=5)
    page = player.page
    try:
        flags = sum(len(entry["controlled_by"]) for entry in view["board"])
        assert page.locator("#board .gg-flag").count() == flags
        for entry in view["board"]:
            if len(entry["controlled_by"]) == 1:
                owner = entry["controlled_by"][0]
                assert page.locator(f"#board .gg-part.controlled[data-part='{entry['part']}'] .gg-flag").count() == 1
                assert page.locator(f"#board .gg-player[data-seat='{owner}']").count() == 1
        assert "Gadgets Phase" in page.inner_text("#board .gg-head")
        # building is clicking a lit Gadget of the row; otherwise the banner's Pass is lit
        for _ in range(12):
            legal = state(server, table, seat)["legal_actions"]
            if seat not in state(server, table)["to_act"]:
                break
            builds = [a for a in legal if a.startswith("build ")]
            if builds:
                click(player, f".gg-row [data-card='{builds[0][6:]}']")
            elif "end" in legal:
                click(player, "[data-key='end']")
            elif "pass" in legal:
                click(player, "[data-key='pass']")
            else:  # a power in progress: any lit piece carries it on
                player.take_turn()
        assert seat not in state(server, table)["to_act"]
        assert player.fallbacks == 0 and page.locator("#board .gg-extra").count() == 0
        assert player.errors == []
    finally:
        player.close()


def test_phone_fits_and_places(server, browser):
    table = new_table(server, ["human", "human", "human"])
    seat = to_act(server, table)
    player = Player(browser, table["seats"][seat]["url"], viewport=PHONE, seed=3)
    try:
        page = player.page
        # measured once the page's layout is whole: the game's own stylesheet loads after the first
        # drawing, and on a loaded machine the board is drawn unstyled (wider) for a moment
        fits = "() => document.getElementById('board').scrollWidth <= document.getElementById('board').clientWidth"
        try:
            page.wait_for_function(fits, timeout=5000)
        except Exception as error:
            if type(error).__name__ != "TimeoutError":
                raise
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        board = page.evaluate("[document.getElementById('board').scrollWidth, "
                              "document.getElementById('board').clientWidth]")
        assert board[0] <= board[1], f"the board scrolls sideways on a phone: {board}"
        player.take_turn()
        assert player.fallbacks == 0
        assert sum(len(e["tokens"].get(str(seat), [])) for e in state(server, table, seat)["view"]["board"]) == 1
        assert player.errors == []
    finally:
        player.close()


#: every step a special power can ask for (the view's power.step)
POWER_STEPS = {"activate", "add_to", "add", "add_instead", "take", "move_to", "target", "salvage", "swap",
               "with", "cycle"}


def sample_decisions() -> list[dict[str, Any]]:
    """Protocol messages of the seat to act, a few of each kind of decision (each phase, each
    step of each kind of power, with and without Alternate Tokens, 2 to 4 players), from seeded
    games played in-process by a chooser that builds and activates powers whenever it can."""
    game = bw.load(GAME)
    kept: dict[tuple, int] = {}
    messages: list[dict[str, Any]] = []
    steps: set[str] = set()
    for n in range(40):
        if n >= 3 and steps >= POWER_STEPS:
            break
        players = (3, 4, 2)[n % 3]
        s = game.new(players=players, seed=n, options={"alternate_tokens": n % 2 == 1}, events=False)
        rng = random.Random(n)
        version = 0
        while not s.is_over:
            seat = s.to_act[0]
            legal = [str(a) for a in s.legal_actions(seat)]
            verbs = {a.split()[0] for a in legal}
            # a power's step (the view says which) unless this is a turn of a phase
            turn = verbs <= {"place"} or "recall" in verbs or verbs & {"end", "pass"}
            step = None if turn else s.view(seat)["power"]["step"]
            steps.add(step)
            half = any(" half " in f" {a} " for a in legal)  # the Power/½ token: a power and a value
            key = ("place",) if verbs == {"place"} else (players == 4, step, tuple(sorted(verbs)), half)
            kept[key] = kept.get(key, 0) + 1
            if kept[key] == 1:
                messages.append(seat_message(s, "t", version, seat))
            eager = [a for a in legal if a.split()[0] in ("build", "use")]
            pick = rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal)
            s.apply(seat, "done" if "done" in legal and rng.random() < 0.5 else pick)
            version += 1
    assert steps >= POWER_STEPS, POWER_STEPS - steps
    return messages


#: In the page: draw each message with the real kit and click the lit pieces as a person would:
#: every lit piece from no selection, and after a piece that selects, every piece then lit (to a
#: depth of three clicks); collect the actions taken or offered in the choices popup.
REACH = """async (messages) => {
  const { makeUi } = await import('/static/ui.js');
  const game = await import('/static/games/gadgeteers.js');
  const catalog = (await (await fetch('/api/games')).json()).find((g) => g.id === 'gadgeteers').catalog;
  const board = document.createElement('div');
  document.body.append(board);
  let current = null, acted = null;
  const ui = makeUi({ catalog: () => catalog, legal: () => current.legal_actions,
                      act: (action) => { acted = action; }, redraw: () => drawIt() });
  function drawIt() {
    board.replaceChildren(); ui.beginDraw(current); game.draw(board, current, ui); ui.endDraw(board);
  }
  // Esc clears a selection; the board is drawn again as after a move's answer
  const escape = () => { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); drawIt(); };
  // the lit pieces, one per set of keys (pieces with the same keys do the same)
  const litKinds = () => [...new Set([...board.querySelectorAll('.playable')].map((p) => p.dataset.keys))];
  const clickKind = (keys) => {
    const piece = [...board.querySelectorAll('.playable')].find((p) => p.dataset.keys === keys);
    if (!piece) throw new Error(`no lit piece ${keys} among ${litKinds()}`);
    piece.click();
  };
  const problems = [];
  let popups = 0;
  for (const message of messages) {
    current = message;
    drawIt();
    const where = `${message.view.phase} ${JSON.stringify(message.view.power || {})}`;
    if (board.querySelectorAll('.gg-part').length !== 12) problems.push(`${where}: not 12 Parts`);
    const extras = [...board.querySelectorAll('.gg-extra')].map((e) => e.dataset.key);
    if (extras.length) problems.push(`${where}: banner pieces for ${extras}`);
    const reached = new Set();
    const explore = (path) => {
      for (const keys of litKinds()) {
        escape();
        for (const step of path) clickKind(step);
        acted = null;
        clickKind(keys);
        if (acted) { reached.add(acted); continue; }
        const offered = document.querySelectorAll('#choices:not([hidden]) button[data-action]');
        if (offered.length) popups += 1;
        for (const button of offered) reached.add(button.dataset.action);
        if (!offered.length && path.length < 2) explore([...path, keys]);
      }
      escape();
    };
    explore([]);
    const missing = message.legal_actions.filter((action) => !reached.has(action));
    if (missing.length) problems.push(`${where}: no piece reaches ${missing.slice(0, 5)}`);
  }
  return { problems, popups };
}"""


def test_every_decision_is_reachable_by_clicking_the_board(server, browser):
    """Every legal action of every kind of decision (each power's steps included) is taken by
    clicking pieces drawn on the board, never by a catch-all banner piece."""
    messages = sample_decisions()
    table = new_table(server, ["human", "human"])
    spectator = Player(browser, table["spectator"])
    try:
        found = spectator.page.evaluate(REACH, messages)
        assert found["problems"] == []
        assert spectator.errors == []
    finally:
        spectator.close()


@pytest.mark.slow
def test_a_whole_game_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "heuristic"])
    desk = Player(browser, table["seats"][0]["url"], seed=11, loose=".gg-extra")
    phone = Player(browser, table["seats"][1]["url"], viewport=PHONE, seed=12, loose=".gg-extra")
    spectator = Player(browser, table["spectator"], seed=13)
    try:
        decisions = play_game([desk, phone], [spectator], deadline=900, reload_at=25)
        assert decisions > 25
        final = state(server, table)
        assert final["is_over"] and final["winners"]
        status = spectator.page.text_content("#status")
        assert status.startswith("Game over") and all(f"Seat {w + 1}" in status for w in final["winners"])
        assert spectator.page.inner_text("#board .gg-prompt").startswith("Game over")
        assert spectator.page.locator("#board [data-card$='Bonus card']:not(.face-down)").count() == 3
        assert spectator.page.locator("#events li").count() > 50
        assert desk.fallbacks == 0 and phone.fallbacks == 0, (desk.fallbacks, phone.fallbacks)
        assert desk.loose == 0 and phone.loose == 0, (desk.loose, phone.loose)
        for person in (desk, phone, spectator):
            assert person.errors == [], person.errors
    finally:
        for person in (desk, phone, spectator):
            person.close()
