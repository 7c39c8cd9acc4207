"""The batch runner of the balance lab: many AI games, played on worker processes.

A batch is a list of :class:`GameTask` values (game, seats, seed, options); each is played to
the end by :func:`play_game` with one fresh agent per seat, built by
:func:`boardwright.agents.make`. :func:`run_games` builds the tasks of a plain batch (the same
seats in every game) and :func:`run_tasks` plays any list of tasks, so a tournament can set
different seats per game.

Reproducibility: game ``i`` of a batch with base seed ``S`` is seeded with
``game_seed(S, i)``, and the agent in seat ``k`` of a game seeded ``G`` with
``agent_seed(G, k)`` (the seed ``boardwright play --seed G`` gives the same agents). A result
therefore depends only on its task, never on which worker played it or how many there were.

Workers: tasks go in chunks to a :class:`concurrent.futures.Executor`, by default a
``ProcessPoolExecutor`` with ``jobs`` workers (or no pool at all for ``jobs=1``). Any executor
with the standard ``submit`` interface may be passed instead, e.g. a distributed one.
"""

from __future__ import annotations

import importlib
import signal
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..engine.rng import derive_seed

#: a game that has not ended after this many decisions is reported as broken
MAX_DECISIONS = 200_000

Progress = Callable[[int], None]
#: plays a chunk of tasks on a worker: one result per task, or the first failing task and why
ChunkPlayer = Callable[[Sequence["GameTask"]], "list[Any] | tuple[GameTask, str]"]


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded with ``base_seed``."""
    return derive_seed(base_seed, f"game/{index}")


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of a game seeded with ``seed``."""
    return derive_seed(seed, f"agent/{seat}")


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs, as plain picklable values."""

    #: the index of the game in its batch (results are returned in this order)
    index: int
    game: str
    #: one agent spec per seat, e.g. ``("heuristic", "ismcts:iterations=500")``
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    #: a module to import before loading the game (a plug-in or test game that registers itself)
    module: str | None = None
    max_decisions: int = MAX_DECISIONS


@dataclass(frozen=True)
class GameResult:
    """How one game ended."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    #: decisions (applied actions) in the whole game
    decisions: int
    #: decisions made by each seat
    seat_decisions: tuple[int, ...]


