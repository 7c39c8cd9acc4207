"""A heuristic bot for The Game Makers: it works out what its Contracts still lack and steers
every small choice by that (through the public contract: the view and the legal actions).

- Forklifts and the Wild Wedge go where the missing components are (a level that covers them,
  without tying up a Forklift longer than needed); spare resources become Company Assets.
- Contracts: the cheapest card of an offer becomes a Contract while a space is free; manufacture
  whenever possible, paying with the lowest fitting level; shelve where the score sheet gains most.
- Machinery extends a matching row; dice go to the column whose games (built or planned) gain most.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Action, Agent, State

from .content import CARDS, DICE, KINDS, PLASTIC, TILES, TYPES, WOOD, Content, load

#: preferred tree spaces for a tree from a reward: the second-tree space, then hard conditions
TREE_ORDER = (6, 1, 2, 3, 4, 7, 0, 5, 8, 9, 10, 11, 12, 13, 14)


class HeuristicBot(Agent):
    name = "the-game-makers-heuristic"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self._content: dict[Any, Content] = {}

    # ------------------------------------------------------------------ what is missing
    def content(self, view: dict[str, Any]) -> Content:
        key = view["content"]
        found = self._content.get(key)
        if found is None:
            found = self._content[key] = load(key)
        return found

    def missing(self, view: dict[str, Any], seat: int) -> tuple[list[int], list[list[int]]]:
        """Per kind: how many requirement units the Contracts lack, and the levels lacked."""
        content = self.content(view)
        me = view["seats"][seat]
        discounts = me["discounts"]
        have: dict[int, list[int]] = {
            TILES: sorted(content.tiles[t][0] for t in me["tiles"]),
            WOOD: _levels(me["components"]["wood"]),
            DICE: _levels(me["components"]["dice"]),
            PLASTIC: _levels(me["components"]["plastic"]),
        }
        cards = me["cards"]
        lack = [0] * 5
        levels: list[list[int]] = [[], [], [], [], []]
        needs = []
        for cid in me["contracts"]:
            if cid >= 0:
                needs += [(k, max(lv, 1) - discounts[k]) for k, lv in content.cards[cid].requires]
        for kind, left in sorted(needs, key=lambda n: -n[1]):
            if left <= 0:
                continue
            if kind == CARDS:
                used = min(cards, left)
                cards -= used
                if left > used:
                    lack[CARDS] += left - used
                    levels[CARDS].append(1)
                continue
            pool = have[kind]
            fit = next((i for i, lv in enumerate(pool) if lv >= left), -1)
            if fit >= 0:
                del pool[fit]
            else:
                lack[kind] += 1
                levels[kind].append(left)
        return lack, levels

    def card_cost(self, view: dict[str, Any], seat: int, cid: int) -> float:
        content = self.content(view)
        discounts = view["seats"][seat]["discounts"]
        info = content.cards[cid]
        cost = sum(max(0, max(lv, 1) - discounts[k]) for k, lv in info.requires)
        worth = info.value if info.pattern == 0 else 3
        return cost - 0.5 * worth - (1.5 if info.reward else 0)

    # ------------------------------------------------------------------ choosing
    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        if view["phase"] == "draft":
            return actions[self.rng.below(len(actions))]
        pending = view["pending"]
        step = pending[-1]["step"] if pending else "main"
        by_text = {str(a): a for a in actions}
        texts = list(by_text)
        pick = self.pick(state, view, seat, step, pending[-1] if pending else {}, texts)
        return by_text[pick]

    def pick(self, state: State, view: dict[str, Any], seat: int, step: str, frame: dict[str, Any],
             texts: list[str]) -> str:
        makes = [t for t in texts if t.startswith("make contract")]
        if makes and step in ("main", "cards", "use"):
            return makes[0]
        if step == "main":
            return self.main(view, seat, texts)
        if step in ("cards", "setup"):
            return self.keep_card(view, seat, texts)
        if step == "use":
            return self.use(view, seat, frame, texts)
        if step == "wild":
            return self.take(view, seat, texts, frame.get("level", 1))
        if step == "display":
            return self.best_by_score(state, seat, texts)
        if step == "column":
            return self.column(view, seat, texts)
        if step == "cell":
            return self.cell(view, seat, frame, texts)
        if step == "tree":
            planted = {int(t.split()[1]) - 1: t for t in texts}
            return next(planted[i] for i in TREE_ORDER if i in planted)
        if step == "swap":
            return "done"
        if step == "discard":
            lack, _ = self.missing(view, seat)
            return min(texts, key=lambda t: (lack[KINDS.index(t.split()[1])], t))
        if step == "reset":
            return "reset workers"
        return texts[0]  # pay (lowest level first), build, back, promote, release, copy, tilepick

    def main(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        lack, top = self.missing(view, seat)
        me = view["seats"][seat]
        for prefix in ("work gain L3", "work gain L2", "work gain L1", "work structure"):
            if prefix in texts and (any(lack) or prefix == "work structure"):
                return prefix
        tweenies = [t for t in texts if t.startswith("tweenie") and "Shelf Stocker" not in t]
        if tweenies:
            return tweenies[0]
        forklifts = [t for t in texts if t.startswith("forklift")]
        if forklifts:
            return max(forklifts, key=lambda t: self.wedge_value(view, seat, t, lack, top))
        plants = [t for t in texts if t.startswith("plant")]
        if plants and (me["marketing"][4] > 0 or len(me["trees"]) % 3 == 2):
            return plants[0]
        if "work market L1" in texts:
            return "work market L1"
        return "end turn" if "end turn" in texts else texts[0]

    def kind_value(self, view: dict[str, Any], seat: int, kind: int, level: int, lack: list[int],
                   top: list[list[int]]) -> float:
        me = view["seats"][seat]
        if kind == CARDS and view["deck"] + len(view["discard"]) == 0:
            return -1.0  # nothing left to draw
        if lack[kind]:
            fits = [lv for lv in top[kind] if lv <= level]
            if kind == CARDS:
                return 3.0 + 0.3 * min(level, lack[CARDS])
            if fits:
                return 3.0 + 0.5 * max(fits)
            return 0.5
        if kind == CARDS:
            planned = sum(1 for c in me["contracts"] if c >= 0)
            if planned < 2:
                return 2.5
            return 1.2 if planned < 3 else (0.8 if me["cards"] < 6 else 0.2)
        if kind == PLASTIC:
            return 1.5 if self.can_build(view, seat, level) else 0.2
        if kind == DICE:
            room = sum(max(0, top_ - m) for top_, m in zip((5, 5, 5, 5, 4), me["marketing"], strict=True))
            return 1.0 + 0.4 * level if room else 0.1
        if kind == TILES:
            return 1.0
        return 0.8

    def can_build(self, view: dict[str, Any], seat: int, level: int) -> bool:
        content = self.content(view)
        me = view["seats"][seat]
        for letter, sid in enumerate(me["structures"]):
            if sid >= 0:
                built = me["built"][letter]
                if any(need == level and not built >> i & 1
                       for i, need in enumerate(content.structures[sid].buildings)):
                    return True
        return False

    def wedge_value(self, view: dict[str, Any], seat: int, text: str, lack: list[int],
                    top: list[list[int]]) -> float:
        level = int(text[-1])
        kind_name = view["wedges"][f"L{level}"]
        if kind_name == "wild":
            value = max(self.kind_value(view, seat, k, level, lack, top) for k in range(5)) + 0.3
        else:
            value = self.kind_value(view, seat, KINDS.index(kind_name), level, lack, top)
        return value - 0.6 * (level - 1) + self.timing(view, level, lack, top)

    def timing(self, view: dict[str, Any], level: int, lack: list[int], top: list[list[int]]) -> float:
        """A Forklift back READY when a missing component's Wedge shows at a high enough level:
        worth planning for, since a READY Forklift cannot wait."""
        ring = view["ring"]
        back = view["turn"] + level
        for kind in range(1, 5):
            if not lack[kind]:
                continue
            need = min(top[kind])
            for index, wedge in enumerate(ring):
                if wedge in (KINDS[kind], "wild") and any(
                        (back - 1 + lv) % 6 == index for lv in range(need, 4)):
                    return 1.5
        return 0.0

    def take(self, view: dict[str, Any], seat: int, texts: list[str], level: int) -> str:
        lack, top = self.missing(view, seat)
        return max(texts, key=lambda t: self.kind_value(view, seat, KINDS.index(t.split()[1]), level,
                                                        lack, top))

    def keep_card(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        contracts = [t for t in texts if t.startswith("contract")]
        me = view["seats"][seat]
        planned = sum(1 for c in me["contracts"] if c >= 0)
        if contracts and (planned < 2 or me["cards"] >= 4):
            return min(contracts, key=lambda t: self.card_cost(view, seat, int(t.split()[1][1:]) - 1))
        components = [t for t in texts if t.startswith("component")]
        return components[0] if components else texts[0]

    def use(self, view: dict[str, Any], seat: int, frame: dict[str, Any], texts: list[str]) -> str:
        kind, level = frame["kind"], frame["level"]
        lack, top = self.missing(view, seat)
        assets = [t for t in texts if t.startswith("as ") and t != "as component"]
        if kind == DICE and "work market L1" in texts and not lack[DICE]:
            return "work market L1"
        if lack[kind] and any(lv <= level for lv in top[kind]):
            return "as component"
        if not assets:
            return "as component"
        if kind == DICE and frame.get("extra", 0) <= 1 and lack[DICE]:
            return "as component"
        return assets[0]

    def column(self, view: dict[str, Any], seat: int, texts: list[str]) -> str:
        content = self.content(view)
        me = view["seats"][seat]
        weight = [0.2] * 5
        for cid in me["display"] + me["contracts"]:
            if cid >= 0:
                weight[content.cards[cid].type] += 1.0
        weight[4] += len(me["trees"]) / 3
        tops = (5, 5, 5, 5, 4)

        def gain(text: str) -> float:
            column = ("yellow", "blue", "purple", "red", "trees").index(text.split()[1])
            room = tops[column] - me["marketing"][column]
            return weight[column] * min(room, 3) if room > 0 else -1.0
        return max(texts, key=gain)

    def cell(self, view: dict[str, Any], seat: int, frame: dict[str, Any], texts: list[str]) -> str:
        content = self.content(view)
        line = view["seats"][seat]["assembly_line"]
        piece = frame["piece"]
        if piece >= 1000:
            return texts[-1]
        icon = content.tiles[piece][1]

        def run(text: str) -> float:
            r, c = int(text[6]) - 1, int(text[8]) - 1
            row = line[r * 6: r * 6 + 6]
            same = sum(1 for code in row if 0 <= code < 1000 and content.tiles[code][1] == icon)
            left = c > 0 and 0 <= row[c - 1] < 1000 and content.tiles[row[c - 1]][1] == icon
            right = c < 5 and 0 <= row[c + 1] < 1000 and content.tiles[row[c + 1]][1] == icon
            others = sum(1 for code in row if 0 <= code < 1000 and content.tiles[code][1] != icon)
            return 2 * (left + right) + same - 1.5 * others - 0.01 * c
        return max(texts, key=run)

    def best_by_score(self, state: State, seat: int, texts: list[str]) -> str:
        """The shelf slot after which the score sheet is best (the score is public)."""
        best, best_score = texts[0], -1.0
        for text in texts:
            trial = state.clone()
            trial.apply(seat, text)
            score = trial.view(seat)["seats"][seat]["score"]["total"]
            if score > best_score:
                best, best_score = text, score
        return best


def _levels(counts: list[int]) -> list[int]:
    return [1] * counts[0] + [2] * counts[1] + [3] * counts[2]


__all__ = ["TYPES", "HeuristicBot"]
