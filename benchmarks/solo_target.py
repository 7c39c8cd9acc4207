"""The Game Makers' default solo target (RULINGS M12): the heuristic bot's median solo score.

    python benchmarks/solo_target.py               # 1,000 solo games, seeds 0..999
    python benchmarks/solo_target.py --games 50    # a quick look

Game ``i`` is seeded ``i`` and played with the default options; its bot is seeded as the
balance lab seeds seat 0 of that game (``agent_seed(i, 0)``), so the figures are reproducible.
The bot does not look at the target, so the target option cannot change the scores. Prints the
median, the quartiles, the lowest and highest score and the time taken; the default
``solo_target`` is the median rounded to the nearest whole point, halves up
(docs/games/the-game-makers.md).
"""

from __future__ import annotations

import argparse
import statistics
import time

import boardwright as bw
from boardwright import agents
from boardwright.sim.runner import agent_seed


def solo_scores(games: int, first_seed: int = 0) -> list[int]:
    """The final score of each of ``games`` solo games played by the heuristic bot."""
    game = bw.load("the-game-makers")
    scores = []
    for seed in range(first_seed, first_seed + games):
        state = game.new(players=1, seed=seed)
        bot = agents.make("heuristic", seed=agent_seed(seed, 0))
        while not state.is_over:
            state.apply(0, bot.choose(state, 0))
        scores.append(int(state.scores()[0]))
    return scores


def target(median: float) -> int:
    """The median rounded to the nearest whole point (halves up), at least 1."""
    return max(1, int(median + 0.5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="solo games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args()
    start = time.perf_counter()
    scores = solo_scores(args.games, args.seed)
    elapsed = time.perf_counter() - start
    median = statistics.median(scores)
    low_quartile, _, high_quartile = statistics.quantiles(scores, n=4) if len(scores) > 1 else (median,) * 3
    last = args.seed + len(scores) - 1
    print(f"the-game-makers solo, heuristic bot, {len(scores)} games (seeds {args.seed}..{last})")
    print(f"median {median:g}  quartiles {low_quartile:g} / {high_quartile:g}  "
          f"min {min(scores)}  max {max(scores)}  mean {statistics.fmean(scores):.1f}")
    print(f"target (the median to the nearest point): {target(median)}  "
          f"won at that target: {sum(s >= target(median) for s in scores)} of {len(scores)}")
    print(f"time {elapsed:.1f} s ({elapsed / len(scores) * 1000:.0f} ms a game)")


if __name__ == "__main__":
    main()
