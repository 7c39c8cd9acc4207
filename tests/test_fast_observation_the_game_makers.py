"""The Game Makers writes its observation straight from the state (issue 32): at every kind of
state it must equal the encoding of the seat's view, and the check must catch it when it does not.

Random games of every player count are compared state by state (every few states, every state of
the Structure draft, sealed picks included, determinizations for the seat, states after an undo,
the final state), under the options that change what an observation holds.
"""

from __future__ import annotations

import importlib
import random

import pytest
from conformance import Report, TrackedObservations, check_fast_observation, check_fast_observation_undone

import boardwright as bw
from boardwright.engine.observation import Tracker

GAME = bw.load("the-game-makers")
fast = importlib.import_module("boardwright.games.the_game_makers.fast_observation")
DRAFT = importlib.import_module("boardwright.games.the_game_makers.board").DRAFT
#: option sets that change what an observation holds: the draft (sealed picks, sets seen), a
#: short game that ends at the turn limit, kept starting cards, any-cell Tweenies, fixed Wedges
OPTIONS = (
    {},
    {"structures": "draft", "experienced": True},
    {"max_turns": 7, "tweenie_gap": "any", "wedge_order": "fixed", "dice_faces": "1-6/1-6/1-6"},
)


def play(players: int, seed: int, options: dict, every: int) -> int:
    """Play a random game, comparing the fast observation with the view's at every ``every``-th
    state, every draft state, a determinization now and then, after undos, and at the end;
    return how many states were compared."""
    state = GAME.new(players=players, seed=seed, options=options, events=False)
    rng = random.Random(seed)
    compared = undos = step = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        if step % every == 0 or state.committed() or state.phase == DRAFT:
            check_fast_observation(state)
            compared += 1
        if step % (every * 7) == 3:
            check_fast_observation(state.determinize(seat, step))
            compared += 1
        if undos < 3 and state.log and state.log[-1][0] == seat and check_fast_observation_undone(state, seat):
            compared += 1
            undos += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    check_fast_observation(state)
    return compared + 1


@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_fast_observation_is_the_views_encoding(players, seed):
    options = OPTIONS[seed % len(OPTIONS)]
    assert play(players, seed, options, every=3 * players) > 10


def test_the_draft_shows_sealed_picks_only_to_the_seat_that_made_them():
    state = GAME.new(players=3, seed=4, options={"structures": "draft"}, events=False)
    rng = random.Random(4)
    seen_sealed = 0
    while state.phase == DRAFT:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.committed() and not state.is_over:
            check_fast_observation(state)
            seen_sealed += 1
    assert seen_sealed > 0


def test_rare_steps_and_machinery_sets_match():
    """A game (2 players, seed 21, random play) that reaches Forklifts moved back by one effect
    (the moved marks of a pending step) and a machinery set (a discount): blocks random play
    rarely fills."""
    state = GAME.new(players=2, seed=21, events=False)
    rng = random.Random(21)
    moved = sets = 0
    while not state.is_over:
        if state.stack and state.stack[-1][0] == "back" and state.stack[-1][3]:
            check_fast_observation(state)
            moved += 1
        if any(state.sets_of) and sets < 5:
            check_fast_observation(state)
            sets += 1
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert moved and sets, "the game no longer reaches these steps: pick another seed"


def test_a_determinization_is_observed_alike_by_its_seat():
    """Only what the seat sees goes in: resampling what it cannot see changes nothing."""
    state = GAME.new(players=4, seed=9, events=False)
    rng = random.Random(9)
    observer = GAME.observer(4, state.options)
    for step in range(300):
        seat = rng.choice(state.to_act)
        if step % 25 == 0:
            for viewer in range(4):
                other = state.determinize(viewer, step)
                assert observer.dense(other, viewer) == observer.dense(state, viewer)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_contents_remembered_are_never_stale(monkeypatch):
    """The memos keyed on contents start afresh when full; with room for two entries they are
    cleared over and over, and two games observed in turn through one observer still match."""
    monkeypatch.setattr(fast, "MEMO_LIMIT", 2)
    states = [GAME.new(players=2, seed=seed, events=False) for seed in (5, 6)]
    rng = random.Random(5)
    for step in range(400):
        for state in states:
            if state.is_over:
                continue
            if step % 4 == 0:
                check_fast_observation(state)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def perturbed(monkeypatch, change) -> None:
    """Make the game's fast path go wrong by ``change(positions, values)`` after it writes."""
    cls = type(GAME)
    original = cls._observe_state

    def wrong(self, state, seat, context, at, positions, values):
        original(self, state, seat, context, at, positions, values)
        change(positions, values)

    monkeypatch.setattr(cls, "_observe_state", wrong)


