"""What one ISMCTS iteration costs, at its dearest: the figures behind the server's bound on a search.

    python benchmarks/search_cost.py                     # every game, its fewest and most players
    python benchmarks/search_cost.py --game the-game-makers --seconds 2

The server refuses at creation a search bot whose iterations cannot fit in a move's time
(``boardwright.web.protocol.ITERATION_COST_MS``). Most of an iteration is its rollout, so its cost
grows with the rollout's depth (decision points before the cut-off; 0 plays to the end) and with
the rollout policy (the game's heuristic bot costs ten times a random move or more). This measures,
for every game at its fewest and most players, at the opening (where the most game is left to roll
out), the CPU milliseconds per iteration for each policy and depth, then the figures the bound
takes: per policy, the dearest fixed part (depth 1), the dearest cost per rollout decision (from
depth 1 to depth 100) and the dearest whole rollout (depth 0). Times are this process's CPU time,
so other load on the machine does not count. Last, the bound the server's figures give for each
policy and depth, and whether any measured cost is above them.
"""

from __future__ import annotations

import argparse
import time

import boardwright as bw
from boardwright import agents
from boardwright.engine import State, Stream
from boardwright.web.protocol import ITERATION_COST_MS, MAX_BOT_TIME, most_iterations, search_cost

DEPTHS = (1, 10, 30, 100, 0)


def opening(game: bw.Game, players: int, seed: int = 1) -> State:
    """The game's first position where the seat to act has a choice."""
    state = game.new(players=players, seed=seed, events=False)
    rng = Stream(seed)
    while len(state.legal_actions(state.to_act[0])) < 2:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    return state


def cost_ms(state: State, rollout: str, depth: int, seconds: float) -> float:
    """CPU milliseconds per iteration of a search of about ``seconds`` from ``state``."""
    agent = agents.make("ismcts", time=seconds, rollout=rollout, depth=depth, seed=1)
    start = time.process_time()
    agent.choose(state, state.to_act[0])
    return (time.process_time() - start) * 1000 / max(1, agent.last_iterations)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    parser.add_argument("--seconds", type=float, default=0.6, help="search time per figure (default 0.6)")
    args = parser.parse_args()
    dearest: dict[str, list[float]] = {rollout: [0.0, 0.0, 0.0] for rollout in ITERATION_COST_MS}
    measured: dict[tuple[str, int], float] = {}
    for game_id in args.game or bw.games():
        game = bw.load(game_id)
        for players in sorted({game.min_players, game.max_players}):
            state = opening(game, players)
            for rollout in ITERATION_COST_MS:
                costs = {depth: cost_ms(state, rollout, depth, args.seconds) for depth in DEPTHS}
                print(f"{game_id:20s} {players}p  {rollout:9s} "
                      + "  ".join(f"depth {depth or 'end'}: {costs[depth]:7.2f} ms" for depth in DEPTHS), flush=True)
                fixed, step, whole = dearest[rollout]
                dearest[rollout] = [max(fixed, costs[1]), max(step, (costs[100] - costs[1]) / 99),
                                    max(whole, costs[0])]
                for depth in DEPTHS:
                    measured[rollout, depth] = max(measured.get((rollout, depth), 0.0), costs[depth])
    print()
    for rollout, (fixed, step, whole) in dearest.items():
        print(f"dearest, {rollout} rollouts: fixed {fixed:.2f} ms, {step:.3f} ms per decision, "
              f"{whole:.1f} ms to the end (the server's figures: {ITERATION_COST_MS[rollout]})")
    print(f"\nthe server admits, in {MAX_BOT_TIME:g} s a move:")
    for (rollout, depth), worst in sorted(measured.items()):
        bound = most_iterations(rollout, depth, 0.0)
        over = "  ABOVE THE SERVER'S FIGURE" if worst > search_cost(rollout, depth, 0.0) * 1000 else ""
        print(f"  {rollout:9s} depth {depth or 'end':>3}: at most {bound:6d} iterations "
              f"(measured at most {worst:.2f} ms each: {bound * worst / 1000:.1f} s){over}")


if __name__ == "__main__":
    main()
