"""Gymnasium ids, the batched environment (autoreset, masks, seeding, illegal actions), masks in
infos, and the PettingZoo environment's final infos."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import boardwright as bw

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is part of the test extra")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

import boardwright.rl  # noqa: E402
from boardwright.rl.vector import BoardwrightVectorEnv  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet_library_warnings():
    with warnings.catch_warnings():  # Gymnasium warns about unbounded Boxes in a Dict
        warnings.simplefilter("ignore", UserWarning)
        yield


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


# ---------------------------------------------------------------------------------------- Gymnasium ids
def test_every_game_is_registered_with_gymnasium_under_a_name_made_from_its_id():
    assert [boardwright.rl.gymnasium_id(g) for g in bw.games()] == [
        "boardwright/Gadgeteers-v0", "boardwright/GameDevelopment-v0", "boardwright/MakersOfUniverse-v0",
        "boardwright/TheGameMakers-v0"]
    for game_id in bw.games():
        assert gymnasium.spec(boardwright.rl.gymnasium_id(game_id)).kwargs == {"game_id": game_id}


def test_gymnasium_make_passes_the_settings_and_keeps_its_checker_and_time_limit():
    env = gymnasium.make("boardwright/GameDevelopment-v0", players=2, opponents="random", seat=1,
                         max_episode_steps=5)
    inner = env.unwrapped
    assert inner.seat == 1 and inner.setting.players == 2 and inner.opponents.specs == {0: "random"}
    assert any(type(w).__name__ == "PassiveEnvChecker" for w in _wrappers(env))
    observation, info = env.reset(seed=3)
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    ends = []
    for _ in range(5):
        observation, _, terminated, truncated, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        ends.append((terminated, truncated))
    assert ends == [(False, False)] * 4 + [(False, True)]  # the TimeLimit of max_episode_steps cut the episode
    check_env(gymnasium.make("boardwright/Gadgeteers-v0", opponents="random").unwrapped, skip_render_check=True)


def _wrappers(env):
    while hasattr(env, "env"):
        yield env
        env = env.env


def test_without_gymnasium_the_package_imports_and_its_environments_name_the_rl_extra():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; sys.modules['gymnasium'] = None\n"
            "import boardwright.rl\n"
            "try:\n    boardwright.rl.vector_env('gadgeteers', 2)\n"
            "except ModuleNotFoundError as missing:\n    print(missing)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parents[1])
    assert done.returncode == 0, done.stderr
    assert done.stdout == "the research interfaces need the rl extra: pip install 'boardwright[rl]' " \
                          "(gymnasium is missing)\n"


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_runs_the_registered_env_in_gymnasiums_own_vector_envs(mode):
    envs = gymnasium.make_vec("boardwright/GameDevelopment-v0", num_envs=2, vectorization_mode=mode,
                              players=2, opponents="random")
    try:
        observations, _ = envs.reset(seed=1)
        assert observations["observation"].shape == (2, envs.single_observation_space["observation"].shape[0])
        rng = np.random.default_rng(1)
        for _ in range(3):
            observations, rewards, *_ = envs.step(random_actions(observations["action_mask"], rng))
        assert rewards.shape == (2,)
    finally:
        envs.close()


def test_make_vec_with_the_vector_entry_point_makes_the_batched_env():
    envs = gymnasium.make_vec("boardwright/Gadgeteers-v0", num_envs=3, vectorization_mode="vector_entry_point",
                              players=2, opponents="random")
    assert isinstance(envs, BoardwrightVectorEnv) and envs.num_envs == 3


# ---------------------------------------------------------------------------------------- the batched env
def play_batch(envs, seed: int, steps: int):
    """Random legal actions for ``steps`` steps; every reward and the ends' infos."""
    observations, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, ends = [], []
    for _ in range(steps):
        masks = envs.action_masks()
        assert masks.dtype == bool and masks.any(axis=1).all(), "a row of the masks has no legal action"
        assert np.array_equal(masks, observations["action_mask"].astype(bool))
        observations, reward, terminated, truncated, infos = envs.step(random_actions(masks, rng))
        assert not truncated.any() and reward.dtype == np.float32 and terminated.dtype == bool
        rewards.append(reward)
        if terminated.any():
            ends.append((terminated, infos))
    return np.array(rewards), ends, observations


