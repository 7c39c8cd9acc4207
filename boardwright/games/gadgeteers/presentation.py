"""What Gadgeteers tells people: the events' texts, the reveal and the end of the game as events,
the score breakdown, the action menus and the catalog of content.

The rules (state.py, powers.py) tell each event where it happens; this module writes the larger
ones (the reveal, the end) and every sentence a player reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...engine.events import TEXT, listed
from .content import PARTS, Content
from .tokens import CORNER_CELLS, DOUBLE, FIVE, FOUR, HALF, KINDS, ONE, POWER, THREE, TWO, VALUE2
from .words import TOKEN_NAME, power_text

if TYPE_CHECKING:
    from .state import GadgeteersState

#: tokens in the order a Part lists them: highest value first
SHOWN_ORDER = (FIVE, FOUR, THREE, TWO, ONE, HALF, POWER, DOUBLE)
SHOWN_NAMES = tuple((kind, TOKEN_NAME[kind]) for kind in SHOWN_ORDER)


def _names(counts: tuple[int, ...] | list[int]) -> list[str]:
    """The token names of counts by kind, highest value first."""
    return [name for kind, name in SHOWN_NAMES for _ in range(counts[kind])]


def halves(value2: int) -> str:
    """A control total kept in halves, as people write it: "4", "2½", "½"."""
    whole, half = divmod(value2, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


#: every control total a Part can show, in halves (a player has at most 16 tokens of value 5)
HALVES = [halves(value2) for value2 in range(2 * 5 * 16 + 1)]


# ---------------------------------------------------------------------------- rule events
def parts_face_down(s: GadgeteersState) -> list[int]:
    """The Parts with face-down tokens, in board order (clockwise from the top-left corner)."""
    width = s.players * KINDS
    down = s.down
    return [part for part in s.part_at if any(down[part * width:part * width + width])]


def tell_reveal(s: GadgeteersState, parts: list[int]) -> None:
    """G2: the Gadgets Phase begins and every face-down token is turned face up. Told per Part
    that had face-down tokens (``parts``, once they are turned): each seat's tokens there (highest
    first), its total and who controls the Part."""
    n = s.players
    up, total, pieces = s.up, s.total, s.pieces
    cached = _TOKEN_LISTS
    tell = s.tell
    corners = n == 4
    for part in parts:
        first = part * n
        seats: list[int] = []
        tokens: list[str] = []
        totals: list[str] = []
        for owner, count in enumerate(pieces[first:first + n]):
            if count:
                base = (first + owner) * KINDS
                counts = tuple(up[base:base + KINDS])
                text = cached.get(counts)
                if text is None:
                    text = cached[counts] = " + ".join(_names(counts))
                seats.append(owner)
                tokens.append(text)
                totals.append(HALVES[total[first + owner]])
        row = total[first:first + n]
        top = max(row)
        if corners and s.cell_of[part] in CORNER_CELLS:
            control = list(s.controllers(part))
        else:  # Controlling Parts: the one highest total; a tie means no one
            control = [row.index(top)] if top and row.count(top) == 1 else []
        tell("revealed", {"part": PARTS[part], "seats": seats, "tokens": tokens, "totals": totals,
                          "controlled_by": control, "tie": top > 0 and not control})


#: "3★ + 1 + Power" by a seat's token counts on a Part (kind order), as met
_TOKEN_LISTS: dict[tuple[int, ...], str] = {}


def tell_game_end(s: GadgeteersState) -> None:
    """End of Game: every Bonus card is shown; a tie for the most points is broken by Parts."""
    gadgets, types = s.content.gadgets, s.content.types
    for seat in range(s.players):
        matching = [gadgets[g].name for g in s.built[seat] if gadgets[g].type == s.bonus[seat]]
        s.tell("bonus_revealed", {"seat": seat, "bonus": types[s.bonus[seat]], "matching": matching,
                                  "points": len(matching)})
    scores = [s.score_of(seat) for seat in range(s.players)]
    best = max(scores)
    tied = [seat for seat in range(s.players) if scores[seat] == best]
    if len(tied) > 1:
        parts = [s.parts_controlled(seat) for seat in tied]
        most = max(parts)
        s.tell("tie_broken", {"seats": tied, "points": best, "parts": parts,
                              "winners": [seat for seat, p in zip(tied, parts, strict=True) if p == most]})


def end_reason(s: GadgeteersState) -> str:
    if s.stalled:
        return (f"no Gadget was built in round {s.round} and the deck was empty, "
                "so the game ended (stalemate)")
    enders = [seat for seat in range(s.players) if len(s.built[seat]) >= 4]
    if not enders:
        return "a 4th Gadget was built and the round finished"
    return f"{TEXT.format_field(enders, 'seats')} built a 4th Gadget and the round finished"


# ---------------------------------------------------------------------------- event texts
def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _control(seats: list[int], tie: bool) -> str:
    if len(seats) == 1:
        return f"Seat {seats[0]} controls it"
    if seats:
        return f"{_seats(seats)} control it"
    return "a tie, so nobody controls it" if tie else "no token with a value, so nobody controls it"


def _revealed(d: Mapping[str, Any]) -> str:
    shown = ", ".join(f"Seat {seat} {tokens} = {total}"
                      for seat, tokens, total in zip(d["seats"], d["tokens"], d["totals"], strict=True))
    return f"{d['part']} revealed: {shown}; {_control(d['controlled_by'], d['tie'])}"


def _built(d: Mapping[str, Any]) -> str:
    text = (f"Seat {d['seat']} builds {d['gadget']} ({d['type']}, {_points(d['points'])}) "
            f"with {listed(d['parts'])}, its {ordinal(d['count'])} Gadget")
    removed = []
    if d["recalled"]:
        removed.append(f"{listed(d['recalled'])} back behind the screen")
    if d["junked"]:
        removed.append(f"{listed(d['junked'])} to the Junk Pile")
    if removed:
        text += ": " + " and ".join(removed)
    if d["refill"] is None:
        return text + "; the deck is empty, so the row is not refilled"
    return text + f"; {d['refill']} joins the Gadget row"


def _control_changed(d: Mapping[str, Any]) -> str:
    if not d["seats"]:
        return f"nobody controls {d['part']} now"
    who = _seats(d["seats"])
    return f"{who} now {'controls' if len(d['seats']) == 1 else 'control'} {d['part']}"


def _activated(d: Mapping[str, Any]) -> str:
    single = " (Single Use)" if d["single_use"] else ""
    if d["second"]:
        return f"Seat {d['seat']} also activates {d['gadget']}{single} with the same double Power token"
    return (f"Seat {d['seat']} recalls a {d['token']} token from {d['part']} "
            f"and activates {d['gadget']}{single}")


def _moved(d: Mapping[str, Any]) -> str:
    whose = "its" if d["owner"] == d["seat"] else f"Seat {d['owner']}'s"
    return f"Seat {d['seat']} moves {whose} {d['token']} token from {d['from']} to {d['to']}"


def _bonus_dealt(d: Mapping[str, Any]) -> str:
    if d["bonus"] is None:
        return f"Seat {d['seat']} is dealt a secret Bonus card"
    return f"Seat {d['seat']} is dealt the {d['bonus']} Bonus card (secret)"


def _bonus_revealed(d: Mapping[str, Any]) -> str:
    match = (f"{listed(d['matching'])} {'matches' if len(d['matching']) == 1 else 'match'}"
             if d["matching"] else "no Gadget matches")
    return (f"Seat {d['seat']} shows the {d['bonus']} Bonus card: {match}, "
            f"{_points(d['points'])}")


def _tie_broken(d: Mapping[str, Any]) -> str:
    counts = ", ".join(f"Seat {seat} {p} Part{'' if p == 1 else 's'}"
                       for seat, p in zip(d["seats"], d["parts"], strict=True))
    head = (f"{_seats(d['seats'])} tie on {_points(d['points'])}; "
            f"Parts controlled: {counts}")
    if len(d["winners"]) == 1:
        return f"{head}, so Seat {d['winners'][0]} wins the tie"
    return f"{head}, so {_seats(d['winners'])} share the win"


def _no_gadget_built(d: Mapping[str, Any]) -> str:
    if d["gadget"] is None:
        return f"no Gadget was built in round {d['round']}, and the deck is empty: none is added"
    return f"no Gadget was built in round {d['round']}, so {d['gadget']} is added to the row"


def _seats(seats: list[int]) -> str:
    return listed([f"Seat {seat}" for seat in seats])


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


#: each event's sentence, written by a function of its data (faster than a format template:
#: a long game tells thousands of events and a client reads them all)
EVENT_TEXTS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "bonus_dealt": _bonus_dealt,
    "alternate_token": lambda d: f"Seat {d['seat']} plays with the {d['swap']} Alternate Token",
    "round_began": lambda d: (f"round {d['round']} begins with the Parts Phase; Seat {d['first']} "
                              f"has the First Player Marker"),
    "out_of_tokens": lambda d: (f"Seat {d['seat']} has no tokens behind the screen and skips "
                                f"{d['turns']} turn{'' if d['turns'] == 1 else 's'} of this Parts Phase"),
    "gadgets_phase": lambda d: (f"the Gadgets Phase of round {d['round']} begins: every face-down "
                                f"token is turned face up"),
    "revealed": _revealed,
    "built": _built,
    "control_changed": _control_changed,
    "final_round": lambda d: (f"Seat {d['seat']} has built a 4th Gadget: the game ends when the "
                              f"Gadgets Phase of round {d['round']} finishes"),
    "power_activated": _activated,
    "token_added": lambda d: (f"Seat {d['seat']} adds a {d['token']} token from behind the screen "
                              f"to {d['part']}, face up"),
    "token_moved": _moved,
    "token_recalled": lambda d: (f"Seat {d['seat']} recalls its {d['token']} token from {d['part']} "
                                 f"to behind the screen"),
    "token_returned": lambda d: (f"Seat {d['seat']} returns the {d['token']} token of Seat {d['owner']} "
                                 f"from {d['part']} to behind their screen"),
    "token_exchanged": lambda d: (f"Seat {d['seat']} exchanges its {d['token']} token on {d['part']} "
                                  f"for a {d['for']} token from behind the screen"),
    "token_salvaged": lambda d: f"Seat {d['seat']} takes its {d['token']} token back from the Junk Pile",
    "parts_swapped": lambda d: f"Seat {d['seat']} swaps the places of {d['part']} and {d['with']}, with their tokens",
    "gadget_cycled": lambda d: f"Seat {d['seat']} puts {d['gadget']} under the deck; {d['drawn']} joins the Gadget row",
    "power_stopped": lambda d: f"{d['gadget']} does no more: {d['reason']}",
    "no_gadget_built": _no_gadget_built,
    "end_of_round": lambda d: (f"End of Round {d['round']}: each player in turn from Seat {d['first']} "
                               f"may recall all their tokens from any Parts"),
    "bonus_revealed": _bonus_revealed,
    "tie_broken": _tie_broken,
}


# ---------------------------------------------------------------------------- score breakdown
#: the tokens' line: a point per 3★, 4★ and 5★ token not in the Junk Pile is final scoring, so
#: during the game (when every player still has them all) it is what they would score if it ended now
KEPT_AT_END = "3★, 4★ and 5★ tokens not in the Junk Pile"
KEPT_SO_FAR = "3★, 4★ and 5★ tokens not in the Junk Pile, if the game ended now"


def score_breakdown(s: GadgeteersState) -> list[dict[str, Any]]:
    """Gadget points (each Gadget named), the 3★, 4★ and 5★ tokens not in the Junk Pile (before
    the end, said to be what they would score if the game ended now) and, at the end only, the
    Bonus card; the tie-break said where it decided first place."""
    gadgets, types = s.content.gadgets, s.content.types
    entries: list[dict[str, Any]] = []
    for seat in range(s.players):
        lines = [{"label": f"{gadgets[g].name} ({types[gadgets[g].type]} Gadget)", "points": gadgets[g].points,
                  "group": "Gadgets"} for g in s.built[seat]]
        if not lines:
            lines.append({"label": "No Gadget built", "points": 0, "group": "Gadgets"})
        kept = s.public_score(seat) - sum(gadgets[g].points for g in s.built[seat])
        lines.append({"label": KEPT_AT_END if s.is_over else KEPT_SO_FAR, "points": kept})
        if s.is_over:
            bonus = s.bonus_points(seat)
            lines.append({"label": f"{types[s.bonus[seat]]} Bonus card, 1 per matching Gadget",
                          "points": bonus, "group": "Bonus card"})
        else:
            lines.append({"label": "Bonus card: scored at the end, secret until then", "points": 0,
                          "group": "Bonus card"})
        entries.append({"total": sum(line["points"] for line in lines), "lines": lines})
    if s.is_over:
        totals = [entry["total"] for entry in entries]
        best = max(totals)
        tied = [seat for seat in range(s.players) if totals[seat] == best]
        if len(tied) > 1:
            parts = {seat: s.parts_controlled(seat) for seat in tied}
            most = max(parts.values())
            for seat in tied:
                others = ", ".join(f"Seat {o} {parts[o]}" for o in tied if o != seat)
                if parts[seat] < most:
                    verdict = "loses the tie"
                elif list(parts.values()).count(most) > 1:
                    verdict = "shares the win"
                else:
                    verdict = "wins the tie"
                entries[seat]["tiebreak"] = (
                    f"Tied on {best} points; Parts controlled at the end decide: "
                    f"{parts[seat]} against {others}, so this seat {verdict}.")
    return entries


# ---------------------------------------------------------------------------- action menus
def action_path(s: GadgeteersState, action: Action) -> tuple[str, ...]:
    """The menu steps of an action: a token then a Part, a Gadget, a power token then a Part,
    another player then their token then its Part."""
    kind, args = action.kind, action.args
    gadgets = s.content.gadgets
    if kind == "place":
        return (f"place a {TOKEN_NAME[args[0]]} token", f"on {PARTS[args[1]]}")
    if kind == "build":
        card = gadgets[args[0]]
        return ("build", f"{card.name}, {TEXT.format_field(card.points, 'points')}")
    if kind == "use":
        return ("activate a power", f"with your {TOKEN_NAME[args[0]]} token", f"from {PARTS[args[1]]}")
    if kind == "end":
        return ("end your turn",)
    if kind == "pass":
        return ("pass for the rest of the round",)
    if kind == "done":
        return ("no second power",) if s.pw.step else ("done recalling",)
    if kind == "activate":
        return (f"activate {gadgets[args[0]].name}",)
    if kind == "to":
        verb = "add them to" if s.pw.step == "add_to" else "move it to"
        return (f"{verb} {PARTS[args[0]]}",)
    if kind == "add":
        if s.pw.step == "add_instead":
            return (f"put a {TOKEN_NAME[args[0]]} token in its place",)
        return (f"add a {TOKEN_NAME[args[0]]} token",)
    if kind == "take":
        return (f"your {TOKEN_NAME[args[0]]} token", f"on {PARTS[args[1]]}")
    if kind == "target":
        return (f"Seat {args[0]}'s", f"{TOKEN_NAME[args[1]]} token", f"on {PARTS[args[2]]}")
    if kind == "salvage":
        return (f"take back your {TOKEN_NAME[args[0]]} token",)
    if kind == "swap":
        return (f"swap {PARTS[args[0]]}",)
    if kind == "with":
        return (f"with {PARTS[args[0]]}",)
    if kind == "cycle":
        return (f"put {gadgets[args[0]].name} under the deck",)
    if kind == "recall":
        return (f"recall all your tokens from {PARTS[args[0]]}",)
    return (str(action),)


# ---------------------------------------------------------------------------- catalog
TOKEN_TEXT = {
    POWER: "Counts nothing for control; recall it from a Part to activate a special power of a Gadget you built.",
    ONE: "Counts 1 for control; recalled behind your screen when you build with it.",
    TWO: "Counts 2 for control; recalled behind your screen when you build with it.",
    THREE: "Counts 3 for control; goes to the Junk Pile when you build with it; 1 point at the end if not there.",
    FOUR: "Counts 4 for control; goes to the Junk Pile when you build with it; 1 point at the end if not there.",
    FIVE: "Counts 5 for control; goes to the Junk Pile when you build with it; 1 point at the end if not there.",
    HALF: "Alternate Token: use it as a Power token, or as a ½ for control of a Part.",
    DOUBLE: "Alternate Token: recall it to activate the powers of two different Gadgets at once.",
}


def catalog(content: Content) -> dict[str, dict[str, Any]]:
    """Every Gadget, Bonus card, Part and token of this content, in plain words."""
    types = content.types
    found: dict[str, dict[str, Any]] = {}
    for card in content.gadgets:
        parts = [PARTS[p] for p in card.parts]
        found[card.name] = {
            "kind": "Gadget", "type": types[card.type], "points": card.points, "parts": parts,
            "power": power_text(card), "single_use": card.single_use,
            "text": (f"{types[card.type]} Gadget worth {TEXT.format_field(card.points, 'points')}; "
                     f"build it by controlling {listed(parts)}. Power: {power_text(card)}."),
        }
    for name in types:
        members = [card.name for card in content.gadgets if types[card.type] == name]
        found[f"{name} Bonus card"] = {
            "kind": "Bonus card", "type": name,
            "text": (f"Secret until the end; then 1 point for each of your {name} Gadgets "
                     f"({listed(members)})."),
        }
    for part in PARTS:
        needed = [card.name for card in content.gadgets if PARTS.index(part) in card.parts]
        found.setdefault(part, {
            "kind": "Part",
            "text": (f"A Part tile: the player with the highest token total on it controls it (a tie: "
                     f"nobody does). Needed by {listed(needed)}."),
            "needed_by": needed,
        })
    for kind in range(KINDS):
        found.setdefault(f"{TOKEN_NAME[kind]} token", {
            "kind": "Token", "value": VALUE2[kind] / 2 if VALUE2[kind] % 2 else VALUE2[kind] // 2,
            "text": TOKEN_TEXT[kind],
        })
    return found


__all__ = ["EVENT_TEXTS", "action_path", "catalog", "end_reason", "score_breakdown",
           "tell_game_end", "tell_reveal"]
