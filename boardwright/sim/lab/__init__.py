"""The balance lab: thousands of AI games of one game, and a report a designer can read.

``boardwright balance GAME`` plays a :class:`~boardwright.sim.lab.plan.Plan` (player counts,
seats, one version or two for a what-if) on local processes or a Ray cluster
(:mod:`~boardwright.sim.lab.backends`), reads each game through the game's lab hooks
(:mod:`~boardwright.sim.lab.collect`), computes the figures
(:mod:`~boardwright.sim.lab.analysis`, :mod:`~boardwright.sim.lab.stats`) and writes
``report.json``, the plots and ``report.html`` (:mod:`~boardwright.sim.lab.report`).

The plan, the collection and the process backend need only the standard library; the figures
need NumPy and SciPy, the plots Matplotlib and the Ray backend Ray (``pip install
'boardwright[lab]'``), each imported only by the module that uses it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ..runner import Progress
from .collect import LabGame, play_lab_chunk, play_lab_game
from .plan import Plan, Version

__all__ = ["LabGame", "Plan", "Version", "play_lab_chunk", "play_lab_game", "study"]


def study(plan: Plan, name: str, backend: str = "process", jobs: int = 1, address: str | None = None,
          progress: Progress | None = None, export: Path | None = None) -> dict[str, Any]:
    """Play a study and return its report (a JSON-ready dict; see :mod:`.analysis`); with
    ``export``, a folder that exists, also write every game there as a CSV row (:mod:`.export`)."""
    from . import analysis, backends

    start = time.perf_counter()
    games = backends.run(plan.tasks(), backend, jobs, address, progress)
    seconds = time.perf_counter() - start
    if export is not None:
        from .export import write_games

        write_games(plan, games, export)
    return analysis.build(plan, games, name, seconds, backend, jobs)
