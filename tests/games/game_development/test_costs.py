"""D4 and the discount features: a cost is the milestone's, less 1 of the discounted resources per
discount feature its player controls, never below 0 -- whatever the state, however often asked."""

from __future__ import annotations

import pytest

from boardwright.engine import Stream
from boardwright.games.game_development.rules import covers, need_of

from .scenario import CONTENT, GAME, MILESTONES, arrange, at_milestone, fresh, legal, put_in_play, set_counters

LD_BIT = 1 << 2
LD_DISCOUNT = [c.id for c in CONTENT.cards if c.type == "feature" and c.effect == "ld-discount"]
BUG_DISCOUNT = [c.id for c in CONTENT.cards if c.type == "feature" and c.effect == "bug-discount"]


def cost_by_the_rule(state, seat: int, card_id: int, effect: str, resources: int) -> list[int]:
    """The cost written out from the card: the milestone's change on each amount, then 1 less of
    ``resources`` per feature of ``seat`` with ``effect``, each amount at least 0."""
    milestone = CONTENT.milestones[state.milestone]
    info = CONTENT.cards[card_id]
    change = milestone.feature_cost if info.type == "feature" else milestone.bug_cost
    less = sum(1 for f in state.features[seat] if CONTENT.cards[f].effect == effect)
    out = []
    for mask, amount in info.cost:
        amount += change - (less if mask & resources else 0)
        out += [mask, max(0, amount)]
    return out


def check_every_cost(state) -> None:
    for seat in range(state.players):
        for info in CONTENT.cards:
            if info.type in ("feature", "bug"):
                feature = state.feature_cost(seat, info)
                bug = state.bug_cost(seat, info)
                assert feature == cost_by_the_rule(state, seat, info.id, "ld-discount", LD_BIT), (seat, info.name)
                assert bug == cost_by_the_rule(state, seat, info.id, "bug-discount", -1), (seat, info.name)
                feature[1] += 7  # a cost handed out is the caller's own list
                assert state.feature_cost(seat, info) != feature


def test_the_content_has_discount_features_to_test_with():
    assert LD_DISCOUNT and BUG_DISCOUNT


@pytest.mark.parametrize("milestone", MILESTONES)
def test_costs_follow_the_milestone_and_each_discount_feature_as_it_comes_and_goes(milestone):
    state = at_milestone(milestone, players=3)
    check_every_cost(state)
    for count in (1, 2, 3):  # discounts stack, and amounts stop at 0
        put_in_play(state, 0, features=[CONTENT.cards[LD_DISCOUNT[0]].name])
        put_in_play(state, 1, features=[CONTENT.cards[BUG_DISCOUNT[0]].name] * count)
        check_every_cost(state)
    state.features[0].clear()  # gone again (Source Control Conflict)
    state.bonus[0].clear()
    check_every_cost(state)


def test_costs_are_as_the_rule_says_all_through_random_games():
    checked = 0
    for players in (2, 3, 5):
        rng = Stream(players)
        state = GAME.new(players=players, seed=players, events=False)
        steps = 0
        while not state.is_over:
            if steps % 25 == 0:
                check_every_cost(state)
                checked += 1
            seat = state.to_act[rng.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            steps += 1
    assert checked > 10


def test_a_discount_in_play_lets_a_feature_be_paid_that_could_not_be_before():
    state = at_milestone("Alpha", developers={0: ["Legendary L"]})
    arrange(state, 0, ["Secret Level"])  # LD: 3
    set_counters(state, 0, {"Legendary L": 2})
    assert "play Secret Level" not in legal(state)
    put_in_play(state, 0, features=["Level Editor"])  # your features cost 1 less LD
    assert "play Secret Level" in legal(state)
    state.features[0].clear()
    state.bonus[0].clear()
    fresh(state)
    assert "play Secret Level" not in legal(state)


def covers_one_by_one(cap: list[int], cost) -> bool:
    """Pay a flat cost entry by entry: each single resource from its own kind, an either-or amount
    from what is left of any of its kinds."""
    left = list(cap)
    singles = {1: 0, 2: 1, 4: 2, 8: 3}
    for j in range(0, len(cost), 2):
        mask, amount = cost[j], cost[j + 1]
        if mask in singles:
            left[singles[mask]] -= amount
            if left[singles[mask]] < 0:
                return False
    either = [(cost[j], cost[j + 1]) for j in range(0, len(cost), 2) if cost[j] not in singles and cost[j + 1]]
    return all(sum(left[k] for k in range(4) if mask >> k & 1) >= amount for mask, amount in either)


def test_a_cost_counted_once_is_covered_exactly_when_paying_it_entry_by_entry_succeeds():
    rng = Stream(3)
    costs = [tuple(x for pair in c.cost for x in pair) for c in CONTENT.cards if c.cost]
    assert any(len(c) > 2 for c in costs)  # costs of several resources are among them
    covered = 0
    for _ in range(4000):
        cost = costs[rng.below(len(costs))]
        cap = [rng.below(5) for _ in range(4)]
        expected = covers_one_by_one(cap, cost)
        assert covers(cap, need_of(cost)) == expected, (cap, cost)
        covered += expected
    assert 400 < covered < 3600
