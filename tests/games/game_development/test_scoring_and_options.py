"""Scoring (D9), the tie-break, and the options."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import CONTENT, GAME, arrange, at_milestone, card, finish_turn, new, put_in_play


def end_game(state) -> None:
    """Play the last turns of RTM with nothing done."""
    state.round = state.turns[state.milestone]
    while not state.is_over:
        finish_turn(state)


def test_score_is_features_minus_bugs():
    state = at_milestone("RTM")
    put_in_play(state, 0, features=["Boss Fight", "Pause Menu"], bugs=["Memory Leak"])
    end_game(state)
    assert state.scores()[0] == 5 + 1 - 2


def test_the_most_production_points_wins():
    state = at_milestone("RTM")
    put_in_play(state, 0, features=["Pause Menu"])
    end_game(state)
    assert state.winners() == [0]


def test_a_tie_goes_to_the_player_with_fewer_bugs():
    state = at_milestone("RTM")
    put_in_play(state, 0, features=["Boss Fight"], bugs=["Memory Leak"])
    put_in_play(state, 1, features=["Secret Level"])
    end_game(state)
    assert state.winners() == [1]


def test_a_tie_with_as_many_bugs_is_shared():
    state = at_milestone("RTM")
    end_game(state)
    assert state.winners() == [0, 1]


def test_the_game_ends_after_rtm():
    state = at_milestone("RTM")
    finish_turn(state)
    finish_turn(state)
    finish_turn(state)
    finish_turn(state)
    assert state.is_over and state.to_act == ()


def test_option_developers_score_1_and_leads_2():
    state = at_milestone("RTM", developers={0: ["Killer K", "Awesome A"]}, leads=["Killer K"],
                         developer_points=True)
    assert state.scores()[0] == 3


def test_option_copies_of_each_production_card():
    state = at_milestone("Alpha", copies=3)
    cards = state.deck + [c for h in state.hands for c in h]
    assert cards.count(card("Boss Fight")) == 3 and len(cards) == 3 * len(CONTENT.production)


def test_option_refill_draws_up_to_five_every_turn():
    state = at_milestone("Alpha", draw="refill")
    arrange(state, 1, ["Pause Menu"])
    finish_turn(state)
    assert len(state.hands[1]) == 5


def test_option_hand_size_sets_the_deal_and_the_limit():
    state = at_milestone("Alpha", hand_size=4)
    assert len(state.hands[1]) == 4


def test_an_unknown_option_value_is_refused():
    with pytest.raises(bw.OptionError):
        new(draw="three")


def test_options_are_documented():
    assert {o.name for o in GAME.options} == {"copies", "draw", "hand_size", "developer_points", "content"}
    assert all(o.doc for o in GAME.options)


def test_sessions_record_and_replay_with_options():
    state = new(players=3, seed=5, copies=1)
    while state.milestone < 2:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert bw.replay(state.record()).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("options", [{"copies": 0}, {"copies": 5}, {"hand_size": 2}, {"hand_size": 9},
                                     {"draw": "all"}])
def test_an_option_out_of_its_bounds_is_refused(options):
    with pytest.raises(bw.OptionError):
        new(**options)
