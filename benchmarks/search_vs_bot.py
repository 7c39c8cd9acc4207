"""Where the search and the heuristic bot part ways: from positions of the bot's own games, how
often the search picks the bot's action, per phase of the game.

    python benchmarks/search_vs_bot.py --game makers-of-universe --players 3 --games 3
    python benchmarks/search_vs_bot.py --game game-development --search ismcts:iterations=500

Every seat is the heuristic bot, so the games are the bot's; at every ``--every``-th decision of
seat 0 that has a choice, the search (``--search``, seeded per game) chooses too, from the same
state, and its choice is compared with the bot's (the bot's is played). The phase is the view's
``phase`` where the game names one. A few disagreements per phase are printed as examples.
"""

from __future__ import annotations

import argparse
import collections

import boardwright as bw
from boardwright import agents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="game id")
    parser.add_argument("--players", type=int, help="player count (default: 2, or the game's minimum)")
    parser.add_argument("--search", default="ismcts:iterations=200", help="the search (default ismcts:iterations=200)")
    parser.add_argument("--games", type=int, default=3, help="bot games (default 3)")
    parser.add_argument("--every", type=int, default=2, help="compare every n-th decision of seat 0 (default 2)")
    parser.add_argument("--examples", type=int, default=3, help="disagreements printed per phase (default 3)")
    parser.add_argument("--seed", type=int, default=100, help="the first game's seed (default 100)")
    args = parser.parse_args()
    game = bw.load(args.game)
    players = args.players or max(2, game.min_players)
    agree: collections.Counter[str] = collections.Counter()
    asked: collections.Counter[str] = collections.Counter()
    for number in range(args.games):
        state = game.new(players=players, seed=args.seed + number)
        bots = [agents.make("heuristic", seed=seat) for seat in range(players)]
        search = agents.make(args.search, seed=number)
        step = 0
        while not state.is_over:
            for seat in list(state.to_act):
                bot = bots[seat].choose(state, seat)
                if seat == 0 and len(state.legal_actions(seat)) > 1:
                    if step % args.every == 0:
                        phase = str(state.view(seat).get("phase", "?"))
                        chosen = search.choose(state, seat)
                        asked[phase] += 1
                        same = str(chosen) == str(bot)
                        agree[phase] += same
                        if not same and asked[phase] - agree[phase] <= args.examples:
                            print(f"  {phase}: bot {bot} | search {chosen}")
                    step += 1
                state.apply(seat, bot)
    print(f"{args.game}, {players} players, {args.search}, {args.games} bot games:")
    for phase, count in asked.most_common():
        print(f"  {phase:28s} the search chose the bot's action {agree[phase]:4d} of {count:4d} times")


if __name__ == "__main__":
    main()
