"""Events, the score breakdown and action menus, shown on the test-only game "Sealed Sums"
(tests/toygame.py): who is told what, numbering, samples and replays."""

from __future__ import annotations

import json

import pytest
from toygame import GAME, ToyState

import boardwright as bw


def bid_round(state: ToyState, bids: list[int]) -> None:
    for seat, bid in enumerate(bids):
        state.apply(seat, f"bid {bid}")


def test_a_sealed_bid_is_told_to_its_seat_and_hidden_from_the_others():
    state = GAME.new(players=3, seed=4)
    state.apply(0, "bid 2")
    mine = state.events(0)
    assert mine == [{"seq": 0, "kind": "acted", "text": "Seat 0: bid 2", "step": 1, "private": True, "seat": 0,
                     "action": "bid 2"}]
    for viewer in (1, 2, None):
        assert state.events(viewer) == [{"seq": 0, "kind": "acted", "text": "Seat 0 commits a sealed choice",
                                         "step": 1, "seat": 0, "sealed": True}]


def test_the_reveal_tells_every_bid_to_everyone():
    state = GAME.new(players=3, seed=4)
    bid_round(state, [3, 1, 0])
    reveal = [e for e in state.events(None) if e["kind"] == "bids_revealed"]
    assert reveal and reveal[0]["text"] == "The bids are revealed: 3, 1 and 0" and reveal[0]["bids"] == [3, 1, 0]
    assert [e["text"] for e in state.events(1) if e["kind"] == "die_rolled"] == [f"Seat 0 rolls a {state.die}"]


def test_a_drawn_card_is_named_to_its_owner_and_is_a_card_to_everyone_else():
    state = GAME.new(players=2, seed=4)
    bid_round(state, [3, 0])
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, "place low")
    drawn = state.hands[0][-1] if state.hands[0][-1] not in state.hands[0][:-1] else None
    mine = [e for e in state.events(0) if e["kind"] == "drawn"]
    theirs = [e for e in state.events(1) if e["kind"] == "drawn"]
    assert len(mine) == len(theirs) == 1
    assert mine[0]["private"] and mine[0]["card"] in state.hands[0]
    assert drawn is None or mine[0]["card"] == drawn
    assert theirs[0]["text"] == "Seat 0 draws a card" and "card" not in theirs[0] and "private" not in theirs[0]


def test_events_are_numbered_per_seat_so_a_client_asks_only_for_what_is_new():
    state = GAME.new(players=2, seed=4)
    bid_round(state, [3, 0])
    seen = state.events(1)
    state.apply(0, state.legal_actions(0)[0])
    new = state.events(1, since=len(seen))
    assert [e["seq"] for e in new] == list(range(len(seen), len(seen) + len(new)))
    assert state.events(1) == seen + new
    for bad in (-1, 1.5, "0", None):
        with pytest.raises(ValueError, match="since"):
            state.events(1, since=bad)
    with pytest.raises(bw.IllegalAction, match="Seats"):
        state.events(7)


def test_each_event_says_which_action_told_it_and_a_sample_keeps_it():
    state = GAME.new(players=2, seed=4)
    bid_round(state, [3, 0])
    state.apply(0, state.legal_actions(0)[0])
    for viewer in (None, 0, 1):
        told = state.events(viewer)
        first_action = next(event["seq"] for event in told if event["kind"] == "acted")
        assert all(event["step"] == 0 for event in told[:first_action]), "what setup told is step 0"
        steps = [event["step"] for event in told]
        assert steps == sorted(steps) and steps[-1] == len(state.log), steps
        acted = [event["step"] for event in told if event["kind"] == "acted"]
        assert acted == list(range(1, len(state.log) + 1)), "each action's own event carries its number"
        assert {event["step"] for event in told} <= set(range(len(state.log) + 1))
    sample = state.determinize(1, seed=9)
    assert [event["step"] for event in sample.events(1)] == [event["step"] for event in state.events(1)]


def test_the_end_is_told_with_its_reason_and_the_winners():
    state = GAME.new(players=2, seed=4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    end = state.events(None)[-1]
    assert end["kind"] == "game_ended" and end["reason"] == "three rounds were played"
    assert end["scores"] == state.scores() and end["winners"] == state.winners()
    assert end["text"].startswith("The game ends (three rounds were played): ")


def test_a_sample_tells_its_seat_exactly_what_it_was_told_and_holds_nothing_more():
    state = GAME.new(players=3, seed=4)
    bid_round(state, [3, 1, 0])
    while not state.is_sealed:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    state.apply(1, "bid 2")  # sealed, hidden from seat 2
    sample = state.determinize(2, 99)
    assert sample.events(2) == state.events(2)
    # nothing seat 2 was not told is kept in the sample, in any form
    raw = json.dumps([list(e) for e in sample._events])
    assert '"bid 2"' not in raw and str(state.hands[0][-1]) not in [str(e[2].get("card")) for e in sample._events]
    # a sample tells no new events: it is for search
    seat = sample.to_act[0]
    sample.apply(seat, sample.legal_actions(seat)[0])
    assert sample.events(2) == state.events(2)


def test_a_replay_tells_the_same_events():
    state = GAME.new(players=3, seed=8)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act[-1]
        state.apply(seat, state.legal_actions(seat)[-1])
    again = bw.replay(json.loads(json.dumps(state.record())))
    for viewer in (None, 0, 1, 2):
        assert again.events(viewer) == state.events(viewer)


def test_a_clone_and_its_original_tell_their_own_futures():
    state = GAME.new(players=2, seed=4)
    state.apply(0, "bid 3")
    copy = state.clone()
    copy.apply(1, "bid 0")
    assert len(copy.events(None)) > len(state.events(None)) == 1
    state.apply(1, "bid 1")
    assert state.events(None)[1]["seat"] == 1 and copy.events(None)[1]["seat"] == 1
    assert state.events(0) != copy.events(0)


def test_the_default_score_breakdown_is_one_line_per_seat_that_adds_up():
    state = GAME.new(players=2, seed=4)
    bid_round(state, [3, 0])
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, "place low")
    breakdown = state.score_breakdown()
    assert [entry["total"] for entry in breakdown] == state.scores()
    assert all(sum(line["points"] for line in entry["lines"]) == entry["total"] for entry in breakdown)


def test_an_action_menu_groups_steps_and_offers_every_legal_action_once():
    state = GAME.new(players=2, seed=4)
    assert state.action_groups(0) == [{"label": "bid", "choices": [
        {"label": str(b), "action": f"bid {b}"} for b in range(4)]}]
    bid_round(state, [3, 0])
    menu = state.action_groups(0)
    assert sorted(entry["action"] for entry in menu) == sorted(map(str, state.legal_actions(0)))
    assert state.action_groups(1) == []


def test_a_reaction_window_offers_its_pass_and_nothing_else_does():
    state = GAME.new(players=2, seed=4)
    assert state.pass_action(0) is None
    while not state.is_over and state.phase != "react":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    if state.phase == "react":
        seat = state.to_act[0]
        assert str(state.pass_action(seat)) == "pass"
        assert state.pass_action(1 - seat) is None
    with pytest.raises(bw.IllegalAction, match="Seats"):
        state.pass_action(3)
