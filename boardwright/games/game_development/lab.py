"""What the balance lab reads of a Game Development game: the action log and the final state
(no events needed).

Items per seat: each card it played (a developer hired, a feature, a design document, an Action
card, a bug played on someone), and each developer it made a Lead. A round is a round of turns of
a milestone; a turn is one player's turn in it.

Efficiency: a feature's points per resource counter of its cost. A plain feature keeps its cost
and effect and is worth what the median points per resource of the other features gives its
cost; a plain developer (hired or made Lead) keeps its name and kind and has no Lead ability,
like Legendary L.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Efficiency, Item, PlainVariant
from ...engine.content import content_variant
from ...engine.lab import plain_points, points_worth
from .content import Content
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


def efficiency(content: Content) -> dict[Item, Efficiency]:
    return {("Feature", card.name): (float(card.points), float(sum(amount for _, amount in card.cost)), "resource")
            for card in content.cards if card.type == "feature"}


def plain(content: Content, item: Item) -> PlainVariant | None:
    card_id = content.by_name.get(item[1])
    if card_id is None:
        return None
    card = content.cards[card_id]
    changes: dict[str, object]
    if item[0] == "Feature" and card.type == "feature":
        points = plain_points(efficiency(content), item)
        if points is None:
            return None
        section, changes = "feature", {"points": points}
        replacement = f"{points_worth(points)} for its cost"
    elif item[0] in ("Developer", "Lead") and card.type == "developer" and card.lead:
        section, changes, replacement = "developer", {"lead": [], "during": ""}, "with no Lead ability"
    else:
        return None
    toml = content_variant(content.file, section, item[1], changes,
                           heading=f"The balance lab's plain variant: {item[0]} {item[1]} plays {replacement}.")
    return PlainVariant(replacement, toml)
