"""Makers of Universe in the browser: the table is drawn from the view, and a person plays it by
clicking pieces on the board (bid chips, the draw, doors, the slot under a door, cards in hand,
reaction prompts), never needing the action list beside it."""

from __future__ import annotations

import json
import time
import urllib.error
from typing import Any

import browser
import pytest
from browser import PHONE, Player, act, click, play_game, state

GAME = "makers-of-universe"


def new_table(server: Any, seats: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return browser.new_table(server, GAME, seats, options)


def quietly_until(server: Any, table: dict[str, Any], seat: int, *phases: str) -> dict[str, Any]:
    """Through the API, the other seats bid 0 and everyone passes the reaction windows (the deal
    may give anyone an Action card) until `seat` is asked in one of `phases`. A page open on a
    seat may pass a window for its player first: that move is not made twice."""
    for _ in range(60):
        spectator = state(server, table)
        mine = state(server, table, seat)
        if seat in spectator["to_act"] and mine["view"]["phase"] in phases:
            return mine
        other = next((s for s in spectator["to_act"] if s != seat), seat)
        theirs = state(server, table, other)
        legal = theirs["legal_actions"]
        if theirs["version"] != spectator["version"] or not legal:
            continue  # someone moved meanwhile: look again
        assert "pass" in legal or "bid 0" in legal, (other, legal)
        try:
            browser.api(server.url, f"/api/tables/{table['table']}/actions",
                        {"token": table["seats"][other]["token"], "version": theirs["version"],
                         "action": "bid 0" if "bid 0" in legal else "pass"})
        except urllib.error.HTTPError as refused:
            if refused.code != 409:  # 409: a page passed first
                raise
    raise AssertionError(f"seat {seat} never reached the phases {phases}")


def asking_seat_0(server: Any, seats: list[str]) -> dict[str, Any]:
    """A table whose first reaction window (the first Machine put up for sale) asks seat 0 first:
    the pawn's holder, holding a playable Action card. Ten cards dealt to each make one likely;
    new tables are made until one does."""
    for _ in range(12):
        table = new_table(server, seats, {"start_cards": 10})
        mine = state(server, table, 0)
        if mine["view"]["window"] == "machine revealed" and mine["to_act"] == [0]:
            return table
    raise AssertionError("none of 12 tables dealt seat 0 a playable Action card")


def wait_until(condition: Any, timeout: float = 10.0) -> bool:
    """Poll ``condition`` until it holds; whether it did within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def passes_of(server: Any, table: dict[str, Any], seat: int) -> int:
    """How many times ``seat`` passed (its own events)."""
    return sum(event["kind"] == "acted" and event.get("seat") == seat and event.get("action") == "pass"
               for event in state(server, table, seat)["events"])


def test_reaction_windows_are_passed_for_the_player_by_default(server, browser):
    """A new player is not asked to pass every reaction window: the page passes them (as the
    terminal's --auto-pass), says what it passed, and the player decides only the rest."""
    table = asking_seat_0(server, ["human", "heuristic", "heuristic"])
    player = Player(browser, table["seats"][0]["url"], seed=21)
    page = player.page
    try:
        # the first window (seat 0 holds a playable card) is passed without a click
        page.wait_for_function("() => (document.getElementById('passed-for-you') || {}).textContent"
                               " && document.getElementById('passed-for-you').textContent.startsWith('Passed for you')")
        assert "put up for sale" in page.text_content("#passed-for-you")
        assert not page.is_checked("#ask-to-react")
        asked_in_windows = []
        for _ in range(80):  # the player's next decisions, by clicking; the bots play between them
            if player.over or player.turns >= 8:
                break
            if not player.my_turn:
                player.wait_version_above(player.version, 15.0)
                continue
            view = json.loads(page.text_content("#view") or "{}")
            if view.get("phase") == "reaction window":
                asked_in_windows.append(view["window"])
            player.take_turn()
        assert player.turns >= 3
        assert passes_of(server, table, 0) >= 1, "the precondition: a window was passed for seat 0"
        assert asked_in_windows == [], f"the player was asked in reaction windows: {asked_in_windows}"
        assert player.errors == []
    finally:
        player.close()


def test_the_choice_to_be_asked_is_remembered_and_asks_with_a_react_prompt(server, browser):
    """Ticking "Ask me to react" survives a reload (kept per table in the browser); the player is
    then asked in a reaction window, told what it may react to, and passes by a click."""
    table = asking_seat_0(server, ["human", "human", "human"])
    player = Player(browser, table["seats"][0]["url"], seed=22)
    page = player.page
    try:
        # by default the first window is passed for the player
        page.wait_for_function("() => (document.getElementById('passed-for-you') || {}).textContent")
        assert wait_until(lambda: passes_of(server, table, 0) == 1), "the first window was not passed"
        page.check("#ask-to-react")
        player.reload()
        page.wait_for_selector("#ask-to-react")
        assert page.is_checked("#ask-to-react"), "the choice was not remembered across a reload"
        # everyone bids 0: no sale; the window after the auction asks seat 0 first (it still holds
        # its playable card, from clockwise the pawn's holder): the page asks, naming what happened
        asked = quietly_until(server, table, 0, "reaction window")
        assert asked["view"]["window"] == "after the auction"
        page.wait_for_function("at => Number(document.body.dataset.version) >= at", arg=asked["version"])
        banner = page.locator("#board .mou-banner")
        said = banner.inner_text()
        assert said.startswith("React to: after the auction: ") and "no sale of" in said.lower(), said
        assert page.text_content("#status") == "Your turn"
        assert page.locator("#board .mou-pass.playable").count() == 1
        assert not player.wait_version_above(asked["version"], 1.0), "the page passed the window itself"
        click(player, ".mou-pass")
        assert passes_of(server, table, 0) == 2
        # the choice is per table: another table starts with passing for the player
        other = new_table(server, ["human", "human", "human"])
        page.goto(other["seats"][0]["url"])
        player.wait_drawn()
        page.wait_for_selector("#ask-to-react")
        assert not page.is_checked("#ask-to-react")
        assert player.errors == []
    finally:
        player.close()


def test_the_last_bids_revealed_name_each_seat(server, browser):
    """"Last bids revealed" shows each bid beside its seat's name, not by colour alone."""
    table = new_table(server, ["human", "human", "human"])
    quietly_until(server, table, 0, "bid")
    bids = {0: 2, 1: 0, 2: 1}
    for seat, bid in bids.items():
        act(server, table, seat, f"bid {bid}")
    player = Player(browser, table["seats"][1]["url"], seed=23)
    try:
        revealed = player.page.locator("#board .mou-revealed")
        revealed.wait_for()
        for seat, bid in bids.items():
            entry = revealed.locator(f"[data-seat='{seat}']")
            name = f"Seat {seat + 1}" + (" (you)" if seat == 1 else "")  # people count seats from 1
            assert entry.inner_text().split() == [*name.split(), str(bid)], entry.inner_text()
        assert player.errors == []
    finally:
        player.close()


def test_the_table_is_drawn_and_played_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "human"])
    first = quietly_until(server, table, 0, "bid")
    view = first["view"]
    player = Player(browser, table["seats"][0]["url"], seed=1)
    watcher = Player(browser, table["seats"][1]["url"], seed=2)
    page = player.page
    try:
        # the whole table: three worlds of three doors, the Machine on auction, the piles and Bank
        assert page.locator("#board .mou-world").count() == 3
        assert page.locator("#board .mou-door").count() == 9
        assert page.locator("#board .mou-door.active").count() == 3
        assert page.locator("#board .mou-auction [data-card]").first.get_attribute("data-card") == view["on_auction"]
        assert page.locator("#board .mou-bank").inner_text().strip().startswith(str(view["bank"]))
        for p in view["players"]:
            assert page.locator(f"#board .mou-character[data-card='{p['character']}']").count() == 1
        assert page.locator("#board .mou-in-hand").count() == len(view["players"][0]["hand"])
        assert page.locator(".mou-pawn").count() == 1
        assert page.text_content("#status") == "Your turn"

        # a bid is a chip: one per amount the seat can put in its fist
        chips = page.locator("#board .mou-chip.playable")
        assert chips.count() == view["players"][0]["ue"] + 1
        click(player, ".mou-chip[data-key='bid 1']")
        assert state(server, table, 0)["view"]["your_choice"] == "bid 1"
        # another seat sees a closed fist, never the amount
        watcher.wait_version_above(first["version"])
        sealed = watcher.page.locator("#board .mou-fist.sealed")
        assert sealed.count() == 1 and sealed.inner_text() == "✊ ?"
        assert "bid 1" not in watcher.page.inner_text("#board")

        # the others bid 0: seat 0 buys the Machine; when it has a choice of doors to turn active,
        # it clicks them; then on to its draw, a piece in the banner
        while True:
            now = quietly_until(server, table, 0, "activate doors", "draw")
            page.wait_for_function("at => Number(document.body.dataset.version) >= at", arg=now["version"])
            if now["view"]["phase"] == "draw":
                break
            click(player, ".mou-door.inactive")
        page.wait_for_selector("#board .mou-draw.playable")
        click(player, ".mou-draw[data-key='draw 2 cards']")
        # a trap in two clicks: the slot under a door, then the card in hand to hide there
        click(player, ".mou-under")
        hidden = page.locator("#board .mou-in-hand.playable").first.get_attribute("data-card")
        click(player, ".mou-in-hand")
        assert page.locator(f"#board .mou-mine .mou-under [data-card='{hidden}']").count() == 1
        # and the keyboard: the end of the turn by Enter on the focused piece
        before = player.version
        for _ in range(3):  # a push of the same version may redraw the board (and drop the focus) meanwhile
            page.locator("#board [data-key='end turn'].playable").focus()
            page.keyboard.press("Enter")
            if player.wait_version_above(before, 3.0):
                break
        assert player.version > before, "Enter on the lit 'end turn' did not end the turn"
        assert player.fallbacks == 0
        assert page.locator("#board .mou-extra").count() == 0
        assert player.errors == [] and watcher.errors == []
    finally:
        player.close()
        watcher.close()


