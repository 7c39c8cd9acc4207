"""Lead titles and every developer's "Lead:" text."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import (
    arrange,
    at_milestone,
    counters_of,
    finish_turn,
    legal,
    new,
    play,
    put_in_play,
    set_counters,
    stack_deck,
)


def test_a_lead_title_goes_only_on_a_developer_of_its_kind():
    state = new()
    arrange(state, 0, ["Wild W", "Killer K"])
    play(state, "play Wild W", "play Killer K")
    for _ in range(5):
        finish_turn(state)
    finish_turn(state)   # the end of Preproduction: one of each kind, attached without a choice
    assert state.view(0)["players"][0]["developers"][0]["lead"] == "Lead Programmer"
    assert state.view(0)["players"][0]["developers"][1]["lead"] == "Lead Artist"


def test_lead_titles_are_chosen_in_secret_at_the_same_time():
    state = new()
    arrange(state, 0, ["Wild W", "Mickey M"])
    arrange(state, 1, ["Beastmode B", "Magical M"])
    play(state, "play Wild W", "play Mickey M", "end turn", "play Beastmode B", "play Magical M")
    for _ in range(5):
        finish_turn(state)
    play(state, "lead Mickey M")
    assert state.to_act == (1,) and state.view(1)["players"][0]["developers"][1]["lead"] is None


def test_beastmode_b_removes_2_counters_to_generate_a_level_designer_resource():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]}, leads=["Beastmode B"])
    arrange(state, 0, ["Level Editor"])     # LD: 1
    play(state, "play Level Editor", "use Beastmode B")
    assert state.features[0] and counters_of(state, 0, "Beastmode B") == 4


def test_mickey_m_removes_2_counters_to_generate_an_artist_resource():
    state = at_milestone("Alpha", developers={0: ["Mickey M"]}, leads=["Mickey M"])
    arrange(state, 0, ["Character Portraits"])   # Art: 2
    play(state, "play Character Portraits", "use Mickey M", "use Mickey M")
    assert state.features[0] and counters_of(state, 0, "Mickey M") == 2


def test_a_conversion_is_not_offered_when_it_would_leave_the_cost_unpayable():
    state = at_milestone("Alpha", developers={0: ["Beastmode B"]}, leads=["Beastmode B"])
    set_counters(state, 0, {"Beastmode B": 4})
    arrange(state, 0, ["Boss Fight"])             # Prog: 2, LD: 2 -> exactly 4 counters for 2 LD
    assert "play Boss Fight" not in legal(state)
    set_counters(state, 0, {"Beastmode B": 6})
    play(state, "play Boss Fight", "pay Beastmode B", "pay Beastmode B")
    assert legal(state) == ["use Beastmode B"]


def test_magical_m_generates_an_extra_resource_when_paying_a_bugs_cost():
    state = at_milestone("RTM", developers={0: ["Magical M"]}, leads=["Magical M"])
    put_in_play(state, 0, bugs=["Memory Leak"])         # RTM: Prog 2
    play(state, "destroy Memory Leak", "pay Magical M")
    assert state.bugs[0] == [] and counters_of(state, 0, "Magical M") == 1


def test_wild_w_generates_an_extra_resource_when_paying_a_features_cost():
    state = at_milestone("Alpha", developers={0: ["Wild W"]}, leads=["Wild W"])
    arrange(state, 0, ["Save System"])                  # Prog: 2
    play(state, "play Save System", "pay Wild W")
    assert state.features[0] and counters_of(state, 0, "Wild W") == 5


def test_jurassic_j_action_the_next_feature_you_play_this_turn_is_worth_an_additional_point():
    state = at_milestone("Alpha", developers={0: ["Jurassic J"]}, leads=["Jurassic J"])
    arrange(state, 0, ["Pause Menu"])
    play(state, "use Jurassic J", "play Pause Menu", "pay Jurassic J")
    assert state.scores()[0] == 2


def test_jurassic_j_ability_is_instead_of_playing_an_action():
    state = at_milestone("Alpha", developers={0: ["Jurassic J"]}, leads=["Jurassic J"])
    arrange(state, 0, ["Raise Morale"])
    play(state, "use Jurassic J")
    assert "play Raise Morale" not in legal(state)


def test_bioshock_b_lets_other_non_programmers_generate_an_extra_resource_this_turn():
    state = at_milestone("Alpha", developers={0: ["Bioshock B", "Legendary L"]}, leads=["Bioshock B"])
    arrange(state, 0, ["Secret Level"])                 # LD: 3
    play(state, "use Bioshock B", "play Secret Level", "pay Legendary L", "pay Legendary L")
    assert state.features[0] and counters_of(state, 0, "Bioshock B") == 4


def test_bioshock_b_boost_lasts_only_this_turn():
    state = at_milestone("Alpha", developers={0: ["Bioshock B", "Legendary L"]}, leads=["Bioshock B"])
    play(state, "use Bioshock B")
    finish_turn(state)
    assert state.booster == -1


def test_wishing_w_removes_2_counters_for_an_extra_action_once_a_turn():
    state = at_milestone("Alpha", developers={0: ["Wishing W"]}, leads=["Wishing W"])
    arrange(state, 0, ["Memory Leak", "Missing Texture"])
    play(state, "use Wishing W", "play Memory Leak on seat 1", "play Missing Texture on seat 1")
    assert len(state.bugs[1]) == 2 and "use Wishing W" not in legal(state)


def test_e_machete_gets_twice_as_many_counters_each_milestone():
    state = at_milestone("Alpha", developers={0: ["E Machete"]}, leads=["E Machete"])
    assert counters_of(state, 0, "E Machete") == 12


def test_e_machete_bugs_count_for_twice_their_value():
    state = at_milestone("Alpha", developers={0: ["E Machete"]}, leads=["E Machete"])
    put_in_play(state, 0, bugs=["Memory Leak"])
    assert state.scores()[0] == -4


def test_killer_k_gets_an_extra_counter_each_milestone():
    state = at_milestone("Beta", developers={0: ["Killer K"]}, leads=["Killer K"])
    assert counters_of(state, 0, "Killer K") == 4


def test_beautiful_b_action_adds_1_counter_to_this_developer():
    state = at_milestone("Alpha", developers={0: ["Beautiful B"]}, leads=["Beautiful B"])
    play(state, "use Beautiful B")
    assert counters_of(state, 0, "Beautiful B") == 7 and state.actions_left == 0


def test_a_developer_without_its_title_has_no_lead_ability():
    state = at_milestone("Alpha", developers={0: ["Beautiful B"]})
    with pytest.raises(bw.IllegalAction, match="not one of your Leads"):
        play(state, "use Beautiful B")


def test_game_designer_goes_on_a_producer():
    state = new()
    arrange(state, 0, ["Big B"])
    play(state, "play Big B")
    for _ in range(6):
        finish_turn(state)
    assert state.view(0)["players"][0]["developers"][0]["lead"] == "Game Designer"


def test_a_lead_title_for_a_developer_of_another_kind_is_refused():
    state = new()
    arrange(state, 0, ["Wild W", "Mickey M", "Killer K"])
    play(state, "play Wild W", "play Mickey M", "play Killer K")
    for _ in range(6):
        finish_turn(state)
    with pytest.raises(bw.IllegalAction) as error:
        play(state, "lead Killer K")
    assert error.value.rule == "Preproduction (D5)" and state.to_act == (0,)


def test_bioshock_b_boost_is_for_non_programmers_only():
    state = at_milestone("Alpha", developers={0: ["Bioshock B", "Beastmode B"]}, leads=["Bioshock B"])
    arrange(state, 0, ["Save System"])                  # Prog: 2
    play(state, "use Bioshock B", "play Save System", "pay Beastmode B")
    assert state.view(0)["paying"]["still_needed"] == ["Prog: 1"]


def test_magical_m_gives_no_extra_resource_for_a_feature():
    state = at_milestone("Alpha", developers={0: ["Magical M"]}, leads=["Magical M"])
    arrange(state, 0, ["Save System"])                  # Prog: 2
    play(state, "play Save System", "pay Magical M")
    assert state.view(0)["paying"]["still_needed"] == ["Prog: 1"]


def test_wild_w_gives_no_extra_resource_for_a_bug():
    state = at_milestone("RTM", developers={0: ["Wild W"]}, leads=["Wild W"])
    put_in_play(state, 0, bugs=["Memory Leak"])         # RTM: Prog 2
    play(state, "destroy Memory Leak", "pay Wild W")
    assert state.view(0)["paying"]["still_needed"] == ["Prog: 1"]


def test_jurassic_j_bonus_lapses_at_the_end_of_the_turn():
    state = at_milestone("Alpha", developers={0: ["Jurassic J"]}, leads=["Jurassic J"])
    play(state, "use Jurassic J")
    finish_turn(state)
    finish_turn(state)
    arrange(state, 0, ["Pause Menu"])
    play(state, "play Pause Menu", "pay Jurassic J")
    assert state.scores()[0] == 1


def test_jurassic_j_bonus_is_not_taken_by_features_crunch_mode_places():
    """Crunch Mode places features into play; it does not play them (R7)."""
    state = at_milestone("Alpha", developers={0: ["Jurassic J"]}, leads=["Jurassic J"])
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Pause Menu", "Raise Morale", "Trading Ideas", "Feature Creep",
                       "Source Control Conflict"])
    state.actions_left = 2                      # as after Wishing W's extra Action
    play(state, "use Jurassic J", "play Crunch Mode")
    assert (state.bonus[0], state.view(0)["next_feature_bonus"]) == ([0], 1)


def test_e_machete_doubles_its_counters_after_the_design_document():
    state = at_milestone("Beta", developers={0: ["E Machete"]}, leads=["E Machete"],
                         documents={0: ["Level Design Document"]})
    assert counters_of(state, 0, "E Machete") == (3 + 1) * 2


def two_of_two_kinds():
    """Both players hold two Programmers and two Artists at the end of Preproduction."""
    state = new()
    arrange(state, 0, ["Wild W", "Mickey M", "Killer K", "Awesome A"])
    arrange(state, 1, ["Beastmode B", "Magical M", "Bombshell B", "Mighty M"])
    play(state, "play Wild W", "play Mickey M", "play Killer K", "play Awesome A", "end turn",
         "play Beastmode B", "play Magical M", "play Bombshell B", "play Mighty M")
    for _ in range(5):
        finish_turn(state)
    return state


def test_lead_titles_chosen_for_one_kind_stay_secret_until_every_kind_is_chosen():
    state = two_of_two_kinds()
    play(state, "lead Mickey M")
    state.apply(1, "lead Magical M")              # the Programmers are chosen; the Artists are next
    seen_by_1 = [d["lead"] for d in state.view(1)["players"][0]["developers"]]
    assert (seen_by_1, state.history(1)[-2][1]) == ([None] * 4, "attaches a Lead title in secret")


def test_all_lead_titles_are_revealed_together():
    state = two_of_two_kinds()
    play(state, "lead Mickey M")
    state.apply(1, "lead Magical M")
    play(state, "lead Killer K")
    state.apply(1, "lead Mighty M")
    assert [d["lead"] for d in state.view(1)["players"][0]["developers"]] == [
        None, "Lead Programmer", "Lead Artist", None]


def test_a_determinization_resamples_the_secret_lead_titles_of_others():
    state = two_of_two_kinds()
    play(state, "lead Mickey M")
    state.apply(1, "lead Magical M")
    samples = {tuple(state.determinize(1, seed).pending[0]) for seed in range(12)}
    assert len(samples) == 2
