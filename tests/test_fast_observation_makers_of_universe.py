"""Makers of Universe's fast observation (written straight from the state) is the encoding of the
seat's view: at the states of random games of every player count and of the options that change
what is shown, at determinized states, after undo and at the end of the game."""

from __future__ import annotations

import pytest
from conformance import check_fast_observation

import boardwright as bw
from boardwright.engine import Stream
from boardwright.games.makers_of_universe import observation
from boardwright.games.makers_of_universe import rules as R

GAME = bw.load("makers-of-universe")


def play(players: int, seed: int, options: dict | None = None, every: int = 1, undo_every: int = 0):
    """A random game (random seat among those owing a decision, random legal action), checking the
    fast observation of every ``every``-th state, a determinization of each checked state for
    one seat, states after an undo every ``undo_every`` steps, and the final state. Returns the
    number of states checked."""
    state = GAME.new(players=players, seed=seed, options=options or {}, events=False)
    rng = Stream(seed)
    checked = step = 0
    while not state.is_over:
        seat = state.to_act[rng.below(len(state.to_act))]
        if step % every == 0:
            check_fast_observation(state)
            check_fast_observation(state.determinize(seat, seed + step))
            checked += 1
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        step += 1
        if undo_every and step % undo_every == 0 and not state.is_over and state.can_undo(seat):
            state.undo(seat)
            check_fast_observation(state)
            checked += 1
    check_fast_observation(state)
    return checked + 1


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_fast_observation_is_the_views_encoding(players, seed):
    assert play(players, seed, every=3, undo_every=9) > 20


@pytest.mark.parametrize("options", [
    {"characters": False},
    {"destroyed_machines": "out", "max_rounds": 4},
    {"start_ue": 0, "start_cards": 0, "target": 4},
    {"start_ue": 6, "start_cards": 10},
], ids=["no-characters", "machines-out-4-rounds", "nothing-dealt", "rich-start"])
def test_the_fast_observation_follows_the_options(options):
    assert play(3, 5, options, every=2) > 10


def test_a_sealed_bid_shows_only_to_its_bidder():
    state = GAME.new(players=3, seed=4, events=False)
    rng = Stream(4)
    while not (state.phase == R.P_BID and state.to_act and state.ue[state.to_act[0]] >= 2):
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    bidder = state.to_act[0]
    state.apply(bidder, "bid 2")
    assert state.is_sealed
    check_fast_observation(state)
    observer = GAME.observer(3, {})
    offset = _offset(observer, "your_bid")
    assert observer.dense(state, bidder)[offset] == pytest.approx(0.2)
    for other in range(3):
        if other != bidder:
            assert observer.dense(state, other)[offset] == 0.0
            # what the others see does not depend on their own hands or the hidden bid
            assert observer.dense(state, other) == observer.dense(state.determinize(other, 1), other)


def test_the_check_catches_a_wrong_value(monkeypatch):
    """The comparison can fail: one value off in one block, or one value left out, is named."""
    state = GAME.new(players=3, seed=3, events=False)
    check_fast_observation(state)
    observer = GAME.observer(3, {})
    game_part = 2 * 3 + 1
    bank = _offset(observer, "bank")
    honest = observation.observe_state

    def one_more(s, seat, ctx, at, positions, values):
        honest(s, seat, ctx, at, positions, values)
        positions.append(bank)
        values.append(0.01)

    monkeypatch.setattr(observation, "observe_state", one_more)
    with pytest.raises(AssertionError, match=r"block bank\[0\]"):
        check_fast_observation(state)

    def one_fewer(s, seat, ctx, at, positions, values):
        honest(s, seat, ctx, at, positions, values)
        last = max(range(len(positions)), key=lambda i: positions[i] if positions[i] >= game_part else -1)
        positions.pop(last)
        values.pop(last)

    monkeypatch.setattr(observation, "observe_state", one_fewer)
    with pytest.raises(AssertionError, match="fast observation differs"):
        check_fast_observation(state)


def test_the_blocks_are_placed_as_the_layout_says():
    for players in (3, 5):
        observer = GAME.observer(players, {})
        tables = observer.context.tables
        start = 2 * players + 1
        for name, offset in tables.offsets.items():
            assert _offset(observer, name) == start + offset
        assert set(tables.offsets) == {name for name, _, _ in observer.layout[3:]}


def _offset(observer, block: str) -> int:
    offset = 0
    for name, size, _ in observer.layout:
        if name == block:
            return offset
        offset += size
    raise KeyError(block)


def test_the_rare_steps_are_observed_as_the_view_shows_them():
    """Machines out of the game, an attack cancelled by an Action card, the creature-effect step and
    the discard of half a hand: two random 3-player games (destroyed Machines out) reach them all."""
    reached: set[str] = set()
    for seed in (11, 12):
        state = GAME.new(players=3, seed=seed, options={"destroyed_machines": "out"}, events=False)
        rng = Stream(seed)
        step = 0
        while not state.is_over:
            rare = {name for name, there in (
                ("scrapped", bool(state.scrapped)),
                ("cancelled", state.att_card >= 0 and state.att_cancelled),
                ("creature effect", state.phase == R.P_CHOOSE),
                ("discard half", state.phase == R.P_DISCARD)) if there}
            if rare - reached or (rare and step % 50 == 0):
                check_fast_observation(state)
                reached |= rare
            seat = state.to_act[rng.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            step += 1
        check_fast_observation(state)
    assert reached == {"scrapped", "cancelled", "creature effect", "discard half"}
