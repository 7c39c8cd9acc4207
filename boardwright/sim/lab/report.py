"""The balance report on disk: ``report.json``, the PNG plots, and ``report.html``, one
self-contained page (styles inline, plots as ``data:`` URIs: nothing is fetched from anywhere).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from .analysis import over_and_under, percent, points, probability

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
.setup { color: #555; } .headline { background: #f4f8fb; border-left: 4px solid #1f77b4; padding: 0.6em 1.2em; }
.headline li { margin: 0.3em 0; } table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e5e5e5; text-align: right; }
th { background: #fafafa; } td.text, th.text { text-align: left; }
.sig { color: #c0392b; font-weight: 600; } .note { color: #666; font-size: 0.88em; }
img { max-width: 100%; display: block; margin: 0.8em 0; } .pair { display: flex; gap: 2em; flex-wrap: wrap; }
code { background: #f2f2f2; padding: 0 0.3em; }
"""


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], text_columns: Sequence[int] = (0,)) -> str:
    head = "".join(f'<th class="text">{escape(h)}</th>' if i in text_columns else f"<th>{escape(h)}</th>"
                   for i, h in enumerate(headers))
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            css = ' class="text"' if i in text_columns else ""
            cells.append(f"<td{css}>{cell}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _interval(ci: Sequence[float] | None, scale: float = 100, digits: int = 1, signed: bool = False) -> str:
    if not ci:
        return "—"
    sign = "+" if signed else ""
    return f"{scale * ci[0]:{sign}.{digits}f} – {scale * ci[1]:{sign}.{digits}f}"


def _q(q: float | None) -> str:
    if q is None:
        return "—"
    text = probability(q).removeprefix("= ")
    return f'<span class="sig">{text}</span>' if q < 0.05 else text


def _number(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def _image(images: Mapping[str, bytes], name: str, alt: str) -> str:
    png = images.get(name)
    if png is None:
        return ""
    data = base64.b64encode(png).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}">'


def _seat_section(report: Mapping[str, Any], images: Mapping[str, bytes]) -> str:
    parts = ["<h2>Seat advantage</h2>",
             '<p class="note">Win share per seat (a win shared by k seats counts 1/k), 95% Wilson interval, '
             "and a chi-square test that every seat wins equally often.</p>"]
    for count, section in report["seat_advantage"].items():
        rows = [[str(r["seat"]), escape(r["agent"]), _number(r["wins"]), percent(r["win_share"]), _interval(r["ci95"]),
                 percent(r["expected"])] for r in section["seats"]]
        parts.append(f"<h3>{escape(count)} players, {section['games']} games</h3>")
        parts.append(_table(["seat", "agent", "wins", "win share", "95% interval, %", "if equal"], rows, (0, 1)))
        test = section["equal_seats"]
        if test:
            verdict = ('<span class="sig">the seats do not win equally often</span>' if test["significant"]
                       else "no significant difference between seats")
            approx = " (approximate: fractional or small counts)" if test["approximate"] else ""
            parts.append(f"<p>All seats equal? χ² = {test['statistic']:.2f}, df = {test['df']}, "
                         f"p {probability(test['p_value'])}: {verdict}{approx}. <span class=\"note\">"
                         f"{escape(section['note'])}</span></p>")
    parts.append(_image(images, "seat_advantage.png", "win share per seat"))
    return "".join(parts)


def _distribution_row(label: str, d: Mapping[str, Any] | None, digits: int = 1) -> list[str]:
    if not d or not d.get("n"):
        return [escape(label)] + ["—"] * 7
    return [escape(label)] + [_number(d[key], digits) for key in ("mean", "sd", "min", "p25", "median", "p75", "max")]


DIST_HEADERS = ["", "mean", "sd", "min", "25%", "median", "75%", "max"]


def _length_section(report: Mapping[str, Any], images: Mapping[str, bytes]) -> str:
    parts = ["<h2>Game length and pace</h2>"]
    timing = report.get("timing", {}).get("seconds_per_game", {})
    for count, figures in report["length"].items():
        rows = [_distribution_row("decisions", figures["decisions"]),
                _distribution_row("rounds", figures["rounds"]), _distribution_row("player turns", figures["turns"]),
                _distribution_row("seconds (wall clock)", (timing or {}).get(count), 3)]
        parts.append(f"<h3>{escape(count)} players</h3>" + _table(DIST_HEADERS, rows))
        per_seat = ", ".join(f"seat {s}: {v:.1f}" for s, v in enumerate(figures["decisions_per_seat"]))
        parts.append(f'<p class="note">Decisions per game by seat: {per_seat}. A round and a turn are as the '
                     "game counts them (see docs/balance.md); — when the game does not say.</p>")
    parts.append(_image(images, "length.png", "game length histograms"))
    return "".join(parts)


def _scores_section(report: Mapping[str, Any], images: Mapping[str, bytes]) -> str:
    parts = ["<h2>Scores</h2>"]
    for count, figures in report["scores"].items():
        rows = [_distribution_row(f"seat {r['seat']} ({r['agent']})", r["score"]) for r in figures["per_seat"]]
        rows.append(_distribution_row("winning margin", figures["winning_margin"]))
        parts.append(f"<h3>{escape(count)} players</h3>" + _table(DIST_HEADERS, rows))
        ties = figures["ties"]
        parts.append(f"<p>Shared wins: {ties['shared_wins']} games ({percent(ties['shared_win_rate'])}, 95% "
                     f"{_interval(ties['ci95'])}%); top score tied (before any tie-break): {ties['top_score_tied']} "
                     f"games ({percent(ties['top_score_tied_rate'])}).</p>")
        lead = figures["lead"]
        if lead:
            rows = [[escape(p["at"]), str(p["sole_leader_games"]), str(p["shared_lead_games"]), percent(p["rate"]),
                     _interval(p["ci95"])] for p in lead["points"]]
            headers = ["sole leader by score", "games", "lead shared", "leader wins", "95% interval, %"]
            parts.append(_table(headers, rows))
            changes = lead["lead_changes"]
            parts.append(f'<p class="note">Lead changes per game: mean {changes["mean"]:.2f}, median '
                         f'{changes["median"]:g}, max {changes["max"]:g}. {escape(lead["note"])}.</p>')
    parts.append('<div class="pair">' + _image(images, "scores.png", "scores per seat")
                 + _image(images, "lead.png", "does the leader win") + "</div>")
    return "".join(parts)


def _item_rows(rows: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    return [[escape(r["kind"]), escape(r["name"]), percent(r["take_rate"]), str(r["seat_games"]),
             percent(r["win_rate"]), percent(r["expected"]), points(r["lift"]), _interval(r["lift_ci95"], signed=True),
             _q(r["q_value"]), points(r["kind_lift"]), _q(r["kind_q"])] for r in rows]


ITEM_HEADERS = ["kind", "item", "taken", "seat-games", "win rate", "base rate", "lift", "95% interval, pts", "q",
                "vs kind", "q"]


def _content_section(report: Mapping[str, Any], images: Mapping[str, bytes], shown: int = 15) -> str:
    content = report["content"]
    items = [r for r in content["items"] if r["lift"] is not None]
    if not items:
        return "<h2>Content strength</h2><p>The game reports no items.</p>"
    over, under = over_and_under(items, shown)
    kinds = ", ".join(f"{escape(k)} ({v})" for k, v in content["kinds"].items())
    parts = ["<h2>Content strength</h2>",
             f"<p>{content['significant']} of {content['tested']} items tested differ significantly from their "
             f"seats' base rate (Benjamini-Hochberg q &lt; 0.05; items in fewer than 10 seat-games are not tested). "
             f"Items: {kinds}.</p>",
             f'<p class="note">{escape(content["note"])}. Mean lift of each kind: '
             + ", ".join(f"{escape(k)} {points(v)}" for k, v in content["kind_mean_lift"].items()) + ".</p>",
             "<h3>Over-performing: the seats that took them won more than their seats usually do</h3>",
             _table(ITEM_HEADERS, _item_rows(over), (0, 1)),
             "<h3>Under-performing</h3>", _table(ITEM_HEADERS, _item_rows(under), (0, 1)),
             _image(images, "content.png", "item lift"),
             f'<p class="note">All {len(content["items"])} items are in report.json.</p>']
    return "".join(parts)


def _compare_section(report: Mapping[str, Any], images: Mapping[str, bytes], shown: int = 20) -> str:
    comparison = report.get("compare")
    if not comparison:
        return ""
    options = ", ".join(f"{k}={v}" for k, v in comparison["b_options"].items()) or "default options"
    parts = [f"<h2>What-if: {escape(comparison['b'])} against {escape(comparison['a'])}</h2>",
             f"<p>B is played with {escape(options)}; game i of A and of B share their seeds.</p>",
             f'<p class="note">{escape(comparison["note"])}.</p>']
    rows = []
    for f in comparison["figures"]:
        share = f["unit"] == "share"
        a, b = (percent(f["a"]), percent(f["b"])) if share else (_number(f["a"], 2), _number(f["b"], 2))
        diff = points(f["diff"]) if share else f"{f['diff']:+.2f}"
        interval = _interval(f["ci95"], signed=True) if share else _interval(f["ci95"], 1, 2, signed=True)
        rows.append([str(f["players"]), escape(f["figure"]), a, b, diff, interval, _q(f["q_value"])])
    parts.append(_table(["players", "figure", "A", "B", "B − A", "95% interval", "q"], rows, (1,)))
    item_rows = [[escape(r["kind"]), escape(r["name"]), percent(r["take_a"]), percent(r["take_b"]),
                  _interval(r["take_ci95"], signed=True), _q(r["take_q"]), points(r["lift_a"]), points(r["lift_b"]),
                  _interval(r["lift_ci95"], signed=True), _q(r["lift_q"])] for r in comparison["items"][:shown]]
    parts.append(f"<h3>Items that changed most (of {len(comparison['items'])})</h3>")
    parts.append(_table(["kind", "item", "taken A", "taken B", "change, pts", "q", "lift A", "lift B",
                         "change, pts", "q"], item_rows, (0, 1)))
    parts.append(_image(images, "compare.png", "what-if differences"))
    return "".join(parts)


def _unfinished_section(report: Mapping[str, Any]) -> str:
    stopped = report["unfinished"]
    if not stopped["games"]:
        return ""
    rows = [[escape(g["version"]), str(g["players"]), str(g["games"]), ", ".join(map(str, g["game_numbers"])),
             ", ".join(map(str, g["seeds"]))] for g in stopped["groups"]]
    return (f"<h2>Unfinished games</h2><p class=\"sig\">{stopped['games']} games did not end within "
            f"{stopped['max_decisions']:,} decisions and are left out of every figure.</p>"
            + _table(["version", "players", "games", "game numbers (first 10)", "seeds"], rows, (0, 3, 4))
            + '<p class="note">Game number i of a study is game i of <code>boardwright simulate</code> with the '
              "same --seed, seats and options: it replays there (and fails there after 200,000 decisions).</p>")


def _players_section(report: Mapping[str, Any]) -> str:
    """Who played: each agent of --seats, what it plays as here, where it sat, and whether its
    play is reproducible (a search on a time budget is not)."""
    def where(seats: Mapping[str, Sequence[int]]) -> str:
        return "; ".join(f"{count} players: {', '.join(map(str, listed))}" for count, listed in seats.items())

    rows = [[escape(row["spec"]), escape(row["plays_as"]), escape(row["about"]), escape(where(row["seats"])),
             "yes" if row["reproducible"] else '<span class="sig">no: a time budget</span>']
            for row in report.get("agents", [])]
    if not rows:
        return ""
    return ("<h2>Players</h2>" + _table(["agent", "plays as", "what it is", "seats", "reproducible"], rows,
                                        (0, 1, 2, 3, 4)))


def html(report: Mapping[str, Any], images: Mapping[str, bytes]) -> str:
    """The report as one self-contained HTML page: headline first, then each section."""
    seats = "; ".join(f"{c} players: {', '.join(s)}" for c, s in report["seats"].items())
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items() if v is not None) or "default options"
    timing = report.get("timing", {})
    speed = timing.get("games_per_second")
    lines = "".join(f"<li>{escape(line)}</li>" for line in report["headline"])
    body = [
        f"<h1>Balance report: {escape(report['name'])}</h1>",
        f'<p class="setup">{report["games_per_count"]} games per player count '
        f"({', '.join(map(str, report['players']))} players), seed {report['seed']}; seats: {escape(seats)}; "
        f"{escape(options)}.</p>",
        f'<div class="headline"><h2>Headline</h2><ul>{lines}</ul></div>',
        _unfinished_section(report), _players_section(report),
        _compare_section(report, images),
        _seat_section(report, images), _length_section(report, images), _scores_section(report, images),
        _content_section(report, images),
        "<h2>Timing</h2>",
        f"<p>{timing.get('games', 0)} games in {timing.get('seconds', 0):.1f} s "
        f"on {escape(str(timing.get('backend')))} "
        f"with {timing.get('jobs')} jobs ({_number(speed, 1)} games/s). Only this section changes from run to run.</p>",
        '<p class="note">How to read this report, and the statistics used: docs/balance.md.</p>',
    ]
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Balance report: '
            f"{escape(report['name'])}</title><style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def write(report: Mapping[str, Any], folder: Path) -> dict[str, Path]:
    """Write ``report.json``, the plots and ``report.html`` into ``folder`` (which exists); the
    paths written, by name."""
    from .plots import draw_all

    images = draw_all(report)
    written = {}
    path = folder / "report.json"
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written["report.json"] = path
    for name, png in images.items():
        (folder / name).write_bytes(png)
        written[name] = folder / name
    path = folder / "report.html"
    path.write_text(html(report, images), encoding="utf-8")
    written["report.html"] = path
    return written
