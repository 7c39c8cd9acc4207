"""Gadgeteers' observation: one fixed size per player count, read from the view alone (so a
determinization gives the same vector and another seat's secrets never move it), and different
where the view differs in what a player decides by."""

from __future__ import annotations

import json
import math
import random

import pytest

import boardwright as bw
import boardwright.agents
from boardwright.games.gadgeteers.observation import STEPS
from boardwright.games.gadgeteers.state import GadgeteersState
from boardwright.games.gadgeteers.tokens import KIND_TEXT, KINDS

from .scenario import gadgets_phase, give_gadget, part, play, table, tokens

GAME = bw.load("gadgeteers")
PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)


def playout(players: int, seed: int, steps: int, heuristic: bool = False, options: dict | None = None):
    """Yield (state, seat to act) at each decision of a seeded game, random or heuristic, cut off
    after ``steps`` decisions (random games run for thousands)."""
    state = GAME.new(players=players, seed=seed, options=options, events=False)
    rng = random.Random(seed)
    bots = [boardwright.agents.make("heuristic", seed=seed + s) for s in range(players)] if heuristic else None
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        yield state, seat
        action = bots[seat].choose(state, seat) if bots else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    yield state, state.to_act[0] if state.to_act else 0


def block(observer, vector: list[float], name: str) -> list[float]:
    """The values of one named block of ``vector``."""
    offset = 0
    for block_name, size, _ in observer.layout:
        if block_name == name:
            return vector[offset:offset + size]
        offset += size
    raise KeyError(name)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_observation_has_the_observers_size_and_finite_values(players):
    observer = GAME.observer(players)
    assert sum(size for _, size, _ in observer.layout) == observer.size
    assert len({name for name, _, _ in observer.layout}) == len(observer.layout), "block names are unique"
    assert all(note for _, _, note in observer.layout), "every block says what it holds"
    games = [playout(players, seed, 120) for seed in range(3)]
    games += [playout(players, 10 + seed, 400, heuristic=True) for seed in range(2)]
    games.append(playout(players, 20, 150, options={"alternate_tokens": True}))
    seen_end = False
    for game in games:
        for step, (state, to_act) in enumerate(game):
            seen_end |= state.is_over
            # the seat to act at every decision, every seat at every third one and at the end
            seats = range(players) if step % 3 == 0 or state.is_over else (to_act,)
            for seat in seats:
                vector = observer.encode(state.view(seat))
                assert len(vector) == observer.size
                assert math.isfinite(sum(vector)), "every value is finite"
                assert max(vector) <= 4 and min(vector) >= 0, "values stay near [0, 1]"
    assert seen_end, "the heuristic games reach the end"
    alternate = GAME.observer(players, {"alternate_tokens": True})
    assert alternate.size == observer.size, "the option does not change the size"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_determinization_gives_the_same_observation(players):
    observer = GAME.observer(players)
    checked = 0
    for step, (state, _) in enumerate(playout(players, 3, 300, heuristic=True)):
        if state.is_over or step % 9:
            continue
        for seat in range(players):
            vector = observer.encode(state.view(seat))
            for k in range(2):
                assert observer.encode(state.determinize(seat, k).view(seat)) == vector
            checked += 1
    assert checked >= 10


def test_another_seats_face_down_token_and_bonus_card_do_not_move_the_vector():
    state = table(players=3)
    play(state, 0, "place 1 Gloves")
    play(state, 1, "place 5 Gloves")
    observer = GAME.observer(3)
    other = state.clone()
    assert isinstance(other, GadgeteersState)
    # seat 1's face-down token on Gloves is a 1 instead of its 5, and its Bonus card differs
    five, one = KIND_TEXT.index("5"), KIND_TEXT.index("1")
    other.down[other.at(part("Gloves"), 1, five)] -= 1
    other.down[other.at(part("Gloves"), 1, one)] += 1
    other.screen[1 * KINDS + five] += 1
    other.screen[1 * KINDS + one] -= 1
    other.total[part("Gloves") * 3 + 1] -= 8
    other.bonus[1], other.bonus_rest[0] = other.bonus_rest[0], other.bonus[1]
    for seat in (0, 2):
        assert observer.encode(other.view(seat)) == observer.encode(state.view(seat))
    assert observer.encode(other.view(1)) != observer.encode(state.view(1)), "seat 1 itself sees the change"


def test_a_placed_token_shows_on_its_part_for_the_right_seat():
    state = table(players=3)
    observer = GAME.observer(3)
    before = [observer.encode(state.view(seat)) for seat in range(3)]
    play(state, 0, "place 5 Gloves")
    after = [observer.encode(state.view(seat)) for seat in range(3)]
    kind = KIND_TEXT.index("5")
    slots = KINDS + 1
    # the placer reads its own 5 (seat 0 counted from itself)
    gloves = block(observer, after[0], "Gloves.tokens")
    assert gloves[kind] == 0.25 and block(observer, before[0], "Gloves.tokens")[kind] == 0
    assert gloves[KINDS] == 0, "its own token is not an unknown to itself"
    assert block(observer, after[0], "Gloves.value")[0] == 0.5
    assert block(observer, after[0], "your_screen")[kind] == 0
    assert block(observer, before[0], "your_screen")[kind] == 1 / 8
    assert block(observer, after[0], "Mirror.tokens") == block(observer, before[0], "Mirror.tokens")
    # seat 1 sees one face-down token of the seat before it (seat 0 is 2 seats on from seat 1)
    gloves = block(observer, after[1], "Gloves.tokens")
    assert gloves[2 * slots + KINDS] == 0.25
    assert gloves[2 * slots + kind] == 0, "the value stays hidden"
    assert sum(gloves) == 0.25
    # seat 2 sees it as the seat just before it (1 seat on)
    assert block(observer, after[2], "Gloves.tokens")[1 * slots + KINDS] == 0.25
    # what is behind seat 0's screen or face down is the same set for everyone
    assert block(observer, after[1], "unseen") == block(observer, before[1], "unseen")
    assert block(observer, after[1], "screen_count")[2] == 15 / 16