def mid_game_state():
    state = GAME.new(players=2, seed=3, events=False)
    rng = random.Random(3)
    for _ in range(120):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def block(state, wanted: str) -> range:
    """The positions of block ``wanted`` in an observation of ``state``."""
    offset = 0
    for name, size, _ in GAME.observer(state.players, state.options).layout:
        if name == wanted:
            return range(offset, offset + size)
        offset += size
    raise KeyError(wanted)


def test_the_check_catches_a_wrong_value(monkeypatch):
    state = mid_game_state()
    check_fast_observation(state)  # right as it is
    turn = block(state, "turn")[0]

    def nudge(positions, values):
        positions.append(turn)  # values at one position add up: the turn is off by 0.25
        values.append(0.25)

    perturbed(monkeypatch, nudge)
    with pytest.raises(AssertionError, match=r"block turn\[0\]"):
        check_fast_observation(state)


def test_the_check_catches_a_missing_block(monkeypatch):
    state = mid_game_state()
    assert state.hand[0] and state.hand[1]
    hand = block(state, "your_hand")

    def forget_the_hand(positions, values):
        keep = [i for i, p in enumerate(positions) if p not in hand]
        positions[:] = [positions[i] for i in keep]
        values[:] = [values[i] for i in keep]

    perturbed(monkeypatch, forget_the_hand)
    with pytest.raises(AssertionError, match=r"your_hand"):
        check_fast_observation(state)


# ---------------------------------------------------------------- written as changes (Tracker)

@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "draft", "short"])
@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_the_observation_written_as_changes_follows_every_step(players, options):
    """Each seat's vector, kept between steps and brought up to date by the blocks that changed,
    equals the whole observation at every step, also when it follows a determinization, a copy
    after an undo, or another game observed in between."""
    assert GAME.observer(players, options).tracks
    tracked = TrackedObservations(GAME, players, options)
    report = Report()
    state = GAME.new(players=players, seed=7, options=options, events=False)
    other = GAME.new(players=players, seed=8, options=options, events=False)
    rng = random.Random(players)
    step = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        tracked.check(state, seat, report)
        if step % 40 == 5:
            tracked.check(state.determinize(seat, step), seat, report)
            tracked.check(other, seat, report)
        if step % 40 == 25 and state.can_undo(seat):
            copy = state.clone()
            copy.undo(seat)
            tracked.check(copy, seat, report)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    for seat in range(players):
        tracked.check(state, seat, report)
    assert report.tracked_checked > step


def test_the_check_catches_a_block_kept_when_it_changed():
    """A block whose key leaves out what it is written from goes stale, and the check says where."""

    class Forgetful(Tracker):
        def same(self, block, key, positions):
            if block == "hand" and block in self.known:  # as if the hand never changed
                self.starts.append((None, None, len(positions)))
                return True
            return super().same(block, key, positions)

    tracked = TrackedObservations(GAME, 2)
    tracked.trackers[0] = Forgetful()
    state = GAME.new(players=2, seed=3, events=False)
    rng = random.Random(3)
    with pytest.raises(AssertionError, match=r"written as changes differs .*block your_hand"):
        for _ in range(400):
            tracked.check(state, 0)
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_entries_written_outside_a_block_are_refused():
    tracker = Tracker()
    positions = [3]
    assert not tracker.same("a", 1, positions)
    positions.append(4)
    assert tracker.finish(positions) == []
    positions = [3]
    assert tracker.same("a", 1, positions)
    positions.append(5)  # after a block left as it was: belongs to none
    with pytest.raises(AssertionError, match="outside a block"):
        tracker.finish(positions)


def test_the_learners_vector_is_the_whole_observation():
    """The adapters' NumPy vector, kept per seat and changed in place, equals the whole observation
    laid out at every step (one setting observing two games in turn, as a batched env does)."""
    np = pytest.importorskip("numpy")
    from boardwright.rl.core import Setting

    setting = Setting("the-game-makers", 3, None)
    states = [GAME.new(players=3, seed=seed, events=False) for seed in (1, 2)]
    rng = random.Random(1)
    checked = 0
    while not all(state.is_over for state in states):
        for state in states:
            if state.is_over:
                continue
            seat = rng.choice(state.to_act)
            whole = np.zeros(setting.observation_size)  # added up in float64, as the adapters do
            for position, value in zip(*setting.observer.entries(state, seat), strict=True):
                whole[position] += value
            assert np.array_equal(setting.observation(state, seat), whole.astype(np.float32))
            checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 100
