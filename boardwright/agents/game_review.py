"""The review of a finished game: where a seat's choices cost it most, as the search sees it.

``review(record, seat)`` replays the game and, at each decision of the seat with a real choice
(more than one legal action), appraises the position as a hint would (:func:`.coach.appraise`:
the search from that seat's information at that moment, nothing else). The chosen move's
estimated win chance against the best move's is the decision's drop; the biggest drops are the
mistakes, each with the search's preferred move and why it prefers it, in the hint's words. The
chosen move's win chance after each decision is the series a plot of the game draws.

A decision whose chosen move the search never tried in its budget has no estimate (``win`` and
``drop`` are ``None``): it is in the series as a gap and never a mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine import State
from ..engine.names import seat_label
from ..engine.rng import derive_seed
from .coach import appraise, check_budget

#: at most this many mistakes are listed
MISTAKES_SHOWN = 5


def review(record_or_state: Mapping[str, Any] | State, seat: int, time: float = 1.0,
           iterations: int | None = None, seed: int | None = None,
           progress: Callable[[int, int], None] | None = None, content: str | None = None,
           **search: Any) -> dict[str, Any]:
    """The review of ``seat``'s play in a finished game (its record, or its final state).

    ``{"game", "seat", "decisions", "mistakes", "series", "iterations"}``: ``decisions`` in game
    order, one per decision of the seat with a real choice: ``{"number"`` (the action's place in
    the record, from 1), ``"chosen"``, ``"win"`` (the chosen move's estimated win chance),
    ``"best"``, ``"best_win"``, ``"drop"`` (``best_win - win``, at least 0)``}``; ``mistakes``: the
    decisions with a drop above 0, at most :data:`MISTAKES_SHOWN`, the biggest first, each with
    ``"why"`` (why the best move beats the chosen one); ``series``: ``win`` of each decision (the
    plot); ``iterations``: the simulations run in all. The budget (``time`` or ``iterations``)
    is per decision, as a hint's; with ``iterations`` and a ``seed`` the review is reproducible.
    ``progress(done, total)`` is called after each decision; ``content`` names the content file of
    a record played with one (as :func:`boardwright.replay`). ``ValueError`` (one line) for a
    record that does not replay, a game that is not over, a seat the game does not have, or a
    bad budget.
    """
    import boardwright as bw  # the games, loaded on use as the record names them

    check_budget(time, iterations)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"a review's seed is a whole number, not {seed!r}")
    record = record_or_state.record() if isinstance(record_or_state, State) else record_or_state
    final = bw.replay(record, content=content)
    if not final.is_over:
        raise ValueError("the record ends before the game does: only a finished game is reviewed")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise ValueError(f"seat {seat!r}: the game has seats 0 to {final.players - 1}")

    state = bw.replay(record, until=0, content=content)
    positions: list[tuple[int, State, str]] = []
    for number, (actor, text) in enumerate(record["actions"], 1):
        if actor == seat and len(state.legal_actions(seat)) > 1:
            positions.append((number, state.clone(), text))
        state.apply(actor, text)

    decisions: list[dict[str, Any]] = []
    used = 0
    for number, position, chosen in positions:
        appraisal = appraise(position, seat, time=time, iterations=iterations,
                             seed=None if seed is None else derive_seed(seed, f"review/{number}"), **search)
        used += appraisal.iterations
        best = appraisal.moves[0] if appraisal.moves else None
        mine = appraisal.move(chosen)
        win = None if mine is None else mine["win"]
        decision: dict[str, Any] = {
            "number": number, "chosen": chosen, "win": win,
            "best": None if best is None else best["action"], "best_win": None if best is None else best["win"],
            "drop": None if win is None or best is None else max(0.0, best["win"] - win)}
        if decision["drop"]:
            decision["why"] = appraisal.why(decision["best"], chosen)
        decisions.append(decision)
        if progress is not None:
            progress(len(decisions), len(positions))

    mistakes = sorted((decision for decision in decisions if decision["drop"]),
                      key=lambda decision: (-decision["drop"], decision["number"]))[:MISTAKES_SHOWN]
    return {"game": final.game.id, "seat": seat, "decisions": decisions, "mistakes": mistakes,
            "series": [decision["win"] for decision in decisions], "iterations": used}


def mistake_text(mistake: Mapping[str, Any]) -> str:
    """A mistake in one sentence: the action's number, the move chosen, the move preferred and the drop."""
    return (f'{mistake["number"]}. chose "{mistake["chosen"]}" (wins {round(mistake["win"] * 100)}%); the '
            f'search preferred "{mistake["best"]}" (wins {round(mistake["best_win"] * 100)}%): '
            f'{round(mistake["drop"] * 100)} points of win chance lost.')


def plot(result: Mapping[str, Any], path: Any, title: str = "") -> None:
    """Draw the seat's estimated win chance after each of its decisions into a PNG at ``path``,
    the mistakes marked (needs Matplotlib, the lab extra: ``ImportError`` without it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decisions = result["decisions"]
    figure, axes = plt.subplots(figsize=(8, 3.5))
    try:
        xs = [decision["number"] for decision in decisions]
        ys = [float("nan") if decision["win"] is None else decision["win"] * 100 for decision in decisions]
        axes.plot(xs, ys, marker=".", label="estimated win chance after the decision")
        marked = result["mistakes"]
        axes.scatter([m["number"] for m in marked], [m["win"] * 100 for m in marked], marker="x", s=60,
                     color="black", zorder=3, label="mistakes (numbered by action)")
        for mistake in marked:
            axes.annotate(str(mistake["number"]), (mistake["number"], mistake["win"] * 100),
                          textcoords="offset points", xytext=(4, -12), fontsize=8)
        axes.set_ylim(0, 100)
        axes.set_xlabel("action number in the game")
        axes.set_ylabel("win chance (%)")
        axes.set_title(title or f"{seat_label(result['seat'])}: estimated win chance over the game")
        axes.legend(loc="best", fontsize=8)
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=100)
    finally:
        plt.close(figure)


__all__ = ["MISTAKES_SHOWN", "mistake_text", "plot", "review"]
