"""Token buckets, one per key (a client address, a table): the server's one way of pacing what a
client may make it spend, whether requests (:class:`.http.Guard`), the CPU of costly requests
(:class:`.costs.Costs`) or the CPU of bots (:class:`.bots.Budgets`).

A bucket holds at most ``burst`` and fills at ``rate`` per second; what is spent is taken from it,
into debt if need be (a cost is often known only once it is spent), and a bucket in debt lets
nothing through until it has filled again. A rate of 0 is no limit: every bucket is full.
"""

from __future__ import annotations

import math
import time


class Buckets:
    """The buckets of one limit, by key (see the module's docstring)."""

    #: buckets kept before the full ones, which a new bucket equals, are forgotten (and, when too
    #: many keys are still spending, all of them: memory stays bounded whatever the keys)
    PRUNE_AT = 100_000

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.levels: dict[str, tuple[float, float]] = {}

    def level(self, key: str, now: float | None = None) -> float:
        """What ``key``'s bucket holds now (negative: its debt; infinite without a limit)."""
        if self.rate <= 0:
            return math.inf
        now = time.monotonic() if now is None else now
        level, then = self.levels.get(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.rate)

    def wait(self, key: str, need: float, now: float | None = None) -> float:
        """Seconds until ``key``'s bucket holds ``need`` (0: it does now; never more than a full
        bucket needs)."""
        level = self.level(key, now)
        need = min(need, self.burst)
        return 0.0 if level >= need else (need - level) / self.rate

    def take(self, key: str, amount: float, now: float | None = None) -> None:
        """Take ``amount`` from ``key``'s bucket."""
        if self.rate <= 0:
            return
        now = time.monotonic() if now is None else now
        self.levels[key] = (self.level(key, now) - amount, now)
        if len(self.levels) > self.PRUNE_AT:
            for full in [other for other in self.levels if self.level(other, now) >= self.burst]:
                del self.levels[full]
            if len(self.levels) > self.PRUNE_AT // 2:
                self.levels.clear()
