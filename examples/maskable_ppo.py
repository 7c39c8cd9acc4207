"""MaskablePPO (sb3-contrib) learns Game Development (2 players) against the random bot, then plays both seats.

The learner plays one seat of a 2-player game through ``boardwright.rl.gymnasium_env``; the random
bot plays the other. ``--train-seat`` picks the seat it trains in: ``0``, ``1``, or ``both`` (the
seat alternates from one episode to the next). Whatever seat it trained in, the policy is then
evaluated in **both** seats, deterministically (its most likely legal action), on game seeds that
training never used, and each seat's win rate is printed with a 95% Wilson interval.

One policy can play either seat because both the observation and the action indexes are relative
to the acting seat: per-seat blocks of the observation start with the viewer, and an action that
names a seat names it by its offset from the actor ("seat 1" is always the opponent in a 2-player
game). ``--absolute`` evaluates the way the adapter worked before seat-relative actions: the
policy's index is read in seat 0's action table whichever seat plays (and so is the mask it is
given). In seat 0 the two are the same; in seat 1 every action that names a seat then names the
wrong one.

How the pieces fit:

- The environment gives ``{"observation", "action_mask"}``; MaskablePPO gets the observation vector
  alone (``LearnerEnv`` below) and the mask through ``action_masks()``, which sb3-contrib calls
  before every decision, so it never samples an illegal action.
- ``MlpPolicy`` with sb3's defaults (two hidden layers of 64, 2,048 steps per update, 10 epochs of
  minibatches of 64), on one core (``torch.set_num_threads(1)``).
- Training stops when ``--minutes`` of this process's CPU time are spent (or after ``--steps``
  learner decisions); the wall time is printed too. The reward is the game's result: 1 for a win,
  1/2 for a shared win, 0 for a loss.

    python examples/maskable_ppo.py --minutes 5 --train-seat 0 --eval-games 400
    python examples/maskable_ppo.py --minutes 5 --train-seat 0 --save ppo.zip
    python examples/maskable_ppo.py --load ppo.zip --eval-games 1000 --absolute

Needs the ``rl`` extra (``pip install 'boardwright[rl]'``: it brings sb3-contrib and torch).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import boardwright.rl
from boardwright.sim.stats import wilson_interval

GAME = "game-development"
PLAYERS = 2
OPPONENT = "random"
#: evaluation games use reset seeds from here up; training draws its seeds below it
EVAL_SEEDS = 2**31


class LearnerEnv(gymnasium.Env):
    """The learner's seat of Game Development against the random bot, observation vector only.

    ``seats`` lists the seats to play; the seat changes at every reset, in turn. Each episode's
    game comes from a seed drawn from this environment's own generator (seeded by ``reset(seed=)``).
    """

    def __init__(self, seats: Sequence[int], opponent: str = OPPONENT) -> None:
        self.envs = [boardwright.rl.gymnasium_env(GAME, players=PLAYERS, opponents=opponent, seat=s) for s in seats]
        self.observation_space = self.envs[0].observation_space["observation"]
        self.action_space = self.envs[0].action_space
        self.current = self.envs[0]
        self.episodes = 0
        self._seeds = np.random.default_rng(0)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.current = self.envs[self.episodes % len(self.envs)]
        self.episodes += 1
        observation, info = self.current.reset(seed=int(self._seeds.integers(EVAL_SEEDS)))
        return observation["observation"], info

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.current.step(int(action))
        return observation["observation"], float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now (MaskablePPO asks before each decision)."""
        return self.current.action_masks()


class Budget(BaseCallback):
    """Stops training once ``seconds`` of this process's CPU time have passed since training began."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = 0.0

    def _on_training_start(self) -> None:
        self.start = time.process_time()

    def _on_step(self) -> bool:
        return time.process_time() - self.start < self.seconds


@dataclass(frozen=True)
class SeatResult:
    """The trained policy's record in one seat."""

    seat: int
    games: int
    wins: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games


def train(minutes: float, seed: int, train_seat: str, steps: int | None = None,
          out=print) -> MaskablePPO:
    """A MaskablePPO policy trained in ``train_seat`` (``0``, ``1`` or ``both``) for ``minutes`` of CPU time."""
    torch.set_num_threads(1)
    seats = [0, 1] if train_seat == "both" else [int(train_seat)]
    env = LearnerEnv(seats)
    model = MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, device="cpu")
    cpu, wall = time.process_time(), time.perf_counter()
    model.learn(total_timesteps=steps or 10**9, callback=Budget(minutes * 60))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    out(f"trained in seat {train_seat}: {model.num_timesteps} steps, {env.episodes} episodes, "
        f"{cpu:.0f} s CPU ({model.num_timesteps / cpu:,.0f} steps per CPU second), {wall:.0f} s wall")
    return model


def evaluate(model: MaskablePPO, seat: int, games: int, absolute: bool = False) -> SeatResult:
    """The policy's wins in ``seat`` over ``games`` fresh games, choosing its most likely legal action.

    With ``absolute`` the policy's index is read in seat 0's action table (as before seat-relative
    actions), and the mask it gets is in that order too.
    """
    torch.set_num_threads(1)
    env = boardwright.rl.gymnasium_env(GAME, players=PLAYERS, opponents=OPPONENT, seat=seat)
    count = env.action_space.n
    # to_seat[i]: the index, for this seat, of the move that index i means for seat 0
    to_seat = np.array([env.action_index(env.action_text(i, 0), seat) for i in range(count)]) if absolute \
        else np.arange(count)
    wins = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=EVAL_SEEDS + game)
        while True:
            mask = env.action_masks()[to_seat]
            action, _ = model.predict(observation["observation"], action_masks=mask, deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(to_seat[int(action)]))
            if terminated or truncated:
                wins += float(reward)
                break
    return SeatResult(seat, games, wins, *wilson_interval(wins, games))


def main(argv: Sequence[str] | None = None) -> list[SeatResult]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="CPU minutes of training (default 5)")
    parser.add_argument("--steps", type=int, help="stop training after this many learner decisions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train-seat", choices=("0", "1", "both"), default="0",
                        help="the seat to train in; 'both' alternates seats per episode (default 0)")
    parser.add_argument("--eval-games", type=int, default=400, help="evaluation games per seat (default 400)")
    parser.add_argument("--absolute", action="store_true",
                        help="evaluate with seat 0's action indexes in every seat (as before seat-relative actions)")
    parser.add_argument("--save", help="save the trained model here (.zip)")
    parser.add_argument("--load", help="evaluate this saved model instead of training one")
    args = parser.parse_args(argv)
    if args.minutes <= 0:
        parser.error(f"--minutes must be positive, not {args.minutes}")
    if args.eval_games <= 0:
        parser.error(f"--eval-games must be positive, not {args.eval_games}")
    if args.load:
        model = MaskablePPO.load(args.load, device="cpu")
        print(f"loaded {args.load}")
    else:
        model = train(args.minutes, args.seed, args.train_seat, args.steps)
        if args.save:
            model.save(args.save)
    results = []
    for seat in range(PLAYERS):
        start = time.process_time()
        result = evaluate(model, seat, args.eval_games, args.absolute)
        results.append(result)
        print(f"seat {seat}{' (absolute actions)' if args.absolute else ''}: win rate {result.rate:.3f} "
              f"[{result.low:.3f}, {result.high:.3f}] over {result.games} games against {OPPONENT} "
              f"({time.process_time() - start:.0f} s CPU)", flush=True)
    return results


if __name__ == "__main__":
    main()
