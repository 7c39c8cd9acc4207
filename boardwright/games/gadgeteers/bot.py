"""A heuristic Gadgeteers bot: pick Gadgets it can win, concentrate on their Parts, build at once.

It reads only its own view through the public State contract (``state.view(seat)`` and
``legal_actions``), so it never sees hidden information.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Agent, State

VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "half": 0.5, "power": 0, "double": 0, "?": 1.5}


class HeuristicBot(Agent):
    name = "gadgeteers-heuristic"

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        by_text = {str(a): a for a in actions}
        choice = self._choose(view, seat, [str(a) for a in actions])
        return by_text[choice] if choice in by_text else actions[self.rng.below(len(actions))]

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _totals(view: dict[str, Any]) -> dict[str, list[float]]:
        n = view["player_count"]
        totals = {}
        for cell in view["board"]:
            row = [0.0] * n
            for owner, labels in cell["tokens"].items():
                row[int(owner)] = sum(VALUE[t] for t in labels)
            totals[cell["part"]] = row
        return totals

    def _target(self, view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Row Gadgets ranked by value per missing Part for this seat."""
        me = view["players"][seat]
        bonus = me.get("bonus")
        totals = self._totals(view)
        ranked = []
        for g in view["row"]:
            need = 0.0
            for part in g["parts"]:
                row = totals[part]
                best_other = max((v for s, v in enumerate(row) if s != seat), default=0)
                need += max(0.0, best_other + 1 - row[seat])
            worth = g["points"] + (1 if g["type"] == bonus else 0)
            ranked.append((worth / (1 + need) - 0.05 * len(g["parts"]), g))
        ranked.sort(key=lambda pair: -pair[0])
        return [g for _, g in ranked]

    def _choose(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        phase = view["phase"]
        if phase == "Parts Phase":
            return self._place(view, seat, texts)
        if phase == "End of Round":
            return self._recall(view, seat, texts)
        builds = [t for t in texts if t.startswith("build ")]
        if builds:
            points = {g["name"]: g["points"] for g in view["row"]}
            return max(builds, key=lambda t: points.get(t[6:], 0))
        if "power" in view:
            return self._power_step(view, seat, texts)
        uses = [t for t in texts if t.startswith("use ")]
        if uses:
            return uses[0]
        return "end" if "end" in texts else "pass"

    def _place(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        totals = self._totals(view)
        targets = self._target(view, seat)
        goal_parts = [p for g in targets[:2] for p in g["parts"]]
        held = sorted({t.split(" ")[1] for t in texts})
        best, best_score = texts[0], -1e9
        for text in texts:
            _, token, part = text.split(" ", 2)
            value = VALUE[token]
            row = totals[part]
            mine = row[seat]
            others = max((v for s, v in enumerate(row) if s != seat), default=0)
            score = 0.0
            if part in goal_parts:
                weight = 2.0 if part in targets[0]["parts"] else 1.0
                gap = others + 1 - mine
                if token in ("power", "double", "half") and value == 0:
                    score = 0.5 * weight if mine > others else -1
                elif gap > 0:
                    score = weight * (3 + min(value, gap) - 0.4 * max(0, value - gap))
                else:
                    score = weight * 0.5 - 0.3 * value
            else:
                score = -2 - value * 0.1
            if token in ("3", "4", "5"):
                score -= 0.8  # they are worth a point at the end if kept out of the Junk Pile
            if token == "power" and "power" in held and not view["players"][seat]["gadgets"]:
                score -= 1
            if score > best_score:
                best, best_score = text, score
        return best

    def _recall(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        totals = self._totals(view)
        targets = self._target(view, seat)
        goal = {p for g in targets[:2] for p in g["parts"]}
        for text in texts:
            if text.startswith("recall "):
                part = text[7:]
                row = totals[part]
                others = max((v for s, v in enumerate(row) if s != seat), default=0)
                if part not in goal or row[seat] <= others - 3:
                    return text
        return "done"

    def _power_step(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        totals = self._totals(view)
        targets = self._target(view, seat)
        goal = [p for g in targets[:1] for p in g["parts"]]

        def gap(part: str) -> float:
            row = totals[part]
            return max((v for s, v in enumerate(row) if s != seat), default=0) + 1 - row[seat]

        step = view["power"]["step"]
        if step in ("add_to",) or (step == "move_to"):
            options = [t for t in texts if t.startswith("to ")]
            contested = [t for t in options if t[3:] in goal and gap(t[3:]) > 0]
            if contested:
                return min(contested, key=lambda t: gap(t[3:]))
        if step in ("add", "add_instead"):
            return max(texts, key=lambda t: VALUE.get(t.split(" ")[1], 0) if not t.endswith(("3", "4", "5")) else 0.5)
        if step == "target":
            return max(texts, key=lambda t: (t.split(" ")[3] in goal, VALUE[t.split(" ")[2]]))
        if step == "take":
            off_goal = [t for t in texts if t.split(" ", 2)[2] not in goal]
            if off_goal:
                return off_goal[0]
        return texts[self.rng.below(len(texts))]
