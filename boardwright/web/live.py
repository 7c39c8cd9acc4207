"""A table in a server's memory: its state, its seats, its sockets, and what it tells each of them.

A :class:`Live` table answers every request and push from one method, :meth:`Live.message`, which
writes the object of :func:`.protocol.seat_message` as JSON text: the game as a seat sees it is
written once per version and seat, and each event once per seat, whoever asks. The changes to a
table are the hub's (:mod:`.tables`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine import Game
from boardwright.engine.state import State

from .botworker import apply_change
from .protocol import HUMAN, BadRequest, own_parts, public_parts, to_json
from .storage import Place, Row


def token_hash(token: str) -> str:
    """What is stored of a seat's or a creator's token: its SHA-256 (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_ADDRESS = re.compile(r" (?:object )?at 0x[0-9a-f]+")


class Digest:
    """The digests of the states of one table, one after another: a digest of the whole state,
    hidden parts included, equal in any process for equal states. It is the SHA-256 of the
    ``repr`` of ``(fingerprint, streams, to_act, is_over, [(seat, action text), ...])`` without
    object addresses; the text of each logged action is written once, not at every snapshot (at
    2,000 actions that text was nine tenths of a digest's cost)."""

    def __init__(self) -> None:
        self.logged: list[tuple[int, Any]] = []  # the log entries written, as the state holds them
        self.written: list[str] = []  # and their text

    def __call__(self, state: State) -> str:
        log, logged, written = state.log, self.logged, self.written
        kept = min(len(logged), len(log))
        while kept and logged[kept - 1] is not log[kept - 1]:  # a change tried and not made, an undo
            kept -= 1
        del logged[kept:], written[kept:]
        for entry in log[kept:]:
            logged.append(entry)
            written.append(_ADDRESS.sub("", repr((entry[0], str(entry[1])))))
        head = (state.fingerprint(only_game=True), state.streams.fingerprint(), state.to_act, state.is_over)
        text = f"{_ADDRESS.sub('', repr(head))[:-1]}, [{', '.join(written)}])"
        return hashlib.sha256(text.encode()).hexdigest()


def changed_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a table that differ from the game's defaults."""
    defaults = {option.name: option.default for option in game.options}
    return {name: value for name, value in options.items() if name in defaults and value != defaults[name]}


def timed(work: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """``work(*args)`` and the CPU seconds it took (of the thread that ran it)."""
    started = time.thread_time()
    result = work(*args)
    return result, time.thread_time() - started


@dataclass(eq=False)
class Subscriber:
    """One WebSocket client of a table: its seat and how many of that seat's events it has."""
    send: Callable[[str], Any]
    seat: int | None
    sent: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    #: the client's address, charged for the long histories it is sent
    address: str | None = None
    #: held while a frame is sent to it (the table's pushes and its chat lines go one after another)
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass(eq=False)
class Live(Place):
    """A table in this server's memory (with its :class:`.storage.Place` among players)."""
    id: str
    state: State
    version: int
    rows: list[Row]
    seats: list[dict[str, Any]]
    creator: str
    timer: int | None
    #: the address of the client that created the table (per-address caps and quotas), if known
    address: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    changed_at: float = field(default_factory=time.monotonic)
    thinking: set[tuple[int, int]] = field(default_factory=set)
    broken: str | None = None
    #: per viewer (``None``: a spectator): the version (and undo answer) its game parts were
    #: written at, and their JSON (the view, legal actions, scores...: built once per version,
    #: whoever asks)
    parts: dict[int | None, tuple[tuple[int, bool | None], str]] = field(default_factory=dict)
    #: the version the public parts (whose turn, scores, breakdown, the end) were written at, and their JSON
    public: tuple[int, str] = (-1, "")
    #: per seat: the version its last undo test was asked at, and its answer (``None``: not yet)
    undoable: dict[int, tuple[int, bool | None]] = field(default_factory=dict)
    #: per viewer: every event it was told, each written as JSON once (events are never taken back),
    #: and the version they were last written out at
    told: dict[int | None, list[str]] = field(default_factory=dict)
    told_at: dict[int | None, int] = field(default_factory=dict)
    #: per seat: its open WebSockets (a seat is connected while it has one); ``None``: spectators'
    sockets: Counter[int | None] = field(default_factory=Counter)
    #: the seats whose undo test a worker is running
    testing: set[int] = field(default_factory=set)
    #: the actions taken back at this table so far (each undo row is a replay when it is read back)
    undos: int = 0
    #: the digests of its snapshots
    digest: Digest = field(default_factory=Digest)
    #: when a request last asked for the table (an idle finished table leaves memory)
    touched: float = field(default_factory=time.monotonic)
    #: why the table is no longer served (it expired), once it is not
    gone: str | None = None
    #: the persons' seats of its rematch taken back so far
    rematch_accepted: list[int] = field(default_factory=list)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), or ``None``."""
        presented = token_hash(token)
        found = None
        for row in self.seats:
            if row["token"] is not None and hmac.compare_digest(presented, row["token"]):
                found = row["seat"]
        return found

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``"human"`` or the spec of the bot that plays it."""
        row = self.seats[seat]
        return row["bot"] or row["kind"]

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where, as every message tells it: per seat its number, its person's display
        ``name`` (``None`` when unnamed), its ``kind``, the ``bot`` playing it now (its own kind, or
        the bot its person handed it to; ``None`` for a person), ``played_by`` (``"human"`` or that
        bot) and whether a page of the seat is ``connected`` (has an open WebSocket)."""
        entries = []
        for row in self.seats:
            playing = self.controller(row["seat"])
            entries.append({"seat": row["seat"], "name": row.get("name"), "kind": row["kind"],
                            "bot": None if playing == HUMAN else playing, "played_by": playing,
                            "connected": self.sockets[row["seat"]] > 0})
        return entries

    def free_seats(self) -> list[int]:
        """The seats that wait for a person (see :mod:`.lobby`): a person's seat without a token yet."""
        return [row["seat"] for row in self.seats if row["kind"] == HUMAN and row["token"] is None]

    def check_playing(self) -> None:
        """Refuse (409) a move at a table that has not started or was closed."""
        if self.closed:
            raise BadRequest(409, f"the table is closed: {self.closed}")
        if not self.started:
            free = len(self.free_seats())
            raise BadRequest(409, f"the table has not started: {free} seat{'s are' if free != 1 else ' is'} free")

    def rated_candidate(self) -> bool:
        """Whether the table would be rated if its game ended now (:func:`.ratings.subjects`: every
        person at it signed in, no seat handed to a bot)."""
        from .ratings import subjects  # the ratings read live tables: imported on use
        return not self.handed and subjects(self.seats) is not None

    def hints_allowed(self) -> bool:
        """Whether its players may ask for hints: its setting says so and it is no rated table."""
        return self.hints and not self.rated_candidate()

    def lobby_parts(self) -> dict[str, Any]:
        """What every seat and spectator is told of the table's place in the lobby: its visibility,
        the options that differ from the game's defaults, whether it has started, why it was
        closed, its free seats, its rematch (the new table and the seats that have accepted it),
        the table it is the rematch of, and whether its players may ask for hints (:meth:`hints_allowed`).
        No token, no account."""
        return {"visibility": self.visibility, "options": changed_options(self.state.game, self.state.options),
                "started": self.started, "closed": self.closed,
                "free": [] if self.started else self.free_seats(),
                "rematch": None if self.rematch is None else {"table": self.rematch,
                                                              "accepted": self.rematch_accepted},
                "rematch_of": self.rematch_of, "hints": self.hints_allowed()}

    def may_undo(self, seat: int | None) -> bool | None:
        """Whether ``seat`` may take back its last action now: no, at once, unless its human took
        the last action and decides again; then the answer of the engine's test of that action
        (:meth:`Hub.test_undo` has a bot worker run it), ``None`` until it is known."""
        state = self.state
        if (seat is None or not state.log or state.log[-1][0] != seat or state.to_act != (seat,)
                or state.is_over or self.controller(seat) != HUMAN):
            return False
        known = self.undoable.get(seat)
        return known[1] if known is not None and known[0] == self.version else None

    def message(self, seat: int | None, since: int = 0) -> str:
        """What ``seat`` may know now, as the JSON text the protocol sends: the object of
        :func:`.protocol.seat_message` with the seat's events from ``since`` and who sits where
        and the clock (the turn timer's ``deadline``, and the seconds ``time_left`` until it, which
        a client counts down from without trusting its own clock to agree with the server's). The
        game's parts are written once per version and seat, each event once per seat, so a push to
        many sockets costs little more than one."""
        state = self.state
        undo = self.may_undo(seat)
        known = self.parts.get(seat)
        if known is None or known[0] != (self.version, undo):
            known = ((self.version, undo), to_json(own_parts(state, seat, undo))[1:-1])
            self.parts[seat] = known
        if self.public[0] != self.version:
            self.public = (self.version, to_json(public_parts(state))[1:-1])
        told = self.told.setdefault(seat, [])
        told.extend(to_json(event) for event in state.events(seat, len(told)))
        self.told_at[seat] = self.version
        clock = ""
        if self.timer is not None and not state.is_over:
            left = max(0.0, self.timer - (time.monotonic() - self.changed_at))
            clock = f',"deadline":{to_json(time.time() + left)},"time_left":{to_json(round(left, 3))}'
        return (f'{{"game":{to_json(state.game.id)},"table":{to_json(self.id)},"version":{self.version},'
                f'"seat":{to_json(seat)},{known[1]},{self.public[1]},"events":[{",".join(told[since:])}],'
                f'"seats":{to_json(self.public_seats())},"timer":{to_json(self.timer)}{clock},'
                f'{to_json(self.lobby_parts())[1:-1]}}}')


def apply_row(state: State, row: Row) -> None:
    """Carry out one stored change on ``state`` (as a bot worker does on its copy)."""
    apply_change(state, row.seat, row.kind, row.text)
