"""The research interfaces, proven by each library's own conformance tests on every game.

PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env`` and OpenSpiel's
``random_sim_test`` (with serialization) run against the adapters; OpenSpiel's own ISMCTSBot and
MCTSBot play whole games through them. The fast suite takes each game at its smallest player count;
the slow sweep takes every count.
"""

from __future__ import annotations

import time
import warnings

import numpy as np
import pytest

import boardwright as bw

pytest.importorskip("pettingzoo", reason="the rl extra is part of the test extra")
pyspiel = pytest.importorskip("pyspiel")

import toygame  # noqa: E402, F401  (registers the test game "sealed-sums")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import boardwright.agents  # noqa: E402
import boardwright.rl  # noqa: E402
from boardwright.rl import openspiel  # noqa: E402
from boardwright.rl.core import Setting  # noqa: E402

GAMES = ["sealed-sums", *bw.games()]


def counts(game_id: str) -> list[int]:
    game = bw.load(game_id)
    return list(range(game.min_players, game.max_players + 1))


def multi(game_id: str) -> int:
    """The smallest player count with more than one seat."""
    return max(2, bw.load(game_id).min_players)


FAST = [pytest.param(g, multi(g), id=f"{g}-{multi(g)}p") for g in GAMES]
EVERY = [pytest.param(g, n, id=f"{g}-{n}p", marks=pytest.mark.slow)
         for g in GAMES for n in counts(g) if n != multi(g)]
#: games whose random games run to thousands of decisions: OpenSpiel's checks (a copy, a text form and
#: at powers of two a serialization at every step) take 10-20 s there, so the slow sweep runs them
LONG = {"gadgeteers", "the-game-makers"}


def fast_unless_long(params: list) -> list:
    return [pytest.param(*p.values, id=p.id, marks=[*p.marks, pytest.mark.slow] if p.values[0] in LONG else p.marks)
            for p in params]


@pytest.fixture(autouse=True)
def _quiet_library_warnings():
    # PettingZoo and Gymnasium warn about a Dict observation space and unbounded Boxes: the Dict with
    # "observation" and "action_mask" is PettingZoo's own convention for games with masks.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# ---------------------------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize(("game_id", "players"), FAST + EVERY)
def test_pettingzoo_api_test_and_seed_test_pass(game_id, players):
    api_test(boardwright.rl.pettingzoo_env(game_id, players=players, seed=3), num_cycles=300)
    seed_test(lambda: boardwright.rl.pettingzoo_env(game_id, players=players), num_cycles=100)


