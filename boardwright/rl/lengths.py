"""How many decisions a game can take: OpenSpiel's ``max_game_length`` for each game.

A bound is the game's limit on rounds (or turns), from its rules or options, times the players,
times :data:`SEAT_ROUND_DECISIONS`, an allowance of decisions for one seat in one round:

- **Game Development**: 18 rounds (Preproduction 3, Vertical Slice 4, Alpha 6, Beta 3, RTM 2, D1),
  plus one sealed Lead choice per title (4) per seat at the end of Preproduction.
- **Makers of Universe**: the ``max_rounds`` option (30 by default) ends every game.
- **The Game Makers**: the ``max_turns`` option (300 by default, a turn is one round of the
  table) ends every game, plus the setup round.
- **Gadgeteers**: every round builds a Gadget, adds one from the deck, or ends the game (the
  project's stalemate ruling: a round without a Gadget built ends the game when the deck is
  empty; a power that cycles a Gadget puts one under the deck and draws one, leaving its size).
  After ``3 × players + 1`` Gadgets built someone has a 4th, which ends that round; the deck
  holds fewer than the content's Gadgets. So a game lasts at most ``3 × players + 2 + Gadgets``
  rounds (24 at 2 players with the 16 Gadgets of our content).

The allowance per seat and round is not derived from the rules (a turn allows "any number" of
plays, bounded only by what a seat holds): it is four times the most decisions one seat took in one
round of random play (10 to 150 games at each of three or four player counts per game: Game
Development 17 in a milestone's round, Gadgeteers 23, Makers of Universe 34, The Game Makers 69).
A game not in the table (a game registered by a third party) gets :data:`UNKNOWN_BOUND`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Decisions one seat may take in one round (four times random play's most).
SEAT_ROUND_DECISIONS = {
    "game-development": 68,
    "gadgeteers": 92,
    "makers-of-universe": 136,
    "the-game-makers": 276,
}
#: The rounds of Game Development (D1) and its sealed Lead titles per seat.
GAME_DEVELOPMENT_ROUNDS = 3 + 4 + 6 + 3 + 2
GAME_DEVELOPMENT_LEADS = 4
#: The bound of a game this module does not know.
UNKNOWN_BOUND = 100_000


def rounds(game_id: str, players: int, options: Mapping[str, Any]) -> int | None:
    """The most rounds a game of ``game_id`` at ``players`` lasts under ``options`` (``None``:
    not known)."""
    if game_id == "game-development":
        return GAME_DEVELOPMENT_ROUNDS
    if game_id == "makers-of-universe":
        return int(options["max_rounds"])
    if game_id == "the-game-makers":
        return int(options["max_turns"]) + 1  # and the setup round
    if game_id == "gadgeteers":
        import boardwright as bw

        catalog = bw.load(game_id).catalog(options)
        gadgets = sum(1 for entry in catalog.values() if entry["kind"] == "Gadget")
        return 3 * players + 2 + gadgets
    return None


def max_decisions(game_id: str, players: int, options: Mapping[str, Any]) -> int:
    """The most decisions a game of ``game_id`` takes at ``players`` under ``options``."""
    limit = rounds(game_id, players, options)
    if limit is None:
        return UNKNOWN_BOUND
    bound = limit * players * SEAT_ROUND_DECISIONS[game_id]
    if game_id == "game-development":
        bound += players * GAME_DEVELOPMENT_LEADS
    return bound
