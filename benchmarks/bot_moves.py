"""Bot moves per second on one table as its log grows, through the server's bot workers.

    python benchmarks/bot_moves.py                        # Makers of Universe, 5 players, a random bot
    python benchmarks/bot_moves.py --spec heuristic --marks 0,5000,14000

It drives :class:`boardwright.web.bots.Bots` directly (no HTTP, no database), as the server does:
a long random game (Makers of Universe with ``max_rounds=500`` and ``target=60``, which random
play takes to about 15,000 actions) is played up to each mark, then the bot plays ``--moves`` moves
of it in a row, each sent to a worker with the table's changes, and the rate is moves over wall
time (the first move after the random ones, which sends them all, is not timed). A worker keeps
each table's state, so a move ships only the changes since the last one: the rate should not
fall with the log's length (when each move shipped the whole log, it fell from about 2,000
moves/s to 22 at 14,000 actions).
"""

from __future__ import annotations

import argparse
import asyncio
import time

import boardwright as bw
from boardwright.engine import Stream
from boardwright.web.bots import Bots, Move
from boardwright.web.storage import Row


async def measure(spec: str, marks: list[int], moves: int) -> None:
    bots = Bots(1)
    state = bw.load("makers-of-universe").new(5, 7, {"max_rounds": 500, "target": 60}, events=False)
    rows: list[Row] = []
    rng = Stream(3)

    def play(seat: int, text: str) -> None:
        state.apply(seat, text)
        rows.append(Row(len(rows) + 1, seat, "act", text))

    async def bot_move(seed: int) -> None:
        seat = state.to_act[0]
        play(seat, await bots.move(Move("bench", "", state, rows, len(rows), seat, spec, seed, 10.0)) or "")

    try:
        await bot_move(0)  # the worker starts
        for mark in marks:
            while len(rows) < mark and not state.is_over:
                seat = state.to_act[0]
                actions = state.legal_actions(seat)
                play(seat, str(actions[rng.below(len(actions))]))
            if state.is_over:
                print(f"the game ended at {len(rows)} actions")
                break
            await bot_move(0)  # the worker catches up with the random moves (not timed)
            started, done = time.perf_counter(), 0
            while done < moves and not state.is_over:
                await bot_move(done)
                done += 1
            print(f"{len(rows):6d} actions: {done / (time.perf_counter() - started):8.1f} moves/s", flush=True)
    finally:
        await bots.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spec", default="random", help="the bot (default random: the cost of the move's trip)")
    parser.add_argument("--marks", default="0,1000,2000,5000,10000,14000",
                        help="log lengths at which to measure (default 0,1000,2000,5000,10000,14000)")
    parser.add_argument("--moves", type=int, default=60, help="bot moves per mark (default 60)")
    args = parser.parse_args()
    asyncio.run(measure(args.spec, [int(mark) for mark in args.marks.split(",")], args.moves))


if __name__ == "__main__":
    main()
