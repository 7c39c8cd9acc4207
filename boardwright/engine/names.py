"""People's display names, and how a seat is named to people.

A person at a table may give a display name; a name is checked here, in one place, for the game
server and the terminal alike. The engine's own texts name a seat by the number the API gives it
("Seat 0" is seat 0); a client shows people a seat as its person's name, or counted from 1
("Seat 1" for seat 0) when it has none: :func:`seat_label` and :func:`named` are that rule.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

#: the longest display name, in characters
MAX_NAME = 24
#: what a display name may hold: letters and digits of any script, spaces and . _ ' -
_NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?|[^\W_]")
#: names a person may not take: what the table shows for seats and bots (a seat's number, a bot's
#: badge or level), so that nobody passes for a bot or another seat: these words anywhere in a
#: name, and the whole name one of :data:`_RESERVED_WHOLE`
_RESERVED_NAME = re.compile(r"(?i)(?:^|\W)(?:seat ?\d+|bots?|robots?|spectators?)(?:\W|$)")
_RESERVED_WHOLE = frozenset({"you", "nobody", "ai", "cpu", "computer", "random", "heuristic", "ismcts", "search",
                             "easy", "medium", "hard", "expert"})
#: a seat as the engine's texts mention it: "Seat 2", "seat 2", "seat2" (the API's number), and
#: its possessive "Seat 2's"
SEAT_MENTION = re.compile(r"\b[Ss]eat ?(\d+)\b('s\b)?")
#: the end of a sentence (or of a text's lead-in) before a mention: a possessive there opens it
_OPENING = re.compile(r"[.!?:]\s*$")


def check_name(value: Any, field: str = "name") -> str:
    """A person's display name, checked: 1 to :data:`MAX_NAME` letters, digits, spaces and . _ ' -
    (runs of spaces made one, Unicode normalised), never what a table shows for a seat number or
    a bot (:data:`_RESERVED_NAME`); :class:`ValueError` saying what is wrong otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"the field '{field}' must be a name (text)")
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    if not name:
        raise ValueError(f"the field '{field}' is empty: a name has 1 to {MAX_NAME} characters")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    if not _NAME.fullmatch(name):
        raise ValueError("a name is made of letters, digits, spaces and . _ ' - (starting and ending "
                         "with a letter or digit)")
    if is_reserved(name):
        raise ValueError(f"the name {name!r} is what the table shows for a seat or a bot; choose another")
    return name


def is_reserved(name: str) -> bool:
    """Whether ``name`` (a display name or a username) is what a table shows for a seat or a bot."""
    return bool(_RESERVED_NAME.search(name)) or name.casefold() in _RESERVED_WHOLE


def seat_label(seat: int, names: Sequence[str | None] = ()) -> str:
    """How people are shown ``seat``: its person's name, else "Seat N" counted from 1."""
    name = names[seat] if 0 <= seat < len(names) else None
    return name or f"Seat {seat + 1}"


def named(text: str, players: int, names: Sequence[str | None] = (), viewer: int | None = None) -> str:
    """``text`` (an engine's text, naming seats by the API's numbers) as people read it: each
    mention of a seat of a table of ``players`` becomes its :func:`seat_label`, "(you)" after
    the ``viewer``'s, whose possessive is "your" ("Your" opening a sentence); other numbers are
    left alone. The browser's ``ui.named`` is the same rule."""
    def label(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= players:
            return match.group(0)
        if seat == viewer:
            if match.group(2):
                return "Your" if not match.start() or _OPENING.search(text, 0, match.start()) else "your"
            return f"{seat_label(seat, names)} (you)"
        return seat_label(seat, names) + (match.group(2) or "")
    return SEAT_MENTION.sub(label, text)