def test_phone_fits_and_bids(server, browser):
    table = new_table(server, ["human", "human", "human"])
    quietly_until(server, table, 1, "bid")
    player = Player(browser, table["seats"][1]["url"], viewport=PHONE, seed=3)
    try:
        page = player.page
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        assert page.locator("#board .mou-chip.playable").count() >= 1
        player.take_turn()
        assert player.fallbacks == 0
        assert state(server, table, 1)["view"]["your_choice"].startswith("bid ")
        assert player.errors == []
    finally:
        player.close()


def decisions(players: int, seed: int) -> list[dict[str, Any]]:
    """What each deciding seat is sent at every decision of one random game (the engine's own view
    and legal actions, in the protocol's shape)."""
    import random

    import boardwright as bw

    rng = random.Random(seed)
    state_ = bw.load(GAME).new(players=players, seed=seed, events=False)
    out = []
    while not state_.is_over:
        for seat in state_.to_act:
            legal = [str(action) for action in state_.legal_actions(seat)]
            out.append({"seat": seat, "view": state_.view(seat), "legal_actions": legal, "version": len(out),
                        "to_act": list(state_.to_act), "events": [], "winners": []})
        seat = state_.to_act[0]
        state_.apply(seat, rng.choice(state_.legal_actions(seat)))
    return out


