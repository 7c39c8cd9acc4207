"""The suggested payment (game_development/payment.py): the cheapest valid way to pay the pending
cost, which the table page offers as one "Pay" click. Cheapest: fewest counters, then fewest
resources left over, then a Lead's own counters kept, then counters kept on the scarcer kind."""

from __future__ import annotations

import random
from typing import Any

import boardwright as bw
from boardwright.games.game_development.content import ART, PROG, load
from boardwright.games.game_development.rules import PAY

GAME = bw.load("game-development")
CONTENT = load()
ID = CONTENT.by_name
FEATURE = next(card.id for card in CONTENT.cards if card.type == "feature")


def paying(developers: list[tuple[str, int]], need: list[int], leads: tuple[str, ...] = ()) -> tuple[Any, int]:
    """A state in which the active seat is paying ``need`` (flat ``[mask, amount, ...]``) for a
    feature with these developers and counters, and these Leads."""
    state = GAME.new(players=3, seed=1)
    seat = state.active
    state.devs[seat] = [ID[name] for name in name_list(developers)]
    state.counters[seat] = [count for _, count in developers]
    state.leads[seat] = [-1, -1, -1, -1]
    for name in leads:
        state.leads[seat][CONTENT.cards[ID[name]].kind] = ID[name]
    state.refresh_powers()
    state.phase, state.pay_card, state.need, state.pool = PAY, FEATURE, list(need), [0, 0, 0, 0]
    return state, seat


def name_list(developers: list[tuple[str, int]]) -> list[str]:
    return [name for name, _ in developers]


def suggested(state: Any, seat: int) -> dict[str, Any]:
    return state.advice(seat)["payment"]


def pays(state: Any, seat: int, steps: list[str]) -> bool:
    copy = state.clone()
    for step in steps:
        copy.apply(seat, step)
    return copy.phase != PAY


def test_an_either_or_cost_is_paid_from_the_kind_with_more_counters() -> None:
    state, seat = paying([("Jurassic J", 1), ("Awesome A", 5)], [1 << ART | 1 << PROG, 2])
    plan = suggested(state, seat)
    assert plan["steps"] == ["pay Awesome A", "pay Awesome A"]
    assert plan["sparing"]["Awesome A"] is None  # one Programmer counter cannot pay 2
    assert pays(state, seat, plan["steps"])


def test_a_lead_that_makes_two_resources_a_counter_pays_with_fewer_counters() -> None:
    state, seat = paying([("Jurassic J", 3), ("Wild W", 3)], [1 << PROG, 2], leads=("Wild W",))
    plan = suggested(state, seat)
    assert plan["steps"] == ["pay Wild W"]
    assert plan["sparing"]["Wild W"] == ["pay Jurassic J", "pay Jurassic J"]
    assert plan["sparing"]["Jurassic J"] == ["pay Wild W"]
    for steps in (plan["steps"], plan["sparing"]["Wild W"]):
        assert pays(state, seat, steps)


def test_a_lead_that_spends_its_own_counters_is_kept_for_its_ability() -> None:
    state, seat = paying([("Wishing W", 4), ("Jurassic J", 4)], [1 << PROG, 1], leads=("Wishing W",))
    assert suggested(state, seat)["steps"] == ["pay Jurassic J"]


def test_a_conversion_is_used_only_when_it_is_the_cheaper_way() -> None:
    # Beastmode B's Lead: 2 counters for an LD resource; with an LD developer at hand, 1 counter does it
    state, seat = paying([("Beastmode B", 4), ("Legendary L", 2)], [1 << 2, 1], leads=("Beastmode B",))
    plan = suggested(state, seat)
    assert plan["steps"] == ["pay Legendary L"]
    assert plan["sparing"]["Legendary L"] == ["use Beastmode B"]
    assert pays(state, seat, plan["sparing"]["Legendary L"])


def test_only_the_payer_is_offered_a_payment() -> None:
    state, seat = paying([("Jurassic J", 3)], [1 << PROG, 2])
    assert state.advice(seat) is not None
    assert state.advice((seat + 1) % 3) is None
    assert "suggested" not in state.view(seat)["paying"], "advice is not part of the view"


def fewest_counters(state: Any, seat: int, spent: int = 0, best: int = 99) -> int:
    """Every order of every legal payment step, tried: the fewest counters that pay the cost."""
    if state.phase != PAY:
        return spent
    for action in state.legal_actions(seat):
        cost = spent + (2 if action.kind == "use" else 1)
        if cost < best:
            copy = state.clone()
            copy.apply(seat, action)
            best = min(best, fewest_counters(copy, seat, cost, best))
    return best


def test_every_suggested_payment_of_played_games_is_valid_cheapest_and_the_same_when_determinized() -> None:
    checked = brute = 0
    for game in range(6):
        rng = random.Random(game)
        state = GAME.new(players=3, seed=game)
        while not state.is_over:
            seat = state.to_act[0]
            if state.phase == PAY:
                plan = suggested(state, seat)
                assert plan["steps"] and pays(state, seat, plan["steps"]), plan
                for developer, steps in plan["sparing"].items():
                    if steps is not None:
                        assert f"pay {developer}" not in steps and f"use {developer}" not in steps
                        assert pays(state, seat, steps)
                assert suggested(state.determinize(seat, checked), seat) == plan
                if len(state.legal_actions(seat)) <= 3 and brute < 60:
                    spent = sum(2 if step.startswith("use ") else 1 for step in plan["steps"])
                    assert spent == fewest_counters(state, seat), plan
                    brute += 1
                checked += 1
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choices(legal, [0.2 if str(a) == "end turn" else 3.0 for a in legal])[0])
    assert checked > 100 and brute > 30, (checked, brute)