def test_control_shows_once_tokens_are_face_up_and_a_build_moves_the_gadget():
    state = table(players=2, row=("Crank Charger",))
    tokens(state, 0, "Crank", "2")
    tokens(state, 0, "Battery", "1")
    tokens(state, 1, "Battery", "power")
    gadgets_phase(state)
    observer = GAME.observer(2)
    vector = observer.encode(state.view(1))
    assert block(observer, vector, "control_shown") == [1.0]
    assert block(observer, vector, "Crank.control") == [0.0, 1.0], "seat 0 controls Crank, seen by seat 1"
    assert block(observer, vector, "Battery.tokens")[0] == 0.25, "seat 1's own Power token"
    assert block(observer, vector, "phase") == [0.0, 1.0, 0.0, 0.0]
    crank = state.content.gadget_named("Crank Charger").id
    assert block(observer, vector, "row")[crank] == 1.0
    play(state, 0, "build Crank Charger")
    vector = observer.encode(state.view(1))
    assert block(observer, vector, "row")[crank] == 0.0
    built = block(observer, vector, "built")
    assert built[16 + crank] == 1.0 and sum(built) == 1.0, "built by the other seat (1 seat on)"
    assert block(observer, vector, "gadgets_built") == [0.0, 0.25]
    assert block(observer, vector, "Crank.control") == [0.0, 0.0]


def test_the_pending_step_of_a_power_names_the_token_it_moves():
    state = table(players=3)
    give_gadget(state, 0, "Pipe Wrench")
    tokens(state, 0, "Gloves", "power")
    tokens(state, 2, "Lens", "2")
    gadgets_phase(state)
    observer = GAME.observer(3)
    play(state, 0, "use power Gloves", "activate Pipe Wrench")
    vector = observer.encode(state.view(1))
    steps = block(observer, vector, "power.step")
    assert steps[STEPS.index("target")] == 1.0 and sum(steps) == 1.0
    assert block(observer, vector, "power.source")[part("Gloves")] == 1.0
    play(state, 0, "target seat2 2 Lens")
    vector = observer.encode(state.view(1))
    assert block(observer, vector, "power.step")[STEPS.index("move_to")] == 1.0
    assert block(observer, vector, "power.owner") == [0.0, 1.0, 0.0], "seat 2 is 1 seat on from seat 1"
    assert block(observer, vector, "power.token")[KIND_TEXT.index("2")] == 1.0
    assert block(observer, vector, "power.part")[part("Lens")] == 1.0
    spent = block(observer, vector, "single_use_spent")
    assert sum(spent[-len(spent) // 3:]) == 1.0, "seat 0 (2 seats on from seat 1) spent Pipe Wrench"
    # the power's choices are public: the other seats' views agree with seat 0's own
    assert state.view(1)["power"] == state.view(0)["power"]


def test_the_bonus_card_is_the_viewers_own_until_the_end():
    state = table(players=2)
    observer = GAME.observer(2)
    vector = observer.encode(state.view(0))
    bonus = block(observer, vector, "bonus")
    assert bonus[state.bonus[0]] == 1.0 and sum(bonus) == 1.0, "only your own Bonus card"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_distinct_views_rarely_share_a_vector(players):
    """Over random and heuristic games, distinct views at decision points (as JSON) map to
    distinct vectors; what the encoding leaves out (the row's order, content constants) rarely
    tells two decision points apart."""
    observer = GAME.observer(players)
    vectors: dict[str, tuple[float, ...]] = {}
    games = [playout(players, 1, 250)]
    games += [playout(players, 30 + seed, 400, heuristic=True) for seed in range(2)]
    for game in games:
        for state, seat in game:
            if state.is_over:
                continue
            view = state.view(seat)
            vectors.setdefault(json.dumps(view, sort_keys=True), tuple(observer.encode(view)))
    distinct_views = len(vectors)
    distinct_vectors = len(set(vectors.values()))
    assert distinct_views > 300
    assert (distinct_views - distinct_vectors) / distinct_views < 0.05


@pytest.mark.parametrize(("gadget", "moves", "step", "field", "where"), [
    ("Holo Projector", ("swap Gear",), "with", "power.part", "Gear"),
    ("Robo Arm", ("to Lens",), "add", "power.to", "Lens"),
    ("Perpetual Engine", ("take 2 Lens",), "add_instead", "power.part", "Lens"),
])
def test_each_power_step_shows_the_part_an_earlier_step_chose(gadget, moves, step, field, where):
    state = table(players=2)
    give_gadget(state, 0, gadget)
    tokens(state, 0, "Gloves", "power")
    tokens(state, 0, "Lens", "2")
    gadgets_phase(state)
    observer = GAME.observer(2)
    play(state, 0, "use power Gloves", f"activate {gadget}", *moves)
    for seat in (0, 1):
        vector = observer.encode(state.view(seat))
        assert block(observer, vector, "power.step")[STEPS.index(step)] == 1.0
        chosen = block(observer, vector, field)
        assert chosen[part(where)] == 1.0 and sum(chosen) == 1.0
