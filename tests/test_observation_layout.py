"""Every game's observation: the layout describes exactly what each encoding writes, and writing
without describing (as environments do, every step) gives the same values."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.engine import Stream


@pytest.mark.parametrize("game_id", bw.games())
def test_an_observation_written_fast_is_the_one_its_layout_describes(game_id):
    game = bw.load(game_id)
    low = max(2, game.min_players) if game.max_players > 1 else 1
    for players in sorted({low, game.max_players}):
        observer = game.observer(players, {})
        assert sum(size for _, size, _ in observer.layout) == observer.size
        state = game.new(players=players, seed=players, events=False)
        rng = Stream(players)
        checked = 0
        for step in range(400):
            if state.is_over:
                break
            if step % 20 == 0:
                for seat in range(players):
                    view = state.view(seat)
                    described = observer._encode(view, describe=True)
                    assert described.blocks == list(observer.layout)
                    assert observer.encode(view) == described.values
                    checked += 1
            seat = state.to_act[rng.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
        assert checked >= 2 * players
