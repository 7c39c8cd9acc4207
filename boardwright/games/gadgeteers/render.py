"""The Gadgeteers table in a terminal, drawn from a view (never from the state).

The square of Parts (a Part's name in the colour of the seat that controls it), then each Part's
tokens seat by seat with totals, who leads and what winning it takes, the Gadget row with each
power in words, and each player's Gadgets, screen and Bonus card as far as the viewer may see.
"""

from __future__ import annotations

from typing import Any

from ...engine.markup import escape
from .words import STEP_PROMPT, TOKEN_OF_TEXT

#: a token's label on the board, from its action-text word
LABEL = {"power": "P", "half": "½", "double": "PP", "3": "3★", "4": "4★", "5": "5★", "?": "?"}
#: a token's control value in halves, from its action-text word
VALUE2 = {"power": 0, "double": 0, "half": 1, "1": 2, "2": 4, "3": 6, "4": 8, "5": 10}
WIDTH = 13


def seat(number: int, text: str | None = None) -> str:
    return f"[seat{number}]{text or f'Seat {number}'}[/seat{number}]"


def halves(value2: int) -> str:
    whole, half = divmod(value2, 2)
    return (f"{whole}½" if whole else "½") if half else str(whole)


def _highest_first(token: str) -> tuple[int, int]:
    """Tokens listed by value, highest first; Power tokens, then face-down ones, last."""
    return (-VALUE2.get(token, -1), token == "?")


