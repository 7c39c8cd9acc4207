"""Agents: legal choices in every game, budgets, seeds, no peeking at hidden information, strength."""

from __future__ import annotations

import math
import time

import pytest
from toygame import GAME as TOY

import boardwright as bw
from boardwright import agents
from boardwright.agents.ismcts import _ACTION, _VISITS, ISMCTSAgent, _select, rewards_of
from boardwright.engine import State, Stream

GAMES = [bw.load(game_id) for game_id in bw.games()] + [TOY]


def positions(game: bw.Game, players: int, seed: int, count: int) -> list[State]:
    """Up to ``count`` states of one random game, each a copy taken before a decision."""
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    found = []
    while not state.is_over and len(found) < count:
        found.append(state.clone())
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return found


def play(game: bw.Game, seats: list[agents.Agent], seed: int, max_decisions: int = 10_000) -> State:
    """Play a game with one agent per seat, checking that each choice is legal."""
    state = game.new(players=len(seats), seed=seed)
    for _ in range(max_decisions):
        if state.is_over:
            break
        seat = state.to_act[0]
        choice = seats[seat].choose(state, seat)
        assert choice in state.legal_actions(seat), f"{seats[seat].name} chose {choice!r}, not legal"
        state.apply(seat, choice)
    return state


def quick_ismcts(game: bw.Game, seed: int) -> agents.Agent:
    """A small search: a real game is cut off after a few rollout decisions to keep tests fast."""
    depth = 0 if game is TOY else 20
    return agents.make("ismcts", iterations=30, depth=depth, seed=seed)


# ---------------------------------------------------------------------- legal choices
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_and_search_agents_choose_legal_actions(game):
    players = game.min_players
    seats = [agents.make("random", seed=1), quick_ismcts(game, 2)] + [
        agents.make("random", seed=3 + k) for k in range(players - 2)]
    play(game, seats, seed=5, max_decisions=60 if game is not TOY else 10_000)


@pytest.mark.parametrize("game", [g for g in GAMES if g.bot], ids=lambda g: g.id)
def test_heuristic_agent_and_heuristic_rollouts_choose_legal_actions(game):
    seats = [agents.make("heuristic", seed=1),
             agents.make("ismcts", iterations=10, rollout="heuristic", depth=10, seed=2)]
    seats += [agents.make("heuristic", seed=3 + k) for k in range(game.min_players - 2)]
    play(game, seats, seed=6, max_decisions=40)


@pytest.mark.parametrize(("game", "players"), [
    pytest.param(game, players, id=f"{game.id}-{players}p")
    for game in GAMES for players in range(game.min_players, game.max_players + 1)])
def test_search_chooses_legal_actions_at_every_player_count(game, players):
    play(game, [agents.make("ismcts", iterations=10, seed=s) for s in range(players)], seed=players,
         max_decisions=12)


def test_search_plays_every_seat_of_a_four_player_game_to_the_end():
    state = play(TOY, [agents.make("ismcts", iterations=25, seed=s) for s in range(4)], seed=9)
    assert state.is_over


@pytest.mark.parametrize("game", [g for g in GAMES if g.bot], ids=lambda g: g.id)
def test_guided_search_chooses_legal_actions(game):
    seats = [agents.make("ismcts", iterations=15, bias=2, seed=2), agents.make("heuristic", seed=1)]
    seats += [agents.make("heuristic", seed=3 + k) for k in range(game.min_players - 2)]
    play(game, seats, seed=7, max_decisions=40)


@pytest.mark.parametrize("game", [g for g in GAMES if g.bot], ids=lambda g: g.id)
def test_guided_search_tries_the_heuristic_bots_choice_first(game):
    state = next(s for seed in range(20) for s in positions(game, game.min_players, seed, 30)
                 if len(s.to_act) == 1 and not s.is_sealed and len(s.legal_actions(s.to_act[0])) > 2)
    seat = state.to_act[0]
    bot_choice = agents.make("heuristic", seed=5).choose(state.clone(), seat)
    search = agents.make("ismcts", iterations=1, bias=1, seed=5)
    assert search.choose(state, seat) == bot_choice
    visited = [text for text, edge in search.last_root.edges[seat].items() if edge[_VISITS]]
    assert visited == [bot_choice]


