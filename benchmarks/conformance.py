"""What the conformance kit covers, per game: games played, decisions, deeply checked states,
determinizations compared with the truth, canonical pairs (a sample of the truth and a sample of
that sample, identical for every seat), and the time taken.

    python benchmarks/conformance.py                  # the fast suite's cases (3 seeds, 20 states each)
    python benchmarks/conformance.py --slow           # the slow sweep's (8 seeds, every 4th state)
    python benchmarks/conformance.py --game gadgeteers --seeds 4

It runs the very cases the test suite runs (``tests/conformance.py``), on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from conformance import check_game

import boardwright as bw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    parser.add_argument("--slow", action="store_true", help="the slow sweep's cases")
    parser.add_argument("--seeds", type=int, help="seeds per player count (default: as the suite)")
    args = parser.parse_args()
    first, count = (3, 8) if args.slow else (0, 3)
    if args.seeds is not None:
        count = args.seeds
    sampling = {"every": 4} if args.slow else {"checks": 20}
    print(f"{'game':20s} {'games':>5s} {'decisions':>9s} {'states':>7s} {'samples':>8s} {'canonical':>9s} {'time':>7s}")
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        games = decisions = states = samples = pairs = 0
        start = time.perf_counter()
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(first, first + count):
                report = check_game(game, players, seed, **sampling)
                games += 1
                decisions += report.steps
                states += report.states_checked
                samples += report.determinizations
                pairs += report.canonical_pairs
        elapsed = time.perf_counter() - start
        print(f"{game_id:20s} {games:5d} {decisions:9,d} {states:7,d} {samples:8,d} {pairs:9,d} {elapsed:6.1f}s")


if __name__ == "__main__":
    main()
