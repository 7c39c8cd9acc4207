"""Action cards and reaction windows (rulebook "Using an Action Card"; RULINGS U6)."""

from __future__ import annotations

from mou_helpers import card, finish_turn, hand, legal, names, new_game, owns, play, turn

from boardwright.games.makers_of_universe import rules as R


def attack_declared(*defender_hand: str):
    """Seat 0 sends a Void Leech at seat 1's door 1; seat 1 holds ``defender_hand``."""
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    hand(s, 1, *defender_hand)
    play(s, "send Void Leech", "attack seat 1 door 1")
    return s


def test_a_declared_attack_opens_a_window_before_the_door_is_resolved():
    s = attack_declared("Portal Collapse")
    assert (s.to_act, s.win_kind) == ((1,), R.W_ATTACK)


def test_only_players_holding_a_playable_action_card_are_asked():
    s = attack_declared("Oceans")
    assert s.phase == R.P_MAIN and s.ue[1] == 3


def test_portal_collapse_cancels_the_declared_attack_and_discards_the_creature():
    s = attack_declared("Portal Collapse")
    play(s, (1, "play Portal Collapse"))
    assert (s.ue[1], names(s, s.discards)) == (5, ["Portal Collapse", "Void Leech"])


def test_portal_collapse_is_not_playable_without_a_declared_attack():
    s = turn(new_game())
    hand(s, 0, "Portal Collapse")
    assert "play Portal Collapse" not in legal(s, 0)


def test_any_play_reopens_the_window_from_the_active_player():
    s = attack_declared("Windfall", "Windfall")
    hand(s, 2, "Windfall")
    play(s, (1, "play Windfall"))
    assert s.win_queue == [1, 2]


def test_the_window_closes_when_all_have_passed():
    s = attack_declared("Portal Collapse")
    play(s, (1, "pass"))
    assert (s.phase, s.ue[1]) == (R.P_MAIN, 3)


def test_an_action_card_can_be_played_on_an_opponents_turn():
    s = turn(new_game())
    hand(s, 1, "Windfall")
    play(s, (0, "end turn"), (1, "play Windfall"))
    assert s.ue[1] == 7


def test_the_end_of_a_turn_opens_a_window_for_the_others():
    s = turn(new_game())
    hand(s, 2, "Windfall")
    s.apply(0, "end turn")
    assert (s.to_act, s.win_kind) == ((2,), R.W_END)


def test_the_player_ending_its_turn_is_not_asked_in_that_window():
    s = turn(new_game())
    hand(s, 0, "Windfall")
    hand(s, 1, "Windfall")
    s.apply(0, "end turn")
    assert s.win_queue == [1]


def test_a_play_in_the_end_of_turn_window_reopens_it_for_the_active_player_too():
    """Seat 0 ends its turn holding a Windfall; seat 1 answers with a Levy on seat 0. The play
    reopens the window, which asks clockwise from the active player: seat 0 may now answer (U6)."""
    s = turn(new_game())
    hand(s, 0, "Windfall")
    hand(s, 1, "Levy")
    play(s, "end turn", (1, "play Levy on seat 0"))
    assert (s.to_act, s.win_kind) == ((0,), R.W_END)


def test_a_play_in_the_window_after_the_active_players_card_asks_the_active_player_first():
    """Seat 0 plays a Windfall; in the window that follows, seat 1 answers with a Levy on seat 0.
    The window reopens and asks clockwise from seat 0: seat 0, holding an Insight, before seat 2."""
    s = turn(new_game())
    hand(s, 0, "Windfall", "Insight")
    hand(s, 1, "Levy")
    hand(s, 2, "Windfall")
    play(s, "play Windfall", (1, "play Levy on seat 0"))
    assert (s.phase, s.win_queue) == (R.P_WINDOW, [0, 2])


def test_the_window_after_an_attack_cancelled_by_another_players_card_asks_the_active_player_first():
    """Seat 0 sends a Void Leech at seat 1, who cancels it with Portal Collapse. The card resolved
    window that follows is opened by seat 1's card, not seat 0's own: it asks clockwise from the
    active player, seat 0 included and first, then seat 2 (U6, M5)."""
    s = turn(new_game())
    hand(s, 0, "Void Leech", "Windfall")
    hand(s, 1, "Portal Collapse")
    hand(s, 2, "Windfall")
    play(s, "send Void Leech", "attack seat 1 door 1", (0, "pass"), (1, "play Portal Collapse"))
    play(s, (0, "pass"), (2, "pass"))
    assert (s.win_kind, s.to_act, s.win_queue) == (R.W_RESOLVED, (0,), [0, 2])


def test_the_active_player_plays_its_actions_as_moves_of_its_turn():
    s = turn(new_game())
    hand(s, 0, "Windfall")
    play(s, "play Windfall")
    assert (s.ue[0], s.to_act) == (7, (0,))


def test_windfall_takes_2_ue_from_the_bank():
    s = turn(new_game())
    hand(s, 0, "Windfall")
    play(s, "play Windfall")
    assert s.ue[0] == 7


def test_insight_draws_2_resource_cards():
    s = turn(new_game())
    hand(s, 0, "Insight")
    play(s, "play Insight")
    assert len(s.hands[0]) == 2


def test_levy_takes_2_ue_from_an_opponent_without_entering_their_world():
    s = turn(new_game())
    hand(s, 0, "Levy")
    s.open_[2] = [False, False, False]
    play(s, "play Levy on seat 2")
    assert (s.ue[0], s.ue[2]) == (7, 3)


def test_defuse_discards_the_card_under_an_opponents_door():
    s = turn(new_game())
    hand(s, 0, "Defuse")
    s.under[1][2] = card(s, "Pit Trap")
    play(s, "play Defuse on seat 1 door 3")
    assert s.under[1][2] == -1


def test_breach_activates_an_opponents_inactive_door():
    s = turn(new_game())
    hand(s, 0, "Breach")
    play(s, "play Breach on seat 2 door 3")
    assert s.open_[2] == [True, False, True]


def test_meteor_destroys_an_opponents_machine():
    s = turn(new_game())
    hand(s, 0, "Meteor")
    owns(s, 1, "Gene Loom")
    play(s, "play Meteor on seat 1 Gene Loom")
    assert s.machines[1] == []


def test_sleight_takes_a_card_at_random_from_an_opponents_hand():
    s = turn(new_game())
    hand(s, 0, "Sleight")
    hand(s, 2, "Oceans")
    play(s, "play Sleight on seat 2")
    assert names(s, s.hands[0]) == ["Oceans"]


def test_a_window_after_a_card_resolves_asks_the_others():
    s = turn(new_game())
    hand(s, 0, "Windfall")
    hand(s, 1, "Windfall")
    play(s, "play Windfall")
    assert (s.to_act, s.win_kind) == ((1,), R.W_RESOLVED)


def test_meteor_cannot_target_a_palace():
    s = turn(new_game())
    hand(s, 0, "Meteor")
    owns(s, 1, "Gene Loom", "Palace")
    assert [t for t in legal(s, 0) if t.startswith("play Meteor")] == ["play Meteor on seat 1 Gene Loom"]


def test_finishing_a_turn_with_no_reactions_moves_to_the_next_player():
    s = turn(new_game())
    finish_turn(s)
    assert s.active == 1


def test_an_action_card_can_be_played_during_the_buying_phase():
    s = new_game()
    s.hands = [[], [card(s, "Levy")], []]
    s._sealed = None
    R.next_auction(s)
    play(s, (1, "play Levy on seat 0"))
    assert (s.ue[0], s.ue[1], s.phase) == (3, 7, R.P_BID)
