"""What the balance lab reads of a Game Development game: the action log and the final state
(no events needed).

Items per seat: each card it played (a developer hired, a feature, a design document, an Action
card, a bug played on someone), and each developer it made a Lead. A round is a round of turns of
a milestone; a turn is one player's turn in it.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Item
from .state import GameDevelopmentState

#: the action kinds that play a card (its id first among the action's arguments), by item kind
PLAYED = {"develop": "Developer", "feature": "Feature", "document": "Design document",
          "action": "Action card", "bug": "Bug"}


def items(state: GameDevelopmentState) -> list[set[Item]]:
    cards = state.content.cards
    found: list[set[Item]] = [set() for _ in range(state.players)]
    for seat, action in state.log:
        kind = PLAYED.get(action.kind)
        if kind is not None:
            found[seat].add((kind, cards[action.args[0]].name))
    for seat in range(state.players):
        found[seat].update(("Lead", cards[dev].name) for dev in state.leads[seat] if dev >= 0)
    return found


def progress(state: GameDevelopmentState) -> tuple[Hashable, Hashable]:
    return (state.milestone, state.round), (state.milestone, state.round, state.active)
