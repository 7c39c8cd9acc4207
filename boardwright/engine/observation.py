"""Observations: one seat's view as a flat vector of numbers of a fixed size, for learning agents.

An observation is computed from ``view(seat)`` and nothing else, so it shows exactly what the seat
may see (the one redaction path) and is the same for a state and for any determinization of it for
that seat. Its size depends only on the game, the player count and the content, never on the
position: every block has a size fixed by the rules or the content (a hand is a count per card of
the content, a board a value per space), not by the data in it.

Seats are written relative to the viewer: the first block of every per-seat group is the viewer's
own, then the next seat clockwise, and so on. A learning agent thus plays every seat with one
policy.

Each game writes its part with :class:`Encoder` in ``Game._observe``; the engine adds the part
every game shares (whose turn it is, who has committed a sealed choice, whether the game is over).
``Game.observer(players, options)`` gives an :class:`Observer`, whose ``layout`` names every block,
its size and what it holds (``docs/rl.md`` lists them per game).

**The fast path.** Building the view dict of every step is most of the cost of an observed step,
so a game may also write the same observation straight from its state, in ``Game._observe_state``:
its nonzero values as (position, value) pairs, values at one position adding up. It must read only
what ``view(seat)`` shows, and give exactly the observation the view gives: the conformance kit
(``tests/conformance.py``, ``check_fast_observation``) compares the two at every checked state of
every game and player count, so the view stays the one place that decides what a seat sees.
:meth:`Observer.entries` uses the fast path when the game has one, else the view.

**Written as a change.** A game whose fast path is costly may also write it block by block with a
:class:`Tracker` (``Game._observe_changes``): each block comes with a key that determines its
entries entirely (the contents it is written from), and a block whose key is the one the tracker
saw last time is not written again. :meth:`Observer.changes` then gives what changed since the
tracker's last observation: the positions to clear and the entries to add. A learner's adapter
keeps the vector between steps and applies the change; the conformance kit
(``TrackedObservations``) follows whole games that way and compares every step with the whole
observation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

Json = Any


class Encoder:
    """Writes one observation block by block; each block's size is fixed by its arguments alone.

    With ``describe`` it also records each block's name, size and what it holds (the layout, built
    once per observer); without, it writes the values only."""

    __slots__ = ("blocks", "players", "values", "viewer")

    def __init__(self, viewer: int, players: int, describe: bool = True) -> None:
        self.values: list[float] = []
        #: (name, size, what it holds) of each block, in order; None when not describing
        self.blocks: list[tuple[str, int, str]] | None = [] if describe else None
        self.viewer = viewer
        self.players = players

    # ------------------------------------------------------------------ single values
    def number(self, name: str, value: float | None, scale: float = 1.0, note: str = "") -> None:
        """One number, divided by ``scale`` (a rough maximum, to keep values near [0, 1]); ``None``
        is written as 0."""
        self.values.append(0.0 if value is None else float(value) / scale)
        if self.blocks is not None:
            self.blocks.append((name, 1, note or (f"value / {scale:g}" if scale != 1 else "value")))

    def flag(self, name: str, value: object, note: str = "") -> None:
        """1 if ``value`` is true, else 0."""
        self.values.append(1.0 if value else 0.0)
        if self.blocks is not None:
            self.blocks.append((name, 1, note or "1 if true"))

    def one_hot(self, name: str, value: object, choices: Sequence[object], note: str = "") -> None:
        """A 1 at the position of ``value`` in ``choices`` (all zero when it is not one of them)."""
        row = [0.0] * len(choices)
        if value in choices:
            row[choices.index(value)] = 1.0
        self.values.extend(row)
        if self.blocks is not None:
            self.blocks.append((name, len(choices), note or "one-hot over " + ", ".join(map(str, choices))[:200]))

    def counts(self, name: str, items: Iterable[object] | Mapping[Any, float] | None,
               vocabulary: Mapping[Any, int], scale: float = 1.0, note: str = "") -> None:
        """How many of each vocabulary item ``items`` holds (a list of names, or name -> count),
        divided by ``scale``; ``vocabulary`` maps each item to its position. Unknown items are
        not counted."""
        row = [0.0] * len(vocabulary)
        if items:
            if isinstance(items, Mapping):
                for item, count in items.items():
                    index = vocabulary.get(item)
                    if index is not None:
                        row[index] += float(count) / scale
            else:
                step = 1.0 / scale
                for item in items:
                    index = vocabulary.get(item)
                    if index is not None:
                        row[index] += step
        self.values.extend(row)
        if self.blocks is not None:
            self.blocks.append((name, len(vocabulary), note or f"count per item of {len(vocabulary)}"
                                + (f", / {scale:g}" if scale != 1 else "")))

    def numbers(self, name: str, values: Sequence[float | None], size: int, scale: float = 1.0,
                note: str = "") -> None:
        """Exactly ``size`` numbers (``values`` cut or padded with 0), each divided by ``scale``."""
        row = [0.0 if v is None else float(v) / scale for v in values[:size]]
        row.extend([0.0] * (size - len(row)))
        self.values.extend(row)
        if self.blocks is not None:
            self.blocks.append((name, size, note or f"{size} values" + (f" / {scale:g}" if scale != 1 else "")))

    def row(self, name: str, values: Sequence[float], note: str, size: int | None = None) -> None:
        """A block of values already scaled, written as they come: the fast path for the large
        blocks a game lays out itself. With ``size``, exactly that many (cut, or padded with 0);
        else as many as given (the caller fixes the count)."""
        if size is None:
            size = len(values)
            self.values.extend(values)
        else:
            self.values.extend(values[:size])
            if len(values) < size:
                self.values.extend([0.0] * (size - len(values)))
        if self.blocks is not None:
            self.blocks.append((name, size, note))

    def laid_out(self, values: Sequence[float], blocks: Sequence[tuple[str, int, str]]) -> None:
        """Several blocks at once: ``values`` already scaled and laid out as ``blocks`` (name,
        size, what it holds, in order)."""
        self.values.extend(values)
        if self.blocks is not None:
            self.blocks.extend(blocks)

    # ------------------------------------------------------------------ seats
    def seats(self) -> list[int]:
        """The seats in observation order: the viewer, then clockwise."""
        return [(self.viewer + k) % self.players for k in range(self.players)]

    def relative(self, seat: int | None) -> int | None:
        """``seat`` counted from the viewer (0 = the viewer, 1 = the next seat clockwise)."""
        return None if seat is None else (seat - self.viewer) % self.players

    def seat(self, name: str, seat: int | None, note: str = "") -> None:
        """A seat as a one-hot over the seats counted from the viewer (all zero for none)."""
        self.one_hot(name, self.relative(seat), range(self.players),
                     note or "one-hot over seats counted from you (0 = you)")

    def seat_set(self, name: str, seats: Iterable[int] | None, note: str = "") -> None:
        """A set of seats as one flag per seat, counted from the viewer."""
        row = [0.0] * self.players
        for seat in seats or ():
            row[(seat - self.viewer) % self.players] = 1.0
        self.values.extend(row)
        if self.blocks is not None:
            self.blocks.append((name, self.players, note or "1 per seat in the set, counted from you (0 = you)"))

    def size(self) -> int:
        return len(self.values)

    def offsets(self) -> dict[str, int]:
        """Where each block described so far starts, by name, counted from the first (for a
        game's fast path, which writes the same blocks at the same places)."""
        if self.blocks is None:
            raise ValueError("an encoder made without describe=True records no blocks")
        return block_offsets(self.blocks)


def block_offsets(blocks: Iterable[tuple[str, int, str]]) -> dict[str, int]:
    """Where each block of a layout (name, size, what it holds) starts, by name."""
    offsets: dict[str, int] = {}
    at = 0
    for name, size, _ in blocks:
        offsets[name] = at
        at += size
    return offsets


class Tracker:
    """What one seat's observation held, block by block, when last written through it.

    A game's ``_observe_changes`` asks :meth:`same` before each block, with the block's name and a
    key that determines the block's entries entirely (``None``: write it every time); on False it
    appends the block's entries, then the next block follows. :meth:`finish` closes the round: the
    positions the rewritten blocks held before (to clear), each block's new positions noted. A
    block's positions are its own (no other block writes there), so clearing one leaves the others.
    """

    __slots__ = ("known", "starts")

    def __init__(self) -> None:
        #: block -> (its key when last written, the positions it wrote)
        self.known: dict[Any, tuple[Any, list[int]]] = {}
        #: this round: (block or None after a block left as it was, key, where its entries start)
        self.starts: list[tuple[Any, Any, int]] = []

    def begin(self) -> None:
        """Start a round (one left unfinished by an error is forgotten)."""
        self.starts.clear()

    def same(self, block: Any, key: Any, positions: list[int]) -> bool:
        """Whether ``block`` is as it was last written (its key unchanged): if not, its entries are
        to be appended next."""
        known = self.known.get(block)
        if key is not None and known is not None and known[0] == key:
            self.starts.append((None, None, len(positions)))
            return True
        self.starts.append((block, key, len(positions)))
        return False

    def finish(self, positions: list[int]) -> list[int]:
        """The positions the rewritten blocks held before this round, to clear before their new
        entries (``positions`` from where each block started) are added."""
        starts, known = self.starts, self.known
        cleared: list[int] = []
        end = len(positions)
        for i in range(len(starts) - 1, -1, -1):
            block, key, start = starts[i]
            if block is None:
                if start != end:
                    raise AssertionError("observation entries written outside a block (after an unchanged one)")
            else:
                old = known.get(block)
                if old is not None:
                    cleared.extend(old[1])
                known[block] = (key, positions[start:end])
            end = start
        starts.clear()
        return cleared


class Untracked(Tracker):
    """Every block written, nothing remembered: the whole observation (``Observer.entries``)."""

    __slots__ = ()

    def same(self, block: Any, key: Any, positions: list[int]) -> bool:
        return False


#: the tracker of a whole observation
UNTRACKED = Untracked()


class Observer:
    """Encodes views of one game, player count and content as vectors of one fixed size.

    Build it once (``game.observer(players, options)``) and call :meth:`encode` per view.
    """

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.context = game._observation_context(players, options)
        probe = game.new(players=players, seed=0, options=options, events=False)
        encoder = self._encode(probe.view(probe.to_act[0] if probe.to_act else 0), describe=True)
        assert encoder.blocks is not None
        #: (name, size, what it holds) of each block, in order
        self.layout: tuple[tuple[str, int, str], ...] = tuple(encoder.blocks)
        #: the length of every observation
        self.size = len(encoder.values)
        self._fast = self.fast

    def _encode(self, view: Mapping[str, Json], describe: bool = False) -> Encoder:
        viewer = view["viewer"]
        if viewer is None:
            raise ValueError("an observation is of one seat's view, not a spectator's")
        encoder = Encoder(viewer, self.players, describe)
        encoder.seat_set("to_act", view["to_act"], "seats that owe a decision now, counted from you")
        encoder.seat_set("committed", view.get("committed"), "seats that have committed a sealed choice")
        encoder.flag("is_over", view["is_over"])
        self.game._observe(encoder, view, self.context)
        return encoder

    def encode(self, view: Mapping[str, Json]) -> list[float]:
        """The observation of ``view`` (a seat's view of a state of this game and player count)."""
        if view.get("player_count") != self.players or view.get("game") != self.game.id:
            raise ValueError(f"this observer encodes {self.game.id} views of {self.players} players")
        values = self._encode(view).values
        if len(values) != self.size:
            raise AssertionError(f"{self.game.id}: an observation of {len(values)} values, not {self.size}")
        return values

    @property
    def fast(self) -> bool:
        """Whether the game writes observations straight from its state (``Game._observe_state``)."""
        from .game import Game  # the game module imports this one
        return type(self.game)._observe_state is not Game._observe_state

    def entries(self, state: Any, seat: int) -> tuple[list[int], list[float]]:
        """Seat ``seat``'s observation of ``state`` as its nonzero values: positions and values
        (values at one position add up; every other position is 0). The game's fast path when it
        has one, else the view's encoding."""
        if not self._fast:
            values = self.encode(state.view(seat))
            nonzero = [i for i, v in enumerate(values) if v]
            return nonzero, [values[i] for i in nonzero]
        positions: list[int] = []
        found: list[float] = []
        self._shared_part(state, seat, positions, found)
        self.game._observe_state(state, seat, self.context, 2 * self.players + 1, positions, found)
        return positions, found

    def _shared_part(self, state: Any, seat: int, positions: list[int], values: list[float]) -> None:
        """The entries of the part every game shares: whose turn it is, who has committed a sealed
        choice, whether the game is over."""
        players = self.players
        for s in state.to_act:
            positions.append((s - seat) % players)
            values.append(1.0)
        for s in state.committed():
            positions.append(players + (s - seat) % players)
            values.append(1.0)
        if state.is_over:
            positions.append(2 * players)
            values.append(1.0)

    @property
    def tracks(self) -> bool:
        """Whether the game writes its fast path as changes (``Game._observe_changes``)."""
        from .game import Game
        return type(self.game)._observe_changes is not Game._observe_changes

    def changes(self, state: Any, seat: int, tracker: Tracker, positions: list[int],
                values: list[float]) -> list[int]:
        """Seat ``seat``'s observation of ``state`` as a change from the one ``tracker`` last saw
        (a new tracker: from all zeros): append the entries of the blocks that changed to
        ``positions`` and ``values``, and return the positions to set to 0 before adding them.
        Only for a game that :attr:`tracks`; one tracker per seat and observer."""
        tracker.begin()
        tracker.same("engine", None, positions)  # the shared part: written every time
        self._shared_part(state, seat, positions, values)
        self.game._observe_changes(state, seat, self.context, 2 * self.players + 1, tracker, positions, values)
        return tracker.finish(positions)

    def tracked(self, state: Any, seat: int, tracker: Tracker, row: list[float]) -> list[float]:
        """``row`` (the full vector ``tracker`` last saw, as :meth:`dense` gives it) brought up to
        ``state`` through :meth:`changes` (for checks; learners apply the change with NumPy)."""
        positions: list[int] = []
        values: list[float] = []
        for i in self.changes(state, seat, tracker, positions, values):
            row[i] = 0.0
        for i, v in zip(positions, values, strict=True):
            row[i] += v
        return row

    def dense(self, state: Any, seat: int) -> list[float]:
        """:meth:`entries` laid out as the full vector (for checks; learners use NumPy)."""
        row = [0.0] * self.size
        positions, values = self.entries(state, seat)
        for i, v in zip(positions, values, strict=True):
            row[i] += v
        return row

    def describe(self) -> str:
        """The layout as a Markdown table (block, offset, size, what it holds)."""
        lines = ["| block | offset | size | holds |", "|---|---:|---:|---|"]
        offset = 0
        for name, size, note in self.layout:
            lines.append(f"| `{name}` | {offset} | {size} | {note.replace('|', '/')} |")
            offset += size
        return "\n".join(lines)
