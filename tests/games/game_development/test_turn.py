"""A turn (D1, D6, D7): draw, up to one Thing and one Action, discard down to 5; resources and costs."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import arrange, at_milestone, counters_of, finish_turn, legal, play, put_in_play


def test_a_production_turn_draws_one_card():
    state = at_milestone("Alpha")
    hand = len(state.hands[1])
    finish_turn(state)
    assert len(state.hands[1]) == hand + 1


def test_discard_down_to_five_at_the_end_of_the_turn():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Pause Menu", "Save System", "Memory Leak", "Raise Morale", "Crunch Mode",
                       "Trading Ideas", "Secret Level"])
    play(state, "end turn", "discard Crunch Mode")
    assert state.to_act == (0,) and "discard Pause Menu" in legal(state)
    play(state, "discard Trading Ideas")
    assert len(state.hands[0]) == 5 and state.active == 1


def test_only_one_thing_a_turn():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]})
    arrange(state, 0, ["Pause Menu", "Save System"])
    play(state, "play Pause Menu", "pay Beastmode B")
    with pytest.raises(bw.IllegalAction, match="already played a Thing"):
        play(state, "play Save System")


def test_only_one_action_a_turn():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]})
    arrange(state, 0, ["Raise Morale", "Memory Leak"])
    play(state, "play Raise Morale")
    with pytest.raises(bw.IllegalAction, match="already played an Action"):
        play(state, "play Memory Leak on seat 1")


def test_playing_a_bug_on_any_player_is_your_action():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Memory Leak", "Missing Texture"])
    play(state, "play Memory Leak on seat 1")
    assert state.bugs[1] and state.actions_left == 0


def test_destroying_a_bug_you_control_costs_your_action_and_its_cost():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    put_in_play(state, 0, bugs=["Missing Texture"])
    play(state, "destroy Missing Texture", "pay Awesome A")
    assert state.bugs[0] == [] and state.actions_left == 0 and counters_of(state, 0, "Awesome A") == 5


def test_a_cost_may_be_paid_from_several_developers():
    state = at_milestone("Alpha", developers={0: ["Legendary L", "Texas T"]})
    arrange(state, 0, ["Secret Level"])     # LD: 3
    play(state, "play Secret Level", "pay Legendary L", "pay Texas T", "pay Texas T")
    assert state.features[0] and [counters_of(state, 0, n) for n in ("Legendary L", "Texas T")] == [5, 4]


def test_an_either_or_cost_takes_any_mix_of_its_resources():
    state = at_milestone("Alpha", developers={0: ["Beastmode B", "Awesome A"]})
    arrange(state, 0, ["Particle Effects"])     # Art/Prog: 2
    play(state, "play Particle Effects", "pay Awesome A", "pay Beastmode B")
    assert state.features[0]


def test_a_feature_you_cannot_pay_for_cannot_be_played():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Save System"])
    with pytest.raises(bw.IllegalAction, match="cannot pay"):
        play(state, "play Save System")


def test_a_payment_step_is_offered_only_for_a_resource_still_needed():
    state = at_milestone("Alpha", developers={0: ["Legendary L", "Awesome A"]})
    arrange(state, 0, ["Opening Cutscene"])     # LD: 2, Art: 1
    play(state, "play Opening Cutscene", "pay Awesome A")
    assert legal(state) == ["pay Legendary L"]


def test_unspent_resources_vanish_at_the_end_of_the_turn():
    state = at_milestone("Alpha", developers={0: ["Legendary L"]}, leads=["Legendary L"])
    state.pool[2] = 3
    finish_turn(state)
    assert state.pool == [0, 0, 0, 0]


def test_developers_cannot_be_played_after_preproduction():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Big B"])
    with pytest.raises(bw.IllegalAction, match="only be played during Preproduction"):
        play(state, "play Big B")


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    state = at_milestone("Alpha")
    state.discard = state.deck
    state.deck = []
    finish_turn(state)
    assert len(state.hands[1]) == 6 and state.discard == []


def test_a_bug_on_a_seat_that_does_not_exist_is_refused_naming_the_rule():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Memory Leak"])
    with pytest.raises(bw.IllegalAction, match="there is no Seat 3") as error:
        play(state, "play Memory Leak on seat 3")
    assert error.value.rule == "Features/Bugs"


def test_while_paying_a_cost_an_action_lead_ability_waits_until_it_is_paid():
    state = at_milestone("Alpha", developers={0: ["Jurassic J", "Legendary L"]}, leads=["Jurassic J"])
    arrange(state, 0, ["Secret Level"])
    play(state, "play Secret Level")
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction, match="finish paying Secret Level first"):
        play(state, "use Jurassic J")
    assert state.fingerprint() == before


def test_destroying_a_bug_after_your_action_is_refused():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    put_in_play(state, 0, bugs=["Missing Texture"])
    arrange(state, 0, ["Raise Morale"])
    play(state, "play Raise Morale")
    with pytest.raises(bw.IllegalAction) as error:
        play(state, "destroy Missing Texture")
    assert error.value.rule == "Features/Bugs (D7)"


def test_a_feature_in_rtm_is_refused_naming_the_milestone():
    state = at_milestone("RTM", developers={0: ["Beastmode B"]})
    arrange(state, 0, ["Pause Menu"])
    with pytest.raises(bw.IllegalAction, match="no features may be played") as error:
        play(state, "play Pause Menu")
    assert error.value.rule == "RTM"
