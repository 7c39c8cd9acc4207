"""What the balance lab reads of a Makers of Universe game: its events, and the Characters from
the state.

A Machine may be destroyed and bought again by someone else, an Evolution destroyed: only the
events tell everything each seat bought, so the lab plays this game with events on. Items per
seat: each Machine it bought, Evolution it placed, Action card it played, Creature it sent to
attack, Trap that was sprung in its world, door it activated, and its Character (dealt at
random). A round is the game's round (auctions, then one turn each); a turn is one player's turn
of the action phase (the auctions are nobody's turn).

Efficiency: a Machine's creation points per door it asks to activate; an Evolution's points for
its one card. A plain Machine or Evolution keeps everything but its points: it is worth what
the median points per door (per card) of the others of its kind gives its cost.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Efficiency, Item, ItemRule, PlainVariant
from ...engine.content import content_variant
from ...engine.lab import plain_points, points_worth
from .content import EVOLUTION, Content
from .state import MouState

EVENTS = (
    ItemRule("machine_bought", "Machine", "machine"),
    ItemRule("evolution_placed", "Evolution", "evolution"),
    ItemRule("action_played", "Action", "card"),
    ItemRule("attack_declared", "Creature", "creature"),
    ItemRule("trap_sprung", "Trap", "trap"),
    ItemRule("door_activated", "Door", "name"),
)


def characters(state: MouState, found: list[set[Item]]) -> list[set[Item]]:
    for seat, character in enumerate(state.characters):
        if character >= 0:
            found[seat].add(("Character", state.c.characters[character].name))
    return found


def progress(state: MouState) -> tuple[Hashable, Hashable]:
    return state.round, (None if state.auction_no else (state.round, state.turn_no))


def efficiency(content: Content) -> dict[Item, Efficiency]:
    found: dict[Item, Efficiency] = {("Machine", m.name): (float(m.points), float(m.doors), "door")
                                     for m in content.machines}
    found.update({("Evolution", c.name): (float(c.points), 1.0, "card")
                  for c in content.cards if c.family == EVOLUTION})
    return found


def plain(content: Content, item: Item) -> PlainVariant | None:
    points = plain_points(efficiency(content), item)
    if points is None or item[0] not in ("Machine", "Evolution"):
        return None
    section = "machines" if item[0] == "Machine" else "evolutions"
    replacement = f"{points_worth(points)} for its {'doors' if item[0] == 'Machine' else 'card'}"
    toml = content_variant(content.file, section, item[1], {"points": points},
                           heading=f"The balance lab's plain variant: {item[0]} {item[1]} is worth {replacement}.")
    return PlainVariant(replacement, toml)