def test_the_batched_env_has_the_single_envs_spaces_batched():
    envs = boardwright.rl.vector_env("makers-of-universe", 4, players=3, opponents="random", seed=2)
    single = boardwright.rl.gymnasium_env("makers-of-universe", players=3, opponents="random")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    observations, _ = envs.reset()
    assert observations["observation"].dtype == np.float32 and observations["action_mask"].dtype == np.int8
    assert observations["observation"].shape == (4, single.setting.observation_size)
    assert observations["action_mask"].shape == (4, single.setting.action_count)
    assert envs.observation_space.contains(observations)


def test_a_game_that_ends_is_reset_in_the_same_step_and_its_end_is_in_the_infos():
    envs = boardwright.rl.vector_env("game-development", 3, players=2, opponents="random", reward="result")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    rewards, ends, _ = play_batch(envs, seed=4, steps=150)
    assert ends, "no game ended in 150 steps"
    for terminated, infos in ends:
        assert np.array_equal(infos["_final_obs"], terminated) and np.array_equal(infos["_final_info"], terminated)
        assert infos["final_observation"] is infos["final_obs"]
        for i in np.flatnonzero(terminated):
            final = infos["final_obs"][i]
            assert final["observation"].dtype == np.float32
            assert not final["action_mask"].any() and not infos["final_action_mask"][i].any()  # the game is over
            scores, winners = infos["final_info"]["scores"][i], infos["final_info"]["winners"][i]
            assert len(scores) == 2 and winners and max(scores) == scores[winners[0]]
        for i in np.flatnonzero(~terminated):
            assert infos["final_obs"][i] is None
    # a winner's reward is its share of the win, paid in the step the game ended
    assert set(np.unique(rewards)) <= {0.0, 0.5, 1.0} and rewards.sum() > 0


def test_the_final_observation_is_the_ended_games_last_view_and_the_new_game_starts_fresh():
    envs = boardwright.rl.vector_env("gadgeteers", 2, players=2, opponents="random")
    envs.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(2000):
        before = list(envs.states)
        _, _, terminated, _, infos = envs.step(random_actions(envs.action_masks(), rng))
        if terminated.any():
            i = int(np.flatnonzero(terminated)[0])
            ended = before[i]
            assert ended.is_over and envs.states[i] is not ended and not envs.states[i].is_over
            expected = envs.setting.observation(ended, envs.seat)
            assert np.array_equal(infos["final_obs"][i]["observation"], expected)
            return
    pytest.fail("no game ended")


def test_reset_with_a_seed_makes_the_batch_reproducible_and_each_env_its_own_games():
    envs = boardwright.rl.vector_env("game-development", 4, players=2, opponents="random")
    first = play_batch(envs, seed=11, steps=80)
    again = play_batch(envs, seed=11, steps=80)
    assert np.array_equal(first[0], again[0]) and np.array_equal(first[2]["observation"], again[2]["observation"])
    envs.reset(seed=11)
    records = [state.record() for state in envs.states]
    assert len({str(r["seed"]) for r in records}) == 4, "two envs of the batch play the same game"
    other = boardwright.rl.vector_env("game-development", 4, players=2, opponents="random", seed=11)
    other.reset()
    assert [s.record()["seed"] for s in other.states] == [r["seed"] for r in records]


