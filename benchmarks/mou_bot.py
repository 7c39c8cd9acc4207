"""The Makers of Universe heuristic bot against its former self, which bid everything it had.

    PYTHONPATH=. python benchmarks/mou_bot.py              # 240 games of each lineup at 3 players
    PYTHONPATH=. python benchmarks/mou_bot.py -n 60

Two lineups at 3 players, seats rotated (game ``i`` puts the odd bot out in seat ``i mod 3``):
one new bot against two old ones, and one old bot against two new ones. Each game has its own
seed and each bot a seed from it, so the output is the same on every run. A win shared by ``k``
seats counts ``1/k``; the interval is the 95% Wilson interval; an even bot would win 1/3.

``OldHeuristicBot`` below is a copy of the bot before this change; it lives only here.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardwright as bw
from boardwright.engine import Action, Agent, State
from boardwright.games.makers_of_universe.bot import HeuristicBot
from boardwright.games.makers_of_universe.content import CONTENT_FILE, CREATURE, EVOLUTION, TRAP, Card, Machine, load
from boardwright.sim import wilson_interval

#: how much the bot likes to keep a card (lowest goes first when discarding)
_KEEP = {"evolution": 9, "destroy_machine": 8, "evolve": 7, "cancel_attack": 7, "gain_ue": 6,
         "guard_machines": 6, "fine": 5, "capture": 5, "lasting": 5, "stop": 4}
_TRAP_ORDER = ("fine", "capture", "lasting", "stop", "backfire")


class OldHeuristicBot(Agent):
    """The heuristic bot as it was before it managed its UE (kept here only to compare)."""

    name = "makers-of-universe-heuristic-old"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self.content_path: str | None = "?"
        self.cards: dict[str, Card] = {}
        self.machines: dict[str, Machine] = {}

    def read_cards(self, state: State) -> None:
        """The (public) card list of the game being played: the bundled one or the 'content' option."""
        path = state.options.get("content")
        if path != self.content_path:
            content = load(path or CONTENT_FILE)
            self.cards = {c.name: c for c in content.cards}
            self.machines = {m.name: m for m in content.machines}
            self.content_path = path

    # ---------------------------------------------------------------- helpers
    def keep_value(self, name: str) -> float:
        card = self.cards.get(name)
        if card is None:
            return 0.0
        if card.family == EVOLUTION:
            return 9.0
        return _KEEP.get(card.effect, _KEEP.get(card.defence, 3))

    def leader_order(self, view: dict, seat: int) -> list[int]:
        """Opponents, the most dangerous first (points, then machines)."""
        players = view["players"]
        others = [o for o in range(len(players)) if o != seat]
        return sorted(others, key=lambda o: (-players[o]["points"], -len(players[o]["machines"]), o))

    def machine_value(self, view: dict, seat: int, name: str) -> float:
        me = view["players"][seat]
        machine = self.machines[name]
        if machine.special == "palace":
            value = min(1.0, machine.points) if "Palace" in me["machines"] else float(machine.points)
        elif machine.special == "ravager_cannon":
            value = 0.0 if name in me["machines"] else 1.5
        else:
            value = float(machine.points)
        for card_name in me["hand"] or []:
            card = self.cards[card_name]
            if card.family == EVOLUTION and self.machine_for(card) == name \
                    and card_name not in me["evolutions"]:
                value += 2.0
                break
        return value

    def machine_for(self, card: Card) -> str:
        return next(n for n, m in self.machines.items() if m.id == card.machine)

    # ---------------------------------------------------------------- choosing
    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        self.read_cards(state)
        view = state.view(seat)
        by_text = {str(a): a for a in actions}
        phase = view["phase"]
        if phase == "bid":
            return self.bid(view, seat, actions)
        if phase == "draw":
            hand = view["players"][seat]["hand_size"]
            choice = "draw 2 cards" if hand <= 2 else "draw 1 card and 1 UE" if hand <= 4 else "draw 2 UE"
            return by_text[choice]
        if phase == "reaction window":
            return self.react(view, seat, actions)
        if phase == "choose a door to attack":
            return self.aim(view, seat, actions)
        if phase == "choose a card to hide":
            return self.hide(actions)
        if phase in ("exchange", "discard half"):
            return min(actions, key=lambda a: self.keep_value(str(a).split(" ", 1)[1].replace("up ", "", 1)))
        if phase == "creature effect":
            return self.effect_choice(view, seat, actions)
        if phase == "actions":
            return self.main(view, seat, actions)
        return actions[0]  # which doors a purchase activates: the first ones

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

    def react(self, view: dict, seat: int, actions: list[Action]) -> Action:
        attack = view["attack"]
        for a in actions:
            card = self.cards.get(self._card_of(a))
            if card is None:
                continue
            if card.effect == "cancel_attack" and attack and attack["seat"] == seat:
                return a
            if card.effect in ("gain_ue", "draw_cards") and view["phase"] == "reaction window" \
                    and view["active"] == seat:
                return a
        return next(a for a in actions if a.kind == "pass")

    def _card_of(self, action: Action) -> str:
        text = str(action)
        for prefix in ("play ", "send ", "defend with ", "evolve ", "hide ", "give up ", "discard "):
            if text.startswith(prefix):
                rest = text[len(prefix):]
                return rest.split(" on seat ")[0].removesuffix(" from world")
        return ""

    def aim(self, view: dict, seat: int, actions: list[Action]) -> Action:
        players = view["players"]
        rank = {o: i for i, o in enumerate(self.leader_order(view, seat))}
        creature = self.cards[view["attack"]["creature"]]

        def score(a: Action) -> float:
            if a.kind != "attack":
                return -99.0
            target, door = a.args
            p = players[target]
            s = -3.0 * players[target]["doors"][door]["card_under"] - rank[target]
            if creature.effect == "steal_ue":
                s += p["ue"] / 3
            if creature.effect == "evolve":
                s += 5 * any(self.machine_for(self.cards[h]) in p["machines"]
                             for h in players[seat]["hand"] or [] if self.cards[h].family == EVOLUTION)
            return s

        return max(actions, key=score)

    def hide(self, actions: list[Action]) -> Action:
        hides = [a for a in actions if a.kind == "hide"]
        for effect in _TRAP_ORDER:
            for a in hides:
                card = self.cards[self._card_of(a)]
                if card.family == TRAP and card.effect == effect:
                    return a
        return min(hides, key=lambda a: self.keep_value(self._card_of(a)))

    def effect_choice(self, view: dict, seat: int, actions: list[Action]) -> Action:
        def score(a: Action) -> float:
            name = str(a).split(" ", 1)[1] if " " in str(a) else ""
            if name in self.machines:
                return self.machines[name].points
            return 1.0 if a.kind != "pass" else -1.0
        return max(actions, key=score)

    def main(self, view: dict, seat: int, actions: list[Action]) -> Action:
        me = view["players"][seat]
        leaders = self.leader_order(view, seat)
        best, best_score = actions[-1], 0.0
        hand_size = me["hand_size"]
        for a in actions:
            kind = a.kind
            s = 0.0
            name = self._card_of(a)
            card = self.cards.get(name)
            if kind == "evolve":
                s = 100
            elif kind == "play" and card is not None:
                s = self.play_score(view, seat, a, card, leaders)
            elif kind == "fire":
                target, _ = a.args
                machine = next(m for m in self.machines.values() if m.id == a.args[1])
                s = 40 + 5 * machine.points - 3 * leaders.index(target)
            elif kind == "defend" and card is not None:
                s = 30 if card.defence in ("guard_machines", "intercept", "guard_ue") else 15
            elif kind in ("send", "send_world") and card is not None:
                s = self.send_score(view, seat, card, leaders)
            elif kind == "trap":
                door = me["doors"][a.args[0]]
                has_trap = any(self.cards[h].family == TRAP for h in me["hand"] or [])
                if door["active"] and (has_trap or hand_size >= 5):
                    s = 25
            elif kind == "exchange" and hand_size >= 8:
                s = 5
            if s > best_score:
                best, best_score = a, s
        return best

    def play_score(self, view: dict, seat: int, a: Action, card: Card, leaders: list[int]) -> float:
        effect = card.effect
        players = view["players"]
        if effect in ("gain_ue", "draw_cards"):
            return 20
        if effect == "destroy_machine":
            target, machine_id = a.args[1], a.args[2]
            machine = next(m for m in self.machines.values() if m.id == machine_id)
            return 35 + 5 * machine.points - 4 * leaders.index(target) if machine.points else 0
        if effect == "steal_ue":
            return 10 + players[a.args[1]]["ue"]
        if effect == "steal_card":
            return 8
        if effect == "disarm":
            return 0
        return 0

    def send_score(self, view: dict, seat: int, card: Card, leaders: list[int]) -> float:
        players = view["players"]
        open_doors = [(o, d) for o in leaders for d, door in enumerate(players[o]["doors"])
                      if door["active"] and not door["card_under"]]
        if not open_doors:
            return 0
        effect = card.effect
        if effect == "destroy_machine":
            return 45 if any(players[o]["machines"] for o, _ in open_doors) else 0
        if effect == "evolve":
            hand = players[seat]["hand"] or []
            for o, _ in open_doors:
                for h in hand:
                    c = self.cards[h]
                    if c.family == EVOLUTION and h not in players[seat]["evolutions"] \
                            and self.machine_for(c) in players[o]["machines"]:
                        return 60
            return 0
        if effect == "bank_ue":
            return 18 if view["bank"] else 0
        if effect == "steal_ue":
            return 16
        if effect in ("destroy_evolution",):
            return 30 if any(players[o]["evolutions"] for o, _ in open_doors) else 0
        if card.family == CREATURE and effect in ("steal_card", "discard_cards"):
            return 10
        return 0


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
        state = game.new(players=3, seed=game_seed)
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