def test_guidance_decides_between_equal_choices_at_any_budget():
    """Where the search's evidence cannot tell two choices apart, the bot's choice is taken, however
    many iterations there were; where the evidence is clear, the evidence wins."""
    legal = TOY.new(players=2, seed=1).legal_actions(0)[:2]
    first, second = str(legal[0]), str(legal[1])
    def edges(visits: int, mean_first: float, mean_second: float) -> dict:
        return {first: [visits, mean_first * visits, 2 * visits, None, legal[0]],
                second: [visits, mean_second * visits, 2 * visits, None, legal[1]]}

    rng = Stream(1)
    for visits in (10, 1_000, 100_000):
        level = edges(visits, 0.5, 0.5)
        assert _select(level, legal, rng, 0.7, math.log, math.sqrt, second, 1.0)[_ACTION] == legal[1]
        assert _select(level, legal, rng, 0.7, math.log, math.sqrt, first, 1.0)[_ACTION] == legal[0]
        if visits >= 1_000:  # a few visits are too little evidence to overrule the bot
            clear = edges(visits, 0.9, 0.5)
            assert _select(clear, legal, rng, 0.7, math.log, math.sqrt, second, 1.0)[_ACTION] == legal[0]


def test_heuristic_rollouts_need_the_game_to_have_a_bot():
    state = TOY.new(players=2, seed=1)
    with pytest.raises(ValueError, match="no heuristic bot"):
        agents.make("ismcts", iterations=5, rollout="heuristic").choose(state, 0)


# ---------------------------------------------------------------------- budgets and parameters
def test_iteration_budget_is_exact():
    agent = ISMCTSAgent(iterations=137, seed=1)
    state = TOY.new(players=3, seed=2)
    agent.choose(state, 0)
    root_visits = sum(edge[_VISITS] for edge in agent.last_root.edges[0].values())
    assert (agent.last_iterations, root_visits) == (137, 137)


def test_time_budget_is_kept_within_a_tolerance():
    agent = ISMCTSAgent(time=0.1, seed=1)
    state = TOY.new(players=2, seed=2)
    start = time.perf_counter()
    agent.choose(state, 0)
    assert 0.1 <= time.perf_counter() - start < 0.25


def test_the_search_keeps_its_time_inside_a_rollout_whatever_its_iterations_and_depth_say():
    """One heuristic rollout to the end of a 6-player game of The Game Makers takes about 0.2 s of
    CPU: a search of 0.02 s stops in the middle of its first one, and drops it."""
    state = bw.load("the-game-makers").new(players=6, seed=1)
    agent = ISMCTSAgent(iterations=5000, time=0.02, rollout="heuristic", depth=0, seed=1)
    start = time.perf_counter()
    choice = agent.choose(state, 0)
    assert time.perf_counter() - start < 0.15
    assert agent.last_iterations == 0 and choice in state.legal_actions(0)


def test_a_heuristic_seat_the_games_bot_refuses_is_refused_when_checked():
    game = bw.load("gadgeteers")
    with pytest.raises(ValueError, match="takes no parameter x"):
        agents.check("heuristic:x=1", game)
    with pytest.raises(ValueError, match="no heuristic bot"):
        agents.check("ismcts:iterations=5,rollout=heuristic", TOY)
    assert agents.check("ismcts:iterations=5", TOY).name == "ismcts"


def test_an_agent_told_a_time_keeps_the_shorter_one():
    assert agents.within(agents.make("ismcts:time=5"), 2.0).time == 2.0  # type: ignore[attr-defined]
    assert agents.within(agents.make("ismcts:time=1"), 2.0).time == 1.0  # type: ignore[attr-defined]
    assert agents.within(agents.make("ismcts:iterations=10"), 2.0).time == 2.0  # type: ignore[attr-defined]
    assert not hasattr(agents.within(agents.make("random"), 2.0), "time")


def test_with_time_and_iterations_the_first_limit_reached_stops_the_search():
    agent = ISMCTSAgent(iterations=50, time=30.0, seed=1)
    agent.choose(TOY.new(players=2, seed=2), 0)
    assert agent.last_iterations == 50


def test_a_lone_legal_action_is_returned_without_search():
    state = next(s for seed in range(50) for s in positions(TOY, 2, seed, 40)
                 if len(s.legal_actions(s.to_act[0])) == 1)
    agent = ISMCTSAgent(iterations=500, seed=1)
    seat = state.to_act[0]
    assert (agent.choose(state, seat), agent.last_iterations) == (state.legal_actions(seat)[0], 0)


def test_agents_are_built_from_a_spec_with_parameters():
    agent = agents.make("ismcts:iterations=5000,c=1.2,rollout=random,depth=30,time=2", seed=4)
    assert (agent.name, agent.iterations, agent.c, agent.depth, agent.time, agent.seed) == (
        "ismcts", 5000, 1.2, 30, 2.0, 4)


