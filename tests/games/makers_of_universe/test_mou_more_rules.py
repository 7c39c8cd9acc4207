"""Rules checked in the audit that had no test of their own: the order of a reaction window, Action
cards in the first round, what defence creatures protect from, the options, a shared win."""

from __future__ import annotations

import pytest
from mou_helpers import finish_turn, hand, legal, new_game, owns, play, turn

from boardwright.engine import OptionError
from boardwright.games.makers_of_universe import rules as R


def test_a_window_asks_the_eligible_players_clockwise_from_the_active_player():
    s = turn(new_game(), seat=1)
    hand(s, 0, "Windfall")
    hand(s, 2, "Windfall")
    play(s, "end turn")
    assert s.win_queue == [2, 0]


def test_the_attacker_may_play_an_action_card_after_declaring_its_attack():
    s = turn(new_game())
    hand(s, 0, "Void Leech", "Windfall")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.to_act, s.win_kind) == ((0,), R.W_ATTACK)


def test_action_cards_may_be_played_in_the_first_round():
    s = turn(new_game(), round=1)
    hand(s, 0, "Levy")
    assert "play Levy on seat 1" in legal(s, 0)


def test_a_cerberus_in_defence_keeps_its_worlds_ue_from_a_levy():
    s = turn(new_game())
    hand(s, 0, "Levy")
    s.defenders[1] = [s.c.card_named("Cerberus").id]
    play(s, "play Levy on seat 1")
    assert (s.ue[0], s.ue[1]) == (5, 5)


def test_a_titan_golem_in_defence_keeps_its_worlds_machines_from_a_meteor():
    s = turn(new_game())
    hand(s, 0, "Meteor")
    owns(s, 1, "Gene Loom")
    s.defenders[1] = [s.c.card_named("Titan Golem").id]
    play(s, "play Meteor on seat 1 Gene Loom")
    assert s.machines[1] == [s.c.machine_named("Gene Loom").id]


def test_a_titan_golem_in_defence_does_not_stop_the_ravager_cannon():
    s = turn(new_game())
    owns(s, 0, "Ravager Cannon")
    owns(s, 1, "Gene Loom")
    s.defenders[1] = [s.c.card_named("Titan Golem").id]
    play(s, "fire cannon at seat 1 Gene Loom")
    assert s.machines[1] == []


def test_an_evolution_stays_when_the_machine_it_was_placed_through_is_destroyed():
    s = turn(new_game())
    hand(s, 0, "Meteor")
    owns(s, 1, "Tide Engine")
    s.evolutions[1] = [s.c.card_named("Oceans").id]
    play(s, "play Meteor on seat 1 Tide Engine")
    assert R.points(s, 1) == 2


def test_the_starting_ue_cards_and_tokens_are_options():
    s = new_game(players=4, start_ue=3, start_cards=2, ue_tokens=20)
    assert (s.ue, [len(h) for h in s.hands], s.bank) == ([3] * 4, [2] * 4, 20 - 12)


def test_dealing_more_ue_than_there_are_tokens_is_refused():
    with pytest.raises(OptionError):
        new_game(players=5, start_ue=7, ue_tokens=30)


def test_at_the_round_limit_equal_points_share_the_win():
    s = turn(new_game(max_rounds=2), 0)
    s.pawn, s.turn_no = 1, 2
    owns(s, 0, "Tide Engine")
    owns(s, 2, "Crystal Press")
    finish_turn(s)
    assert s.winners() == [0, 2]


def test_a_player_whose_action_cards_have_no_target_now_is_not_asked():
    s = turn(new_game())
    hand(s, 1, "Meteor", "Portal Collapse", "Defuse")
    play(s, "end turn")
    assert (s.phase, s.to_act) == (R.P_DRAW, (1,))
