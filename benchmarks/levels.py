"""The bot levels' calibration: a tournament of easy, medium, hard and expert per game, each level's
OpenSkill rating with its interval, as the Markdown rows of docs/agents.md's level table.

    python benchmarks/levels.py                                # every game, 200 games each
    python benchmarks/levels.py --game game-development -n 400 --jobs 2
    python benchmarks/levels.py --ladder --game gadgeteers -n 60   # neighbouring levels only
    python benchmarks/levels.py --search iterations=5 -n 8     # the searches cut short (a smoke run)
    python benchmarks/levels.py --hard iterations=100 --expert iterations=1000   # each its own cap

The four levels meet in the game's two-player games (Makers of Universe, which needs three, seats
three of them), seeds from ``--seed``. Without ``--ladder`` every seating of the levels is played
equally often. With ``--ladder`` only neighbouring levels meet (easy and medium, medium and hard,
hard and expert; in three-player games easy-medium-hard and medium-hard-expert), each group in every
seating in turn: the question is whether each level beats the one below, and the costly expert
then plays only the games that ask it. A level is clearly above the one below when their intervals
(mu +- 2 sigma) do not overlap: the last column says so.
"""

from __future__ import annotations

import argparse
import sys
import time

import boardwright as bw
from boardwright import agents
from boardwright.sim.runner import GameTask, game_seed, run_tasks
from boardwright.sim.tournament import lineups, standings, tournament_tasks

LEVELS = list(agents.LEVELS)


def ladder_tasks(game_id: str, specs: list[str], n: int, players: int, seed: int) -> list[GameTask]:
    """``n`` games in which only neighbouring levels meet: the groups of ``players`` levels in a
    row, each in every seating; game ``i`` takes group ``i mod groups`` and that group's seatings
    in turn, so the groups share the games evenly and every seating of a group is played as often."""
    groups = [lineups(specs[start:start + players], players) for start in range(len(specs) - players + 1)]
    tasks = []
    for i in range(n):
        seatings = groups[i % len(groups)]
        tasks.append(GameTask(i, game_id, seatings[(i // len(groups)) % len(seatings)], game_seed(seed, i)))
    return tasks


def progress_line(game_id: str, total: int, started: float):
    """A ``run_tasks`` progress callback that keeps one line on stderr up to date: the games
    played of ``total`` and the time so far."""
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        print(f"\r{game_id}: {done}/{total} games, {time.perf_counter() - started:,.0f} s",
              end="", file=sys.stderr, flush=True)
    return advance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    parser.add_argument("-n", type=int, default=200, help="games per game (default 200)")
    parser.add_argument("--search", help="parameters put over hard's and expert's own (e.g. iterations=5)")
    parser.add_argument("--hard", help="parameters put over hard's own (after --search)")
    parser.add_argument("--expert", help="parameters put over expert's own (after --search)")
    parser.add_argument("--ladder", action="store_true", help="only neighbouring levels meet")
    parser.add_argument("--seed", type=int, default=0, help="game i's seed derives from it (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    specs = []
    for level in LEVELS:
        extra = [args.search] if args.search and level in ("hard", "expert") else []
        extra += [own] if (own := getattr(args, level, None)) and level in ("hard", "expert") else []
        specs.append(f"{level}:{','.join(extra)}" if extra else level)
    print("| game | level | plays as | rating (mu ± 2 sigma) | win rate | games | above the level below |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        players = max(2, game.min_players)
        started = time.perf_counter()
        tasks = (ladder_tasks(game_id, specs, args.n, players, args.seed) if args.ladder
                 else tournament_tasks(game_id, specs, args.n, players, args.seed)[1])
        for spec in specs:  # a spec the game refuses fails now, not in the middle of the run
            agents.check(spec, game)
        results = run_tasks(tasks, jobs=args.jobs, progress=progress_line(game_id, len(tasks), started))
        print(file=sys.stderr)
        standing = {entry.agent: entry for entry in standings(specs, results)}
        below = None
        for spec in specs:
            entry = standing[spec]
            low, high = entry.rating_mu - 2 * entry.rating_sigma, entry.rating_mu + 2 * entry.rating_sigma
            apart = "—" if below is None else "yes" if low > below else "no"
            print(f"| {game.name} | `{spec}` | `{agents.resolve(spec, game)}` | {entry.rating_mu:.1f} "
                  f"[{low:.1f}–{high:.1f}] | {entry.win_rate:.1%} | {entry.games} | {apart} |")
            below = high
        kind = "ladder" if args.ladder else "round robin"
        print(f"<!-- {game_id}: {args.n} games of {players} players ({kind}), seed {args.seed}, "
              f"{time.perf_counter() - started:,.0f} s, {time.process_time():,.0f} s CPU -->", flush=True)


if __name__ == "__main__":
    main()
