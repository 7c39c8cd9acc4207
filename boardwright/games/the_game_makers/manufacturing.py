"""Game Manufacturing: paying a Contract, machinery discounts, the Display Case and rewards.

Rulebook "Game Manufacturing", "Contract Over-Paying", "Punchboard & Machinery"; RULINGS M5, M6, M9.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardwright.engine import Action

from .board import EMPTY, TWEENIE_BASE, Frame
from .content import CARDS, TILES, Profile, take_smallest
from .events import card_name, place, resource, tile_name
from .resources import Resources

NO_DISCOUNT = (0, 0, 0, 0, 0)


class Manufacturing(Resources):
    __slots__ = ()

    # ------------------------------------------------------------------ machinery (M6)
    def machinery_sets(self, seat: int) -> list[int]:
        """Machinery sets per component kind (as last counted by :meth:`count_sets`)."""
        return self.sets_of[seat * 5: seat * 5 + 5]

    def count_sets(self, seat: int) -> None:
        """Sets of 3 adjacent matching icons in a row, per component kind; no tile counts twice
        (a run of 6 is two sets). Called whenever the Assembly Line changes."""
        sets = [0, 0, 0, 0, 0]
        line = self.line[seat]
        tiles = self.content.tiles
        for row in range(0, 18, 6):
            run_icon, run = -1, 0
            for i in range(row, row + 6):
                code = line[i]
                icon = tiles[code][1] if 0 <= code < TWEENIE_BASE else -1
                if icon >= 0 and icon == run_icon:
                    run += 1
                else:
                    if run_icon >= 0:
                        sets[run_icon] += run // 3
                    run_icon, run = icon, 1
            if run_icon >= 0:
                sets[run_icon] += run // 3
        self.sets_of[seat * 5: seat * 5 + 5] = sets

    def requirements(self, seat: int, card: int) -> list[tuple[int, int]]:
        """What a Contract still needs after machinery discounts: (kind, least level), cards as
        (CARDS, how many). Each set lowers that kind's requirements one level; a requirement
        discounted to 0 is not needed; "any level" counts as level 1 (M6)."""
        sets = self.sets_of
        base = seat * 5
        return [(kind, level - sets[base + kind]) for kind, level in self.content.cards[card].needs
                if level > sets[base + kind]]

    def component_levels(self, seat: int, kind: int) -> list[int]:
        """The levels of the Components of one kind (cards: one entry per card)."""
        if kind == CARDS:
            return [1] * len(self.hand[seat])
        if kind == TILES:
            tiles = self.content.tiles
            return [tiles[t][0] for t in self.ctiles[seat]]
        base = seat * 20 + kind * 4
        c = self.comp
        return [1] * c[base + 1] + [2] * c[base + 2] + [3] * c[base + 3]

    def can_pay(self, seat: int, needs: Sequence[tuple[int, int]],
                discounts: Sequence[int] = NO_DISCOUNT) -> bool:
        """Whether the Components cover the needs (sorted by kind, highest level first), each
        lowered by that kind's ``discounts``: never a lower level than required (greedy by
        highest requirement, smallest fitting component, which is optimal)."""
        cards = len(self.hand[seat])
        have_kind, have = -1, [0, 0, 0, 0]
        for kind, level in needs:
            level -= discounts[kind]
            if level <= 0:
                continue  # discounted away (M6)
            if kind == CARDS:  # a number of cards; several card requirements add up
                cards -= level
                if cards < 0:
                    return False
                continue
            if kind != have_kind:  # the Components of this kind, counted by level
                have_kind = kind
                if kind == TILES:
                    have = [0, 0, 0, 0]
                    tiles = self.content.tiles
                    for t in self.ctiles[seat]:
                        have[tiles[t][0]] += 1
                else:
                    base = seat * 20 + kind * 4
                    have = self.comp[base: base + 4]
            if not take_smallest(have, level):
                return False
        return True

    def legal_make(self, seat: int) -> list[Action]:
        """The Contracts whose game can be manufactured now: the Display Case has an empty slot
        and the Components cover the Contract after machinery discounts."""
        if EMPTY not in self.display[seat]:
            return []
        contracts = self.contracts[seat]
        if contracts[0] == contracts[1] == contracts[2] == EMPTY:
            return []
        discounts = self.sets_of[seat * 5: seat * 5 + 5]
        hand = len(self.hand[seat])
        ctiles = self.ctiles[seat]
        comp = self.comp[seat * 20 + 8: seat * 20 + 20]  # wood, dice, plastic by level
        # The answer depends on nothing else: the same as last time for this seat (two times in
        # three: a move that took no Components) is not worked out again.
        last = self.made[seat]
        content = self.content
        if (last is not None and last[0] == contracts and last[1] == comp and last[2] == hand
                and last[3] == ctiles and last[4] == discounts and last[6] is content):
            return last[5][:]
        cards = content.cards
        make = self.acts.make
        out = []
        for i in (0, 1, 2):
            card = contracts[i]
            if card != EMPTY and self.covers(seat, cards[card].profile, discounts):
                out.append(make[i])
        self.made[seat] = (contracts[:], comp, hand, ctiles[:], discounts, out[:], content)
        return out

    def covers(self, seat: int, profile: Profile, discounts: Sequence[int]) -> bool:
        """Whether the Components cover a Contract's requirements (its
        :func:`~.content.payment_profile`), each lowered by that kind's ``discounts`` (a
        requirement lowered to 0 is gone, M6): what :meth:`can_pay` decides, counted.

        A requirement takes one Component of its level or higher (M5), so they can all be paid
        exactly when, for every level, there are no more requirements of at least that level than
        Components of at least that level: exactly when paying the highest requirement first with
        the smallest Component that fits succeeds. Cards add up by number."""
        numbers, kinds = profile
        if numbers:
            d = discounts[CARDS]
            cards = 0
            for n in numbers:
                if n > d:
                    cards += n - d
            if cards > len(self.hand[seat]):
                return False
        for kind, at_least in kinds:
            d = discounts[kind]
            if at_least[4 + d]:
                return False  # no Component is above level 3
            if kind == TILES:
                sizes = [0, 0, 0, 0]
                tiles = self.content.tiles
                for t in self.ctiles[seat]:
                    sizes[tiles[t][0]] += 1
                three, two, one = sizes[3], sizes[2], sizes[1]
            else:
                base = seat * 20 + kind * 4
                c = self.comp
                three, two, one = c[base + 3], c[base + 2], c[base + 1]
            two += three
            if at_least[3 + d] > three or at_least[2 + d] > two or at_least[1 + d] > one + two:
                return False
        return True

    # ------------------------------------------------------------------ paying
    def do_make(self, seat: int, action: Action) -> None:
        """Start manufacturing the game of a Contract (any time in one's turn, even mid-action)."""
        space = action.args[0]
        card = self.contracts[seat][space]
        self.contracts[seat][space] = EMPTY
        if self._telling:
            self.tell("manufacture_started", {"seat": seat, "space": space + 1,
                                              "card": card_name(card + 1, self.content.cards[card].name)})
        self.stack.append(("pay", card, tuple(self.requirements(seat, card))))
        self.settle_payment(seat, [])

    def pay_options(self, seat: int, kind: int, level: int) -> list[int]:
        return sorted({lv for lv in self.component_levels(seat, kind) if lv >= level})

    def settle_payment(self, seat: int, paid: list[str]) -> None:
        """Pay every requirement that leaves no choice; stop at the first real choice. The
        players are told what was ``paid`` since the last choice, in one event."""
        telling = self._telling
        while True:
            _, card, needs = self.stack[-1]
            if not needs:
                self.stack.pop()
                self.stack.append(("display", card))
                break
            kind, level = needs[0]
            if kind == CARDS:
                if telling:
                    paid += self.spent_words(seat, kind, 1, level)
                self.spend(seat, kind, 1, level)
            else:
                options = self.pay_options(seat, kind, level)
                if len(options) > 1:
                    break
                if telling:
                    paid += self.spent_words(seat, kind, options[0], 1)
                self.spend(seat, kind, options[0], 1)
            self.stack[-1] = ("pay", card, needs[1:])
        if paid:
            self.tell("spent", {"seat": seat, "paid": paid})

    def legal_pay(self, seat: int, frame: Frame) -> list[Action]:
        kind, level = frame[2][0]
        row = self.acts.pay[kind]
        return [row[lv] for lv in self.pay_options(seat, kind, level)]

    def do_pay(self, seat: int, action: Action) -> None:
        """Pay one requirement with a Component of its level or higher (over-paying)."""
        kind, level = action.args
        _, card, needs = self.stack[-1]
        paid = self.spent_words(seat, kind, level, 1) if self._telling else []
        self.spend(seat, kind, level, 1)
        self.stack[-1] = ("pay", card, needs[1:])
        self.settle_payment(seat, paid)

    def spend(self, seat: int, kind: int, level: int, count: int) -> None:
        """Spent Components go back to the supply; cards and tiles to face-up discard piles.

        Face-down cards are alike as components; the longest-held go first, so the cards turned
        face up tell the others nothing about the cards kept (lowest ids first would)."""
        if kind == CARDS:
            hand = self.hand[seat]
            self.discard.extend(hand[:count])
            del hand[:count]
        elif kind == TILES:
            tiles = self.content.tiles
            ctiles = self.ctiles[seat]
            tile = min(t for t in ctiles if tiles[t][0] == level)
            ctiles.remove(tile)
            self.tile_discard[level - 1].append(tile)
        else:
            self.comp[seat * 20 + kind * 4 + level] -= count

    # ------------------------------------------------------------------ the Display Case
    def legal_display(self, seat: int) -> list[Action]:
        return [self.acts.display[i] for i, c in enumerate(self.display[seat]) if c == EMPTY]

    def do_display(self, seat: int, action: Action) -> None:
        """The finished game goes to an empty slot; its immediate reward follows; a 12th game
        triggers the end (M9): this turn is finished, then one final turn."""
        _, card = self.stack.pop()
        slot = action.args[0]
        self.display[seat][slot] = card
        info = self.content.cards[card]
        source = "a reward"
        if self._telling:
            source = card_name(card + 1, info.name)
            self.tell("game_displayed", {"seat": seat, "card": source, "place": place(slot, 4)})
            source = "the reward of " + source
        for effect in reversed(info.reward):
            self.effect(seat, effect, source=source)
        sid = self.structs[seat * 3 + 2]
        if sid >= 0 and self.is_active(seat, 2):
            structure = self.content.structures[sid]
            if structure.trigger[0] == "build" and structure.trigger[1] in (-1, info.type):
                if self._telling:
                    self.tell_bonus(seat, structure.name, structure.bonus)
                self.effect(seat, structure.bonus, trigger=False, source=structure.name)
        self.claim_trees(seat)  # type: ignore[attr-defined]
        if self.end_turn == 0 and EMPTY not in self.display[seat]:
            self.end_turn = self.turn + 1
            self.tell("final_turn", {"seat": seat, "turn": self.end_turn})

    def spent_words(self, seat: int, kind: int, level: int, count: int) -> list[str]:
        """What :meth:`spend` is about to spend, in words: spent cards go face up, so they are
        named (the longest-held first), and a tile is the one ``spend`` takes."""
        if kind == CARDS:
            cards = self.content.cards
            return [card_name(c + 1, cards[c].name) for c in self.hand[seat][:count]]
        if kind == TILES:
            tiles = self.content.tiles
            return [tile_name(level, tiles[min(t for t in self.ctiles[seat] if tiles[t][0] == level)][1])]
        return [resource(kind, level)] * count
