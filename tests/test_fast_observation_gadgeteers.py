"""Gadgeteers' fast observation (written straight from the state) equals the encoding of the
seat's view at every kind of state: every player count, with and without Alternate Tokens, face-down
tokens, every step of a special power, the deck's known bottom, the end of the game,
determinized samples and undone actions; and the comparison does catch a wrong value."""

from __future__ import annotations

import random

import pytest
from conformance import check_fast_observation, check_fast_observation_undone

import boardwright as bw
from boardwright.games.gadgeteers import Gadgeteers
from boardwright.games.gadgeteers.observation import STEPS

GAME = bw.load("gadgeteers")
OPTIONS = ({}, {"alternate_tokens": True})


def play(players: int, seed: int, options: dict, every: int):
    """A random game's states (the first, every ``every``-th and the last), with the game state
    itself going on between them."""
    rng = random.Random(seed)
    state = GAME.new(players=players, seed=seed, options=options, events=False)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state, rng
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    yield state, rng


@pytest.mark.parametrize("options", OPTIONS, ids=["standard", "alternate"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_observed_fast_as_by_the_view(players, seed, options):
    checked = determinized = undone = 0
    every = 5 * players
    for state, rng in play(players, seed, options, every):
        check_fast_observation(state)
        checked += 1
        if checked % 5 == 0:  # what a seat may imagine of the hidden rest
            for seat in range(players):
                check_fast_observation(state.determinize(seat, rng.randrange(1 << 30)))
                determinized += 1
        if (checked % 7 == 0 or not undone) and state.to_act and state.log:
            undone += check_fast_observation_undone(state, state.log[-1][0])
    assert state.is_over  # the final state (every Bonus card shown) was checked last
    assert checked > 20 and determinized > 0 and undone > 0


def test_every_state_of_a_game_in_order():
    """Every state, observed in turn by the seat to act and by the others: the blocks kept from a
    seat's last observation are reused exactly when what they are read from is unchanged."""
    for state, _ in play(2, 7, {}, 1):
        check_fast_observation(state)


def test_two_games_observed_in_turn():
    """One observer for two games at once: nothing kept from one game's state shows in the
    other's observation."""
    games = [play(3, seed, {"alternate_tokens": True}, 4) for seed in (11, 12)]
    for pair in zip(*games, strict=False):
        for state, _ in pair:
            check_fast_observation(state)


def test_every_step_of_a_special_power():
    """States in the middle of a special power (each of its steps, with what the earlier ones
    chose), from random games with Alternate Tokens until every step was met."""
    seen: set[str] = set()
    for seed in range(60):
        for players in (2, 3, 4):
            for state, rng in play(players, seed, {"alternate_tokens": True}, 1):
                step = state.pw.step
                if step and (step not in seen or rng.random() < 0.02):
                    seen.add(step)
                    check_fast_observation(state)
                    check_fast_observation(state.determinize(state.to_act[0], seed))
        if seen == set(STEPS):
            break
    assert seen == set(STEPS)


@pytest.mark.parametrize("fault", ["changed", "dropped", "moved"])
def test_the_check_catches_a_wrong_fast_observation(monkeypatch, fault):
    right = Gadgeteers._observe_state

    def wrong(self, state, seat, context, at, positions, values):
        right(self, state, seat, context, at, positions, values)
        if fault == "changed":
            values[-1] += 0.25
        elif fault == "dropped":
            positions.pop()
            values.pop()
        else:
            positions[-1] += 1

    state = next(s for s, _ in play(2, 0, {}, 40) if s.phase == "Gadgets Phase")
    check_fast_observation(state)
    monkeypatch.setattr(Gadgeteers, "_observe_state", wrong)
    with pytest.raises(AssertionError, match="fast observation differs"):
        check_fast_observation(state)


@pytest.mark.parametrize("players", [2, 4])
def test_the_entries_themselves_show_only_the_view(players):
    """The entries (not only their sums) are the same for a state and for any sample of what the
    seat cannot see: no entry tells which kind a face-down token of another seat is, or which of
    its tokens are behind its screen."""
    observer = GAME.observer(players, {"alternate_tokens": True})
    compared = 0
    for state, rng in play(players, 5, {"alternate_tokens": True}, 3):
        for seat in range(players):
            sample = state.determinize(seat, rng.randrange(1 << 30))
            assert observer.entries(sample, seat) == observer.entries(state, seat)
            compared += any(state.down)
    assert compared > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_leads_are_the_parts_a_seat_controls_alone(players):
    """``leads`` (what the fast path reads control from) names the Parts where the seat alone
    has the highest total: those it controls, the corners of a 4-player game aside."""
    compared = 0
    for state, _ in play(players, 2, {}, 5):
        corners = {state.part_at[cell] for cell in (0, 3, 6, 9)} if players == 4 else set()
        for seat in range(players):
            leads = list(state.leads(seat))
            alone = [part for part in range(12) if part not in corners and state.controllers(part) == (seat,)]
            assert [part for part in leads if part not in corners] == alone
            compared += bool(alone)
    assert compared > 10