@pytest.mark.parametrize(("spec", "named"), [
    ("ismcts:iterations=0", "iterations"), ("ismcts:time=-1", "time"), ("ismcts:rollout=smart", "rollout"),
    ("ismcts:depth=-2", "depth"), ("ismcts:c=-1", "c is"), ("ismcts:bias=-1", "bias"), ("ismcts:width=3", "width"),
])
def test_bad_search_parameters_are_refused_by_name(spec, named):
    with pytest.raises(ValueError, match=named):
        agents.make(spec)


# ---------------------------------------------------------------------- determinism
def test_the_same_seed_and_budget_give_the_same_game():
    def record(seed: int) -> dict:
        return play(TOY, [ISMCTSAgent(iterations=40, seed=seed), ISMCTSAgent(iterations=40, seed=seed + 1)],
                    seed=3).record()

    assert record(11) == record(11)


def test_searching_never_changes_the_game():
    for state in positions(TOY, 3, 4, 12):
        before = state.fingerprint()
        ISMCTSAgent(iterations=30, seed=1).choose(state, state.to_act[0])
        assert state.fingerprint() == before


# ---------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_search_sees_only_the_seat_view(game):
    """A seat's choice depends on what it sees: the true state and a resample of it play alike."""
    for state in positions(game, game.min_players, 21, 30)[::3]:
        seat = state.to_act[-1]
        for k in range(2):
            sample = state.determinize(seat, 1000 + k)
            assert sample.view(seat) == state.view(seat)
            real, imagined = quick_ismcts(game, 5), quick_ismcts(game, 5)
            assert real.choose(state, seat) == imagined.choose(sample, seat)


def test_a_committed_sealed_bid_does_not_change_another_seat_s_search():
    choices = []
    for bid in ("bid 0", "bid 3"):
        state = TOY.new(players=2, seed=8)
        state.apply(1, bid)
        agent = ISMCTSAgent(iterations=200, seed=3)
        choices.append((agent.choose(state, 0), agent.last_root.edges[0]["bid 2"][:3]))
    assert choices[0] == choices[1]


#: games and options whose play meets sealed decisions
SEALED = [("makers-of-universe", 3, {}), ("game-development", 3, {}),
          ("the-game-makers", 2, {"structures": "draft"})]


@pytest.mark.parametrize(("game_id", "players", "options"), SEALED, ids=[game for game, _, _ in SEALED])
def test_a_seat_s_search_chooses_the_same_first_or_last_at_a_sealed_decision(game_id, players, options):
    """Deciding second gains nothing: the search meets the whole sealed decision, whoever has
    committed, so its choice with a given seed is the one it makes when it commits first."""
    state = bw.load(game_id).new(players=players, seed=3, options=options)
    bot = agents.make("heuristic", seed=1)
    checked = 0
    while not state.is_over and checked < 4:
        seats = state.to_act
        if len(seats) > 1:
            for seat in seats:
                later = state.clone()
                for other in seats:
                    if other != seat:
                        later.apply(other, bot.choose(later, other))
                first = ISMCTSAgent(iterations=40, depth=20, seed=5)
                last = ISMCTSAgent(iterations=40, depth=20, seed=5)
                assert str(first.choose(state, seat)) == str(last.choose(later, seat))
                assert first.last_root.totals(seat) == last.last_root.totals(seat)
                checked += 1
        for seat in seats:
            state.apply(seat, bot.choose(state, seat))
    assert checked >= 4, "the game met too few sealed decisions to check"


def test_every_seat_of_a_sealed_decision_chooses_from_its_own_statistics():
    agent = ISMCTSAgent(iterations=300, seed=3)
    agent.choose(TOY.new(players=3, seed=8), 0)
    root = agent.last_root
    per_seat = {seat: sum(edge[_VISITS] for edge in edges.values()) for seat, edges in root.edges.items()}
    assert per_seat == {0: 300, 1: 300, 2: 300}


# ---------------------------------------------------------------------- rewards and strength
def test_winners_share_the_reward_of_a_finished_game():
    state = next(s for s in (play(TOY, [agents.make("random", seed=k)] * 3, seed=k) for k in range(200))
                 if len(s.winners()) == 2)
    assert sorted(rewards_of(state)) == [0.0, 0.5, 0.5]


def test_search_beats_random_play_clearly():
    wins = 0.0
    games = 24
    for i in range(games):
        me = i % 2
        seats = [agents.make("random", seed=i), agents.make("random", seed=i)]
        seats[me] = ISMCTSAgent(iterations=150, seed=i)
        winners = play(TOY, seats, seed=100 + i).winners()
        wins += 1 / len(winners) if me in winners else 0.0
    assert wins / games >= 0.75
