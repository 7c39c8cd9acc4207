"""Gadgeteers: place tokens to control Parts, build Gadgets, use their powers (2-4 players).

Rules: ../shared/rules/gadgeteers.txt and RULINGS G1-G10; our rulings and content design:
docs/games/gadgeteers.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from ...engine import Efficiency, Game, Item, Option, PlainVariant, State
from ...engine.observation import Encoder
from . import lab
from .content import DEFAULT_FILE, SCHEMA
from .content import load as load_content
from .observation import context, observe, observe_state
from .presentation import EVENT_TEXTS, catalog
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
    content_schema = SCHEMA
    content_default = DEFAULT_FILE
    quick_reference = "rules.md"
    margin_scale = 25.0  # the highest final scores of random and bot games (docs/rl.md)
    event_texts = EVENT_TEXTS
    options: ClassVar[tuple[Option, ...]] = (
        Option("alternate_tokens", bool, False,
               "Alternate Tokens: each player swaps one standard token for an alternate one, dealt at random (G9)"),
        Option("content", str, None,
               "a TOML file of your own Gadgets and Types instead of ours (same shape as ours)"),
    )

    def search_scores(self, state: State) -> list[float]:
        """Each seat's full score, Bonus card included, for a search cut off before the end.

        It counts the Bonus cards of the state it is given. In search that state is a sample
        drawn by ``determinize``, whose other Bonus cards are guesses, so nothing hidden is read;
        ``scores()`` of a running game leaves the Bonus cards out (they are secret).
        """
        if not isinstance(state, GadgeteersState):
            return super().search_scores(state)
        return [state.score_of(s) for s in range(state.players)]

    def _catalog(self, options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        return catalog(load_content(options.get("content")))

    def _observation_context(self, players: int, options: Mapping[str, Any]) -> Any:
        return context(players, options, self)

    def _observe(self, encoder: Encoder, view: Mapping[str, Any], context: Any) -> None:
        observe(encoder, view, context)

    def _observe_state(self, state: State, seat: int, context: Any, at: int,
                       positions: list[int], values: list[float]) -> None:
        assert isinstance(state, GadgeteersState)
        observe_state(state, seat, context, at, positions, values)

    def render(self, view: dict[str, Any]) -> str:
        from .render import render

        return render(view)

    def describe_action(self, text: str) -> str:
        from .render import describe

        return describe(text)

    def lab_items(self, state: State) -> list[set[Item]]:
        """Gadgets built, the Bonus card and the Alternate token, from the final state."""
        assert isinstance(state, GadgeteersState)
        return lab.items(state)

    def lab_progress(self, state: State) -> tuple[Hashable, Hashable]:
        assert isinstance(state, GadgeteersState)
        return lab.progress(state)

    lab_plain_kinds = ("Gadget",)

    def _lab_efficiency(self, options: Mapping[str, Any]) -> dict[Item, Efficiency]:
        return lab.efficiency(load_content(options.get("content")))

    def _lab_plain(self, item: Item, options: Mapping[str, Any]) -> PlainVariant | None:
        return lab.plain(load_content(options.get("content")), item)
