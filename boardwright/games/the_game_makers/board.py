"""The data of a game of The Game Makers: plain lists and ints in slots, copied by hand.

Per-seat numbers live in flat lists (``room[seat * 4 + level]``); per-seat collections in lists of
lists. The pending stack holds the open steps of a compound move as tuples, top last.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.engine import State

from .actions import Actions
from .content import Content

EMPTY = -1
TWEENIE_BASE = 1000  # an Assembly Line cell holding a Tweenie stores TWEENIE_BASE + its id

DRAFT, SETUP, PLAY, OVER = range(4)

Frame = tuple[Any, ...]


class Board(State):
    """Fields of the game; the rule mixins and :class:`GameMakersState` add behaviour."""

    __slots__ = (
        "acts",
        "bags",
        "built",
        "comp",
        "content",
        "contracts",
        "ctiles",
        "deck",
        "discard",
        "display",
        "draft_seen",
        "end_turn",
        "experienced",
        "faces",
        "fk_last",
        "fk_ret",
        "gap_rule",
        "hand",
        "holders",
        "line",
        "made",
        "sets_of",
        "market",
        "max_turns",
        "order",
        "phase",
        "pos",
        "ring",
        "room",
        "sets",
        "stack",
        "structs",
        "tile_discard",
        "trees",
        "turn",
        "used_tweenies",
        "vp",
        "work1",
        "work2",
    )

    #: legal_make's last answer per seat and what it read (a cache, see Manufacturing.legal_make)
    CACHE_SLOTS: ClassVar[frozenset[str]] = State.CACHE_SLOTS | {"made"}

    content: Content
    acts: Actions
    ring: tuple[int, ...]        # wedge kinds clockwise, -1 the Wild Wedge (READY at turn 1)
    turn: int                    # 1, 2, ...
    order: list[int]             # the seats of this turn, in playing order (M4)
    pos: int                     # index in order of the seat playing now
    phase: int
    end_turn: int                # the final turn once the end is triggered (M9), else 0
    max_turns: int
    deck: list[int]
    discard: list[int]
    bags: list[list[int]]
    tile_discard: list[list[int]]
    stack: list[Frame]
    sets: list[list[int]]        # draft sets A, B, C (M11)
    holders: list[int]
    draft_seen: list[int]        # per draft set: bitmask of the seats that have held it
    fk_ret: list[int]            # seat*3+f: the turn the Forklift is READY again
    fk_last: list[int]           # seat*3+f: ring index of the Wedge it last stood on
    room: list[int]              # seat*4+level: workers in the Break Room
    work1: list[int]             # seat*10+space: level of the (first) worker on a space
    work2: list[int]             # seat*10+space: level of the second worker (Gain 1 spaces)
    comp: list[int]              # seat*20+kind*4+level: wood, dice, plastic components
    hand: list[list[int]]        # face-down component cards
    ctiles: list[list[int]]      # component tiles
    contracts: list[list[int]]   # 3 Contract spaces (M5)
    display: list[list[int]]     # 12 Display Case slots, row by row (M5)
    line: list[list[int]]        # 18 Assembly Line cells, row by row (M6)
    sets_of: list[int]           # seat*5+kind: machinery sets of that icon (kept up to date)
    market: list[int]            # seat*5+column
    structs: list[int]           # seat*3+letter: structure id
    built: list[int]             # seat*3+letter: bitmask of filled building spaces
    trees: list[int]             # seat: bitmask of planted tree spaces
    used_tweenies: list[int]     # seat: bitmask of placed Tweenies
    vp: list[int]                # seat: VP scored by rewards during play
    made: list[Any]              # seat: legal_make's last answer and its inputs, or None (a cache)
    faces: tuple[tuple[int, ...], ...]
    gap_rule: str
    experienced: bool

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, Board)
        new.made = self.made[:]  # each entry holds only what it was computed from, never changed
        new.content = self.content
        new.acts = self.acts
        new.ring = self.ring
        new.turn = self.turn
        new.order = self.order[:]
        new.pos = self.pos
        new.phase = self.phase
        new.end_turn = self.end_turn
        new.max_turns = self.max_turns
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.bags = [b[:] for b in self.bags]
        new.tile_discard = [b[:] for b in self.tile_discard]
        new.stack = self.stack[:]
        new.sets = [s[:] for s in self.sets]
        new.holders = self.holders[:]
        new.draft_seen = self.draft_seen[:]
        new.fk_ret = self.fk_ret[:]
        new.fk_last = self.fk_last[:]
        new.room = self.room[:]
        new.work1 = self.work1[:]
        new.work2 = self.work2[:]
        new.comp = self.comp[:]
        new.hand = [h[:] for h in self.hand]
        new.ctiles = [h[:] for h in self.ctiles]
        new.contracts = [h[:] for h in self.contracts]
        new.display = [h[:] for h in self.display]
        new.line = [h[:] for h in self.line]
        new.sets_of = self.sets_of[:]
        new.market = self.market[:]
        new.structs = self.structs[:]
        new.built = self.built[:]
        new.trees = self.trees[:]
        new.used_tweenies = self.used_tweenies[:]
        new.vp = self.vp[:]
        new.faces = self.faces
        new.gap_rule = self.gap_rule
        new.experienced = self.experienced

    # ------------------------------------------------------------------ small shared helpers
    @property
    def seat(self) -> int:
        """The seat playing now."""
        return self.order[self.pos]

    @property
    def wheel(self) -> int:
        """Ring index of the READY Wedge: the wheel advances one Wedge a turn after the first (M1)."""
        return (self.turn - 1) % 6

    def is_reset_turn(self) -> bool:
        """The Wild Wedge is READY again: "Reset to the Break Room" (M3)."""
        return self.turn > 1 and self.wheel == 0

    def is_active(self, seat: int, letter: int) -> bool:
        """A Structure is active once every building space on it is filled."""
        sid = self.structs[seat * 3 + letter]
        if sid < 0:
            return False
        return self.built[seat * 3 + letter] == (1 << len(self.content.structures[sid].buildings)) - 1

    def chosen_just_now(self) -> bool:
        """Whether the step being carried out is the player's own choice, already told as it was
        made, rather than a step with one option taken for them (TGM-5)."""
        events = self._events
        return bool(events) and events[-1][0] == "acted"

    def games(self, seat: int) -> int:
        return sum(1 for c in self.display[seat] if c >= 0)
