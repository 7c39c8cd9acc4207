"""Gadgeteers, played by the rulebook's order: Setup, Parts Phase, Gadgets Phase, End of Round,
End of Game. Special powers are in powers.py, what a seat may see in view.py.

Tokens on the board are counted per (Part, seat, kind) in flat lists; control totals per (Part,
seat) are kept up to date as tokens move, in halves of a point.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from operator import add, gt
from typing import Any

from ...engine import Action, IllegalAction, State, Stream
from . import powers, presentation, view
from .actions import Actions, actions_for
from .content import PARTS, Content
from .content import load as load_content
from .tokens import (
    ALTERNATES,
    CELLS,
    CORNER_CELLS,
    JUNKED,
    KIND_TEXT,
    KINDS,
    POWERS,
    STARRED,
    VALUE2,
    token_set,
)
from .words import TOKEN_NAME

PARTS_PHASE, GADGETS_PHASE, END_OF_ROUND, GAME_OVER = "Parts Phase", "Gadgets Phase", "End of Round", "End of Game"
#: Gadget row size by player count (Setup; 4-Player Rules)
ROW_SIZE = {2: 4, 3: 5, 4: 6}
#: turns each player takes in a Parts Phase
PARTS_TURNS = 5
#: a player's Gadgets needed to end the game
GADGETS_TO_END = 4


class GadgeteersState(State):
    __slots__ = (
        "acted",
        "acts",
        "bonus",
        "bonus_rest",
        "built",
        "built_this_round",
        "cell_of",
        "content",
        "current",
        "deck",
        "deck_bottom",
        "down",
        "ending",
        "first",
        "junk",
        "part_at",
        "passed",
        "pieces",
        "phase",
        "pw",
        "recall_queue",
        "round",
        "row",
        "screen",
        "spent",
        "swaps",
        "total",
        "turn_index",
        "up",
    )

    content: Content
    acts: Actions

    # ------------------------------------------------------------------ Setup
    def _setup(self) -> None:
        n = self.players
        self.content = load_content(self.options["content"])
        self.acts = actions_for(self.content)
        self.table = self.acts.table
        setup = self.streams["setup"]
        # G1: the 12 Parts dealt at random onto the border of the square
        self.part_at = list(range(CELLS))
        setup.shuffle(self.part_at)
        self.cell_of = [0] * CELLS
        for cell, part in enumerate(self.part_at):
            self.cell_of[part] = cell
        # Tokens behind each screen (4-Player Rules; G9 Alternate Tokens dealt at random)
        self.swaps = [-1] * n
        if self.options["alternate_tokens"]:
            deal = list(range(len(ALTERNATES)))
            setup.shuffle(deal)
            self.swaps = deal[:n]
        self.screen = []
        for seat in range(n):
            self.screen.extend(token_set(n, self.swaps[seat] if self.swaps[seat] >= 0 else None))
        self.up = [0] * (CELLS * n * KINDS)
        self.down = [0] * (CELLS * n * KINDS)
        self.total = [0] * (CELLS * n)
        self.pieces = [0] * (CELLS * n)
        self.junk = [0] * (n * KINDS)
        # The Gadget deck and row; one secret Bonus card each
        self.deck = list(range(len(self.content.gadgets)))
        self.streams["deck"].shuffle(self.deck)
        self.row = [self.deck.pop() for _ in range(ROW_SIZE[n])]
        self.deck_bottom = 0
        bonus = list(range(len(self.content.types)))
        self.streams["bonus"].shuffle(bonus)
        self.bonus = bonus[:n]
        self.bonus_rest = sorted(bonus[n:])
        for seat in range(n):
            self.tell("bonus_dealt", {"seat": seat, "bonus": self.content.types[self.bonus[seat]]},
                      to=(seat,), others={"seat": seat, "bonus": None})
            if self.swaps[seat] >= 0:
                self.tell("alternate_token", {"seat": seat, "swap": ALTERNATES[self.swaps[seat]][0]})
        self.built: list[list[int]] = [[] for _ in range(n)]
        self.spent = [0] * n
        # The youngest player (seat 0) takes the First Player Marker
        self.first = 0
        self.round = 1
        self.passed = [False] * n
        self.current = 0
        self.acted = False
        self.built_this_round = False
        self.ending = False
        self.recall_queue: list[int] = []
        self.pw = powers.NO_POWER
        self._begin_parts_phase()

    # ------------------------------------------------------------------ helpers
    def at(self, part: int, seat: int, kind: int) -> int:
        """Index of (part, seat, kind) in ``up`` and ``down``."""
        return (part * self.players + seat) * KINDS + kind

    def has_tokens_out(self, seat: int) -> bool:
        """Whether ``seat`` has any token on any Part."""
        return any(self.pieces[seat::self.players])

    def held(self, seat: int) -> int:
        """How many tokens ``seat`` has behind its screen."""
        return sum(self.screen[seat * KINDS:(seat + 1) * KINDS])

    def move_token(self, seat: int, kind: int, src: int, dst: int) -> None:
        """Move a face-up token of ``seat`` from Part ``src`` to Part ``dst``."""
        n = self.players
        self.up[(src * n + seat) * KINDS + kind] -= 1
        self.up[(dst * n + seat) * KINDS + kind] += 1
        self.total[src * n + seat] -= VALUE2[kind]
        self.total[dst * n + seat] += VALUE2[kind]
        self.pieces[src * n + seat] -= 1
        self.pieces[dst * n + seat] += 1

    def put_token(self, seat: int, kind: int, part: int) -> None:
        """Add a token from behind ``seat``'s screen to ``part``, face up (G7)."""
        self.screen[seat * KINDS + kind] -= 1
        self.up[(part * self.players + seat) * KINDS + kind] += 1
        self.total[part * self.players + seat] += VALUE2[kind]
        self.pieces[part * self.players + seat] += 1

    def lift_token(self, seat: int, kind: int, part: int) -> None:
        """Return a face-up token of ``seat`` from ``part`` to behind its screen."""
        self.up[(part * self.players + seat) * KINDS + kind] -= 1
        self.screen[seat * KINDS + kind] += 1
        self.total[part * self.players + seat] -= VALUE2[kind]
        self.pieces[part * self.players + seat] -= 1

    def draw_gadget(self) -> None:
        """Add the top Gadget of the deck to the row (the deck is not empty)."""
        self.row.append(self.deck.pop())
        if self.deck_bottom > len(self.deck):
            self.deck_bottom = len(self.deck)

    def put_under_deck(self, gadget: int) -> None:
        """Put a Gadget of the row at the bottom of the deck, in view of all: the bottom
        ``deck_bottom`` cards of the deck are known to everyone, in order."""
        self.row.remove(gadget)
        self.deck.insert(0, gadget)
        self.deck_bottom += 1

    # ------------------------------------------------------------------ Controlling Parts
    def controllers(self, part: int) -> tuple[int, ...]:
        """Who controls ``part`` (G4): the one highest total; any tie for it means no one.

        4-Player Rules: a corner Part is controlled by the holders of the two highest totals:
        a unique first and a unique second both control; two tied for first both control;
        three or more tied for first, no one; a unique first with a tie for second, only first.
        A total of 0 (no tokens, or only Power tokens) never controls.
        """
        n = self.players
        totals = self.total[part * n:part * n + n]
        top = max(totals)
        if top == 0:
            return ()
        leaders = totals.count(top)
        first = totals.index(top)
        if n == 4 and self.cell_of[part] in CORNER_CELLS:
            if leaders == 2:
                return (first, totals.index(top, first + 1))
            if leaders > 2:
                return ()
            rest = [t for t in totals if t < top]
            second = max(rest)
            if second > 0 and rest.count(second) == 1:
                return (first, totals.index(second))
            return (first,)
        return (first,) if leaders == 1 else ()

    def leads(self, seat: int) -> Iterator[int]:
        """The Parts where ``seat``'s total is higher than every other seat's (so above 0): the
        Parts it controls by the one highest total (G4), except the corners of a 4-player game,
        which :meth:`controllers` rules on."""
        n = self.players
        total = self.total
        if n == 2:
            return compress(range(CELLS), map(gt, total[seat::2], total[1 - seat::2]))
        best = map(max, *(total[other::n] for other in range(n) if other != seat))
        return compress(range(CELLS), map(gt, total[seat::n], best))

    def control_mask(self, seat: int) -> int:
        """The Parts ``seat`` controls, as a bit mask over Part ids (Parts where it has no
        value never are)."""
        n = self.players
        total = self.total
        corners = n == 4
        cell_of = self.cell_of
        mask = 0
        for part in range(CELLS):
            base = part * n
            mine = total[base + seat]
            if not mine:
                continue
            if corners and cell_of[part] in CORNER_CELLS:
                if seat in self.controllers(part):
                    mask |= 1 << part
                continue
            row = total[base:base + n]
            if mine == max(row) and row.count(mine) == 1:
                mask |= 1 << part
        return mask

    def controls(self, seat: int, part: int) -> bool:
        return seat in self.controllers(part)

    def parts_controlled(self, seat: int) -> int:
        return sum(1 for part in range(CELLS) if seat in self.controllers(part))

    def control_snapshot(self, parts: tuple[int, ...] | list[int]) -> list[tuple[int, ...]]:
        """Who controls each of ``parts`` now (to tell what an action changes)."""
        return [self.controllers(part) for part in parts]

    def tell_control_changes(self, parts: tuple[int, ...] | list[int], before: list[tuple[int, ...]]) -> None:
        """Tell each of ``parts`` whose control changed since ``before`` (a :meth:`control_snapshot`)."""
        for part, was in zip(parts, before, strict=True):
            now = self.controllers(part)
            if now != was:
                self.tell("control_changed", {"part": PARTS[part], "seats": list(now), "was": list(was)})

    # ------------------------------------------------------------------ Parts Phase
    def _begin_parts_phase(self) -> None:
        self.phase = PARTS_PHASE
        self.turn_index = 0
        if self._telling:
            self.tell("round_began", {"round": self.round, "first": self.first})
            for seat in range(self.players):
                if not self.held(seat):
                    self.tell("out_of_tokens", {"seat": seat, "turns": PARTS_TURNS})
        self._next_parts_turn()

    def _next_parts_turn(self) -> None:
        """Turns go clockwise from the first player, 5 each; a player with no tokens skips (G3)."""
        n = self.players
        while self.turn_index < PARTS_TURNS * n:
            seat = (self.first + self.turn_index) % n
            if self.held(seat):
                self.to_act = (seat,)
                return
            self.turn_index += 1
        self._begin_gadgets_phase()

    def place_token(self, seat: int, kind: int, part: int) -> None:
        """Place 1 token face down on a Part (Parts Phase)."""
        n = self.players
        self.screen[seat * KINDS + kind] -= 1
        self.down[(part * n + seat) * KINDS + kind] += 1
        self.total[part * n + seat] += VALUE2[kind]
        self.pieces[part * n + seat] += 1
        # the engine's own event for this action tells it: the token to its owner, the Part to all
        if self._telling and not self.screen[seat * KINDS + kind] and not self.held(seat):
            turns_left = PARTS_TURNS - 1 - self.turn_index // n
            if turns_left:
                self.tell("out_of_tokens", {"seat": seat, "turns": turns_left})
        self.turn_index += 1
        self._next_parts_turn()

    # ------------------------------------------------------------------ Gadgets Phase
    def _begin_gadgets_phase(self) -> None:
        """G2: every face-down token is turned face up; turns start with the first player."""
        if self._telling:
            self.tell("gadgets_phase", {"round": self.round})
        if any(self.down):
            revealed = presentation.parts_face_down(self) if self._telling else None
            self.up = list(map(add, self.up, self.down))
            self.down = [0] * len(self.down)
            if revealed:
                presentation.tell_reveal(self, revealed)
        self.phase = GADGETS_PHASE
        self.passed = [False] * self.players
        self.built_this_round = False
        self._start_turn(self.first)

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.acted = False
        self.to_act = (seat,)

    def has_power_available(self, seat: int, exclude: int = -1) -> bool:
        return any(self.power_available(seat, g) and g != exclude for g in self.built[seat])

    def power_available(self, seat: int, gadget: int) -> bool:
        """A built Gadget's power may be activated, unless it is Single Use and was used."""
        return not (self.content.gadgets[gadget].single_use and self.spent[seat] >> gadget & 1)

    def build_gadget(self, seat: int, gadget: int) -> None:
        """Build: remove all your tokens from the required Parts (1, 2 and Power tokens are
        recalled, 3, 4 and 5 go to the Junk Pile), take the Gadget, refill the row (G6)."""
        n = self.players
        up, screen, junk = self.up, self.screen, self.junk
        telling = self._telling
        needed = self.content.gadgets[gadget].parts
        if telling:
            before = self.control_snapshot(needed)
            recalled: list[str] = []
            junked: list[str] = []
        for part in needed:
            base = (part * n + seat) * KINDS
            for kind in presentation.SHOWN_ORDER:
                count = up[base + kind]
                if count:
                    if JUNKED[kind]:
                        junk[seat * KINDS + kind] += count
                    else:
                        screen[seat * KINDS + kind] += count
                    up[base + kind] = 0
                    if telling:
                        (junked if JUNKED[kind] else recalled).extend([TOKEN_NAME[kind]] * count)
            self.total[part * n + seat] = 0
            self.pieces[part * n + seat] = 0
        self.row.remove(gadget)
        self.built[seat].append(gadget)
        refill = None
        if self.deck:
            self.draw_gadget()
            refill = self.row[-1]
        self.built_this_round = True
        self.acted = True
        if telling:
            card = self.content.gadgets[gadget]
            self.tell("built", {
                "seat": seat, "gadget": card.name, "type": self.content.types[card.type],
                "points": card.points, "parts": [PARTS[p] for p in card.parts],
                "junked": junked, "recalled": recalled, "count": len(self.built[seat]),
                "refill": None if refill is None else self.content.gadgets[refill].name,
            })
            self.tell_control_changes(needed, before)
        if len(self.built[seat]) == GADGETS_TO_END:
            if not self.ending:
                self.tell("final_round", {"seat": seat, "round": self.round})
            self.ending = True

    def end_turn(self, seat: int, passing: bool) -> None:
        """End the turn; a pass means no more turns this round (G5). All passed: end of round."""
        if passing:
            self.passed[seat] = True
        n = self.players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not self.passed[nxt]:
                self._start_turn(nxt)
                return
        self._end_of_round()

    # ------------------------------------------------------------------ End of Round / Game
    def _end_of_round(self) -> None:
        if self.ending:  # G8: the round in which a 4th Gadget was built ends the game
            self._end_game()
            return
        if not self.built_this_round:
            drew = bool(self.deck)
            if drew:
                self.draw_gadget()
            if self._telling:
                added = self.content.gadgets[self.row[-1]].name if drew else None
                self.tell("no_gadget_built", {"round": self.round, "gadget": added})
            if not drew:  # Stalemate (rules.md): no Gadget built and none to add ends the game
                self._end_game()
                return
        self.phase = END_OF_ROUND
        n = self.players
        if self._telling:
            self.tell("end_of_round", {"round": self.round, "first": self.first})
        self.recall_queue = [(self.first + i) % n for i in range(n)]
        self._next_recall()

    @property
    def stalled(self) -> bool:
        """Whether the game ended in a stalemate (rules.md): over, and nobody built a 4th Gadget."""
        return self.is_over and not self.ending

    def _end_game(self) -> None:
        """The game ends: Bonus cards are shown and the scores counted (End of Game)."""
        if self._telling:
            presentation.tell_game_end(self)
        self.phase = GAME_OVER
        self.is_over = True
        self.to_act = ()

    def _next_recall(self) -> None:
        """Each player in turn, from the first player, may recall their tokens off any Parts."""
        while self.recall_queue:
            seat = self.recall_queue[0]
            if self.has_tokens_out(seat):
                self.to_act = (seat,)
                return
            self.recall_queue.pop(0)
        # Pass the First Player Marker to the left and begin a new round
        self.first = (self.first + 1) % self.players
        self.round += 1
        self._begin_parts_phase()

    def recall_part(self, seat: int, part: int) -> None:
        """Recall ALL of your tokens from a Part to behind your screen."""
        n = self.players
        base = (part * n + seat) * KINDS
        # the engine's own event for this action tells it (every token on a Part is face up now)
        for kind in range(KINDS):
            count = self.up[base + kind]
            if count:
                self.screen[seat * KINDS + kind] += count
                self.up[base + kind] = 0
        self.total[part * n + seat] = 0
        self.pieces[part * n + seat] = 0
        if not self.has_tokens_out(seat):
            self.recall_queue.pop(0)
            self._next_recall()

    # ------------------------------------------------------------------ the engine hooks
    def _legal(self, seat: int) -> list[Action]:
        acts = self.acts
        if self.phase == PARTS_PHASE:
            base = seat * KINDS
            mask = 0
            for kind in range(KINDS):
                if self.screen[base + kind]:
                    mask |= 1 << kind
            return acts.places(mask)
        if self.phase == END_OF_ROUND:
            pieces, n, recall = self.pieces, self.players, acts.recall
            return [recall[p] for p in range(CELLS) if pieces[p * n + seat]] + [acts.done]
        if self.pw.step:
            return powers.legal_steps(self, seat)
        # Building Gadgets: a Gadget of the row whose required Parts you all control
        controlled = self.control_mask(seat)
        need = acts.need
        result = [acts.build[g] for g in self.row if need[g] & controlled == need[g]]
        if self.has_power_available(seat):
            n, up, pieces = self.players, self.up, self.pieces
            parts = [p for p in range(CELLS) if pieces[p * n + seat]]
            for kind in POWERS:
                uses = acts.use[kind]
                for part in parts:
                    if up[(part * n + seat) * KINDS + kind]:
                        result.append(uses[part])
        result.append(acts.end if self.acted else acts.pass_)
        return result

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "place":
            self.place_token(seat, action.args[0], action.args[1])
        elif self.pw.step:
            powers.apply_step(self, seat, action)
        elif kind == "build":
            self.build_gadget(seat, action.args[0])
        elif kind == "use":
            powers.use_power_token(self, seat, action.args[0], action.args[1])
        elif kind == "end":
            self.end_turn(seat, passing=False)
        elif kind == "pass":
            self.end_turn(seat, passing=True)
        elif kind == "recall":
            self.recall_part(seat, action.args[0])
        elif kind == "done":  # End of Round: this player recalls no more
            self.recall_queue.pop(0)
            self._next_recall()
        else:  # pragma: no cover - the engine only passes legal actions
            raise AssertionError(f"unexpected action {action}")

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        return view.why_illegal(self, seat, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build_view(self, seat)

    def _end_reason(self) -> str:
        return presentation.end_reason(self)

    def _score_breakdown(self) -> list[dict[str, Any]]:
        return presentation.score_breakdown(self)

    def _action_path(self, action: Action) -> tuple[str, ...]:
        return presentation.action_path(self, action)

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        """A token placed in the Parts Phase is face down: others see only where it went."""
        if action.kind == "place":
            return f"place a token on {PARTS[action.args[1]]}"
        return str(action)

    def _resample(self, seat: int, rng: Stream) -> None:
        view.resample(self, seat, rng)

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, GadgeteersState)
        new.content = self.content
        new.acts = self.acts
        new.part_at = self.part_at.copy()
        new.cell_of = self.cell_of.copy()
        new.up = self.up.copy()
        new.down = self.down.copy()
        new.total = self.total.copy()
        new.pieces = self.pieces.copy()
        new.screen = self.screen.copy()
        new.junk = self.junk.copy()
        new.built = [b.copy() for b in self.built]
        new.spent = self.spent.copy()
        new.row = self.row.copy()
        new.deck = self.deck.copy()
        new.deck_bottom = self.deck_bottom
        new.bonus = self.bonus.copy()
        new.bonus_rest = self.bonus_rest.copy()
        new.swaps = self.swaps
        new.first = self.first
        new.round = self.round
        new.phase = self.phase
        new.turn_index = self.turn_index
        new.passed = self.passed.copy()
        new.current = self.current
        new.acted = self.acted
        new.built_this_round = self.built_this_round
        new.ending = self.ending
        new.recall_queue = self.recall_queue.copy()
        new.pw = self.pw

    # ------------------------------------------------------------------ scoring
    def public_score(self, seat: int) -> int:
        """The score anyone at the table can count: Gadget points, +1 per own 3, 4 and 5 Token
        not in the Junk Pile (tokens removed from play at setup do not count).

        The 3/4/5 count reads face-down tokens and screens, but only their sum, which every seat
        knows: the tokens a player put in play, less those in the Junk Pile.
        """
        gadgets = self.content.gadgets
        points = sum(gadgets[g].points for g in self.built[seat])
        n = self.players
        starred = 0
        for kind in STARRED:
            starred += self.screen[seat * KINDS + kind]
            for part in range(CELLS):
                index = (part * n + seat) * KINDS + kind
                starred += self.up[index] + self.down[index]
        return points + starred

    def bonus_points(self, seat: int) -> int:
        """+1 for each of ``seat``'s Gadgets matching its (secret) Bonus card."""
        gadgets = self.content.gadgets
        return sum(1 for g in self.built[seat] if gadgets[g].type == self.bonus[seat])

    def score_of(self, seat: int) -> int:
        """End of Game: Gadget points, +1 per Gadget matching the Bonus card, +1 per own 3, 4
        and 5 Token not in the Junk Pile."""
        return self.public_score(seat) + self.bonus_points(seat)

    def _scores(self) -> list[int]:
        """The final score once the game is over; before, only what a spectator could count
        (the Bonus cards are secret until the end)."""
        if self.is_over:
            return [self.score_of(seat) for seat in range(self.players)]
        return [self.public_score(seat) for seat in range(self.players)]

    def _winners(self) -> list[int]:
        """Highest score; if tied, most Parts controlled; if still tied, a shared win (G8)."""
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        if len(tied) == 1:
            return tied
        parts = {s: self.parts_controlled(s) for s in tied}
        most = max(parts.values())
        return [s for s in tied if parts[s] == most]


def kind_named(text: str) -> int:
    return KIND_TEXT.index(text)