def play_aec(env, seed: int, steps: int = 10_000) -> list[tuple[str, int, float]]:
    """Play masked random actions; the trajectory of (agent, action, reward)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trajectory = []
    for agent in env.agent_iter(max_iter=steps):
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trajectory.append((agent, action, reward))
        env.step(action)
    return trajectory


def test_a_pettingzoo_episode_ends_with_the_games_result_and_reset_seed_replays_it():
    env = boardwright.rl.pettingzoo_env("gadgeteers", players=3)
    first = play_aec(env, seed=11)
    state = env.state
    assert state is not None and state.is_over
    winners = state.winners()
    final = {agent: reward for agent, _, reward in first if _ is None}
    assert final == {f"seat_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(3)}
    assert play_aec(env, seed=11) == first
    assert play_aec(env, seed=12) != first


def test_a_sealed_decision_is_taken_seat_by_seat_without_seeing_the_earlier_choice():
    def to_first_bid(seed: int):
        env = boardwright.rl.pettingzoo_env("makers-of-universe", players=3)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(2000):
            if len(env.state.to_act) > 1:
                return env
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        pytest.fail("no sealed bid was reached")

    seen = []
    for choice in (0, -1):  # the first bidder bids its lowest, then its highest amount
        env = to_first_bid(5)
        first = env.agent_selection
        bids = np.flatnonzero(env.observe(first)["action_mask"])
        assert len(bids) > 1
        env.step(int(bids[choice]))
        second = env.agent_selection
        assert second != first and env.observe(second)["action_mask"].sum() > 0
        seen.append(env.observe(second)["observation"])
    assert np.array_equal(seen[0], seen[1]), "the next bidder's observation shows the earlier bid"


def test_an_illegal_action_loses_by_default_and_raises_on_request():
    env = boardwright.rl.pettingzoo_env("gadgeteers", players=2, seed=1)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards[agent] == -1.0 and all(env.terminations.values())
    assert "illegal" in env.infos[agent]
    strict = boardwright.rl.pettingzoo_env("gadgeteers", players=2, seed=1, illegal="raise")
    strict.reset(seed=1)
    before = strict.state.fingerprint()
    with pytest.raises(bw.IllegalAction):
        strict.step(illegal)
    assert strict.state.fingerprint() == before


@pytest.mark.parametrize("bad", [-1, 10**6, 1.5, "end", True])
def test_an_action_index_out_of_the_space_is_refused_in_one_line(bad):
    env = boardwright.rl.pettingzoo_env("gadgeteers", players=2, seed=1)
    env.reset(seed=1)
    before = env.state.fingerprint()
    with pytest.raises(ValueError, match=r"an action of Gadgeteers is an index from 0 to \d+, not"):
        env.step(bad)
    assert env.state.fingerprint() == before


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 9}, "plays 2–4 players, not 9"),
    ({"reward": "points"}, "reward is one of result, margin"),
    ({"illegal": "ignore"}, "illegal is one of lose, raise"),
])
def test_bad_settings_are_refused_in_one_line(kwargs, message):
    with pytest.raises(ValueError, match=message):
        boardwright.rl.pettingzoo_env("gadgeteers", **kwargs)


# ---------------------------------------------------------------------------------------- Gymnasium
@pytest.mark.parametrize(("game_id", "players"), FAST + EVERY)
def test_gymnasium_check_env_passes(game_id, players):
    check_env(boardwright.rl.gymnasium_env(game_id, players=players, opponents="random"), skip_render_check=True)


def test_the_solo_game_makers_is_a_gymnasium_environment_with_no_opponents():
    env = boardwright.rl.gymnasium_env("the-game-makers", players=1)
    check_env(env, skip_render_check=True)
    observation, _ = env.reset(seed=2)
    assert observation["action_mask"].sum() >= 1


def play_gym(env, seed: int) -> tuple[list[int], float]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        assert env.action_masks()[action]
        actions.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return actions, reward


def test_a_gymnasium_episode_is_seeded_and_pays_the_result_to_the_learning_seat():
    env = boardwright.rl.gymnasium_env("game-development", players=3, opponents="heuristic", seat=1)
    actions, reward = play_gym(env, seed=4)
    state = env.state
    winners = state.winners()
    assert reward == (1 / len(winners) if 1 in winners else 0.0)
    assert play_gym(env, seed=4) == (actions, reward)


def test_the_margin_reward_adds_the_scaled_score_difference_to_the_best_other_seat():
    env = boardwright.rl.gymnasium_env("game-development", players=2, opponents="random", reward="margin")
    for seed in range(4, 20):  # a game that does not end level
        _, reward = play_gym(env, seed=seed)
        scores, winners = env.state.scores(), env.state.winners()
        if scores[0] != scores[1]:
            break
    assert reward == pytest.approx((1 / len(winners) if 0 in winners else 0.0) + (scores[0] - scores[1]) / 30)


@pytest.mark.parametrize("game_id", bw.games())
def test_every_game_has_a_margin_scale_that_keeps_its_played_margins_within_one(game_id):
    """The scale is about a game's highest final score: heuristic games at two player counts stay
    inside [-1, 1] before clipping (docs/rl.md has the wider measurement)."""
    game = bw.load(game_id)
    setting = Setting(game_id, multi(game_id), None, reward="margin")
    assert setting.margin_scale == game.margin_scale > 1
    bots = [boardwright.agents.make("heuristic", seed=s) for s in range(game.max_players)]
    for players in (multi(game_id), game.max_players):
        state = game.new(players=players, seed=players, events=False)
        while not state.is_over:
            seat = min(state.to_act)
            state.apply(seat, bots[seat].choose(state, seat))
        scores = state.scores()
        assert max(scores) - min(scores) <= setting.margin_scale, scores


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"seat": 2}, "seat is a seat of the 2-player game"),
    ({"opponents": ["random", "random"]}, "one agent for every other seat"),
    ({"opponents": "grandmaster"}, "there is no agent 'grandmaster'"),
])
def test_bad_gymnasium_settings_are_refused_in_one_line(kwargs, message):
    with pytest.raises(ValueError, match=message):
        boardwright.rl.gymnasium_env("gadgeteers", players=2, **kwargs)


# ---------------------------------------------------------------------------------------- observations
@pytest.mark.parametrize(("game_id", "players"), FAST)
def test_an_observation_is_the_same_for_the_state_and_any_determinization_of_it(game_id, players):
    setting = Setting(game_id, players, None)
    rng = np.random.default_rng(7)
    state = setting.new(7)
    checked = 0
    for step in range(400):
        if state.is_over:
            break
        seat = min(state.to_act)
        if step % 25 == 0:
            for viewer in range(players):
                truth = setting.observation(state, viewer)
                for k in (1, 2):
                    sample = setting.observation(state.determinize(viewer, k), viewer)
                    assert np.array_equal(truth, sample), (step, viewer, k)
                    checked += 1
        actions = state.legal_actions(seat)
        state.apply(seat, actions[int(rng.integers(len(actions)))])
    assert checked >= 2 * players


# ---------------------------------------------------------------------------------------- OpenSpiel
openspiel.register(GAMES)


@pytest.mark.parametrize(("game_id", "players"), fast_unless_long(FAST) + EVERY)
def test_openspiel_random_sim_test_passes_with_serialization(game_id, players):
    game = pyspiel.load_game(openspiel.spiel_name(game_id), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_game_loads_by_its_openspiel_name_with_the_player_count():
    game = pyspiel.load_game("boardwright_gadgeteers", {"players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(bw.load("gadgeteers").action_space(3))
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == openspiel.DEAL_DIGITS
    state.apply_deal(17)
    assert state.information_state_tensor(0) == state.observation_tensor(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


@pytest.mark.parametrize("game_id", bw.games())
def test_every_option_of_a_game_is_an_openspiel_parameter_of_its_type(game_id):
    options = bw.load(game_id).options
    spec = pyspiel.load_game(openspiel.spiel_name(game_id)).get_type().parameter_specification
    for option in options:
        assert type(spec[option.name]) is option.type, option.name


def test_options_given_as_openspiel_parameters_reach_the_game():
    game = pyspiel.load_game("boardwright_gadgeteers", {"players": 3, "alternate_tokens": True})
    state = game.new_initial_state()
    state.apply_deal(4)
    assert state.inner.players == 3 and state.inner.options["alternate_tokens"] is True
    longer = pyspiel.load_game("boardwright_makers_of_universe(players=3,max_rounds=60,target=20)")
    state = longer.new_initial_state()
    state.apply_deal(4)
    assert (state.inner.max_rounds, state.inner.target) == (60, 20)
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter alternate_tokens"):
        pyspiel.load_game("boardwright_gadgeteers", {"alternate_tokens": 3})
    with pytest.raises(ValueError, match="hand_size"):
        pyspiel.load_game("boardwright_game_development", {"hand_size": 99})


def test_a_game_for_a_result_is_constant_sum_and_one_for_a_margin_is_not():
    result = pyspiel.load_game("boardwright_game_development", {"players": 2})
    assert result.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM and result.utility_sum() == 1.0
    margin = pyspiel.load_game("boardwright_game_development", {"players": 2, "reward": "margin"})
    assert margin.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (margin.min_utility(), margin.max_utility()) == (-1.0, 2.0)
    solo = pyspiel.load_game("boardwright_the_game_makers", {"players": 1})  # a solo game can be lost
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_max_game_length_is_the_games_bound_on_decisions():
    def length(name, params):
        return pyspiel.load_game(name, params).max_game_length()

    # Game Development: 18 rounds, each seat's allowance per round, and 4 sealed Lead titles a seat
    assert length("boardwright_game_development", {"players": 2}) == 18 * 2 * 68 + 2 * 4
    # the round limits of Makers of Universe and The Game Makers are options, and the bound follows them
    assert length("boardwright_makers_of_universe", {"players": 3, "max_rounds": 10}) * 3 == \
        length("boardwright_makers_of_universe", {"players": 3, "max_rounds": 30})
    assert length("boardwright_the_game_makers", {"players": 2, "max_turns": 99}) * 2 == \
        length("boardwright_the_game_makers", {"players": 2, "max_turns": 199})
    assert length("boardwright_game_development", {"players": 5}) < 10_000
    # Gadgeteers: 3 x players + 2 + its 16 Gadgets rounds (the stalemate ruling ends every game)
    assert length("boardwright_gadgeteers", {"players": 2}) == (3 * 2 + 2 + 16) * 2 * 92
    assert length("boardwright_gadgeteers", {"players": 4}) == (3 * 4 + 2 + 16) * 4 * 92


def test_random_gadgeteers_games_end_well_within_their_bound():
    """The bound is no guess: random games (the longest) end in a fraction of it."""
    import random

    from boardwright.rl.lengths import max_decisions, rounds
    game = bw.load("gadgeteers")
    for players in (2, 4):
        for seed in range(10):
            state = game.new(players=players, seed=seed, events=False)
            rng = random.Random(seed)
            decisions = 0
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                decisions += 1
            assert state.round <= rounds("gadgeteers", players, {"content": None})
            assert decisions < max_decisions("gadgeteers", players, {"content": None}) / 4


def test_a_deal_is_cheap_to_sample_and_there_are_as_many_deals_as_before():
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("boardwright_game_development", {"players": 2})
    sampler = rl_environment.ChanceEventSampler(seed=1)
    state = game.new_initial_state()
    drawn = []
    while state.is_chance_node():
        assert len(state.chance_outcomes()) <= 256
        drawn.append(sampler(state))
        state.apply_action(drawn[-1])
    assert openspiel.DEALS == 65_536 and len(drawn) == openspiel.DEAL_STAGES
    number = drawn[0] * openspiel.DEAL_DIGITS + drawn[1]
    assert state.inner.record() == game.deal(number).record()
    halfway = game.new_initial_state()  # a state between the deal's nodes copies and serializes
    halfway.apply_action(drawn[0])
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, halfway))[1]
    for copy in (restored, halfway.clone()):
        copy.apply_action(drawn[1])
        assert copy.inner.record() == state.inner.record()
    started = time.process_time()
    for _ in range(20):
        state = game.new_initial_state()
        sampler(state)
    assert (time.process_time() - started) / 20 < 0.005  # all 65,536 deals in one node: 25-37 ms


def test_resample_from_infostate_keeps_the_players_information_state():
    game = pyspiel.load_game("boardwright_makers_of_universe", {"players": 3})
    state = game.new_initial_state()
    state.apply_deal(3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
    others = {sample.information_state_string((player + 1) % 3) for sample in samples}
    assert len(others) > 1, "the other seats' hidden cards were not resampled"


class _NoRollout:
    """An evaluator that judges a leaf by ``Game.evaluate`` instead of a rollout, so that OpenSpiel's
    bots play a whole game in the fast suite (the slow sweep uses their own random rollouts)."""

    def evaluate(self, state):
        inner = state.inner
        if inner.is_over:
            return np.array(state.returns())
        return np.array([inner.game.evaluate(inner, s) for s in range(state.num_players())])

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1 / len(legal)) for a in legal]


def _bots(game, kind: str, simulations: int, evaluator, seed: int):
    rng = np.random.RandomState(seed)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)


def play_openspiel(game_id: str, players: int, kind: str, simulations: int, evaluator) -> list[float]:
    game = pyspiel.load_game(openspiel.spiel_name(game_id), {"players": players})
    bots = [_bots(game, kind, simulations, evaluator, seed) for seed in range(players)]
    return play_bots(game, bots, deal=5).returns()


def play_bots(game, bots: list, deal: int, moves: int | None = None):
    """Deal ``deal``, then let each player's bot move, to the end or for ``moves`` moves."""
    state = game.new_initial_state()
    state.apply_deal(deal)
    played = 0
    while not state.is_terminal() and (moves is None or played < moves):
        state.apply_action(bots[state.current_player()].step(state))
        played += 1
    return state


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "the-game-makers" else g
                                     for g in bw.games()])
