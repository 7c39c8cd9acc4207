"""The plots of a balance report (Matplotlib, drawn off-screen), from the report's figures alone.

Each function returns PNG bytes, or None when its section has nothing to draw.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import matplotlib

from .analysis import over_and_under

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
SIGNIFICANT, PLAIN = "#c0392b", "#7f8c8d"


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=90)
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


def length(report: Mapping[str, Any]) -> bytes | None:
    """Histograms of decisions, rounds and turns per game, one line per player count."""
    keys = [k for k in ("decisions", "rounds", "turns") if any(f[k] for f in report["length"].values())]
    figure, axes = plt.subplots(1, len(keys), figsize=(4 * len(keys), 3.2), squeeze=False)
    for ax, key in zip(axes[0], keys, strict=True):
        for i, (count, figures) in enumerate(report["length"].items()):
            hist = (figures[key] or {}).get("histogram")
            if not hist:
                continue
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
    """How often the sole leader at a point of the game wins, with 95% intervals."""
    drawn = {c: s["lead"] for c, s in report["scores"].items() if s["lead"]}
    if not drawn:
        return None
    figure, ax = plt.subplots(figsize=(6, 3.4))
    for i, (count, lead_figures) in enumerate(drawn.items()):
        points = [p for p in lead_figures["points"] if p["rate"] is not None]
        x = [j + 0.05 * i for j in range(len(points))]
        rates = [100 * p["rate"] for p in points]
        errors = [[100 * (p["rate"] - p["ci95"][0]) for p in points],
                  [100 * (p["ci95"][1] - p["rate"]) for p in points]]
        ax.errorbar(x, rates, yerr=errors, marker="o", capsize=3, color=COLOURS[i % len(COLOURS)],
                    label=f"{count} players (chance {100 / int(count):.0f}%)")
        ax.set_xticks(range(len(points)), [p["at"].replace(" of the rounds", "") for p in points], fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel("leader goes on to win, %")
    ax.set_title("Does the leader win?")
    ax.legend(fontsize=8)
    return _png(figure)


def _forest(ax: Any, rows: list[dict[str, Any]], value: str, interval: str, q: str, title: str) -> None:
    labels = [f"{row['kind']}: {row['name']}" for row in rows]
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
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_title(title)


def content(report: Mapping[str, Any], shown: int = 12) -> bytes | None:
    """The items that win most and least above their seats' base rate, with 95% intervals (red:
    significant after Benjamini-Hochberg)."""
    rows = [row for row in report["content"]["items"] if row["lift"] is not None]
    if not rows:
        return None
    over, under = over_and_under(rows, shown)
    chosen = over + under[::-1]
    figure, ax = plt.subplots(figsize=(8, 0.28 * len(chosen) + 1.4))
    _forest(ax, chosen, "lift", "lift_ci95", "q_value",
            "Item lift: win rate of the seats that took it minus their base rate")
    ax.set_xlabel("lift, percentage points (95% interval; red: q < 0.05)")
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


#: every plot of a report, by file name
PLOTS: dict[str, Callable[[Mapping[str, Any]], bytes | None]] = {
    "seat_advantage.png": seat_advantage, "length.png": length, "scores.png": scores, "lead.png": lead,
    "content.png": content, "compare.png": compare,
}


def draw_all(report: Mapping[str, Any]) -> dict[str, bytes]:
    """Every plot that has something to show, by file name."""
    drawn = {}
    for name, draw in PLOTS.items():
        png = draw(report)
        if png is not None:
            drawn[name] = png
    return drawn
