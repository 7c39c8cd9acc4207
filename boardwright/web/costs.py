"""What the costly requests of one client address may make the server spend, in CPU seconds.

Replaying a finished game, loading a table from the database and writing out a long history cost
far more than an ordinary request, and differ by the size of the game, so counting requests does
not bound them. Each such piece of work is timed (the CPU time of the thread that does it) and
charged to the address that asked: a bucket per address holds up to ``burst`` seconds and refills
at ``rate`` seconds per second. A request from an address in debt is refused (429) with the
seconds until its bucket is positive again; the work already started is finished and charged.
"""

from __future__ import annotations

import math

from .buckets import Buckets
from .protocol import BadRequest


class Costs:
    """CPU-second buckets per client address (see the module's docstring)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.buckets = Buckets(rate, burst)

    def check(self, address: str) -> None:
        """Refuse (429) a costly request from an address in debt."""
        wait = self.buckets.wait(address, 0.0)
        if wait:
            seconds = max(1, math.ceil(wait))
            raise BadRequest(429, f"this address has used its share of the server's time for replays and long "
                                  f"histories; try again in {seconds} s", retry_after=seconds)

    def charge(self, address: str, seconds: float) -> None:
        """Count ``seconds`` of CPU spent for ``address``."""
        self.buckets.take(address, seconds)
