"""A heuristic bot for Makers of Universe: it reads only its own view and the (public) card list.

Plan: buy Machines that score (and the ones its Evolutions need) with firm bids, place
Evolutions, guard its world with defence creatures and traps on active doors, and hit the
leader with Machine-destroying creatures, Meteors and the Ravager Cannon. It saves Portal
Collapse for attacks on itself and never turns a door active by choice.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Action, Agent, State

from .content import CONTENT_FILE, CREATURE, EVOLUTION, TRAP, Card, Machine, load

#: how much the bot likes to keep a card (lowest goes first when discarding)
_KEEP = {"evolution": 9, "destroy_machine": 8, "evolve": 7, "cancel_attack": 7, "gain_ue": 6,
         "guard_machines": 6, "fine": 5, "capture": 5, "lasting": 5, "stop": 4}
_TRAP_ORDER = ("fine", "capture", "lasting", "stop", "backfire")


class HeuristicBot(Agent):
    name = "makers-of-universe-heuristic"

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

    def machine_value(self, view: dict, seat: int, name: str, own_hand: bool = True) -> float:
        """Creation points ``name`` would bring ``seat`` (and an Evolution in our hand it enables)."""
        me = view["players"][seat]
        machine = self.machines[name]
        if machine.special == "palace":
            value = min(1.0, machine.points) if "Palace" in me["machines"] else float(machine.points)
        elif machine.special == "ravager_cannon":
            value = 0.0 if name in me["machines"] else 1.5
        else:
            value = float(machine.points)
        for card_name in (me["hand"] or []) if own_hand else []:
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
            return by_text[self.draw(view, seat)]
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

    def draw(self, view: dict, seat: int) -> str:
        """Cards while the hand is short, UE when the purse is."""
        hand = view["players"][seat]["hand_size"]
        ue = view["players"][seat]["ue"]
        return "draw 2 cards" if hand <= 2 and ue >= 3 else "draw 1 card and 1 UE" if hand <= 4 and ue >= 2 \
            else "draw 2 UE"

    def bid(self, view: dict, seat: int, actions: list[Action]) -> Action:
        """A sealed bid worth what is on auction to this seat, in UE it can spare.

        The Machine is worth its points to us (more if an Evolution in hand needs it), plus part
        of what it would give the best-placed opponent (the Palace to a leader is worth denying).
        A point is priced at the UE we can expect to spend per point still missing (our UE now and
        the draws of the rounds likely left): UE is worth less as the end nears, and all of it is
        spent in the last round. We never bid more than it takes to beat every other bidder's UE."""
        ue = len(actions) - 1
        name = view["on_auction"]
        players = view["players"]
        mine = self.machine_value(view, seat, name)
        rivals = [o for o in view["bidders"] if o != seat] or [o for o in range(len(players)) if o != seat]
        denial = max((self.machine_value(view, o, name, own_hand=False) * self.threat(view, o)
                      for o in rivals), default=0.0)
        value = mine + denial
        if value <= 0 or ue == 0:
            return actions[0]
        target = view["target"]
        me = players[seat]
        rounds_left = self.rounds_left(view)
        missing = max(1, target - me["points"])
        per_point = (ue + 1.0 * max(0, rounds_left - 1)) / missing
        if rounds_left <= 1:
            per_point = float(ue)
        worth = int(value * per_point + 0.5)
        beat_all = max(players[o]["ue"] for o in rivals) + 1
        want = min(ue, worth, beat_all)
        if view["bid_round"] and view["last_bids"][seat] >= 0:
            want = min(ue, worth, max(want, view["last_bids"][seat] + self.rng.below(2)))
        elif want < beat_all and want > 0:
            want = max(0, want - self.rng.below(2))
        return actions[max(0, want)]

    def threat(self, view: dict, seat: int) -> float:
        """How much of what ``seat`` would gain is worth denying it: more for a leader near the target."""
        players = view["players"]
        best = max(p["points"] for p in players)
        share = 0.3 + 0.5 * players[seat]["points"] / max(1, view["target"])
        return share + (0.2 if players[seat]["points"] == best else 0.0)

    def rounds_left(self, view: dict) -> int:
        """The rounds the game may still last: the leader's pace to the target (about 1.5 points a
        round), at most the round limit."""
        players = view["players"]
        best = max(p["points"] for p in players)
        if best >= view["target"]:
            return 1
        pace = max(1, round((view["target"] - best) / 1.5))
        return max(1, min(pace, view["max_rounds"] - view["round"] + 1))

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
