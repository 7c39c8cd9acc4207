"""Small helpers to set up Game Development scenarios for rule tests.

A scenario starts from a seeded game and arranges the few things a rule needs (developers,
Leads, documents, hands, counters) by writing the state's public fields directly; ``fresh`` then
drops the engine's cached legal actions. Everything after that goes through ``apply`` by text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import boardwright as bw
from boardwright.games.game_development.content import KINDS, load

GAME = bw.load("game-development")
CONTENT = load()
MILESTONES = [m.name for m in CONTENT.milestones]


def card(name: str) -> int:
    return CONTENT.by_name[name]


def new(players: int = 2, seed: int = 1, **options: object):
    return GAME.new(players=players, seed=seed, options=options)


def fresh(state) -> None:
    """The engine caches a seat's legal actions until the next apply; a scenario edit invalidates them."""
    state.forget_legal()


def at_milestone(milestone: str, players: int = 2, seed: int = 1,
                 developers: Mapping[int, Iterable[str]] | None = None, leads: Iterable[str] = (),
                 documents: Mapping[int, Iterable[str]] | None = None, **options: object):
    """A game at the start of seat 0's first turn of ``milestone``: each seat controls the named
    developers (the named ones are Leads) and documents; counters come from the milestone start."""
    state = new(players, seed, **options)
    for seat, names in (developers or {}).items():
        state.devs[seat] = [card(n) for n in names]
        state.counters[seat] = [0] * len(state.devs[seat])
    for name in leads:
        dev = card(name)
        seat = next(s for s in range(players) if dev in state.devs[s])
        state.leads[seat][CONTENT.cards[dev].kind] = dev
    for seat, names in (documents or {}).items():
        state.documents[seat] = [card(n) for n in names]
    state.refresh_powers()
    index = MILESTONES.index(milestone)
    if index > 1:
        state.start_milestone(1)   # the Production deck comes in at Vertical Slice
    state.start_milestone(index)
    if state.active != 0:
        state.first = 0
        state.begin_turn(0)
    fresh(state)
    return state


def arrange(state, seat: int, hand: Iterable[str]) -> None:
    """Give ``seat`` exactly these cards (taken from the deck when there; the old hand goes back)."""
    state.deck.extend(state.hands[seat])
    ids = [card(n) for n in hand]
    for c in ids:
        if c in state.deck:
            state.deck.remove(c)
    state.hands[seat] = sorted(ids)
    fresh(state)


def set_counters(state, seat: int, counters: Mapping[str, int]) -> None:
    for name, count in counters.items():
        state.counters[seat][state.devs[seat].index(card(name))] = count
    fresh(state)


def put_in_play(state, seat: int, features: Iterable[str] = (), bugs: Iterable[str] = ()) -> None:
    for name in features:
        state.features[seat].append(card(name))
        state.bonus[seat].append(0)
    for name in bugs:
        state.bugs[seat].append(card(name))
    fresh(state)


def play(state, *texts: str) -> None:
    """Apply each action text for the seat to act."""
    for text in texts:
        state.apply(state.to_act[0], text)


def finish_turn(state) -> None:
    """End the turn of the seat to act: discard its first cards down to the limit, no creep bugs."""
    state.apply(state.to_act[0], "end turn")
    while state.phase in (2, 3) and not state.is_over:
        seat = state.to_act[0]
        options = [str(a) for a in state.legal_actions(seat)]
        state.apply(seat, "pass" if "pass" in options else options[0])


def counters_of(state, seat: int, name: str) -> int:
    return state.counters[seat][state.devs[seat].index(card(name))]


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def kinds() -> tuple[str, ...]:
    return KINDS


def stack_deck(state, names: Iterable[str]) -> None:
    """Put the named cards on top of the deck, the first named on top (taken from wherever they are)."""
    ids = [card(n) for n in names]
    for c in ids:
        for pile in [state.deck, *state.hands, state.discard]:
            if c in pile:
                pile.remove(c)
                break
    state.deck.extend(reversed(ids))
    fresh(state)
