"""Undo, as Board Game Arena allows it (shared/DESIGN.md "Undo"): a player takes back their own
last actions while nothing hidden was revealed, nothing was drawn at random and no other seat has
acted since.

Each situation is a real one: a seeded game played by the heuristic bots up to the first moment
it arises (the search asserts it was found, so a test cannot pass without its situation).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import boardwright as bw
from boardwright import agents
from boardwright.engine import IllegalAction, State
from boardwright.engine.undo import replay_fingerprint


def play_until(game_id: str, players: int, seed: int, wanted: Callable[[State], bool],
               events: bool = True, limit: int = 3000, bot: str = "heuristic") -> State:
    """Play a seeded game with the heuristic (or ``bot``) bots until a seat is to act again right
    after its own action and ``wanted(state)`` holds."""
    state = bw.load(game_id).new(players=players, seed=seed, events=events)
    bots = [agents.make(bot, seed=seed * 10 + seat) for seat in range(players)]
    while not state.is_over and len(state.log) < limit:
        if state.log and state.to_act == (state.log[-1][0],) and wanted(state):
            return state
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError(f"the precondition: no such situation in {game_id} ({players}p, seed {seed})")


def last(state: State) -> tuple[int, str]:
    seat, action = state.log[-1]
    return seat, str(action)


def kind(*kinds: str) -> Callable[[State], bool]:
    """The last action is one of ``kinds``."""
    return lambda state: state.log[-1][1].kind in kinds


def undoable(*kinds: str) -> Callable[[State], bool]:
    """The last action is one of ``kinds`` and may be taken back."""
    return lambda state: state.log[-1][1].kind in kinds and state.can_undo(state.log[-1][0])


def refused(*kinds: str, why: str) -> Callable[[State], bool]:
    """The last action is one of ``kinds`` and its seat may not take it back, because ``why``."""
    def test(state: State) -> bool:
        seat, action = state.log[-1]
        return action.kind in kinds and why in (state._undo_refusal(seat) or "")
    return test


def previous(state: State, count: int = 1) -> State:
    """The game as it was ``count`` actions ago (a replay of its record)."""
    return bw.replay(state.record(), until=len(state.log) - count)


def assert_taken_back(state: State, seat: int, count: int = 1) -> None:
    """``seat`` takes back its last ``count`` actions: the game is exactly as it was before them,
    and the first of them may be taken again."""
    earlier = previous(state, count)
    first = state.log[-count][1]
    state.undo(seat, count)
    assert replay_fingerprint(state) == replay_fingerprint(earlier)
    assert all(state.view(who) == earlier.view(who) for who in [None, *range(state.players)])
    assert first in state.legal_actions(seat)


def assert_refused(state: State, seat: int, why: str) -> None:
    """Undo is refused with ``why`` and changes nothing, not even the events."""
    before = state.fingerprint()
    views = [state.view(who) for who in [None, *range(state.players)]]
    assert not state.can_undo(seat)
    with pytest.raises(IllegalAction, match=why) as refusal:
        state.undo(seat)
    assert refusal.value.rule == "Undo" and "\n" not in str(refusal.value)
    assert state.fingerprint() == before
    assert [state.view(who) for who in [None, *range(state.players)]] == views


# ---------------------------------------------------------------- The Game Makers
def test_game_makers_a_player_moves_a_forklift_then_takes_it_back():
    state = play_until("the-game-makers", 2, 1, undoable("forklift"))
    seat, action = last(state)
    assert action.startswith("forklift to")
    assert_taken_back(state, seat)


def test_game_makers_two_steps_of_a_turn_are_taken_back_in_a_row():
    state = play_until("the-game-makers", 2, 1, lambda s: s.log[-1][1].kind == "use" and s.log[-2][1].kind == "forklift"
                       and s.log[-2][0] == s.log[-1][0] and s.can_undo(s.log[-1][0]))
    seat, _ = last(state)
    forklift = state.log[-2][1]
    assert_taken_back(state, seat, 2)
    assert forklift in state.legal_actions(seat)


def test_game_makers_a_forklift_that_draws_from_the_bags_or_deck_cannot_be_taken_back():
    state = play_until("the-game-makers", 2, 1, refused("forklift", why="drew at random"))
    assert_refused(state, state.log[-1][0], "drew at random")


def test_game_makers_a_die_rolled_cannot_be_taken_back():
    state = play_until("the-game-makers", 2, 1, lambda s: str(s.log[-1][1]) == "take dice")
    assert_refused(state, state.log[-1][0], "drew at random")


def test_game_makers_a_card_kept_as_a_contract_is_shown_and_cannot_be_taken_back():
    state = play_until("the-game-makers", 2, 1, kind("keep"))
    seat, action = last(state)
    assert action.startswith("contract")
    assert_refused(state, seat, f"it showed Seat {1 - seat} something hidden")


def test_game_makers_a_solo_player_takes_back_steps_too():
    state = play_until("the-game-makers", 1, 2, undoable("forklift", "work", "use"))
    assert_taken_back(state, 0)


# ---------------------------------------------------------------- Gadgeteers
def test_gadgeteers_a_player_recalls_tokens_at_the_end_of_the_round_then_takes_it_back():
    state = play_until("gadgeteers", 2, 1, kind("recall"))
    seat, _ = last(state)
    assert state.can_undo(seat)
    assert_taken_back(state, seat)


def test_gadgeteers_a_power_activated_is_taken_back():
    state = play_until("gadgeteers", 2, 1, undoable("activate"), bot="random")
    assert_taken_back(state, state.log[-1][0])


def test_gadgeteers_a_gadget_built_refills_the_row_from_the_deck_and_cannot_be_taken_back():
    state = play_until("gadgeteers", 2, 1, kind("build"))
    seat, _ = last(state)
    assert len(state.view(seat)["row"]) == 4, "the precondition: the row is refilled"
    assert_refused(state, seat, f"it showed Seat {seat} something hidden")


# ---------------------------------------------------------------- Game Development
def test_game_development_a_player_pays_a_developer_then_takes_the_payment_back():
    state = play_until("game-development", 3, 1, undoable("pay"))
    seat, _ = last(state)
    assert_taken_back(state, seat)


def test_game_development_a_card_played_from_the_hand_is_shown_and_cannot_be_taken_back():
    state = play_until("game-development", 3, 1, lambda s: len(s.log) == 1)
    seat, action = last(state)
    assert action.startswith("play")
    assert_refused(state, seat, "it showed Seat 1 something hidden")


def test_game_development_sharing_ideas_draws_at_random_and_cannot_be_taken_back():
    state = play_until("game-development", 3, 1, refused("action", why="drew at random"))
    assert last(state)[1] == "play Sharing Ideas"
    assert_refused(state, state.log[-1][0], "drew at random")


# ---------------------------------------------------------------- Makers of Universe
def test_makers_of_universe_a_player_traps_a_door_hides_a_card_and_takes_both_back():
    state = play_until("makers-of-universe", 3, 1, lambda s: s.log[-1][1].kind == "hide"
                       and s.log[-2][1].kind == "trap" and s.can_undo(s.log[-1][0]))
    seat, action = last(state)
    for other in range(state.players):
        if other != seat:  # the others see a card go face down, not which
            assert action not in str(state.events(other)[-3:])
    assert_taken_back(state, seat, 2)


def test_makers_of_universe_ue_taken_from_the_supply_are_given_back():
    state = play_until("makers-of-universe", 3, 1, lambda s: str(s.log[-1][1]) == "draw 2 UE")
    assert_taken_back(state, state.log[-1][0])


def test_makers_of_universe_a_card_drawn_cannot_be_taken_back():
    state = play_until("makers-of-universe", 3, 1, lambda s: str(s.log[-1][1]) == "draw 1 card and 1 UE")
    seat, _ = last(state)
    assert_refused(state, seat, f"it showed Seat {seat} something hidden")


def test_makers_of_universe_a_sealed_bid_cannot_be_taken_back():
    state = play_until("makers-of-universe", 3, 1, kind("bid"))
    assert_refused(state, state.log[-1][0], "it committed a sealed choice")


def test_makers_of_universe_while_others_still_bid_nothing_is_taken_back():
    state = bw.load("makers-of-universe").new(players=3, seed=1)
    while not state.is_sealed:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.is_sealed and seat not in state.to_act
    assert_refused(state, seat, "a sealed decision is open")


# ---------------------------------------------------------------- the engine's promises
@pytest.fixture
def forklift() -> State:
    """The Game Makers, 2 players: seat 0 has just moved a forklift it may take back."""
    return play_until("the-game-makers", 2, 1, undoable("forklift"))


def test_after_the_turn_passes_nothing_is_taken_back():
    state = play_until("the-game-makers", 2, 1, lambda s: True)
    seat, _ = last(state)
    while state.to_act == (seat,):
        state.apply(seat, state.legal_actions(seat)[-1])
    if state.is_over or not state.log or state.log[-1][0] != seat:
        pytest.fail("the precondition: the seat's last action passed the turn")
    other = state.to_act[0]
    assert_refused(state, seat, "the decision has passed")
    assert_refused(state, other, f"the last action was Seat {seat}'s")


def test_events_keep_their_numbers_and_everyone_is_told_of_the_undo(forklift):
    seat, _ = last(forklift)
    told = {who: forklift.events(who) for who in [None, *range(forklift.players)]}
    forklift.undo(seat)
    for who, before in told.items():
        after = forklift.events(who)
        assert after[:len(before)] == before, "what a seat was told stays told, with its number"
        assert len(after) == len(before) + 1
        assert after[-1]["seq"] == len(before)
        assert after[-1]["kind"] == "undone" and after[-1]["seat"] == seat and after[-1]["count"] == 1
        assert after[-1]["text"] == f"Seat {seat} takes back an action"
        assert after[-1]["step"] == len(forklift.log), "the undone event says back to which step"
        taken_back = [event for event in before if event["step"] > after[-1]["step"]]
        assert taken_back and taken_back[0]["kind"] == "acted", "the taken-back action's events are known"


def test_the_record_after_an_undo_replays_to_the_same_game(forklift):
    seat, _ = last(forklift)
    forklift.undo(seat)
    again = bw.replay(forklift.record())
    assert replay_fingerprint(again) == replay_fingerprint(forklift)
    other = forklift.legal_actions(seat)[0]
    forklift.apply(seat, other)
    assert replay_fingerprint(bw.replay(forklift.record())) == replay_fingerprint(forklift)


def test_a_refused_undo_changes_nothing(forklift):
    seat, _ = last(forklift)
    other = 1 - seat
    assert_refused(forklift, other, f"the last action was Seat {seat}'s")
    with pytest.raises(IllegalAction, match=r"Undo: Seat \d can take back 1 action now, not 3"):
        forklift.undo(seat, 3)
    assert forklift.can_undo(seat)


def test_asking_changes_nothing_and_the_answer_is_kept(forklift):
    seat, _ = last(forklift)
    before = forklift.fingerprint()
    assert forklift.can_undo(seat) and forklift.can_undo(seat)
    assert forklift.fingerprint() == before
    copy = forklift.clone()
    assert copy.fingerprint() == before, "a clone does not carry the answer"


def test_a_game_that_tells_no_events_takes_back_all_the_same():
    state = play_until("the-game-makers", 2, 1, undoable("forklift"), events=False)
    seat, _ = last(state)
    assert_taken_back(state, seat)
    assert state.events(seat) == [] and state.events(None) == []


def test_a_determinized_sample_takes_nothing_back(forklift):
    seat, _ = last(forklift)
    sample = forklift.determinize(seat, 1)
    assert_refused(sample, seat, "a determinized sample has no history")


@pytest.mark.parametrize("bad", [9, -1, "0", 0.0, True, None])
def test_a_seat_the_game_does_not_have_is_refused_by_the_seats_rule(forklift, bad):
    with pytest.raises(IllegalAction) as refusal:
        forklift.can_undo(bad)
    assert refusal.value.rule == "Seats"
    with pytest.raises(IllegalAction) as refusal:
        forklift.undo(bad)
    assert refusal.value.rule == "Seats"


@pytest.mark.parametrize("count", [0, -1, 1.0, "1", True])
def test_the_number_of_actions_to_take_back_is_a_whole_number_from_1(forklift, count):
    before = forklift.fingerprint()
    with pytest.raises(IllegalAction, match="Undo: the number of actions to take back"):
        forklift.undo(last(forklift)[0], count)
    assert forklift.fingerprint() == before


def test_before_any_action_and_after_the_end_nothing_is_taken_back():
    state = bw.load("gadgeteers").new(players=2, seed=3)
    assert_refused(state, 0, "no action has been taken yet")
    bots = [agents.make("random", seed=seat) for seat in range(2)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert_refused(state, state.log[-1][0], "the game is over")


def test_a_game_whose_content_file_changed_is_not_rebuilt(tmp_path):
    from boardwright.games.gadgeteers.content import DEFAULT_FILE
    content = tmp_path / "gadgets.toml"
    content.write_text(DEFAULT_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    state = bw.load("gadgeteers").new(players=2, seed=1, options={"content": str(content)})
    bots = [agents.make("heuristic", seed=10 + seat) for seat in range(2)]
    while not (state.log and state.log[-1][1].kind == "recall" and state.to_act == (state.log[-1][0],)):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    seat, _ = last(state)
    copy = state.clone()
    assert copy.can_undo(seat), "the precondition: the same content rebuilds the game"
    content.write_text(content.read_text(encoding="utf-8").replace("points = 2", "points = 3", 1) + "\n",
                       encoding="utf-8")
    assert_refused(state, seat, "cannot be rebuilt")
