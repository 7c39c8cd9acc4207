"""OpenSpiel's own DQN (PyTorch) learns Game Development (2 players) through the OpenSpiel adapter.

The learner is ``open_spiel.python.pytorch.dqn.DQN`` in seat 0 of ``boardwright_game_development``,
driven by OpenSpiel's ``rl_environment`` exactly as OpenSpiel's own DQN examples drive their games
(the deal's two chance nodes are sampled by the environment); OpenSpiel's ``RandomAgent`` plays
seat 1. After ``--minutes`` of CPU time (or ``--episodes``), the greedy policy (its highest-valued
legal action) plays ``--eval-games`` fresh games in each seat, and each seat's win rate is printed
with a 95% Wilson interval. Action indexes are relative to the acting seat, so the agent trained in
seat 0 also plays seat 1 (evaluation only sets its ``player_id``).

Settings: one hidden layer of 128, Adam (``--lr``), Huber loss, a learning step every 4 decisions,
exploration falling from 1 to 0.05 over ``--explore`` decisions. OpenSpiel's defaults (SGD at 0.01,
squared loss) lost to the random bot after the same 2 minutes.

OpenSpiel's PyTorch DQN imports ``dm-tree`` and ``torch``, which OpenSpiel does not install; the
``rl`` extra brings both: ``pip install 'boardwright[rl]'``.

    python examples/openspiel_dqn.py --minutes 2 --eval-games 200   # about 94% in each seat
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.pytorch import dqn

from boardwright.rl import openspiel as adapter
from boardwright.sim.stats import wilson_interval

GAME = "game-development"


def environment(seed: int) -> rl_environment.Environment:
    """OpenSpiel's RL environment over the 2-player Game Development, its chance sampling seeded."""
    adapter.register([GAME])
    env = rl_environment.Environment(pyspiel.load_game(adapter.spiel_name(GAME), {"players": 2}))
    env.seed(seed)
    return env


def play(env: rl_environment.Environment, agents: Sequence, learn: bool) -> list[float]:
    """One game; the agents step in turn (learning unless ``learn`` is false). The seats' returns."""
    time_step = env.reset()
    while not time_step.last():
        seat = time_step.observations["current_player"]
        time_step = env.step([agents[seat].step(time_step, is_evaluation=not learn).action])
    for agent in agents:  # every agent sees the end (DQN stores its last transition)
        agent.step(time_step, is_evaluation=not learn)
    return list(time_step.rewards)


def main(argv: Sequence[str] | None = None) -> list[tuple[int, float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="CPU minutes of training (default 2)")
    parser.add_argument("--episodes", type=int, help="stop training after this many games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games per seat (default 200)")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's step size (default 0.001)")
    parser.add_argument("--explore", type=int, default=20_000,
                        help="learner decisions over which exploration falls from 1 to 0.05 (default 20,000)")
    args = parser.parse_args(argv)
    if args.minutes <= 0 or args.eval_games <= 0:
        parser.error("--minutes and --eval-games must be positive")
    torch.set_num_threads(1)
    env = environment(args.seed)
    size, count = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    learner = dqn.DQN(player_id=0, state_representation_size=size, num_actions=count, hidden_layers_sizes=[128],
                      replay_buffer_capacity=50_000, batch_size=64, optimizer_str="adam", learning_rate=args.lr,
                      loss_str="huber", learn_every=4, min_buffer_size_to_learn=1000,
                      epsilon_decay_duration=args.explore, epsilon_end=0.05, seed=args.seed)
    opponent = random_agent.RandomAgent(player_id=1, num_actions=count)
    start, episodes = time.process_time(), 0
    while time.process_time() - start < args.minutes * 60 and (args.episodes is None or episodes < args.episodes):
        play(env, [learner, opponent], learn=True)
        episodes += 1
    print(f"trained in seat 0: {episodes} episodes, {time.process_time() - start:.0f} s CPU")

    env = environment(args.seed + 1)  # other deals for evaluation
    results = []
    for seat in (0, 1):
        learner.player_id = seat
        agents = [learner, random_agent.RandomAgent(player_id=1 - seat, num_actions=count)]
        if seat == 1:
            agents.reverse()
        wins = sum(play(env, agents, learn=False)[seat] for _ in range(args.eval_games))
        low, high = wilson_interval(wins, args.eval_games)
        results.append((seat, wins / args.eval_games, low, high))
        print(f"seat {seat}: win rate {wins / args.eval_games:.3f} [{low:.3f}, {high:.3f}] "
              f"over {args.eval_games} games against random")
    learner.player_id = 0
    return results


if __name__ == "__main__":
    main()
