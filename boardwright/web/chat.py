"""Chat at a table: two channels, who reads which, and how lines reach the readers.

- The **players** channel is written by the seats (by a seat's token, or by the account the seat
  belongs to); the **spectators** channel by everyone else, under a name they give (or their
  username when signed in).
- Who reads what is decided in one place, :func:`visible_to`: during the game a seat reads the
  players' channel only, so that nobody watching can tell a player anything; a spectator reads
  both; once the game is over (or the table closed) everyone reads both.
- A line is stored (with the table, in the ``chat`` table) before it is acknowledged and pushed.
  It reaches the table's sockets as a frame of its own, ``{"chat": [line, ...]}``, sent only to the
  sockets that may read its channel; the seat messages of the game are not touched, so they stay
  built once per version and viewer. A socket is sent the last lines it may read when it opens,
  and a seat's sockets the spectators' lines when the game ends. ``GET /api/tables/{t}/chat``
  answers the same lines.
- Bounds: a line is 1 to :data:`MAX_TEXT` characters (line breaks folded into spaces, no other
  control characters); each seat (and each spectator's address) writes at most ``--chat-burst``
  lines at once and ``--chat-rate`` a second after that; a table stores at most
  ``--max-chat-lines`` lines.
- With PostgreSQL, a stored line is announced (``"<table> chat"``) and every server that has the
  table reads the new lines and pushes them to its own sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import unicodedata
import weakref
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread

from .buckets import Buckets
from .limits import Limits
from .live import Live, Subscriber
from .protocol import BadRequest, to_json
from .tables import Hub

log = logging.getLogger("boardwright.web")

PLAYERS = "players"
SPECTATORS = "spectators"
#: the longest chat line, in characters (code points), once trimmed
MAX_TEXT = 300
#: the lines a reader is given at once (the newest it may read): on a GET, and when a socket opens
SHOWN = 100
#: what is folded into a space: every kind of line break, and tabs
_BREAKS = re.compile(r"\r\n|[\t\n\v\f\r\x1c-\x1e\x85\u2028\u2029]")
#: characters that reorder the text around them (bidirectional embeddings, overrides and isolates):
#: a line could show other words than it holds
_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_text(value: Any) -> str:
    """A chat line's text, checked: line breaks and tabs folded into spaces, trimmed, 1 to
    :data:`MAX_TEXT` characters, without control characters; :class:`BadRequest` (422) saying what is
    wrong otherwise."""
    if not isinstance(value, str):
        raise BadRequest(422, "the field 'text' must be the line's text")
    text = _BREAKS.sub(" ", value).strip()
    if not text:
        raise BadRequest(422, "a chat line is empty: write 1 to 300 characters")
    if len(text) > MAX_TEXT:
        raise BadRequest(422, f"a chat line is at most {MAX_TEXT} characters, not {len(text)}")
    for character in text:
        if unicodedata.category(character) in ("Cc", "Cs") or character in _REORDERING:
            raise BadRequest(422, f"a chat line may not hold control characters (U+{ord(character):04X})")
    return text


def is_over(live: Live) -> bool:
    """Whether the table's game is over: it ended, or the table was closed before its end."""
    return live.state.is_over or live.closed is not None


def visible_to(live: Live, seat: int | None) -> frozenset[str]:
    """The channels ``seat`` (``None``: a spectator) may read at ``live`` now: a seat reads the
    players' channel only while the game goes on; a spectator, and everyone after the game, both."""
    if seat is not None and not is_over(live):
        return frozenset({PLAYERS})
    return frozenset({PLAYERS, SPECTATORS})


def public_line(row: dict[str, Any]) -> dict[str, Any]:
    """A stored line as the protocol sends it: ``{id, channel, seat, name, text, time}`` (a seat's
    line without a name has ``name`` null: the page shows the seat as it shows it elsewhere)."""
    return {"id": row["id"], "channel": row["channel"], "seat": row["seat"], "name": row["name"] or None,
            "text": row["text"], "time": row["created"]}


