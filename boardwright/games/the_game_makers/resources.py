"""Gaining resources: each one becomes a Component or a Company Asset, decided at once.

Rulebook "Components vs. Company Assets", "Cards & Contracts", "Punchboard & Machinery",
"Wood & Workers", "Dice & Marketing", "Plastic & Structures"; RULINGS M2, M6, M7.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Action

from .actions import MARKET_SPACES, VIEW_SPACES
from .board import EMPTY, TWEENIE_BASE, Frame
from .content import CARDS, DICE, KINDS, LETTERS, PLASTIC, TILES, TREES_COLUMN, WOOD, Effect
from .events import COLUMN_WORDS, SIZES, card_name, place, resource, tile_name
from .warehouse import Warehouse


class Resources(Warehouse):
    __slots__ = ()

    # ------------------------------------------------------------------ Enhancements
    def view_extra(self, seat: int) -> int:
        """Workers on "view additional cards/tiles": one extra card or tile seen per worker."""
        base = seat * 10
        return sum(1 for i in VIEW_SPACES if self.work1[base + i])

    def market_boost(self, seat: int) -> int:
        """Workers on "add to your Marketing": +1 to every marketing advance per worker (M7)."""
        base = seat * 10
        return sum(1 for i in MARKET_SPACES if self.work1[base + i])

    # ------------------------------------------------------------------ gaining
    def gain(self, seat: int, kind: int, level: int, trigger: bool = True, told: bool = False) -> None:
        """Gain a Level ``level`` resource of ``kind`` (M2: k cards, or one piece of size k).

        An active C Structure that triggers on this kind adds its extra resource; an extra never
        triggers again (our ruling, so that no chain can loop). ``told``: the players were already
        told what is gained (a Forklift move says which wood or plastic it takes)."""
        if trigger:
            sid = self.structs[seat * 3 + 2]
            if sid >= 0 and self.is_active(seat, 2):
                structure = self.content.structures[sid]
                if structure.trigger[0] == "gain" and structure.trigger[1] == kind:
                    if self._telling:
                        self.tell_bonus(seat, structure.name, structure.bonus)
                    self.effect(seat, structure.bonus, trigger=False)
        if kind == CARDS:
            offer = self.draw_cards(level + self.view_extra(seat))
            if self._telling:
                self.tell_cards_drawn(seat, offer)
            if offer:
                self.stack.append(("cards", min(level, len(offer)), tuple(offer)))
        elif kind == TILES:
            offer = self.draw_tiles(level, 1 + self.view_extra(seat))
            if self._telling and offer:
                tiles = [tile_name(*self.content.tiles[t]) for t in offer]
                if len(offer) > 1:
                    self.tell("tiles_drawn", {"seat": seat, "bag": SIZES[level - 1], "tiles": tiles},
                              to=(seat,), others={"seat": seat, "bag": SIZES[level - 1], "count": len(offer)})
                else:
                    self.tell("tiles_drawn", {"seat": seat, "bag": SIZES[level - 1], "tiles": tiles})
            if len(offer) > 1:
                self.stack.append(("tilepick", tuple(offer)))
            elif offer:
                self.stack.append(("use", TILES, level, offer[0]))
        elif kind == DICE:
            roll = self.roll(level)  # rolled at once
            if self._telling:
                self.tell("die_rolled", {"seat": seat, "level": level, "roll": roll})
            self.stack.append(("use", DICE, level, roll))
        else:
            if self._telling and not told:
                self.tell("gained", {"seat": seat, "what": resource(kind, level)})
            self.stack.append(("use", kind, level, 0))

    def effect(self, seat: int, effect: Effect, trigger: bool = True, source: str = "a reward") -> None:
        """Carry out a reward or Structure effect (rulebook "Engine Building/Strategy Rewards");
        ``source`` names it for the players when it scores."""
        what, a, b = effect
        if what == "res":
            self.gain(seat, a, b, trigger)
        elif what == "market":
            self.stack.append(("column", b, a))
        elif what == "vp":
            self.vp[seat] += b
            if self._telling:
                self.tell("points_scored", {"seat": seat, "points": b, "reason": source})
        elif what == "tree":
            for _ in range(b):
                self.stack.append(("tree",))
        elif what == "back" and self.forklifts_out(seat):
            self.stack.append(("back", b, 1, 0))

    def advance_marketing(self, seat: int, column: int, steps: int) -> None:
        """Move one Marketing Cube up its column by ``steps`` plus the Enhancement bonus; movement
        past the top (5; Trees 4) is lost."""
        top = 4 if column == TREES_COLUMN else 5
        index = seat * 5 + column
        before = self.market[index]
        self.market[index] = min(top, before + steps + self.market_boost(seat))
        if self._telling:
            self.tell("marketing_advanced", {"seat": seat, "column": COLUMN_WORDS[column],
                                             "steps": self.market[index] - before, "to": self.market[index]})
        self.claim_trees(seat)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ using: legal choices
    def free_contract(self, seat: int) -> int:
        for i, card in enumerate(self.contracts[seat]):
            if card == EMPTY:
                return i
        return -1

    def building_letters(self, seat: int, level: int) -> list[int]:
        """Structures with an empty building space of exactly this level (no other level fits)."""
        letters = []
        for letter in range(3):
            sid = self.structs[seat * 3 + letter]
            if sid < 0:
                continue
            mask = self.built[seat * 3 + letter]
            for i, need in enumerate(self.content.structures[sid].buildings):
                if need == level and not mask >> i & 1:
                    letters.append(letter)
                    break
        return letters

    def tweenie_cells(self, seat: int) -> list[int]:
        """Square gaps a Tweenie fits: an empty cell beside a filled one (option tweenie_gap)."""
        line = self.line[seat]
        cells = []
        for i in range(18):
            if line[i] != EMPTY:
                continue
            if self.gap_rule == "any":
                cells.append(i)
                continue
            c = i % 6
            if ((c > 0 and line[i - 1] != EMPTY) or (c < 5 and line[i + 1] != EMPTY)
                    or (i >= 6 and line[i - 6] != EMPTY) or (i < 12 and line[i + 6] != EMPTY)):
                cells.append(i)
        return cells

    def has_tweenie_cell(self, seat: int) -> bool:
        """Whether the Assembly Line has a gap a Tweenie fits (see :meth:`tweenie_cells`)."""
        line = self.line[seat]
        if EMPTY not in line:
            return False
        if self.gap_rule == "any":
            return True
        if line.count(EMPTY) == 18:
            return False  # nothing filled to stand beside
        for i in range(18):
            if line[i] != EMPTY:
                continue
            c = i % 6
            if ((c > 0 and line[i - 1] != EMPTY) or (c < 5 and line[i + 1] != EMPTY)
                    or (i >= 6 and line[i - 6] != EMPTY) or (i < 12 and line[i + 6] != EMPTY)):
                return True
        return False

    def legal_use(self, seat: int, frame: Frame) -> list[Action]:
        acts = self.acts
        what = frame[0]
        if what == "cards":
            free = self.free_contract(seat) >= 0
            out = []
            for card in frame[2]:
                out.append(acts.component[card])
                if free:
                    out.append(acts.contract[card])
            return out
        if what == "use":
            kind = frame[1]
            out = [acts.as_component]
            if kind == TILES:
                if EMPTY in self.line[seat]:
                    out.append(acts.as_asset[TILES])
            elif kind == PLASTIC:
                if self.building_letters(seat, frame[2]):
                    out.append(acts.as_asset[PLASTIC])
            else:
                out.append(acts.as_asset[kind])
            return out
        if what == "wild":
            if len(frame) > 2:  # Gain 1: a different resource than the wood spent
                return [a for a in acts.take if a.args[0] != WOOD]
            return list(acts.take)
        if what == "tilepick":
            return [acts.keep_tile[t] for t in frame[1]]
        if what == "cell":
            if frame[1] >= TWEENIE_BASE:
                return [acts.cell[i] for i in self.tweenie_cells(seat)]
            return [acts.cell[i] for i, c in enumerate(self.line[seat]) if c == EMPTY]
        if what == "column":
            if frame[2] >= 0:
                return [acts.market[frame[2]]]
            return list(acts.market)
        if what == "build":
            return [acts.build[letter] for letter in self.building_letters(seat, frame[1])]
        raise AssertionError(what)

    # ------------------------------------------------------------------ using: carrying out
    def do_take(self, seat: int, action: Action) -> None:
        """The Wild Wedge: any one resource of its level (M2); Gain 1 likewise, except wood."""
        level = self.stack.pop()[1]
        self.gain(seat, action.args[0], level)

    def do_keep(self, seat: int, action: Action) -> None:
        """A drawn card goes face up as a Contract or face down as a Component; once the last
        one allowed is kept, the cards only viewed (Enhancement) go face up to the discard pile."""
        frame = self.stack.pop()
        card, as_contract = action.args
        if as_contract:
            self.contracts[seat][self.free_contract(seat)] = card
        else:
            self.hand[seat].append(card)
        discarded: tuple[int, ...] = ()
        if frame[0] == "setup":
            rest = tuple(c for c in frame[1] if c != card)
            if rest:
                self.stack.append(("setup", rest, frame[2] + as_contract))
        else:
            keep, offer = frame[1] - 1, tuple(c for c in frame[2] if c != card)
            if keep > 0 and offer:
                self.stack.append(("cards", keep, offer))
            else:
                self.discard.extend(offer)
                discarded = offer
        if self._telling:
            self.tell_kept(seat, card, as_contract, discarded)

    def do_pick(self, seat: int, action: Action) -> None:
        """Viewing extra tiles: keep one, the rest go to that bag's discard pile."""
        _, offer = self.stack.pop()
        tile = action.args[0]
        size = self.content.tiles[tile][0]
        self.tile_discard[size - 1].extend(t for t in offer if t != tile)
        self.stack.append(("use", TILES, size, tile))

    def do_use(self, seat: int, action: Action) -> None:
        """Component or Company Asset: decided now, for good."""
        _, kind, level, extra = self.stack.pop()
        if action.args[0] == 0:
            if kind == TILES:
                self.ctiles[seat].append(extra)
            else:
                self.comp[seat * 20 + kind * 4 + level] += 1
            if self._telling and not self.chosen_just_now():  # a choice is told as it is made
                what = tile_name(*self.content.tiles[extra]) if kind == TILES else resource(kind, level)
                self.tell("component_kept", {"seat": seat, "what": what})
            return
        if kind == TILES:
            self.stack.append(("cell", extra))
        elif kind == WOOD:
            self.room[seat * 4 + level] += 1  # hired: a worker in the Break Room
            if self._telling:
                self.tell("worker_hired", {"seat": seat, "level": level})
        elif kind == DICE:
            self.stack.append(("column", extra, -1))
        else:
            self.stack.append(("build", level))

    def do_cell(self, seat: int, action: Action) -> None:
        _, code = self.stack.pop()
        cell = action.args[0]
        self.line[seat][cell] = code
        if not self._telling:
            self.count_sets(seat)  # type: ignore[attr-defined]
        else:
            before = self.sets_of[seat * 5: seat * 5 + 5]
            self.count_sets(seat)  # type: ignore[attr-defined]
            self.tell_cell(seat, code, cell, before)
        if code >= TWEENIE_BASE:
            self.tweenie_effect(seat, code - TWEENIE_BASE)  # type: ignore[attr-defined]

    def do_market(self, seat: int, action: Action) -> None:
        _, steps, _column = self.stack.pop()
        self.advance_marketing(seat, action.args[0], steps)

    def do_build(self, seat: int, action: Action) -> None:
        """Plastic as a building on the matching space of a Structure; the Structure activates
        when its last space is filled."""
        _, level = self.stack.pop()
        letter = action.args[0]
        sid = self.structs[seat * 3 + letter]
        mask = self.built[seat * 3 + letter]
        for i, need in enumerate(self.content.structures[sid].buildings):
            if need == level and not mask >> i & 1:
                self.built[seat * 3 + letter] = mask | 1 << i
                break
        if self._telling:
            name = self.content.structures[sid].name
            self.tell("building_placed", {"seat": seat, "level": level,
                                          "structure": f"the {LETTERS[letter]} Structure {name}"})
            if self.is_active(seat, letter):
                self.tell("structure_activated", {"seat": seat, "letter": LETTERS[letter], "structure": name})

    # ------------------------------------------------------------------ telling
    def tell_kept(self, seat: int, card: int, as_contract: int, discarded: tuple[int, ...]) -> None:
        """A kept card: a Contract is named to all, a face-down card only to its owner; the cards
        discarded with it are face up."""
        cards = self.content.cards
        info: dict[str, Any] = {"seat": seat, "number": card + 1, "card": cards[card].name,
                                "contract": as_contract}
        public: dict[str, Any] = info if as_contract else {"seat": seat, "contract": 0}
        if discarded:
            public["discarded"] = info["discarded"] = [card_name(c + 1, cards[c].name) for c in discarded]
        if as_contract:
            self.tell("card_kept", info)
        else:
            self.tell("card_kept", info, to=(seat,), others=public)

    def tell_cards_drawn(self, seat: int, offer: list[int]) -> None:
        """Cards drawn to look at: named for the seat drawing them, counted for the others."""
        cards = self.content.cards
        self.tell("cards_drawn", {"seat": seat, "count": len(offer),
                                  "cards": [card_name(c + 1, cards[c].name) for c in offer]},
                  to=(seat,), others={"seat": seat, "count": len(offer)})

    def tell_bonus(self, seat: int, structure: str, bonus: Effect) -> None:
        """An active C Structure adds its extra."""
        what, a, b = bonus
        if what == "res":
            words = resource(a, b)
        elif what == "market":
            words = f"{b} marketing {'step' if b == 1 else 'steps'}"
        else:
            words = f"{b} {what}" if what != "vp" else f"{b} VP"
        self.tell("structure_triggered", {"seat": seat, "structure": structure, "what": words})

    def tell_cell(self, seat: int, code: int, cell: int, before: list[int]) -> None:
        """Machinery or a Tweenie placed on the Assembly Line (and the discounts it changed)."""
        if code >= TWEENIE_BASE:
            self.tell("tweenie_placed", {"seat": seat, "tweenie": self.content.tweenies[code - TWEENIE_BASE].name,
                                         "place": place(cell, 6)})
            return
        after = self.sets_of[seat * 5: seat * 5 + 5]
        discounts = [f"{KINDS[k]} requirements by {n} {'level' if n == 1 else 'levels'}"
                     for k, n in enumerate(after) if n] if after != before else []
        self.tell("machinery_installed", {"seat": seat, "tile": tile_name(*self.content.tiles[code]),
                                          "place": place(cell, 6), "discounts": discounts})
