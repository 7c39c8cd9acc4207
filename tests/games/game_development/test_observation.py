"""The observation of a Game Development view: one fixed size per player count, finite values, the
same for a state and its determinizations, blind to other seats' hidden cards, and showing what
changed where it should (seats counted from the viewer)."""

from __future__ import annotations

import json
import math
import random

import pytest

import boardwright as bw
import boardwright.agents
from boardwright.games.game_development.content import DEFAULT_PATH

from .scenario import GAME, arrange, at_milestone, card, finish_turn, fresh, play
from .test_determinization import feature_creep_round

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)


def playout(players: int, seed: int, heuristic: bool = False):
    """The states of one seeded game at each decision (random moves, or the heuristic bot's)."""
    state = GAME.new(players=players, seed=seed, events=False)
    rng = random.Random(seed)
    bot = boardwright.agents.make("heuristic", seed=seed) if heuristic else None
    states = []
    while not state.is_over:
        states.append(state.clone())
        seat = state.to_act[0]
        action = bot.choose(state, seat) if bot else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    states.append(state)
    return states


def block(observer, vector: list[float], name: str) -> list[float]:
    """The values of the block ``name``."""
    offset = 0
    for block_name, size, _ in observer.layout:
        if block_name == name:
            return vector[offset:offset + size]
        offset += size
    raise KeyError(name)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_view_has_the_fixed_size_and_finite_values(players):
    observer = GAME.observer(players)
    assert sum(size for _, size, _ in observer.layout) == observer.size
    seen = 0
    for seed, heuristic in ((1, False), (2, False), (3, True)):
        for state in playout(players, seed, heuristic)[::4]:
            for seat in range(players):
                vector = observer.encode(state.view(seat))
                assert len(vector) == observer.size
                assert all(math.isfinite(x) for x in vector)
                seen += 1
    assert seen > 100


def test_the_size_grows_with_the_player_count_and_options_that_keep_the_cards_keep_it():
    sizes = [GAME.observer(n).size for n in PLAYER_COUNTS]
    assert sizes == sorted(set(sizes))
    same = GAME.observer(3, {"copies": 3, "hand_size": 6, "draw": "refill", "content": str(DEFAULT_PATH)})
    assert same.size == GAME.observer(3).size
    assert [name for name, _, _ in same.layout] == [name for name, _, _ in GAME.observer(3).layout]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_determinization_gives_the_same_vector(players):
    observer = GAME.observer(players)
    phases = set()
    known = 0
    for seed in (4, 5):
        states = playout(players, seed)
        for state in states[::9] + [s for s in states if s.phase in (1, 3, 4)][::4]:
            phases.add(state.phase)
            for seat in range(players):
                view = state.view(seat)
                known += bool(view["known_in_hands"] or view["your_cards_known_by"])
                vector = observer.encode(view)
                for k in range(2):
                    assert observer.encode(state.determinize(seat, k).view(seat)) == vector
    # the samples held the phases with something hidden or in progress: paying, a round of bugs
    # or Lead titles chosen in secret, and hands partly known to others
    assert {1, 4} <= phases and known
    assert players == 2 or 3 in phases


def test_a_round_of_feature_creep_bugs_shows_who_was_seen_to_hold_one():
    state = feature_creep_round()           # seat 1 is asked: it holds a bug, seat 2 none, seat 3 one
    observer = GAME.observer(4)
    for seat in range(4):
        vector = observer.encode(state.view(seat))
        for k in range(4):
            assert observer.encode(state.determinize(seat, k).view(seat)) == vector
    vector = observer.encode(state.view(0))
    assert block(observer, vector, "phase")[3] == 1.0
    assert block(observer, vector, "holds_a_bug") == [0.0, 1.0, 0.0, 0.0]
    state.apply(1, "pass")                  # seat 1 keeps its bug; seat 2 is passed over, seat 3 asked
    assert state.to_act == (3,)
    vector = observer.encode(state.view(3))  # seen from seat 3: seat 1 is seat+2, seat 2 seat+3
    assert block(observer, vector, "holds_a_bug") == [1.0, 0.0, 1.0, 0.0]
    assert block(observer, vector, "holds_no_bug") == [0.0, 0.0, 0.0, 1.0]


def test_another_seats_hidden_hand_does_not_move_the_vector():
    state = at_milestone("Alpha", players=3)
    other = state.clone()
    mine = other.hands[1]
    swap = next(c for c in other.deck if c not in mine)     # a card of seat 1 swapped with the deck's
    at = other.deck.index(swap)
    other.deck[at] = mine[0]
    mine[0] = swap
    mine.sort()
    fresh(other)
    observer = GAME.observer(3)
    assert observer.encode(state.view(0)) == observer.encode(other.view(0))
    assert observer.encode(state.view(2)) == observer.encode(other.view(2))
    assert observer.encode(state.view(1)) != observer.encode(other.view(1))   # its owner sees it


def test_a_card_drawn_shows_in_the_hand_of_the_drawer_only():
    state = at_milestone("Alpha", players=3)
    observer = GAME.observer(3)
    before = [observer.encode(state.view(s)) for s in range(3)]
    finish_turn(state)                      # seat 0 ends its turn, seat 1 draws a card
    assert state.active == 1
    after = [observer.encode(state.view(s)) for s in range(3)]
    assert sum(block(observer, after[1], "hand")) == sum(block(observer, before[1], "hand")) + 1
    assert block(observer, after[2], "hand") == block(observer, before[2], "hand")
    # everyone sees seat 1's hand grow: seat+1 of seat 0, seat+2 of seat 2, seat+0 of seat 1
    for viewer, relative in ((0, 1), (1, 0), (2, 2)):
        grew = (block(observer, after[viewer], f"seat+{relative}.hand_size")[0]
                - block(observer, before[viewer], f"seat+{relative}.hand_size")[0])
        assert grew == pytest.approx(1 / 10)
    assert block(observer, after[2], "active") == [0.0, 0.0, 1.0]   # seat 1 is seat+2 of seat 2