def test_openspiel_bots_play_a_whole_game(game_id, kind):
    returns = play_openspiel(game_id, multi(game_id), kind, 3, _NoRollout())
    assert sum(returns) == pytest.approx(1.0) and max(returns) > 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
@pytest.mark.parametrize("game_id", bw.games())
def test_openspiel_bots_with_their_random_rollouts_play_a_whole_game(game_id, kind):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    returns = play_openspiel(game_id, multi(game_id), kind, 2, evaluator)
    assert sum(returns) == pytest.approx(1.0)


class _Noise(_NoRollout):
    """Random leaf values: a search that spreads wide and fast, meeting many transpositions."""

    def __init__(self, rng, players: int) -> None:
        self.rng, self.players = rng, players

    def evaluate(self, state):
        return self.rng.random_sample(self.players)


class _Checking(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot, which shares one node between all the states with one information state
    string and assumes they allow the same actions; this one checks it at every node it reaches."""

    def __init__(self, game, rng) -> None:
        super().__init__(game, _Noise(rng, game.num_players()), 2.0, 300, random_state=rng)
        self.allowed: dict = {}
        self.nodes = 0
        sampler = pyspiel.UniformProbabilitySampler(int(rng.randint(1 << 30)), 0.0, 1.0)  # its default: unseeded
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))

    def reset(self) -> None:
        super().reset()
        self.allowed = {}

    def lookup_or_create_node(self, state):
        key = self.get_state_key(state)
        legal = set(state.legal_actions())
        first = self.allowed.setdefault(key, legal)
        self.nodes += 1
        assert first == legal, (f"seat {key[0]}: two states that look alike allow different actions: "
                                f"{sorted(state.action_to_string(key[0], a) for a in first ^ legal)}")
        return super().lookup_or_create_node(state)


#: the deal searched per game: in Makers of Universe, one where the view that did not show a fired
#: Ravager Cannon made two tables look alike (found by this test at deal 38 of 0-39 on that view)
LOOK_ALIKE_DEALS = {"makers-of-universe": 38}
LOOK_ALIKE_MOVES = 150


@pytest.mark.slow
@pytest.mark.parametrize("game_id", bw.games())
def test_states_that_look_alike_to_a_seat_allow_the_same_actions_in_openspiels_search(game_id):
    """Two ways to one table that the view does not tell apart, but that allow different actions,
    would break a search that keys its nodes on what a seat sees (a Ravager Cannon that had fired
    looked like one that had not). 150 moves of OpenSpiel's ISMCTS, 300 simulations each."""
    deal = LOOK_ALIKE_DEALS.get(game_id, 2)
    game = pyspiel.load_game(openspiel.spiel_name(game_id), {"players": multi(game_id)})
    rng = np.random.RandomState(deal)
    bots = [_Checking(game, rng) for _ in range(game.num_players())]
    play_bots(game, bots, deal, LOOK_ALIKE_MOVES)
    assert sum(bot.nodes for bot in bots) > 10_000


def test_the_observation_document_is_up_to_date():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "docs" / "rl_observations.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout
