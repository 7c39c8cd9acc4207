"""boardwright's ISMCTS against OpenSpiel's ISMCTSBot, at equal time per move, on every game.

    python benchmarks/openspiel_ismcts.py --time 0.2 --games 100                 # all four games
    python benchmarks/openspiel_ismcts.py --game gadgeteers --time 1 --games 20 --jobs 2
    python benchmarks/openspiel_ismcts.py --report results/openspiel.jsonl        # the table only

Both agents play through the OpenSpiel adapter (``boardwright.rl.openspiel``): one seat is
boardwright's ``ismcts:time=T`` (its defaults: random rollouts cut off after 30 decisions and
judged by ``Game.evaluate``), every other seat OpenSpiel's ``open_spiel.python.algorithms.ismcts.
ISMCTSBot`` with its standard random-rollout evaluator (rollouts to the end of the game), UCT
c = 2, unlimited world samples, searching until the same time T is spent (a move with one legal
action is played at once by both; OpenSpiel's bot always runs at least two simulations, since its
first one only expands the root). boardwright's seat rotates over the seats from game to game;
game k is OpenSpiel deal k. Each finished game is appended to a JSON-lines file as it ends, so a
long run can be stopped and resumed (games already played are skipped; a game that stopped on an
error is recorded with its traceback, listed under the table until it is played again).

Printed per game and time: boardwright's win share (1/k for a k-way shared win) with its 95%
Wilson interval, the fair share 1/players, and the search iterations per second of both agents.
Use a quiet machine: the agents share its cores with nothing else (``--jobs`` at most the cores).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path

#: the player count each game is played at (its smallest multi-player count)
PLAYERS = {"gadgeteers": 2, "game-development": 2, "makers-of-universe": 3, "the-game-makers": 2}


def _openspiel_bot(game, seconds: float, seed: int):
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTSBot, searching for a time instead of a number of simulations."""

        def __init__(self) -> None:
            rng = np.random.RandomState(seed)
            super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 1, random_state=rng)
            self.iterations = 0
            self.thinking = 0.0

        def run_search(self, state):
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self.reset()
            start = time.perf_counter()
            deadline = start + seconds
            self._root_node = self.create_new_node(state)
            done = 0
            while done < 2 or time.perf_counter() < deadline:  # its first simulation only expands the root
                self.run_simulation(self.sample_root_state(state))
                done += 1
            self.iterations += done
            self.thinking += time.perf_counter() - start
            return self.get_final_policy(state, self._root_node)

    del pyspiel
    return TimedISMCTSBot()


def play_one(task: tuple[str, int, float, int]) -> dict:
    """Play game number ``index`` of ``game_id``: boardwright's ISMCTS in seat ``index % players``.

    A game that raises is recorded with its traceback under ``error`` (and left out of the table)
    so that one failure does not lose the other games; a resumed run plays it again.
    """
    try:
        return _play(*task)
    except Exception:  # a worker's traceback would be lost on the way back
        import traceback

        game_id, index, seconds, seed = task
        return {"game": game_id, "index": index, "time": seconds, "seed": seed, "error": traceback.format_exc()}


