"""The State of a game of The Game Makers: setup, the flow of turns, and the decision dispatch.

Rulebook "Warehouse Setup", "Setup Your Player Area", "Structure Drafting", "Taking a Turn",
"Game End"; RULINGS M1, M4, M9, M11. Rules themselves live in the mixins: warehouse.py,
resources.py, manufacturing.py, factory.py; scoring in scoring.py; the view in view.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.engine import Action, IllegalAction, Stream, clockwise
from boardwright.engine.errors import shown
from boardwright.engine.events import listed

from . import scoring
from .actions import MARKET_SPACES, Actions, build_actions
from .board import DRAFT, EMPTY, OVER, PLAY, SETUP
from .content import DICE, LETTERS, Content, load
from .events import SPACE_WORDS, card_name, column_name, place
from .factory import Factory
from .view import build_view, redact, resample, why_illegal
from .warehouse import WEDGE_WORDS

_ACTIONS: dict[int, Actions] = {}


def actions_for(content: Content) -> Actions:
    found = _ACTIONS.get(id(content))
    if found is None:
        found = _ACTIONS[id(content)] = build_actions(content)
    return found


#: the highest die face the ``dice_faces`` option takes: a six-sided die's; a Marketing track
#: tops out at 5 (M7), so a higher face could move a cube no further
MAX_FACE = 6
DICE_FACES_FORM = (f"'content', or three low-high ranges of die faces, one per die level, with "
                   f"1 <= low <= high <= {MAX_FACE} (e.g. 1-2/1-3/2-4)")


def check_dice_faces(text: str) -> str:
    """The ``dice_faces`` option, checked and written without spaces (``1-2/1-3/2-4``)."""
    if text.strip() == "content":
        return "content"
    parts = [part.strip() for part in text.split("/")]
    if len(parts) != 3 or not all(is_face_range(part) for part in parts):
        raise ValueError(f"takes {DICE_FACES_FORM}, not {shown(text, 42)}")
    return "/".join(parts)


def is_face_range(part: str) -> bool:
    low, dash, high = part.partition("-")
    return (dash == "-" and 1 <= len(low) <= 2 and 1 <= len(high) <= 2 and (low + high).isascii()
            and (low + high).isdigit() and 1 <= int(low) <= int(high) <= MAX_FACE)


def dice_faces(option: str, content: Content) -> tuple[tuple[int, ...], ...]:
    """M7 dice faces: "content" (the content file's dice), or "a-b/c-d/e-f" ranges per level
    (already checked by :func:`check_dice_faces`)."""
    if option == "content":
        return content.dice
    faces = []
    for part in option.split("/"):
        low, _, high = part.partition("-")
        faces.append(tuple(range(int(low), int(high) + 1)))
    return tuple(faces)


class GameMakersState(Factory):
    __slots__ = ()

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        opts = self.options
        self.content = content = load(opts["content"])
        self.acts = actions_for(content)
        self.table = self.acts.table
        setup = self.streams["setup"]
        others = list(content.wedges[1:])
        if opts["wedge_order"] == "random":
            setup.shuffle(others)  # the Wild Wedge keeps the READY mark (M1, M3)
        self.ring = (content.wedges[0], *others)
        self.faces = dice_faces(opts["dice_faces"], content)
        self.gap_rule = opts["tweenie_gap"]
        self.experienced = opts["experienced"]
        self.max_turns = opts["max_turns"]
        self.turn = 1
        self.order = list(range(n))
        self.pos = 0
        self.end_turn = 0
        self.deck = list(range(len(content.cards)))
        self.streams["deck"].shuffle(self.deck)
        self.discard = []
        self.bags = [[t for t, (size, _) in enumerate(content.tiles) if size == s] for s in (1, 2, 3)]
        self.tile_discard = [[], [], []]
        self.stack = []
        self.fk_ret = [1] * (3 * n)  # all Forklifts start on the Wild Wedge, READY
        self.fk_last = [-1] * (3 * n)
        self.room = [0, 1, 0, 0] * n  # a Level 1 worker in each Break Room
        self.work1 = [0] * (10 * n)
        self.work2 = [0] * (10 * n)
        self.comp = [0] * (20 * n)
        self.hand = [[] for _ in range(n)]
        self.ctiles = [[] for _ in range(n)]
        self.contracts = [[EMPTY] * 3 for _ in range(n)]
        self.display = [[EMPTY] * 12 for _ in range(n)]
        self.line = [[EMPTY] * 18 for _ in range(n)]
        self.sets_of = [0] * (5 * n)
        self.market = [0] * (5 * n)
        self.structs = [-1] * (3 * n)
        self.built = [0] * (3 * n)
        self.trees = [0] * n
        self.used_tweenies = [0] * n
        self.vp = [0] * n
        self.made = [None] * n
        by_letter = [[s.id for s in content.structures if s.letter == letter] for letter in range(3)]
        if opts["structures"] == "draft":
            self.sets = []
            for ids in by_letter:
                setup.shuffle(ids)
                self.sets.append(sorted(ids[: n + 1]))
            self.holders = [letter % n for letter in range(3)]  # 2p: A and C to one, B to the other
            self.draft_seen = [0, 0, 0]
            self.phase = DRAFT
            self.open_draft_round()
        else:
            self.sets = [[], [], []]
            self.holders = [0, 0, 0]
            self.draft_seen = [0, 0, 0]
            for letter, ids in enumerate(by_letter):
                for seat, sid in enumerate(setup.sample(ids, n)):
                    self.structs[seat * 3 + letter] = sid
            structures = content.structures
            for seat in range(n):
                self.tell("structures_dealt", {"seat": seat, "structures": [
                    f"{LETTERS[letter]} {structures[self.structs[seat * 3 + letter]].name}" for letter in range(3)]})
            self.start_player_setup()

    def start_player_setup(self) -> None:
        """Each player draws 3 cards: at least one becomes a Contract (all may be Components with
        the experienced-player option), the rest face-down Components."""
        self.phase = SETUP
        self.deal_setup_cards()
        self.to_act = (self.seat,)

    def deal_setup_cards(self) -> None:
        """The seat setting up draws its 3 cards (only it sees which)."""
        cards = self.draw_cards(3)
        if self._telling:
            self.tell_cards_drawn(self.seat, cards)
        self.stack.append(("setup", tuple(cards), 0))

    # ------------------------------------------------------------------ the draft (M11)
    def draft_choices(self, seat: int) -> list[Action]:
        out = []
        for letter, holder in enumerate(self.holders):
            if holder == seat and self.structs[seat * 3 + letter] < 0:
                out += [self.acts.draft[sid] for sid in self.sets[letter]]
        return out

    def open_draft_round(self) -> None:
        """Each set's holder sees it; a seat that has held a set knows it from then on, since
        every pick from it is public once the round resolves (TGM-20)."""
        while True:
            for letter, holder in enumerate(self.holders):
                self.draft_seen[letter] |= 1 << holder
            if min(self.structs) >= 0:
                self.sets = [[], [], []]
                self.start_player_setup()
                return
            pickers = tuple(s for s in range(self.players) if self.draft_choices(s))
            if pickers:
                self.open_sealed(pickers)
                return
            self.holders = [(h + 1) % self.players for h in self.holders]

    def _resolve_sealed(self, choices: dict[int, Action]) -> None:
        """Every picker takes one tile from a set they hold, of a letter they lack; then every set
        passes to the left."""
        for seat in sorted(choices):
            sid = choices[seat].args[0]
            letter = self.content.structures[sid].letter
            self.sets[letter].remove(sid)
            self.structs[seat * 3 + letter] = sid
        if self._telling:
            structures = self.content.structures
            self.tell("structures_drafted", {"seats": sorted(choices), "structures": [
                f"{LETTERS[structures[choices[seat].args[0]].letter]} {structures[choices[seat].args[0]].name}"
                for seat in sorted(choices)]})
        self.holders = [(h + 1) % self.players for h in self.holders]
        self.open_draft_round()

    # ------------------------------------------------------------------ turns (M1, M4, M9)
    def begin_seat_turn(self) -> None:
        seat = self.seat
        if self.is_reset_turn() and self.has_deployed(seat):
            self.stack.append(("reset",))
        self.to_act = (seat,)

    def end_seat_turn(self) -> None:
        self.pos += 1
        if self.pos == self.players:
            if self.is_final_turn() or self.turn >= self.max_turns:
                self.phase = OVER
                self.is_over = True
                self.to_act = ()
                return
            self.turn += 1  # the wheel advances one Wedge
            self.order = clockwise((self.turn - 1) % self.players, self.players)
            self.pos = 0
            if self._telling:
                self.tell_turn()
        self.begin_seat_turn()

    def tell_turn(self) -> None:
        """A new turn: who starts, and what the wheel offers now."""
        ring = self.ring
        self.tell("turn_started", {
            "turn": self.turn, "first": self.order[0], "ready": WEDGE_WORDS[ring[self.wheel] + 1],
            "wedges": [WEDGE_WORDS[ring[self.wedge_at(k)] + 1] for k in (1, 2, 3)],
            "reset": int(self.is_reset_turn()), "final": int(self.is_final_turn())})

    def is_final_turn(self) -> bool:
        """A Display Case is full and this is the final turn after it (M9)."""
        return bool(self.end_turn) and self.turn >= self.end_turn

    def _end_reason(self) -> str:
        if self.is_final_turn():
            full = [s for s in range(self.players) if EMPTY not in self.display[s]]
            return f"{listed(f'Seat {s}' for s in full)} filled the Display Case and the final turn is over"
        return f"the turn limit of {self.max_turns} turns was reached"

    def end_reason(self) -> str | None:
        """Why the game ended: a full Display Case (M9), or the ``max_turns`` safety (TGM-25)."""
        if not self.is_over:
            return None
        if self.is_final_turn():
            return "a full Display Case"
        return f"the turn limit (max_turns {self.max_turns})"

    # ------------------------------------------------------------------ decisions
    def _legal(self, seat: int) -> list[Action]:
        if self.phase == DRAFT:
            return self.draft_choices(seat)
        stack = self.stack
        if not stack:
            return self.legal_main(seat)
        frame = stack[-1]
        what = frame[0]
        if what == "cards":
            return self.legal_use(seat, frame) + self.legal_make(seat)
        if what == "use":
            out = self.legal_use(seat, frame) + self.legal_make(seat)
            if frame[1] == DICE:
                out += self.legal_work(seat, MARKET_SPACES)  # boost right after the roll
            return out
        if what in ("wild", "tilepick", "cell", "column", "build"):
            return self.legal_use(seat, frame)
        if what == "setup":
            acts = self.acts
            out = []
            for card in frame[1]:
                if self.experienced or frame[2] or len(frame[1]) > 1:
                    out.append(acts.component[card])
                out.append(acts.contract[card])
            return out
        if what == "pay":
            return self.legal_pay(seat, frame)
        if what == "display":
            return self.legal_display(seat)
        if what == "tree":
            return self.legal_tree(seat)
        if what == "discard":
            return self.legal_discard(seat, frame)
        if what == "reset":
            return [self.acts.reset, self.acts.keep]
        return self.legal_tweenie_step(seat, frame)

    def legal_main(self, seat: int) -> list[Action]:
        acts = self.acts
        out = self.legal_forklifts(seat)
        ready = bool(out) or self.has_ready_forklift(seat)
        out += self.legal_make(seat)
        out += self.legal_work(seat)
        out += self.legal_tweenies(seat)
        out += self.legal_plant(seat)
        if not ready:
            out.append(acts.end)
        return out

    def _apply(self, seat: int, action: Action) -> None:
        if self.phase == DRAFT:
            return
        HANDLERS[action.kind](self, seat, action)
        self.settle()

    def settle(self) -> None:
        """Carry on until a real choice: steps with no option lapse, single options are taken."""
        while self.phase in (SETUP, PLAY):
            seat = self.seat
            if self.phase == SETUP and not self.stack:
                if self.pos + 1 < self.players:
                    self.pos += 1
                    self.deal_setup_cards()
                    continue
                self.phase = PLAY
                self.turn = 1
                self.order = list(range(self.players))
                self.pos = 0
                if self._telling:
                    self.tell("play_started")
                    self.tell_turn()
                self.begin_seat_turn()
                continue
            legal = self._legal(seat)
            if not legal:
                self.stack.pop()  # e.g. a tree with no empty space: lost
                continue
            if len(legal) == 1:
                action = legal[0]
                if action.kind == "end":
                    self.end_seat_turn()
                else:
                    HANDLERS[action.kind](self, seat, action)
                continue
            self.to_act = (seat,)
            self.prime_legal(seat, legal)
            return

    def do_forklift(self, seat: int, action: Action) -> None:
        self.move_forklift(seat, action.args[0])

    def do_end(self, seat: int, action: Action) -> None:
        """End the turn (only once no Forklift is READY: all must be placed, M1)."""
        self.end_seat_turn()

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        return why_illegal(self, seat, action)

    # ------------------------------------------------------------------ views and scores
    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        return redact(self, actor, action, viewer)

    def _resample(self, seat: int, rng: Stream) -> None:
        self.made = [None] * self.players  # a sample starts with no answers worked out on the true state
        resample(self, seat, rng)

    def _scores(self) -> list[int]:
        """Each seat's score sheet total, in whole VP; it reads only public parts of the state
        (Display Cases, marketing, machinery, trees, Structures, workers, Contracts)."""
        return [sheet["total"] for sheet in scoring.sheets(self)]

    def _winners(self) -> list[int]:
        totals = self._scores()
        if self.players == 1:
            target = self.options["solo_target"]
            return [0] if totals[0] >= target else []
        return scoring.winners(self, totals)

    def _score_breakdown(self) -> list[dict[str, Any]]:
        """The score sheet's lines (scoring.LINES), all public, labelled as a projection of final
        scoring until the end; solo adds the target, and a tie for first decided by the
        best-ranked game (M10) says so."""
        out: list[dict[str, Any]] = []
        for seat, sheet in enumerate(scoring.sheets(self)):
            lines = [{"label": label, "points": sheet[key]} for key, label in scoring.LINES]
            sid = self.structs[seat * 3]
            if sid >= 0:  # named, and set beside the others' A Structures
                lines[-2].update(label=f"A Structure {self.content.structures[sid].name}", group="A Structure")
            if self.players == 1:
                lines.append({"label": solo_line(sheet["total"], self.options["solo_target"], self.is_over),
                              "points": 0})
            out.append({"total": sheet["total"], "note": scoring.FINAL if self.is_over else scoring.PROJECTION,
                        "lines": lines})
        if self.is_over and self.players > 1:
            totals = [entry["total"] for entry in out]
            top = max(totals)
            tied = [s for s in range(self.players) if totals[s] == top]
            if len(tied) > 1:
                sentence = tie_sentence(self, tied, top)
                for seat in tied:
                    out[seat]["tiebreak"] = sentence
        return out

    def _action_path(self, action: Action) -> tuple[str, ...]:
        """Menu steps where a seat faces many choices: the kind of move, then which one; a card
        drawn, then how it is kept; a grid cell by row, then column."""
        kind, args = action.kind, action.args
        if kind == "forklift":
            wedge = WEDGE_WORDS[self.ring[self.wedge_at(args[0])] + 1]
            return ("Move a Forklift", f"to the level {args[0]} Wedge ({wedge})")
        if kind == "make":
            card = self.contracts[self.seat][args[0]]
            name = card_name(card + 1, self.content.cards[card].name)
            return ("Manufacture a game", f"Contract {args[0] + 1}: {name}")
        if kind == "work":
            return ("Assign workers", SPACE_WORDS[args[0]])
        if kind == "tweenie":
            return ("Place a Tweenie", self.content.tweenies[args[0]].name)
        if kind == "plant":
            return ("Plant a tree by discarding", self.content.trees[args[0]].name)
        if kind == "keep":
            return (card_name(args[0] + 1, self.content.cards[args[0]].name),
                    "as a Contract" if args[1] else "face down as a component")
        if kind in ("cell", "display"):
            width = 6 if kind == "cell" else 4
            return (f"row {args[0] // width + 1}", f"column {args[0] % width + 1}")
        if kind == "swap":
            return (f"swap {place(args[0], 4)}", f"with {place(args[1], 4)}")
        if kind == "market":
            return (f"Advance Marketing: {column_name(args[0])}",)
        if kind == "draft":
            structure = self.content.structures[args[0]]
            return (f"{LETTERS[structure.letter]} Structures", structure.name)
        return (str(action),)

    def _turn_rule(self) -> str:
        return "Taking a Turn (M4)"


def solo_line(total: int, target: int, over: bool) -> str:
    """The solo target (M12) as a score-sheet line."""
    if not over:
        return f"Solo target {target} points: {max(0, target - total)} still to score"
    if total >= target:
        return f"Solo target {target} points reached: the game is won"
    return f"Solo target {target} points missed by {target - total}: the game is lost"


def tie_sentence(state: GameMakersState, tied: list[int], top: int) -> str:
    """How a tie for first was decided (M10: the best-ranked game in the Display Case)."""
    ranks = {seat: scoring.best_rank(state, seat) for seat in tied}
    best = min(ranks.values())
    who = listed(f"Seat {seat}" for seat in tied)
    shown_ranks = listed(f"Seat {seat} rank {rank}" for seat, rank in ranks.items() if rank < 10**9)
    winners = [seat for seat in tied if ranks[seat] == best]
    if len(winners) > 1:
        return (f"{who} tied on {top} points and their best-ranked games are equal "
                f"({shown_ranks}): they share the win")
    return (f"{who} tied on {top} points; Seat {winners[0]} wins with the best-ranked game in "
            f"its Display Case ({shown_ranks}, lower is better)")


G = GameMakersState
HANDLERS: dict[str, Callable[[Any, int, Action], None]] = {
    "forklift": G.do_forklift, "make": G.do_make, "work": G.do_work, "tweenie": G.do_tweenie,
    "plant": G.do_plant, "reset": G.do_reset, "end": G.do_end, "take": G.do_take,
    "keep": G.do_keep, "pick": G.do_pick, "use": G.do_use, "cell": G.do_cell,
    "market": G.do_market, "build": G.do_build, "pay": G.do_pay, "display": G.do_display,
    "tree": G.do_tree, "discard": G.do_discard, "swap": G.do_swap, "done": G.do_done,
    "back": G.do_back, "promote": G.do_promote, "release": G.do_release, "copy": G.do_copy,
}
