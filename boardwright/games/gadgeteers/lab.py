"""What the balance lab reads of a Gadgeteers game, all from the state (no events needed).

Items per seat: each Gadget it built, its Bonus card (dealt at random) and its Alternate token
(dealt at random, with the ``alternate_tokens`` option). A round is the game's round (Parts Phase
then Gadgets Phase); a turn is one placement in the Parts Phase, or one player's turn in the
Gadgets Phase.

Efficiency: a Gadget's points per Part it requires. A plain Gadget keeps everything but its
points: it is worth what the median points per Part of the other Gadgets gives its Parts.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Efficiency, Item, PlainVariant
from ...engine.content import content_variant
from ...engine.lab import plain_points, points_worth
from .content import Content
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


def efficiency(content: Content) -> dict[Item, Efficiency]:
    return {("Gadget", g.name): (float(g.points), float(len(g.parts)), "Part") for g in content.gadgets}


def plain(content: Content, item: Item) -> PlainVariant | None:
    points = plain_points(efficiency(content), item)
    if points is None:
        return None
    replacement = f"{points_worth(points)} for its {len(content.gadget_named(item[1]).parts)} Parts"
    toml = content_variant(content.file, "gadgets", item[1], {"points": points},
                           heading=f"The balance lab's plain variant: Gadget {item[1]} is worth {replacement}.")
    return PlainVariant(replacement, toml)
