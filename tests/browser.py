"""Playing the table page in a real browser, as a person would: by clicking lit pieces.

`Player` wraps one browser context on a join link (or a spectator's page). `take_turn` plays one
decision by clicking: a random lit piece on the board, then, while the choice is open, another lit
piece (the pieces that narrow it) or, when the page opened it, a random entry of the choices popup
(counted in `popups`); the action list beside the board is used only when no piece is lit (each use
is counted in `fallbacks`, so a test can require the board to be enough). A `touch` player taps:
the first tap on a piece selects it and shows its tip, a second tap or the tip's Play button acts.
`play_game` drives several players to the end of the game; the tests of each game's drawing use it.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

PHONE = {"width": 390, "height": 844}
#: an opener that ignores proxy settings: the server is on loopback
_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
DESKTOP = {"width": 1280, "height": 900}


#: the page's setting "step through others' moves" turned off before its scripts run
PACING_OFF = "try { localStorage.setItem('boardwright.step-through-moves', 'off'); } catch (error) { }"

#: the setting "Ask me to react" of this table's seat, before the page's scripts run
ASK_TO_REACT = ("try { for (const s of [0, 1, 2, 3, 4, 5]) localStorage.setItem("
                "`boardwright.reactions.${decodeURIComponent(location.pathname.split('/').pop())}.${s}`, 'ask'); "
                "} catch (error) { }")


class Player:
    """One browser context on the table page, with its script errors collected."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int] | None = None, seed: int = 0,
                 loose: str | None = None, touch: bool = False, paced: bool = False,
                 asks: bool = False, context: Any = None) -> None:
        self.touch = touch
        #: its own browser context, or (``context``) a new page of one a test made (a browser a
        #: person signed in with)
        self.context = context or browser.new_context(viewport=viewport or DESKTOP, has_touch=touch)
        self.context.set_default_timeout(10_000)
        if not paced:  # others' moves drawn as they come (pacing.js's setting off), unless a test is about it
            self.context.add_init_script(PACING_OFF)
        if asks:  # asked in reaction windows: the page never passes one by itself (reactions.js)
            self.context.add_init_script(ASK_TO_REACT)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on("console", lambda message: self.errors.append(f"console.error: {message.text}")
                     if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
        self.rng = random.Random(seed)
        #: the selector of a drawing's safety-net pieces (a legal action no piece reached), and how
        #: many were on the board at this player's decisions: a test wants none
        self.loose_selector = loose
        self.loose = 0
        self.url = url
        self.clicks = 0
        self.fallbacks = 0
        self.popups = 0
        self.turns = 0
        self.page.goto(url)
        self.wait_drawn()

    # ---------------------------------------------------------------- reading the page
    def body(self, key: str) -> str:
        return self.page.evaluate(f"document.body.dataset.{key} || ''")

    @property
    def version(self) -> int:
        value = self.body("version")
        return int(value) if value else -1

    @property
    def my_turn(self) -> bool:
        return self.body("myTurn") == "1"

    @property
    def over(self) -> bool:
        return self.body("over") == "1"

    def wait_drawn(self, timeout: float = 10.0) -> None:
        self.page.wait_for_function("() => document.body.dataset.version !== undefined", timeout=timeout * 1000)

    def wait_version_above(self, version: int, timeout: float = 10.0) -> bool:
        try:
            self.page.wait_for_function("after => Number(document.body.dataset.version) > after", arg=version,
                                        timeout=timeout * 1000)
            return True
        except Exception:
            return False

    # ---------------------------------------------------------------- acting
    def take_turn(self) -> None:
        """One decision, by clicking. Returns once the table's version has moved on."""
        page = self.page
        if self.loose_selector:
            self.loose += page.locator(f"#board {self.loose_selector}").count()
        before = self.version
        for _ in range(8):
            if self.version > before or not self.my_turn:
                break
            choices = page.locator("#choices:not([hidden]) button[data-action]")
            lit = page.locator("#board .playable")
            armed = page.locator("#tip.pinned .tip-play" if self.rng.random() < 0.5 else "#board .armed.playable")
            open_choices = choices.count()  # each counted once: a reply may redraw the page between two counts
            armed_pieces = 0 if open_choices or not self.touch else armed.count()
            lit_pieces = 0 if open_choices or armed_pieces else lit.count()
            sign = self._signature()
            try:
                if open_choices:
                    self.popups += 1
                    choices.nth(self.rng.randrange(open_choices)).click(timeout=3000)
                elif armed_pieces:
                    armed.first.tap(timeout=3000)
                elif lit_pieces:
                    chosen = lit.nth(self.rng.randrange(lit_pieces))
                    if self.touch:
                        chosen.tap(timeout=3000)
                    else:
                        chosen.click(timeout=3000)
                elif self.version > before or not self.my_turn:
                    break  # the answer to the last click came in meanwhile: nothing is lit any more
                else:
                    self._from_the_list()
            except Exception as error:  # a push redrew the board under the click: look again
                if type(error).__name__ != "TimeoutError":
                    raise
                continue
            self.clicks += 1
            self._settle(sign)
        self.turns += 1
        if not self.wait_version_above(before, 10.0) and self.my_turn:
            raise AssertionError(f"{self.url}: the table did not move on after clicking (version {before})")

    #: what a click may change: the version, the selected and the armed pieces, the popup
    SIGNATURE = """() => [document.body.dataset.version, document.querySelectorAll("#board .selected").length,
        document.querySelectorAll("#board .armed").length, document.getElementById("choices").hidden].join()"""

    def _signature(self) -> str:
        return self.page.evaluate(self.SIGNATURE)

    def _settle(self, before: str) -> None:
        """After a click: wait until it showed (the move taken, a piece selected or armed, the
        popup opened or closed), so a slow answer is not clicked over."""
        try:
            self.page.wait_for_function(f"before => ({self.SIGNATURE})() !== before", arg=before, timeout=5000)
        except Exception as error:
            if type(error).__name__ != "TimeoutError":
                raise

    def _from_the_list(self) -> None:
        """The action list: open every group, click a random action (counted as a fallback)."""
        self.fallbacks += 1
        page = self.page
        page.evaluate("for (const d of document.querySelectorAll('#actions details')) d.open = true")
        buttons = page.locator("#actions button[data-action]")
        buttons.nth(self.rng.randrange(buttons.count())).click()

    def reload(self) -> None:
        self.page.reload()
        self.wait_drawn()

    def close(self) -> None:
        self.context.close()


def play_game(players: list[Player], watchers: list[Player] = (), deadline: float = 600.0,
              reload_at: int | None = None) -> int:
    """Play until the game is over; returns the number of decisions the players clicked. With
    ``reload_at``, the first player reloads its page after that many decisions and carries on."""
    started = time.monotonic()
    decisions = 0
    while not players[0].over:
        if time.monotonic() - started > deadline:
            raise AssertionError(f"the game did not end within {deadline:.0f} s ({decisions} decisions)")
        moved = False
        for player in players:
            if player.my_turn and not player.over:
                player.take_turn()
                decisions += 1
                moved = True
                if reload_at is not None and decisions == reload_at:
                    players[0].reload()
        if not moved:  # a bot or another seat decides: wait for the next push
            players[0].wait_version_above(players[0].version, 15.0)
    for player in [*players, *watchers]:
        player.page.wait_for_function("() => document.body.dataset.over === '1'", timeout=15_000)
    return decisions


# ---------------------------------------------------------------- the tables, through the API
def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with _direct.open(request, timeout=20) as answer:
        return json.loads(answer.read())


def new_table(server: Any, game: str, seats: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    made = api(server.url, "/api/tables", {"game": game, "players": len(seats), "seats": seats,
                                           "options": options or {}})
    for seat in made["seats"]:
        if seat.get("url") and not seat["url"].startswith("http"):
            seat["url"] = server.url + seat["url"]
    made["spectator"] = f"{server.url}/t/{made['table']}"
    return made


def state(server: Any, table: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    query = f"?token={table['seats'][seat]['token']}" if seat is not None else ""
    return api(server.url, f"/api/tables/{table['table']}{query}")


def act(server: Any, table: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    version = state(server, table, seat)["version"]
    return api(server.url, f"/api/tables/{table['table']}/actions",
               {"token": table["seats"][seat]["token"], "action": action, "version": version})


def click(player: Player, selector: str) -> None:
    """Click one lit piece and wait for the table to move on."""
    before = player.version
    piece = player.page.locator(f"#board {selector}.playable")
    assert piece.count() >= 1, f"no lit piece {selector}"
    piece.first.click()
    assert player.wait_version_above(before), f"clicking {selector} did not move the table on"