def test_an_illegal_action_loses_that_game_which_starts_again_and_raises_on_request():
    envs = boardwright.rl.vector_env("gadgeteers", 3, players=2, opponents="random", seed=1)
    observations, _ = envs.reset()
    actions = random_actions(envs.action_masks(), np.random.default_rng(1))
    actions[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    before = envs.states[1]
    observations, rewards, terminated, _, infos = envs.step(actions)
    assert rewards[1] == -1.0 and list(terminated) == [False, True, False]
    assert "not a legal action" in infos["final_info"]["illegal"][1]
    assert infos["final_action_mask"][1].any()  # the mask the learner disregarded
    assert envs.states[1] is not before and envs.action_masks()[1].any()
    strict = boardwright.rl.vector_env("gadgeteers", 2, players=2, opponents="random", seed=1, illegal="raise")
    observations, _ = strict.reset()
    prints = [state.fingerprint() for state in strict.states]
    masks = observations["action_mask"]
    bad = [int(np.flatnonzero(masks[0])[0]), int(np.flatnonzero(masks[1] == 0)[0])]
    with pytest.raises(bw.IllegalAction, match="env 1"):
        strict.step(bad)
    assert [state.fingerprint() for state in strict.states] == prints  # no game moved


@pytest.mark.parametrize(("actions", "message"), [
    ([0], r"2 action indexes, one per env, not int64 values of shape \(1,\)$"),
    ([0, 5000], r"an index from 0 to \d+, not 5000 \(env 1\)"),
    ([0.5, 1.0], "2 action indexes, one per env, not float64 values of shape"),
    ("end", "2 action indexes, one per env, not 'end'"),
])
def test_bad_batched_actions_are_refused_in_one_line(actions, message):
    envs = boardwright.rl.vector_env("gadgeteers", 2, players=2, opponents="random", seed=1)
    envs.reset()
    with pytest.raises(ValueError, match=message):
        envs.step(actions)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"num_envs": 0}, "num_envs is a number of games from 1 up, not 0"),
    ({"num_envs": 2, "seat": 3}, "seat is a seat of the 2-player game"),
    ({"num_envs": 2, "opponents": "grandmaster"}, "there is no agent 'grandmaster'"),
])
def test_bad_batched_settings_are_refused_in_one_line(kwargs, message):
    with pytest.raises(ValueError, match=message):
        boardwright.rl.vector_env("gadgeteers", players=2, **kwargs)


@pytest.mark.parametrize(("game_id", "steps"), [("the-game-makers", 700), ("game-development", 300)])
def test_the_batched_observation_is_each_seats_own_observation(game_id, steps):
    """Each row is the seat's whole observation (The Game Makers writes it as changes, per env:
    followed until games have ended and started again)."""
    envs = boardwright.rl.vector_env(game_id, 3, players=2, opponents="random", seat=1, seed=6)
    observations, _ = envs.reset()
    rng = np.random.default_rng(6)
    ended = 0
    for _ in range(steps):
        for i, state in enumerate(envs.states):
            positions, values = envs.setting.observer.entries(state, 1)
            whole = np.bincount(positions, values, envs.setting.observation_size).astype(np.float32)
            assert np.array_equal(observations["observation"][i], whole)
            assert np.array_equal(observations["observation"][i], envs.setting.observation(state, 1))
            assert np.array_equal(observations["action_mask"][i], envs.setting.mask(state, 1))
        observations, _, terminations, _, _ = envs.step(random_actions(observations["action_mask"], rng))
        ended += int(terminations.sum())
    assert ended > 0


# ---------------------------------------------------------------------------------------- masks and final infos
def test_the_single_envs_mask_after_an_illegal_action_is_the_last_one_and_is_in_every_info():
    env = boardwright.rl.gymnasium_env("gadgeteers", players=2, opponents="random")
    observation, info = env.reset(seed=2)
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    observation, _, _, _, info = env.step(legal)
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated
    masks = env.action_masks()
    assert masks.dtype == bool and np.array_equal(masks, observation["action_mask"].astype(bool)) and masks.any()
    assert np.array_equal(info["action_mask"], observation["action_mask"])


def test_every_pettingzoo_agent_is_told_the_scores_and_winners_at_the_end():
    env = boardwright.rl.pettingzoo_env("game-development", players=3, seed=5)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in env.agent_iter(max_iter=20_000):
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert info["scores"] == env.state.scores() and info["winners"] == env.state.winners()
            env.step(None)
            continue
        assert "scores" not in info
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.state.is_over and not env.agents
