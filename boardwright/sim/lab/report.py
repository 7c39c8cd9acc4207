"""The balance report on disk: ``report.json``, the PNG plots, and ``report.html``, one
self-contained page (styles and its one small filter script inline, plots as ``data:`` URIs:
nothing is fetched from anywhere).

In a what-if the page shows version A's sections, then B's, each heading naming its version, and
B's plots are written with a ``B-`` prefix.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from .analysis import is_fixed, over_and_under, percent, points, probability
from .whatif import value_text

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1.5em; max-width: 1300px; color: #222;
       line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
.setup { color: #555; } .headline { background: #f4f8fb; border-left: 4px solid #1f77b4; padding: 0.6em 1.2em; }
.headline li { margin: 0.3em 0; } table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
table { display: block; overflow-x: auto; max-width: 100%; }
.suspects td:last-child { white-space: normal; min-width: 28em; }
th, td { padding: 0.25em 0.6em; white-space: nowrap; border-bottom: 1px solid #e5e5e5; text-align: right; }
th { background: #fafafa; } td.text, th.text { text-align: left; }
.sig { color: #c0392b; font-weight: 600; } .note { color: #666; font-size: 0.88em; }
img { max-width: 100%; display: block; margin: 0.8em 0; } .pair { display: flex; gap: 2em; flex-wrap: wrap; }
code { background: #f2f2f2; padding: 0 0.3em; } .version { color: #1f77b4; font-weight: normal; }
.forest { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
.forest img { flex: 0 1 630px; min-width: 0; margin: 0; }
.search { flex: 1 1 480px; max-height: 90vh; overflow: auto; font-size: 0.9em; }
.search input { width: 100%; padding: 0.3em; margin-bottom: 0.4em; box-sizing: border-box; }
.search table { margin-top: 0; }
"""

#: the page's only script: a text box filters the rows of its table (no network, no library)
FILTER_SCRIPT = """
for (const box of document.querySelectorAll("input[data-filter]")) {
  const rows = document.getElementById(box.dataset.filter).tBodies[0].rows;
  box.addEventListener("input", () => {
    const words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    for (const row of rows) {
      const text = row.textContent.toLowerCase();
      row.hidden = !words.every((word) => text.includes(word));
    }
  });
}
"""


