"""A boardwright game as a PettingZoo AEC environment: every seat is an agent.

Agents are named ``seat_0`` .. ``seat_{N-1}``. The agent to act is the lowest seat owing a
decision; a sealed simultaneous decision is thus taken seat by seat, each agent seeing only its
own view (the others' committed choices stay hidden until all have committed, as on the table).
Action indexes are relative to the acting seat, as its observation is (an action naming another
seat names it by its offset clockwise: see :class:`boardwright.rl.core.Setting`).
Each observation is ``{"observation": float32[size], "action_mask": int8[actions]}``; only the
agent to act has legal actions. Rewards come at the end (see :class:`boardwright.rl.core.Setting`);
then every agent's info has the seats' ``scores`` and the ``winners``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from boardwright.engine import IllegalAction, State

from .core import ILLEGAL_REWARD, Setting, episode_seed, final_info, seed_stream


class BoardwrightAEC(AECEnv):
    """One boardwright game, player count and content as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "boardwright",  # noqa: RUF012 (as PettingZoo has it)
                "is_parallelizable": False}
    RENDER_MODES = ("ansi", "human")

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "result",
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        super().__init__()
        self.setting = setting = Setting(game_id, players, options, reward, illegal)
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"boardwright_{setting.game.id.replace('-', '_')}")
        self.possible_agents = [f"seat_{s}" for s in range(setting.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation = spaces.Box(-np.inf, np.inf, (setting.observation_size,), np.float32)
        mask = spaces.Box(0, 1, (setting.action_count,), np.int8)
        self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = spaces.Discrete(setting.action_count)
        self._seeds = seed_stream(seed)
        self.state: State | None = None
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` reseeds the environment's stream of game seeds."""
        if seed is not None:
            self._seeds = seed_stream(seed)
        self.state = self.setting.new(episode_seed(self._seeds))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.state
        assert state is not None
        if not state.is_over:
            self.agent_selection = self.possible_agents[self.setting.seat_order(state)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        return {"observation": self.setting.observation(state, seat),
                "action_mask": self.setting.mask(state, seat)}

    def step(self, action: int | None) -> None:
        """The selected agent takes action ``action`` (an index into the action space)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        chosen = self.setting.action(action, seat)
        try:
            state.apply(seat, chosen)
        except IllegalAction as refused:
            if self.setting.illegal == "raise":
                raise
            self._end(dict.fromkeys(self.possible_agents, 0.0) | {agent: ILLEGAL_REWARD})
            self.infos[agent]["illegal"] = str(refused)
            self._accumulate_rewards()
            return
        if state.is_over:
            results = self.setting.results(state)
            self._end({a: results[s] for a, s in self._seat.items()})
        else:
            self._select()
        self._accumulate_rewards()

    def action_text(self, index: int, seat: int) -> str:
        """The engine's text of the action ``index`` means when ``seat`` acts."""
        return str(self.setting.action(index, seat))

    def action_index(self, text: str, seat: int) -> int:
        """The index that means the engine action ``text`` when ``seat`` acts."""
        return self.setting.action_index(text, seat)

    def _end(self, rewards: dict[str, float]) -> None:
        """The episode ends: every agent is told its reward, and, when the game is over, the seats'
        final scores and the winners in its info (an illegal action ends the episode in a game
        that is not over, whose scores may count what some seat has not shown)."""
        assert self.state is not None
        self.rewards = rewards
        self.terminations = dict.fromkeys(self.agents, True)
        if self.state.is_over:
            told = final_info(self.state)
            self.infos = {agent: dict(told) for agent in self.agents}

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        """The board as a spectator sees it (the game's own text drawing)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.setting.game.render(self.state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None
