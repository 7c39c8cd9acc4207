"""The lobby: who sits where before and after a game.

A table is **private** (its seats reached by their links only, as a table always was) or **open**
(listed by ``GET /api/tables``): an open table's human seats that nobody named at creation are
*free*, and anyone who gives a name (or is signed in) may take one. An open table does not start —
no move is taken, no bot thinks — until every seat is taken or its creator starts it, which seats
a bot in each free seat. Its creator (with the creator token, or signed in as the account that
created it) may also cancel it: the table is closed with a reason and stops being listed.

A finished table offers a **rematch**: a new private table of the same game, options, player count
and seats, made once whoever asks. Bots stay bots; each person's seat is kept for them (its claim
is the hash of their old seat's token, and it carries their account), and the new table starts
once every person has taken their kept seat back.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Mapping
from typing import Any

import anyio.to_thread

import boardwright as bw

from .accounts import Account
from .live import Live, changed_options, token_hash
from .protocol import HUMAN, BadRequest, check_name, check_spec, parse_create
from .tables import Hub

#: the visibilities a table may have
VISIBILITIES = ("private", "open")
#: the bot seated in a free seat when the creator starts an open table and names none
START_BOT = "heuristic"
#: how many waiting open tables ``GET /api/tables`` lists before the recent ones
LISTED_OPEN = 50
#: why a cancelled table is closed
CANCELLED = "the table's creator cancelled it"


def parse_table(data: Mapping[str, Any], shortest_timer: int) -> dict[str, Any]:
    """A ``POST /api/tables`` body checked: :func:`.protocol.parse_create`'s fields, where a seat
    may also be ``{"kind": "human", "name": "Ada"}``, with ``visibility`` (``"private"``, the
    default, or ``"open"``), and a top-level ``name``: the creator's own, at seat ``seat`` (0 unless
    given), and ``hints`` (whether its players may ask for hints: by default yes at a private table,
    no at an open one, where strangers meet; a rated table refuses them whatever it says). The
    request gains ``names`` (per seat: the name given, or ``None``), ``visibility``, ``hints`` and
    ``creator_seat`` (``None`` when the creator named no seat of theirs)."""
    request = parse_create(data, shortest_timer)  # a person's seat may come with its name
    names: list[str | None] = list(request["names"])
    visibility = data.get("visibility", "private")
    if visibility not in VISIBILITIES:
        raise BadRequest(422, "the field 'visibility' is \"private\" (links only) or \"open\" (listed in the lobby)")
    hints = data.get("hints", visibility == "private")
    if not isinstance(hints, bool):
        raise BadRequest(422, "the field 'hints' is true (players may ask for hints) or false")
    creator_seat = data.get("seat", 0)
    if isinstance(creator_seat, bool) or not isinstance(creator_seat, int) or not 0 <= creator_seat < len(names):
        raise BadRequest(422, f"the field 'seat' (the creator's own) is a seat from 0 to {len(names) - 1}")
    if "name" in data:
        if request["seats"][creator_seat] != HUMAN:
            raise BadRequest(422, f"seat {creator_seat} is a bot's; the creator's name goes on a person's seat")
        names[creator_seat] = check_name(data["name"])
    elif "seat" not in data:
        creator_seat = None
    return {**request, "names": names, "visibility": visibility, "hints": hints, "creator_seat": creator_seat}


def is_creator(live: Live, token: Any, account: Account | None) -> bool:
    """Whether a request comes from the table's creator: the creator token, or signed in as the
    account that created the table."""
    if account is not None and live.creator_account is not None and account.id == live.creator_account:
        return True
    return isinstance(token, str) and hmac.compare_digest(token_hash(token), live.creator)


def check_seat_number(live: Live, text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or int(text) >= len(live.seats):
        raise BadRequest(422, f"there is no seat {text[:8]!r} (seats are 0 to {len(live.seats) - 1})")
    return int(text)


class Lobby:
    """The lobby's changes to the tables of a :class:`.tables.Hub`: seats taken, tables started,
    cancelled and played again. Each is made under the table's lock, stored, and then pushed to the
    table's sockets and announced to the other servers (PostgreSQL)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def listing(self) -> list[dict[str, Any]]:
        """``GET /api/tables``: the open tables waiting for players (newest first: game, the options
        that differ from the defaults, each seat's kind, name and whether it is free), then the
        newest tables. No seed, no token, no account."""
        storage = self.hub.storage
        waiting, recent = await anyio.to_thread.run_sync(lambda: (storage.waiting(LISTED_OPEN), storage.recent()))
        listed = []
        for table in waiting:
            game = bw.load(table["game"])
            listed.append({"id": table["id"], "game": table["game"], "players": table["players"],
                           "created": table["created"], "finished": False, "open": True, "started": False,
                           "options": changed_options(game, table["options"]), "timer": table["timer"],
                           "seats": [{"seat": seat["seat"], "kind": seat["kind"], "name": seat["name"],
                                      "free": seat["free"]} for seat in table["seats"]]})
        shown = {table["id"] for table in listed}
        listed += [dict(table, open=False) for table in recent if table["id"] not in shown]
        return listed

    async def take(self, live: Live, seat: int, data: Mapping[str, Any], account: Account | None) -> dict[str, Any]:
        """A person takes ``seat``: a free seat of an open table (with ``name``, or as their
        account), or the seat a rematch kept for them (with ``token``, their old seat's token, or
        as the account it was kept for). Returns ``{seat, token, url}``; 409 when the seat was
        taken meanwhile (of two takers exactly one wins: the first stored)."""
        hub = self.hub
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise BadRequest(422, "the field 'token' is a seat's token")
        async with live.lock:
            if live.closed:
                raise BadRequest(409, f"the table is closed: {live.closed}")
            row = live.seats[seat]
            if row["kind"] != HUMAN or row["token"] is not None:
                taken = "a bot's" if row["kind"] != HUMAN else "taken"
                raise BadRequest(409, f"seat {seat} is {taken}; choose a free seat")
            if row["claim"] is not None:
                name = self._claimant(live, seat, token, account)
            else:
                name = self._newcomer(live, seat, data, token, account)
            new_token = secrets.token_urlsafe(24)
            account_id = account.id if account is not None else row["account_id"]
            stored = await anyio.to_thread.run_sync(hub.storage.take_seat, live.id, seat, token_hash(new_token),
                                                    name, account_id)
            if not stored:
                raise BadRequest(409, f"seat {seat} was taken meanwhile; choose another")
            live.seats[seat] = dict(row, token=token_hash(new_token), name=name, account_id=account_id, claim=None)
            if not live.free_seats():
                await self._start(live, {})
        self._changed(live)
        if live.rematch_of is not None:
            self._accepted(live)
        return {"seat": seat, "token": new_token, "url": f"{hub.base_url}/t/{live.id}#token={new_token}"}

    def _claimant(self, live: Live, seat: int, token: str | None, account: Account | None) -> str | None:
        row = live.seats[seat]
        mine = account is not None and row["account_id"] == account.id
        if not mine and not (token is not None and hmac.compare_digest(token_hash(token), row["claim"])):
            raise BadRequest(403, f"seat {seat} is kept for its player of the last game: send that seat's token")
        return row["name"]

    def _newcomer(self, live: Live, seat: int, data: Mapping[str, Any], token: str | None,
                  account: Account | None) -> str:
        if live.visibility != "open":
            raise BadRequest(403, "this table's seats are reached by their links only")
        if "name" in data:
            name = check_name(data["name"])
        elif account is not None:
            name = account.username
        else:
            raise BadRequest(422, "the field 'name' is missing (the name the table shows for you)")
        held = live.seat_of(token) if token is not None else None
        for other in live.seats:
            if other["token"] is None:
                continue
            if held == other["seat"] or (account is not None and other["account_id"] == account.id):
                raise BadRequest(409, f"you sit at seat {other['seat']} of this table already; a person takes one seat")
            if other["name"] is not None and other["name"].casefold() == name.casefold():
                raise BadRequest(409, f"the name {name!r} is taken at this table; choose another")
        return name

    async def start(self, live: Live, token: Any, account: Account | None, bot: Any) -> None:
        """The creator starts an open table: a ``bot`` (:data:`START_BOT` unless named) sits in
        each free seat."""
        if not is_creator(live, token, account):
            raise BadRequest(403, "only the table's creator (with the creator token) may start it")
        spec = check_spec(START_BOT if bot is None else bot if isinstance(bot, str) else "", live.state.game)
        if spec == HUMAN:
            raise BadRequest(422, "the field 'bot' names the bot that takes the free seats, not \"human\"")
        free = live.free_seats()
        async with self.hub.search_seats(live.address, [spec] * len(free)), live.lock:
            if live.closed:
                raise BadRequest(409, f"the table is closed: {live.closed}")
            if live.started:
                raise BadRequest(409, "the table has started already")
            await self._start(live, {seat: spec for seat in live.free_seats()})
        self._changed(live)

    async def _start(self, live: Live, bots: dict[int, str]) -> None:
        """Seat ``bots`` (seat -> spec) and start the table (its lock held)."""
        await anyio.to_thread.run_sync(self.hub.storage.start_table, live.id, bots)
        for seat, spec in bots.items():
            live.seats[seat] = dict(live.seats[seat], kind=spec)
        live.started = True
        live.changed_at = time.monotonic()  # the turn timer runs from the start

    async def cancel(self, live: Live, token: Any, account: Account | None) -> None:
        """The creator closes the table before its game ends; its pages say why."""
        if not is_creator(live, token, account):
            raise BadRequest(403, "only the table's creator (with the creator token) may cancel it")
        async with live.lock:
            if live.state.is_over:
                raise BadRequest(409, "the game is over; there is nothing to cancel")
            if live.closed:
                return
            await anyio.to_thread.run_sync(self.hub.storage.close_table, live.id, CANCELLED)
            live.closed = CANCELLED
        self._changed(live)

    async def rematch(self, live: Live, token: Any, account: Account | None, address: str | None) -> dict[str, Any]:
        """A player of a finished table asks for its rematch: made once (later calls answer the
        same table). Returns ``{table, url, seat}``: the new table, and the seat kept for the
        asker, which they take back with their old token."""
        seat = live.seat_of(token) if isinstance(token, str) else None
        if seat is None and account is not None:
            seat = next((row["seat"] for row in live.seats if row["account_id"] == account.id), None)
        if seat is None:
            raise BadRequest(403, "only a player of this table (with their seat's token) may ask for a rematch")
        if not live.state.is_over:
            raise BadRequest(409, "a rematch is offered once the game is over")
        hub = self.hub
        async with live.lock:
            if live.rematch is None:
                made = await hub.create({
                    "game": live.state.game.id, "players": live.state.players, "timer": live.timer,
                    "options": changed_options(live.state.game, live.state.options),
                    "seats": [row["kind"] for row in live.seats], "names": [row["name"] for row in live.seats],
                    "claims": [row["token"] if row["kind"] == HUMAN else None for row in live.seats],
                    "accounts": [row["account_id"] for row in live.seats], "visibility": "private",
                    "hints": live.hints,
                    "creator": live.creator, "creator_account": live.creator_account, "rematch_of": live.id,
                }, address)
                live.rematch = await anyio.to_thread.run_sync(hub.storage.set_rematch, live.id, made["table"])
                live.rematch_accepted = []
        self._changed(live)
        return {"table": live.rematch, "url": f"{hub.base_url}/t/{live.rematch}", "seat": seat}

    def _accepted(self, rematch: Live) -> None:
        """A seat of a rematch was taken back: the finished table's pages show who has accepted."""
        old = self.hub.live.get(rematch.rematch_of or "")
        if old is None:
            return
        old.rematch_accepted = [row["seat"] for row in rematch.seats if row["kind"] == HUMAN and row["token"]]
        self.hub._publish(old)

    def _changed(self, live: Live) -> None:
        self.hub._publish(live)
