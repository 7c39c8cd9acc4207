"""Hints at the server: the search's advice (:func:`boardwright.agents.hint`) to the person whose
turn it is, asked by ``GET /api/tables/{table}/hint``.

- **Who may ask**: the seat to act, played by its person, at a started table whose ``hints``
  setting allows them and that is no rated table (:meth:`.live.Live.hints_allowed`): a game that
  moves ratings is played without help.
- **Where it is thought**: on the bot workers, never on the event loop, as a bot move is
  (:class:`.bots.Bots`, ask ``hint``): the worker replays the table's log and the search reads
  only what the seat may see (it starts every simulation from a determinization for the seat).
  It thinks at most ``--hint-time`` seconds; its CPU is taken from the table's and the address's
  bot budgets, and a worker that overruns is killed and replaced (the ask is then a 503).
- **The same moment, the same hint**: seeded from the table's seed, its version and the seat, and
  kept per ``(table, version, seat)``: asking again answers the hint kept, and two asks at once
  share one search.
- **Paced**: a seat starts a new search at most once per ``--hint-every`` seconds (429).
- **What is sent**: the moves (``action``, ``win``, ``score``, ``visits``; only the seat's legal
  actions) and the ``why``, nothing else the worker computed.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from typing import Any

from boardwright.engine.rng import derive_seed

from .bots import HINT, HINT_SPEC, Move
from .live import Live
from .protocol import HUMAN, BadRequest

#: the fields of a hinted move a client is sent
MOVE_FIELDS = ("action", "win", "score", "visits")
#: hints kept for asking again, and seats whose last search start is remembered for the pacing
KEPT = 512
PACED = 10_000


class Hints:
    """The hints of a server's tables (see the module's docstring)."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.kept: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.thinking: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}
        #: per (table, seat): when it last started a search (time.monotonic)
        self.started: dict[tuple[str, int], float] = {}

    async def hint(self, live: Live, seat: int | None, version: int | None = None) -> dict[str, Any]:
        """The hint for ``seat`` at ``live`` now (``version``: the moment the client shows; 409 when
        the table has moved on from it): ``{"table", "version", "seat", "moves", "why", "time"}``."""
        check(live, seat, version)
        assert seat is not None
        key = (live.id, live.version, seat)
        kept = self.kept.get(key)
        if kept is not None:
            return kept
        pending = self.thinking.get(key)
        if pending is None:
            self._pace(live.id, seat)
            pending = self.thinking[key] = self.hub._spawn(self._think(live, seat, key[1]))
            pending.add_done_callback(lambda done: self._done(key, done))
        answer = await asyncio.shield(pending)
        if live.version != key[1]:
            raise BadRequest(409, "the table moved on while the hint was thought; ask again")
        return answer

    def _done(self, key: tuple[str, int, int], done: asyncio.Future[dict[str, Any]]) -> None:
        """A search ended: asks from now on find its hint kept (its refusal is its askers')."""
        self.thinking.pop(key, None)
        if not done.cancelled():
            done.exception()  # retrieved: every asker may have gone

    def _pace(self, table: str, seat: int) -> None:
        """Refuse (429) a new search within ``--hint-every`` seconds of the seat's last one."""
        every = self.hub.limits.hint_every
        if not every:
            return
        now = time.monotonic()
        last = self.started.get((table, seat))
        if last is not None and now - last < every:
            wait = max(1, math.ceil(every - (now - last)))
            raise BadRequest(429, f"a seat may ask for a hint once every {every:g} s; try again in {wait} s",
                             retry_after=wait)
        if len(self.started) >= PACED:
            self.started = {held: moment for held, moment in self.started.items() if now - moment < every}
        self.started[(table, seat)] = now

    async def _think(self, live: Live, seat: int, version: int) -> dict[str, Any]:
        state = live.state
        assert state.seed is not None
        seconds = self.hub.limits.hint_time
        answer = await self.hub.bots.move(Move(
            live.id, live.address or "", state, live.rows, version, seat, HINT_SPEC,
            derive_seed(state.seed, f"hint/{seat}/{version}"), seconds, lambda: live.version == version, ask=HINT))
        if answer is None:
            if live.version != version:
                raise BadRequest(409, "the table moved on before the hint was thought; ask again")
            raise BadRequest(503, "the hint could not be thought in its time; try again", retry_after=5)
        legal = {str(action) for action in state.legal_actions(seat)} if live.version == version else set()
        hint = {"table": live.id, "version": version, "seat": seat, "time": seconds,
                "moves": [{name: move[name] for name in MOVE_FIELDS} for move in answer["moves"]
                          if move["action"] in legal],
                "why": str(answer["why"])}
        self.kept[(live.id, version, seat)] = hint
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return hint


def check(live: Live, seat: int | None, version: int | None) -> None:
    """Refuse, in one line, an ask for a hint that may not have one now."""
    if seat is None:
        raise BadRequest(403, "hints are for the seat to act; a spectator gets none")
    if not live.hints:
        raise BadRequest(403, "hints are off at this table")
    if live.rated_candidate():
        raise BadRequest(403, "hints are off at rated tables")
    live.check_playing()
    if live.state.is_over:
        raise BadRequest(409, "the game is over")
    if version is not None and version != live.version:
        raise BadRequest(409, f"the table moved on: it is at version {live.version}, not {version}")
    if seat not in live.state.to_act:
        raise BadRequest(403, f"hints are for the seat to act, and seat {seat} is not to act now")
    if live.controller(seat) != HUMAN:
        raise BadRequest(403, f"a bot plays seat {seat} now")
