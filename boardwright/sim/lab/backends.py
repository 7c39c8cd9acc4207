"""Where the lab's games are played: local worker processes, or a Ray cluster.

Both give the same games in the same order: every game depends only on its task, and the results
are sorted by task index before any statistic is computed.

- ``process``: the batch runner's pool of ``jobs`` processes (none for ``jobs=1``), small chunks.
- ``ray``: Ray tasks of hundreds of games each (all of them when there are fewer), each streaming
  its games back in small batches as a generator, so the progress bar moves while a task runs.
  A study with a search in a seat (seconds a game, not milliseconds) is sent a game at a time
  instead, so every CPU gets games however few there are.
  With an address the games go to that cluster (whose workers must have boardwright installed
  and see any content file at the same path); without one a private local Ray is started with
  ``jobs`` CPUs on the loopback interface only, and shut down at the end. Ray is imported only
  here.
"""

from __future__ import annotations

import importlib
import math
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from ..runner import GameTask, Progress, SimulationError, run_chunks
from .collect import LabGame, play_lab_chunk
from .players import searches

#: games per Ray task: at least this many (or all), and enough tasks for about four per CPU
RAY_MIN_TASK = 200
#: games per streamed batch of a Ray task
RAY_BATCH = 25
#: the same two for a study with a search in a seat, whose games are slow
RAY_SLOW_TASK, RAY_SLOW_BATCH = 1, 1

BACKENDS = ("process", "ray")


def run_process(tasks: Sequence[GameTask], jobs: int, progress: Progress | None = None) -> list[LabGame]:
    """Play the games on ``jobs`` local worker processes; the games in task order."""
    return run_chunks(tasks, play_lab_chunk, jobs, progress=progress)


def ray_chunks(tasks: Sequence[GameTask], cpus: int, smallest: int = RAY_MIN_TASK) -> list[Sequence[GameTask]]:
    """The Ray tasks: about four per CPU, each of at least ``smallest`` games (or all)."""
    if not tasks:
        return []
    size = max(smallest, math.ceil(len(tasks) / (4 * max(cpus, 1))))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


def play_streamed(tasks: Sequence[GameTask], batch: int) -> Iterator[list[LabGame] | tuple[GameTask, str]]:
    """Play a Ray task's games, yielding them ``batch`` at a time (or a failure, then stop)."""
    for start in range(0, len(tasks), batch):
        outcome = play_lab_chunk(tasks[start:start + batch])
        yield outcome
        if isinstance(outcome, tuple):
            return


#: Ray reads this setting when it is imported (and each process it starts reads it again): "0"
#: keeps a local Ray on the loopback interface; without it Ray 2.60 listens on every interface,
#: whatever the node address given
LOOPBACK_SETTING = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def start_ray(cpus: int, address: str | None = None) -> bool:
    """Connect to the Ray cluster at ``address``, or start a local Ray with ``cpus`` CPUs that
    listens on 127.0.0.1 only (checked: one listening anywhere else is stopped, and this raises),
    unless this process is connected already. True when this call connected."""
    if address is None:
        os.environ[LOOPBACK_SETTING] = "0"
    import ray

    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
    if address:
        ray.init(address=address, **quiet)
        return True
    constants = sys.modules.get("ray._private.ray_constants")
    if getattr(constants, "ENABLE_RAY_CLUSTER", False):
        constants.ENABLE_RAY_CLUSTER = False  # type: ignore[union-attr]  # Ray was imported before the setting
    ray.init(num_cpus=cpus, include_dashboard=False, _node_ip_address="127.0.0.1", **quiet)
    exposed = public_listeners()
    if exposed:
        ray.shutdown()
        raise RuntimeError(f"the local Ray listened beyond 127.0.0.1 ({', '.join(exposed[:5])}); it was stopped")
    return True


def public_listeners() -> list[str]:
    """The addresses beyond loopback on which this process or its children (a local Ray's
    processes) listen; empty when the system does not let us look."""
    import psutil

    try:
        ours = {psutil.Process().pid} | {child.pid for child in psutil.Process().children(recursive=True)}
        sockets = psutil.net_connections(kind="inet")
    except psutil.Error:
        return []
    return sorted(f"{c.laddr.ip}:{c.laddr.port}" for c in sockets
                  if c.status == psutil.CONN_LISTEN and c.pid in ours and not _loopback(c.laddr.ip))


def _loopback(ip: str) -> bool:
    ip = ip.removeprefix("::ffff:")
    return ip.startswith("127.") or ip == "::1"


def slow_games(tasks: Sequence[GameTask]) -> bool:
    """Whether the games have a search in a seat (levels resolved as the game plays them)."""
    from ... import load

    if not tasks:
        return False
    if tasks[0].module:
        importlib.import_module(tasks[0].module)
    return searches({spec for task in tasks for spec in task.seats}, load(tasks[0].game))


def run_ray(tasks: Sequence[GameTask], jobs: int, address: str | None = None,
            progress: Progress | None = None) -> list[LabGame]:
    """Play the games as Ray tasks; the games in task order. A Ray this call started is shut
    down at the end; one the process was already connected to is left running."""
    import ray

    started = start_ray(jobs, address)
    try:
        cpus = int(ray.cluster_resources().get("CPU", jobs)) if address else jobs
        smallest, batch = (RAY_SLOW_TASK, RAY_SLOW_BATCH) if slow_games(tasks) else (RAY_MIN_TASK, RAY_BATCH)
        remote = ray.remote(num_cpus=1)(play_streamed)
        pending: list[Any] = [remote.remote(list(chunk), batch) for chunk in ray_chunks(tasks, cpus, smallest)]
        games: list[LabGame] = []
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for stream in ready:
                    try:
                        outcome = ray.get(next(stream))  # type: ignore[arg-type]
                    except StopIteration:
                        continue
                    pending.append(stream)
                    if isinstance(outcome, tuple):
                        raise SimulationError(*outcome)
                    games.extend(outcome)
                    if progress is not None:
                        progress(len(outcome))
        except BaseException:
            for stream in pending:
                ray.cancel(stream, force=True)
            raise
    finally:
        if started:
            ray.shutdown()
    games.sort(key=lambda game: game.index)
    return games


def run(tasks: Sequence[GameTask], backend: str, jobs: int, address: str | None = None,
        progress: Progress | None = None) -> list[LabGame]:
    """Play the games on ``backend`` (``process`` or ``ray``); the games in task order."""
    if backend == "process":
        return run_process(tasks, jobs, progress)
    if backend == "ray":
        return run_ray(tasks, jobs, address, progress)
    raise ValueError(f"the backend is one of {', '.join(BACKENDS)}, not {backend!r}")
