"""A server hears its own changes announced too (PostgreSQL's NOTIFY reaches every listener, the
one that wrote included). An announcement of a version the table has reached already asks the
database nothing; one of a version beyond it makes the table catch up."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from services import run_apart

from boardwright.web.bots import Bots
from boardwright.web.storage import Row, Storage
from boardwright.web.tables import Hub

#: the hub's tasks that run as long as it does
CLOCKS = {"Hub._tick", "Hub._sweep", "Hub._watch_closed", "Mailer.run"}
NEW_TABLE = {"game": "game-development", "players": 2, "seats": ["human", "human"], "options": {}, "timer": None}


class Announcing(Storage):
    """SQLite storage that announces each stored change the way PostgreSQL does, from another
    thread, as soon as it is committed (before the writer hears back), and counts catch-up reads."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.hub: Hub | None = None
        self.reads: list[int] = []

    def append(self, table_id: str, row: Row, digest: str | None, finished: bool) -> None:
        super().append(table_id, row, digest, finished)
        if self.hub is not None:
            self.hub._notified(f"{table_id} {row.version}")

    def rows_after(self, table_id: str, version: int) -> list[Row]:
        self.reads.append(version)
        return super().rows_after(table_id, version)


async def settle(hub: Hub) -> None:
    """Wait until the hub's background work (all but its clocks) is done."""
    for _ in range(2000):  # up to 10 s: a loaded machine (CI runs tests in parallel) is slow
        await asyncio.sleep(0.005)
        if all(task.get_coro().__qualname__ in CLOCKS for task in hub._tasks):  # type: ignore[union-attr]
            return
    raise AssertionError("the hub's background tasks did not finish")


def play(tmp_path: Path, body: Any) -> Any:
    async def main() -> Any:
        storage = Announcing(f"sqlite:///{tmp_path / 'notices.db'}")
        hub = Hub(storage, Bots(1))
        await hub.start()
        storage.hub = hub
        try:
            return await body(hub, storage)
        finally:
            await hub.stop()
    return run_apart(main)


def test_a_servers_own_change_announced_back_to_it_reads_nothing(tmp_path):
    async def body(hub: Hub, storage: Announcing) -> None:
        made = await hub.create(dict(NEW_TABLE))
        live = hub.live[made["table"]]
        for _ in range(5):
            seat = live.state.to_act[0]
            await hub.change(live, seat, "act", str(live.state.legal_actions(seat)[0]), live.version)
            await settle(hub)
        assert live.version == 5
        assert storage.reads == [], f"own announcements made the table read its log again after {storage.reads}"

    play(tmp_path, body)


def test_a_change_another_server_announces_is_followed(tmp_path):
    async def body(hub: Hub, storage: Announcing) -> None:
        made = await hub.create(dict(NEW_TABLE))
        live = hub.live[made["table"]]
        seat = live.state.to_act[0]
        action = str(live.state.legal_actions(seat)[0])
        storage.hub = None  # this change is "another server's": stored, not applied here
        storage.append(live.id, Row(1, seat, "act", action), None, False)
        storage.hub = hub
        hub._on_notice(f"{live.id} 1")
        await settle(hub)
        assert live.version == 1 and [str(a) for _, a in live.state.log] == [action]
        assert storage.reads == [0]

    play(tmp_path, body)
