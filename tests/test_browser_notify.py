"""Your-turn notices in the browser (issue 29): a hidden page whose seat's turn comes is told by a
browser notification (when the person allowed them) and, once the person turns it on, a short
sound; the tab's title says "● Your turn — …"; nothing asks for permission on load.

The page is hidden by overriding ``document.hidden`` (and firing ``visibilitychange``) before its
scripts run; ``Notification`` and ``AudioContext`` are wrapped to record what the page does.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser import PACING_OFF, act, new_table, state

#: records the page's notices: notifications made, permission asked, tones played, focus taken;
#: and makes document.hidden follow window.__hidden
RECORDER = """
window.__notices = { made: [], asked: 0, tones: 0, focused: 0 };
window.__hidden = false;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
Object.defineProperty(document, "visibilityState", { configurable: true,
  get: () => (window.__hidden ? "hidden" : "visible") });
const RealNotification = window.Notification;
class Recorded {
  constructor(title, options) {
    window.__notices.made.push({ title, body: options && options.body, notification: this });
    this.closed = false;
  }
  close() { this.closed = true; }
  static get permission() { return RealNotification.permission; }
  static requestPermission() { window.__notices.asked += 1; return RealNotification.requestPermission(); }
}
window.Notification = Recorded;
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() { window.__notices.tones += 1; return super.createOscillator(); }
};
const realFocus = window.focus.bind(window);
window.focus = () => { window.__notices.focused += 1; realFocus(); };
"""
HIDE = "window.__hidden = true; document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))"
SHOW = "window.__hidden = false; document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))"


@pytest.fixture
def seat_page(browser: Any, shared_server: Any) -> Iterator[Any]:
    """A factory: the page of the seat that does not decide first at a new two-person table
    (``allow``: the notifications permission granted), with the table and that seat's number."""
    contexts = []

    def open_page(allow: bool) -> tuple[Any, dict[str, Any], int]:
        made = new_table(shared_server, "game-development", ["human", "human"])
        waiting = 1 - state(shared_server, made)["to_act"][0]
        context = browser.new_context()
        contexts.append(context)
        context.set_default_timeout(10_000)
        if allow:
            context.grant_permissions(["notifications"], origin=shared_server.url)
        context.add_init_script(PACING_OFF)
        context.add_init_script(RECORDER)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(f"uncaught: {error}"))
        page.goto(made["seats"][waiting]["url"])
        wait(page, "document.body.dataset.version !== undefined && document.body.dataset.version !== ''")
        return page, made, waiting

    yield open_page
    for context in contexts:
        context.close()


def other_moves_until_it_is(server: Any, made: dict[str, Any], seat: int) -> None:
    """The other seat plays (through the API) until ``seat`` decides."""
    for _ in range(60):
        now = state(server, made)
        if seat in now["to_act"] or now["is_over"]:
            return
        mover = now["to_act"][0]
        act(server, made, mover, state(server, made, mover)["legal_actions"][0])
    raise AssertionError(f"seat {seat}'s turn never came")


def wait(page: Any, condition: str, timeout: float = 15.0) -> None:
    """Poll the page until ``condition`` (an expression) holds (the pages' content security policy
    refuses Playwright's wait_for_function, which evaluates a string in the page)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({condition})"):
        assert time.monotonic() < deadline, f"the page never had {condition}"
        time.sleep(0.05)


def notices(page: Any) -> dict[str, Any]:
    return page.evaluate("({ made: window.__notices.made.map((n) => ({ title: n.title, body: n.body })),"
                         " asked: window.__notices.asked, tones: window.__notices.tones,"
                         " focused: window.__notices.focused, title: document.title })")


def test_a_hidden_page_is_notified_when_its_turn_comes(seat_page, shared_server):
    page, made, seat = seat_page(allow=True)
    assert notices(page)["asked"] == 0  # never asked on load
    assert page.locator("#turn-notify").inner_text() == "Stop notifying me"  # allowed already (granted)
    page.evaluate(HIDE)
    other_moves_until_it_is(shared_server, made, seat)
    wait(page, "window.__notices.made.length === 1")
    told = notices(page)
    assert told["made"][0]["title"] == "Your turn — Game Development"
    assert made["table"] in told["made"][0]["body"]
    assert told["title"] == "● Your turn — Game Development · boardwright"
    assert told["tones"] == 0  # the sound is off until the person turns it on
    page.evaluate("window.__notices.made[0].notification.onclick()")  # a click on it brings the tab forward
    assert notices(page)["focused"] == 1
    page.evaluate(SHOW)
    assert page.evaluate("window.__notices.made[0].notification.closed")
    assert notices(page)["asked"] == 0 and page.errors == []


def test_the_sound_is_off_until_set_and_the_button_asks_for_permission(seat_page, shared_server):
    page, made, seat = seat_page(allow=False)
    button = page.locator("#turn-notify")
    assert button.inner_text() == "Notify me when it is my turn" and notices(page)["asked"] == 0
    button.click()
    wait(page, "window.__notices.asked === 1")  # asked on the click, not before

    page.evaluate(HIDE)
    other_moves_until_it_is(shared_server, made, seat)
    wait(page, "document.title.startsWith('● Your turn — ')")
    assert notices(page)["tones"] == 0 and notices(page)["made"] == []  # sound off; notifications not allowed

    page.evaluate(SHOW)
    page.locator("#turn-sound").check()  # the setting, remembered in this browser
    assert page.evaluate("localStorage.getItem('boardwright.notices.sound')") == "on"
    mine = state(shared_server, made, seat)
    act(shared_server, made, seat, mine["legal_actions"][0])
    while seat in state(shared_server, made)["to_act"]:  # the seat's turn may go on: finish it
        act(shared_server, made, seat, state(shared_server, made, seat)["legal_actions"][0])
    wait(page, "!document.title.startsWith('●')")
    page.evaluate(HIDE)
    other_moves_until_it_is(shared_server, made, seat)
    wait(page, "window.__notices.tones >= 2")  # the chime's two tones
    page.reload()
    wait(page, "document.body.dataset.version !== undefined && document.body.dataset.version !== ''")
    assert page.locator("#turn-sound").is_checked()
    assert page.errors == []
