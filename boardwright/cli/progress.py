"""The progress bar of the batch commands (simulate, tournament, balance) on stderr: Rich's when it
is installed, else one plain line rewritten in place (``balance`` runs with the lab extra alone)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def progress_bar(title: str, total: int, quiet: bool = False,
                 rate: str | None = None) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr (games done, time left, and with ``rate`` the speed in that unit,
    e.g. "games/s") while a batch runs: yields ``advance(k)``, or ``None`` when stderr is not a
    terminal or ``quiet`` is set. Without Rich (a command that needs only the lab extra) the bar
    is one plain line, rewritten in place."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.markup import escape
    except ImportError:
        with plain_progress(title, total, rate) as advance:
            yield advance
        return
    errors = Console(stderr=True)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TimeRemainingColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f} {rate}", style="progress.data.speed")

    columns: list[Any] = ["[progress.description]{task.description}", BarColumn(), MofNCompleteColumn()]
    if rate:
        columns.append(Rate())
    with Progress(*columns, TimeRemainingColumn(), console=errors, transient=True) as bar:
        job = bar.add_task(escape(title), total=total)
        yield lambda k: bar.advance(job, k)


@contextmanager
def plain_progress(title: str, total: int, rate: str | None) -> Iterator[Callable[[int], None]]:
    """The progress bar without Rich: ``title: done/total`` and the speed, on one line of stderr."""
    start = time.perf_counter()
    done = [0]

    def advance(k: int) -> None:
        done[0] += k
        elapsed = time.perf_counter() - start
        speed = f", {done[0] / elapsed:,.1f} {rate}" if rate and elapsed > 0 else ""
        sys.stderr.write(f"\r{title}: {done[0]}/{total}{speed} ")
        sys.stderr.flush()

    try:
        yield advance
    finally:
        sys.stderr.write("\r\033[K")