@dataclass(eq=False)
class TableChat:
    """One table's chat as this server holds it: the newest lines of each channel and how many
    lines the table has stored in all."""
    channels: dict[str, deque[dict[str, Any]]] = field(
        default_factory=lambda: {PLAYERS: deque(maxlen=SHOWN), SPECTATORS: deque(maxlen=SHOWN)})
    count: int = 0
    #: whether the stored lines have been read
    loaded: bool = False
    #: held while lines are stored or read back, so that each is added (and pushed) once
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def add(self, lines: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Keep the lines not held yet; those, oldest first."""
        fresh = []
        for line in sorted(lines, key=lambda line: line["id"]):
            kept = self.channels[line["channel"]]
            if any(held["id"] == line["id"] for held in kept):
                continue
            kept.append(line)
            # a line committed late by another server may be older than those held: keep the order
            if len(kept) > 1 and kept[-2]["id"] > line["id"]:
                ordered = sorted(kept, key=lambda held: held["id"])
                kept.clear()
                kept.extend(ordered)
            fresh.append(line)
        return fresh

    def readable(self, channels: frozenset[str], after: int = 0) -> list[dict[str, Any]]:
        """The newest :data:`SHOWN` lines of ``channels`` with an id above ``after``, oldest first."""
        lines = [line for channel in channels for line in self.channels[channel] if line["id"] > after]
        return sorted(lines, key=lambda line: line["id"])[-SHOWN:]


class Chat:
    """The chat of every table this server serves (see the module's docstring)."""

    def __init__(self, hub: Hub, limits: Limits) -> None:
        self.hub = hub
        self.limits = limits
        self.storage = hub.storage
        self.buckets = Buckets(limits.chat_rate, limits.chat_burst)
        #: by live table: a table that leaves the server's memory takes its chat with it
        self.tables: weakref.WeakKeyDictionary[Live, TableChat] = weakref.WeakKeyDictionary()

    async def of(self, live: Live) -> TableChat:
        """The table's chat, read from storage the first time it is asked for."""
        held = self.tables.get(live)
        if held is None:
            held = self.tables.setdefault(live, TableChat())
        if not held.loaded:
            async with held.lock:
                if not held.loaded:
                    await self._read(live, held)
                    held.loaded = True
        return held

    async def _read(self, live: Live, held: TableChat) -> list[dict[str, Any]]:
        """Read the newest stored lines (lock held); those not held yet."""
        count, rows = await anyio.to_thread.run_sync(self.storage.chat_of, live.id, SHOWN)
        held.count = max(held.count, count)
        return held.add(public_line(row) for row in rows)

    # ------------------------------------------------------------------ writing
    async def say(self, live: Live, seat: int | None, name: str | None, text: str, address: str) -> dict[str, Any]:
        """Store and push a line of ``seat`` (``None``: a spectator named ``name``); the line.
        429 when the writer has written too much lately or the table holds all it may."""
        key = f"seat {live.id} {seat}" if seat is not None else f"address {address}"
        wait = self.buckets.wait(key, 1)
        if wait:
            raise BadRequest(429, f"too many chat lines: at most {self.limits.chat_burst} at once and one every "
                                  f"{1 / self.limits.chat_rate:g} s after that; wait {math.ceil(wait)} s",
                             retry_after=math.ceil(wait))
        self.buckets.take(key, 1)
        held = await self.of(live)
        most = self.limits.max_chat_lines
        channel = PLAYERS if seat is not None else SPECTATORS
        async with held.lock:
            row = await anyio.to_thread.run_sync(self.storage.add_chat, live.id, channel, seat, name or "", text, most)
            if row is None:
                raise BadRequest(429, f"this table's chat holds {most} lines, the most it may; nothing more "
                                      f"can be written at it")
            held.count += 1
            line = public_line(row)
            held.add([line])
        self.push(live, [line])
        return line

    # ------------------------------------------------------------------ reading and pushing
    async def lines_for(self, live: Live, seat: int | None, after: int = 0) -> list[dict[str, Any]]:
        """The newest lines ``seat`` may read (:func:`visible_to`) with an id above ``after``."""
        return (await self.of(live)).readable(visible_to(live, seat), after)

    def push(self, live: Live, lines: list[dict[str, Any]]) -> None:
        """Send ``lines`` to each of the table's sockets that may read them, as one frame."""
        frames: dict[frozenset[str], str | None] = {}
        for subscriber in list(live.subscribers):
            channels = visible_to(live, subscriber.seat)
            if channels not in frames:
                shown = [line for line in lines if line["channel"] in channels]
                frames[channels] = to_json({"chat": shown}) if shown else None
            frame = frames[channels]
            if frame is not None:
                self.hub._spawn(self._send(subscriber, frame))

    @staticmethod
    async def _send(subscriber: Subscriber, frame: str) -> None:
        with contextlib.suppress(Exception):  # a socket closing meanwhile: its client asks again when back
            async with subscriber.sending:
                await subscriber.send(frame)

    async def welcome(self, live: Live, subscriber: Subscriber) -> None:
        """(A socket opened) send it the newest lines it may read, if there are any."""
        try:
            lines = await self.lines_for(live, subscriber.seat)
        except Exception as failure:  # the database is away: the client asks again when it reconnects
            log.warning("table %s: the chat could not be read for a new socket: %s", live.id, failure)
            return
        if lines:
            await self._send(subscriber, to_json({"chat": lines}))

    async def ended(self, live: Live) -> None:
        """(The game ended) the seats may read the spectators' channel now: send its lines to them."""
        lines = list((await self.of(live)).channels[SPECTATORS])
        if lines:
            frame = to_json({"chat": lines})
            for subscriber in list(live.subscribers):
                if subscriber.seat is not None:
                    self.hub._spawn(self._send(subscriber, frame))

    async def heard(self, live: Live) -> None:
        """(Another server announced a line at this table) read the new lines and push them."""
        held = self.tables.get(live)
        if held is None:  # nobody here has asked for this table's chat: it is read when asked for
            return
        async with held.lock:
            fresh = await self._read(live, held)
        if fresh:
            self.push(live, fresh)
