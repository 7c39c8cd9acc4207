"""ISMCTS speed: search iterations per second for each game, on one core.

    python benchmarks/ismcts.py                       # every game, 2 players (or the minimum)
    python benchmarks/ismcts.py --game gadgeteers --iterations 5000 --positions 8
    python benchmarks/ismcts.py --toy                 # also the test game "sealed-sums"
    python benchmarks/ismcts.py --bias 5              # guided by the heuristic bot

Each figure is the mean over several positions of one random game (the opening and later
decisions): the agent searches a fixed number of iterations from each, and the rate is iterations
over the time spent choosing. One iteration = one determinization, a walk down the tree, a
rollout cut off after ``--depth`` decision points (the agent's default; 0: to the end) and the
backpropagation. The length of a whole random game is printed too: most of an iteration's cost is
the rollout, so without a cut-off the rate falls with the game's length. Times are this process's
CPU time, so other load on the machine does not count.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import boardwright as bw
from boardwright import agents
from boardwright.agents.ismcts import DEFAULT_DEPTH
from boardwright.engine import State, Stream


def positions(game_id: str, players: int, count: int, seed: int = 1) -> list[State]:
    """``count`` positions spread over one random game: the opening, then every few decisions."""
    game = bw.load(game_id)
    rng = Stream(seed)
    state = game.new(players=players, seed=seed)
    history = [state.clone()]
    while not state.is_over:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        if not state.is_over:
            history.append(state.clone())
    # Keep positions with a real choice, spread evenly through the game.
    choosing = [s for s in history if len(s.legal_actions(s.to_act[0])) > 1]
    step = max(1, len(choosing) // count)
    return choosing[::step][:count]


def measure(game_id: str, players: int, iterations: int, count: int, rollout: str,
            depth: int, bias: float = 0.0) -> tuple[float, float, int]:
    """(iterations per second, mean rollout decisions per iteration, positions searched)."""
    spent = 0.0
    done = 0
    searched = positions(game_id, players, count)
    for index, state in enumerate(searched):
        agent = agents.make("ismcts", iterations=iterations, rollout=rollout, depth=depth, bias=bias,
                            seed=index)
        seat = state.to_act[0]
        start = time.process_time()
        agent.choose(state, seat)
        spent += time.process_time() - start
        done += agent.last_iterations  # type: ignore[attr-defined]
    return done / spent if spent else 0.0, random_game_length(game_id, players), len(searched)


def random_game_length(game_id: str, players: int, games: int = 20) -> float:
    """The mean number of decisions of a whole random game."""
    game = bw.load(game_id)
    rng = Stream(7)
    total = 0
    for seed in range(games):
        state = game.new(players=players, seed=seed)
        count = 0
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            count += 1
        total += count
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    parser.add_argument("--players", type=int, help="player count (default: 2, or the game's minimum)")
    parser.add_argument("--iterations", type=int, default=2000, help="iterations per search (default 2000)")
    parser.add_argument("--positions", type=int, default=5, help="positions per game (default 5)")
    parser.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"rollout cut-off in decision points (default {DEFAULT_DEPTH}; 0: to the end)")
    parser.add_argument("--bias", type=float, default=0.0,
                        help="guidance by the heuristic bot (default 0: unguided; it costs a bot call per node)")
    parser.add_argument("--toy", action="store_true", help="include the test game sealed-sums")
    args = parser.parse_args()
    game_ids = list(args.game or bw.games())
    if args.toy:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        __import__("toygame")
        game_ids.append("sealed-sums")
    for game_id in game_ids:
        game = bw.load(game_id)
        players = args.players or max(2, game.min_players)
        if args.bias and not game.bot:
            print(f"{game_id:20s} has no heuristic bot to guide the search: skipped")
            continue
        rate, length, searched = measure(game_id, players, args.iterations, args.positions, args.rollout,
                                         args.depth, args.bias)
        print(f"{game_id:20s} {players}p  {rate:10,.0f} iterations/s  "
              f"(rollout {args.rollout}, depth {args.depth or 'end'}, bias {args.bias:g}; "
              f"a random game: {length:.0f} decisions; "
              f"{args.iterations} iterations x {searched} positions)")


if __name__ == "__main__":
    main()
