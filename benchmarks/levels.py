"""The bot levels' calibration: a tournament of easy, medium, hard and expert per game, each level's
OpenSkill rating with its interval, as the Markdown rows of docs/agents.md's level table.

    python benchmarks/levels.py                                # every game, 200 games each
    python benchmarks/levels.py --game game-development -n 400 --jobs 2
    python benchmarks/levels.py --search iterations=5 -n 8     # the searches cut short (a smoke run)

The four levels meet in the game's two-player games (Makers of Universe, which needs three, seats
three of them), every seating equally often, seeds from ``--seed``. A level is clearly above the
one below when their intervals (mu +- 2 sigma) do not overlap: the last column says so.
"""

from __future__ import annotations

import argparse
import time

import boardwright as bw
from boardwright import agents
from boardwright.sim.tournament import run_tournament

LEVELS = list(agents.LEVELS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    parser.add_argument("-n", type=int, default=200, help="games per game (default 200)")
    parser.add_argument("--search", help="parameters put over hard's and expert's own (e.g. iterations=5)")
    parser.add_argument("--seed", type=int, default=0, help="game i's seed derives from it (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    specs = [f"{level}:{args.search}" if args.search and level in ("hard", "expert") else level for level in LEVELS]
    print("| game | level | plays as | rating (mu ± 2 sigma) | win rate | games | above the level below |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        players = max(2, game.min_players)
        started = time.perf_counter()
        result = run_tournament(game_id, specs, args.n, players, args.seed, jobs=args.jobs)
        standing = {entry.agent: entry for entry in result.standings}
        below = None
        for spec in specs:
            entry = standing[spec]
            low, high = entry.rating_mu - 2 * entry.rating_sigma, entry.rating_mu + 2 * entry.rating_sigma
            apart = "—" if below is None else "yes" if low > below else "no"
            print(f"| {game.name} | `{spec}` | `{agents.resolve(spec, game)}` | {entry.rating_mu:.1f} "
                  f"[{low:.1f}–{high:.1f}] | {entry.win_rate:.1%} | {entry.games} | {apart} |")
            below = high
        print(f"<!-- {game_id}: {args.n} games of {players} players, {time.perf_counter() - started:,.0f} s -->")


if __name__ == "__main__":
    main()
