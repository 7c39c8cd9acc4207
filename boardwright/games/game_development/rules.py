"""The rules of the Game Development deck that cards call on: costs and paying them, the Action
cards, Lead abilities, milestones and their timing. Mixed into the State (state.py), which holds the
data and the flow of a turn.

Rulings cited: D1–D9 (shared/rules/RULINGS.md) and ours, R1–R16 (docs/games/game-development.md).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .content import ART, LD, PROG, Need

if TYPE_CHECKING:
    from ...engine import Streams
    from .actions import Actions
    from .content import Card, Content

#: the kind paid by a single-resource cost entry, by its mask
SINGLE = {1: 0, 2: 1, 4: 2, 8: 3}
LD_BIT = 1 << LD

# Phases of play.
MAIN, PAY, DISCARD, CREEP, LEADS, OVER = range(6)


class Rules:
    """Rule helpers, named with the rulebook's words. The data lives in the State's slots."""

    __slots__ = ()

    # declared by the State
    content: Content
    acts: Actions
    players: int
    hands: list[list[int]]
    known: list[list[list[int]]]
    deck: list[int]
    discard: list[int]
    devs: list[list[int]]
    counters: list[list[int]]
    leads: list[list[int]]
    documents: list[list[int]]
    features: list[list[int]]
    bonus: list[list[int]]
    bugs: list[list[int]]
    milestone: int
    turns: list[int]
    round: int
    active: int
    phase: int
    thing_used: bool
    actions_left: int
    wishing_used: bool
    booster: int
    creep: int                 # Feature Creeps played this turn (their windows still owed)
    point_bonus: int
    pool: list[int]
    pay_card: int
    need: list[int]
    streams: Streams
    powers: list[dict[str, int]]
    telling: bool
    tell: Callable[..., None]

    # ------------------------------------------------------------------ cards in hand and deck
    def draw(self, seat: int, count: int, dealt: bool = False) -> None:
        """Draw ``count`` cards; an empty deck is refilled by shuffling the discard pile (D1).
        The drawer is told which cards, the others how many."""
        deck = self.deck
        hand = self.hands[seat]
        drawn: list[int] = []
        for _ in range(count):
            if not deck:
                self.tell_drawn(seat, drawn, dealt)
                drawn = []
                if not self.discard:
                    self.tell("deck_empty", {"seat": seat})
                    return
                self.reshuffle_discard_pile()
            card = deck.pop()
            insort(hand, card)
            drawn.append(card)
        self.tell_drawn(seat, drawn, dealt)

    def tell_drawn(self, seat: int, drawn: list[int], dealt: bool) -> None:
        if drawn and self.telling:
            names = self.content.names
            self.tell("dealt" if dealt else "drew",
                      {"seat": seat, "cards": [names[drawn[0]]] if len(drawn) == 1 else [names[c] for c in drawn]},
                      to=(seat,), others={"seat": seat, "n": len(drawn)})

    def reshuffle_discard_pile(self) -> None:
        """D1: the discard pile becomes the deck, shuffled."""
        self.tell("deck_reshuffled", {"n": len(self.discard)})
        self.deck.extend(self.discard)
        self.discard.clear()
        self.streams["deck"].shuffle(self.deck)

    def take_at_random(self, taker: int, giver: int) -> None:
        """``taker`` takes a card at random from ``giver``'s hand (Sharing and Trading Ideas).

        Both know the card: the giver now knows it is in the taker's hand. Others only know that
        some card moved, so what they knew of the giver's hand no longer holds (R12).
        """
        hand = self.hands[giver]
        if not hand:
            self.tell("took_nothing", {"taker": taker, "giver": giver})
            return
        card = hand.pop(self.streams["hands"].below(len(hand)))
        insort(self.hands[taker], card)
        self.tell("took", {"taker": taker, "giver": giver, "card": self.content.cards[card].name},
                  to=(taker, giver), others={"taker": taker, "giver": giver, "card": None})
        known = self.known
        for viewer in range(self.players):
            if viewer == taker:
                forget(known[viewer][giver], card)
            elif viewer != giver:
                known[viewer][giver].clear()
        known[giver][taker].append(card)

    def from_hand(self, seat: int, card: int) -> None:
        """A card leaves ``seat``'s hand face up (played or discarded): no longer a known secret."""
        self.hands[seat].remove(card)
        for row in self.known:
            if row[seat]:
                forget(row[seat], card)

    # ------------------------------------------------------------------ Leads
    def lead_effects(self, seat: int, dev: int) -> tuple[str, ...]:
        """What ``dev`` does for ``seat``: its Lead text while it is a Lead ("Lead:"), else nothing."""
        card = self.content.cards[dev]
        if card.lead and self.leads[seat][card.kind] == dev:
            return card.lead
        return ()

    def has_lead_effect(self, seat: int, effect: str) -> bool:
        return effect in self.powers[seat]

    # ------------------------------------------------------------------ milestones
    def starting_counters(self, seat: int, dev: int) -> int:
        """D6: a developer starts a milestone with counters equal to its turns, plus one per
        design document of its kind; Killer K's Lead adds one, E Machete's Lead doubles them."""
        card = self.content.cards[dev]
        count = self.turns[self.milestone]
        count += sum(1 for d in self.documents[seat] if self.content.cards[d].kind == card.kind)
        effects = self.lead_effects(seat, dev)
        if "extra-counter" in effects:
            count += 1
        if "double-counters" in effects:
            count *= 2
        return count

    # ------------------------------------------------------------------ costs
    def may_add_features(self, seat: int) -> bool:
        """"You may not add any new features": a bug with that text blocks its controller."""
        return self.content.no_features.isdisjoint(self.bugs[seat])

    def feature_cost(self, seat: int, card: Card) -> list[int]:
        """The cost to play a feature, as flat ``[mask, amount, ...]``: the milestone's change
        (Beta: +1 of each resource, D4) and "Features require 1 less LD" per such feature you
        control, stacked, each at least 0."""
        return list(self.feature_costs(seat)[card.id])

    def bug_cost(self, seat: int, card: Card) -> list[int]:
        """The cost to destroy a bug: the milestone's change (Vertical Slice −1, RTM +1) and
        "Bugs you control require 1 less of each resource" per such feature, each at least 0."""
        return list(self.bug_costs(seat)[card.id])

    def feature_costs(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """Every card's cost as :meth:`feature_cost` gives it for ``seat`` now, by card id."""
        return self.costs_less(seat, self.content.ld_discount, LD_BIT)[0]

    def bug_costs(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """Every card's cost as :meth:`bug_cost` gives it for ``seat`` now, by card id."""
        return self.costs_less(seat, self.content.bug_discount, -1)[0]

    def feature_needs(self, seat: int) -> tuple[Need, ...]:
        """:meth:`feature_costs` as :class:`Need` (for :meth:`can_pay`), by card id."""
        return self.costs_less(seat, self.content.ld_discount, LD_BIT)[1]

    def bug_needs(self, seat: int) -> tuple[Need, ...]:
        """:meth:`bug_costs` as :class:`Need` (for :meth:`can_pay`), by card id."""
        return self.costs_less(seat, self.content.bug_discount, -1)[1]

    def costs_less(self, seat: int, discounts: frozenset[int],
                   resources: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Need, ...]]:
        """Every card's cost this milestone, 1 less of the ``resources`` (a bit mask) for each
        feature ``seat`` controls among ``discounts``; no amount below 0 (D4): flat, and as
        :class:`Need`.

        A cost depends only on the milestone and how many such features there are, so the table
        is built once per content for each of those and shared by every state."""
        features = self.features[seat]
        less = 0 if discounts.isdisjoint(features) else sum(1 for f in features if f in discounts)
        key = (self.milestone, resources, less)
        content = self.content
        found = content.discounted.get(key)
        if found is None:
            flat = tuple(discounted(cost, less, resources) for cost in content.costs[self.milestone])
            found = content.discounted[key] = (flat, tuple(need_of(cost) for cost in flat))
        return found

    def resource_yield(self, seat: int, dev: int, for_bug: bool) -> int:
        """Resources one counter of ``dev`` generates towards the cost being paid: 1, plus Magical
        M's (bugs) or Wild W's (features) extra, plus one while Bioshock B's boost is on (other
        non-programmers)."""
        amount = 1
        if self.powers[seat].get("bug-yield" if for_bug else "feature-yield", -1) == dev:
            amount += 1
        if self.booster >= 0 and dev != self.booster and self.content.cards[dev].kind != PROG:
            amount += 1
        return amount

    def conversion(self, seat: int, dev: int) -> int:
        """The kind a Lead converts 2 of its counters into (Beastmode B: LD, Mickey M: Art), or -1."""
        powers = self.powers[seat]
        if powers.get("convert-ld", -1) == dev:
            return LD
        if powers.get("convert-art", -1) == dev:
            return ART
        return -1

    def capacity(self, seat: int, for_bug: bool) -> tuple[list[int], tuple[int, int, int, int] | None]:
        """What the pool and ``seat``'s developers can still generate for a cost, by kind, with a
        converting Lead apart as ``(counters, yield, kind, converts to)``."""
        cap = list(self.pool)
        kind_of = self.content.kind_of
        if not self.powers[seat] and self.booster < 0:
            for dev, count in zip(self.devs[seat], self.counters[seat], strict=True):
                cap[kind_of[dev]] += count
            return cap, None
        converter = None
        powers = self.powers[seat]
        convert = powers.get("convert-ld", powers.get("convert-art", -1))
        extra = powers.get("bug-yield" if for_bug else "feature-yield", -1)
        booster = self.booster
        for dev, count in zip(self.devs[seat], self.counters[seat], strict=True):
            if not count:
                continue
            kind = kind_of[dev]
            per = 1
            if dev == extra:
                per += 1
            if booster >= 0 and dev != booster and kind != PROG:
                per += 1
            if dev == convert:
                converter = (count, per, kind, self.conversion(seat, dev))
            else:
                cap[kind] += count * per
        return cap, converter

    def can_pay(self, seat: int, need: Need, for_bug: bool,
                capacity: tuple[list[int], tuple[int, int, int, int] | None] | None = None) -> bool:
        """Whether the pool and the counters of ``seat``'s developers can still cover ``need``.

        Exact: a converting Lead (Beastmode B, Mickey M) is tried with every number of conversions.
        """
        cap, converter = capacity or self.capacity(seat, for_bug)
        if converter is None:
            return covers(cap, need)
        count, per, kind, target = converter
        for swaps in range(count // 2 + 1):
            trial = list(cap)
            trial[kind] += (count - 2 * swaps) * per
            trial[target] += swaps
            if covers(trial, need):
                return True
        return False

    def settle(self) -> bool:
        """Pay the pending cost from the pool: single resources first, then an either-or resource
        from whichever of its kinds the pool holds most of. True when the cost is fully paid."""
        pool, need = self.pool, self.need
        done = True
        for j in range(0, len(need), 2):
            amount = need[j + 1]
            if not amount:
                continue
            kind = SINGLE.get(need[j], -1)
            if kind >= 0:
                take = min(pool[kind], amount)
                pool[kind] -= take
                need[j + 1] = amount = amount - take
                done = done and not amount
        for j in range(0, len(need), 2):
            mask, amount = need[j], need[j + 1]
            if amount and need[j] not in SINGLE:
                while amount:
                    best = max((k for k in range(4) if mask >> k & 1), key=lambda k: (pool[k], -k))
                    if not pool[best]:
                        break
                    take = min(pool[best], amount)
                    pool[best] -= take
                    amount -= take
                need[j + 1] = amount
                done = done and not amount
        return done

    def needed_kinds(self) -> int:
        """The kinds (as bits) of the pending cost still unpaid."""
        need = self.need
        mask = 0
        for j in range(0, len(need), 2):
            if need[j + 1]:
                mask |= need[j]
        return mask

    # ------------------------------------------------------------------ Action cards
    def sharing_ideas(self, seat: int) -> None:
        """Each player draws a card; then, starting on your left, each player takes a card at
        random from the player on their right."""
        n = self.players
        for i in range(n):
            self.draw((seat + i) % n, 1)
        for i in range(1, n + 1):
            taker = (seat + i) % n
            self.take_at_random(taker, (taker - 1) % n)

    def trading_ideas(self, seat: int, target: int) -> None:
        """Target player takes a card at random from your hand, then you take one from theirs."""
        self.take_at_random(target, seat)
        self.take_at_random(seat, target)

    def crunch_mode(self, seat: int) -> None:
        """Remove 2 counters from each of your developers; reveal the top 5 cards of the deck; bugs
        and features go into play under your control, the rest to the discard pile.

        R8: the revealed cards are placed all at once, so whether features may be added is read
        once, before the reveal: a bug in play that forbids new features sends the revealed
        features to the discard pile, a Build Breaker revealed with them stops none of them.
        """
        counters = self.counters[seat]
        for i, count in enumerate(counters):
            counters[i] = count - 2 if count > 2 else 0
        self.tell("crunch_counters", {"seat": seat})
        cards = self.content.cards
        may_add = self.may_add_features(seat)   # the state before the reveal (R8)
        revealed: list[int] = []
        for _ in range(5):
            if not self.deck:
                if not self.discard:
                    break
                self.reshuffle_discard_pile()
            card = self.deck.pop()
            revealed.append(card)
            kind = cards[card].type
            if kind == "bug":
                self.bugs[seat].append(card)
            elif kind == "feature" and may_add:
                self.features[seat].append(card)
                self.bonus[seat].append(0)
            else:
                self.discard.append(card)
        if self.telling:
            self.tell_crunch(seat, revealed, may_add)

    def tell_crunch(self, seat: int, revealed: list[int], may_add: bool) -> None:
        """Every card Crunch Mode revealed, where it went and why; a bug that now stops its
        player adding features is told apart."""
        cards = self.content.cards
        names = {t: [cards[c].name for c in revealed if cards[c].type == t] for t in ("feature", "bug")}
        blocker = next((cards[b].name for b in self.bugs[seat] if b in self.content.no_features), None)
        self.tell("crunch_revealed", {
            "seat": seat, "cards": [cards[c].name for c in revealed],
            "features": names["feature"] if may_add else [], "bugs": names["bug"],
            "discarded": [cards[c].name for c in revealed if cards[c].type not in ("feature", "bug")],
            "blocked": [] if may_add else names["feature"], "blocked_by": None if may_add else blocker})
        if may_add:
            for c in revealed:
                if c in self.content.no_features:
                    self.tell("features_blocked", {"seat": seat, "bug": cards[c].name})
                    break

    def raise_morale(self, seat: int) -> None:
        """Add a counter to each of your developers."""
        counters = self.counters[seat]
        for i in range(len(counters)):
            counters[i] += 1
        self.tell("morale_raised", {"seat": seat})

    def source_control_conflict(self, target: int, feature: int) -> None:
        """Destroy target feature (R9: of several copies, the one worth most)."""
        owned, bonus = self.features[target], self.bonus[target]
        best = max((i for i, f in enumerate(owned) if f == feature), key=lambda i: bonus[i])
        self.tell("feature_destroyed", {"seat": target, "feature": self.content.cards[feature].name,
                                        "points": self.content.cards[feature].points + bonus[best]})
        del owned[best]
        del bonus[best]
        self.discard.append(feature)


def discounted(cost: tuple[int, ...], less: int, resources: int) -> tuple[int, ...]:
    """A flat cost ``(mask, amount, ...)`` with ``less`` off each amount of the ``resources`` (a
    bit mask), no amount below 0."""
    out = list(cost)
    for j in range(1, len(out), 2):
        value = out[j] - less if out[j - 1] & resources else out[j]
        out[j] = value if value > 0 else 0
    return tuple(out)


def need_of(cost: Sequence[int]) -> Need:
    """A flat cost ``[mask, amount, ...]`` as a :class:`Need`: the single-resource amounts by kind
    (Programmer, Artist, Level Designer, Producer), then the either-or resource's mask and amount."""
    singles = [0, 0, 0, 0]
    either_mask = either = 0
    for j in range(0, len(cost), 2):
        mask, amount = cost[j], cost[j + 1]
        if not amount:
            continue
        kind = SINGLE.get(mask, -1)
        if kind < 0:
            either_mask, either = mask, amount
        else:
            singles[kind] += amount
    return singles[0], singles[1], singles[2], singles[3], either_mask, either


def covers(cap: list[int], need: Need) -> bool:
    """Whether resources ``cap`` (by kind) cover ``need``: every single resource, then the
    either-or amount from what is left of its kinds."""
    a, b, c, d, mask, either = need
    left0, left1, left2, left3 = cap[0] - a, cap[1] - b, cap[2] - c, cap[3] - d
    if left0 < 0 or left1 < 0 or left2 < 0 or left3 < 0:
        return False
    return not either or ((left0 if mask & 1 else 0) + (left1 if mask & 2 else 0)
                          + (left2 if mask & 4 else 0) + (left3 if mask & 8 else 0)) >= either


def forget(cards: list[int], card: int) -> None:
    """Remove one ``card`` from a list of known cards, if it is there."""
    if card in cards:
        cards.remove(card)