def test_a_developer_played_shows_in_its_studio_for_every_viewer():
    state = GAME.new(players=3, seed=11)
    seat = state.to_act[0]
    name = next(str(a)[5:] for a in state.legal_actions(seat)
                if str(a).startswith("play ") and state.content.cards[card(str(a)[5:])].type == "developer")
    observer = GAME.observer(3)
    play(state, f"play {name}")
    i = observer.context.developers[name]
    for viewer in range(3):
        vector = observer.encode(state.view(viewer))
        relative = (seat - viewer) % 3
        for k in range(3):
            assert block(observer, vector, f"seat+{k}.developers")[i] == (1.0 if k == relative else 0.0)


def test_a_payment_shows_the_card_and_what_it_still_needs():
    state = at_milestone("Alpha", developers={0: ["Magical M", "Awesome A"]})
    arrange(state, 0, ["Character Portraits"])              # costs 2 Art
    observer = GAME.observer(2)
    play(state, "play Character Portraits")
    vector = observer.encode(state.view(0))
    assert block(observer, vector, "phase")[1] == 1.0
    paying = block(observer, vector, "paying_for")
    assert paying[observer.context.priced["Character Portraits"]] == 1.0 and sum(paying) == 1.0
    assert block(observer, vector, "still_needed") == [0.0, 2 / 5, 0.0, 0.0, 0.0]
    play(state, "pay Awesome A")
    vector = observer.encode(state.view(0))
    assert block(observer, vector, "still_needed") == [0.0, 1 / 5, 0.0, 0.0, 0.0]


def test_costs_are_read_from_the_views_words():
    from boardwright.games.game_development.observation import cost_amounts, needed_amounts
    memo: dict = {}
    assert cost_amounts("nothing", memo) == (0, 0, 0, 0, 0)
    assert cost_amounts("2 Prog and 2 LD", memo) == (2, 0, 2, 0, 0)
    assert cost_amounts("1 LD, 2 Art or Prog and 1 Prod", memo) == (0, 0, 1, 1, 2)
    assert needed_amounts(["Art/Prog: 2", "LD: 1"], memo) == [0, 0, 1, 0, 2]


def lead_choice(programmer: str):
    """The end of Preproduction: both seats choose their Lead Programmer in secret, seat 0 has
    committed ``programmer`` and seat 1 has not chosen yet."""
    state = at_milestone("Preproduction", developers={0: ["Magical M", "Wild W", "Awesome A", "Mighty M"],
                                                     1: ["Beastmode B", "Jurassic J"]})
    state.choose_leads(0)
    state.forget_legal()
    assert state.phase == 4 and set(state.to_act) == {0, 1}
    state.apply(0, f"lead {programmer}")
    return state


def test_a_secret_lead_choice_shows_to_its_chooser_only():
    observer = GAME.observer(2)
    index = observer.context.developers
    one, two = lead_choice("Magical M"), lead_choice("Wild W")
    mine = observer.encode(one.view(0))
    assert block(observer, mine, "your_lead_choice")[index["Magical M"]] == 1.0
    assert block(observer, mine, "committed") == [1.0, 0.0]
    assert mine != observer.encode(two.view(0))
    assert observer.encode(one.view(1)) == observer.encode(two.view(1))      # seat 1 cannot tell
    assert block(observer, observer.encode(one.view(1)), "committed") == [0.0, 1.0]   # only that it chose
    for state in (one, two):                # seat 1 commits; seat 0 then chooses its Lead Artist
        state.apply(1, "lead Jurassic J")
        assert state.phase == 4 and state.to_act == (0,)
    mine = observer.encode(one.view(0))
    assert block(observer, mine, "your_secret_leads")[index["Magical M"]] == 1.0
    assert block(observer, mine, "lead_kind") == [0.0, 1.0, 0.0, 0.0]
    assert observer.encode(one.view(1)) == observer.encode(two.view(1))
    assert block(observer, observer.encode(one.view(1)), "your_secret_leads")[index["Jurassic J"]] == 1.0


@pytest.mark.parametrize("players", (2, 3, 5))
def test_distinct_views_rarely_share_a_vector(players):
    observer = GAME.observer(players)
    by_vector: dict[tuple[float, ...], set[str]] = {}
    views = set()
    for seed in (6, 8):
        for state in playout(players, seed, heuristic=seed == 8):
            if state.is_over:
                continue
            view = state.view(state.to_act[0])
            text = json.dumps(view, sort_keys=True)
            views.add(text)
            by_vector.setdefault(tuple(observer.encode(view)), set()).add(text)
    collisions = 1 - len(by_vector) / len(views)
    assert len(views) > 150 and collisions < 0.05, collisions


def test_a_spectator_or_another_games_view_is_refused():
    observer = GAME.observer(2)
    state = GAME.new(players=2, seed=1)
    with pytest.raises(ValueError):
        observer.encode(state.view(None))
    with pytest.raises(ValueError):
        observer.encode(GAME.new(players=3, seed=1).view(0))
    assert bw.load("game-development").observer(2) is observer