SWEEP = """async (messages) => {
  const drawing = await import("/static/games/makers-of-universe.js");
  const { makeUi, concerns } = await import("/static/ui.js");
  const games = await (await fetch("/api/games")).json();
  const catalog = games.find((g) => g.id === "makers-of-universe").catalog;
  for (const id of ["tip", "choices"]) {
    const box = document.createElement("div");
    box.id = id;
    box.hidden = true;
    document.body.append(box);
  }
  let legal = [];
  const ui = makeUi({ catalog: () => catalog, legal: () => legal, act: () => {}, redraw: () => {} });
  // the kit's clicks (ui.js choose): a piece with one action takes it; with several, its first key
  // that names one of them is selected and the legal actions narrow to those naming every selected key
  function byClicks(action, pieces) {
    let frontier = [[]];
    for (let depth = 0; depth < 3 && frontier.length; depth += 1) {
      const next = [];
      for (const selected of frontier) {
        const remaining = legal.filter((a) => selected.every((k) => concerns(a, k)));
        for (const keys of pieces) {
          if (keys.some((k) => selected.includes(k))) continue;
          const mine = remaining.filter((a) => keys.some((k) => concerns(a, k)));
          if (mine.length === 1) { if (mine[0] === action) return true; continue; }
          if (!mine.length) continue;
          const key = keys.find((k) => mine.some((a) => concerns(a, k)));
          const left = remaining.filter((a) => concerns(a, key));
          if (left.length === 1 && left[0] === action) return true;
          if (left.length > 1 && left.includes(action)) next.push([...selected, key]);
        }
      }
      frontier = next;
    }
    return false;
  }
  const loose = [];
  const popup = [];
  for (const message of messages) {
    legal = message.legal_actions;
    ui.viewer = message.seat;
    const pieces = [];
    const recording = Object.assign(Object.create(ui), {
      piece(element, keys) {
        pieces.push((Array.isArray(keys) ? keys : [keys]).filter(Boolean).map(String));
        return ui.piece(element, keys);
      },
    });
    const board = document.createElement("div");
    document.body.append(board);
    ui.beginDraw(message);
    drawing.draw(board, message, recording);
    ui.endDraw(board);
    for (const extra of board.querySelectorAll(".mou-extra")) {
      loose.push(`${message.view.phase}: ${extra.dataset.key}`);
    }
    if (!board.querySelector(".mou-world")) loose.push(`${message.view.phase}: no world drawn`);
    const unique = [...new Map(pieces.filter((k) => k.length).map((k) => [k.join("|"), k])).values()];
    for (const action of legal) if (!byClicks(action, unique)) popup.push(`${message.view.phase}: ${action}`);
    board.remove();
  }
  return { loose, popup };
}"""


