"""The Factory: workers and their spaces, Tweenies, Structures' worker spaces, and trees.

Rulebook "Wood & Workers" (Enhancements, Gain 1, Return Workers), "Tweenies", "Plastic &
Structures", "Plant a Tree"; RULINGS M3, M8.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardwright.engine import Action

from .actions import GAIN_WORKERS, SPACES, STRUCTURE_SPACE
from .board import EMPTY, TWEENIE_BASE, Frame
from .content import CARDS, DICE, PLASTIC, TILES, TREES_COLUMN, WOOD, Content
from .events import SPACE_WORDS, place
from .manufacturing import Manufacturing

#: tree-space condition indices (content.TREE_CONDITIONS)
TRACK, TYPE, VARIETIES, BONUS, FULL, TWEENIE, DISCARD = range(7)
ANY_KINDS = (TILES, WOOD, DICE, PLASTIC)


class Factory(Manufacturing):
    __slots__ = ()

    # ------------------------------------------------------------------ workers
    def space_workers(self, seat: int, space: int) -> tuple[int, ...]:
        """The worker levels a space takes (each needs a worker of exactly that level)."""
        if space < 3:
            return GAIN_WORKERS[space]
        if space == STRUCTURE_SPACE:
            sid = self.structs[seat * 3 + 1]
            return (self.content.structures[sid].worker,)
        return ((space - 3) % 3 + 1,)

    def can_work(self, seat: int, space: int) -> bool:
        """Whether the space is free and the Break Room holds the workers it takes."""
        if self.work1[seat * 10 + space]:
            return False
        room = self.room
        base = seat * 4
        if space < 3:  # Gain 1 (M8): a pair of workers
            first, second = GAIN_WORKERS[space]
            if first == second:
                return room[base + first] >= 2
            return room[base + first] >= 1 and room[base + second] >= 1
        if space == STRUCTURE_SPACE:
            return self.is_active(seat, 1) and room[base + self.space_workers(seat, space)[0]] >= 1
        return room[base + (space - 3) % 3 + 1] >= 1

    def legal_work(self, seat: int, spaces: range | tuple[int, ...] = range(10)) -> list[Action]:
        """The spaces :meth:`can_work` allows, in order."""
        base = seat * 4
        room = self.room
        in_room = (0, room[base + 1], room[base + 2], room[base + 3])
        if not (in_room[1] or in_room[2] or in_room[3]):
            return []
        work1 = self.work1
        first = seat * 10
        work = self.acts.work
        out = []
        for space in spaces:
            if work1[first + space]:
                continue
            if space < 3:  # Gain 1 (M8): a pair of workers
                one, two = GAIN_WORKERS[space]
                if (in_room[one] >= 2) if one == two else (in_room[one] and in_room[two]):
                    out.append(work[space])
            elif space == STRUCTURE_SPACE:
                if self.is_active(seat, 1) and in_room[self.space_workers(seat, space)[0]]:
                    out.append(work[space])
            elif in_room[(space - 3) % 3 + 1]:
                out.append(work[space])
        return out

    def do_work(self, seat: int, action: Action) -> None:
        """Assign workers from the Break Room to a space: Gain 1 (M8: any resource of the tier's
        level other than wood -- the rulebook's Gain 1 exchanges the workers for "a different
        resource": a card, a tile, a die or plastic), an Enhancement, or an active B Structure's
        recessed space."""
        space = action.args[0]
        need = self.space_workers(seat, space)
        for lv in need:
            self.room[seat * 4 + lv] -= 1
        self.work1[seat * 10 + space] = need[0]
        self.work2[seat * 10 + space] = need[1] if len(need) == 2 else 0
        if space < 3:
            self.stack.append(("wild", space + 1, 1))  # an exchange: not wood again
        elif space == STRUCTURE_SPACE:
            structure = self.content.structures[self.structs[seat * 3 + 1]]
            self.effect(seat, structure.gain, source=structure.name)

    def has_deployed(self, seat: int) -> bool:
        base = seat * 10
        return any(self.work1[base: base + 10])

    def do_reset(self, seat: int, action: Action) -> None:
        """Reset to the Break Room (M3): all assigned workers come back, before anything else."""
        self.stack.pop()
        if action.args[0]:
            if self._telling:
                self.tell("workers_returned", {"seat": seat})
            base = seat * 10
            for i in range(10):
                for work in (self.work1, self.work2):
                    if work[base + i]:
                        self.room[seat * 4 + work[base + i]] += 1
                        work[base + i] = 0

    # ------------------------------------------------------------------ Tweenies
    def tweenie_possible(self, seat: int, tid: int, copying: bool = False) -> bool:
        what = self.content.tweenies[tid].effect[0]
        if what == "back":
            return bool(self.forklifts_out(seat))
        if what == "rearrange":
            return self.games(seat) > 0
        if what == "release":
            return self.has_deployed(seat)
        if what == "promote":
            return self.room[seat * 4 + 1] + self.room[seat * 4 + 2] > 0
        if what == "duplicate":
            return not copying and any(
                self.used_tweenies[seat] >> t & 1 and self.tweenie_possible(seat, t, True)
                for t in range(len(self.content.tweenies)))
        return True

    def legal_tweenies(self, seat: int) -> list[Action]:
        used = self.used_tweenies[seat]
        if used == 4095 or not self.has_tweenie_cell(seat):
            return []
        tweenie = self.acts.tweenie
        conditional = facts(self.content).conditional_tweenies
        out = []
        for t in range(12):
            if not used >> t & 1 and (not conditional[t] or self.tweenie_possible(seat, t)):
                out.append(tweenie[t])
        return out

    def do_tweenie(self, seat: int, action: Action) -> None:
        """Place a Tweenie in a square gap of the Assembly Line; it acts once, when placed."""
        tid = action.args[0]
        self.used_tweenies[seat] |= 1 << tid
        self.stack.append(("cell", TWEENIE_BASE + tid))

    def tweenie_effect(self, seat: int, tid: int) -> None:
        effect = self.content.tweenies[tid].effect
        what = effect[0]
        if what == "tree":
            space = self.first_space(TWEENIE)
            if space >= 0 and not self.trees[seat] >> space & 1:
                self.trees[seat] |= 1 << space
                self.tell_tree(seat, space)
            else:
                self.stack.append(("tree",))
        elif what == "back":
            self.stack.append(("back", 1, 0, 0))
        elif what == "rearrange":
            self.stack.append(("swap", 11))
        elif what in ("release", "promote"):
            self.stack.append((what,))
        elif what == "duplicate":
            self.stack.append(("copy",))
        else:
            self.effect(seat, effect)

    def first_space(self, condition: int) -> int:
        for space in self.content.trees:
            if space.condition[0] == condition:
                return space.id
        return -1

    def legal_tweenie_step(self, seat: int, frame: Frame) -> list[Action]:
        acts = self.acts
        what = frame[0]
        if what == "back":
            out = [acts.back[w] for w in self.forklifts_out(seat, frame[3])]
            return [*out, acts.done] if frame[2] else out
        if what == "swap":
            display = self.display[seat]
            out = [a for (i, j), a in acts.swap.items() if display[i] != EMPTY or display[j] != EMPTY]
            return [*out, acts.done]
        if what == "release":
            return [acts.release[i] for i in range(10) if self.work1[seat * 10 + i]]
        if what == "promote":
            return [acts.promote[lv] for lv in (1, 2) if self.room[seat * 4 + lv]]
        if what == "copy":
            used = self.used_tweenies[seat]
            return [acts.copy[t] for t in range(12)
                    if used >> t & 1 and self.tweenie_possible(seat, t, True)]
        raise AssertionError(what)

    def do_back(self, seat: int, action: Action) -> None:
        """Move one Forklift back one space; each Forklift at most once per effect ("move up to 2
        Forklifts back 1 space each")."""
        _, left, optional, moved = self.stack.pop()
        moved |= 1 << self.move_back(seat, action.args[0], moved)
        if left > 1 and self.forklifts_out(seat, moved):
            self.stack.append(("back", left - 1, optional, moved))

    def do_done(self, seat: int, action: Action) -> None:
        self.stack.pop()

    def do_swap(self, seat: int, action: Action) -> None:
        """"Move cards": reorganise the Display Case, one swap at a time (11 swaps reach any order)."""
        _, left = self.stack.pop()
        a, b = action.args
        display = self.display[seat]
        display[a], display[b] = display[b], display[a]
        if self._telling:
            self.tell("display_rearranged", {"seat": seat, "first": place(a, 4), "second": place(b, 4)})
        if left > 1:
            self.stack.append(("swap", left - 1))

    def do_release(self, seat: int, action: Action) -> None:
        """"Reset 1 Worker": one deployed worker back to the Break Room (the second of a pair first)."""
        self.stack.pop()
        i = seat * 10 + action.args[0]
        if self._telling:
            self.tell("worker_released", {"seat": seat, "level": self.work2[i] or self.work1[i],
                                          "space": SPACE_WORDS[action.args[0]]})
        if self.work2[i]:
            self.room[seat * 4 + self.work2[i]] += 1
            self.work2[i] = 0
        else:
            self.room[seat * 4 + self.work1[i]] += 1
            self.work1[i] = 0

    def do_promote(self, seat: int, action: Action) -> None:
        """"Promote 1 Worker": a Level 1 or 2 worker becomes one level higher."""
        self.stack.pop()
        lv = action.args[0]
        self.room[seat * 4 + lv] -= 1
        self.room[seat * 4 + lv + 1] += 1
        if self._telling:
            self.tell("worker_promoted", {"seat": seat, "level": lv, "to": lv + 1})

    def do_copy(self, seat: int, action: Action) -> None:
        """"Duplicate an existing Tweenie": the benefit of one already used, without placing it."""
        self.stack.pop()
        self.tweenie_effect(seat, action.args[0])

    # ------------------------------------------------------------------ trees
    def type_counts(self, seat: int) -> list[int]:
        counts = [0, 0, 0, 0]
        cards = self.content.cards
        for card in self.display[seat]:
            if card >= 0:
                counts[cards[card].type] += 1
        return counts

    def claim_trees(self, seat: int) -> None:
        """Tree spaces whose condition now holds are planted at once."""
        planted = self.trees[seat]
        counts: list[int] | None = None
        for space in self.content.trees:
            if planted >> space.id & 1:
                continue
            cond, a, b = space.condition
            if cond == TRACK:
                ok = self.market[seat * 5 + TREES_COLUMN] >= a
            elif cond in (TYPE, VARIETIES, FULL):
                if counts is None:
                    counts = self.type_counts(seat)
                if cond == TYPE:
                    ok = counts[a] >= b
                elif cond == VARIETIES:
                    ok = sum(1 for n in counts if n) >= a
                else:
                    ok = sum(counts) >= a
            else:
                continue
            if ok:
                planted |= 1 << space.id
                self.tell_tree(seat, space.id)
        self.trees[seat] = planted

    def tell_tree(self, seat: int, space: int) -> None:
        if self._telling:
            self.tell("tree_planted", {"seat": seat, "tree": f"{self.content.trees[space].name}"})

    def legal_tree(self, seat: int) -> list[Action]:
        planted = self.trees[seat]
        return [self.acts.tree[i] for i in range(len(self.content.trees)) if not planted >> i & 1]

    def do_tree(self, seat: int, action: Action) -> None:
        """A tree from a reward goes on any empty tree space; the tree-structure space plants a
        second tree (our reading of "plant a second tree in any space of your choice")."""
        self.stack.pop()
        space = action.args[0]
        self.trees[seat] |= 1 << space
        self.tell_tree(seat, space)
        if self.content.trees[space].condition[0] == BONUS:
            self.stack.append(("tree",))

    def discard_count(self, seat: int, kind: int) -> int:
        if kind == CARDS:
            return len(self.hand[seat])
        if kind == TILES:
            return len(self.ctiles[seat])
        base = seat * 20 + kind * 4
        return self.comp[base + 1] + self.comp[base + 2] + self.comp[base + 3]

    def legal_plant(self, seat: int) -> list[Action]:
        """The "discard" tree spaces not yet planted whose Components ``seat`` holds."""
        planted = self.trees[seat]
        c = self.comp
        b = seat * 20
        # components by kind: cards, tiles, wood, dice, plastic
        counts = (len(self.hand[seat]), len(self.ctiles[seat]), c[b + 9] + c[b + 10] + c[b + 11],
                  c[b + 13] + c[b + 14] + c[b + 15], c[b + 17] + c[b + 18] + c[b + 19])
        pieces = counts[1] + counts[2] + counts[3] + counts[4]
        plant = self.acts.plant
        out = []
        for bit, kind, n, space in facts(self.content).discard_spaces:
            if not planted & bit and (pieces if kind < 0 else counts[kind]) >= n:
                out.append(plant[space])
        return out

    def do_plant(self, seat: int, action: Action) -> None:
        """Plant on a "discard" tree space by discarding the components it names."""
        space = action.args[0]
        _, kind, n = self.content.trees[space].condition
        self.stack.append(("discard", kind, n, space))
        self.settle_discard(seat, [])

    def discard_options(self, seat: int, kind: int) -> list[tuple[int, int]]:
        kinds = ANY_KINDS if kind < 0 else (kind,)
        out = []
        for k in kinds:
            for lv in sorted(set(self.component_levels(seat, k))):
                out.append((k, 1 if k == CARDS else lv))
        return out

    def settle_discard(self, seat: int, paid: list[str]) -> None:
        """Discard what leaves no choice; the players are told what was ``paid`` since the last
        choice, in one event."""
        while True:
            _, kind, n, space = self.stack[-1]
            if n == 0:
                self.stack.pop()
                self.trees[seat] |= 1 << space
                if paid:
                    self.tell("spent", {"seat": seat, "paid": paid})
                self.tell_tree(seat, space)
                return
            options = self.discard_options(seat, kind)
            if len(options) > 1 and sum(self.discard_count(seat, k) for k in (
                    ANY_KINDS if kind < 0 else (kind,))) > n:
                break  # a real choice; with exactly n left, all of them go
            k, lv = options[0]
            if self._telling:
                paid += self.spent_words(seat, k, lv, 1)
            self.spend(seat, k, lv, 1)
            self.stack[-1] = ("discard", kind, n - 1, space)
        if paid:
            self.tell("spent", {"seat": seat, "paid": paid})

    def legal_discard(self, seat: int, frame: Frame) -> list[Action]:
        return [self.acts.discard[k][lv] for k, lv in self.discard_options(seat, frame[1])]

    def do_discard(self, seat: int, action: Action) -> None:
        k, lv = action.args
        _, kind, n, space = self.stack[-1]
        paid = self.spent_words(seat, k, lv, 1) if self._telling else []
        self.spend(seat, k, lv, 1)
        self.stack[-1] = ("discard", kind, n - 1, space)
        self.settle_discard(seat, paid)


#: the Tweenie effects that are not always possible (:meth:`Factory.tweenie_possible`)
CONDITIONAL_TWEENIES = ("back", "rearrange", "release", "promote", "duplicate")


@dataclass(frozen=True)
class Facts:
    """What the legal moves read of a content, found once per content."""

    #: the tree spaces planted by discarding Components, in order: (bit, kind or -1 for any
    #: but cards, how many, space id)
    discard_spaces: tuple[tuple[int, int, int, int], ...]
    #: per Tweenie id: whether it can be placed only when its effect is possible
    conditional_tweenies: tuple[bool, ...]


_FACTS: dict[int, tuple[Content, Facts]] = {}


def facts(content: Content) -> Facts:
    """The :class:`Facts` of ``content`` (built on first use)."""
    found = _FACTS.get(id(content))
    if found is None or found[0] is not content:
        found = _FACTS[id(content)] = (content, Facts(
            tuple((1 << space.id, space.condition[1], space.condition[2], space.id)
                  for space in content.trees if space.condition[0] == DISCARD),
            tuple(tweenie.effect[0] in CONDITIONAL_TWEENIES for tweenie in content.tweenies)))
    return found[1]


__all__ = ["DICE", "PLASTIC", "SPACES", "Factory"]
