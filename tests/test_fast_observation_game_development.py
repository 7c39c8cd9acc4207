"""Game Development's fast observation (written from the state) is the view's encoding, number for
number: at the states of mixed random and heuristic games of every player count, at their
determinizations and after an undo, at the end of the game, with the options that change the
layout or the numbers and with a content file of one's own; and the check catches a fast path
that is off by one value or that shows a hand the view hides."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from conformance import check_fast_observation, check_fast_observation_undone
from games.game_development.scenario import arrange, at_milestone
from games.game_development.test_determinization import traded

import boardwright as bw
import boardwright.agents
from boardwright.engine import State

GAME = bw.load("game-development")
PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)


def mixed_game(players: int, seed: int, options: dict | None = None) -> Iterator[State]:
    """Every state of one game (the last one over), in which each decision is the heuristic bot's
    seven times in ten and random otherwise: the bot pays costs and uses Lead abilities, which
    random play seldom reaches; the random moves reach the rest."""
    state = GAME.new(players=players, seed=seed, options=options, events=False)
    rng = random.Random(seed)
    bot = boardwright.agents.make("heuristic", seed=seed)
    while not state.is_over:
        yield state
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state, seat) if rng.random() < 0.7 else rng.choice(state.legal_actions(seat)))
    yield state


def blocks_reached(state: State, reached: set[str]) -> None:
    """Add the blocks (without their seat) in which some seat's fast observation is not 0."""
    observer = GAME.observer(state.players, state.options)
    starts = []
    offset = 0
    for name, size, _ in observer.layout:
        starts.append((offset, offset + size, name.rpartition(".")[2]))
        offset += size
    for seat in range(state.players):
        for position in observer.entries(state, seat)[0]:
            reached.update(name for start, end, name in starts if start <= position < end)


def check_game(players: int, seed: int, every: int, reached: set[str], options: dict | None = None) -> int:
    """Check one mixed game at every ``every``-th state, a determinization for the acting seat
    at every third checked state, the state after an undo where the last seat may take its
    action back, and the final state; the number of states checked."""
    checked = undone = 0
    for step, state in enumerate(mixed_game(players, seed, options)):
        if state.is_over or step % every == 0:
            check_fast_observation(state)
            blocks_reached(state, reached)
            checked += 1
            if state.to_act and checked % 3 == 0:
                seat = state.to_act[0]
                check_fast_observation(state.determinize(seat, seed + step))
                checked += 1
        if state.log and not state.is_over and undone < 3 and check_fast_observation_undone(state, state.log[-1][0]):
            undone += 1
            checked += 1
    assert state.is_over
    return checked


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_fast_observation_is_the_views_at_every_player_count(players):
    reached: set[str] = set()
    checked = sum(check_game(players, seed, 3, reached) for seed in (0, 1))
    assert checked > 60
    # the checked states show something in the blocks every game reaches
    assert {"developers", "counters", "leads", "documents", "features", "bugs", "bugs_destroy_cost",
            "hand_feature_costs", "discard_pile", "paying_for", "still_needed", "lead_kind",
            "your_secret_leads"} <= reached


def scenarios() -> Iterator[State]:
    """The states of short scripted turns that reach what play seldom shows: Bioshock B's boost
    and a pool left over after a payment, Wishing W's extra Action with two Feature Creeps owed,
    Jurassic J's extra point for the next feature, and (3 players) a trade that two seats saw
    and the third only counted."""
    bioshock = at_milestone("Alpha", developers={0: ["Bioshock B", "Legendary L"]}, leads=["Bioshock B"])
    arrange(bioshock, 0, ["Secret Level"])
    wishing = at_milestone("Alpha", developers={0: ["Wishing W"]}, leads=["Wishing W"])
    arrange(wishing, 0, ["Feature Creep", "Feature Creep", "Memory Leak"])
    arrange(wishing, 1, ["Missing Texture", "Memory Leak"])
    jurassic = at_milestone("Beta", developers={0: ["Jurassic J"]}, leads=["Jurassic J"])
    for state, texts in ((bioshock, ["use Bioshock B", "play Secret Level", "pay Legendary L", "pay Legendary L"]),
                         (wishing, ["use Wishing W", "play Feature Creep", "play Feature Creep", "end turn",
                                    "play Missing Texture on seat 0", "pass"]),
                         (jurassic, ["use Jurassic J"]),
                         (traded(), [])):
        yield state
        for text in texts:
            state.apply(state.to_act[0], text)
            yield state


