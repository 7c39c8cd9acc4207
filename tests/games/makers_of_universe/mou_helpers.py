"""Scenario helpers for the Makers of Universe rule tests: set a table, then play named actions."""

from __future__ import annotations

import boardwright as bw
from boardwright.games.makers_of_universe import rules as R
from boardwright.games.makers_of_universe.state import MouState

GAME = bw.load("makers-of-universe")


def new_game(players: int = 3, seed: int = 1, **options) -> MouState:
    """A fresh game; Characters are off unless a test asks for them."""
    options.setdefault("characters", False)
    state = GAME.new(players=players, seed=seed, options=options)
    assert isinstance(state, MouState)
    return state


def card(s: MouState, name: str) -> int:
    return s.c.card_named(name).id


def machine(s: MouState, name: str) -> int:
    return s.c.machine_named(name).id


def hand(s: MouState, seat: int, *names: str) -> None:
    s.hands[seat] = [card(s, n) for n in names]


def names(s: MouState, ids: list[int]) -> list[str]:
    return sorted(s.c.cards[k].name for k in ids)


def owns(s: MouState, seat: int, *machines: str) -> None:
    s.machines[seat] = [machine(s, n) for n in machines]


def character(s: MouState, seat: int, name: str) -> None:
    s.characters[seat] = next(c.id for c in s.c.characters if c.name == name)


def empty_hands(s: MouState) -> None:
    for seat in range(s.players):
        s.hands[seat] = []


def bidding(s: MouState, machine_name: str = "Star Forge") -> MouState:
    """The first auction of a round, bids about to be made (no one holds an Action card)."""
    empty_hands(s)
    s.on_auction = machine(s, machine_name)
    s.auction_no = 1
    s.bid_round = 0
    s.bidders = tuple(range(s.players))
    s.phase = R.P_BID
    s._sealed = None
    s.open_sealed(s.bidders)
    return s


def turn(s: MouState, seat: int = 0, round: int = 2) -> MouState:
    """``seat``'s action phase after its draw, in round ``round`` (attacks allowed from round 2);
    every hand starts empty (a test deals what its scenario needs)."""
    empty_hands(s)
    s._sealed = None
    s.round = round
    s.auction_no = 0
    s.on_auction = -1
    s.pawn = seat
    s.turn_no = 0
    s.active = seat
    s.phase = R.P_MAIN
    s.to_act = (seat,)
    s.forget_legal()
    return s


def legal(s: MouState, seat: int) -> list[str]:
    s.forget_legal()  # a scenario may have changed the table since the last look
    return [str(a) for a in s.legal_actions(seat)]


def play(s: MouState, *steps: tuple[int, str] | str) -> None:
    """Apply steps: ``"text"`` for the seat to act, or ``(seat, "text")``."""
    for step in steps:
        if isinstance(step, tuple):
            s.apply(step[0], step[1])
        else:
            s.apply(s.to_act[0], step)


def finish_turn(s: MouState) -> None:
    """End the turn and let every reaction window pass."""
    s.apply(s.to_act[0], "end turn")
    while not s.is_over and s.phase == R.P_WINDOW:
        s.apply(s.to_act[0], "pass")
