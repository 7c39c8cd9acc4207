"""Bots that play seats on the server: a pool of worker processes, each move within a time limit.

A worker rebuilds the table's state from its setup and action log (keeping the last state of
each table it served, so the next move replays only what is new), asks the agent, and returns
the action's text. The server never waits on a bot in its event loop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import boardwright as bw
from boardwright import agents
from boardwright.engine.rng import Stream
from boardwright.engine.state import State

log = logging.getLogger("boardwright.web")

#: the tables whose latest state a worker keeps
_KEEP = 64
_states: OrderedDict[str, State] = OrderedDict()


def think(table: str, game: str, players: int, seed: int | None, options: dict[str, Any],
          moves: Sequence[tuple[int, str]], seat: int, spec: str, agent_seed: int) -> str:
    """The action ``spec`` chooses for ``seat`` in the game reached by ``moves`` (in a worker)."""
    state = _states.pop(table, None)
    done = len(state.log) if state is not None else 0
    if state is None or done > len(moves) or any(
            str(action) != moves[index][1] for index, (_, action) in enumerate(state.log)):
        state = bw.load(game).new(players, seed, options, events=False)
        done = 0
    for actor, text in moves[done:]:
        state.apply(actor, text)
    _states[table] = state
    while len(_states) > _KEEP:
        _states.popitem(last=False)
    return str(agents.make(spec, seed=agent_seed).choose(state, seat))


def _warm() -> None:
    """Import the games in a new worker before the first move needs them."""
    for game in bw.games():
        bw.load(game)


class Bots:
    """The worker pool and its per-move time limit."""

    def __init__(self, workers: int | None = None, grace: float = 5.0) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.grace = grace
        self.pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)

    async def move(self, table: str, state: State, seat: int, spec: str, agent_seed: int,
                   limit: float) -> str:
        """The bot's action text, or a random legal one when it overruns ``limit`` seconds."""
        moves = [(actor, str(action)) for actor, action in state.log]
        try:
            future = self.pool.submit(think, table, state.game.id, state.players, state.seed, dict(state.options),
                                      moves, seat, spec, agent_seed)
            return await asyncio.wait_for(asyncio.wrap_future(future), limit + self.grace)
        except TimeoutError:
            log.warning("table %s: the %s bot of seat %d overran %.1f s; a random legal move is played",
                        table, spec, seat, limit)
        except BrokenProcessPool:
            log.error("a bot worker died; the pool is started again and a random legal move is played")
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
        return str(Stream.named(agent_seed, "fallback").choice(state.legal_actions(seat)))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def time_limit(spec: str, maximum: float) -> float:
    """How long a bot of ``spec`` may think per move (its own ``time``, else ``maximum``)."""
    _, params = agents.parse_spec(spec)
    think = params.get("time")
    return float(think) if isinstance(think, (int, float)) and not isinstance(think, bool) else maximum