def content_name(count: str) -> str:
    """The file of a player count's item plot (every item's lift, a forest plot)."""
    return f"content_{count}p.png"


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], text_columns: Sequence[int] = (0,),
           table_id: str = "") -> str:
    head = "".join(f'<th class="text">{escape(h)}</th>' if i in text_columns else f"<th>{escape(h)}</th>"
                   for i, h in enumerate(headers))
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            css = ' class="text"' if i in text_columns else ""
            cells.append(f"<td{css}>{cell}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    ident = f' id="{table_id}"' if table_id else ""
    return f"<table{ident}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


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


def _heading(title: str, version: str) -> str:
    """A section's heading, naming its version in a what-if."""
    return f"<h2>{escape(title)}" + (f' <span class="version">· {escape(version)}</span>' if version else "") + "</h2>"


def _seat_section(report: Mapping[str, Any], images: Mapping[str, bytes], version: str = "", prefix: str = "") -> str:
    parts = [_heading("Seat advantage", version),
             '<p class="note">Win share per seat (a win shared by k seats counts 1/k), 95% Wilson interval, '
             "and a chi-square test that every seat wins equally often, corrected across player counts (Holm). "
             "No significant difference is not proof of balance: the smallest gap these games would find 80% "
             "of the time is given with each test.</p>"]
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
            corrected = (f", {escape(test['correction'])}: p {probability(test['p_adjusted'])}"
                         if test.get("correction") else "")
            power = ""
            if test.get("detectable_gap") is not None:
                power = (f" These {section['games']} games find one seat "
                         f"{points(test['detectable_gap'], signed=False)} above its fair share 80% of the time "
                         f"(at the level {test['detectable_alpha']:.3g}); a smaller gap may go unseen.")
            parts.append(f"<p>All seats equal? χ² = {test['statistic']:.2f}, df = {test['df']}, "
                         f"p {probability(test['p_value'])}{corrected}: {verdict}{approx}.{power} "
                         f"<span class=\"note\">{escape(section['note'])}</span></p>")
    parts.append(_image(images, prefix + "seat_advantage.png", "win share per seat"))
    return "".join(parts)


def _distribution_row(label: str, d: Mapping[str, Any] | None, digits: int = 1) -> list[str]:
    if not d or not d.get("n"):
        return [escape(label)] + ["—"] * 7
    return [escape(label)] + [_number(d[key], digits) for key in ("mean", "sd", "min", "p25", "median", "p75", "max")]


DIST_HEADERS = ["", "mean", "sd", "min", "25%", "median", "75%", "max"]


def _length_section(report: Mapping[str, Any], images: Mapping[str, bytes], version: str = "",
                    prefix: str = "") -> str:
    parts = [_heading("Game length and pace", version)]
    for count, figures in report["length"].items():
        rows = [_distribution_row("decisions", figures["decisions"]),
                _distribution_row("rounds", figures["rounds"]), _distribution_row("player turns", figures["turns"])]
        parts.append(f"<h3>{escape(count)} players</h3>" + _table(DIST_HEADERS, rows))
        fixed = [f"{figures[key]['min']:g} {label}" for key, label in
                 (("decisions", "decisions"), ("rounds", "rounds"), ("turns", "player turns"))
                 if is_fixed(figures[key])]
        if fixed:
            parts.append(f"<p>Every game lasts {' and '.join(fixed)} (not drawn: a single bar).</p>")
        per_seat = ", ".join(f"seat {s}: {v:.1f}" for s, v in enumerate(figures["decisions_per_seat"]))
        parts.append(f'<p class="note">Decisions per game by seat: {per_seat}. A round and a turn are as the '
                     "game counts them (see docs/balance.md); — when the game does not say. Seconds per game "
                     "are under Timing.</p>")
    parts.append(_image(images, prefix + "length.png", "game length histograms"))
    return "".join(parts)


def _rate_rows(points_: Sequence[Mapping[str, Any]], games: str, shared: str, wins_label: str) -> str:
    rows = [[escape(p["at"]), str(p[games]), str(p[shared]), percent(p["rate"]), _interval(p["ci95"])]
            for p in points_]
    return _table([wins_label, "games", "shared", "wins", "95% interval, %"], rows)


def _scores_section(report: Mapping[str, Any], images: Mapping[str, bytes], version: str = "",
                    prefix: str = "") -> str:
    parts = [_heading("Scores", version)]
    for count, figures in report["scores"].items():
        rows = [_distribution_row(f"seat {r['seat']} ({r['agent']})", r["score"]) for r in figures["per_seat"]]
        rows.append(_distribution_row("winning margin", figures["winning_margin"]))
        parts.append(f"<h3>{escape(count)} players</h3>" + _table(DIST_HEADERS, rows))
        ties = figures["ties"]
        parts.append(f"<p>Shared wins: {ties['shared_wins']} games ({percent(ties['shared_win_rate'])}, 95% "
                     f"{_interval(ties['ci95'])}%); top score tied (before any tie-break): {ties['top_score_tied']} "
                     f"games ({percent(ties['top_score_tied_rate'])}).</p>")
        lead, behind = figures["lead"], figures.get("comeback")
        if lead:
            tables = [f"<div><h4>Does the leader win?</h4>"
                      f"{_rate_rows(lead['points'], 'sole_leader_games', 'shared_lead_games', 'sole leader by score')}"
                      "</div>"]
            if behind:
                last = _rate_rows(behind["points"], "sole_last_games", "shared_last_games", "sole last by score")
                tables.append(f"<div><h4>Does the last come back? (chance {percent(behind['chance'])})</h4>"
                              f"{last}</div>")
            parts.append('<div class="pair">' + "".join(tables) + "</div>")
            changes = lead["lead_changes"]
            parts.append(f'<p class="note">Lead changes per game: mean {changes["mean"]:.2f}, median '
                         f'{changes["median"]:g}, max {changes["max"]:g}. {escape(lead["note"])}.'
                         + (f" Last place: {escape(behind['note'])}." if behind else "") + "</p>")
    parts.append('<div class="pair">' + _image(images, prefix + "scores.png", "scores per seat")
                 + _image(images, prefix + "lead.png", "does the leader win, does the last come back") + "</div>")
    return "".join(parts)


def _item_rows(rows: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    return [[escape(r["kind"]), escape(r["name"]), percent(r["take_rate"]), str(r["seat_games"]),
             percent(r["win_rate"]), percent(r["expected"]), points(r["lift"]), _interval(r["lift_ci95"], signed=True),
             _q(r["q_value"]), points(r["kind_lift"]), _q(r["kind_q"])] for r in rows]


ITEM_HEADERS = ["kind", "item", "taken", "seat-games", "win rate", "base rate", "lift", "95% interval, pts", "q",
                "vs kind", "q"]


def _power_line(section: Mapping[str, Any]) -> str:
    rows = section.get("detectable_lift", {}).get("rows")
    if not rows:
        return ""
    said = "; ".join(f"taken in {percent(r['taken'])} of seat-games ({r['seat_games']}): "
                     f"{points(r['alpha_05'], signed=False)} alone, {points(r['one_of_tested'], signed=False)} "
                     f"as the one finding among {section['tested']}" for r in rows)
    return (f"<p>Smallest lift these games find 80% of the time, for an item {said}. A lift under that, "
            "not significant here, is not shown to be absent.</p>")


def _content_section(report: Mapping[str, Any], images: Mapping[str, bytes], version: str = "", prefix: str = "",
                     shown: int = 15) -> str:
    parts = [_heading("Content strength", version)]
    for count, content in report["content"].items():
        items = [r for r in content["items"] if r["lift"] is not None]
        parts.append(f"<h3>{escape(count)} players, {content['seat_games']} seat-games</h3>")
        if not items:
            parts.append("<p>The game reports no items.</p>")
            continue
        over, under = over_and_under(items, shown)
        kinds = ", ".join(f"{escape(k)} ({v})" for k, v in content["kinds"].items())
        table_id = f"{prefix}items-{count}"
        parts += [
            f"<p>{content['significant']} of {content['tested']} items tested differ significantly from their "
            f"seats' base rate (Benjamini-Hochberg q &lt; 0.05; items in fewer than 10 seat-games are not tested). "
            f"Items: {kinds}.</p>", _power_line(content),
            f'<p class="note">{escape(content["note"])}. Mean lift of each kind: '
            + ", ".join(f"{escape(k)} {points(v)}" for k, v in content["kind_mean_lift"].items()) + ".</p>",
            "<h4>Over-performing: the seats that took them won more than their seats usually do</h4>",
            _table(ITEM_HEADERS, _item_rows(over), (0, 1)),
            "<h4>Under-performing</h4>", _table(ITEM_HEADERS, _item_rows(under), (0, 1)),
            f"<h4>Every item ({len(content['items'])})</h4>",
        ]
        every = _table(ITEM_HEADERS, _item_rows(content["items"]), (0, 1), table_id=table_id)
        search = (f'<div class="search"><input type="search" data-filter="{table_id}" '
                  f'placeholder="filter: a kind, a name, a figure…" aria-label="filter the items">{every}</div>')
        forest = _image(images, prefix + content_name(count), f"every item's lift at {count} players")
        parts.append(f'<div class="forest">{forest}{search}</div>')
    return "".join(parts)


def _changes_section(changes: Mapping[str, Any]) -> str:
    """What B changes: its options and its content, entry by entry and field by field."""
    parts = ["<h3>What B changes</h3>"]
    options = [[escape(r["option"]), escape(value_text(r["a"])), escape(value_text(r["b"]))]
               for r in changes["options"]]
    if options:
        parts.append(_table(["option", "A", "B"], options, (0, 1, 2)))
    entries = []
    for r in changes["content"]:
        if r["change"] != "changed":
            entries.append([escape(str(r["kind"])), escape(r["name"]), r["change"], "", "", ""])
        for f in r["fields"]:
            entries.append([escape(str(r["kind"])), escape(r["name"]), "changed", escape(f["field"]),
                            escape(value_text(f["a"])), escape(value_text(f["b"]))])
    if entries:
        parts.append(_table(["kind", "entry", "change", "field", "A", "B"], entries, (0, 1, 2, 3, 4, 5)))
    if not options and not entries:
        parts.append("<p>Nothing the options or the game's catalog show differs.</p>")
    return "".join(parts)


def _z(value: float | None) -> str:
    return "—" if value is None else f"{value:+.1f}"


def _compare_section(report: Mapping[str, Any], images: Mapping[str, bytes], shown: int = 20) -> str:
    comparison = report.get("compare")
    if not comparison:
        return ""
    parts = [f"<h2>What-if: {escape(comparison['b'])} against {escape(comparison['a'])}</h2>",
             "<p>Game i of A and of B share their seeds. A's own sections follow this one, then B's.</p>",
             _changes_section(comparison["changes"]),
             f'<p class="note">{escape(comparison["note"])}.</p>']
    rows = []
    for f in comparison["figures"]:
        share = f["unit"] == "share"
        a, b = (percent(f["a"]), percent(f["b"])) if share else (_number(f["a"], 2), _number(f["b"], 2))
        diff = points(f["diff"]) if share else f"{f['diff']:+.2f}"
        interval = _interval(f["ci95"], signed=True) if share else _interval(f["ci95"], 1, 2, signed=True)
        rows.append([str(f["players"]), escape(f["figure"]), a, b, diff, interval, _q(f["q_value"])])
    parts.append("<h3>Every figure, B − A</h3>")
    parts.append(_table(["players", "figure", "A", "B", "B − A", "95% interval", "q"], rows, (1,)))
    item_rows = [[str(r["players"]), escape(r["kind"]), escape(r["name"]), escape(r["effect_by"] or "—"),
                  points(r["effect"]), _z(r["effect_z"]),
                  percent(r["take_a"]), percent(r["take_b"]), _interval(r["take_ci95"], signed=True), _q(r["take_q"]),
                  points(r["lift_a"]), points(r["lift_b"]), _interval(r["lift_ci95"], signed=True), _q(r["lift_q"])]
                 for r in comparison["items"][:shown]]
    parts.append(f"<h3>Items that changed most (of {len(comparison['items'])}), by standardized change</h3>")
    parts.append(_table(["players", "kind", "item", "most in", "change", "z", "taken A", "taken B",
                         "change, 95% pts", "q", "lift A", "lift B", "change, 95% pts", "q"], item_rows, (1, 2, 3)))
    parts.append('<p class="note">z: the change divided by its standard error (a t score for the take rate, '
                 "paired by seat-game; a z score for the lift); the items are listed by the larger of their two "
                 "z, so a change measured on few seat-games does not outrank a clear one.</p>")
    parts.append(_image(images, "compare.png", "what-if differences"))
    return "".join(parts)


def _suspects_section(report: Mapping[str, Any], shown: int = 10) -> str:
    from .suspects import describe, name

    entries = report.get("suspects") or []
    if not entries:
        return ""
    rules = report.get("suspect_rules") or {}
    floors = ", ".join(f"{count} players: {least}" for count, least in (rules.get("floor") or {}).items())
    rows = [[str(place), str(e["players"]), escape(name(e)), escape(e["basis"] or "—"), escape(describe(e))]
            for place, e in enumerate([e for e in entries if e["judged"]][:shown], 1)]
    return ("<h2>Suspects</h2>"
            f"<p>The items most likely to be broken, most suspicious first (all {len(entries)} in report.json). "
            f"Items seen in fewer seat-games than the floor ({escape(floors)}) are not judged.</p>"
            + '<div class="suspects">' + _table(["#", "players", "item", "judged by", "evidence"], rows, (2, 3, 4))
            + f'</div><p class="note">{escape(rules.get("note", ""))}.</p>')


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


#: the sections each version of a study has, in page order
VERSION_SECTIONS = (_seat_section, _length_section, _scores_section, _content_section)
#: the prefix of version B's plot files
B_PREFIX = "B-"


def _timing_section(report: Mapping[str, Any]) -> str:
    timing = report.get("timing", {})
    rows = [_distribution_row(f"{count} players", d, 3) for count, d in (timing.get("seconds_per_game") or {}).items()]
    return ("<h2>Timing</h2>"
            f"<p>{timing.get('games', 0)} games in {timing.get('seconds', 0):.1f} s "
            f"on {escape(str(timing.get('backend')))} with {timing.get('jobs')} jobs "
            f"({_number(timing.get('games_per_second'), 1)} games/s). Only this section changes from run to run.</p>"
            + (_table(["seconds per game", *DIST_HEADERS[1:]], rows) if rows else ""))


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
    """The report as one self-contained HTML page: headline first, then each section (in a
    what-if, the comparison, A's sections and B's, each named)."""
    seats = "; ".join(f"{c} players: {', '.join(s)}" for c, s in report["seats"].items())
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items() if v is not None) or "default options"
    lines = "".join(f"<li>{escape(line)}</li>" for line in report["headline"])
    comparison = report.get("compare")
    a_label = comparison["a"] if comparison else ""
    body = [
        f"<h1>Balance report: {escape(report['name'])}</h1>",
        f'<p class="setup">{report["games_per_count"]} games per player count '
        f"({', '.join(map(str, report['players']))} players), seed {report['seed']}; seats: {escape(seats)}; "
        f"{escape(options)}.</p>",
        f'<div class="headline"><h2>Headline</h2><ul>{lines}</ul></div>',
        _suspects_section(report),
        _unfinished_section(report), _players_section(report),
        _compare_section(report, images),
        *(section(report, images, a_label) for section in VERSION_SECTIONS),
    ]
    if comparison:
        body += [section(comparison["b_sections"], images, comparison["b"], B_PREFIX) for section in VERSION_SECTIONS]
    body += [_timing_section(report),
             '<p class="note">How to read this report, and the statistics used: docs/balance.md.</p>']
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Balance report: '
            f"{escape(report['name'])}</title><style>{STYLE}</style></head><body>{''.join(body)}"
            f"<script>{FILTER_SCRIPT}</script></body></html>\n")


def write(report: Mapping[str, Any], folder: Path) -> dict[str, Path]:
    """Write ``report.json``, the plots (B's prefixed ``B-`` in a what-if) and ``report.html``
    into ``folder`` (which exists); the paths written, by name."""
    from .plots import draw_all

    images = draw_all(report)
    if report.get("compare"):
        images.update({B_PREFIX + name: png for name, png in draw_all(report["compare"]["b_sections"]).items()})
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
