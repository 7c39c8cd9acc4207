"""Many games of one setting stepped together in one process: a Gymnasium ``VectorEnv``.

Each of the ``num_envs`` games is the single-agent game of :mod:`boardwright.rl.gymnasium`: the
learner plays ``seat``, the :class:`~boardwright.rl.core.Opponents` play the other seats between
the learner's steps. The batch lives in preallocated arrays, written in place at every step:

- observations ``{"observation": float32[num_envs, size], "action_mask": int8[num_envs, actions]}``
  (the single environment's spaces, batched); the observations of the whole batch come from one
  ``np.bincount`` over every game's nonzero entries (``Observer.entries``);
- rewards ``float32[num_envs]``, terminations ``bool[num_envs]``, truncations (always false).

**Autoreset in the same step** (Gymnasium's ``AutoresetMode.SAME_STEP``): a game that ends at a
step is replaced by a new one within that step, so the observation and mask returned for it are the
new game's first (a mask is never all zero) and ``action_masks()`` never fails. What the ended game
showed last is in ``infos``, under Gymnasium's keys and the older ones:

- ``final_obs`` (also ``final_observation``): an object array, for each ended game its last
  observation dict, ``None`` for the others; ``_final_obs`` (also ``_final_observation``) marks
  the ended games;
- ``final_action_mask``: ``bool[num_envs, actions]``, the ended games' last masks (rows of the
  others are false);
- ``final_info``: Gymnasium's batched dict of the ended games' infos, ``scores`` and ``winners``
  (object arrays) after a game's end, ``illegal`` (the refusal) after an illegal action, each with
  its ``_key`` bool array; ``_final_info`` marks the ended games.

An illegal action with ``illegal="lose"`` ends that game with reward -1 (and a new game starts);
with ``illegal="raise"`` the step raises ``bw.IllegalAction`` before any game moves.

Seeding: ``reset(seed=S)`` gives game ``i`` its own stream of game seeds derived from ``S`` and
``i``, so a batch is a function of ``S`` and the learner's actions; ``reset()`` without a seed
goes on with the streams of the last seed (or of ``seed`` given to the constructor).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from boardwright.engine import Agent, IllegalAction, State, Stream
from boardwright.engine.errors import shown
from boardwright.engine.observation import Tracker

from .core import ILLEGAL_REWARD, LearnerActions, Opponents, Setting, episode_seed, final_info, seed_stream
from .gymnasium import single_spaces

#: how many new games in a row may end before the learner's first decision before a reset gives up
DEALS_TRIED = 100


class BoardwrightVectorEnv(LearnerActions, VectorEnv):
    """``num_envs`` games of one boardwright setting, the learner in the same seat of each."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(self, game_id: str, num_envs: int, players: int | None = None,
                 opponents: str | Sequence[str] = "heuristic", seat: int = 0, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "result", illegal: str = "lose",
                 copy: bool = True) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs is a number of games from 1 up, not {shown(num_envs)}")
        self.setting = setting = Setting(game_id, players, options, reward, illegal)
        self.opponents = Opponents(setting, seat, opponents)
        self.seat = self.opponents.seat
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space, self.single_action_space = single_spaces(setting)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, setting.action_count))
        self._observations = np.zeros((num_envs, setting.observation_size), dtype=np.float32)
        self._masks = np.zeros((num_envs, setting.action_count), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminations = np.zeros(num_envs, dtype=bool)
        self._truncations = np.zeros(num_envs, dtype=bool)
        self._rows = np.arange(num_envs)
        self._offsets = self._rows * setting.observation_size
        self._mask_offsets = self._rows * setting.action_count
        #: for a game that writes its observation as changes (``Observer.tracks``): one tracker per
        #: env, and the observations as last written through them (float64, laid out as counted)
        self._trackers = [Tracker() for _ in range(num_envs)] if setting.observer.tracks else None
        self._written = np.zeros((num_envs, setting.observation_size)) if self._trackers else None
        self._seed = seed
        self._seeds: list[Stream] = []
        self.states: list[State] = []
        self._agents: list[dict[int, Agent]] = []

    # ------------------------------------------------------------------ episodes
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game in every env; ``seed`` reseeds each env's stream of game seeds (env
        ``i`` from ``seed`` and ``i``)."""
        if seed is not None or not self._seeds:
            base = self._seed if seed is None else seed
            if base is None:
                self._seeds = [seed_stream(None) for _ in range(self.num_envs)]
            else:
                self._seeds = [Stream.named(int(base), f"rl/vector/{i}") for i in range(self.num_envs)]
        self.states, self._agents = [], []
        for i in range(self.num_envs):
            state, agents = self._deal(i)
            self.states.append(state)
            self._agents.append(agents)
        self._observe_all()
        return self._returned(), {}

    def _deal(self, i: int) -> tuple[State, dict[int, Agent]]:
        for _ in range(DEALS_TRIED):
            state, agents = self.opponents.deal(episode_seed(self._seeds[i]))
            if not state.is_over:
                return state, agents
        raise RuntimeError(f"{DEALS_TRIED} games of {self.setting.game.name} in a row ended before "
                           f"seat {self.seat} had a decision")

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Every env's learner takes its action; the opponents answer; a game that ends is replaced
        by a new one in the same step (its last observation, mask and info go in ``infos``)."""
        if not self.states:
            raise RuntimeError("call reset() before step()")
        chosen = self._checked(actions)
        setting, seat, masks = self.setting, self.seat, self._masks
        illegal = masks[self._rows, chosen] == 0
        if illegal.any() and setting.illegal == "raise":
            i = int(np.flatnonzero(illegal)[0])
            raise IllegalAction("Legal actions", f"env {i}: {setting.tables[seat][chosen[i]]!s} is not "
                                f"a legal action of seat {seat} now")
        table = setting.tables[seat]
        rewards, terminations = self._rewards, self._terminations
        rewards[:] = 0.0
        terminations[:] = False
        ended: list[tuple[int, dict[str, Any]]] = []
        refused_now, picked = illegal.tolist(), chosen.tolist()  # Python values: no NumPy scalar per env
        for i, state in enumerate(self.states):
            if refused_now[i]:
                ended.append((i, {"illegal": f"{table[picked[i]]!s} is not a legal action now"}))
                rewards[i] = ILLEGAL_REWARD
                continue
            try:
                state.apply(seat, table[picked[i]])
            except IllegalAction as refused:  # the mask said legal: only a game's own bug gets here
                ended.append((i, {"illegal": str(refused)}))
                rewards[i] = ILLEGAL_REWARD
                continue
            self.opponents.play(state, self._agents[i])
            if state.is_over:
                rewards[i] = setting.results(state)[seat]
                ended.append((i, final_info(state)))
        infos: dict[str, Any] = {}
        if ended:
            infos = self._final(ended)
            for i, _ in ended:
                terminations[i] = True
                self.states[i], self._agents[i] = self._deal(i)
        self._observe_all()
        return (self._returned(), rewards.copy(), terminations.copy(), self._truncations.copy(), infos)

    def _checked(self, actions: Any) -> np.ndarray:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            given = f"{chosen.dtype} values of shape {chosen.shape}" if chosen.ndim else shown(actions)
            raise ValueError(f"actions are {self.num_envs} action indexes, one per env, not {given}")
        out = (chosen < 0) | (chosen >= self.setting.action_count)
        if out.any():
            i = int(np.flatnonzero(out)[0])
            raise ValueError(f"an action of {self.setting.game.name} is an index from 0 to "
                             f"{self.setting.action_count - 1}, not {int(chosen[i])} (env {i})")
        return chosen.astype(np.intp, copy=False)

    def _final(self, ended: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """The ended games' last observations, masks and infos (Gymnasium's same-step keys)."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        final_masks = np.zeros((self.num_envs, self.setting.action_count), dtype=bool)
        which = np.zeros(self.num_envs, dtype=bool)
        infos: dict[str, Any] = {}
        for i, info in ended:
            state = self.states[i]  # an illegal action left it as the learner saw it
            mask = self.setting.mask(state, self.seat)
            final_obs[i] = {"observation": self.setting.observation(state, self.seat), "action_mask": mask}
            final_masks[i] = mask
            which[i] = True
            infos = self._add_info(infos, {"final_info": info}, i)
        return infos | {"final_obs": final_obs, "_final_obs": which, "final_observation": final_obs,
                        "_final_observation": which, "final_action_mask": final_masks}

    # ------------------------------------------------------------------ observations and masks
    def _observe_all(self) -> None:
        """Every env's observation and mask: one count over all the games' nonzero entries (for a
        game that writes its observation as changes, each env's tracker gives the positions to
        clear and the entries to add, applied to all envs at once), and one assignment of all
        their legal actions."""
        observer, legal, seat, trackers = self.setting.observer, self.setting.legal, self.seat, self._trackers
        positions: list[int] = []
        values: list[float] = []
        counts = []
        cleared: list[int] = []
        cleared_counts = []
        actions: list[int] = []
        legal_counts = []
        for i, state in enumerate(self.states):
            before = len(positions)
            if trackers is None:
                at, found = observer.entries(state, seat)
                positions += at
                values += found
            else:
                gone = observer.changes(state, seat, trackers[i], positions, values)
                cleared += gone
                cleared_counts.append(len(gone))
            counts.append(len(positions) - before)
            allowed = legal(state, seat)
            actions += allowed
            legal_counts.append(len(allowed))
        where = np.fromiter(positions, np.intp, len(positions)) + np.repeat(self._offsets, counts)
        found64 = np.fromiter(values, np.float64, len(values))
        if self._written is None:
            self._observations.reshape(-1)[:] = np.bincount(where, found64, self._observations.size)
        else:
            written = self._written.reshape(-1)
            if cleared:
                written[np.fromiter(cleared, np.intp, len(cleared)) + np.repeat(self._offsets, cleared_counts)] = 0.0
            np.add.at(written, where, found64)
            self._observations[:] = self._written
        masks = self._masks.reshape(-1)
        masks[:] = 0
        masks[np.asarray(actions, dtype=np.intp) + np.repeat(self._mask_offsets, legal_counts)] = 1

    def _observe_rows(self, rows: Sequence[int]) -> None:
        """The observation and mask of each env of ``rows``, one by one (for comparison)."""
        for i in rows:
            state = self.states[i]
            self.setting.observe_into(state, self.seat, self._observations[i])
            self._masks[i] = self.setting.mask(state, self.seat)

    def _returned(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

    def action_masks(self) -> np.ndarray:
        """Each env's legal actions for the learner now, as booleans ``[num_envs, actions]`` (a
        finished game has been replaced already, so every row has a legal action)."""
        if not self.states:
            raise RuntimeError("call reset() before action_masks()")
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        self.states, self._agents = [], []
