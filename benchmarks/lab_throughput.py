"""Balance-lab throughput: games per second on 1 and 2 local worker processes and on a local Ray
with 2 CPUs, and the scaling from 1 to 2 workers.

    python benchmarks/lab_throughput.py                       # Game Development, 3 heuristic seats
    python benchmarks/lab_throughput.py --game gadgeteers --players 2 -n 400
    python benchmarks/lab_throughput.py --events              # also: what telling events costs
    python benchmarks/lab_throughput.py --game gadgeteers --players 2 --seats heuristic -n 200 \
        --seats ismcts:iterations=20 --search-n 8          # bots, then a short search, in every seat

Each figure is wall-clock: the games of a lab study (``boardwright.sim.lab``: the lab's hooks
read, results collected in the parent) from the first task sent to the last result back; the
report itself is not included. Ray's start (seconds) is timed apart, and a few games are played
before the clock starts so its workers have imported the package. On a machine with other load
the figures drop; run it on an idle one. ``--events`` times one process playing the same games
with events told and not told (CPU time), the cost the lab avoids for games whose hooks read the
final state.
"""

from __future__ import annotations

import argparse
import os
import time

import boardwright as bw
from boardwright import agents
from boardwright.sim.lab import Plan, Version, backends
from boardwright.sim.runner import agent_seed, game_seed


def plan(game: str, players: int, n: int, seats: str, seed: int = 0) -> Plan:
    return Plan(game, (players,), {players: (seats,) * players}, n, seed, (Version("A"),))


def throughput(study: Plan, backend: str, jobs: int) -> float:
    """Games per second of wall-clock time."""
    start = time.perf_counter()
    games = backends.run(study.tasks(), backend, jobs)
    elapsed = time.perf_counter() - start
    assert len(games) == study.total
    return study.total / elapsed


def events_cost(game_id: str, players: int, n: int, seats: str) -> tuple[float, float]:
    """CPU seconds per game playing ``n`` games with events off and on (same games)."""
    game = bw.load(game_id)
    spent = []
    for events in (False, True):
        start = time.process_time()
        for i in range(n):
            seed = game_seed(0, i)
            state = game.new(players=players, seed=seed, events=events)
            bots = [agents.make(seats, seed=agent_seed(seed, seat)) for seat in range(players)]
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, bots[seat].choose(state, seat))
        spent.append((time.process_time() - start) / n)
    return spent[0], spent[1]


def measure(game: str, players: int, n: int, seats: str, ray: bool) -> None:
    """Print the games per second of ``seats`` in every seat on 1 and 2 processes and on Ray."""
    study = plan(game, players, n, seats)
    print(f"{game}, {players} players, {seats} in every seat, {n} games per figure; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} before the first run")
    one = throughput(study, "process", 1)
    print(f"process, 1 job:   {one:8.2f} games/s")
    two = throughput(study, "process", 2)
    print(f"process, 2 jobs:  {two:8.2f} games/s")
    print(f"scaling 1 -> 2 jobs: x{two / one:.2f}")
    if not ray:
        return
    start = time.perf_counter()
    backends.start_ray(2)
    print(f"ray start:        {time.perf_counter() - start:8.1f} s")
    import ray as ray_module

    try:
        throughput(plan(game, players, 2, seats, seed=1), "ray", 2)  # warm the workers
        on_ray = throughput(study, "ray", 2)
    finally:
        ray_module.shutdown()
    print(f"ray, 2 CPUs:      {on_ray:8.2f} games/s (x{on_ray / one:.2f} of 1 job)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="game-development")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seats", action="append", help="the agent in every seat (default heuristic); repeat "
                                                         "to measure several agents in turn")
    parser.add_argument("-n", type=int, default=600, help="games per measurement (default 600)")
    parser.add_argument("--search-n", type=int, default=8, help="games per measurement for a search agent, whose "
                                                                "games take seconds (default 8)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--events", action="store_true", help="also time events told against not told, per game")
    args = parser.parse_args()
    for seats in args.seats or ["heuristic"]:
        n = args.search_n if seats.partition(":")[0] == "ismcts" else args.n
        measure(args.game, args.players, n, seats, ray=not args.no_ray)
    if args.events:
        for game_id in bw.games():
            game = bw.load(game_id)
            players = max(game.min_players, min(args.players, game.max_players))
            off, on = events_cost(game_id, players, max(4, args.n // 20), (args.seats or ["heuristic"])[0])
            used = "on" if game.lab_needs_events else "off"
            print(f"events {game_id:20s} {players} players: {1000 * off:7.1f} ms/game without, "
                  f"{1000 * on:7.1f} ms with ({100 * (on / off - 1):+.0f}%); the lab plays it with events {used}")


if __name__ == "__main__":
    main()
