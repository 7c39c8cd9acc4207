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
import time

from .protocol import BadRequest


class Costs:
    """CPU-second buckets per client address (see the module's docstring)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def level(self, address: str) -> float:
        """The seconds ``address`` may still spend now (negative: its debt)."""
        level, then = self.buckets.get(address, (self.burst, time.monotonic()))
        return min(self.burst, level + (time.monotonic() - then) * self.rate)

    def check(self, address: str) -> None:
        """Refuse (429) a costly request from an address in debt."""
        if self.rate <= 0:
            return
        level = self.level(address)
        if level < 0:
            wait = max(1, math.ceil(-level / self.rate))
            raise BadRequest(429, f"this address has used its share of the server's time for replays and long "
                                  f"histories; try again in {wait} s", retry_after=wait)

    def charge(self, address: str, seconds: float) -> None:
        """Count ``seconds`` of CPU spent for ``address``."""
        if self.rate <= 0:
            return
        self.buckets[address] = (self.level(address) - seconds, time.monotonic())
        if len(self.buckets) > 100_000:  # forget every address rather than grow without end
            self.buckets.clear()
