"""What the balance lab reads of a Makers of Universe game: its events, and the Characters from
the state.

A Machine may be destroyed and bought again by someone else, an Evolution destroyed: only the
events tell everything each seat bought, so the lab plays this game with events on. Items per
seat: each Machine it bought, Evolution it placed, Action card it played, Creature it sent to
attack, Trap that was sprung in its world, door it activated, and its Character (dealt at
random). A round is the game's round (auctions, then one turn each); a turn is one player's turn
of the action phase (the auctions are nobody's turn).
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine import Item, ItemRule
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
