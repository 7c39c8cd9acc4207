"""A Game Development observation written straight from the state: the same numbers as
:func:`observation.observe` writes from ``view(seat)``, without building the view.

It reads only what the view shows the seat: every tableau, hand sizes, the seat's own hand and
the costs the view gives its features, the cards the seat knows in other hands and those of its
hand others know (R12), how many cards one other seat knows of another's hand, the deck size, the
discard pile, the turn, a payment's card and what it still needs, what a round of Feature Creep
bugs showed, the Lead title being chosen and the seat's own secret and committed choices. Costs
come from the rule functions the view calls (``feature_costs``, ``bug_costs``), read into the
five amounts :func:`observation.cost_amounts` reads from the view's words.

Positions come from the layout the view's encoding describes (built once per observer from a
probe view), so the two stay in step; the conformance kit compares them at every checked state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...engine.observation import Encoder
from .observation import BUG_POINTS, COST, COUNTERS, FEATURE_POINTS, HAND, KIND_COUNTERS, TURNS, Context, observe
from .rules import CREEP, LEADS

if TYPE_CHECKING:
    from ...engine import Game
    from .state import GameDevelopmentState

#: a single resource's mask -> its place among the five amounts (either-or: 4)
_SINGLE = {1: 0, 2: 1, 4: 2, 8: 3}
_ONES3 = (1.0, 1.0, 1.0)


class Tables:
    """What the fast path needs, built once per observer: where each block starts (absolute,
    for the game's part starting at ``at``) and per-card positions and points."""

    __slots__ = (
        "actions_left", "active", "between", "boosting", "card_at", "counters_at", "creep", "deck_max",
        "deck_size", "developer_index", "discard", "discard_size", "extra_action", "feature_index", "first",
        "hand", "hand_costs", "hand_limit", "header", "holds_a_bug", "holds_no_bug", "kind_of", "lead_choice",
        "lead_index", "lead_kind", "leads_at", "milestone", "milestone_turns", "next_bonus", "others",
        "paying_for", "phase", "points", "pool", "priced", "round", "rounds_left_game",
        "rounds_left_milestone", "secret_leads", "still_needed", "studios", "thing_played", "titled",
    )

    def __init__(self, ctx: Context, offsets: Mapping[str, int], at: int, cards: Sequence[Any],
                 titles: Sequence[str]) -> None:
        n = ctx.players
        n_devs = len(ctx.developers)

        def block(name: str) -> int:
            return at + offsets[name]

        self.milestone = block("milestone")
        self.milestone_turns = block("milestone_turns")
        self.round = block("round")
        self.rounds_left_milestone = block("rounds_left_in_milestone")
        self.rounds_left_game = block("rounds_left_in_game")
        self.first = block("first_player")
        self.active = block("active")
        self.phase = block("phase")
        #: (milestone, round, every milestone's rounds) -> the entries :func:`header` gives
        self.header: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}
        # per seat counted from the viewer: where its single-place blocks start (counters per
        # kind, feature points, bug points, destroy cost, hand size)
        studio = [(block(f"seat+{k}.counters_per_kind"), block(f"seat+{k}.feature_points"),
                   block(f"seat+{k}.bug_points"), block(f"seat+{k}.bugs_destroy_cost"),
                   block(f"seat+{k}.hand_size")) for k in range(n)]
        #: per seat counted from the viewer, per card id: the card's place in the studio block of
        #: its type (developers, documents, features, bugs), or -1
        self.card_at: list[list[int]] = []
        for k in range(n):
            row = [-1] * len(cards)
            for card in cards:
                for kind, words in (("developer", ctx.developers), ("document", ctx.documents),
                                    ("feature", ctx.features), ("bug", ctx.bugs)):
                    if card.type == kind and card.name in words:
                        row[card.id] = block(f"seat+{k}.{kind}s") + words[card.name]
            self.card_at.append(row)
        #: per viewer: each seat's studio, the viewer's first then clockwise: the seat, its
        #: card_at row and the starts of its single-place blocks (see ``studio``)
        self.studios = [tuple(((seat + k) % n, self.card_at[k], *studio[k]) for k in range(n))
                        for seat in range(n)]
        self.counters_at = n_devs          # a developer's counters: its place + this
        self.leads_at = 2 * n_devs         # a developer's Lead flag: its place + this
        #: per card id: its place among the content's features / developers, or -1
        self.feature_index = tuple(ctx.features.get(c.name, -1) if c.type == "feature" else -1 for c in cards)
        self.developer_index = tuple(ctx.developers.get(c.name, -1) if c.type == "developer" else -1
                                     for c in cards)
        self.kind_of = tuple(c.kind for c in cards)
        self.points = tuple(c.points for c in cards)
        #: whether a Lead of each kind shows (the view shows its title, which may be empty)
        self.titled = tuple(bool(t) for t in titles)
        self.hand = block("hand")
        self.hand_costs = block("hand_feature_costs")
        #: per viewer: for each other seat, clockwise, its number and where the cards the viewer
        #: knows in its hand and the cards of the viewer's hand it knows start
        self.others = [tuple(((seat + k) % n, block(f"seat+{k}.known_in_hand"), block(f"seat+{k}.knows_of_yours"))
                             for k in range(1, n)) for seat in range(n)]
        #: per viewer: for each other seat, its number and where its row (as v) starts in
        #: known_between_others, and its number and column (as h); a pair's place is the sum
        self.between = [(tuple(((seat + k) % n, block("known_between_others") + k * n) for k in range(1, n)),
                         tuple(((seat + k) % n, k) for k in range(1, n))) for seat in range(n)]
        self.hand_limit = float(ctx.hand_limit)
        self.deck_size = block("deck_size")
        self.discard_size = block("discard_size")
        self.deck_max = float(ctx.deck_max)
        self.discard = block("discard_pile")
        self.thing_played = block("thing_played")
        self.actions_left = block("actions_left")
        self.creep = block("feature_creep")
        self.extra_action = block("extra_action_used")
        self.boosting = block("boosting")
        self.pool = block("pool")
        self.next_bonus = block("next_feature_bonus")
        self.paying_for = block("paying_for")
        self.priced = {cards[ctx.cards[name]].id: i for name, i in ctx.priced.items()}
        self.still_needed = block("still_needed")
        self.holds_a_bug = block("holds_a_bug")
        self.holds_no_bug = block("holds_no_bug")
        self.lead_kind = block("lead_kind")
        self.secret_leads = block("your_secret_leads")
        self.lead_choice = block("your_lead_choice")
        self.lead_index = {text: i for i, text in enumerate(ctx.lead_choices)}


