"""Events: what the rules tell the players as they happen, each with its audience.

A game tells an event at the moment its rules make it happen (a card drawn, a bid revealed, a
door turned) with :meth:`State.tell`. An event is stored as the plain tuple
``(kind, audience, data, others, step)``:

- ``kind``: a stable name (``"drawn"``, ``"bid_revealed"``, ...);
- ``audience``: ``None`` when every seat sees ``data``, else the seats that do;
- ``data``: JSON-ready facts (seat numbers, card names, amounts);
- ``others``: what the seats outside the audience (and spectators) see instead, or ``None`` when
  they are not told at all;
- ``step``: how many actions the game's log held when it was told: 0 for setup, ``k`` for what the
  ``k``-th action made happen (so a client knows which events an ``undone`` took back: those told
  before it with a step above the ``undone`` event's own, the length of the log it went back to).

This is the one place that decides who sees what of an event: :func:`seen_by` gives a seat's
version, and every reader (``State.events``, determinization, the server) goes through it.

The one-line English text of an event is written from its data by the game's templates
(:attr:`Game.event_texts`), with :data:`TEXT` to fill them: ``{seat:seat}`` gives "Seat 2",
``{cards:list}`` "Battery, Gear and Spring", ``{card:card}`` a name or "a card" when it is hidden.
A field is a key of the data (no attribute or index paths); a key the data lack reads as ``None``.
A seat is named "Seat N" wherever it stands in a sentence, as the table page names it.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

Event = tuple[str, "tuple[int, ...] | None", "dict[str, Any]", "dict[str, Any] | None", int]

#: keys every event dict has; a game's data never uses them
RESERVED_EVENT_KEYS = frozenset({"seq", "kind", "text", "private", "step"})


def seen_by(event: Event, seat: int | None) -> tuple[dict[str, Any], bool] | None:
    """What ``seat`` (``None``: a spectator) sees of ``event``: ``(data, private)``, or ``None``
    when it is not told at all. ``private`` is true when only some seats see this version."""
    audience = event[1]
    if audience is None:
        return event[2], False
    if seat is not None and seat in audience:
        return event[2], True
    others = event[3]
    return None if others is None else (others, False)


def redacted_for(events: list[Event] | tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` knows them, still tagged with their audience so that, in a sample
    drawn for ``seat``, every seat's ``events`` can be read: an event ``seat`` saw in full keeps
    its public version for the others; one it saw only in public form becomes public; one it was
    not told is dropped. Nothing in the result is more than ``seat`` was told."""
    out: list[Event] = []
    for event in events:
        audience = event[1]
        if audience is None:
            out.append(event)
        elif seat in audience:
            out.append((event[0], (seat,), event[2], event[3], event[4]))
        elif event[3] is not None:
            out.append((event[0], None, event[3], None, event[4]))
    return tuple(out)


def listed(items: Any) -> str:
    """``["a", "b", "c"]`` as "a, b and c" (empty: "nothing")."""
    words = [str(item) for item in items]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


class _Texts(string.Formatter):
    """``str.format`` with the format specs events use: ``seat``, ``seats``, ``list``, ``card``,
    ``points`` ("1 point", "3 points") and ``plural`` ("1 card", "2 cards" from ``{n:plural card}``)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seat":
            return "nobody" if value is None else f"Seat {value}"
        if format_spec == "seats":
            return listed(f"Seat {seat}" for seat in value)
        if format_spec == "list":
            return listed(value)
        if format_spec == "card":
            return "a card" if value is None else str(value)
        if format_spec == "points":
            return f"{value} point" if value in (1, -1) else f"{value} points"
        if format_spec.startswith("plural "):
            noun = format_spec[7:]
            return f"{value} {noun}" if value == 1 else f"{value} {noun}s"
        return super().format_field(value, format_spec)


TEXT = _Texts()

def acted_text(data: Mapping[str, Any]) -> str:
    """"Seat 2: place 3 Battery", or "Seat 2 commits a sealed choice" for the other seats."""
    if "action" not in data:
        return f"Seat {data['seat']} commits a sealed choice"
    return f"Seat {data['seat']}: {data['action']}"


def ended_text(data: Mapping[str, Any]) -> str:
    """"The game ends (reason). Seat 1 wins with 12 points." and its shared and solo forms."""
    reason = f" ({data['reason']})" if data.get("reason") else ""
    winners = data.get("winners") or []
    scores = data.get("scores") or []
    if len(winners) == 1:
        who = f"Seat {winners[0]} wins with {TEXT.format_field(scores[winners[0]], 'points')}"
    elif winners:
        who = f"{TEXT.format_field(winners, 'seats')} share the win"
    else:
        who = "nobody wins"
    return f"The game ends{reason}: {who}."


def undone_text(data: Mapping[str, Any]) -> str:
    """"Seat 1 takes back an action" (or "takes back 2 actions")."""
    count = data.get("count", 1)
    what = "an action" if count == 1 else f"{count} actions"
    return f"Seat {data['seat']} takes back {what}"


def timed_out_text(data: Mapping[str, Any]) -> str:
    """"Time ran out: the bot played pass for Seat 1" (a sealed choice: "made a sealed choice")."""
    what = f"played {data['action']}" if "action" in data else "made a sealed choice"
    return f"time ran out: the bot {what} for Seat {data['seat']}"


#: the texts of the events the engine itself tells, for every game
ENGINE_TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "acted": acted_text,
    "game_ended": ended_text,
    "undone": undone_text,
    "timed_out": timed_out_text,
}


def write(template: str | Callable[[Mapping[str, Any]], str] | None, kind: str,
          data: Mapping[str, Any]) -> str:
    """One event's text from its template (a format string or a function of the data)."""
    if template is None:
        text = kind.replace("_", " ")
    elif callable(template):
        text = template(data)
    else:
        parts = _PARSED.get(template)
        if parts is None:
            parts = _PARSED[template] = list(TEXT.parse(template))
        pieces = []
        for literal, field, spec, _ in parts:
            pieces.append(literal)
            if field is not None:
                pieces.append(TEXT.format_field(data.get(field), spec or ""))
        text = "".join(pieces)
    return text[:1].upper() + text[1:]


#: templates already parsed into (literal, field, spec, conversion) parts
_PARSED: dict[str, list[tuple[str, str | None, str | None, str | None]]] = {}
