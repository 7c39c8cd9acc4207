"""Judging a position for a search cut off before the end: ``Game.evaluate_all`` judges every seat
at once and agrees, seat by seat, with ``Game.evaluate`` and with the rule written out per seat."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from toygame import GAME as TOY

import boardwright as bw
from boardwright.agents.ismcts import rewards_of
from boardwright.engine import Game, State, Stream

GAMES = [bw.load(game_id) for game_id in bw.games()] + [TOY]


def per_seat_rule(game: Game, state: State, seat: int) -> float:
    """Each game's evaluation of one seat, written out seat by seat (as it was before
    ``evaluate_all``): the winners share 1; a running game places the seat between the lowest and
    the highest search score; Makers of Universe compares the seat with its best opponent against
    the target; solo Game Makers compares the search score with 150."""
    if state.is_over:
        winners = state.winners()
        return (1.0 / len(winners)) if seat in winners else 0.0
    if game.id == "makers-of-universe":
        scores = state.scores()
        best = max(x for i, x in enumerate(scores) if i != seat)
        return max(0.0, min(1.0, 0.5 + (scores[seat] - best) / (2.0 * state.target)))  # type: ignore[attr-defined]
    if game.id == "the-game-makers" and state.players == 1:
        return min(1.0, game.search_scores(state)[0] / 150)
    scores = game.search_scores(state)
    best, worst = max(scores), min(scores)
    if best == worst:
        return 1.0 / state.players
    return (scores[seat] - worst) / (best - worst)


def sampled_states(game: Game, players: int, seed: int, count: int = 12) -> list[State]:
    """States spread over one random game (its opening, the finished game, and between), and a
    determinized sample of each running one (a search judges samples)."""
    length = len(play(game, players, seed).log)
    step = max(1, length // count)
    running: list[State] = []
    state = play(game, players, seed, keep=lambda s: running.append(s.clone()) if len(s.log) % step == 0 else None)
    samples = [s.determinize(s.to_act[0], seed + k) for k, s in enumerate(running)]
    return [*running, *samples, state]


def play(game: Game, players: int, seed: int, keep: Callable[[State], object] = lambda s: None) -> State:
    """A random game to its end; ``keep`` sees the state before each decision."""
    rng = Stream(seed)
    state = game.new(players=players, seed=seed, events=False)
    while not state.is_over:
        keep(state)
        to_act = state.to_act
        seat = to_act[rng.below(len(to_act))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_seat_is_judged_at_once_as_seat_by_seat(game):
    judged = over = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in (1, 2):
            for state in sampled_states(game, players, seed):
                values = game.evaluate_all(state)
                assert len(values) == players
                for seat in range(players):
                    assert values[seat] == game.evaluate(state, seat) == per_seat_rule(game, state, seat), (
                        f"{game.id} {players}p seed {seed} seat {seat}")
                    assert 0.0 <= values[seat] <= 1.0
                judged += 1
                over += state.is_over
    assert judged >= 20 * (game.max_players - game.min_players + 1) and over


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_cut_off_rollout_is_rewarded_by_evaluate_all(game):
    for state in sampled_states(game, game.max_players, 3)[:-1]:
        assert not state.is_over
        assert rewards_of(state) == game.evaluate_all(state)


def test_makers_of_universe_judges_the_leader_against_the_runner_up():
    game = bw.load("makers-of-universe")
    state = next(s for s in sampled_states(game, 4, 5, count=40)
                 if not s.is_over and sorted(s.scores())[-1] > sorted(s.scores())[-2])
    scores = state.scores()
    leader = scores.index(max(scores))
    runner_up = sorted(scores)[-2]
    values = game.evaluate_all(state)
    expected = max(0.0, min(1.0, 0.5 + (scores[leader] - runner_up) / (2.0 * state.target)))  # type: ignore[attr-defined]
    assert values[leader] == expected and values[leader] > 0.5


def test_a_game_overriding_evaluate_alone_is_refused():
    with pytest.raises(TypeError, match="evaluate_all"):
        class Stale(Game):
            def evaluate(self, state: State, seat: int) -> float:
                return 0.5

    class Both(Game):
        def evaluate_all(self, state: State) -> list[float]:
            return [0.25] * state.players

        def evaluate(self, state: State, seat: int) -> float:
            return 0.25

    class AllAtOnce(Game):
        def evaluate_all(self, state: State) -> list[float]:
            return [0.75] * state.players

    state = TOY.new(players=2, seed=1)
    assert AllAtOnce().evaluate(state, 1) == 0.75 and Both().evaluate(state, 0) == 0.25
