"""The plots of a balance report (Matplotlib, drawn off-screen), from the report's figures alone.

Each function returns PNG bytes, or None when its section has nothing to draw. A plot says
something or is left out: a length that every game shares (a game of a fixed number of rounds) is
not drawn as a one-bar histogram, and every chance level a legend names is drawn as a line.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import matplotlib

from .analysis import is_fixed
from .report import content_name

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
SIGNIFICANT, PLAIN = "#c0392b", "#7f8c8d"


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")  # long item names stay whole
    plt.close(figure)
    return buffer.getvalue()


def seat_advantage(report: Mapping[str, Any]) -> bytes | None:
    """Win share per seat with 95% intervals, one panel per player count; the dashed line is 1/players."""
    counts = [c for c, s in report["seat_advantage"].items() if int(c) > 1]
    if not counts:
        return None
    figure, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts) + 1, 3.4), squeeze=False)
    for ax, count in zip(axes[0], counts, strict=True):
        rows = report["seat_advantage"][count]["seats"]
        shares = [100 * row["win_share"] for row in rows]
        errors = [[100 * (row["win_share"] - row["ci95"][0]) for row in rows],
                  [100 * (row["ci95"][1] - row["win_share"]) for row in rows]]
        ax.bar([str(row["seat"]) for row in rows], shares, yerr=errors, capsize=4, color=COLOURS[0])
        ax.axhline(100 / int(count), linestyle="--", color="black", linewidth=1, label="all equal")
        test = report["seat_advantage"][count]["equal_seats"]
        ax.set_title(f"{count} players (p = {test['p_value']:.2g})" if test else f"{count} players")
        ax.set_xlabel("seat (0 plays first)")
        ax.set_ylabel("win share, % (95% interval)")
        ax.legend(loc="lower right", fontsize=8)
    return _png(figure)


def varies(figure: Mapping[str, Any] | None) -> bool:
    """True when a length figure has a histogram worth drawing: known, and not the same in every game."""
    return bool(figure and figure.get("histogram")) and not is_fixed(figure)


def drawn_lengths(report: Mapping[str, Any]) -> list[str]:
    """The length figures the length plot draws: those that vary at some player count."""
    return [key for key in ("decisions", "rounds", "turns") if any(varies(f[key]) for f in report["length"].values())]


def length(report: Mapping[str, Any]) -> bytes | None:
    """Histograms of decisions, rounds and turns per game, one line per player count; a figure
    every game of a count shares is left out (the report says it in words)."""
    keys = drawn_lengths(report)
    if not keys:
        return None
    figure, axes = plt.subplots(1, len(keys), figsize=(4 * len(keys), 3.2), squeeze=False)
    for ax, key in zip(axes[0], keys, strict=True):
        for i, (count, figures) in enumerate(report["length"].items()):
            if not varies(figures[key]):
                continue
            hist = figures[key]["histogram"]
            ax.stairs(hist["counts"], hist["edges"], color=COLOURS[i % len(COLOURS)], label=f"{count} players")
        ax.set_xlabel(f"{key} per game")
        ax.set_ylabel("games")
        ax.set_title(f"Game length: {key}")
        ax.legend(fontsize=8)
    return _png(figure)


def scores(report: Mapping[str, Any]) -> bytes | None:
    """Final score per seat (box: quartiles and median, whiskers: 5% and 95%), per player count."""
    counts = list(report["scores"])
    figure, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts) + 1, 3.4), squeeze=False)
    for ax, count in zip(axes[0], counts, strict=True):
        boxes = []
        for row in report["scores"][count]["per_seat"]:
            d = row["score"]
            if not d.get("n"):
                continue
            boxes.append({"label": str(row["seat"]), "med": d["median"], "q1": d["p25"], "q3": d["p75"],
                          "whislo": d["p05"], "whishi": d["p95"], "mean": d["mean"], "fliers": []})
        ax.bxp(boxes, showmeans=True)
        ax.set_title(f"{count} players")
        ax.set_xlabel("seat")
        ax.set_ylabel("final score")
    return _png(figure)


def lead(report: Mapping[str, Any]) -> bytes | None:
    """How often the sole leader at a point of the game wins, and how often the sole last-placed
    seat does, with 95% intervals; the dashed lines are chance, 1/players."""
    drawn = {c: s for c, s in report["scores"].items() if s["lead"]}
    if not drawn:
        return None
    behind = {c: s["comeback"] for c, s in drawn.items() if s.get("comeback")}
    figure, axes = plt.subplots(1, 2 if behind else 1, figsize=(11 if behind else 6, 3.4), squeeze=False)
    _rates(axes[0][0], {c: s["lead"]["points"] for c, s in drawn.items()},
           "Does the leader win?", "leader goes on to win, %")
    if behind:
        _rates(axes[0][1], {c: b["points"] for c, b in behind.items()},
               "Does the last come back?", "last place goes on to win, %")
    return _png(figure)


def _rates(ax: Any, by_count: Mapping[str, list[dict[str, Any]]], title: str, ylabel: str) -> None:
    """Win rates at points of the game with 95% intervals, one line per player count, each with
    its chance level (1/players) dashed in the same colour."""
    for i, (count, all_points) in enumerate(by_count.items()):
        colour = COLOURS[i % len(COLOURS)]
        points = [p for p in all_points if p["rate"] is not None]
        x = [j + 0.05 * i for j in range(len(points))]
        rates = [100 * p["rate"] for p in points]
        errors = [[100 * (p["rate"] - p["ci95"][0]) for p in points],
                  [100 * (p["ci95"][1] - p["rate"]) for p in points]]
        ax.errorbar(x, rates, yerr=errors, marker="o", capsize=3, color=colour, label=f"{count} players")
        ax.axhline(100 / int(count), linestyle="--", linewidth=1, color=colour,
                   label=f"chance at {count} players ({100 / int(count):.0f}%)")
        ax.set_xticks(range(len(points)), [p["at"].replace(" of the rounds", "") for p in points], fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=7)


def _forest(ax: Any, rows: list[dict[str, Any]], value: str, interval: str, q: str, title: str,
            fontsize: float = 8) -> None:
    labels = [(f"{row['players']}p " if "players" in row else "") + f"{row['kind']}: {row['name']}" for row in rows]
    y = list(range(len(rows)))[::-1]
    for yi, row in zip(y, rows, strict=True):
        q_value = row.get(q)
        colour = SIGNIFICANT if q_value is not None and q_value < 0.05 else PLAIN
        centre = 100 * row[value]
        if row.get(interval):
            low, high = (100 * v for v in row[interval])
            ax.plot([low, high], [yi, yi], color=colour, linewidth=2)
        ax.plot([centre], [yi], "o", color=colour)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(y, labels, fontsize=fontsize)
    ax.set_ylim(-1, len(rows))
    ax.set_title(title)


def content(report: Mapping[str, Any], count: str) -> bytes | None:
    """Every item's lift at one player count with its 95% interval (a forest plot, from the
    highest lift down; red: significant after Benjamini-Hochberg; items too rarely taken to be
    tested are drawn too, with their wide intervals)."""
    rows = sorted((row for row in report["content"][count]["items"] if row["lift"] is not None),
                  key=lambda row: (-row["lift"], row["kind"], row["name"]))
    if not rows:
        return None
    dense = len(rows) > 40
    figure, ax = plt.subplots(figsize=(7, (0.16 if dense else 0.28) * len(rows) + 1.4))
    _forest(ax, rows, "lift", "lift_ci95", "q_value", f"{count} players: the lift of every item",
            fontsize=6 if dense else 8)
    ax.set_xlabel("win rate minus seats' base rate, points\n(95% interval; red: q < 0.05)")
    return _png(figure)


def compare(report: Mapping[str, Any], shown: int = 12) -> bytes | None:
    """What-if: the change of every seat's win share (paired), and the items that changed most."""
    comparison = report.get("compare")
    if not comparison:
        return None
    shares = [f for f in comparison["figures"] if f["unit"] == "share" and f["ci95"]]
    items = [row for row in comparison["items"] if row["lift_diff"] is not None and row["lift_ci95"]][:shown]
    panels = [p for p in (shares, items) if p]
    if not panels:
        return None
    height = 0.28 * sum(len(p) for p in panels) + 1.6 * len(panels)
    figure, axes = plt.subplots(len(panels), 1, figsize=(8, height), squeeze=False)
    axis = iter(axes[:, 0])
    if shares:
        ax = next(axis)
        rows = [{"kind": f"{f['players']}p", "name": f["figure"], "diff": f["diff"], "ci95": f["ci95"],
                 "q_value": f["q_value"]} for f in shares]
        _forest(ax, rows, "diff", "ci95", "q_value", f"{comparison['b']} minus {comparison['a']}: win shares (paired)")
        ax.set_xlabel("percentage points (95% interval; red: q < 0.05)")
    if items:
        ax = next(axis)
        _forest(ax, items, "lift_diff", "lift_ci95", "lift_q", "Change of item lift")
        ax.set_xlabel("percentage points (95% interval; red: q < 0.05)")
    return _png(figure)


#: every plot of a report drawn once, by file name (the item plots are drawn per player count)
PLOTS: dict[str, Callable[[Mapping[str, Any]], bytes | None]] = {
    "seat_advantage.png": seat_advantage, "length.png": length, "scores.png": scores, "lead.png": lead,
    "compare.png": compare,
}


def draw_all(report: Mapping[str, Any]) -> dict[str, bytes]:
    """Every plot that has something to show, by file name (one item plot per player count)."""
    drawn = {}
    for name, draw in PLOTS.items():
        png = draw(report)
        if png is not None:
            drawn[name] = png
    for count in report["content"]:
        png = content(report, count)
        if png is not None:
            drawn[content_name(count)] = png
    return drawn