class SimulationError(RuntimeError):
    """A game of the batch failed; the message names its index and seed, to replay it."""

    def __init__(self, task: GameTask, detail: str) -> None:
        super().__init__(f"game {task.index} (seed {task.seed}, seats {','.join(task.seats)}) "
                         f"failed: {detail}")
        self.task = task
        self.detail = detail


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end with a fresh agent per seat; raises on a broken game or agent.

    In a sealed decision the seats owing a choice commit in seat order (the order cannot
    matter: a committed choice is hidden from the others).
    """
    from .. import agents, load

    if task.module:
        importlib.import_module(task.module)
    game = load(task.game)
    state = game.new(players=len(task.seats), seed=task.seed, options=dict(task.options), events=False)
    players = [agents.make(spec, seed=agent_seed(task.seed, seat)) for seat, spec in enumerate(task.seats)]
    seat_decisions = [0] * len(task.seats)
    decisions = 0
    while not state.is_over:
        if decisions >= task.max_decisions:
            raise RuntimeError(f"no end after {decisions} decisions")
        seat = state.to_act[0]
        state.apply(seat, players[seat].choose(state, seat))
        seat_decisions[seat] += 1
        decisions += 1
    return GameResult(
        index=task.index, seed=task.seed, seats=task.seats,
        scores=tuple(state.scores()), winners=tuple(state.winners()),
        decisions=decisions, seat_decisions=tuple(seat_decisions),
    )


def check_task(task: GameTask) -> None:
    """Raise the error a task would fail with at its start (unknown game, bad option, bad
    content, unknown agent, a heuristic seat in a game without a bot), before any worker starts.
    """
    from .. import agents, load

    if task.module:
        importlib.import_module(task.module)
    game = load(task.game)
    game.new(players=len(task.seats), seed=task.seed, options=dict(task.options))
    for seat, spec in enumerate(task.seats):
        try:
            agents.check(spec, game)
        except ValueError as error:
            raise ValueError(f"seat {seat}: {error}") from None


def play_chunk(tasks: Sequence[GameTask]) -> list[GameResult] | tuple[GameTask, str]:
    """Play a chunk of tasks on a worker: the results, or the first failing task and why."""
    results = []
    for task in tasks:
        try:
            results.append(play_game(task))
        except Exception as error:
            last = traceback.extract_tb(error.__traceback__)[-1]
            where = f" (at {last.filename}:{last.lineno})" if last else ""
            return task, f"{type(error).__name__}: {error}{where}"
    return results


def make_tasks(game_id: str, seats: Sequence[str], n: int, seed: int = 0,
               options: Mapping[str, Any] | None = None, module: str | None = None) -> list[GameTask]:
    """The tasks of a plain batch: ``n`` games with the same seats, seeded from ``seed``."""
    return [GameTask(i, game_id, tuple(seats), game_seed(seed, i), dict(options or {}), module)
            for i in range(n)]


def _leave_interrupts_to_parent() -> None:
    """Workers ignore Ctrl-C: the parent process stops the batch and the workers with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(tasks: Sequence[GameTask], jobs: int) -> list[Sequence[GameTask]]:
    # Enough chunks to balance the workers and move the progress bar; few enough to keep the
    # cost of sending tasks small next to the games.
    size = max(1, min(25, len(tasks) // (max(jobs, 1) * 8)))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


def run_tasks(tasks: Sequence[GameTask], jobs: int = 1, executor: Executor | None = None,
              progress: Progress | None = None) -> list[GameResult]:
    """Play every task and return the results in task order.

    ``executor``: where to play (any ``concurrent.futures.Executor``; it is not shut down here).
    Without one, ``jobs > 1`` starts a ``ProcessPoolExecutor`` for the batch and ``jobs == 1``
    plays in this process. ``progress(k)`` is called as each chunk of ``k`` games finishes.
    Raises :class:`SimulationError` for the first failing game found.
    """
    return run_chunks(tasks, play_chunk, jobs, executor, progress)


def run_chunks(tasks: Sequence[GameTask], play: ChunkPlayer, jobs: int = 1, executor: Executor | None = None,
               progress: Progress | None = None) -> list[Any]:
    """:func:`run_tasks` with another player of chunks: ``play(chunk)`` returns one result per
    task (each with the task's ``index``), or the first failing task and why, as
    :func:`play_chunk` does. The balance lab plays its games this way, to read more of each.
    ``play`` must be a module-level function (it is sent to worker processes by name)."""
    if executor is None and jobs <= 1:
        results = []
        for chunk in _chunks(tasks, 1):
            outcome = play(chunk)
            if isinstance(outcome, tuple):
                raise SimulationError(*outcome)
            results.extend(outcome)
            if progress is not None:
                progress(len(outcome))
        return results
    own = executor is None
    pool: Executor = executor or ProcessPoolExecutor(max_workers=jobs,
                                                     initializer=_leave_interrupts_to_parent)
    futures: list[Future[Any]] = []
    collected: list[Any] = []
    try:
        futures = [pool.submit(play, chunk) for chunk in _chunks(tasks, jobs)]
        for future in as_completed(futures):
            outcome = future.result()
            if isinstance(outcome, tuple):
                raise SimulationError(*outcome)
            collected.extend(outcome)
            if progress is not None:
                progress(len(outcome))
    except BaseException:
        # Ctrl-C or a failed game: drop the games not started; running chunks end on their own.
        for future in futures:
            future.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    if own:
        pool.shutdown(wait=True)
    collected.sort(key=lambda result: result.index)
    return collected


def run_games(game_id: str, seats: Sequence[str], n: int, players: int | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None, jobs: int = 1, executor: Executor | None = None,
              progress: Progress | None = None, module: str | None = None) -> list[GameResult]:
    """Play ``n`` games of ``game_id`` with one agent spec per seat; the results in game order.

    ``players`` defaults to ``len(seats)`` and must equal it when given. The results depend only
    on the arguments that define the games (game, seats, n, seed, options), never on ``jobs`` or
    the executor. ``module`` is imported on each worker before the game is loaded (for a game
    that registers itself on import, like a plug-in; the registered games need nothing).
    """
    if players is not None and players != len(seats):
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if n < 0:
        raise ValueError(f"the number of games cannot be negative ({n})")
    return run_tasks(make_tasks(game_id, seats, n, seed, options, module), jobs, executor, progress)
