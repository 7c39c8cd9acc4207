"""The state of a game of Makers of Universe: Setup, the decisions owed, and the hidden parts.

Data lives in flat lists indexed by seat (ids of cards and Machines from the content); rule steps
are in :mod:`.rules`, the one view function in :mod:`.view`.
"""

from __future__ import annotations

from boardwright.engine import Action, IllegalAction, OptionError, State, Stream

from . import present
from . import rules as R
from .actions import Actions, actions_for
from .content import ACTION, CONTENT_FILE, CREATURE, EVOLUTION, Content, load
from .view import build_view, redact

TARGETS = {3: 11, 4: 9, 5: 7}


class MouState(State):
    __slots__ = (
        "A", "active", "att_cancelled", "att_card", "att_door", "att_seat", "att_target", "att_world",
        "auction_no", "bank", "bid_round", "bidders", "buyer", "c", "cannon_used", "characters",
        "choice", "deck", "defenders", "disc_left", "disc_seat", "discards", "door_names",
        "evolutions", "fresh", "hands", "known", "known_bottom", "last_bids", "machines", "max_rounds",
        "on_auction", "open_", "pawn", "pending", "phase", "pile", "power_used", "reached", "recycle",
        "round", "scrapped", "seen", "shown", "target", "turn_no", "ue", "ue_tokens", "under", "win_cont",
        "win_kind", "win_passed", "win_queue", "win_reopened", "winners_",
    )

    c: Content
    A: Actions

    # ---------------------------------------------------------------- Setup
    def _setup(self) -> None:
        """Setup: 5 UE and 5 Resource cards each, the Bank, 3 Doors (1 active), the pawn, Characters."""
        o = self.options
        n = self.players
        self.c = c = load(o["content"] or CONTENT_FILE)
        self.A = actions_for(c)
        self.table = self.A.table
        self.target = o["target"] if o["target"] is not None else TARGETS[n]
        self.max_rounds = o["max_rounds"]
        self.ue_tokens = o["ue_tokens"]
        self.recycle = o["destroyed_machines"] == "bottom"
        if o["start_ue"] * n > self.ue_tokens:
            raise OptionError(f"makers-of-universe: {n} players x {o['start_ue']} UE exceed the "
                              f"{self.ue_tokens} UE tokens")
        setup = self.streams["setup"]
        self.ue = [o["start_ue"]] * n
        self.bank = self.ue_tokens - o["start_ue"] * n
        deck = [card.id for card in c.cards for _ in range(card.count)]
        self.streams["deck"].shuffle(deck)
        self.hands = [[deck.pop() for _ in range(o["start_cards"])] for _ in range(n)]
        self.deck = deck
        self.discards: list[int] = []
        doors = list(range(len(c.doors)))
        setup.shuffle(doors)
        self.door_names = [doors[3 * p:3 * p + 3] for p in range(n)]
        self.open_ = [[True, False, False] for _ in range(n)]
        self.under = [[-1, -1, -1] for _ in range(n)]
        self.shown = [[False, False, False] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.seen: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n)]
        pile = [m.id for m in c.machines for _ in range(m.count)]
        self.streams["machines"].shuffle(pile)
        self.pile = pile
        self.known_bottom = 0
        self.scrapped: list[int] = []
        if o["characters"]:
            chars = list(range(len(c.characters)))
            self.streams["characters"].shuffle(chars)
            self.characters = chars[:n]
        else:
            self.characters = [-1] * n
        self.machines: list[list[int]] = [[] for _ in range(n)]
        self.evolutions: list[list[int]] = [[] for _ in range(n)]
        self.defenders: list[list[int]] = [[] for _ in range(n)]
        self.fresh: list[list[int]] = [[] for _ in range(n)]
        self.round = 1
        self.pawn = 0          # the youngest player (our ruling: seat 0)
        self.active = 0
        self.turn_no = 0
        self.auction_no = 0
        self.bid_round = 0
        self.on_auction = -1
        self.bidders: tuple[int, ...] = ()
        self.last_bids: list[int] = []
        self.buyer = -1
        self.phase = R.P_BID
        self.win_kind = R.W_REVEAL
        self.win_cont = R.C_BIDS
        self.win_reopened = False
        self.win_queue: list[int] = []
        self.win_passed: list[int] = []
        self.att_seat = self.att_card = self.att_target = self.att_door = -1
        self.att_world = False
        self.att_cancelled = False
        self.pending = 0
        self.choice = -1
        self.disc_seat = -1
        self.disc_left = 0
        self.power_used = False
        self.cannon_used = False
        self.reached = [-1] * n   # when each seat reached the target: round, then place (U10)
        self.winners_: list[int] = []
        R.start_round(self)

    def power(self, seat: int) -> str:
        """The power of ``seat``'s Character ('' without Characters)."""
        char = self.characters[seat]
        return self.c.characters[char].power if char >= 0 else ""

    # ---------------------------------------------------------------- legal actions
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        A = self.A
        if phase == R.P_BID:
            return list(A.bid[:self.ue[seat] + 1])
        if phase == R.P_MAIN:
            return self._main_actions(seat)
        if phase == R.P_WINDOW:
            plays = [A.pass_]
            cards = self.c.cards
            for k in sorted(set(self.hands[seat])):
                if cards[k].family == ACTION:
                    plays += R.action_plays(self, seat, k)
            return plays
        if phase == R.P_DRAW:
            return list(A.draw)
        if phase == R.P_DOORS:
            return [A.activate[d] for d in range(3) if not self.open_[seat][d]]
        if phase == R.P_AIM:
            return [A.attack[o][d] for o in range(self.players) if o != seat
                    for d in range(3) if self.open_[o][d]] + [A.back]
        if phase == R.P_HIDE:
            return [A.hide[k] for k in sorted(set(self.hands[seat]))] + [A.back]
        if phase == R.P_GIVE:
            return [A.give[k] for k in sorted(set(self.hands[seat]))]
        if phase == R.P_DISCARD:
            return [A.discard[k] for k in sorted(set(self.hands[seat]))]
        return self._choices(seat)

    def _main_actions(self, seat: int) -> list[Action]:
        """Actions: creatures, traps, evolutions, Action cards, discarding, doors, the cannon."""
        A = self.A
        cards = self.c.cards
        n = self.players
        hand = self.hands[seat]
        open_ = self.open_
        attacks = self.round > 1 and any(True in open_[o] for o in range(n) if o != seat)
        out: list[Action] = []
        defenders = self.defenders[seat]
        family, can_attack, can_defend = A.family, A.can_attack, A.can_defend
        for k in sorted(set(hand)):
            kind = family[k]
            if kind == CREATURE:
                if attacks and can_attack[k]:
                    out.append(A.send[k])
                if can_defend[k] and k not in defenders:
                    out.append(A.defend[k])
            elif kind == EVOLUTION:
                if cards[k].machine in self.machines[seat] and k not in self.evolutions[seat]:
                    out.append(A.evolve[k])
            elif kind == ACTION:
                out += R.action_plays(self, seat, k)
        if attacks:
            fresh = self.fresh[seat]
            for k in defenders:
                if can_attack[k] and k not in fresh:
                    out.append(A.send_world[k])
            if not self.cannon_used and self.machines[seat] and self._has_cannon(seat):
                for o in range(n):
                    if o != seat and any(self.open_[o][d] and self.under[o][d] < 0 for d in range(3)):
                        out += [A.fire[o][m] for m in R.destroyable(self, o)]
        under, doors = self.under[seat], open_[seat]
        for d in (0, 1, 2):
            if hand and under[d] < 0:
                out.append(A.trap[d])
        for d in (0, 1, 2):
            if not doors[d]:
                out.append(A.activate[d])
        if len(hand) >= self.exchange_rate(seat):
            out.append(A.exchange)
        out.append(A.end_turn)
        return out

    def _has_cannon(self, seat: int) -> bool:
        machines = self.c.machines
        return any(machines[m].special == "ravager_cannon" for m in self.machines[seat])

    def exchange_rate(self, seat: int) -> int:
        """Discarding: 3 cards for 1 (2 for the Recycler)."""
        return 2 if self.power(seat) == "cheap_exchange" else 3

    def _choices(self, seat: int) -> list[Action]:
        """What an attacking creature's effect lets its owner choose in the attacked world."""
        A = self.A
        t = self.att_target
        if self.choice == R.CH_DESTROY:
            return [A.destroy[m] for m in R.destroyable(self, t)]
        if self.choice == R.CH_WRECK:
            return [A.wreck[k] for k in sorted(set(self.evolutions[t]))]
        if self.choice == R.CH_KILL:
            return [A.kill[k] for k in sorted(set(self.defenders[t]))]
        return [A.evolve[k] for k in R.android_evolutions(self, seat, t)] + [A.pass_]

    # ---------------------------------------------------------------- applying
    def _resolve_sealed(self, choices: dict[int, Action]) -> None:
        R.resolve_bids(self, choices)

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        phase = self.phase
        if phase == R.P_WINDOW:
            if kind == "pass":
                R.pass_window(self)
            else:
                R.play_action(self, seat, action)
        elif phase == R.P_MAIN:
            self._apply_main(seat, action)
        elif phase == R.P_DRAW:
            R.draw_step(self, seat, action.args[0], action.args[1])
        elif phase == R.P_DOORS:
            R.activate_door(self, seat, action.args[0])
            self.pending -= 1
            if not self.pending:
                R.install(self)
        elif phase == R.P_AIM:
            if kind == "back":
                self._undo_send(seat)
            else:
                R.declare_attack(self, action.args[0], action.args[1])
        elif phase == R.P_HIDE:
            if kind == "hide":
                self.hands[seat].remove(action.args[0])
                R.forget_hand(self, seat)   # a face-down card left: it may have been a known one
                self.under[seat][self.pending] = action.args[0]
                self.shown[seat][self.pending] = False
                self.tell("card_hidden", {"seat": seat, "door": self.pending + 1,
                                          "card": self.c.cards[action.args[0]].name},
                          to=(seat,), others={"seat": seat, "door": self.pending + 1, "card": None})
            R.to_main(self)
        elif phase == R.P_GIVE:
            R.leave_hand(self, seat, action.args[0])
            self.discards.append(action.args[0])
            self.pending -= 1
            if not self.pending:
                R.draw_cards(self, seat, 1)
                R.to_main(self)
        elif phase == R.P_DISCARD:
            R.leave_hand(self, seat, action.args[0])
            self.discards.append(action.args[0])
            self.disc_left -= 1
            if not self.disc_left:
                self.disc_seat = -1
                R.open_window(self, self.win_kind, self.win_cont, self.win_reopened)
        else:
            self._apply_choice(seat, action)

    def _apply_main(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "end":
            R.open_window(self, R.W_END, R.C_NEXT_TURN)
        elif kind == "send" or kind == "send_world":
            card = action.args[0]
            if kind == "send":
                R.leave_hand(self, seat, card)
            else:
                self.defenders[seat].remove(card)
            self.att_seat, self.att_card, self.att_world = seat, card, kind == "send_world"
            self.phase = R.P_AIM
        elif kind == "defend":
            card = action.args[0]
            R.leave_hand(self, seat, card)
            self.defenders[seat].append(card)
            self.fresh[seat].append(card)
            R.after_card(self)
        elif kind == "evolve":
            R.place_evolution(self, seat, action.args[0])
            R.after_card(self)
        elif kind == "play":
            R.play_action(self, seat, action)
        elif kind == "trap":
            self.pending = action.args[0]
            self.phase = R.P_HIDE
        elif kind == "activate":
            R.activate_door(self, seat, action.args[0])
        elif kind == "exchange":
            self.pending = self.exchange_rate(seat)
            self.phase = R.P_GIVE
        else:  # fire the Ravager Cannon
            self.cannon_used = True
            R.destroy_machine(self, action.args[0], action.args[1])
            R.after_card(self)

    def _undo_send(self, seat: int) -> None:
        if self.att_world:
            self.defenders[seat].append(self.att_card)
        else:
            self.hands[seat].append(self.att_card)
            self.known[seat].append(self.att_card)  # everyone saw it go back
        self.att_card = -1
        R.to_main(self)

    def _apply_choice(self, seat: int, action: Action) -> None:
        t = self.att_target
        kind = action.kind
        if kind == "destroy":
            R.destroy_machine(self, t, action.args[0])
        elif kind == "wreck":
            before = R.points(self, t) if self.telling else None
            self.evolutions[t].remove(action.args[0])
            self.discards.append(action.args[0])
            self.tell("evolution_destroyed", {"seat": t, "evolution": self.c.cards[action.args[0]].name})
            R.note_points(self, t, before)
        elif kind == "kill":
            self.tell("defender_killed", {"seat": t, "creature": self.c.cards[action.args[0]].name})
            self.defenders[t].remove(action.args[0])
            if action.args[0] in self.fresh[t]:
                self.fresh[t].remove(action.args[0])
            self.discards.append(action.args[0])
        elif kind == "evolve":
            R.place_evolution(self, seat, action.args[0])
        self.choice = -1
        R.open_window(self, R.W_RESOLVED, R.C_MAIN)

    # ---------------------------------------------------------------- refusals
    def _turn_rule(self) -> str:
        return "Sequence of Play"

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        kind = action.kind
        phase = self.phase
        if phase == R.P_BID:
            if kind == "bid":
                return IllegalAction("Buying Phase", f"a bid is 0 to your {self.ue[seat]} UE (U2)")
            return IllegalAction("Buying Phase", "players are bidding for the Machine: only 'bid N' now")
        if phase == R.P_WINDOW:
            return IllegalAction("Using an Action Card",
                                 "in a reaction window you play a playable Action card or pass (U6)")
        if phase != R.P_MAIN:
            return self._why_illegal_step(phase, kind, action)
        if kind in ("send", "send_world", "fire") and self.round == 1:
            return IllegalAction("Attacking a World", "it is forbidden to attack during the first round (U7)")
        if kind in ("send", "send_world", "fire"):
            return IllegalAction("Attacking a World", "you need that creature (or an unused Ravager Cannon) "
                                 "and an enemy world with a suitable active door")
        if kind == "defend":
            return IllegalAction("Playing a Creature Card",
                                 "you may not have two identical defence creatures, and need the card")
        if kind == "evolve":
            return IllegalAction("Placing an Evolution Card", "you need the card, its Machine in your world, "
                                 "and no identical Evolution there")
        if kind == "trap":
            return IllegalAction("Trapping a Door", "at most one card under each door (U4), from your hand")
        if kind == "activate":
            return IllegalAction("Activating a Door", "an active door can never be deactivated")
        if kind == "exchange":
            return IllegalAction("Discarding", f"you need {self.exchange_rate(seat)} cards to exchange")
        if kind == "play":
            return IllegalAction("Using an Action Card", "you need that card and a target it can affect")
        return IllegalAction("Action Phase", f"'{action}' is not an action of your turn now")

    def _why_illegal_step(self, phase: int, kind: str, action: Action) -> IllegalAction:
        """Refusals inside a step of a move: the rule the step carries out."""
        if phase == R.P_DRAW and kind != "draw":
            return IllegalAction("Action Phase", "your turn begins with the draw: 2 Resource cards, "
                                 "2 UE, or one of each")
        if phase == R.P_DOORS and kind == "activate":
            return IllegalAction("Buying Phase", "the buyer turns inactive doors to their active face "
                                 "for its new Machine (U3)")
        if phase == R.P_AIM and kind == "attack":
            return IllegalAction("Attacking a World", "a creature is placed before an active door of an "
                                 "enemy world")
        if phase == R.P_HIDE and kind == "hide":
            return IllegalAction("Trapping a Door", "the card placed under the door comes from your hand")
        if phase == R.P_GIVE and kind == "give":
            return IllegalAction("Discarding", "the cards exchanged come from your hand")
        if phase == R.P_DISCARD and kind == "discard":
            return IllegalAction("Destroying an Enemy Machine", "the cards discarded come from your hand (U8)")
        if phase == R.P_CHOOSE and kind in ("destroy", "wreck", "kill", "evolve"):
            return IllegalAction("Attacking a World", "the creature's effect acts on what the attacked "
                                 "world holds (a Palace cannot be destroyed)")
        return IllegalAction("Sequence of Play", f"now is the step '{R.PHASES[phase]}', not '{action}'")

    # ---------------------------------------------------------------- information
    def _view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        return redact(action)

    def _resample(self, seat: int, rng: Stream) -> None:
        """Hands, cards under others' doors and the pile orders, pooled in sorted order and dealt anew.

        Kept: publicly known cards (a creature captured into a hand, a lasting trap seen under its
        door) and the cards ``seat`` saw taken from its own hand. In a reaction window the deal
        keeps what the window showed (U6): the seats asked so far hold a playable Action card, the
        seats it skipped hold none; the rest of its queue follows from the new hands. A player
        asked where its Scientist Android places an Evolution holds one that fits.
        """
        others = [o for o in range(self.players) if o != seat]
        must, must_not = R.window_facts(self, seat)
        playable = {o: R.playable_cards(self, o) for o in must + must_not}
        if self.phase == R.P_CHOOSE and self.choice == R.CH_EVOLVE and self.att_seat != seat:
            must = [self.att_seat]   # asked where to place an Evolution: it holds one that fits
            playable[self.att_seat] = R.fitting_evolutions(self, self.att_seat, self.att_target)
        kept: dict[int, list[int]] = {}
        pool = list(self.deck)
        for o in others:
            kept[o] = sorted(self.known[o] + self.seen[seat][o])
            unknown = list(self.hands[o])
            for k in kept[o]:
                unknown.remove(k)
            pool += unknown
            pool += [k for d, k in enumerate(self.under[o]) if k >= 0 and not self.shown[o][d]]
        pool.sort()
        sizes = {o: len(self.hands[o]) - len(kept[o]) for o in others}
        need = {o: playable[o] for o in must if not playable[o].intersection(kept[o])}
        dealt = _deal(pool, sizes, need, {o: playable[o] for o in must_not}, rng)
        for o in others:
            self.hands[o] = kept[o] + dealt[o]
        for o in others:
            for d in range(3):
                if self.under[o][d] >= 0 and not self.shown[o][d]:
                    self.under[o][d] = pool.pop()
        self.deck = pool
        for v in others:        # what the others saw of each other's hands is hidden from seat
            for o in others:
                self.seen[v][o] = []
        if self.phase == R.P_WINDOW:
            R.requeue(self)
        known = len(self.pile) - self.known_bottom
        top = sorted(self.pile[:known])
        rng.shuffle(top)
        self.pile = top + self.pile[known:]

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, MouState)
        for name in ("c", "A", "target", "max_rounds", "ue_tokens", "round", "pawn", "active", "turn_no",
                     "auction_no", "bid_round", "on_auction", "bidders", "buyer", "bank", "known_bottom",
                     "phase", "win_kind", "win_cont", "att_seat", "att_card", "att_world", "att_target",
                     "att_door", "att_cancelled", "win_reopened", "pending", "choice", "disc_seat", "disc_left",
                     "power_used", "cannon_used", "characters", "door_names", "recycle"):
            setattr(new, name, getattr(self, name))
        new.last_bids = self.last_bids.copy()
        new.ue = self.ue.copy()
        new.deck = self.deck.copy()
        new.discards = self.discards.copy()
        new.pile = self.pile.copy()
        new.scrapped = self.scrapped.copy()
        new.win_queue = self.win_queue.copy()
        new.win_passed = self.win_passed.copy()
        new.reached = self.reached.copy()
        new.winners_ = self.winners_.copy()
        new.hands = [h.copy() for h in self.hands]
        new.open_ = [d.copy() for d in self.open_]
        new.under = [d.copy() for d in self.under]
        new.shown = [d.copy() for d in self.shown]
        new.known = [k.copy() for k in self.known]
        new.seen = [[k.copy() for k in row] for row in self.seen]
        new.machines = [m.copy() for m in self.machines]
        new.evolutions = [e.copy() for e in self.evolutions]
        new.defenders = [d.copy() for d in self.defenders]
        new.fresh = [f.copy() for f in self.fresh]

    def _scores(self) -> list[int]:
        """Creation points, whole numbers: Machines and Evolutions are public, so a running game's
        scores read nothing hidden."""
        return [R.points(self, seat) for seat in range(self.players)]

    def _winners(self) -> list[int]:
        return list(self.winners_)

    # ---------------------------------------------------------------- presentation
    def _end_reason(self) -> str:
        return present.end_reason(self)

    def _score_breakdown(self) -> list[dict]:
        return present.breakdown(self)

    def _action_path(self, action: Action) -> tuple[str, ...]:
        return present.action_path(self, action)

    def _pass_action(self, seat: int) -> Action | None:
        """In a reaction window (U6) the seat asked may decline with 'pass'."""
        return self.A.pass_ if self.phase == R.P_WINDOW else None


