"""What the balance lab reads of a Gadgeteers game, all from the state (no events needed).

Items per seat: each Gadget it built, its Bonus card (dealt at random) and its Alternate token
(dealt at random, with the ``alternate_tokens`` option). A round is the game's round (Parts Phase
then Gadgets Phase); a turn is one placement in the Parts Phase, or one player's turn in the
Gadgets Phase.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Item
from .state import PARTS_PHASE, GadgeteersState
from .tokens import ALTERNATES


def items(state: GadgeteersState) -> list[set[Item]]:
    content = state.content
    found: list[set[Item]] = []
    for seat in range(state.players):
        mine: set[Item] = {("Gadget", content.gadgets[g].name) for g in state.built[seat]}
        mine.add(("Bonus card", content.types[state.bonus[seat]]))
        if state.swaps[seat] >= 0:
            mine.add(("Alternate token", ALTERNATES[state.swaps[seat]][0]))
        found.append(mine)
    return found


def progress(state: GadgeteersState) -> tuple[Hashable, Hashable]:
    turn = state.turn_index if state.phase == PARTS_PHASE else state.current
    return state.round, (state.round, state.phase, turn)
