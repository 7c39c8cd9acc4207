"""The Gadgeteers table in a terminal, drawn from a view (never from the state)."""

from __future__ import annotations

from typing import Any

SEAT_STYLE = ("magenta", "yellow", "green", "cyan")
LABEL = {"power": "P", "half": "½", "double": "PP", "3": "3★", "4": "4★", "5": "5★", "?": "?"}


def _token(owner: int, text: str) -> str:
    return f"[{SEAT_STYLE[owner % 4]}]{LABEL.get(text, text)}[/]"


def _cell(entry: dict[str, Any]) -> list[str]:
    name = entry["part"] + ("*" if entry["corner"] else "")
    control = entry.get("controlled_by")
    if control:
        name += " (" + ",".join(f"[{SEAT_STYLE[s % 4]}]s{s}[/]" for s in control) + ")"
    tokens = " ".join(_token(int(o), t) for o, labels in entry["tokens"].items() for t in labels)
    return [name, tokens]


def render(view: dict[str, Any]) -> str:
    lines = [f"[bold]Gadgeteers[/bold] — round {view['round']}, {view['phase']}"
             + (f" (turn {view['parts_turn']} of 5)" if "parts_turn" in view else "")
             + f"; first player: seat {view['first_player']}"]
    grid: dict[tuple[int, int], dict[str, Any]] = {(e["row"], e["column"]): e for e in view["board"]}
    width = 24
    for row in range(4):
        top, bottom = [], []
        for column in range(4):
            entry = grid.get((row, column))
            if entry is None:
                text = ["[dim]   Junk Pile[/dim]" if column == 1 and row == 1 else "", ""]
            else:
                text = _cell(entry)
            top.append(text[0])
            bottom.append(text[1])
        lines.append("  " + "".join(_pad(t, width) for t in top))
        lines.append("  " + "".join(_pad(t, width) for t in bottom))
    junk = " ".join(_token(int(o), t) for o, t in view["junk_pile"])
    lines.append(f"  Junk Pile: {junk or '-'}")
    lines.append("")
    under = view.get("deck_bottom") or []
    known = f"; from the bottom: {', '.join(under)}" if under else ""
    lines.append(f"[bold]Gadget row[/bold] ({view['deck_count']} in the deck{known}):")
    for g in view["row"]:
        single = ", Single Use" if g["single_use"] else ""
        lines.append(f"  {g['name']:16s} {g['points']} pts  {g['type']:7s} {' + '.join(g['parts'])}"
                     f"  [dim]{g['power']}{single}[/dim]")
    lines.append("")
    for p in view["players"]:
        seat = p["seat"]
        mark = " (you)" if seat == view["viewer"] else ""
        status = " [dim]passed[/dim]" if p.get("passed") else ""
        lines.append(f"[{SEAT_STYLE[seat % 4]}]seat {seat}[/]{mark}{status}: "
                     f"gadgets {', '.join(p['gadgets']) or '-'}")
        if "screen" in p:
            screen = " ".join(LABEL.get(t, t) for t in p["screen"])
            lines.append(f"    behind your screen: {screen or '-'}   bonus card: {p['bonus']}")
        else:
            lines.append(f"    {p['screen_count']} tokens behind the screen"
                         + (f"   bonus card: {p['bonus']}" if "bonus" in p else ""))
        if p["alternate"]:
            lines.append(f"    alternate token: {p['alternate']}")
    if "power" in view:
        pw = view["power"]
        lines.append(f"\nActivating {pw['gadget'] or 'a power'} (Power token from {pw['source']}): {pw['step']}")
    if view.get("is_over"):
        lines.append("\n[bold]Final scores:[/bold] " + ", ".join(
            f"seat {s}: {score}" for s, score in enumerate(view["scores"]))
            + f" — winner(s): {', '.join(f'seat {w}' for w in view['winners'])}")
    return "\n".join(lines)


def _pad(text: str, width: int) -> str:
    visible = len(_strip(text))
    return text + " " * max(1, width - visible)


def _strip(text: str) -> str:
    out, depth = [], 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


EXPLAIN = {
    "place": "place a token face down on a Part (Parts Phase)",
    "build": "build a Gadget from the row: you must control all its Parts",
    "use": "recall a Power token from a Part to activate a special power",
    "activate": "the Gadget whose power you activate",
    "end": "end your turn (you will get another this round)",
    "pass": "pass: no more turns this round",
    "done": "finish (no more recalls / no second power)",
    "to": "the Part the token goes to",
    "add": "a token from behind your screen to add",
    "take": "one of your tokens on a Part",
    "target": "another player's token on a Part",
    "salvage": "take a token of yours back from the Junk Pile",
    "swap": "the first Part of the two to swap",
    "with": "the second Part to swap",
    "cycle": "a Gadget of the row to put under the deck",
    "recall": "recall all your tokens from this Part",
}


def describe(text: str) -> str:
    verb = text.split(" ", 1)[0]
    return f"{text} — {EXPLAIN.get(verb, '')}".rstrip(" —")
