"""What the balance lab reads of a The Game Makers game, all from the state (no events needed).

Items per seat: each game in its Display Case, each of its three Structures (dealt or drafted,
named with their letter) and, separately, each it completed ("Structure built"), and each
Tweenie on its Assembly Line. A round is a turn of the Wheel (every player once); a turn is one
player's turn in it. Setup (Structures, starting cards) is neither.

Efficiency: a game with flat VP, its VP per level of Components its Contract requires (a card
requirement counts its number of cards, "any" level counts 1); games scored by a pattern have no
fixed points. A plain game keeps everything but its VP: it scores what the median VP per level
of the other flat games gives its requirements.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Efficiency, Item, PlainVariant
from ...engine.content import content_variant
from ...engine.lab import plain_points
from .board import PLAY, TWEENIE_BASE
from .content import BASE, LETTERS, PATTERNS, Content
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


def efficiency(content: Content) -> dict[Item, Efficiency]:
    flat = PATTERNS.index("flat")
    return {("Game", card.name): (float(card.value), float(sum(max(level, 1) for _, level in card.requires)),
                                  "component level")
            for card in content.cards if card.pattern == flat}


def plain(content: Content, item: Item) -> PlainVariant | None:
    points = plain_points(efficiency(content), item)
    if points is None or item[0] != "Game":
        return None
    replacement = f"flat {points} VP for its requirements"
    toml = content_variant(content.file, "cards", item[1], {"score": f"flat {points}"}, base=BASE,
                           heading=f"The balance lab's plain variant: Game {item[1]} scores {replacement}.")
    return PlainVariant(replacement, toml)
