"""The Action cards: Sharing Ideas, Trading Ideas, Feature Creep, Crunch Mode, Raise Morale,
Source Control Conflict."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import (
    CONTENT,
    arrange,
    at_milestone,
    card,
    counters_of,
    legal,
    new,
    play,
    put_in_play,
    stack_deck,
)


def test_sharing_ideas_each_player_draws_then_takes_a_random_card_from_the_player_on_their_right():
    state = new(players=3)
    arrange(state, 0, ["Sharing Ideas"])
    arrange(state, 1, ["Big B"])
    arrange(state, 2, ["Totally T"])
    play(state, "play Sharing Ideas")
    # draws: 1, 2, 2; seat 1 takes seat 0's card, seat 2 one of seat 1's, seat 0 one of seat 2's
    assert [len(h) for h in state.hands] == [1, 2, 2]


def test_trading_ideas_target_takes_a_random_card_from_your_hand_then_you_take_one_from_theirs():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Trading Ideas", "Pause Menu"])
    arrange(state, 1, ["Boss Fight", "Secret Level"])
    play(state, "play Trading Ideas on seat 1")
    assert [len(h) for h in state.hands] == [1, 2]     # 1 -> 0 -> 1 and 2 -> 3 -> 2
    assert sorted(state.hands[0] + state.hands[1]) == sorted(
        card(n) for n in ("Pause Menu", "Boss Fight", "Secret Level"))


def test_feature_creep_any_number_of_features_for_the_rest_of_the_turn():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]})
    arrange(state, 0, ["Feature Creep", "Pause Menu", "Save System"])
    play(state, "play Feature Creep", "play Pause Menu", "pay Beastmode B",
         "play Save System", "pay Beastmode B", "pay Beastmode B")
    assert len(state.features[0]) == 2


def test_feature_creep_each_player_starting_left_may_play_a_bug_under_your_control_at_turn_end():
    state = at_milestone("Alpha", players=3)
    arrange(state, 0, ["Feature Creep"])
    arrange(state, 1, ["Memory Leak", "Pause Menu"])
    arrange(state, 2, ["Missing Texture"])
    play(state, "play Feature Creep", "end turn")
    assert state.to_act == (1,) and legal(state) == ["play Memory Leak on seat 0", "pass"]
    play(state, "play Memory Leak on seat 0", "play Missing Texture on seat 0")
    assert len(state.bugs[0]) == 2 and state.active == 1


def test_crunch_mode_removes_2_counters_and_puts_revealed_bugs_and_features_into_play():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Pause Menu", "Raise Morale", "Memory Leak", "Trading Ideas", "Boss Fight"])
    play(state, "play Crunch Mode")
    assert (counters_of(state, 0, "Awesome A"), sorted(state.features[0]), state.bugs[0],
            state.discard[-3:]) == (4, sorted([card("Pause Menu"), card("Boss Fight")]),
                                    [card("Memory Leak")],
                                    [card("Raise Morale"), card("Trading Ideas"), card("Crunch Mode")])


def test_raise_morale_adds_a_counter_to_each_of_your_developers():
    state = at_milestone("Alpha", developers={0: ["Awesome A", "Big B"], 1: ["Killer K"]})
    arrange(state, 0, ["Raise Morale"])
    play(state, "play Raise Morale")
    assert state.counters == [[7, 7], [6]]


def test_source_control_conflict_destroys_target_feature():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Source Control Conflict"])
    put_in_play(state, 1, features=["Boss Fight", "Pause Menu"])
    play(state, "play Source Control Conflict on Boss Fight of seat 1")
    assert state.features[1] == [card("Pause Menu")] and card("Boss Fight") in state.discard


def test_action_cards_go_to_the_discard_pile():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Raise Morale"])
    play(state, "play Raise Morale")
    assert CONTENT.cards[state.discard[-1]].name == "Raise Morale"


def test_a_bug_with_no_features_text_stops_its_controller_adding_features():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]})
    put_in_play(state, 0, bugs=["Build Breaker"])
    arrange(state, 0, ["Pause Menu"])
    assert "play Pause Menu" not in legal(state)


def test_crunch_mode_adds_no_feature_under_a_bug_that_forbids_new_features():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    put_in_play(state, 0, bugs=["Build Breaker"])
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Pause Menu"])
    play(state, "play Crunch Mode")
    assert state.features[0] == []


def test_bugs_you_control_require_1_less_of_each_resource_to_destroy():
    state = at_milestone("RTM", developers={0: ["Beastmode B"]})
    put_in_play(state, 0, features=["Crash Reporter"], bugs=["Memory Leak"])   # RTM Prog 2 -> 1
    play(state, "destroy Memory Leak", "pay Beastmode B")
    assert state.bugs[0] == []


def test_features_require_1_less_ld_resource_for_you_to_play():
    state = at_milestone("Alpha", developers={0: ["Legendary L"]})
    put_in_play(state, 0, features=["Level Editor"])
    arrange(state, 0, ["Secret Level"])                       # LD: 3 -> LD: 2
    play(state, "play Secret Level", "pay Legendary L", "pay Legendary L")
    assert len(state.features[0]) == 2


def test_cost_changes_stack_and_stop_at_zero():
    state = at_milestone("Beta", developers={0: ["Legendary L"]})
    put_in_play(state, 0, features=["Level Editor", "Level Editor"])
    arrange(state, 0, ["Level Editor"])                       # LD: 1 +1 (Beta) -2 -> 0
    play(state, "play Level Editor")
    assert len(state.features[0]) == 3 and counters_of(state, 0, "Legendary L") == 3


def test_trading_ideas_targets_another_player():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Trading Ideas"])
    with pytest.raises(bw.IllegalAction, match="target another player"):
        play(state, "play Trading Ideas on seat 0")


def test_a_refused_action_leaves_the_state_unchanged():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Trading Ideas"])
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction):
        play(state, "play Source Control Conflict on Boss Fight of seat 1")
    assert state.fingerprint() == before


def test_sharing_ideas_takes_go_round_from_your_left_and_end_with_you():
    state = new(players=3)
    arrange(state, 0, ["Sharing Ideas"])
    arrange(state, 1, ["Big B"])
    arrange(state, 2, [])
    state.deck.clear()            # no cards to draw: only the takes move cards
    play(state, "play Sharing Ideas")
    # seat 1 takes from seat 0 (nothing), seat 2 takes Big B from seat 1, seat 0 takes it from seat 2
    assert state.hands == [[card("Big B")], [], []]


def test_crunch_mode_does_not_take_counters_below_zero():
    state = at_milestone("Alpha", developers={0: ["Awesome A", "Big B"]})
    state.counters[0] = [1, 0]
    arrange(state, 0, ["Crunch Mode"])
    play(state, "play Crunch Mode")
    assert state.counters[0] == [0, 0]


def test_source_control_conflict_may_destroy_your_own_feature_the_copy_worth_most():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Source Control Conflict"])
    put_in_play(state, 0, features=["Pause Menu", "Pause Menu"])
    state.bonus[0] = [0, 1]                    # the second was played after Jurassic J
    play(state, "play Source Control Conflict on Pause Menu of seat 0")
    assert state.bonus[0] == [0]


def test_feature_creep_bugs_come_after_the_discard_and_only_players_holding_a_bug_are_asked():
    state = at_milestone("Alpha", players=3)
    arrange(state, 0, ["Feature Creep", "Pause Menu", "Save System", "Secret Level", "Boss Fight",
                       "Raise Morale", "Crunch Mode"])
    arrange(state, 1, ["Pause Menu"])
    arrange(state, 2, ["Memory Leak"])
    play(state, "play Feature Creep", "end turn")
    assert state.to_act == (0,) and state.phase == 2     # seat 0 discards first
    play(state, "discard Crunch Mode")
    assert state.to_act == (2,) and legal(state) == ["play Memory Leak on seat 0", "pass"]


def test_trading_ideas_with_an_empty_hand_gives_nothing():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Trading Ideas"])
    arrange(state, 1, ["Boss Fight"])
    play(state, "play Trading Ideas on seat 1")            # your hand is empty once it is played
    assert state.hands == [[card("Boss Fight")], []]


def test_a_bug_may_be_played_on_yourself():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Memory Leak"])
    play(state, "play Memory Leak on seat 0")
    assert state.bugs[0] == [card("Memory Leak")]


def test_crunch_mode_places_its_revealed_cards_at_once_so_a_revealed_build_breaker_stops_no_feature():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Build Breaker", "Pause Menu"])
    play(state, "play Crunch Mode")
    assert card("Pause Menu") in state.features[0] and card("Build Breaker") in state.bugs[0]


def test_two_feature_creeps_in_a_turn_give_two_rounds_of_bugs():
    state = at_milestone("Alpha", developers={0: ["Wishing W"]}, leads=["Wishing W"])
    arrange(state, 0, ["Feature Creep", "Feature Creep"])
    arrange(state, 1, ["Memory Leak", "Missing Texture"])
    play(state, "use Wishing W", "play Feature Creep", "play Feature Creep", "end turn",
         "play Memory Leak on seat 0", "play Missing Texture on seat 0")
    assert (len(state.bugs[0]), state.active, state.actions_left) == (2, 1, 1)   # seat 1's Action unused


def test_crunch_mode_places_every_feature_revealed_with_a_build_breaker_all_at_once():
    # R8: the Build Breaker comes into play together with the features, so it stops none of them,
    # whatever the order of the reveal
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Build Breaker", "Pause Menu", "Save System", "Raise Morale", "Trading Ideas"])
    play(state, "play Crunch Mode")
    assert sorted(state.features[0]) == sorted([card("Pause Menu"), card("Save System")])
