"""Seat-relative actions: in every adapter an action index means the same move for every acting seat.

An action that names a seat names it, for the learner, by its offset clockwise from the actor, as
the observation counts seats from the viewer; the engine's action texts stay as they are. These
tests read the seats out of the texts on their own (not through the adapters' mapping) and check
that every index names the same offsets whichever seat acts, that texts and indexes map back and
forth, and that masks and steps go through the same mapping.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import boardwright as bw

pytest.importorskip("pettingzoo", reason="the rl extra is part of the test extra")
pyspiel = pytest.importorskip("pyspiel")

import boardwright.rl  # noqa: E402
from boardwright.rl import openspiel  # noqa: E402

EVERY_COUNT = [pytest.param(g, n, id=f"{g}-{n}p") for g in bw.games()
               for n in range(bw.load(g).min_players, bw.load(g).max_players + 1)]
MULTI = [pytest.param(g, max(3, bw.load(g).min_players), id=g) for g in bw.games()]
#: how many actions of each game's table name a seat (the table names every seat up to the game's maximum)
NAMING_A_SEAT = {"gadgeteers": 288, "game-development": 70, "makers-of-universe": 155, "the-game-makers": 0}
#: random steps each play test takes (games restart when they end)
STEPS = 600


@pytest.fixture(autouse=True)
def _quiet_library_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def adapters(game_id: str, players: int) -> dict[str, object]:
    """The three adapters' objects that map actions, for one game and player count."""
    openspiel.register([game_id])
    return {
        "pettingzoo": boardwright.rl.pettingzoo_env(game_id, players=players, seed=1),
        "gymnasium": boardwright.rl.gymnasium_env(game_id, players=players, opponents="random"),
        "openspiel": pyspiel.load_game(openspiel.spiel_name(game_id), {"players": players}),
    }


def as_offsets(text: str, actor: int, players: int) -> str:
    """``text`` with every seat it names written as its offset clockwise from ``actor``."""
    def offset(named: re.Match[str]) -> str:
        seat = int(named.group(2))
        return named.group(1) + (f"+{(seat - actor) % players}" if seat < players else f"#{seat}")
    return re.sub(r"\b(seat ?)(\d+)\b", offset, text)


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_an_index_names_the_same_relative_seat_for_every_acting_seat(game_id, players):
    table = [str(a) for a in bw.load(game_id).action_space(players)]
    assert sum(bool(re.search(r"\bseat ?\d", t)) for t in table) == NAMING_A_SEAT[game_id]
    for name, adapter in adapters(game_id, players).items():
        meanings = [[as_offsets(adapter.action_text(i, s), s, players) for i in range(len(table))]
                    for s in range(players)]
        for seat in range(1, players):
            differ = [i for i in range(len(table)) if meanings[seat][i] != meanings[0][i]]
            assert not differ, (f"{name}: index {differ[0]} is {meanings[0][differ[0]]!r} for seat 0 "
                                f"but {meanings[seat][differ[0]]!r} for seat {seat}")
        for seat in range(players):  # every seat reaches every action of the table, once
            assert sorted(adapter.action_text(i, seat) for i in range(len(table))) == sorted(table)
        if players > 1:  # the mapping is not the identity: for seat 1 every action naming a seat moves
            reached = [t for t in table if any(int(n) < players for n in re.findall(r"\bseat ?(\d+)", t))]
            assert sum(adapter.action_text(i, 1) != table[i] for i in range(len(table))) == len(reached)


@pytest.mark.parametrize(("game_id", "players"), MULTI)
def test_texts_and_indexes_map_both_ways_for_every_seat(game_id, players):
    table = [str(a) for a in bw.load(game_id).action_space(players)]
    for adapter in adapters(game_id, players).values():
        for seat in range(players):
            assert [adapter.action_index(adapter.action_text(i, seat), seat) for i in range(len(table))] \
                == list(range(len(table)))
            assert [adapter.action_text(adapter.action_index(t, seat), seat) for t in table] == table