def _play(game_id: str, index: int, seconds: float, seed: int) -> dict:
    import pyspiel

    import boardwright.agents
    from boardwright.rl import openspiel

    openspiel.register([game_id])
    players = PLAYERS[game_id]
    game = pyspiel.load_game(openspiel.spiel_name(game_id), {"players": players, "seed": seed})
    ours = index % players
    agent = boardwright.agents.make(f"ismcts:time={seconds}", seed=seed * 100_003 + index)
    theirs = _openspiel_bot(game, seconds, seed * 100_003 + index)
    state = game.new_initial_state()
    state.apply_deal(index)
    our_iterations = 0
    our_thinking = 0.0
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == ours:
            inner = state.inner
            if len(inner.legal_actions(seat)) > 1:
                start = time.perf_counter()
                chosen = agent.choose(inner, seat)
                our_thinking += time.perf_counter() - start
                our_iterations += agent.last_iterations
            else:
                chosen = inner.legal_actions(seat)[0]
            state.apply_action(state.get_game().action_index(str(chosen), seat))
        else:
            state.apply_action(theirs.step(state))
        decisions += 1
    returns = state.returns()
    return {"game": game_id, "index": index, "time": seconds, "seed": seed, "players": players,
            "seat": ours, "share": returns[ours], "decisions": decisions,
            "ours_iterations": our_iterations, "ours_thinking": round(our_thinking, 3),
            "theirs_iterations": theirs.iterations, "theirs_thinking": round(theirs.thinking, 3)}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (shares count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def which(row: dict) -> str:
    """One game of a results file, as the report and the progress lines name it."""
    return f"{row['game']} game {row['index']} at {row['time']:g} s (seed {row['seed']})"


def key(row: dict) -> tuple:
    """What names one game of a results file: the game, its index, the time per move and the seed."""
    return row["game"], row["index"], row["time"], row["seed"]


def split(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """The games played, and the games that stopped on an error and were not played since."""
    played = [r for r in rows if "error" not in r]
    keys = {key(r) for r in played}
    return played, [r for r in rows if "error" in r and key(r) not in keys]


def report(rows: list[dict]) -> str:
    """A Markdown table: one line per game and time per move."""
    lines = ["| game | players | time/move | games | boardwright wins (95% CI) | fair share | "
             "boardwright it/s | OpenSpiel it/s |",
             "|---|---:|---:|---:|---|---:|---:|---:|"]
    rows, failed = split(rows)
    keys = sorted({(r["game"], r["time"]) for r in rows}, key=lambda k: (k[1], k[0]))
    for game_id, seconds in keys:
        group = [r for r in rows if r["game"] == game_id and r["time"] == seconds]
        n = len(group)
        wins = sum(r["share"] for r in group)
        low, high = wilson(wins, n)
        ours = sum(r["ours_iterations"] for r in group) / max(1e-9, sum(r["ours_thinking"] for r in group))
        theirs = sum(r["theirs_iterations"] for r in group) / max(1e-9, sum(r["theirs_thinking"] for r in group))
        players = group[0]["players"]
        lines.append(f"| {game_id} | {players} | {seconds:g} s | {n} | {wins / n:.0%} ({low:.0%}–{high:.0%}) | "
                     f"{1 / players:.0%} | {ours:,.0f} | {theirs:,.0f} |")
    for r in failed:
        lines.append(f"\nnot counted: {which(r)} stopped: {r['error'].strip().splitlines()[-1]}")
    return "\n".join(lines)


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS), help="a game (default: all four)")
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move for both agents")
    parser.add_argument("--games", type=int, default=100, help="games per game id")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (at most the cores)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/openspiel_ismcts.jsonl"))
    parser.add_argument("--report", type=Path, help="print the table of a results file and stop")
    args = parser.parse_args(argv)
    if args.report:
        print(report(load(args.report)))
        return 0
    if not 1 <= args.jobs <= (os.cpu_count() or 1):
        parser.error(f"--jobs is 1 to {os.cpu_count()} (the cores), not {args.jobs}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = {key(r) for r in split(load(args.out))[0]}
    tasks = [(g, k, args.time, args.seed) for k in range(args.games) for g in (args.game or sorted(PLAYERS))
             if (g, k, args.time, args.seed) not in done]
    print(f"{len(tasks)} games to play ({len(done)} already in {args.out})", file=sys.stderr)
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs) as pool, args.out.open("a") as out:
        for count, row in enumerate(pool.imap_unordered(play_one, tasks), 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if "error" in row:
                print(f"\n{which(row)} stopped:\n{row['error']}", file=sys.stderr)
            elapsed = time.perf_counter() - started
            print(f"\r{count}/{len(tasks)} games, {elapsed / 60:.1f} min", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(report([r for r in load(args.out) if r["time"] == args.time and r["seed"] == args.seed]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
