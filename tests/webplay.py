"""Helpers for tests that play over a real server: an HTTP client, tables, moves, waiting, the
stored log read straight from the database, and a WebSocket client that reconnects like the page's.

Only the public protocol is used to talk to the server; the database is read (and, in the
tamper tests, written) with SQLAlchemy directly, never through the server's own storage code.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import httpx

T = TypeVar("T")
#: ``since`` past any game's events: an answer without events, for polling (lighter on both ends)
NO_EVENTS = 999_999_999


def client(server: Any, timeout: float = 15.0) -> httpx.Client:
    """An HTTP client for ``server`` that ignores proxy settings (the server is on loopback)."""
    return httpx.Client(base_url=server.url, trust_env=False, timeout=timeout)


def create(http: httpx.Client, game: str, seats: list[str], **fields: Any) -> dict[str, Any]:
    """Create a table; the 201 answer (``table``, ``seats`` with tokens, ``creator_token``)."""
    answer = http.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **fields})
    assert answer.status_code == 201, answer.text
    return answer.json()


def tokens(created: dict[str, Any]) -> dict[int, str]:
    """The token of each human seat of a created table."""
    return {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}


def get(http: httpx.Client, table: str, token: str | None = None, since: int | None = None) -> dict[str, Any]:
    """``GET /api/tables/{table}`` as the seat of ``token`` (none: a spectator); must answer 200."""
    params: dict[str, Any] = {}
    if token is not None:
        params["token"] = token
    if since is not None:
        params["since"] = since
    answer = http.get(f"/api/tables/{table}", params=params)
    assert answer.status_code == 200, f"GET table {table}: {answer.status_code} {answer.text}"
    return answer.json()


def act(http: httpx.Client, table: str, token: str, action: str, version: int) -> httpx.Response:
    return http.post(f"/api/tables/{table}/actions", json={"token": token, "action": action, "version": version})


def stable(message: dict[str, Any]) -> dict[str, Any]:
    """A table object without what changes by itself: whether clients are connected, and the
    turn timer's deadline (a clock time) and the time left until it."""
    kept = {key: value for key, value in message.items() if key not in ("deadline", "time_left")}
    if "seats" in kept:
        kept["seats"] = [{key: value for key, value in seat.items() if key != "connected"} for seat in kept["seats"]]
    return kept


def views(http: httpx.Client, table: str, seat_tokens: dict[int, str], players: int) -> dict[int | None, Any]:
    """The stable object of every seat (bot seats through the spectator's eyes are not seats: a
    seat without a token is skipped) and of a spectator (key ``None``), each seat's once whether it
    may take back its last action is known (``can_undo`` is ``null`` while a bot worker tests it)."""
    found: dict[int | None, Any] = {None: stable(get(http, table))}
    for seat in range(players):
        if seat in seat_tokens:
            found[seat] = stable(answered(http, table, seat_tokens[seat]))
    return found


def answered(http: httpx.Client, table: str, token: str, since: int | None = None) -> dict[str, Any]:
    """The seat's object once whether it may take back its last action is known: ``can_undo`` is
    ``null`` while a bot worker tests it."""
    def known() -> dict[str, Any] | None:
        mine = get(http, table, token, since=since)
        return mine if mine["can_undo"] is not None else None
    return wait_until(known, 15, "the answer of the seat's undo test")


def wait_until(check: Callable[[], T], timeout: float, what: str, pause: float = 0.02) -> T:
    """Call ``check`` until it returns something true; fail naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(pause)


def quiet(http: httpx.Client, table: str, humans: set[int], timeout: float = 30.0) -> dict[str, Any]:
    """The spectator's object (without events) once only human seats must decide (or the game is
    over): nothing changes until a human moves."""
    def settled() -> dict[str, Any] | None:
        message = get(http, table, since=NO_EVENTS)
        return message if message["is_over"] or set(message["to_act"]) <= humans else None
    return wait_until(settled, timeout, f"table {table} to wait for a human", pause=0.01)


def play_humans(http: httpx.Client, table: str, seat_tokens: dict[int, str], moves: int,
                rng: random.Random, timeout: float = 30.0) -> list[tuple[int, int, str]]:
    """Make ``moves`` moves for the human seats (random legal actions), waiting for the bots
    between them; every move must be acknowledged. Returns ``(version, seat, action)`` of each."""
    made: list[tuple[int, int, str]] = []
    while len(made) < moves:
        message = quiet(http, table, set(seat_tokens), timeout)
        if message["is_over"]:
            break
        seat = min(message["to_act"])
        mine = get(http, table, seat_tokens[seat], since=NO_EVENTS)
        action = rng.choice(mine["legal_actions"])
        answer = act(http, table, seat_tokens[seat], action, mine["version"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == mine["version"] + 1
        made.append((mine["version"] + 1, seat, action))
    return made


# -- the database, read directly ------------------------------------------------------------------

def sqlalchemy_url(url: str) -> str:
    """The URL SQLAlchemy needs: psycopg 3 named for PostgreSQL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def execute(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """Run one statement on the database at ``url`` (committed); its rows, if it has any."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(sqlalchemy_url(url))
    try:
        with engine.begin() as connection:
            result = connection.execute(sqlalchemy.text(sql), params)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def stored_log(url: str, table: str) -> list[tuple[int, int, str, str]]:
    """The stored changes of ``table``: ``(version, seat, kind, text)`` in version order."""
    return execute(url, "SELECT version, seat, kind, text FROM actions WHERE table_id = :t ORDER BY version",
                   t=table)  # type: ignore[return-value]


# -- WebSockets -------------------------------------------------------------------------------------

class Follower:
    """A WebSocket client of one table that keeps every event it was pushed, reconnecting with
    ``since`` = the number of events it has, as the browser's client does."""

    def __init__(self, server: Any, table: str, token: str | None = None) -> None:
        self.server = server
        self.table = table
        self.token = token
        self.events: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.connections = 0
        self.socket: Any = None

    def url(self) -> str:
        query = f"since={len(self.events)}" + (f"&token={self.token}" if self.token else "")
        return f"{self.server.ws_url}/ws/tables/{self.table}?{query}"

    def connect(self) -> None:
        from websockets.sync.client import connect

        self.close()
        self.socket = connect(self.url(), open_timeout=5, max_size=None, **_connect_options())
        self.connections += 1

    def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next push (its events are appended to ``events``)."""
        message = json.loads(self.socket.recv(timeout=timeout))
        self.messages.append(message)
        self.events.extend(message["events"])
        return message

    def until(self, check: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        """Receive pushes until one satisfies ``check``; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no push on table {self.table} satisfied the check within {timeout} s")
            try:
                message = self.receive(timeout=left)
            except TimeoutError:
                continue
            if check(message):
                return message

    def drain(self, quiet_for: float = 0.3) -> Iterator[dict[str, Any]]:
        """Receive whatever comes until nothing has come for ``quiet_for`` seconds."""
        while True:
            try:
                yield self.receive(timeout=quiet_for)
            except TimeoutError:
                return

    def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):  # a socket to a killed server may fail to close politely
                self.socket.close()
            self.socket = None


def _connect_options() -> dict[str, Any]:
    """What this websockets version needs told: no proxy for loopback (14.2 and later read the
    environment's proxy settings), and a plain connection rather than a context manager (17)."""
    import inspect

    from websockets.sync.client import connect

    takes = inspect.signature(connect).parameters
    return {name: value for name, value in (("proxy", None), ("legacy", True)) if name in takes}
