"""ISMCTS strength: the search at a fixed time per decision against each game's heuristic bot.

    python benchmarks/strength.py                              # every game, 1 s a decision, 100 games
    python benchmarks/strength.py --game gadgeteers --time 0.2 -n 30 --jobs 2
    python benchmarks/strength.py --search "ismcts:time=0.2,depth=40,rollout=heuristic"

Two-player games pit one ISMCTS seat against one heuristic bot; Makers of Universe (and any game
that needs more players) seats ISMCTS against heuristic bots in the other seats. The games are a
tournament (every seating equally often, seeds from ``--seed``), and the line printed per game is
ISMCTS's win rate with its 95% Wilson interval; an even game would be 1/players.
"""

from __future__ import annotations

import argparse
import time

import boardwright as bw
from boardwright.sim.tournament import run_tournament

#: games measured with more than two players: the search against two heuristic bots
THREE_PLAYERS = {"makers-of-universe": 3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all with a bot)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per decision (default 1)")
    parser.add_argument("--search", help="the full ISMCTS spec instead (e.g. ismcts:time=0.5,depth=40)")
    parser.add_argument("-n", type=int, default=100, help="games per game (default 100)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    args = parser.parse_args()
    search = args.search or f"ismcts:time={args.time:g}"
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        if not game.bot:
            print(f"{game_id:20s} has no heuristic bot: skipped")
            continue
        players = max(THREE_PLAYERS.get(game_id, 2), game.min_players)
        seats = [search] + ["heuristic"] * (players - 1)
        start = time.perf_counter()
        result = run_tournament(game_id, seats, args.n, players=players, seed=args.seed, jobs=args.jobs)
        elapsed = time.perf_counter() - start
        me = next(s for s in result.standings if s.agent == search)
        low, high = me.win_ci95
        print(f"{game_id:20s} {players}p  {search} vs heuristic: win rate {me.win_rate:6.1%} "
              f"[95% {low:6.1%} – {high:6.1%}] over {me.games} games "
              f"(even: {1 / players:.0%}; mean rank {me.mean_rank:.2f}; {elapsed:,.0f} s)", flush=True)


if __name__ == "__main__":
    main()
