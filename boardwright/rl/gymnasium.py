"""A boardwright game as a single-agent Gymnasium environment: one learning seat, agents in the rest.

The learner plays seat ``seat``; the other seats are played by boardwright agents (``opponents``:
one agent spec for all, such as ``"heuristic"`` or ``"ismcts:iterations=200"``, or a list with one
spec per other seat, in seat order). Between two steps of the learner, the opponents play until
the learner owes a decision again or the game ends. Observations are
``{"observation": float32[size], "action_mask": int8[actions]}``; ``action_masks()`` gives the
mask alone as booleans (as MaskablePPO of sb3-contrib asks), and every ``info`` of ``reset`` and
``step`` has it too (``info["action_mask"]``). Action indexes are relative to the learner's
seat, as the observation is (see :class:`boardwright.rl.core.Setting`). The reward comes at the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from boardwright.engine import Agent, IllegalAction, State

from .core import ILLEGAL_REWARD, LearnerActions, Opponents, Setting, episode_seed, final_info, seed_stream


def single_spaces(setting: Setting) -> tuple[spaces.Dict, spaces.Discrete]:
    """One seat's observation space (the observation and its action mask) and action space."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (setting.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (setting.action_count,), np.int8),
    }), spaces.Discrete(setting.action_count)


class BoardwrightEnv(LearnerActions, gymnasium.Env):
    """One seat of a boardwright game against agents in the other seats."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium declares it so)
    RENDER_MODES = ("ansi", "human")

    def __init__(self, game_id: str, players: int | None = None,
                 opponents: str | Sequence[str] = "heuristic", seat: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "result",
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        self.setting = setting = Setting(game_id, players, options, reward, illegal)
        self.opponents = Opponents(setting, seat, opponents)
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = self.opponents.seat
        self._opponents: dict[int, Agent] = {}
        self._mask: np.ndarray | None = None
        self.observation_space, self.action_space = single_spaces(setting)
        self._seeds = seed_stream(None)
        self.state: State | None = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game; ``seed`` reseeds the environment's stream of game seeds. The info has
        the learner's ``action_mask``."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = seed_stream(seed)
        self.state, self._opponents = self.opponents.deal(episode_seed(self._seeds))
        observation = self._observe()
        return observation, {"action_mask": observation["action_mask"]}

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        self._mask = self.setting.mask(self.state, self.seat)
        return {"observation": self.setting.observation(self.state, self.seat), "action_mask": self._mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now, as booleans (after the episode's end, the
        mask of the last observation: none after a normal end, the mask the learner disregarded
        after an illegal action)."""
        if self._mask is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._mask.astype(bool)

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
            observation = self._observe()
            self.state = None
            return observation, ILLEGAL_REWARD, True, False, {"illegal": str(refused),
                                                              "action_mask": observation["action_mask"]}
        self.opponents.play(state, self._opponents)
        observation = self._observe()
        info: dict[str, Any] = {"action_mask": observation["action_mask"]}
        if state.is_over:
            return observation, self.setting.results(state)[self.seat], True, False, info | final_info(state)
        return observation, 0.0, False, False, info

    def render(self) -> str | None:
        """The board as the learning seat sees it (the game's own text drawing)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.setting.game.render(self.state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text