def test_every_legal_action_has_a_piece_on_the_board(server, page):
    """Random games of 3, 4 and 5 players (one of them, 4 players seed 27, has a seat discard half its
    hand after losing a Machine): at the first decision that offers each action text seen in them,
    every legal action is answered by a piece of the board itself (never by the banner's catch-all),
    and clicking pieces as the kit does reaches each one without the choices popup."""
    page.goto(f"{server.url}/api/games")
    every = [m for players, seed in ((3, 5), (4, 6), (5, 8), (3, 9), (4, 27), (5, 11))
             for m in decisions(players, seed)]
    messages, seen = [], set()
    for message in every:
        if not seen.issuperset(message["legal_actions"]):
            messages.append(message)
            seen.update(message["legal_actions"])
    assert {m["view"]["phase"] for m in messages} >= {
        "bid", "activate doors", "reaction window", "draw", "actions", "choose a door to attack",
        "choose a card to hide", "exchange", "creature effect", "discard half"}
    assert {action.split()[0] for action in seen} >= {"fire", "kill", "destroy", "attack", "evolve", "defend"}
    found = page.evaluate(SWEEP, messages)
    assert found["loose"] == [], sorted(set(found["loose"]))[:20]
    assert found["popup"] == [], sorted(set(found["popup"]))[:20]


class CheckedPlayer(Player):
    """A player that also checks, before each decision, that the board's own pieces cover every
    legal action (no catch-all banner piece was needed)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, loose=".mou-extra", **kwargs)
        self.fell_back: list[str] = []  # what the table asked each time the list was needed

    def _from_the_list(self) -> None:
        page = self.page
        view = json.loads(page.text_content("#view") or "{}")
        actions = page.eval_on_selector_all("#actions button[data-action]", "bs => bs.map(b => b.dataset.action)")
        selected = page.eval_on_selector_all("#board .selected", "es => es.map(e => e.dataset.card || e.dataset.key)")
        self.fell_back.append(f"phase {view.get('phase')}, selected {selected}, hint {page.text_content('#hint')!r}, "
                              f"choices shown {page.is_visible('#choices')}, actions {actions}")
        super()._from_the_list()


@pytest.mark.slow
def test_a_whole_game_by_clicking(server, browser):
    table = new_table(server, ["human", "human", "heuristic"])
    desk = CheckedPlayer(browser, table["seats"][0]["url"], seed=11)
    phone = CheckedPlayer(browser, table["seats"][1]["url"], viewport=PHONE, seed=12)
    spectator = Player(browser, table["spectator"], seed=13)
    try:
        decisions = play_game([desk, phone], [spectator], deadline=900, reload_at=25)
        print(f"{decisions} decisions, {desk.clicks + phone.clicks} clicks")
        assert decisions > 25
        final = state(server, table)
        assert final["is_over"] and final["winners"]
        status = spectator.page.text_content("#status")
        assert status.startswith("Game over") and all(f"Seat {w + 1}" in status for w in final["winners"])
        assert spectator.page.locator("#events li").count() > 50
        assert desk.fallbacks == 0 and phone.fallbacks == 0, desk.fell_back + phone.fell_back
        assert desk.loose == 0 and phone.loose == 0, (desk.loose, phone.loose)
        for person in (desk, phone, spectator):
            assert person.errors == [], person.errors
    finally:
        for person in (desk, phone, spectator):
            person.close()
