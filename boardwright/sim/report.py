"""Reports of a batch for people (a Rich table, or plain text without Rich) and for programs (JSON).

Rich is imported only inside :func:`print_report`, and only when it is installed, so the balance
lab and ``simulate`` run without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .stats import BatchSummary, Summary

if TYPE_CHECKING:
    from rich.console import Console

SHARED_WINS_NOTE = "a win shared by k seats counts 1/k for each; interval: 95% Wilson"
COLUMNS_NOTE = "win % with its 95% Wilson interval; mean final score; mean decisions per game by the seat"


def report_json(game_id: str, players: int, seed: int, options: Mapping[str, Any],
                summary: BatchSummary) -> dict[str, Any]:
    """The JSON report of ``boardwright simulate --json``: the batch's setup and statistics.

    It holds nothing that depends on the machine (no timings), so the same command gives the
    same report.
    """
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "options": dict(options),
        **summary.as_json(),
        "note": SHARED_WINS_NOTE,
    }


def _rows(summaries: Sequence[Summary]) -> list[list[str]]:
    rows = []
    for s in summaries:
        low, high = s.win_ci95
        rows.append([
            "" if s.seat is None else str(s.seat), s.agent, str(s.games), f"{s.wins:.1f}",
            f"{s.win_rate:.1%}", f"{100 * low:.1f}–{100 * high:.1f}", f"{s.mean_score:.2f}",
            f"{s.mean_decisions:.1f}",
        ])
    return rows


def print_report(console: Console, title: str, summary: BatchSummary, elapsed: float | None = None) -> None:
    """Print the per-seat (and, if an agent held several seats, per-agent) tables (through a
    :class:`boardwright.plain.Console` when Rich is not installed)."""
    try:
        from rich import box
        from rich.table import Table
        style: Any = box.SIMPLE_HEAD
    except ImportError:
        from ..plain import Table  # type: ignore[assignment]
        style = None

    headers = ["seat", "agent", "games", "wins", "win %", "95% CI", "score", "decisions"]
    tables: list[tuple[str, Sequence[Summary]]] = [("per seat", summary.seats)]
    if len(summary.agents) < len(summary.seats):
        tables.append(("per agent (seat-games)", summary.agents))
    for caption, summaries in tables:
        table = Table(title=f"{title} — {caption}", title_justify="left", box=style,
                      caption=COLUMNS_NOTE, caption_justify="left")
        for header in headers:
            agent = header == "agent"
            table.add_column(header, justify="left" if agent else "right", no_wrap=not agent)
        for row in _rows(summaries):
            table.add_row(*row)
        console.print(table)
    shared = "1 shared win" if summary.shared_wins == 1 else f"{summary.shared_wins} shared wins"
    line = (f"{summary.games} games, {summary.mean_length:.1f} decisions a game "
            f"(from {summary.min_length} to {summary.max_length}); {shared}")
    if elapsed is not None and elapsed > 0:
        line += f"; {elapsed:.1f} s, {summary.games / elapsed:,.1f} games/s"
    console.print(line)
    console.print("[dim]A win shared by k seats counts 1/k for each of them.[/dim]")
