"""Reports of a batch for people (a Rich table) and for programs (JSON).

Rich is imported only inside :func:`print_report`, so the balance lab runs without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .stats import BatchSummary, Summary

if TYPE_CHECKING:
    from rich.console import Console

SHARED_WINS_NOTE = "a win shared by k seats counts 1/k for each; interval: 95% Wilson"


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
            f"{s.win_rate:.1%}", f"{low:.1%}–{high:.1%}", f"{s.mean_score:.2f}", f"{s.mean_decisions:.1f}",
        ])
    return rows


def print_report(console: Console, title: str, summary: BatchSummary, elapsed: float | None = None) -> None:
    """Print the per-seat (and, if an agent held several seats, per-agent) tables."""
    from rich import box
    from rich.table import Table

    headers = ["seat", "agent", "games", "wins", "win rate", "95% CI", "mean score", "decisions"]
    tables: list[tuple[str, Sequence[Summary]]] = [("per seat", summary.seats)]
    if len(summary.agents) < len(summary.seats):
        tables.append(("per agent (seat-games)", summary.agents))
    for caption, summaries in tables:
        table = Table(title=f"{title} — {caption}", title_justify="left", box=box.SIMPLE_HEAD)
        for header in headers:
            table.add_column(header, justify="left" if header == "agent" else "right", no_wrap=True)
        for row in _rows(summaries):
            table.add_row(*row)
        console.print(table)
    line = (f"{summary.games} games, {summary.mean_length:.1f} decisions a game "
            f"(from {summary.min_length} to {summary.max_length}); {summary.shared_wins} shared wins")
    if elapsed is not None and elapsed > 0:
        line += f"; {elapsed:.1f} s, {summary.games / elapsed:,.1f} games/s"
    console.print(line)
    console.print(f"[dim]{SHARED_WINS_NOTE}[/dim]")