def test_scripted_turns_that_play_seldom_reaches():
    reached: set[str] = set()
    for state in scenarios():
        check_fast_observation(state)
        if not state.is_over:
            check_fast_observation(state.determinize(state.to_act[0], 1))
        blocks_reached(state, reached)
    assert {"boosting", "pool", "extra_action_used", "feature_creep", "holds_a_bug", "next_feature_bonus",
            "known_between_others", "known_in_hand", "knows_of_yours"} <= reached


def test_the_checked_states_reach_every_block():
    """Over the player counts and the scripted turns, some checked state shows a value in each
    block, so each block's fast writing is compared with the view's (a block never reached would
    go unchecked)."""
    reached: set[str] = set()
    for players in PLAYER_COUNTS:
        check_game(players, 2, 4, reached)
    for state in scenarios():
        blocks_reached(state, reached)
    layout = {name.rpartition(".")[2] for name, _, _ in GAME.observer(GAME.max_players).layout}
    engine_blocks = {"to_act", "committed", "is_over"}
    assert layout - engine_blocks - reached == set()


@pytest.mark.parametrize(("players", "options"), [
    (3, {"copies": 3, "hand_size": 7, "draw": "refill"}),
    (2, {"copies": 1, "hand_size": 3, "developer_points": True}),
], ids=["copies3-hand7-refill", "copies1-hand3"])
def test_options_that_change_the_numbers(players, options):
    assert check_game(players, 5, 4, set(), options) > 20


def test_a_content_file_of_ones_own(tmp_path):
    """Another card list changes the blocks' sizes (one feature and one bug more, with an
    either-or cost) and a milestone's costs."""
    path = tmp_path / "mine.toml"
    path.write_text('extends = "default"\n\n'
                    '[[feature]]\nname = "Photo Mode"\ncost = ["Art/Prog: 2", "LD: 1"]\npoints = 3\n\n'
                    '[[bug]]\nname = "Clipping"\ncost = ["Prod: 1", "Art/LD: 1"]\npoints = 2\n',
                    encoding="utf-8")
    options = {"content": str(path)}
    assert GAME.observer(2, options).size > GAME.observer(2).size
    assert check_game(2, 6, 4, set(), options) > 20


def block_offset(observer, name: str) -> int:
    """Where the block ``name`` starts in the observation."""
    offset = 0
    for block, size, _ in observer.layout:
        if block == name:
            return offset
        offset += size
    raise KeyError(name)


def perturbed_state() -> State:
    """A state some way into the Production milestones (so that every block has numbers)."""
    for step, state in enumerate(mixed_game(3, 7)):
        if step == 150:
            return state.clone()
    raise AssertionError("the game ended early")


def test_the_check_catches_a_value_off(monkeypatch):
    state = perturbed_state()
    check_fast_observation(state)
    offset = block_offset(GAME.observer(3), "seat+1.hand_size")
    right = type(GAME)._observe_state

    def off_by_one_card(self, state, seat, context, at, positions, values):
        right(self, state, seat, context, at, positions, values)
        positions.append(offset)
        values.append(0.1)      # one card more in the next seat's hand

    monkeypatch.setattr(type(GAME), "_observe_state", off_by_one_card)
    with pytest.raises(AssertionError, match=r"block seat\+1\.hand_size"):
        check_fast_observation(state)


def test_the_check_catches_a_hand_the_view_hides(monkeypatch):
    state = perturbed_state()
    offset = block_offset(GAME.observer(3), "seat+1.known_in_hand")
    right = type(GAME)._observe_state

    def leaking(self, state, seat, context, at, positions, values):
        right(self, state, seat, context, at, positions, values)
        for card in state.hands[(seat + 1) % state.players]:
            if card not in state.known[seat][(seat + 1) % state.players]:
                positions.append(offset + card)
                values.append(1.0)

    assert state.hands[1]
    monkeypatch.setattr(type(GAME), "_observe_state", leaking)
    with pytest.raises(AssertionError, match=r"block seat\+1\.known_in_hand"):
        check_fast_observation(state)
