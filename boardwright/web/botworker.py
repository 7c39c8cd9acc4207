"""A bot worker: a process of its own (``python -m boardwright.web.botworker``) that thinks the bot
moves of the server that started it, one at a time.

The server writes one request per line on the worker's stdin and reads one answer per line from
its stdout, both JSON. The worker first says ``{"ready": true}`` once the games are imported. A
request is a move to think:

``{"table", "game", "players", "seed", "options", "from", "changes", "seat", "spec", "agent_seed", "time"}``

where ``changes`` are the table's stored changes (``[seat, kind, text]``, kind ``"act"``,
``"timeout"`` (an action taken for a person whose time ran out) or ``"undo"``) from version
``from`` on. The worker keeps the state of the last :data:`KEEP` tables it served, so the server
sends only the changes it has not got. A request with ``"ask": "undo"`` asks instead whether
``seat`` may take back its last action (the engine's test of it replays and samples the game: too
costly for the server's event loop); one with ``"ask": "hint"`` asks for the search's advice to
``seat`` (:func:`boardwright.agents.hint`, thinking ``time`` seconds, seeded by ``agent_seed``);
one with ``"ask": "review"`` asks for the review of ``seat``'s play in the finished game
(:func:`boardwright.agents.review`, ``time`` seconds per decision, or ``iterations`` simulations
when the request has them, seeded by ``agent_seed``). While a review is thought, the worker
writes a line ``{"progress": [DONE, TOTAL]}`` after each decision it has appraised, before its
answer. The answer is one of

- ``{"action": TEXT, "cpu": SECONDS}``: the bot's move, and the CPU time the request cost;
- ``{"can_undo": BOOL, "cpu": SECONDS}``: the answer to an ``undo`` request;
- ``{"hint": {"moves", "why", "iterations"}, "cpu": SECONDS}``: the answer to a ``hint`` request;
- ``{"review": {"game", "seat", "decisions", "mistakes", "series", "iterations"}, "cpu": SECONDS}``:
  the answer to a ``review`` request;
- ``{"lacks": VERSION, "cpu": SECONDS}``: the worker's copy of the table is at ``VERSION`` (0: it
  has none), not at ``from``: the server asks again with the changes from there;
- ``{"error": ONE_LINE, "trace": TRACEBACK, "cpu": SECONDS}``: the bot failed.

An agent with a clock of its own (a search) decides within ``time`` seconds, checking the clock as
it goes; one without decides at its own pace, and the server kills a worker that overruns. The
worker exits when its stdin closes or when its parent is gone (it looks twice a second: after a
``kill -9`` of the server nobody closes the pipe of a worker that is busy thinking), and ignores
SIGINT and SIGTERM, which a terminal's Ctrl-C or a service manager sends to every process of the
server's group: the server, shutting down, ends its workers itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TextIO

import boardwright as bw
from boardwright import agents
from boardwright.engine.state import State

#: the tables whose latest state a worker keeps
KEEP = 64
#: how often (seconds) a worker looks whether its parent is still there
PARENT_WATCH = 0.5
#: how much lower than the server a worker runs: where the CPU is short, the event loop answering
#: people comes first, and a search bot (which keeps to its time) thinks less
NICENESS = 10
#: the kind of a stored change that is an action a bot took for a person whose turn timer ran out
TIMED_OUT = "timeout"


def apply_change(state: State, seat: int, kind: str, text: str) -> None:
    """Carry out one stored change of a table on ``state``: an action, an action a bot took for a
    person whose turn timer ran out, or an undo."""
    if kind == "act":
        state.apply(seat, text)
    elif kind == TIMED_OUT:
        state.apply_stand_in(seat, text)
    elif kind == "undo":
        state.undo(seat)
    else:
        raise ValueError(f"unknown change kind {kind!r}")


class Copies:
    """The tables this worker has seen, each as its state and the version that state is at."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self.tables: OrderedDict[str, tuple[State, int]] = OrderedDict()

    def bring(self, request: dict[str, Any]) -> State | int:
        """The table's state with the request's changes applied, or the version this worker's
        copy is at when the changes do not start there. Changes from version 0 rebuild the table."""
        table, start = request["table"], request["from"]
        kept = self.tables.pop(table, None)
        if start == 0:
            kept = (bw.load(request["game"]).new(request["players"], request["seed"], request["options"],
                                                 events=False), 0)
        elif kept is None:
            return 0
        state, version = kept
        if version != start:
            self.tables[table] = kept
            return version
        for seat, kind, text in request["changes"]:
            apply_change(state, seat, kind, text)  # a failure drops the copy: the next request rebuilds it
        self.tables[table] = (state, version + len(request["changes"]))
        while len(self.tables) > self.keep:
            self.tables.popitem(last=False)
        return state


def think(copies: Copies, request: dict[str, Any],
          progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The answer to one request (see the module's docstring); ``progress(done, total)`` hears a
    review's progress."""
    started = time.process_time()
    try:
        state = copies.bring(request)
        if isinstance(state, int):
            return {"lacks": state, "cpu": time.process_time() - started}
        if request.get("ask") == "undo":
            return {"can_undo": state.can_undo(request["seat"]), "cpu": time.process_time() - started}
        if request.get("ask") == "hint":
            advice = agents.hint(state, request["seat"], time=request["time"], seed=request["agent_seed"])
            return {"hint": advice, "cpu": time.process_time() - started}
        if request.get("ask") == "review":
            review = agents.review(state, request["seat"], time=request["time"], iterations=request.get("iterations"),
                                   seed=request["agent_seed"], progress=progress)
            return {"review": review, "cpu": time.process_time() - started}
        agent = agents.within(agents.make(request["spec"], seed=request["agent_seed"]), request["time"])
        action = agent.choose(state, request["seat"])
        return {"action": str(action), "cpu": time.process_time() - started}
    except Exception as error:
        return {"error": f"{type(error).__name__}: {' '.join(str(error).split())}"[:300],
                "trace": traceback.format_exc(), "cpu": time.process_time() - started}


def watch_parent(parent: int) -> None:
    """Exit at once when the parent process is gone (the worker is then a child of another)."""
    def watch() -> None:
        while True:
            time.sleep(PARENT_WATCH)
            if os.getppid() != parent:
                os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def answers_channel() -> TextIO:
    """The worker's stdout, kept for answers alone: whatever else writes to stdout (a stray
    print) goes to stderr, the server's log."""
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel


def main() -> None:
    with contextlib.suppress(OSError, AttributeError):  # a bot gives way to the server's event loop (Unix)
        os.nice(NICENESS)
    for stop in (signal.SIGINT, signal.SIGTERM):  # sent to the whole group: the server stops its workers
        signal.signal(stop, signal.SIG_IGN)
    watch_parent(os.getppid())
    answers = answers_channel()
    for game in bw.games():  # imported before the first move needs them
        bw.load(game)
    answers.write('{"ready": true}\n')
    answers.flush()
    copies = Copies()

    def progress(done: int, total: int) -> None:
        answers.write(json.dumps({"progress": [done, total]}) + "\n")
        answers.flush()

    for line in sys.stdin.buffer:
        try:
            request = json.loads(line)
        except ValueError as error:
            answer = {"error": f"the request is not JSON: {error}", "cpu": 0.0}
        else:
            answer = think(copies, request, progress)
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
