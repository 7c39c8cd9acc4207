"""A boardwright game as a single-agent Gymnasium environment: one learning seat, agents in the rest.

The learner plays seat ``seat``; the other seats are played by boardwright agents (``opponents``:
one agent spec for all, such as ``"heuristic"`` or ``"ismcts:iterations=200"``, or a list with one
spec per other seat, in seat order). Between two steps of the learner, the opponents play until
the learner owes a decision again or the game ends. Observations are
``{"observation": float32[size], "action_mask": int8[actions]}``; ``action_masks()`` gives the
mask alone (as MaskablePPO of sb3-contrib asks). Action indexes are relative to the learner's
seat, as the observation is (see :class:`boardwright.rl.core.Setting`). The reward comes at the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import boardwright.agents
from boardwright.engine import Agent, IllegalAction, State
from boardwright.engine.rng import derive_seed

from .core import ILLEGAL_REWARD, Setting, episode_seed, seed_stream


class BoardwrightEnv(gymnasium.Env):
    """One seat of a boardwright game against agents in the other seats."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium declares it so)
    RENDER_MODES = ("ansi", "human")

    def __init__(self, game_id: str, players: int | None = None,
                 opponents: str | Sequence[str] = "heuristic", seat: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "result",
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        self.setting = setting = Setting(game_id, players, options, reward, illegal)
        seat = setting.valid_seat(seat)
        others = [s for s in range(setting.players) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"opponents names one agent for every other seat ({len(others)}), not {len(specs)}")
        for spec in specs:
            boardwright.agents.make(spec, seed=0)  # refuses a bad spec now, with its own message
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        self._specs = dict(zip(others, specs, strict=True))
        self._opponents: dict[int, Agent] = {}
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (setting.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (setting.action_count,), np.int8),
        })
        self.action_space = spaces.Discrete(setting.action_count)
        self._seeds = seed_stream(None)
        self.state: State | None = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game; ``seed`` reseeds the environment's stream of game seeds."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = seed_stream(seed)
        game_seed = episode_seed(self._seeds)
        self.state = self.setting.new(game_seed)
        self._opponents = {s: boardwright.agents.make(spec, seed=derive_seed(game_seed, f"rl/opponent/{s}"))
                           for s, spec in self._specs.items()}
        self._play_opponents()
        return self._observe(), {}

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over and self.seat not in state.to_act:
            actor = min(state.to_act)
            state.apply(actor, self._opponents[actor].choose(state, actor))

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {"observation": self.setting.observation(self.state, self.seat),
                "action_mask": self.setting.mask(self.state, self.seat)}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now, as booleans."""
        if self.state is None:
            raise RuntimeError("call reset() before action_masks()")
        return self.setting.mask(self.state, self.seat).astype(bool)

    def action_text(self, index: int, seat: int | None = None) -> str:
        """The engine's text of the action ``index`` means for ``seat`` (default: the learner's)."""
        return str(self.setting.action(index, self.seat if seat is None else seat))

    def action_index(self, text: str, seat: int | None = None) -> int:
        """The index that means the engine action ``text`` for ``seat`` (default: the learner's)."""
        return self.setting.action_index(text, self.seat if seat is None else seat)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self.setting.action(action, self.seat)
        try:
            state.apply(self.seat, chosen)
        except IllegalAction as refused:
            if self.setting.illegal == "raise":
                raise
            # the game ends here for the learner, with the penalty of an illegal move
            state_observation = self._observe()
            self.state = None
            return state_observation, ILLEGAL_REWARD, True, False, {"illegal": str(refused)}
        self._play_opponents()
        observation = self._observe()
        if state.is_over:
            return observation, self.setting.results(state)[self.seat], True, False, {
                "scores": state.scores(), "winners": state.winners()}
        return observation, 0.0, False, False, {}

    def render(self) -> str | None:
        """The board as the learning seat sees it (the game's own text drawing)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.setting.game.render(self.state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text
