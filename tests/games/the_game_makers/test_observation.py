"""The observation of The Game Makers: one fixed size per player count, read from the view only,
equal for a state and its determinizations, and telling apart what a player must tell apart."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

import boardwright.agents
from boardwright.engine import State
from boardwright.engine.observation import Observer
from boardwright.games.the_game_makers.observation import STEPS

from .scenario import GAME, play, table

DRAFT = {"structures": "draft"}


def block(observer: Observer, vector: list[float], name: str) -> list[float]:
    """The values of one named block of ``vector``."""
    offset = 0
    for block_name, size, _ in observer.layout:
        if block_name == name:
            return vector[offset: offset + size]
        offset += size
    raise KeyError(name)


def observe(state: State, seat: int) -> list[float]:
    return GAME.observer(state.players, state.options).encode(state.view(seat))


@cache
def random_views(players: int, seed: int, draft: bool = False, every: int = 1,
                 limit: int = 10**6, stop: int = 10**6) -> tuple[tuple[str, Any], ...]:
    """A seeded random game: the deciding seat's view (as JSON text and as it is) at every
    ``every``-th decision, at most ``limit`` of them, plus every seat's view at the end (or
    after ``stop`` decisions)."""
    state = GAME.new(players=players, seed=seed, options=DRAFT if draft else {}, events=False)
    rng = random.Random(seed)
    out = []
    steps = 0
    while not state.is_over and steps < stop:
        seat = state.to_act[0]
        if steps % every == 0 and len(out) < limit:
            view = state.view(seat)
            out.append((json.dumps(view, sort_keys=True), view))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    out += [(json.dumps(view, sort_keys=True), view) for view in map(state.view, range(players))]
    return tuple(out)


def check_vector(observer: Observer, vector: list[float]) -> None:
    assert len(vector) == observer.size
    assert all(math.isfinite(value) for value in vector)
    # scaled to about [0, 1]; random play hoards far beyond the rough maxima (100 face-down cards)
    assert all(0 <= value <= 20 for value in vector)


@pytest.mark.parametrize("players", range(1, 7))
def test_every_observation_of_a_random_game_has_the_observers_size(players: int):
    for draft in (False, True):
        observer = GAME.observer(players, DRAFT if draft else {})
        assert sum(size for _, size, _ in observer.layout) == observer.size
        assert all(note for _, _, note in observer.layout)
        # the drafted game is played past the draft and setup only: the rest is alike
        views = random_views(players, 100 + players, draft, every=5 * players if draft else 7 * players,
                             stop=400 if draft else 10**6)
        assert len(views) > 10
        for _, view in views:
            check_vector(observer, observer.encode(view))
            assert all(frame["step"] in STEPS for frame in view["pending"])  # every kind is known


def test_the_size_depends_on_the_player_count_only():
    sizes = [GAME.observer(n).size for n in range(1, 7)]
    assert len({b - a for a, b in pairwise(sizes)}) == 1  # a fixed cost per seat
    for options in (DRAFT, {"experienced": True}, {"wedge_order": "fixed", "max_turns": 40}):
        assert GAME.observer(3, options).size == sizes[2]


@pytest.mark.parametrize("players", [2, 3])
def test_every_observation_of_a_heuristic_game_has_the_observers_size(players: int):
    state = GAME.new(players=players, seed=7, events=False)
    observer = GAME.observer(players)
    bots = [boardwright.agents.make("heuristic", seed=seat) for seat in range(players)]
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        if steps % 5 == 0:
            check_vector(observer, observer.encode(state.view(seat)))
        state.apply(seat, bots[seat].choose(state, seat))
        steps += 1
    for seat in range(players):
        check_vector(observer, observer.encode(state.view(seat)))
    assert steps > 100


def states_worth_checking() -> list[State]:
    """States from seeded random games at moments with hidden things about: setup cards in
    hand, cards or tiles being looked at, a sealed draft pick, face-down cards held by all."""
    found: list[State] = []
    for players, options, seed in ((2, {}, 3), (3, DRAFT, 4), (4, {}, 5), (1, {}, 6)):
        state = GAME.new(players=players, seed=seed, options=options, events=False)
        rng = random.Random(seed)
        wanted = {"setup": 1, "cards": 2, "tilepick": 1, "play": 2}
        if options:
            wanted["draft"] = 1
        while not state.is_over and any(wanted.values()):
            view = state.view(state.to_act[0])
            step = view["pending"][-1]["step"] if view["pending"] else view["phase"]
            if wanted.get(step) and rng.random() < 0.3:
                wanted[step] -= 1
                found.append(state.clone())
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


def test_a_determinization_for_a_seat_gives_that_seat_the_same_observation():
    states = states_worth_checking()
    assert len(states) >= 10
    kinds = set()
    for state in states:
        for seat in range(state.players):
            vector = observe(state, seat)
            for k in range(2):
                assert observe(state.determinize(seat, k), seat) == vector
        view = state.view(state.to_act[0])
        kinds.add(view["pending"][-1]["step"] if view["pending"] else view["phase"])
    assert {"setup", "cards", "draft", "play"} <= kinds  # hidden things were about


def test_another_seats_hidden_cards_do_not_move_the_observation():
    state = table(players=3, turn=1)
    state.hand[1] = state.deck[:4]
    state.hand[2] = state.deck[4:6]
    other = state.clone()
    other.hand[1] = other.deck[10:14]  # the same count, other cards
    assert observe(state, 0) == observe(other, 0)
    assert observe(state, 2) == observe(other, 2)
    assert observe(state, 1) != observe(other, 1)  # seat 1 sees its own cards


def test_cards_another_seat_looks_at_do_not_move_the_observation():
    state = table(players=2, turn=6)  # fixed Wedges: L2 is now the Cards Wedge
    play(state, "forklift to L2")  # two cards to look at
    assert state.stack[-1][0] == "cards"
    other = state.clone()
    offer = other.stack[-1][2]
    fresh = tuple(c for c in other.deck if c not in offer)[: len(offer)]
    other.stack[-1] = ("cards", other.stack[-1][1], fresh)
    assert observe(state, 1) == observe(other, 1)
    assert observe(state, 0) != observe(other, 0)


def test_a_card_kept_face_down_shows_in_your_hand_and_as_a_count_to_others():
    state = table(players=3, turn=6)  # fixed Wedges: L2 is now the Cards Wedge
    play(state, "forklift to L2")
    offer = state.stack[-1][2]
    observer = GAME.observer(3, state.options)
    before = [observe(state, seat) for seat in range(3)]
    looking = block(observer, before[0], "offer_cards")
    assert [i for i, v in enumerate(looking) if v] == sorted(offer)
    assert not any(block(observer, before[1], "offer_cards"))  # only the seat drawing sees them
    assert block(observer, before[1], "step") == block(observer, before[0], "step")
    assert block(observer, before[0], "step")[STEPS.index("cards")] == 1
    card = offer[0]
    play(state, f"component #{card + 1}")
    after = [observe(state, seat) for seat in range(3)]
    assert block(observer, before[0], "your_hand")[card] == 0
    assert block(observer, after[0], "your_hand")[card] == 1
    assert block(observer, after[0], "seat0_cards")[0] > block(observer, before[0], "seat0_cards")[0]
    # seat 1 sees seat 0 two seats on (seat 0 is seat 1's "seat2"), and only a count
    assert block(observer, after[1], "seat2_cards")[0] > block(observer, before[1], "seat2_cards")[0]
    assert block(observer, after[1], "your_hand") == block(observer, before[1], "your_hand")
    assert block(observer, after[2], "seat1_cards")[0] > block(observer, before[2], "seat1_cards")[0]


def test_a_contract_shows_by_its_features_in_the_right_seats_block():
    state = table(players=3, turn=6)  # fixed Wedges: L2 is now the Cards Wedge
    play(state, "forklift to L2")
    card = state.stack[-1][2][0]
    play(state, f"contract #{card + 1}")
    observer = GAME.observer(3, state.options)
    features = observer.context.card_row[card]
    for viewer in range(3):
        vector = observe(state, viewer)
        relative = (0 - viewer) % 3
        assert block(observer, vector, f"seat{relative}_contracts")[:57] == list(features)
        for k in range(3):
            if k != relative:
                assert not any(block(observer, vector, f"seat{k}_contracts"))


def test_machinery_shows_in_its_cell_for_every_viewer():
    state = table(players=3, turn=2, seat=1)  # fixed Wedges: L1 is the Tiles Wedge
    play(state, "forklift to L1")
    if state.stack[-1][0] == "use":
        play(state, "as machinery")
    play(state, "cell r2c3")
    observer = GAME.observer(3, state.options)
    cell = 6 + 2
    for viewer in range(3):
        vector = observe(state, viewer)
        line = block(observer, vector, f"seat{(1 - viewer) % 3}_assembly_line")
        assert any(line[cell * 7: cell * 7 + 5]) and not any(line[: cell * 7])
        assert not any(block(observer, vector, f"seat{(2 - viewer) % 3}_assembly_line"))


def test_the_wheel_and_a_forklifts_wedge_are_read_from_the_ready_mark():
    state = table(players=2, turn=3)
    play(state, "forklift to L2")
    observer = GAME.observer(2, state.options)
    vector = observe(state, 1)
    assert block(observer, vector, "ready")[2] == 1
    last = block(observer, vector, "seat1_forklift_last")
    assert [i % 6 for i, v in enumerate(last) if v] == [2]  # the Level 2 Wedge, as seat 1 sees seat 0
    assert block(observer, vector, "seat1_forklift_wait")[0] == pytest.approx(2 / 3)


def test_a_sealed_draft_pick_shows_only_to_its_owner():
    state = GAME.new(players=3, seed=2, options=DRAFT)
    observer = GAME.observer(3, DRAFT)
    before = [observe(state, seat) for seat in range(3)]
    action = state.legal_actions(0)[0]
    state.apply(0, action)
    after = [observe(state, seat) for seat in range(3)]
    pick = block(observer, after[0], "your_pick")
    assert pick[action.args[0]] == 1 and sum(pick) == 1
    assert not any(block(observer, after[1], "your_pick"))
    assert block(observer, after[1], "committed") == [0, 0, 1]  # seat 0 is seat 1's third seat
    assert after[0] != before[0]


def collision_rate(views: tuple[tuple[str, Mapping[str, Any]], ...], observer: Observer) -> float:
    """The share of distinct views whose vector another distinct view also has."""
    texts: dict[str, Mapping[str, Any]] = dict(views)
    vectors = {tuple(observer.encode(view)) for view in texts.values()}
    return 1 - len(vectors) / len(texts)


@pytest.mark.parametrize(("players", "draft", "limit"), [(1, False, 400), (2, True, 400), (4, False, 300)])
def test_distinct_views_rarely_share_a_vector(players: int, draft: bool, limit: int):
    views = random_views(players, 200 + players, draft, limit=limit)
    rate = collision_rate(views, GAME.observer(players, DRAFT if draft else {}))
    assert len({text for text, _ in views}) > 300
    assert rate < 0.01  # measured 0.0 on these games


def test_how_the_game_ended_shows():
    observer = GAME.observer(2)
    full = GAME.observer(2).encode(random_views(2, 102)[-1][1])  # a random game ends on a full case
    assert block(observer, full, "ended_full") == [1] and block(observer, full, "ended_limit") == [0]
    short = GAME.new(players=2, seed=1, options={"max_turns": 2}, events=False)
    rng = random.Random(1)
    while not short.is_over:
        seat = short.to_act[0]
        short.apply(seat, rng.choice(short.legal_actions(seat)))
    vector = observe(short, 0)
    limited = GAME.observer(2, short.options)
    assert block(limited, vector, "ended_limit") == [1] and block(limited, vector, "ended_full") == [0]
    assert block(limited, vector, "is_over") == [1]
