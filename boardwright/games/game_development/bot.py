"""A heuristic bot for the Game Development deck: hire every developer, lead with the strongest
abilities, build the most valuable feature it can pay for, keep its own bugs down and drop bugs and
Source Control Conflicts on the leader. It reads only the view and the legal actions.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Agent, State
from .content import KINDS, Content, load

#: how much a developer is worth as a Lead, by its Lead effect
LEAD_VALUE = {
    "double-counters": 7, "feature-yield": 6, "convert-ld": 5, "extra-counter": 5, "boost-others": 4,
    "convert-art": 4, "extra-action": 3, "bug-yield": 3, "add-counter": 3, "feature-point": 2,
    "double-bugs": -2,
}


class HeuristicBot(Agent):
    """Greedy by simple card values; plays through the public contract only."""

    name = "game-development-heuristic"

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        content = load(state.options.get("content"))
        view = state.view(seat)
        best = max(actions, key=lambda a: (self.value(content, view, seat, a), -actions.index(a)))
        return best

    # ------------------------------------------------------------------ valuing an action
    def value(self, content: Content, view: dict[str, Any], seat: int, action: Action) -> float:
        cards = content.cards
        kind, args = action.kind, action.args
        phase = view["phase"]
        if kind == "lead":
            return sum(LEAD_VALUE.get(e, 0) for e in cards[args[0]].lead)
        if kind == "discard":
            return -self.keep_value(content, view, args[0])
        if kind == "pass":
            return 0.0
        if kind == "pay":
            return self.counters_of(view, seat, cards[args[0]].name) + 0.5
        if kind == "end":
            return 0.0
        leader = self.leader(view, seat)
        if kind == "develop":
            return 100.0
        if kind == "document":
            mine = [d["kind"] for d in view["players"][seat]["developers"]]
            kind_name = KINDS[cards[args[0]].kind]
            return 5.0 + mine.count(kind_name) - (3.0 if kind_name == "Producer" else 0.0)
        if kind == "feature":
            return 50.0 + cards[args[0]].points
        if kind == "destroy":
            doubled = any(d["name"] == "E Machete" and d["lead"] for d in view["players"][seat]["developers"])
            return 20.0 + cards[args[0]].points * (2 if doubled else 1)
        if kind == "bug":
            target = args[1]
            if phase == "feature creep":
                return 10.0 + cards[args[0]].points if target != seat else -1.0
            if target == seat:
                return -10.0
            return 15.0 + cards[args[0]].points + (1.0 if target == leader else 0.0)
        if kind == "use":
            return self.use_value(content, view, seat, args[0])
        if kind == "action":
            return self.action_value(content, view, seat, args, leader)
        return 0.0

    def use_value(self, content: Content, view: dict[str, Any], seat: int, dev: int) -> float:
        effects = content.cards[dev].lead
        if view["phase"] == "paying":
            return 0.2  # a conversion: only when no plain counter will do
        hand = view["hand"] or []
        features_in_hand = sum(1 for n in hand if content.cards[content.by_name[n]].type == "feature")
        if "feature-point" in effects:
            return 60.0 if features_in_hand and not view["thing_played"] else 1.0
        if "add-counter" in effects:
            return 2.0
        if "boost-others" in effects:
            return 55.0 if features_in_hand and not view["thing_played"] else -1.0
        if "extra-action" in effects:
            bugs = sum(1 for n in hand if content.cards[content.by_name[n]].type == "bug")
            return 16.0 if bugs >= 2 or (bugs and view["players"][seat]["bugs"]) else -1.0
        return -1.0

    def action_value(self, content: Content, view: dict[str, Any], seat: int, args: tuple[Any, ...],
                     leader: int) -> float:
        card = content.cards[args[0]]
        effect = card.effect
        if effect == "source-control-conflict":
            if args[1] == seat:
                return -10.0
            points = content.cards[args[2]].points
            return 14.0 + points + (1.0 if args[1] == leader else 0.0)
        if effect == "raise-morale":
            return 3.0 + 0.5 * len(view["players"][seat]["developers"])
        if effect == "feature-creep":
            hand = view["hand"] or []
            features = sum(1 for n in hand if content.cards[content.by_name[n]].type == "feature")
            return 30.0 if features >= 2 else -1.0
        if effect == "crunch-mode":
            return 8.0 if view["milestone"] == "RTM" or view["turn"] == view["turns"] else -1.0
        if effect == "sharing-ideas":
            return 1.0
        return 0.5  # Trading Ideas

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def keep_value(content: Content, view: dict[str, Any], card_id: int) -> float:
        card = content.cards[card_id]
        if card.type == "feature":
            return 2.0 + card.points - sum(a for _, a in card.cost) * 0.3
        if card.type == "bug":
            return 2.0 + card.points
        if card.type == "developer":
            return 10.0
        if card.type == "document":
            return 3.0
        return {"source-control-conflict": 4.0, "raise-morale": 3.0, "feature-creep": 2.0,
                "crunch-mode": 1.0}.get(card.effect, 0.5)

    @staticmethod
    def counters_of(view: dict[str, Any], seat: int, name: str) -> int:
        for dev in view["players"][seat]["developers"]:
            if dev["name"] == name:
                return int(dev["counters"])
        return 0

    @staticmethod
    def leader(view: dict[str, Any], seat: int) -> int:
        def score(s: int) -> int:
            player = view["players"][s]
            return sum(f["points"] for f in player["features"]) - sum(b["points"] for b in player["bugs"])
        others = [s for s in range(len(view["players"])) if s != seat]
        return max(others, key=score)
