"""Seeded random streams: one per purpose, derived from the game seed.

Every random event of a game draws from a named stream (``"setup"``, ``"deck"``, ...), so that a
seed plus the action log replays a game exactly, and nothing an agent does (searching, sampling)
can change a later shuffle. Streams are splitmix64 generators: a copy is one integer, which keeps
``State.clone`` cheap, and the sequence is the same on every Python version and platform.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(seed: int, name: str) -> int:
    """A 64-bit seed for the stream ``name`` of a game seeded with ``seed``."""
    digest = hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


class Stream:
    """A small, copyable pseudo-random generator (splitmix64).

    >>> a = Stream(7); b = a.copy()
    >>> [a.below(6) for _ in range(3)] == [b.below(6) for _ in range(3)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @classmethod
    def named(cls, seed: int, name: str) -> Stream:
        """The stream ``name`` of a game seeded with ``seed``."""
        return cls(derive_seed(seed, name))

    def copy(self) -> Stream:
        new = Stream.__new__(Stream)
        new.state = self.state
        return new

    def next64(self) -> int:
        """The next 64-bit value."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``: the next 64-bit value modulo ``n`` (the modulo bias is
        below ``n / 2**64``)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64, written out: this is drawn once per decision of every random playout.
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (s ^ (s >> 31)) % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included (a die: ``randint(1, 6)``)."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): from the last position down to the second, swap the
        item at position ``i`` with the one at the next 64-bit value modulo ``i + 1``."""
        # next64 written out in the loop, its state kept in a local (a search shuffles decks in
        # every determinization); the values drawn are exactly next64's.
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stream) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Stream(state={self.state:#x})"


class Streams:
    """The named streams of one game, created on first use from the game seed."""

    __slots__ = ("_streams", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[str, Stream] = {}

    def __getitem__(self, name: str) -> Stream:
        stream = self._streams.get(name)
        if stream is None:
            stream = self._streams[name] = Stream.named(self.seed, name)
        return stream

    def copy(self) -> Streams:
        new = Streams.__new__(Streams)
        new.seed = self.seed
        new._streams = {name: s.copy() for name, s in self._streams.items()}
        return new

    def fingerprint(self) -> tuple[object, ...]:
        return (self.seed, tuple(sorted((k, s.state) for k, s in self._streams.items())))

    def drawn_since(self, earlier: Streams) -> list[str]:
        """The names of the streams drawn from since ``earlier`` (a copy of these streams taken
        before), in order. A stream that was only created, never drawn from, does not count."""
        drawn = []
        for name, stream in self._streams.items():
            before = earlier._streams.get(name)
            start = before.state if before is not None else derive_seed(self.seed, name)
            if stream.state != start:
                drawn.append(name)
        return sorted(drawn)
