"""Environment steps per second through each research interface, against the bare state API.

    python benchmarks/rl_steps.py                      # every game, at its smallest multi-player count
    python benchmarks/rl_steps.py --game gadgeteers --seconds 3

One step is one decision by a uniformly random legal action, the way a learner's environment loop
runs. Measured, each for about ``--seconds`` of this process's CPU time:

- ``bare``: ``legal_actions`` + ``apply`` on ``game.new(..., events=False)`` (the forward model);
- ``bare+obs``: the same, plus the acting seat's observation vector (``Game.observer``) each step;
- ``pettingzoo``: ``env.last()`` (observation and mask of the agent to act) + ``env.step``;
- ``gymnasium``: ``env.step`` of the learning seat, random opponents in the other seats; the rate
  counts every decision of the game (learner's and opponents') to compare with the others;
- ``openspiel``: ``legal_actions`` + ``apply_action`` on the pyspiel state;
- ``openspiel+obs``: the same plus ``observation_tensor`` of the player to act.

The overhead column is each rate against ``bare``.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

import boardwright as bw
from boardwright.engine import Stream

PLAYERS = {"gadgeteers": 2, "game-development": 2, "makers-of-universe": 3, "the-game-makers": 2}


def _timed(seconds: float, run_one) -> float:
    """Steps per CPU second of ``run_one(seed) -> steps``, played until ``seconds`` have passed."""
    steps = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += run_one(seed)
        seed += 1
    return steps / (time.process_time() - start)


def bare(game_id: str, players: int, observe: bool):
    game = bw.load(game_id)
    observer = game.observer(players)
    rng = Stream(1)

    def one(seed: int) -> int:
        state = game.new(players=players, seed=seed, events=False)
        steps = 0
        while not state.is_over:
            seat = min(state.to_act)
            if observe:
                np.asarray(observer.encode(state.view(seat)), dtype=np.float32)
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            steps += 1
        return steps
    return one


def pettingzoo(game_id: str, players: int):
    import boardwright.rl

    env = boardwright.rl.pettingzoo_env(game_id, players=players, seed=1)
    rng = np.random.default_rng(1)

    def one(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps
    return one


def gymnasium(game_id: str, players: int):
    import boardwright.rl

    env = boardwright.rl.gymnasium_env(game_id, players=players, opponents="random")
    rng = np.random.default_rng(1)

    def one(seed: int) -> int:
        observation, _ = env.reset(seed=seed)
        while True:
            observation, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            if terminated or truncated:
                return len(env.state.log)
    return one


def openspiel(game_id: str, players: int, observe: bool):
    import pyspiel

    from boardwright.rl import openspiel as adapter

    adapter.register([game_id])
    game = pyspiel.load_game(adapter.spiel_name(game_id), {"players": players})
    rng = np.random.default_rng(1)

    def one(seed: int) -> int:
        state = game.new_initial_state()
        state.apply_deal(seed % adapter.DEALS)
        steps = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps
    return one


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    print(f"{'game':<20} {'interface':<14} {'steps/s':>10} {'vs bare':>8}")
    for game_id in args.game or sorted(PLAYERS):
        players = PLAYERS[game_id]
        runs = {
            "bare": bare(game_id, players, False),
            "bare+obs": bare(game_id, players, True),
            "pettingzoo": pettingzoo(game_id, players),
            "gymnasium": gymnasium(game_id, players),
            "openspiel": openspiel(game_id, players, False),
            "openspiel+obs": openspiel(game_id, players, True),
        }
        base = None
        for name, run_one in runs.items():
            rate = _timed(args.seconds, run_one)
            base = base or rate
            print(f"{game_id + f' {players}p':<20} {name:<14} {rate:>10,.0f} {rate / base:>7.0%}", flush=True)


if __name__ == "__main__":
    main()