def prepare(ctx: Context, game: Game, players: int, options: Mapping[str, Any]) -> None:
    """Lay out the fast path's tables in ``ctx``: the block offsets of the view's encoding of a
    probe game (the layout depends only on the content and the player count)."""
    probe = game.new(players=players, seed=0, options=options, events=False)
    encoder = Encoder(0, players, describe=True)
    observe(encoder, probe.view(0), ctx)
    ctx.offsets = encoder.offsets()


def amounts(cost: tuple[int, ...], memo: dict[tuple[int, ...], tuple[tuple[int, float], ...]]
            ) -> tuple[tuple[int, float], ...]:
    """A flat cost ``(mask, amount, ...)`` as the view's words read back (:func:`cost_amounts`):
    its nonzero amounts of Prog, Art, LD, Prod and the either-or resource, as (place, amount /
    COST) pairs."""
    found = memo.get(cost)
    if found is None:
        row = [0, 0, 0, 0, 0]
        for j in range(0, len(cost), 2):
            mask, amount = cost[j] & 15, cost[j + 1]
            if amount > 0 and mask:     # the words name the four resources' bits, and no 0
                row[_SINGLE.get(mask, 4)] += amount
        found = memo[cost] = tuple((j, row[j] / COST) for j in range(5) if row[j])
    return found


