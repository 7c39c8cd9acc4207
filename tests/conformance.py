"""The conformance kit: what every game must satisfy, checked over random games.

``check_game(game, players, seed)`` plays one random game and checks, along the way and at the
end, the whole public contract: the game ends; someone can always act; every listed action
applies; illegal, unknown and out-of-turn actions are refused with the state unchanged; clones are
independent; records replay to the identical state; views are JSON; determinizing keeps the seat's
view and really resamples what it cannot see; scores and winners are well formed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import boardwright as bw
from boardwright.engine import Game, IllegalAction, State, Stream

#: the State slots that every game has (the rest are the game's own)
BASE_SLOTS = frozenset(State.__slots__)


@dataclass
class Report:
    steps: int = 0
    resampled: bool = False
    hidden_seen: bool = False
    seats_acted: set[int] = field(default_factory=set)


def game_part(state: State) -> tuple:
    """The fingerprint of the game's own fields (not the log, seed or streams)."""
    return tuple(p for p in state.fingerprint() if p[0] not in BASE_SLOTS)


def check_refusals(state: State, rng: Stream) -> None:
    """Out-of-turn, unknown and illegal actions raise IllegalAction and change nothing."""
    before = state.fingerprint()
    views = [state.view(s) for s in range(state.players)]

    def refused(seat: int, text: str) -> None:
        try:
            state.apply(seat, text)
        except IllegalAction as error:
            assert error.rule and error.reason, f"an IllegalAction names a rule and a reason: {error}"
            assert str(error) == f"{error.rule}: {error.reason}"
        else:
            raise AssertionError(f"seat {seat} was allowed {text!r}")
        assert state.fingerprint() == before, f"refusing {text!r} changed the state"

    idle = [s for s in range(state.players) if s not in state.to_act]
    if idle:
        seat = idle[rng.below(len(idle))]
        assert state.legal_actions(seat) == []
        actions = list(state.table)
        refused(seat, str(actions[rng.below(len(actions))]))
    if state.to_act:
        seat = state.to_act[0]
        refused(seat, "no such action at all")
        legal = set(state.legal_actions(seat))
        illegal = [a for a in state.table if a not in legal]
        if illegal:
            refused(seat, str(illegal[rng.below(len(illegal))]))
    refused(state.players, "no such action at all")
    assert [state.view(s) for s in range(state.players)] == views


def check_views(state: State, seed: int, report: Report) -> None:
    """Views are JSON; determinizing keeps the seat's view and resamples the rest."""
    json.dumps(state.view(None))
    for seat in range(state.players):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view is JSON-ready"
        truth = game_part(state)
        for k in range(3):
            sample = state.determinize(seat, seed * 31 + k)
            assert sample.view(seat) == view, f"determinize({seat}) changed what seat {seat} sees"
            assert sample.to_act == state.to_act
            assert sorted(map(str, sample.legal_actions(seat))) == sorted(map(str, state.legal_actions(seat)))
            if game_part(sample) != truth:
                report.resampled = True
        again = state.determinize(seat, seed * 31)
        assert game_part(again) == game_part(state.determinize(seat, seed * 31)), \
            "determinize is deterministic for a seed"


def check_step(state: State, rng: Stream) -> None:
    """Every listed legal action applies (on a clone), and its text parses back to it."""
    for seat in state.to_act:
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is to act but has no legal action"
        assert len(set(map(str, actions))) == len(actions), "legal actions are listed once each"
        picks = actions if len(actions) <= 12 else [actions[rng.below(len(actions))] for _ in range(12)]
        for action in picks:
            assert state.table.get(str(action)) == action
            copy = state.clone()
            copy.apply(seat, str(action))


def check_game(game: Game, players: int, seed: int, deep_every: int = 7, max_steps: int = 50_000) -> Report:
    report = Report()
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    twin = game.new(players=players, seed=seed)
    assert twin.fingerprint() == state.fingerprint(), "a seed sets up the same game"
    while not state.is_over:
        assert state.to_act, "while the game goes on, someone owes a decision"
        assert report.steps < max_steps, f"no end after {max_steps} decisions"
        if report.steps % deep_every == 0:
            check_step(state, rng)
            check_refusals(state, rng)
            check_views(state, seed + report.steps, report)
            original = state.fingerprint()
            copy = state.clone()
            assert copy.fingerprint() == original
            seat = copy.to_act[0]
            copy.apply(seat, copy.legal_actions(seat)[0])
            assert state.fingerprint() == original, "a clone is independent of the original"
        seat = state.to_act[rng.below(len(state.to_act))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        report.seats_acted.add(seat)
        report.steps += 1
    # the end
    assert state.to_act == ()
    assert all(state.legal_actions(s) == [] for s in range(players))
    check_refusals(state, rng)
    scores = state.scores()
    assert len(scores) == players and all(isinstance(x, (int, float)) for x in scores)
    winners = state.winners()
    assert winners and len(set(winners)) == len(winners) and all(0 <= w < players for w in winners)
    check_views(state, seed, report)
    record = json.loads(json.dumps(state.record()))
    assert bw.replay(record).fingerprint() == state.fingerprint(), "the record replays exactly"
    return report


def check_determinized_playout(game: Game, players: int, seed: int, steps: int = 40) -> None:
    """A determinized state is a full game: it plays on to the end like any other."""
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    if state.is_over:
        return
    sample = state.determinize(state.to_act[0], seed)
    count = 0
    while not sample.is_over:
        seat = sample.to_act[rng.below(len(sample.to_act))]
        actions = sample.legal_actions(seat)
        sample.apply(seat, actions[rng.below(len(actions))])
        count += 1
        assert count < 50_000
