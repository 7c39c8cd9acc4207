"""``boardwright review RECORD --seat N``: a finished game's mistakes as the search sees them.

The review itself is :func:`boardwright.agents.review`; this prints its progress (on a terminal),
the mistakes, and writes the seat's estimated win chance over the game as ``review-seat-N.png``
in the output folder when Matplotlib (the lab extra) is installed, else says in one line how to
get it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

import boardwright as bw

from .. import agents
from ..agents.coach import check_budget
from ..engine import BoardwrightError, load_record
from ..engine.names import named, seat_label

if TYPE_CHECKING:
    from rich.console import Console


def add_review_arguments(commands: Any) -> None:
    """The ``review`` command's arguments."""
    sub = commands.add_parser("review", help="a finished game's mistakes for one seat, and its win chance "
                                             "over the game as a plot")
    sub.add_argument("file", metavar="RECORD")
    sub.add_argument("--seat", type=int, required=True, help="the seat reviewed, by the API's number: 0 is the "
                                                             "first seat, shown as Seat 1")
    sub.add_argument("--time", type=float, default=1.0, metavar="SECONDS",
                     help="how long the search thinks about each decision (default 1)")
    sub.add_argument("--iterations", type=int, metavar="K", help="simulations per decision instead of a time")
    sub.add_argument("--seed", type=int, help="the search's seed: with --iterations, the same review each time")
    sub.add_argument("--content", metavar="PATH", help="the content file the game was played with")
    sub.add_argument("--out", metavar="DIR", default=".", help="the plot's folder (default: the current one)")


def cmd_review(args: argparse.Namespace, console: Console) -> int:
    from . import UsageError, output_folder
    from .output import escape

    try:
        check_budget(args.time, args.iterations)
    except ValueError as error:
        raise UsageError(f"{'--iterations' if args.iterations is not None else '--time'}: {error}") from None
    try:
        record = load_record(args.file)
    except (BoardwrightError, ValueError) as error:
        raise UsageError(str(error)) from None
    if not 0 <= args.seat < record["players"]:
        raise UsageError(f"--seat {args.seat}: the game has seats 0 to {record['players'] - 1}")
    folder = output_folder(args.out)
    errors = sys.stderr

    def progress(done: int, total: int) -> None:
        if errors.isatty():
            errors.write(f"\rReviewing {seat_label(args.seat)}: {done} of {total} decisions")
            errors.write("\n" if done == total else "")
            errors.flush()

    try:
        result = agents.review(record, args.seat, time=args.time, iterations=args.iterations, seed=args.seed,
                               progress=progress, content=args.content)
    except (BoardwrightError, ValueError) as error:
        raise UsageError(f"{args.file}: {error}") from None
    from ..agents.game_review import mistake_text, plot

    decisions = result["decisions"]
    budget = f"{args.iterations:,} simulations" if args.iterations is not None else f"{args.time:g} s"
    console.print(f"Review of {seat_label(args.seat)} (--seat {args.seat}) in {escape(bw.load(result['game']).name)}: "
                  f"{len(decisions)} decisions with a choice, {budget} of search each", highlight=False)
    unknown = sum(decision["win"] is None for decision in decisions)
    if unknown:
        console.print(f"[dim]{unknown} chosen moves were not tried by the search in its budget: no estimate "
                      f"for them (give it a bigger budget)[/dim]")
    if result["mistakes"]:
        console.print("Mistakes, the biggest drops in estimated win chance first:")
        def told(text: str) -> str:  # seats as people count them, the reviewed one "you"
            return escape(named(text, record["players"], viewer=args.seat))

        for mistake in result["mistakes"]:
            console.print(f"  {told(mistake_text(mistake))}", highlight=False)
            console.print(f"    [dim]{told(mistake['why'])}[/dim]", highlight=False)
    else:
        console.print("No mistakes: every choice the search could judge was as good as its own.")
    path = folder / f"review-seat-{args.seat}.png"
    try:
        plot(result, path, f"{seat_label(args.seat)}: estimated win chance over the game")
    except ImportError:
        console.print(escape("The plot of the win chance needs Matplotlib: pip install 'boardwright[lab]' adds it."))
    else:
        console.print(f"Win chance over the game: {escape(str(path))}", highlight=False)
    return 0


__all__ = ["add_review_arguments", "cmd_review"]
