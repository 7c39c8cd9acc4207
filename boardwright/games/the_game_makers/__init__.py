"""The Game Makers (1-6 players): run a board-game factory, fill a 3x4 Display Case.

Rules: shared/rules/the-game-makers.txt and RULINGS M1-M13; our rulings, options and content
are in docs/games/the-game-makers.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from boardwright.engine import Efficiency, Game, Item, Option, PlainVariant, State
from boardwright.engine.observation import Encoder

from . import lab
from .content import BASE, SCHEMA
from .events import TEXTS
from .fast_observation import block_offsets, observe_state
from .observation import Context, context, observe
from .state import MAX_FACE, GameMakersState, check_dice_faces

#: the default solo target (M12, TGM-23): the heuristic bot's median final score over 1,000 solo
#: games, seeds 0..999 (benchmarks/solo_target.py, measured 2026-11-30: median 63, quartiles 53/78)
SOLO_TARGET = 63
#: the default last turn (TGM-25): no game is meant to reach it; the longest measured game lasted
#: far fewer turns (benchmarks/game_makers_length.py)
MAX_TURNS = 300


class TheGameMakers(Game):
    id = "the-game-makers"
    name = "The Game Makers"
    min_players = 1
    max_players = 6
    # 2: Gain 1 never gives wood, component-kind patterns, cards spent longest-held first;
    # 3: bounded options (solo_target the bot's median, a finite max_turns: a record of version 2
    #    holds 0 for both), and content whose Contracts could never be made is refused
    version = "3"
    state_class = GameMakersState
    content_schema = SCHEMA
    content_default = BASE
    notes = "docs/games/the-game-makers.md"
    bot = "boardwright.games.the_game_makers.bot:HeuristicBot"
    # a turn is a long chain of small choices: the search plays best guided by the bot (docs/agents.md)
    levels: ClassVar[Mapping[str, str]] = {"hard": "ismcts:iterations=300,time=0.3,bias=1",
                                           "expert": "ismcts:iterations=2000,time=2,bias=1"}
    quick_reference = "rules.md"
    margin_scale = 140.0  # the highest final scores of random and bot games (docs/rl.md)
    event_texts = TEXTS
    options: ClassVar[tuple[Option, ...]] = (
        Option("content", str, None, "path of a content TOML file (your own cards); sections it "
                                     "leaves out come from ours"),
        Option("wedge_order", str, "random", "the Wedges around the Warehouse: random, or the "
                                             "content file's fixed order", choices=("random", "fixed")),
        Option("structures", str, "random", "Structures: random deal (first game) or draft (M11)",
               choices=("random", "draft")),
        Option("experienced", bool, False, "experienced players may keep all 3 starting cards face down"),
        Option("dice_faces", str, "1-2/1-3/2-4", "die faces per level (M7): three low-high ranges, "
               f"1 <= low <= high <= {MAX_FACE}, or 'content' for the content file's dice",
               check=check_dice_faces),
        Option("tweenie_gap", str, "adjacent", "a Tweenie's square gap: an empty cell next to a "
                                               "filled one, or any empty cell", choices=("adjacent", "any")),
        Option("solo_target", int, SOLO_TARGET,
               f"solo (M12): the score to reach to win; the default {SOLO_TARGET} is the heuristic "
               "bot's median over 1,000 solo games (benchmarks/solo_target.py)",
               minimum=1, maximum=1000),
        Option("max_turns", int, MAX_TURNS,
               f"end after this turn even if no Display Case is full (a safety, TGM-25; the default "
               f"{MAX_TURNS} is far beyond any measured game, and the most a game server takes)",
               minimum=1, maximum=1000, server_maximum=MAX_TURNS),
    )

    def search_scores(self, state: State) -> list[float]:
        """For a search cut off early: the score so far plus 2 per finished game (a game on the
        shelf also brings the end nearer). Public only."""
        scores = state.scores()
        if not isinstance(state, GameMakersState):
            return list(scores)
        return [scores[s] + 2 * state.games(s) for s in range(state.players)]

    def evaluate_all(self, state: State) -> list[float]:
        """Standing in [0, 1]: relative to the others (the engine's), or in solo the search score
        against 150."""
        if state.players == 1 and not state.is_over:
            return [min(1.0, self.search_scores(state)[0] / 150)]
        return super().evaluate_all(state)

    def _catalog(self, options: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        from .catalog import catalog
        from .content import load
        return catalog(load(options["content"]))

    def _observation_context(self, players: int, options: Mapping[str, Any]) -> Context:
        """The content's rows and the options a seat knows all game, and where each block of the
        observation starts (read off the encoding of a probe view)."""
        found = context(players, options)
        probe = self.new(players=players, seed=0, options=options, events=False)
        found.offsets.update(block_offsets(found, probe.view(0)))
        return found

    def _observe(self, encoder: Encoder, view: Mapping[str, Any], context: Any) -> None:
        observe(encoder, view, context)

    def _observe_state(self, state: State, seat: int, context: Any, at: int,
                       positions: list[int], values: list[float]) -> None:
        """The observation straight from the state: fast_observation.observe_state."""
        observe_state(state, seat, context, at, positions, values)  # type: ignore[arg-type]

    def _observe_changes(self, state: State, seat: int, context: Any, at: int, tracker: Any,
                         positions: list[int], values: list[float]) -> None:
        """The same, only the blocks ``tracker`` has not seen as they are."""
        observe_state(state, seat, context, at, positions, values, tracker)  # type: ignore[arg-type]

    def render(self, view: dict[str, Any]) -> str:
        from .render import render
        return render(view)

    def describe_action(self, text: str) -> str:
        from .render import describe
        return describe(text)

    def lab_items(self, state: State) -> list[set[Item]]:
        """Games displayed, Structures held and built, Tweenies placed, from the final state."""
        assert isinstance(state, GameMakersState)
        return lab.items(state)

    def lab_progress(self, state: State) -> tuple[Hashable, Hashable]:
        assert isinstance(state, GameMakersState)
        return lab.progress(state)

    lab_plain_kinds = ("Game",)

    def _lab_efficiency(self, options: Mapping[str, Any]) -> dict[Item, Efficiency]:
        from .content import load
        return lab.efficiency(load(options["content"]))

    def _lab_plain(self, item: Item, options: Mapping[str, Any]) -> PlainVariant | None:
        from .content import load
        return lab.plain(load(options["content"]), item)