def _square(view: dict[str, Any]) -> list[str]:
    """The 4×4 square: Parts on the border, the Junk Pile in the middle."""
    grid = {(e["row"], e["column"]): e for e in view["board"]}
    lines = []
    for row in range(4):
        cells = []
        for column in range(4):
            entry = grid.get((row, column))
            if entry is None:
                cells.append("[dim]Junk Pile[/dim]    " if (row, column) == (1, 1) else " " * WIDTH)
                continue
            name = entry["part"] + ("*" if entry["corner"] and view["player_count"] == 4 else "")
            control = entry.get("controlled_by") or []
            shown = seat(control[0], name) if len(control) == 1 else name
            if len(control) == 2:
                shown = seat(control[0], name[:len(name) // 2]) + seat(control[1], name[len(name) // 2:])
            cells.append(shown + " " * max(1, WIDTH - len(name)))
        lines.append("  " + "".join(cells).rstrip())
    return lines


def _standing(entry: dict[str, Any], view: dict[str, Any]) -> str:
    """One Part: each seat's tokens and total, who leads, and what winning it takes."""
    viewer = view["viewer"]
    totals: dict[int, int] = {}
    hidden = False
    shown = []
    for owner_text, labels in entry["tokens"].items():
        owner = int(owner_text)
        known = sum(VALUE2.get(t, 0) for t in labels)
        unseen = labels.count("?")
        hidden = hidden or unseen > 0
        totals[owner] = known
        tokens = " ".join(LABEL.get(t, t) for t in sorted(labels, key=_highest_first))
        total = halves(known)
        if unseen:
            total = f"{total} + {unseen} face down" if known else f"{unseen} face down"
        shown.append(f"{seat(owner)} {seat(owner, tokens)} = {total}")
    name = entry["part"]
    corner = entry["corner"] and view["player_count"] == 4
    head = f"  {name}{' (corner: the top two may control it)' if corner else ''}: "
    text = head + ", ".join(shown)
    if hidden or "controlled_by" not in entry:
        return text + "; [dim]control shows at the reveal[/dim]"
    control = entry["controlled_by"]
    ranked = sorted(totals.values(), reverse=True)
    if len(control) == 1:
        lead = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
        text += f"; {seat(control[0])} controls it" + (f" (leads by {halves(lead)})" if not corner else "")
    elif control:
        text += f"; {seat(control[0])} and {seat(control[1])} control it"
    elif ranked[0] == 0:
        text += "; nobody controls it (no token with a value)"
    else:
        text += f"; nobody controls it (a tie at {halves(ranked[0])})"
    if viewer is not None and viewer not in control:
        others = sorted((v for o, v in totals.items() if o != viewer), reverse=True)
        beat = (others[1] if len(others) > 1 else 0) if corner else (others[0] if others else 0)
        need = (beat - totals.get(viewer, 0)) // 2 + 1
        text += f"; you need {need} more to win it"
    return text


def _gadget_line(g: dict[str, Any], mine: set[str]) -> str:
    parts = ", ".join(escape(p) + (" ✓" if p in mine else "") for p in g["parts"])
    points = f"{g['points']} point" + ("" if g["points"] == 1 else "s")
    return (f"  [bold]{escape(g['name'])}[/bold] ({escape(g['type'])}, {points}): needs {parts}\n"
            f"      [dim]{escape(g['power_text'])}[/dim]")


def render(view: dict[str, Any]) -> str:
    viewer = view["viewer"]
    phase = view["phase"]
    head = f"[bold]Gadgeteers[/bold], round {view['round']}, {phase}"
    if "parts_turn" in view:
        head += f" (turn {view['parts_turn']} of 5)"
    lines = [head + f"; First Player Marker: {seat(view['first_player'])}"]
    if view.get("ending") and not view.get("is_over"):
        lines.append("[bold]Final round:[/bold] a 4th Gadget was built; the game ends after this Gadgets Phase.")
    lines.append("")
    lines += _square(view)
    lines.append("")
    lines.append("[bold]Parts[/bold] (tokens by seat, totals, control):")
    empty = []
    for entry in view["board"]:
        if entry["tokens"]:
            lines.append(_standing(entry, view))
        else:
            empty.append(entry["part"])
    if empty:
        lines.append(f"  [dim]No tokens on {', '.join(empty)}[/dim]")
    junk = ", ".join(f"{seat(int(o))} {LABEL.get(t, t)}" for o, t in view["junk_pile"])
    lines.append(f"  Junk Pile: {junk or 'empty'}")
    lines.append("")
    mine = {e["part"] for e in view["board"] if viewer is not None and viewer in (e.get("controlled_by") or [])}
    under = view.get("deck_bottom") or []
    known = f"; at the bottom: {escape(', '.join(under))}" if under else ""
    lines.append(f"[bold]Gadget row[/bold] ({view['deck_count']} in the deck{known})"
                 + (", ✓ marks a Part you control:" if viewer is not None else ":"))
    for g in view["row"]:
        lines.append(_gadget_line(g, mine))
    lines.append("")
    for p in view["players"]:
        number = p["seat"]
        you = " (you)" if number == viewer else ""
        status = " [dim]passed[/dim]" if p.get("passed") else ""
        built = p.get("built") or []
        lines.append(f"{seat(number)}{you}{status}: {len(built)} Gadget" + ("" if len(built) == 1 else "s"))
        spent = set(p.get("single_use_spent") or [])
        for g in built:
            used = ", used" if g["name"] in spent else ""
            single = f", Single Use{used}" if g["single_use"] else ""
            power = g["power_text"].removeprefix("Single Use: ")  # said once, beside the points
            lines.append(f"    {escape(g['name'])} ({escape(g['type'])}, {g['points']} pts{single}): "
                         f"[dim]{escape(power)}[/dim]")
        if "screen" in p:
            screen = " ".join(LABEL.get(t, t) for t in p["screen"])
            lines.append(f"    behind your screen: {screen or 'nothing'}")
        else:
            lines.append(f"    {p['screen_count']} tokens behind the screen")
        if "bonus" in p:
            secret = "" if view.get("is_over") else " (secret)"
            lines.append(f"    Bonus card: {escape(p['bonus'])}{secret}")
        else:
            lines.append("    Bonus card: secret")
        if p["junk"]:
            lines.append(f"    in the Junk Pile: {' '.join(LABEL.get(t, t) for t in p['junk'])}")
        if p["alternate"]:
            lines.append(f"    Alternate Token: {escape(p['alternate'])}")
    if "power" in view:
        pw = view["power"]
        what = escape(pw["gadget"]) if pw["gadget"] else "a power"
        lines.append(f"\nActivating {what} (token recalled from {pw['source']}): "
                     f"{STEP_PROMPT.get(pw['step'], 'choose')}")
    return "\n".join(lines)


EXPLAIN = {
    "place": "place a token face down on a Part",
    "build": "build a Gadget from the row: you must control all its Parts; your tokens on them "
             "leave (1, 2 and Power back behind your screen, 3★, 4★ and 5★ to the Junk Pile)",
    "use": "recall a Power token from a Part to activate a special power of a Gadget you built",
    "activate": "the Gadget whose special power you activate",
    "end": "end your turn (you will get another this round)",
    "pass": "pass: you take no more turns this round",
    "done": "finish: recall no more tokens, or activate no second power",
    "to": "the Part the token goes to",
    "add": "a token from behind your screen to add, face up",
    "take": "one of your tokens on a Part, for the power to act on",
    "target": "another player's token on a Part, for the power to act on",
    "salvage": "take one of your tokens back from the Junk Pile",
    "swap": "the first of the two Parts that swap places",
    "with": "the second Part: the two swap places, with their tokens",
    "cycle": "a Gadget of the row to put at the bottom of the deck (the row is refilled)",
    "recall": "recall all your tokens from this Part to behind your screen",
}


def describe(text: str) -> str:
    """An action text explained: "target seat1 2 Gloves" is seat 1's 2 token on Gloves."""
    verb, _, rest = text.partition(" ")
    words = rest.split(" ")
    if verb == "target" and len(words) == 3 and words[0].startswith("seat"):
        rest = f"Seat {words[0][4:]}'s {TOKEN_OF_TEXT.get(words[1], words[1])} token on {words[2]}"
    elif verb in ("place", "use", "take") and words and words[0] in TOKEN_OF_TEXT:
        rest = f"{TOKEN_OF_TEXT[words[0]]} token" + (f" on {' '.join(words[1:])}" if len(words) > 1 else "")
    elif verb in ("add", "salvage") and words and words[0] in TOKEN_OF_TEXT:
        rest = f"{TOKEN_OF_TEXT[words[0]]} token"
    explained = EXPLAIN.get(verb)
    if explained is None:
        return text
    return f"{text}: {explained}; here, {rest}" if rest else f"{text}: {explained}"
