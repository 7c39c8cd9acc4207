"""The Game Development deck: a deck for Dvorak about making a game in five milestones.

Players hire developers in Preproduction, then spend their developers' counters on features and
squash the bugs others play on them, through Vertical Slice, Alpha, Beta and RTM. The most
production points (features minus bugs) wins. Rules: shared/rules/game-development.txt with
rulings D1–D9; our own rulings are in docs/games/game-development.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from ...engine import Efficiency, Game, Item, Option, PlainVariant, State
from ...engine.observation import Encoder
from . import lab
from .content import DEFAULT_PATH, SCHEMA, load
from .observation import context, observe
from .observation_fast import observe_state, prepare
from .state import GameDevelopmentState
from .texts import EVENT_TEXTS, catalog
from .view import describe_action, render


class GameDevelopment(Game):
    id = "game-development"
    name = "Game Development"
    min_players = 2
    max_players = 5
    version = "2"
    options: ClassVar[tuple[Option, ...]] = (
        Option("copies", int, 2, "copies of each Production card in the deck (D8)", minimum=1, maximum=4),
        Option("draw", str, "one", "turn draw: 'one' card (Dvorak, D1) or 'refill' up to the hand size "
                                   "every turn (Preproduction always refills)", choices=("one", "refill")),
        Option("hand_size", int, 5, "cards dealt at each milestone and the hand limit (D1)",
               minimum=3, maximum=8),
        Option("developer_points", bool, False,
               "the earlier variant: each developer scores 1 point, each Lead 2"),
        Option("content", str, None, "path to your own card list (TOML); default: boardwright's"),
    )
    state_class = GameDevelopmentState
    content_schema = SCHEMA
    content_default = DEFAULT_PATH
    notes = "docs/games/game-development.md"
    bot = "boardwright.games.game_development.bot:HeuristicBot"
    #: the short search at 300 iterations did not beat the bot (13.5 of 30 games); at 1,000
    #: (about 0.4 s) it won 75.8% [63.7-84.9] of 60 (docs/agents.md)
    levels: ClassVar[Mapping[str, str]] = {"hard": "ismcts:iterations=1000,time=1"}
    quick_reference = "rules.md"
    margin_scale = 30.0  # the highest final scores of random and bot games (docs/rl.md)
    event_texts = EVENT_TEXTS

    def _catalog(self, options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        return catalog(load(options.get("content")))

    def render(self, view: dict[str, Any]) -> str:
        return render(view)

    def describe_action(self, text: str) -> str:
        return describe_action(text)

    def _observation_context(self, players: int, options: Mapping[str, Any]) -> Any:
        found = context(players, options)
        prepare(found, self, players, options)
        return found

    def _observe(self, encoder: Encoder, view: Mapping[str, Any], context: Any) -> None:
        observe(encoder, view, context)

    def _observe_state(self, state: State, seat: int, context: Any, at: int,
                       positions: list[int], values: list[float]) -> None:
        assert isinstance(state, GameDevelopmentState)
        observe_state(state, seat, context, at, positions, values)

    def lab_items(self, state: State) -> list[set[Item]]:
        """Cards played (from the action log) and the Leads, from the final state."""
        assert isinstance(state, GameDevelopmentState)
        return lab.items(state)

    def lab_progress(self, state: State) -> tuple[Hashable, Hashable]:
        assert isinstance(state, GameDevelopmentState)
        return lab.progress(state)

    lab_plain_kinds = ("Feature", "Developer", "Lead")

    def _lab_efficiency(self, options: Mapping[str, Any]) -> dict[Item, Efficiency]:
        return lab.efficiency(load(options.get("content")))

    def _lab_plain(self, item: Item, options: Mapping[str, Any]) -> PlainVariant | None:
        return lab.plain(load(options.get("content")), item)


__all__ = ["GameDevelopment"]
