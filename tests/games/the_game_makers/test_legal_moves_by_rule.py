"""The legal moves of a factory, as the rules state them one by one: every Forklift move a READY
Forklift may make (M1), every Contract the Components cover (M5, M6), every worker space the
Break Room can fill (M8), every Tweenie that fits a gap and can act, every "discard" tree space --
the quick ways the game lists them agree with asking the rule for each, in any state."""

from __future__ import annotations

import pytest

from boardwright.engine import Stream
from boardwright.games.the_game_makers.content import CARDS, MAX_SETS, TILES, take_smallest

from .scenario import GAME, components, contract, legal, table

#: tree-space condition "discard" (content.TREE_CONDITIONS)
DISCARD = 6


def pays_by_taking(state, seat: int, needs, discounts) -> bool:
    """Pay each requirement in turn, highest first within its kind, with the smallest Component
    large enough (overpaying is allowed, M5); cards by number (M6 discounts first)."""
    cards = len(state.hand[seat])
    for kind in sorted({k for k, _ in needs}):
        levels = sorted((lv - discounts[kind] for k, lv in needs if k == kind), reverse=True)
        levels = [lv for lv in levels if lv > 0]
        if kind == CARDS:
            cards -= sum(levels)
            if cards < 0:
                return False
            continue
        if kind == TILES:
            have = [0, 0, 0, 0]
            for t in state.ctiles[seat]:
                have[state.content.tiles[t][0]] += 1
        else:
            have = state.comp[seat * 20 + kind * 4: seat * 20 + kind * 4 + 4]
        if not all(take_smallest(have, lv) for lv in levels):
            return False
    return True


def by_rule(state, seat: int) -> dict[str, list[str]]:
    """Each kind of move, asked of the rule for every candidate."""
    acts = state.acts
    out: dict[str, list[str]] = {}
    out["forklift"] = [str(acts.forklift[k - 1]) for k in (1, 2, 3) if state.forklift_for(seat, k) >= 0]
    discounts = state.sets_of[seat * 5: seat * 5 + 5]
    full = -1 not in state.display[seat]
    out["make"] = [] if full else [
        str(acts.make[i]) for i, card in enumerate(state.contracts[seat])
        if card >= 0 and pays_by_taking(state, seat, state.content.cards[card].needs, discounts)]
    out["work"] = [str(acts.work[i]) for i in range(10) if state.can_work(seat, i)]
    cells = state.tweenie_cells(seat)
    used = state.used_tweenies[seat]
    out["tweenie"] = [str(acts.tweenie[t]) for t in range(12)
                      if cells and not used >> t & 1 and state.tweenie_possible(seat, t)]
    out["plant"] = [str(acts.plant[space.id]) for space in state.content.trees
                    if space.condition[0] == DISCARD and not state.trees[seat] >> space.id & 1
                    and (sum(state.discard_count(seat, k) for k in (1, 2, 3, 4)) if space.condition[1] < 0
                         else state.discard_count(seat, space.condition[1])) >= space.condition[2]]
    return out


def quick(state, seat: int) -> dict[str, list[str]]:
    return {"forklift": [str(a) for a in state.legal_forklifts(seat)],
            "make": [str(a) for a in state.legal_make(seat)],
            "work": [str(a) for a in state.legal_work(seat)],
            "tweenie": [str(a) for a in state.legal_tweenies(seat)],
            "plant": [str(a) for a in state.legal_plant(seat)]}


@pytest.mark.parametrize("players,gap", [(1, "adjacent"), (2, "adjacent"), (4, "any"), (6, "adjacent")])
def test_quick_legal_moves_agree_with_the_rule_all_through_random_games(players, gap):
    state = GAME.new(players=players, seed=players, options={"tweenie_gap": gap}, events=False)
    rng = Stream(players)
    compared = makes = 0
    steps = 0
    while not state.is_over:
        if steps % 7 == 0:
            for seat in range(players):
                expected = by_rule(state, seat)
                assert quick(state, seat) == expected, (players, steps, seat)
                assert state.has_tweenie_cell(seat) == bool(state.tweenie_cells(seat))
                makes += bool(expected["make"])
                compared += 1
        seat = state.to_act[rng.below(len(state.to_act))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        steps += 1
    assert compared > 50 and makes > 5


def test_covering_by_counting_agrees_with_paying_one_requirement_at_a_time():
    state = table(players=2, seed=4)
    rng = Stream(11)
    cards = state.content.cards
    checked = covered = 0
    for _ in range(400):
        seat = rng.below(2)
        state.hand[seat] = [0] * rng.below(6)
        state.ctiles[seat] = [t for t in range(len(state.content.tiles)) if rng.below(12) == 0][:6]
        for i in range(seat * 20 + 8, seat * 20 + 20):
            state.comp[i] = rng.below(3) if i % 4 else 0
        discounts = [rng.below(MAX_SETS + 1) if rng.below(3) == 0 else 0 for _ in range(5)]
        for card in cards[rng.below(len(cards) - 20):][:20]:
            expected = pays_by_taking(state, seat, card.needs, discounts)
            assert state.covers(seat, card.profile, discounts) == expected, (card.name, discounts)
            assert state.can_pay(seat, card.needs, discounts) == expected
            checked += 1
            covered += expected
    assert checked == 8000 and 500 < covered < 7500


def test_a_contract_is_offered_again_as_soon_as_its_components_are_back():
    state = table(turn=2)
    contract(state, 0, 0, requires=("wood 2", "dice 1"))
    assert "make contract 1" not in legal(state)
    components(state, 0, wood=(3,), dice=(1,))
    assert "make contract 1" in legal(state)
    state.comp[0 * 20 + 3 * 4 + 1] = 0  # the die is gone again
    state.forget_legal()
    assert "make contract 1" not in legal(state)
    components(state, 0, dice=(2,))  # a larger die pays (over-paying)
    assert "make contract 1" in legal(state)
    contract(state, 0, 1, requires=("wood 3",))
    assert "make contract 2" in legal(state)
    state.comp[0 * 20 + 2 * 4 + 3] = 0
    state.comp[0 * 20 + 2 * 4 + 2] = 1
    state.forget_legal()
    assert "make contract 2" not in legal(state) and "make contract 1" in legal(state)
    state.sets_of[0 * 5 + 2] = 1  # one set of wood machinery lowers wood requirements a level
    state.forget_legal()
    assert "make contract 2" in legal(state)


def test_a_determinization_starts_without_the_answers_remembered_on_the_true_state():
    state = GAME.new(players=3, seed=5, events=False)
    rng = Stream(5)
    for _ in range(60):
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    for seat in range(3):
        state.legal_make(seat)
    assert all(entry is not None for entry in state.made)  # the precondition: answers remembered
    seat = state.to_act[0]
    sample = state.determinize(seat, 9)
    assert sample.made == [None, None, None]
    assert sample.legal_actions(seat) == state.legal_actions(seat)  # worked out anew, the same
