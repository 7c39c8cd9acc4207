"""The Makers of Universe heuristic bot against its former self, which bid everything it had.

    PYTHONPATH=. python benchmarks/mou_bot.py              # 240 games of each lineup at 3 players
    PYTHONPATH=. python benchmarks/mou_bot.py -n 60

Two lineups at 3 players, seats rotated (game ``i`` puts the odd bot out in seat ``i mod 3``):
one new bot against two old ones, and one old bot against two new ones. Each game has its own
seed and each bot a seed from it, so the output is the same on every run. A win shared by ``k``
seats counts ``1/k``; the interval is the 95% Wilson interval; an even bot would win 1/3.

``OldHeuristicBot`` below is the bot before it managed its UE (its bidding, Machine values and
draws); it lives only here.
"""

from __future__ import annotations

import argparse
import time

import boardwright as bw
from boardwright.engine import Action, Agent
from boardwright.games.makers_of_universe.bot import HeuristicBot
from boardwright.sim import wilson_interval


class OldHeuristicBot(HeuristicBot):
    """The heuristic bot as it was before it managed its UE (kept here only to compare): it bid
    about 2 + 2.5 x the Machine's value to it plus a quarter of its UE, and drew by the size of
    its hand only. Everything else it shares with the present bot."""

    name = "makers-of-universe-heuristic-old"

    def draw(self, view: dict, seat: int) -> str:
        hand = view["players"][seat]["hand_size"]
        return "draw 2 cards" if hand <= 2 else "draw 1 card and 1 UE" if hand <= 4 else "draw 2 UE"

    def bid(self, view: dict, seat: int, actions: list[Action]) -> Action:
        """Firm bids for what scores, a little noise so equal bots do not tie for ever, and a
        raise on each tied re-bid."""
        value = self.machine_value(view, seat, view["on_auction"])
        ue = len(actions) - 1
        if value <= 0:
            return actions[0]
        want = int(2 + 2.5 * value) + self.rng.below(3) + ue // 4
        if view["bid_round"] and view["last_bids"][seat] >= 0:
            want = max(want, view["last_bids"][seat] + 1 + self.rng.below(2))
        return actions[min(ue, want)]


def play(lone: type[Agent], pair: type[Agent], games: int, seed: int) -> tuple[float, list[float]]:
    """``games`` games of one ``lone`` bot against two ``pair`` bots: the lone bot's wins, and its
    wins by seat."""
    game = bw.load("makers-of-universe")
    wins = 0.0
    by_seat = [0.0, 0.0, 0.0]
    for i in range(games):
        where = i % 3
        game_seed = seed + i
        bots = [(lone if s == where else pair)(seed=game_seed * 10 + s) for s in range(3)]
        state = game.new(players=3, seed=game_seed, events=False)
        while not state.is_over:
            for s in state.to_act[:1]:
                state.apply(s, bots[s].choose(state, s))
        winners = state.winners()
        if where in winners:
            wins += 1 / len(winners)
            by_seat[where] += 1 / len(winners)
    return wins, by_seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=240, help="games per lineup (default 240)")
    parser.add_argument("--seed", type=int, default=20_000, help="first game seed (default 20000)")
    args = parser.parse_args()
    for label, lone, pair in (("new bot vs 2 old bots", HeuristicBot, OldHeuristicBot),
                              ("old bot vs 2 new bots", OldHeuristicBot, HeuristicBot)):
        start = time.perf_counter()
        wins, by_seat = play(lone, pair, args.n, args.seed)
        low, high = wilson_interval(wins, args.n)
        seats = ", ".join(f"seat {s} {w / max(1, len(range(s, args.n, 3))):.0%}" for s, w in enumerate(by_seat))
        print(f"{label}: the lone bot wins {wins / args.n:6.1%} [95% {low:6.1%} – {high:6.1%}] of {args.n} "
              f"games (even: 33%; by seat: {seats}; {time.perf_counter() - start:,.0f} s)", flush=True)


if __name__ == "__main__":
    main()
