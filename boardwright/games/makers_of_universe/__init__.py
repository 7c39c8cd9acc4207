"""Makers of Universe (3–5 players): buy creation Machines at sealed auctions, develop your world
with Evolutions, and hinder the others with creatures, trapped doors and Action cards.

Rules: /shared/rules/makers-of-universe.txt and RULINGS U1–U12; our rulings, options and the
content are in docs/games/makers-of-universe.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from boardwright.engine import Efficiency, Game, Item, Option, PlainVariant, State
from boardwright.engine.observation import Encoder

from . import lab, observation, present
from .content import CONTENT_FILE, SCHEMA, load
from .state import MouState
from .view import describe, render


class MakersOfUniverse(Game):
    id = "makers-of-universe"
    name = "Makers of Universe"
    min_players = 3
    max_players = 5
    #: 2: U12 (a second Palace scores 1), the U10 tie-break by turn and seat order, and reopened
    #: reaction windows asking the active player change how some version-1 records replay;
    #: 3: the window after an attack cancelled by Portal Collapse asks the active player too (U6)
    version = "3"
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", int, None, "creation points to win; default 11 / 9 / 7 for 3 / 4 / 5 players (U1)",
               minimum=1, maximum=60),
        Option("max_rounds", int, 30, "the game also ends after this round (most points wins); "
               "keeps every game finite (a game server takes at most 60: 500 rounds of 5 players are "
               "some 15,000 actions)", minimum=1, maximum=500, server_maximum=60),
        Option("characters", bool, True, "play with the Characters and their powers"),
        Option("destroyed_machines", str, "bottom", "where a destroyed Machine goes: under the Machine "
               "pile (bottom) or out of the game (out)", choices=("bottom", "out")),
        Option("start_ue", int, 5, "UE each player starts with", minimum=0, maximum=12),
        Option("start_cards", int, 5, "Resource cards each player starts with", minimum=0, maximum=10),
        Option("ue_tokens", int, 30, "UE tokens in the game (the Bank holds what is not dealt)",
               minimum=0, maximum=30),
        Option("content", str, None, "path to your own card list (TOML, same schema and rulebook counts); "
               "default: boardwright's"),
    )
    state_class = MouState
    content_schema = SCHEMA
    content_default = CONTENT_FILE
    notes = "docs/games/makers-of-universe.md"
    bot = "boardwright.games.makers_of_universe.bot:HeuristicBot"
    #: the searches look twice as far before judging (60 decisions, about two rounds of three
    #: players): at equal iterations that won 66.0% of 144 three-player games against two bots,
    #: against 54.2% at 30 (docs/agents.md)
    levels: ClassVar[Mapping[str, str]] = {"hard": "ismcts:iterations=300,time=0.3,depth=60",
                                           "expert": "ismcts:iterations=2000,time=2,depth=60"}
    quick_reference = "rules.md"
    margin_scale = 15.0  # the highest final scores of random and bot games (docs/rl.md)
    event_texts = present.EVENT_TEXTS
    lab_events = lab.EVENTS

    def _catalog(self, options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        return present.catalog(load(options.get("content") or CONTENT_FILE))

    def evaluate_all(self, state: State) -> list[float]:
        """Each seat's progress towards the target, relative to its best opponent: 0.5 when level
        with the best of the others, 0.5 more or less per target's worth ahead or behind, within
        [0, 1]. A finished game pays 1 shared by its winners."""
        if state.is_over:
            return super().evaluate_all(state)
        assert isinstance(state, MouState)
        scores = state.scores()
        # The best opponent of the leader is the runner-up; of every other seat, the leader.
        leader = max(range(len(scores)), key=scores.__getitem__)
        top = scores[leader]
        runner_up = max(x for i, x in enumerate(scores) if i != leader)
        scale = 2.0 * state.target
        return [max(0.0, min(1.0, 0.5 + (mine - (runner_up if seat == leader else top)) / scale))
                for seat, mine in enumerate(scores)]

    def _observation_context(self, players: int, options: Mapping[str, Any]) -> observation.Context:
        context = observation.context(players, options)
        # the fast path places its blocks where the view's encoding puts them, read off one view
        probe = self.new(players=players, seed=0, options=options, events=False)
        return observation.with_tables(context, probe.view(0), options)

    def _observe(self, encoder: Encoder, view: Mapping[str, Any], context: Any) -> None:
        observation.observe(encoder, view, context)

    def _observe_state(self, state: State, seat: int, context: Any, at: int,
                       positions: list[int], values: list[float]) -> None:
        observation.observe_state(state, seat, context, at, positions, values)  # type: ignore[arg-type]

    def render(self, view: dict[str, Any]) -> str:
        return render(view)

    def describe_action(self, text: str) -> str:
        return describe(text)

    def lab_items(self, state: State) -> list[set[Item]]:
        """What the events name (Machines bought, ...), and each seat's Character."""
        assert isinstance(state, MouState)
        return lab.characters(state, super().lab_items(state))

    def lab_progress(self, state: State) -> tuple[Hashable, Hashable]:
        assert isinstance(state, MouState)
        return lab.progress(state)

    lab_plain_kinds = ("Machine", "Evolution")

    def _lab_efficiency(self, options: Mapping[str, Any]) -> dict[Item, Efficiency]:
        return lab.efficiency(load(options.get("content") or CONTENT_FILE))

    def _lab_plain(self, item: Item, options: Mapping[str, Any]) -> PlainVariant | None:
        return lab.plain(load(options.get("content") or CONTENT_FILE), item)
