"""The five milestones: their turns, decks and special rules, and the end of a milestone."""

from __future__ import annotations

import pytest

from boardwright.games.game_development.content import PROG

from .scenario import (
    CONTENT,
    arrange,
    at_milestone,
    card,
    counters_of,
    finish_turn,
    legal,
    new,
    play,
    put_in_play,
)


def test_preproduction_lasts_three_turns_of_every_player():
    state = new(players=3)
    for _ in range(3 * 3):
        assert state.milestone == 0
        finish_turn(state)
    assert state.milestone == 1   # no developers were played, so no Lead title to attach


def test_preproduction_deck_omits_the_lead_titles():
    state = new(players=2)
    names = {CONTENT.cards[c].name for c in state.deck + state.hands[0] + state.hands[1]}
    assert names.isdisjoint(CONTENT.titles) and len(names) == 29  # 24 developers, 5 others


def test_preproduction_any_number_of_developers_outside_the_one_thing_limit():
    state = new()
    arrange(state, 0, ["Beastmode B", "Killer K", "E Machete", "Art Style Guide", "Big B"])
    play(state, "play Art Style Guide", "play Beastmode B", "play Killer K", "play E Machete")
    assert "play Big B" in legal(state)


def test_preproduction_draw_up_to_five_at_the_start_of_each_turn():
    state = new()
    arrange(state, 0, ["Beastmode B", "Killer K", "E Machete", "Big B", "Austin D"])
    play(state, "play Beastmode B", "play Killer K", "play E Machete")
    finish_turn(state)   # seat 1
    finish_turn(state)
    assert len(state.hands[0]) == 5


def test_lead_titles_are_attached_at_the_end_of_preproduction():
    state = new(players=2)
    state.devs[0] = [card("Wild W"), card("Mickey M"), card("Killer K")]
    state.counters[0] = [0, 0, 0]
    state.round = 3
    state.played = 1
    state.active = 1
    play(state, "end turn")
    assert state.to_act == (0,) and state.is_sealed           # two programmers: a choice
    play(state, "lead Wild W")
    assert state.leads[0][PROG] == card("Wild W") and state.leads[0][1] == card("Killer K")


def test_vertical_slice_uses_the_production_deck():
    state = at_milestone("Vertical Slice")
    decks = {CONTENT.cards[c].deck for c in state.deck + state.hands[0] + state.hands[1]}
    assert decks == {"production"}


def test_vertical_slice_bugs_require_one_less_of_each_resource():
    state = at_milestone("Vertical Slice", developers={0: ["Legendary L"]})
    put_in_play(state, 0, bugs=["Stuck in a Wall"])     # LD: 1 -> LD: 0
    play(state, "destroy Stuck in a Wall")
    assert state.bugs[0] == [] and counters_of(state, 0, "Legendary L") == 4


def test_alpha_lasts_six_turns():
    state = at_milestone("Alpha")
    assert state.turns[state.milestone] == 6


def test_beta_features_require_an_additional_of_each_resource():
    state = at_milestone("Beta", developers={0: ["Beastmode B", "Legendary L"]})
    arrange(state, 0, ["Boss Fight"])                      # Prog: 2, LD: 2 -> Prog: 3, LD: 3
    play(state, "play Boss Fight", "pay Beastmode B", "pay Beastmode B", "pay Beastmode B",
         "pay Legendary L", "pay Legendary L")
    assert state.view(0)["paying"]["still_needed"] == ["LD: 1"]


def test_rtm_no_features_may_be_played():
    state = at_milestone("RTM", developers={0: ["Beastmode B"]})
    arrange(state, 0, ["Pause Menu"])
    assert "play Pause Menu" not in legal(state)


def test_rtm_bugs_require_an_additional_of_each_resource():
    state = at_milestone("RTM", developers={0: ["Beastmode B"]})
    put_in_play(state, 0, bugs=["Memory Leak"])           # Prog: 1 -> Prog: 2
    play(state, "destroy Memory Leak", "pay Beastmode B")
    assert state.view(0)["paying"]["still_needed"] == ["Prog: 1"]


def test_end_of_a_milestone_shuffles_hands_and_discard_pile_into_the_deck_and_deals_new_hands():
    state = at_milestone("Alpha", players=2)
    state.turns[2] = 1
    total = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
    finish_turn(state)
    finish_turn(state)
    assert state.milestone == 3 and state.discard == [] and [len(h) for h in state.hands] == [5, 6]
    assert len(state.deck) + sum(len(h) for h in state.hands) == total


def test_the_first_player_passes_left_at_each_new_milestone():
    state = new(players=3, seed=4)
    state.start_milestone(3)
    assert state.active == 0 and state.first == 0   # Beta is the 4th milestone: 3 % 3 players
    state.start_milestone(1)
    assert state.active == 1


def test_a_milestone_moved_before_the_current_turn_ends_at_the_end_of_this_turn():
    """A milestone turn is a round (D2): every player finishes the current turn, then it ends."""
    state = at_milestone("Alpha", players=3)
    for _ in range(3 * 3):            # three full turns of Alpha
        finish_turn(state)
    state.change_milestone_turns(2, 2)  # Alpha would have ended before this (its 4th) turn
    finish_turn(state)                  # seat 0's part of the 4th turn
    assert state.milestone == 2         # seats 1 and 2 still take theirs
    finish_turn(state)
    finish_turn(state)
    assert state.milestone == 3


def test_a_milestone_moved_to_a_later_turn_lasts_longer():
    state = at_milestone("Vertical Slice", players=2)
    state.change_milestone_turns(1, 5)
    for _ in range(2 * 4):
        finish_turn(state)
    assert (state.milestone, state.round) == (1, 5)


def test_developers_start_each_milestone_with_counters_equal_to_its_turns():
    state = at_milestone("Alpha", developers={0: ["Legendary L", "Awesome A"]})
    assert state.counters[0] == [6, 6]


@pytest.mark.parametrize(("document", "developer"), [
    ("Game Design Document", "Big B"), ("Level Design Document", "Legendary L"),
    ("Technical Design Document", "Beastmode B"), ("Art Style Guide", "Awesome A")])
def test_design_documents_give_their_kind_1_extra_counter_each_milestone(document, developer):
    state = at_milestone("Beta", developers={0: [developer, "Happy H" if developer != "Legendary L"
                                                 else "Mighty M"]},
                         documents={0: [document]})
    assert state.counters[0] == [4, 3]


def test_preproduction_one_design_document_a_turn():
    state = new()
    arrange(state, 0, ["Art Style Guide", "Game Design Document"])
    play(state, "play Art Style Guide")
    assert "play Game Design Document" not in legal(state)


def test_counters_left_at_a_milestone_end_do_not_carry_over():
    state = at_milestone("Alpha", developers={0: ["Legendary L"]})
    state.round = state.turns[state.milestone]
    finish_turn(state)
    finish_turn(state)
    assert (state.milestone, counters_of(state, 0, "Legendary L")) == (3, 3)


def test_beta_either_or_cost_takes_one_more():
    state = at_milestone("Beta", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Particle Effects"])               # Art/Prog: 2 -> Art/Prog: 3
    play(state, "play Particle Effects", "pay Awesome A")
    assert state.view(0)["paying"]["still_needed"] == ["Art/Prog: 2"]
