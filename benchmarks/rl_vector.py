"""Learner steps per CPU second of the batched environment (``boardwright.rl.vector_env``) at several
batch sizes, against the single Gymnasium environment and Gymnasium's own ``SyncVectorEnv``.

    python benchmarks/rl_vector.py                          # every game at 2 players, 1, 8 and 64 envs
    python benchmarks/rl_vector.py --game gadgeteers --envs 1,8,64,256 --seconds 3

One learner step is one decision of the learning seat (seat 0), a uniformly random legal action
drawn for the whole batch at once (a random number per action, masked, arg max); ``random`` agents
play the other seats between the learner's steps, and finished games are reset within the step.
Each figure runs for about ``--seconds`` of this process's CPU time (``time.process_time``), after
one reset. Columns:

- ``single env``: ``boardwright.rl.gymnasium_env`` (``step`` + ``reset`` at the end of a game);
- ``SyncVectorEnv N``: ``gymnasium.make_vec(..., vectorization_mode="sync")`` of N single envs;
- ``vector N``: ``boardwright.rl.vector_env(game, N)``;
- ``row by row 64``: the same with each env's observation written by its own ``observe_into`` and
  its mask by its own assignment, instead of one count and one assignment over the batch.

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

import boardwright as bw
import boardwright.rl
from boardwright.rl.vector import BoardwrightVectorEnv


def players_of(game_id: str) -> int:
    return max(2, bw.load(game_id).min_players)


def choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of ``masks``, drawn for the batch at once."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def timed(seconds: float, step_once) -> float:
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += step_once()
    return steps / (time.process_time() - start)


def single(game_id: str, seconds: float) -> float:
    env = boardwright.rl.gymnasium_env(game_id, players=players_of(game_id), opponents="random")
    rng = np.random.default_rng(1)
    observation, _ = env.reset(seed=1)
    held = [observation]

    def once() -> int:
        observation, _, terminated, truncated, _ = env.step(int(choose(held[0]["action_mask"][None], rng)[0]))
        if terminated or truncated:
            observation, _ = env.reset()
        held[0] = observation
        return 1

    return timed(seconds, once)


def batched(envs, seconds: float) -> float:
    rng = np.random.default_rng(1)
    observations, _ = envs.reset(seed=1)
    held = [observations]

    def once() -> int:
        held[0] = envs.step(choose(held[0]["action_mask"], rng))[0]
        return envs.num_envs

    return timed(seconds, once)


class RowByRow(BoardwrightVectorEnv):
    """The batched env writing each observation with its own ``observe_into`` (for comparison)."""

    def _observe_all(self) -> None:
        self._observe_rows(range(self.num_envs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: every game)")
    parser.add_argument("--envs", default="1,8,64", help="batch sizes, comma-separated (default 1,8,64)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure (default 2)")
    args = parser.parse_args()
    sizes = [int(n) for n in args.envs.split(",")]
    warnings.simplefilter("ignore")
    import gymnasium

    head = ["game", "single env", "SyncVectorEnv 8", *(f"vector {n}" for n in sizes), "row by row 64"]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))
    for game_id in args.game or bw.games():
        players = players_of(game_id)
        row = [f"{bw.load(game_id).name} {players}p", single(game_id, args.seconds)]
        sync = gymnasium.make_vec(boardwright.rl.gymnasium_id(game_id), num_envs=8, vectorization_mode="sync",
                                  players=players, opponents="random")
        row.append(batched(sync, args.seconds))
        sync.close()
        for n in sizes:
            row.append(batched(boardwright.rl.vector_env(game_id, n, players=players, opponents="random"),
                               args.seconds))
        row.append(batched(RowByRow(game_id, 64, players=players, opponents="random"), args.seconds))
        print("| " + " | ".join([row[0], *(f"{x:,.0f}" for x in row[1:])]) + " |", flush=True)


if __name__ == "__main__":
    main()
