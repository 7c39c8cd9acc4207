"""Which server plays a table's bots, when several servers share one PostgreSQL database.

Every server follows every table it has in memory, and any of them could think its bots' moves;
the version key lets only one such move be stored, but the others would have spent the CPU for
nothing, and bot CPU would grow with the number of servers. So a server thinks a table's bot
moves (its bots', and the turn timer's) only while it holds the table's **lease**: a row of
``bot_leases`` naming the holder and when the lease runs out, by the database's clock. The holder
renews its leases every third of :data:`LEASE_SECONDS` while their tables go on, and gives them up
when it stops; a server that dies holds them until they run out, and then the next server whose
clock tick finds the table idle takes them over. With SQLite one server serves a database file,
and it holds every lease without asking.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable

import anyio.to_thread

from .storage import Storage

log = logging.getLogger("boardwright.web")

#: how long a lease runs without being renewed (seconds): how long a dead server's tables wait
LEASE_SECONDS = 10.0
#: the part of a lease this server does not count on (renewals take time; clocks drift)
MARGIN = 1.0


class Leases:
    """This server's bot leases (see the module's docstring)."""

    def __init__(self, storage: Storage, seconds: float = LEASE_SECONDS) -> None:
        self.storage = storage
        self.seconds = seconds
        self.shared = storage.is_postgres
        self.holder = f"{socket.gethostname()[:30]}/{os.getpid()}/{secrets.token_hex(6)}"
        #: tables whose lease this server holds, and when it stops counting on it (monotonic)
        self.held: dict[str, float] = {}
        #: tables another server holds, and when to ask again (monotonic)
        self.elsewhere: dict[str, float] = {}

    async def hold(self, table_id: str) -> bool:
        """Whether this server may play the table's bots now (taking its lease if it is free)."""
        if not self.shared:
            return True
        now = time.monotonic()
        if self.held.get(table_id, 0.0) > now:
            return True
        if self.elsewhere.get(table_id, 0.0) > now:
            return False
        left = await anyio.to_thread.run_sync(self.storage.take_lease, table_id, self.holder, self.seconds)
        now = time.monotonic()
        if left is None:
            self.held[table_id] = now + self.seconds - MARGIN
            self.elsewhere.pop(table_id, None)
            return True
        self.held.pop(table_id, None)
        self.elsewhere[table_id] = now + left
        return False

    async def keep(self, wanted: Callable[[str], bool]) -> None:
        """Forever: renew the leases of the tables still ``wanted`` and give up the others."""
        if not self.shared:
            return
        while True:
            await asyncio.sleep(self.seconds / 3)
            now = time.monotonic()
            for table_id in [table_id for table_id, until in self.elsewhere.items() if until <= now]:
                del self.elsewhere[table_id]
            kept = [table_id for table_id in self.held if wanted(table_id)]
            dropped = [table_id for table_id in self.held if table_id not in kept]
            try:
                renewed = await anyio.to_thread.run_sync(self.storage.renew_leases, self.holder, kept, self.seconds)
                if dropped:
                    await anyio.to_thread.run_sync(self.storage.release_leases, self.holder, dropped)
            except Exception as error:  # the database is away: the leases run out here as they do there
                log.warning("the bot leases could not be renewed: %s", " ".join(str(error).split())[:200])
                continue
            until = time.monotonic() + self.seconds - MARGIN
            for table_id in kept:
                if table_id in renewed:
                    self.held[table_id] = until
                else:  # another server took it meanwhile (this one was too slow to renew)
                    self.held.pop(table_id, None)
            for table_id in dropped:
                self.held.pop(table_id, None)

    async def release(self) -> None:
        """Give up every lease (the server is stopping: another may take its tables at once)."""
        if self.shared and self.held:
            self.held.clear()
            try:
                await anyio.to_thread.run_sync(self.storage.release_leases, self.holder)
            except Exception as error:
                log.warning("the bot leases could not be given up: %s", " ".join(str(error).split())[:200])
