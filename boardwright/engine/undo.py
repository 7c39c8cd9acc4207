"""Undo: which of a seat's own actions it may take back, found by replaying the game.

Board Game Arena's rule (shared/DESIGN.md "Undo"): a player may take back their own last actions
as long as no hidden information was revealed, nothing was drawn at random and no other seat has
acted since. The action that did any of these is a *commitment point*: it stays, and so does
everything before it. An action is one when it

- commits a sealed choice;
- hands the decision to another seat, or ends the game;
- draws from any of the game's random streams (``State.streams``);
- reveals hidden information: after it, some seat sees or is told something it could not have
  worked out from what it saw before and the action as it saw it (a card drawn from a deck
  shuffled at setup, tokens turned face up, a card played from a hand, or even that nobody
  could react to it).

Undo is a replay to the shorter log, exact thanks to the seed, so no game writes an inverse of
its actions. The test costs nothing while playing: it runs only when asked (``State.can_undo``,
``State.undo``), once per action (the answer is cached), on a replay of the game from its seed
with events off (the replay of the last question is reused, so a game is not replayed from its
start each time).

**The reveal test** is generic. For each seat ``o`` (the actor first), the state before the
action is determinized for ``o``, and the same action, as ``o`` saw it, is taken in each sample:
if what ``o`` then sees (its view, and for the actor its legal actions) or is told (its events)
differs from the truth in any sample, the action told ``o`` something hidden. When no action in a
sample looks to ``o`` like the one taken, the action itself told ``o`` something (a card played
from a hand it could not know).

It can miss a reveal in two ways, and both are kept small or named:

- *by chance*: every sample happened to agree with the truth on what was revealed (a rare card
  that lets someone react, a small pool of unknown cards). So each seat gets many samples, and
  only samples that differ from the truth and from each other count; the chance of a miss falls
  geometrically with them (the actor's own, which could let it cheat, get the most).
- *by trust*: the test relies on each game's determinization keeping exactly what the seat can
  see (the conformance kit checks it). A spectator sees no more than any seat, so what a spectator
  learns some seat learns too, and is caught there; the one exception is a solo player's own
  secret shown to spectators, which nobody at the table learns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import BoardwrightError
from .events import seen_by
from .rng import derive_seed

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

#: samples (each different from the truth and from the others) for the seat that acted ...
ACTOR_SAMPLES = 24
#: ... and in all for the other seats, each of them getting at least ``MIN_SAMPLES``
OTHERS_SAMPLES = 24
MIN_SAMPLES = 8
#: the most samples drawn per seat, per sample asked for (a seat that sees everything gives none)
TRIES_PER_SAMPLE = 3

#: engine slots that are not the game's state: what was told, and whether it is told
EVENT_SLOTS = frozenset({"_events", "_telling"})

NOT_REBUILT = "the game cannot be rebuilt from its seed and actions (was its content file changed?)"


def rebuild(state: State, length: int, start: State | None = None) -> State:
    """The state after the first ``length`` actions of ``state``'s log, replayed from its seed with
    the same options and content, telling no events; from a copy of ``start`` (an earlier such
    replay) when its log is the start of that one."""
    log = state.log
    if start is not None and len(start.log) <= length and start.log == log[:len(start.log)]:
        new = start.clone()
    else:
        assert state.seed is not None, "a determinized state has no seed to replay"
        new = state.game.new(state.players, state.seed, dict(state.options), events=False)
    for seat, action in log[len(new.log):length]:
        new.apply(seat, action)
    return new


def replay_fingerprint(state: State) -> tuple[Any, ...]:
    """Everything a replay of the log rebuilds: the game's fields, streams, log, ``to_act`` and
    sealed choices (not the events, which only grow)."""
    return tuple(part for part in state.fingerprint() if part[0] not in EVENT_SLOTS)


def told(state: State, who: int) -> list[tuple[str, Any]]:
    """The events ``state`` holds as ``who`` was told them."""
    out = []
    for event in state._events:
        seen = seen_by(event, who)
        if seen is not None:
            out.append((event[0], seen))
    return out


def telling_copy(state: State) -> State:
    """A copy of ``state`` that tells events from now on (it starts with none)."""
    copy = state.clone()
    copy._events = []
    copy._telling = True
    return copy


def commitment(state: State, start: State | None = None) -> tuple[str | None, State | None]:
    """Why the last action of ``state`` is a commitment point (``None`` when it is not), and the
    state before it (``None`` when it cannot be rebuilt). ``start``: an earlier replay to reuse."""
    seat, action = state.log[-1]
    try:
        before = rebuild(state, len(state.log) - 1, start)
        after = telling_copy(before)
        after.apply(seat, action)
    except BoardwrightError:
        return NOT_REBUILT, None
    if replay_fingerprint(after) != replay_fingerprint(state):
        return NOT_REBUILT, None
    if before.is_sealed:
        return "it committed a sealed choice", before
    if after.is_over:
        return "it ended the game", before
    if after.to_act != (seat,):
        return "it handed the decision to another seat", before
    if after.streams.drawn_since(before.streams):
        return "it drew at random", before
    learned = revealed_to(before, after, seat, action)
    if learned is not None:
        return f"it showed Seat {learned} something hidden", before
    return None, before


def revealed_to(before: State, after: State, seat: int, action: Action) -> int | None:
    """A seat that learned something hidden when ``seat`` took ``action`` in ``before`` (giving
    ``after``), or ``None`` when the test found none (see the module's notes)."""
    truth = before.fingerprint(only_game=True)
    others = [o for o in range(before.players) if o != seat]
    each = max(MIN_SAMPLES, -(-OTHERS_SAMPLES // max(1, len(others))))
    for observer in [seat, *others]:
        wanted = ACTOR_SAMPLES if observer == seat else each
        seen_as = before._redact(seat, action, observer) if observer != seat else str(action)
        shown_after = after.view(observer), told(after, observer)
        legal_after = [str(a) for a in after.legal_actions(seat)] if observer == seat else None
        samples: list[tuple[Any, ...]] = []
        for attempt in range(wanted * TRIES_PER_SAMPLE):
            sample = before.determinize(observer, derive_seed(before.seed or 0,
                                                              f"undo/{len(before.log)}/{observer}/{attempt}"))
            key = sample.fingerprint(only_game=True)
            if key == truth or key in samples:
                continue  # no different from the truth, or from a sample already tried
            samples.append(key)
            twin = as_seen(sample, seat, action, observer, seen_as)
            if twin is None:  # nothing this seat could take for the action taken: it told it something
                return observer
            sample._events = []
            sample._telling = True
            sample.apply(seat, twin)
            if (sample.view(observer), told(sample, observer)) != shown_after:
                return observer
            if legal_after is not None and [str(a) for a in sample.legal_actions(seat)] != legal_after:
                return observer
            if len(samples) == wanted:
                break
    return None


def as_seen(sample: State, seat: int, action: Action, observer: int, seen_as: str) -> Action | None:
    """An action ``seat`` may take in ``sample`` that ``observer`` sees as ``seen_as`` (the action
    itself when it can), or ``None``."""
    legal = sample.legal_actions(seat)
    if observer == seat:
        return action if action in legal else None
    if action in legal and sample._redact(seat, action, observer) == seen_as:
        return action
    for other in legal:
        if sample._redact(seat, other, observer) == seen_as:
            return other
    return None