def _deal(pool: list[int], sizes: dict[int, int], need: dict[int, set[int]], avoid: dict[int, set[int]],
          rng: Stream) -> dict[int, list[int]]:
    """Deal ``sizes[o]`` cards from ``pool`` to each seat ``o`` so that a seat of ``need`` gets one of
    its cards and a seat of ``avoid`` none of its cards; what is left stays in ``pool``, shuffled.

    The pool is shuffled and dealt again until the deal fits (each fitting deal equally likely);
    after 64 misses, one needed card is put in each such hand (scarcest first), the avoiding hands
    are dealt from the cards they may hold, and the rest as it comes.
    """
    for _ in range(64):
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        at = 0
        for o, size in sizes.items():
            hands[o] = pool[at:at + size]
            at += size
        if all(need[o].intersection(hands[o]) for o in need) and \
                not any(avoid[o].intersection(hands[o]) for o in avoid):
            del pool[:at]
            return hands
    hands = {o: [] for o in sizes}
    for o in sorted(need, key=lambda o: (sum(k in need[o] for k in pool), o)):
        found = next((k for k in pool if k in need[o]), None)
        if found is not None and sizes[o]:
            pool.remove(found)
            hands[o].append(found)
    for o in avoid:
        hands[o] = [k for k in pool if k not in avoid[o]][:sizes[o]]
        for k in hands[o]:
            pool.remove(k)
    for o, size in sizes.items():
        missing = size - len(hands[o])
        hands[o] += pool[:missing]
        del pool[:missing]
    return hands
