"""How long games of The Game Makers last, in turns: the measurement behind the default
``max_turns`` (docs/games/the-game-makers.md, TGM-25).

    python benchmarks/game_makers_length.py                          # 1,000 random, 100 heuristic
    python benchmarks/game_makers_length.py --random 200 --heuristic 20 --players 6

For each player count, random agents and heuristic bots play games seeded 0, 1, 2, ... with the
default options, except that ``max_turns`` is set to its maximum so that no game is cut short;
each agent is seeded as the balance lab seeds that seat. Prints the median, 99th percentile and
longest of the games that ended by a full Display Case (M9), in turns, and how many never ended
that way (they reach the turn limit: the dead end of TGM-25).
"""

from __future__ import annotations

import argparse
import statistics
import time

import boardwright as bw
from boardwright import agents
from boardwright.sim.runner import agent_seed


def lengths(agent: str, players: int, games: int) -> tuple[list[int], int]:
    """The turn on which each game that ended by a full Display Case (M9) ended, and how many
    games did not end so (they reached the turn limit: a dead end, TGM-25)."""
    game = bw.load("the-game-makers")
    longest_allowed = int(game.option("max_turns").maximum or 0)
    turns, stuck = [], 0
    for seed in range(games):
        state = game.new(players=players, seed=seed, options={"max_turns": longest_allowed})
        seats = [agents.make(agent, seed=agent_seed(seed, s)) for s in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, seats[seat].choose(state, seat))
        if state.end_turn:  # type: ignore[attr-defined]
            turns.append(state.turn)  # type: ignore[attr-defined]
        else:
            stuck += 1
    return turns, stuck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random", type=int, default=1000, help="random games per player count")
    parser.add_argument("--heuristic", type=int, default=100, help="heuristic games per player count")
    parser.add_argument("--players", type=int, action="append", help="player count (default: 1-6)")
    args = parser.parse_args()
    longest = 0
    for players in args.players or range(1, 7):
        for agent, games in (("random", args.random), ("heuristic", args.heuristic)):
            if games <= 0:
                continue
            start = time.perf_counter()
            turns, stuck = lengths(agent, players, games)
            elapsed = time.perf_counter() - start
            if not turns:
                print(f"the-game-makers {players}p {agent:9s} {games:5d} games: none ended by a full "
                      f"Display Case ({elapsed:.0f} s)", flush=True)
                continue
            longest = max(longest, *turns)
            p99 = statistics.quantiles(turns, n=100)[98] if len(turns) > 1 else turns[0]
            print(f"the-game-makers {players}p {agent:9s} {games:5d} games: ended by a full Display Case: "
                  f"turns median {statistics.median(turns):5.1f}  p99 {p99:5.1f}  longest {max(turns):4d};  "
                  f"never ended {stuck}  ({elapsed:.0f} s)", flush=True)
    print(f"longest game ended by a full Display Case: {longest} turns")


if __name__ == "__main__":
    main()
