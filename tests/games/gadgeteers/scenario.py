"""Set a Gadgeteers table the way a rulebook example shows it.

The rules tests build their scenes through these few helpers, which arrange the table directly
(the Gadget row, tokens already on Parts, Bonus cards); every move of the example itself is then
made through the public ``apply`` with the action's text.
"""

from __future__ import annotations

import boardwright as bw
from boardwright.games.gadgeteers.content import PARTS
from boardwright.games.gadgeteers.state import GadgeteersState
from boardwright.games.gadgeteers.tokens import KIND_TEXT

GAME = bw.load("gadgeteers")


def part(name: str) -> int:
    return PARTS.index(name)


def kind(text: str) -> int:
    return KIND_TEXT.index(text)


def gadget(state: GadgeteersState, name: str) -> int:
    return state.content.gadget_named(name).id


def table(players: int = 2, row: tuple[str, ...] = (), seed: int = 1,
          options: dict | None = None) -> GadgeteersState:
    """A new game whose Gadget row starts with the named Gadgets (taken from the deck)."""
    state = GAME.new(players=players, seed=seed, options=options or {})
    assert isinstance(state, GadgeteersState)
    for index, name in enumerate(row):
        wanted = gadget(state, name)
        if wanted in state.row:
            state.row.remove(wanted)
        else:
            state.deck.remove(wanted)
        state.deck.append(state.row.pop(index) if index < len(state.row) else state.deck.pop(0))
        state.row.insert(index, wanted)
    return state


def tokens(state: GadgeteersState, seat: int, on: str, *labels: str) -> None:
    """Put tokens of ``seat`` from behind its screen face up on a Part (as left from earlier)."""
    for label in labels:
        state.put_token(seat, kind(label), part(on))


def gadgets_phase(state: GadgeteersState, first: int = 0) -> GadgeteersState:
    """Skip to the Gadgets Phase of this round (the Parts Phase placements already made)."""
    state.first = first
    state._begin_gadgets_phase()
    state.forget_legal()
    return state


def give_gadget(state: GadgeteersState, seat: int, name: str) -> None:
    """``seat`` has already built this Gadget in an earlier round."""
    g = gadget(state, name)
    if g in state.row:
        state.row.remove(g)
        state.row.append(state.deck.pop())
    else:
        state.deck.remove(g)
    state.built[seat].append(g)


def on_part(state: GadgeteersState, seat: int, name: str) -> list[str]:
    """The token labels ``seat`` has on a Part, as the seat itself sees them."""
    for cell in state.view(seat)["board"]:
        if cell["part"] == name:
            return sorted(cell["tokens"].get(str(seat), []))
    raise KeyError(name)


def screen(state: GadgeteersState, seat: int) -> list[str]:
    return sorted(state.view(seat)["players"][seat]["screen"])


def play(state: GadgeteersState, seat: int, *texts: str) -> None:
    for text in texts:
        state.apply(seat, text)


def gravtreads_table() -> GadgeteersState:
    """The rulebook's example: seat 0 holds the Gear (3★), Magnet (2) and Boots (2); seat 1 has a
    1 on the Gear; Gravtreads is in the row; the Gadgets Phase has begun."""
    state = table(players=2, row=("Gravtreads",))
    tokens(state, 0, "Gear", "3")
    tokens(state, 1, "Gear", "1")
    tokens(state, 0, "Magnet", "2")
    tokens(state, 0, "Boots", "2")
    return gadgets_phase(state)


def two_builders() -> GadgeteersState:
    """Seat 0 built the Periscope and holds the Optics Bonus card; seat 1 built the Crank Charger
    and holds the Energy one (2 points each)."""
    state = table(players=2)
    give_gadget(state, 0, "Periscope")
    give_gadget(state, 1, "Crank Charger")
    types = state.content.types
    state.bonus = [types.index("Optics"), types.index("Energy")]
    state.bonus_rest = sorted({0, 1, 2, 3} - set(state.bonus))
    return state
