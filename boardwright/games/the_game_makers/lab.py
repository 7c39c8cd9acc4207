"""What the balance lab reads of a The Game Makers game, all from the state (no events needed).

Items per seat: each game in its Display Case, each of its three Structures (dealt or drafted,
named with their letter) and, separately, each it completed ("Structure built"), and each
Tweenie on its Assembly Line. A round is a turn of the Wheel (every player once); a turn is one
player's turn in it. Setup (Structures, starting cards) is neither.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Item
from .board import PLAY, TWEENIE_BASE
from .content import LETTERS
from .state import GameMakersState


def items(state: GameMakersState) -> list[set[Item]]:
    content = state.content
    found: list[set[Item]] = []
    for seat in range(state.players):
        mine: set[Item] = {("Game", content.cards[card].name) for card in state.display[seat] if card >= 0}
        for letter in range(3):
            structure = state.structs[seat * 3 + letter]
            if structure >= 0:
                name = f"{LETTERS[letter]} {content.structures[structure].name}"
                mine.add(("Structure", name))
                if state.is_active(seat, letter):
                    mine.add(("Structure built", name))
        mine.update(("Tweenie", content.tweenies[code - TWEENIE_BASE].name)
                    for code in state.line[seat] if code >= TWEENIE_BASE)
        found.append(mine)
    return found


def progress(state: GameMakersState) -> tuple[Hashable, Hashable]:
    if state.phase != PLAY:
        return None, None
    return state.turn, (state.turn, state.pos)
