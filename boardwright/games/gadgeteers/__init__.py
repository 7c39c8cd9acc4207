"""Gadgeteers: place tokens to control Parts, build Gadgets, use their powers (2-4 players).

Rules: ../shared/rules/gadgeteers.txt and RULINGS G1-G10; our rulings and content design:
docs/games/gadgeteers.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Game, Option
from .state import GadgeteersState


class Gadgeteers(Game):
    id = "gadgeteers"
    name = "Gadgeteers"
    min_players = 2
    max_players = 4
    version = "1"
    notes = "docs/games/gadgeteers.md"
    bot = "boardwright.games.gadgeteers.bot:HeuristicBot"
    state_class = GadgeteersState
    options: ClassVar[tuple[Option, ...]] = (
        Option("alternate_tokens", bool, False,
               "Alternate Tokens: each player swaps one standard token for an alternate one, dealt at random (G9)"),
        Option("content", str, None,
               "a TOML file of your own Gadgets and Types instead of ours (same shape as ours)"),
    )

    def render(self, view: dict[str, Any]) -> str:
        from .render import render

        return render(view)

    def describe_action(self, text: str) -> str:
        from .render import describe

        return describe(text)
