"""Random-playout speed: decisions per second for each game and player count, on one core.

    python benchmarks/playouts.py                 # every game, every player count
    python benchmarks/playouts.py --game gadgeteers --seconds 5

A decision is one ``apply`` of a uniformly random legal action, through the public contract
(``to_act``, ``legal_actions``, ``apply``), exactly as a random rollout or the balance lab plays.
Each count is measured twice: as a forward model (``game.new(..., events=False)``, as batch runs,
learning and search samples play) and telling every event (as a table people watch). Times are
this process's CPU time, so other load on the machine does not count.
"""

from __future__ import annotations

import argparse
import time

import boardwright as bw
from boardwright.engine import Stream


def playouts(game_id: str, players: int, seconds: float, seed: int = 1,
             events: bool = False) -> tuple[int, int, float]:
    """Play random games for about ``seconds`` of CPU time: (games, decisions, CPU seconds)."""
    game = bw.load(game_id)
    rng = Stream(seed)
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new(players=players, seed=seed + games, events=events)
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else to_act[rng.below(len(to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            decisions += 1
        games += 1
    return games, decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    parser.add_argument("--players", type=int, action="append", help="player count (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and count")
    args = parser.parse_args()
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        counts = args.players or range(game.min_players, game.max_players + 1)
        for players in counts:
            games, decisions, elapsed = playouts(game_id, players, args.seconds)
            _, told, told_elapsed = playouts(game_id, players, args.seconds, events=True)
            print(f"{game_id:20s} {players}p  {decisions / elapsed:10,.0f} decisions/s  "
                  f"{games / elapsed:8,.1f} games/s  {decisions / max(games, 1):7.1f} decisions/game  "
                  f"with events {told / told_elapsed:8,.0f}/s")


if __name__ == "__main__":
    main()