def test_the_next_seat_is_one_index_whoever_acts():
    env = boardwright.rl.pettingzoo_env("game-development", players=3)
    index = env.action_index("play Stuck in a Wall on seat 1", 0)
    assert [env.action_text(index, s) for s in range(3)] == [
        "play Stuck in a Wall on seat 1", "play Stuck in a Wall on seat 2", "play Stuck in a Wall on seat 0"]
    assert env.action_index("PLAY stuck in a wall  on seat 0", 2) == index  # typed as a person would


@pytest.mark.parametrize(("call", "message"), [
    (lambda env: env.action_index("play Nothing on seat 1", 0), "Game Development has no action 'play Nothing"),
    (lambda env: env.action_index(7, 0), "Game Development has no action 7"),
    (lambda env: env.action_text(0, 3), r"seat is a seat of the 3-player game \(0 to 2\), not 3"),
    (lambda env: env.action_text(-1, 0), "an action of Game Development is an index from 0 to 221, not -1"),
])
def test_bad_texts_seats_and_indexes_are_refused_in_one_line(call, message):
    with pytest.raises(ValueError, match=message) as refused:
        call(boardwright.rl.pettingzoo_env("game-development", players=3))
    assert "\n" not in str(refused.value)


def last_action(state: bw.State) -> str:
    return state.record()["actions"][-1][1]


@pytest.mark.parametrize(("game_id", "players"), MULTI)
def test_pettingzoo_masks_and_steps_go_through_the_acting_seats_mapping(game_id, players):
    env = boardwright.rl.pettingzoo_env(game_id, players=players)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    rotated = 0  # steps where the index meant another engine action than it does for seat 0
    for step in range(4 * STEPS):  # STEPS, or more until a step names a seat (rare in Gadgeteers)
        if step >= STEPS and (rotated or not NAMING_A_SEAT[game_id]):
            break
        if env.state.is_over:
            env.reset(seed=int(rng.integers(1 << 30)))
        seat = int(env.agent_selection.removeprefix("seat_"))
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask)
        assert sorted(env.action_text(i, seat) for i in legal) == sorted(env.state.legal_actions(seat))
        index = int(rng.choice(legal))
        env.step(index)
        assert last_action(env.state) == env.action_text(index, seat)
        rotated += env.action_text(index, seat) != env.action_text(index, 0)
    assert rotated > 0 or not NAMING_A_SEAT[game_id]


@pytest.mark.parametrize(("game_id", "players"), MULTI)
def test_gymnasium_masks_and_steps_are_the_learning_seats(game_id, players):
    env = boardwright.rl.gymnasium_env(game_id, players=players, opponents="random", seat=players - 1)
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    rotated = 0
    for _ in range(STEPS):
        legal = np.flatnonzero(observation["action_mask"])
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        assert sorted(env.action_text(i) for i in legal) == sorted(env.state.legal_actions(env.seat))
        index = int(rng.choice(legal))
        before = len(env.state.record()["actions"])
        observation, _, done, _, _ = env.step(index)
        assert env.state.record()["actions"][before] == [env.seat, env.action_text(index, env.seat)]
        rotated += env.action_text(index) != env.action_text(index, 0)
        if done:
            observation, _ = env.reset()
    assert rotated > 0 or not NAMING_A_SEAT[game_id]


@pytest.mark.parametrize(("game_id", "players"), MULTI)
def test_openspiel_legal_actions_and_their_strings_are_the_players(game_id, players):
    openspiel.register([game_id])
    game = pyspiel.load_game(openspiel.spiel_name(game_id), {"players": players})
    state = game.new_initial_state()
    state.apply_deal(9)
    rng = np.random.default_rng(4)
    rotated = 0
    for deal in range(STEPS):
        if state.is_terminal():
            state = game.new_initial_state()
            state.apply_deal(deal)
        player = state.current_player()
        legal = state.legal_actions()
        assert sorted(state.action_to_string(player, a) for a in legal) == sorted(state.inner.legal_actions(player))
        assert all(state.action_to_string(player, a) == game.action_text(a, player) for a in legal)
        action = int(rng.choice(legal))
        state.apply_action(action)
        assert last_action(state.inner) == game.action_text(action, player)
        rotated += game.action_text(action, player) != game.action_text(action, 0)
    assert rotated > 0 or not NAMING_A_SEAT[game_id]
