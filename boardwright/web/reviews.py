"""Reviews at the server: the search's review of one seat's play in a finished game
(:func:`boardwright.agents.review`), asked by ``GET /api/tables/{table}/review``.

- **Who may ask**: once the game is over, a seat's person for its own seat (its token, or the
  signed-in person's seat); anyone for any seat named with ``seat=N``: the record, with every
  hidden card, is public once the game is over (``/record``), and a review is computed from it,
  so it tells nothing that is not public. A spectator who names no seat is refused (403): a
  review is of a seat. Before the end: 409.
- **Where it is thought**: on the bot workers, never on the event loop (:class:`.bots.Bots`, ask
  ``review``): the worker replays the table's log and appraises each of the seat's decisions
  with the search from that seat's information then, ``--review-time`` seconds each (or
  ``--review-iterations`` simulations), seeded from the table's seed and the seat. The whole
  review must end within twice ``--review-time`` a decision and the grace (:data:`.bots.REVIEW_SLACK`),
  or its worker is killed and replaced, and the ask is a 503. Its CPU is taken from the table's bot budget and
  the budget of the address that asked for it.
- **At most ``--reviews`` at once** in the whole server; up to :data:`WAITING_PER_SLOT` times as
  many wait their turn; more are refused (503, with a ``Retry-After``).
- **Progress**: until it is done, an ask answers 202 ``{"status": "thinking" or "waiting", "table",
  "seat", "done", "total", "elapsed"}``; asking again never starts a second review of the same
  seat. Done: 200 with the review (:data:`REVIEW_FIELDS`).
- **Kept**: a finished review is stored with its table (the ``reviews`` table), so it is thought
  once and survives a restart; deleting the table deletes it. A review that failed is told, once,
  to the next ask (then asking again starts it anew).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread

from boardwright.engine.rng import derive_seed

from .bots import HINT_SPEC, REVIEW, Move
from .live import Live
from .protocol import BadRequest, to_json

log = logging.getLogger("boardwright.web")

#: what a review holds, each of its decisions, and each of its mistakes: nothing else the worker computed
REVIEW_FIELDS = ("status", "table", "seat", "game", "time", "iterations", "decisions", "mistakes", "series")
DECISION_FIELDS = ("number", "chosen", "win", "best", "best_win", "drop")
MISTAKE_FIELDS = (*DECISION_FIELDS, "why")
#: the most bytes a review's JSON may have (a game's decisions, each with two action texts; a
#: longer one, which no game of these rules makes, is refused rather than stored)
REVIEW_BYTES = 512 * 1024
#: reviews that may wait for their turn, per review thought at once
WAITING_PER_SLOT = 8
#: the seconds a refused review asks its client to wait before asking again
RETRY_AFTER = 30
#: failed reviews remembered until they are told
FAILURES_KEPT = 256


@dataclass(eq=False)
class Thinking:
    """A review under way (or waiting for its turn)."""
    asked: float = field(default_factory=time.monotonic)
    waiting: bool = True
    done: int = 0
    total: int | None = None

    def heard(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def progress(self, table: str, seat: int) -> dict[str, Any]:
        return {"status": "waiting" if self.waiting else "thinking", "table": table, "seat": seat,
                "done": self.done, "total": self.total, "elapsed": round(time.monotonic() - self.asked, 1)}


class Reviews:
    """The reviews of a server's finished tables (see the module's docstring)."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.slots = asyncio.Semaphore(hub.limits.reviews)
        self.thinking: dict[tuple[str, int], Thinking] = {}
        self.failed: OrderedDict[tuple[str, int], BadRequest] = OrderedDict()

    async def review(self, live: Live, seat: int, address: str) -> tuple[int, Any]:
        """``(200, the review's JSON text)`` once it is thought, else ``(202, its progress)``,
        starting it when nothing is thinking it (see the module's docstring)."""
        if not live.state.is_over:
            raise BadRequest(409, "a game is reviewed once it is over")
        key = (live.id, seat)
        thinking = self.thinking.get(key)
        if thinking is None:
            failure = self.failed.pop(key, None)
            if failure is not None:
                raise failure
            kept = await anyio.to_thread.run_sync(self.hub.storage.review_of, live.id, seat)
            if kept is not None:
                return 200, kept
            thinking = self.thinking.get(key)  # another ask may have started it meanwhile
        if thinking is None:
            waiting = sum(entry.waiting for entry in self.thinking.values())
            if waiting >= WAITING_PER_SLOT * self.hub.limits.reviews:
                raise BadRequest(503, f"the server is busy with other reviews ({waiting} wait); try again "
                                      f"in {RETRY_AFTER} s", retry_after=RETRY_AFTER)
            thinking = self.thinking[key] = Thinking()
            self.hub._spawn(self._think(live, seat, address, thinking))
        return 202, thinking.progress(live.id, seat)

    async def _think(self, live: Live, seat: int, address: str, thinking: Thinking) -> None:
        key = (live.id, seat)
        limits = self.hub.limits
        try:
            async with self.slots:
                thinking.waiting = False
                state = live.state
                assert state.seed is not None
                log.info("table %s: a review of seat %d started", live.id, seat)
                started = time.monotonic()
                answer = await self.hub.bots.move(Move(
                    live.id, address, state, live.rows, live.version, seat, HINT_SPEC,
                    derive_seed(state.seed, f"review/{seat}"), limits.review_time, ask=REVIEW,
                    iterations=limits.review_iterations or None, progress=thinking.heard))
            if answer is None:
                raise BadRequest(503, "the review could not be thought in its time; try again later",
                                 retry_after=RETRY_AFTER)
            text = to_json(shaped(live.id, answer, limits.review_time, limits.review_iterations or None))
            if len(text) > REVIEW_BYTES:
                raise BadRequest(503, f"the review is longer than the server keeps ({REVIEW_BYTES:,} bytes)")
            await anyio.to_thread.run_sync(self.hub.storage.keep_review, live.id, seat, text)
            log.info("table %s: the review of seat %d took %.1f s for %d decisions", live.id, seat,
                     time.monotonic() - started, len(answer["decisions"]))
        except BadRequest as refused:
            self._failed(key, refused)
        except Exception:  # a bug: told to the asker in one line, logged with its traceback
            log.exception("table %s: the review of seat %d failed", live.id, seat)
            self._failed(key, BadRequest(500, "the review failed; the server's log says why"))
        finally:
            self.thinking.pop(key, None)

    def _failed(self, key: tuple[str, int], refused: BadRequest) -> None:
        self.failed[key] = refused
        while len(self.failed) > FAILURES_KEPT:
            self.failed.popitem(last=False)


def shaped(table: str, review: dict[str, Any], seconds: float, iterations: int | None) -> dict[str, Any]:
    """What is sent of a review the worker thought: :data:`REVIEW_FIELDS`, each decision's
    :data:`DECISION_FIELDS` and each mistake's :data:`MISTAKE_FIELDS`, nothing else."""
    return {"status": "done", "table": table, "seat": review["seat"], "game": review["game"], "time": seconds,
            "iterations": iterations,
            "decisions": [{name: decision[name] for name in DECISION_FIELDS} for decision in review["decisions"]],
            "mistakes": [{name: mistake[name] for name in MISTAKE_FIELDS} for mistake in review["mistakes"]],
            "series": list(review["series"])}
