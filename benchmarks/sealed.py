"""Sealed decisions in search: does a seat gain from committing its sealed choice second?

    python benchmarks/sealed.py                      # every game with sealed decisions
    python benchmarks/sealed.py --game makers-of-universe -n 60 --iterations 200

Three figures per game (each game at the player count and options that give it sealed decisions):

1. **Order of commits, choice**: at sealed decisions met in games the heuristic bots play, the
   share of (decision, seat) where the search's choice (the same seed and iterations) differs
   between the seat choosing first and choosing last, the others having committed the heuristic
   bot's choices. A search that reads only what the seat may see never differs.
2. **Order of commits, outcome**: mirror matches of the search against itself, each seed played
   twice: once with a chosen seat committing last at every sealed decision, once committing first
   (seat ``seed mod players``). The chosen seat's mean win share when last minus when first, with
   a 95% interval over the paired seeds; a fair search shows 0.
3. **Makers of Universe's auctions**: at auctions met in games the heuristic bots play, every
   bidder's search bids, once with a chosen bidder committing last and once first: how often the
   chosen bidder wins each way (a fair search: the same); and in the mirror matches above, the
   share of auctions with a single highest bid that the seat committing last wins.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

import boardwright as bw
from boardwright import agents
from boardwright.engine.rng import derive_seed

#: (game, players, options) that meet sealed decisions in play
SEALED = [
    ("makers-of-universe", 3, {}),
    ("game-development", 3, {}),
    ("the-game-makers", 2, {"structures": "draft"}),
]


def choice_order(game_id: str, players: int, options: dict[str, Any], games: int, iterations: int) -> tuple[int, int]:
    """(decisions × seats whose choice depends on being first or last, decisions × seats checked)."""
    differ = checked = 0
    for seed in range(games):
        state = bw.load(game_id).new(players=players, seed=seed, options=options, events=False)
        bot = agents.make("heuristic", seed=seed)
        while not state.is_over:
            seats = state.to_act
            if len(seats) > 1:
                for seat in seats:
                    first = agents.make(f"ismcts:iterations={iterations}", seed=seed).choose(state, seat)
                    later = state.clone()
                    for other in seats:
                        if other != seat:
                            later.apply(other, bot.choose(later, other))
                    last = agents.make(f"ismcts:iterations={iterations}", seed=seed).choose(later, seat)
                    differ += str(first) != str(last)
                    checked += 1
            for seat in seats:
                state.apply(seat, bot.choose(state, seat))
    return differ, checked


def auctions(game_id: str, players: int, options: dict[str, Any], count: int, iterations: int) -> tuple[int, int, int]:
    """At ``count`` auctions met in games the heuristic bots play, every bidder's search bids once
    with a chosen bidder committing last and once committing first (the others in seat order):
    (decisions with one top bid either way, of them won by the chosen bidder last, ... first)."""
    decided = won_last = won_first = 0
    met = 0
    seed = 0
    while met < count:
        state = bw.load(game_id).new(players=players, seed=seed, options=options, events=False)
        bot = agents.make("heuristic", seed=seed)
        while not state.is_over and met < count:
            seats = state.to_act
            if len(seats) > 1 and all(str(a).startswith("bid ") for a in state.legal_actions(seats[0])):
                chosen = seats[met % len(seats)]
                outcome = []
                for last in (True, False):
                    order = sorted(seats, key=lambda seat: (seat == chosen) == last)
                    trial = state.clone()
                    bids = {}
                    for seat in order:
                        search = agents.make(f"ismcts:iterations={iterations}", seed=derive_seed(seed, f"{met}/{seat}"))
                        action = search.choose(trial, seat)
                        bids[seat] = int(str(action).split()[1])
                        trial.apply(seat, action)
                    top = max(bids.values())
                    outcome.append(None if sum(b == top for b in bids.values()) > 1 else bids[chosen] == top)
                if None not in outcome:
                    decided += 1
                    won_last += outcome[0]
                    won_first += outcome[1]
                met += 1
            for seat in seats:
                state.apply(seat, bot.choose(state, seat))
        seed += 1
    return decided, won_last, won_first


def mirror(game_id: str, players: int, options: dict[str, Any], seed: int, iterations: int,
           last: bool) -> tuple[float, int, int, float]:
    """One mirror match in which seat ``seed mod players`` commits last (or first) at every sealed
    decision: (its win share, auctions with one top bid, of those won by the last to commit, the
    number of those a bidder picked at random would win)."""
    chosen = seed % players
    state = bw.load(game_id).new(players=players, seed=seed, options=options, events=False)
    seats = [agents.make(f"ismcts:iterations={iterations}", seed=derive_seed(seed, f"seat/{seat}"))
             for seat in range(players)]
    auctions = won = 0
    fair = 0.0
    while not state.is_over:
        owing = list(state.to_act)
        if len(owing) > 1:
            owing.sort(key=lambda seat: (seat == chosen) == last)
            choices = {}
            for seat in owing:
                choices[seat] = action = seats[seat].choose(state, seat)
                state.apply(seat, action)
            bids = {seat: int(str(action).split()[1]) for seat, action in choices.items()
                    if str(action).startswith("bid ")}
            if len(bids) == len(choices):
                top = max(bids.values())
                if sum(bid == top for bid in bids.values()) == 1:
                    auctions += 1
                    won += bids[owing[-1]] == top
                    fair += 1 / len(bids)
        else:
            seat = owing[0]
            state.apply(seat, seats[seat].choose(state, seat))
    winners = state.winners()
    return (1 / len(winners) if chosen in winners else 0.0), auctions, won, fair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: every game above)")
    parser.add_argument("-n", type=int, default=40, help="paired mirror matches per game (default 40)")
    parser.add_argument("--positions", type=int, default=3,
                        help="heuristic games whose sealed decisions are checked (default 3)")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per decision (default 100)")
    parser.add_argument("--auctions", type=int, default=60,
                        help="Makers of Universe's auctions bid in both orders (default 60; 0 skips)")
    parser.add_argument("--auction-iterations", type=int, default=500,
                        help="search iterations per bid there (default 500)")
    args = parser.parse_args()
    for game_id, players, options in SEALED:
        if args.game and game_id not in args.game:
            continue
        started = time.perf_counter()
        differ, checked = choice_order(game_id, players, options, args.positions, args.iterations)
        if checked:
            print(f"{game_id} {players}p: the choice depends on the order of commits at {differ} of {checked} "
                  f"sealed choices ({differ / checked:.0%})", flush=True)
        if args.auctions and game_id == "makers-of-universe":
            decided, won_last, won_first = auctions(game_id, players, options, args.auctions, args.auction_iterations)
            print(f"{game_id} {players}p: at {decided} auctions (one top bid whichever order), a bidder searching "
                  f"{args.auction_iterations} iterations won {won_last} committing last and {won_first} committing "
                  f"first ({won_last / max(decided, 1):.0%} against {won_first / max(decided, 1):.0%})", flush=True)
        gains, auctions_met, won, fair = [], 0, 0, 0.0
        for seed in range(args.n):
            for last in (True, False):
                share, held, taken, chance = mirror(game_id, players, options, seed, args.iterations, last)
                gains.append(share if last else -share)
                auctions_met, won, fair = auctions_met + held, won + taken, fair + chance
        gains = [gains[i] + gains[i + 1] for i in range(0, len(gains), 2)]
        if gains:
            mean = statistics.fmean(gains)
            half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.nan
            print(f"{game_id} {players}p: committing last rather than first changes a seat's win share by "
                  f"{mean:+.3f} [95% {mean - half:+.3f} – {mean + half:+.3f}] over {len(gains)} paired mirror "
                  f"matches of ismcts:iterations={args.iterations}", flush=True)
            if auctions_met:
                print(f"{game_id} {players}p: in those games the last to commit won {won} of {auctions_met} "
                      f"auctions with one top bid ({won / auctions_met:.0%}; a bidder drawn at random would win "
                      f"{fair / auctions_met:.0%})", flush=True)
        print(f"<!-- {game_id}: {time.perf_counter() - started:,.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
