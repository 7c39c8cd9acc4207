"""Replays of finished games: any step, as any seat saw it, without replaying the game from its start.

A :class:`Replay` keeps the state at every :data:`CHECKPOINT`-th step, each built once, on demand,
forward from the one before it; a step is then a copy of the checkpoint at or before it moved on by
fewer than :data:`CHECKPOINT` actions. The work runs in worker threads (the server's event loop never
replays a game): the checkpoints are built under the replay's lock and never changed afterwards,
only copied, and each answer is read from a copy of its own.

Every answer also carries the game's own landmarks (``marks``): the steps at which a round and a
player's turn begin, as the game counts them (:meth:`~boardwright.engine.game.Game.lab_progress`),
so a client jumps by rounds and turns without knowing any game's rules.
"""

from __future__ import annotations

import threading
from typing import Any

import boardwright as bw
from boardwright.engine.state import State

from .protocol import BadRequest, seat_parts, to_json

#: a checkpoint every this many steps: a step costs at most this many actions replayed
CHECKPOINT = 100


class Replay:
    """One finished game, replayable step by step (see the module's docstring)."""

    def __init__(self, table: str, record: dict[str, Any]) -> None:
        self.table = table
        self.record = record
        self.actions: list[list[Any]] = record["actions"]
        self.points: list[State] = []
        #: per viewer, every event it is told over the whole game, as JSON: a step's events are a
        #: start of these
        self.told: dict[int | None, list[str]] = {}
        #: the landmarks of the game as JSON (see :meth:`marks`), found once
        self.marks_json: str | None = None
        self.lock = threading.Lock()

    @property
    def steps(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> State:
        """A copy of the game after its first ``step`` actions, for the caller alone."""
        index = step // CHECKPOINT
        with self.lock:
            if not self.points:
                self.points.append(bw.replay(self.record, until=0))
            while len(self.points) <= index:
                state = self.points[-1].clone()
                start = (len(self.points) - 1) * CHECKPOINT
                for actor, text in self.actions[start:start + CHECKPOINT]:
                    state.apply(actor, text)
                self.points.append(state)
            state = self.points[index].clone()
        for actor, text in self.actions[index * CHECKPOINT:step]:
            state.apply(actor, text)
        return state

    def marks(self) -> str:
        """``{"rounds": [...], "turns": [...]}`` as JSON: the steps after which a new round (a new
        turn) is being played, each where the game's round (turn) key changes to a key that is not
        ``None``, as the balance lab counts them; the end of the game begins neither."""
        found = self.marks_json
        if found is None:
            game = bw.load(self.record["game"])
            state = game.new(self.record["players"], self.record["seed"], self.record["options"], events=False)
            rounds: list[int] = []
            turns: list[int] = []
            keys: tuple[Any, Any] = (None, None)
            for step in range(self.steps + 1):
                if step:
                    state.apply(*self.actions[step - 1])
                if state.is_over:
                    break
                now = game.lab_progress(state)
                for starts, key, was in ((rounds, now[0], keys[0]), (turns, now[1], keys[1])):
                    if key is not None and key != was:
                        starts.append(step)
                keys = now
            found = to_json({"rounds": rounds, "turns": turns})
            with self.lock:
                self.marks_json = found = self.marks_json or found
        return found

    def told_to(self, seat: int | None) -> list[str]:
        """Every event ``seat`` is told over the game, as JSON (written once per replay and seat)."""
        found = self.told.get(seat)
        if found is None:
            found = [to_json(event) for event in self.state_at(self.steps).events(seat)]
            with self.lock:
                found = self.told.setdefault(seat, found)
        return found

    def moment(self, step: int, seat: int | None, since: int, seats: list[dict[str, Any]]) -> str:
        """The game after ``step`` actions as ``seat`` saw it, as the JSON text of the table's
        message of that moment with the seat's events from ``since``, and ``step``, ``steps``, how
        many events the seat had been told by then (``event_count``), how many of them the last
        action told (``fresh``) and the game's landmarks (``marks``, see :meth:`marks`)."""
        if not 0 <= step <= self.steps:
            raise BadRequest(422, f"'step' is 0 to {self.steps}, not {step}")
        state = self.state_at(max(0, step - 1))
        before = state.event_count(seat)
        if step:
            actor, text = self.actions[step - 1]
            state.apply(actor, text)
        count = state.event_count(seat)
        head = {"game": state.game.id, "table": self.table, "version": step, "seat": seat,
                **seat_parts(state, seat, undo=False), "seats": seats, "timer": None, "step": step,
                "steps": self.steps, "event_count": count, "fresh": count - before if step else 0}
        return (f'{to_json(head)[:-1]},"marks":{self.marks()},'
                f'"events":[{",".join(self.told_to(seat)[since:count])}]}}')
