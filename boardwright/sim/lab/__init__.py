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

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...engine import Item
from ..runner import GameTask, Progress
from .collect import LabGame, play_lab_chunk, play_lab_game
from .plan import Plan, Version

__all__ = ["LabGame", "Plan", "Version", "play_lab_chunk", "play_lab_game", "study"]


def study(plan: Plan, name: str, backend: str = "process", jobs: int = 1, address: str | None = None,
          progress: Progress | None = None, ablate: int | Item = 0, folder: Path | None = None,
          export: Path | None = None) -> dict[str, Any]:
    """Play a study and return its report (a JSON-ready dict; see :mod:`.analysis`).

    ``ablate``: replay the first ``ablate`` suspects of each player count (or the named item)
    with the item made plain (:mod:`.ablation`; the command's default is 3, this function's 0);
    their content variants are written into ``folder`` (a temporary folder when None). With
    ``export``, a folder that exists, every game is also written there as a CSV row
    (:mod:`.export`)."""
    from . import analysis, backends

    start = time.perf_counter()
    games = backends.run(plan.tasks(), backend, jobs, address, progress)
    seconds = time.perf_counter() - start
    if export is not None:
        from .export import write_games

        write_games(plan, games, export)
    report = analysis.build(plan, games, name, seconds, backend, jobs)
    if ablate != 0:
        with tempfile.TemporaryDirectory(prefix="boardwright-ablation-") as scratch:
            ablate_study(plan, report, games, ablate, folder or Path(scratch),
                         lambda tasks: backends.run(tasks, backend, jobs, address, None))
    return report


def ablate_study(plan: Plan, report: dict[str, Any], games: list[LabGame], ablate: int | Item, folder: Path,
                 play: Callable[[list[GameTask]], list[LabGame]]) -> None:
    """Ablate a study's suspects into its ``report`` (suspects re-ranked, headline rewritten, the
    replay games counted in ``timing``)."""
    from . import ablation, analysis

    start = time.perf_counter()
    replayed = ablation.run(plan, report, games, ablate, folder, play)
    report["suspects"] = analysis.tidy(report["suspects"])
    report["headline"] = analysis.headline(report)
    report["timing"]["ablation"] = {"games": replayed, "seconds": time.perf_counter() - start}
