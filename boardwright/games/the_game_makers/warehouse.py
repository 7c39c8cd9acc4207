"""The Warehouse: the wheel of six Wedges, the Forklifts, and the shared draw piles.

Rulebook "Forklift Movement" and "Rotating the Steering Wheel"; RULINGS M1-M3, M13.
"""

from __future__ import annotations

from boardwright.engine import Action

from .board import Board
from .content import KINDS
from .events import resource

WEDGE_WORDS = ("wild", *KINDS)


class Warehouse(Board):
    __slots__ = ()

    # ------------------------------------------------------------------ the wheel (M1)
    def wedge_at(self, level: int) -> int:
        """Ring index of the Level ``level`` Wedge: the 1st, 2nd, 3rd Wedge clockwise of READY."""
        return (self.wheel + level) % 6

    def is_ready(self, seat: int, forklift: int) -> bool:
        return self.fk_ret[seat * 3 + forklift] <= self.turn

    def forklift_for(self, seat: int, level: int) -> int:
        """The ready Forklift that goes to the Level ``level`` Wedge, or -1.

        A Forklift leaving READY must go to another Wedge than the one it just left. Forklifts are
        otherwise alike, so one barred from some other Level Wedge goes first: the rest stay free
        to go anywhere (TGM-1).
        """
        target = self.wedge_at(level)
        base = seat * 3
        turn = self.turn
        wheel = self.wheel
        found = -1
        for f in range(3):
            last = self.fk_last[base + f]
            if self.fk_ret[base + f] <= turn and last != target:
                if last >= 0 and last != wheel:  # barred from another Level Wedge
                    return f
                if found < 0:
                    found = f
        return found

    def legal_forklifts(self, seat: int) -> list[Action]:
        """The Forklift moves open to ``seat``: to each Level Wedge some READY Forklift may go to,
        one that did not just leave it (see :meth:`forklift_for`)."""
        base = seat * 3
        turn = self.turn
        fk_ret, fk_last = self.fk_ret, self.fk_last
        left = -2  # the Wedge every READY Forklift last left, if they all left the same one
        for f in (base, base + 1, base + 2):
            if fk_ret[f] <= turn:
                if left == -2:
                    left = fk_last[f]
                elif fk_last[f] != left:
                    return list(self.acts.forklift)  # each Level Wedge has a Forklift free to go
        if left == -2:
            return []
        forklift = self.acts.forklift
        wheel = turn - 1
        out = []
        for level in (1, 2, 3):
            if (wheel + level) % 6 != left:
                out.append(forklift[level - 1])
        return out

    def has_ready_forklift(self, seat: int) -> bool:
        base = seat * 3
        turn = self.turn
        return (self.fk_ret[base] <= turn or self.fk_ret[base + 1] <= turn
                or self.fk_ret[base + 2] <= turn)

    def move_forklift(self, seat: int, level: int) -> None:
        """Place a ready Forklift on the Level k Wedge: it is READY again k turns later (M1) and
        takes that Wedge's Level k resource at once (M2; the Wild Wedge: any kind, chosen now)."""
        f = self.forklift_for(seat, level)
        target = self.wedge_at(level)
        self.fk_ret[seat * 3 + f] = self.turn + level
        self.fk_last[seat * 3 + f] = target
        kind = self.ring[target]
        if self._telling:  # wood and plastic are simply taken: said here (dice, cards, tiles say more)
            self.tell("forklift_moved", {"seat": seat, "forklift": f + 1, "level": level,
                                         "wedge": WEDGE_WORDS[kind + 1], "ready": self.turn + level,
                                         "takes": resource(kind, level) if kind in (2, 4) else None})
        if kind < 0:
            self.stack.append(("wild", level))
        else:
            self.gain(seat, kind, level, told=True)  # type: ignore[attr-defined]

    def forklifts_out(self, seat: int, skip: int = 0) -> list[int]:
        """Turns until each away Forklift is READY (1-3), one entry per distinct value; Forklifts
        in the bitmask ``skip`` left out."""
        waits = {self.fk_ret[seat * 3 + f] - self.turn for f in range(3) if not skip >> f & 1}
        return sorted(w for w in waits if w > 0)

    def move_back(self, seat: int, wait: int, skip: int = 0) -> int:
        """Tweenie / B Structure: move a Forklift back one space (one turn nearer READY), taking no
        resource where it lands. One due next turn is READY now and must be placed this turn; it
        may not go back to the Wedge it just left (rulebook "Rotating the Steering Wheel").
        Returns the Forklift moved (not one in the bitmask ``skip``)."""
        for f in range(3):
            i = seat * 3 + f
            if not skip >> f & 1 and self.fk_ret[i] - self.turn == wait:
                self.fk_last[i] = (self.wheel + wait) % 6  # the Wedge it stands on now
                self.fk_ret[i] -= 1
                if self._telling:
                    self.tell("forklift_back", {"seat": seat, "forklift": f + 1, "wait": wait - 1,
                                                "ready": self.fk_ret[i]})
                return f
        raise AssertionError(wait)

    # ------------------------------------------------------------------ draw piles (M13)
    def draw_cards(self, count: int) -> list[int]:
        """Draw from the deck; an empty deck is refilled by shuffling the discard pile."""
        drawn: list[int] = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.deck.sort()
                self.streams["deck"].shuffle(self.deck)
            drawn.append(self.deck.pop())
        return drawn

    def draw_tiles(self, size: int, count: int) -> list[int]:
        """Draw from the bag of that size; an empty bag is refilled from its discard pile."""
        bag = self.bags[size - 1]
        drawn: list[int] = []
        for _ in range(count):
            if not bag:
                spent = self.tile_discard[size - 1]
                if not spent:
                    break
                bag.extend(sorted(spent))
                spent.clear()
            drawn.append(bag.pop(self.streams["bags"].below(len(bag))))
        return drawn

    def roll(self, level: int) -> int:
        """Roll a die of that level (M7 faces)."""
        faces = self.faces[level - 1]
        return faces[self.streams["dice"].below(len(faces))]

    def workers_total(self, seat: int) -> int:
        base = seat * 10
        hired = sum(self.room[seat * 4 + 1: seat * 4 + 4])
        deployed = sum(1 for i in range(10) if self.work1[base + i]) + sum(
            1 for i in range(10) if self.work2[base + i])
        return hired + deployed