def header(t: Tables, milestone: int, rnd: int, turns: list[int]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The entries of the milestone, every milestone's rounds, the round and the rounds left, as
    (positions, values)."""
    positions = [t.milestone + milestone]
    values = [1.0]
    for i, turn in enumerate(turns):
        if turn:
            positions.append(t.milestone_turns + i)
            values.append(turn / TURNS)
    if rnd:
        positions.append(t.round)
        values.append(rnd / TURNS)
    left = turns[milestone] - rnd
    if left:
        positions.append(t.rounds_left_milestone)
        values.append(left / TURNS)
    left += sum(turns[milestone + 1:])
    if left:
        positions.append(t.rounds_left_game)
        values.append(left / (2 * TURNS))
    return tuple(positions), tuple(values)


def observe_state(state: GameDevelopmentState, seat: int, ctx: Context, at: int,
                  positions: list[int], values: list[float]) -> None:
    """Append the nonzero values of ``seat``'s observation of ``state`` (its game part starts at
    ``at``), exactly as :func:`observation.observe` writes them from ``state.view(seat)``."""
    t = ctx.tables.get(at)
    if t is None:
        t = ctx.tables[at] = Tables(ctx, ctx.offsets, at, ctx.fast_cards, ctx.fast_titles)
    pos = positions.append
    val = values.append
    n = state.players
    memo = ctx.amounts
    # ---------------------------------------------------------------- the milestone and the turn
    extend = positions.extend
    extend_values = values.extend
    turns = state.turns
    key = (state.milestone, state.round, *turns)
    found = t.header.get(key)
    if found is None:
        if len(t.header) > 4096:
            t.header.clear()
        found = t.header[key] = header(t, state.milestone, state.round, turns)
    extend(found[0])
    extend_values(found[1])
    extend((t.first + (state.first - seat) % n, t.active + (state.active - seat) % n, t.phase + state.phase))
    extend_values(_ONES3)
    # ---------------------------------------------------------------- every seat's studio
    kind_of = t.kind_of
    points = t.points
    titled = t.titled
    counters_at = t.counters_at
    leads_at = t.leads_at
    for s, card_at, per_kind, feature_points, bug_points, destroy, hand_size in t.studios[seat]:
        leads = state.leads[s]
        for d, c in zip(state.devs[s], state.counters[s], strict=True):
            i = card_at[d]
            kind = kind_of[d]
            if c:
                extend((i, i + counters_at, per_kind + kind))
                extend_values((1.0, c / COUNTERS, c / KIND_COUNTERS))
            else:
                pos(i)
                val(1.0)
            if leads[kind] == d and titled[kind]:
                pos(i + leads_at)
                val(1.0)
        for d in state.documents[s]:
            pos(card_at[d])
            val(1.0)
        features = state.features[s]
        if features:
            total = 0
            for f, b in zip(features, state.bonus[s], strict=True):
                pos(card_at[f])
                val(1.0)
                total += points[f] + b
            if total:
                pos(feature_points)
                val(total / FEATURE_POINTS)
        bugs = state.bugs[s]
        if bugs:
            total = 0
            costs = state.bug_costs(s)
            for b in bugs:
                pos(card_at[b])
                val(1.0)
                total += points[b]
                for j, amount in amounts(costs[b], memo):
                    pos(destroy + j)
                    val(amount)
            if total:
                pos(bug_points)
                val(total / BUG_POINTS)
        held = len(state.hands[s])
        if held:
            pos(hand_size)
            val(held / HAND)
    # ---------------------------------------------------------------- your hand
    hand = state.hands[seat]
    if hand:
        base = t.hand
        feature_index = t.feature_index
        hand_costs = t.hand_costs
        feature_costs = None
        seen = set()
        for c in hand:
            pos(base + c)
            val(1.0)
            i = feature_index[c]
            if i >= 0 and c not in seen:
                seen.add(c)
                if feature_costs is None:
                    feature_costs = state.feature_costs(seat)
                place = hand_costs + 5 * i
                for j, amount in amounts(feature_costs[c], memo):
                    pos(place + j)
                    val(amount)
    # ---------------------------------------------------------------- what is known of hands (R12)
    known = state.known
    mine = known[seat]
    for s, known_in_hand, knows_of_yours in t.others[seat]:
        cards = mine[s]
        if cards:
            for c in cards:
                pos(known_in_hand + c)
                val(1.0)
        cards = known[s][seat]
        if cards:
            for c in cards:
                pos(knows_of_yours + c)
                val(1.0)
    rows, columns = t.between[seat]
    for v, row in rows:
        of = known[v]
        for h, at_h in columns:
            if of[h]:
                pos(row + at_h)
                val(len(of[h]) / t.hand_limit)
    # ---------------------------------------------------------------- the deck and the discard pile
    if state.deck:
        pos(t.deck_size)
        val(len(state.deck) / t.deck_max)
    discard = state.discard
    if discard:
        pos(t.discard_size)
        val(len(discard) / t.deck_max)
        base = t.discard
        extend([base + c for c in discard])
        extend_values([1.0] * len(discard))
    # ---------------------------------------------------------------- the turn
    if state.thing_used:
        pos(t.thing_played)
        val(1.0)
    if state.actions_left:
        pos(t.actions_left)
        val(state.actions_left / 2)
    if state.creep:
        pos(t.creep)
        val(state.creep / 2)
    if state.wishing_used:
        pos(t.extra_action)
        val(1.0)
    if state.booster >= 0:
        pos(t.boosting + t.developer_index[state.booster])
        val(1.0)
    pool = state.pool
    for k in range(4):
        if pool[k]:
            pos(t.pool + k)
            val(pool[k] / COST)
    if state.point_bonus:
        pos(t.next_bonus)
        val(state.point_bonus / 2)
    # ---------------------------------------------------------------- a cost being paid
    if state.pay_card >= 0:
        pos(t.paying_for + t.priced[state.pay_card])
        val(1.0)
        need = state.need
        needed = [0, 0, 0, 0, 0]
        for j in range(0, len(need), 2):
            mask, amount = need[j], need[j + 1]
            mask &= 15
            if amount > 0 and mask:     # as in amounts: what the words "LD: 1" name
                needed[_SINGLE.get(mask, 4)] += amount
        for j in range(5):
            if needed[j]:
                pos(t.still_needed + j)
                val(needed[j] / COST)
    # ---------------------------------------------------------------- a round of Feature Creep bugs
    phase = state.phase
    if phase == CREEP:
        shown = state.creep_shown
        for s in range(n):
            if shown[s] > 0:
                pos(t.holds_a_bug + (s - seat) % n)
                val(1.0)
            elif shown[s] < 0:
                pos(t.holds_no_bug + (s - seat) % n)
                val(1.0)
    # ---------------------------------------------------------------- the Lead titles (D5, R4)
    elif phase == LEADS:
        pos(t.lead_kind + state.lead_kind)
        val(1.0)
        for d in state.pending[seat]:
            if d >= 0:
                pos(t.secret_leads + t.developer_index[d])
                val(1.0)
    own = state.own_choice(seat)  # the view shows the seat its own committed choice
    if own is not None:
        choice = t.lead_index.get(str(own))
        if choice is not None:
            pos(t.lead_choice + choice)
            val(1.0)

