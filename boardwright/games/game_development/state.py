"""The state of a Game Development game and the flow of play: milestones of rounds, each player's
turn (draw, up to one Thing and one Action, discard down to 5), paying costs step by step, the
Feature Creep window and the Lead titles at the end of Preproduction.

Rulings: D1–D9 (shared/rules/RULINGS.md); ours R1–R16 (docs/games/game-development.md).
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, IllegalAction, State, Stream
from .actions import actions_for
from .content import ABBREVIATIONS, ACTION, ACTION_ABILITIES, BUG, DEVELOPER, DOCUMENT, FEATURE, KINDS, TRADING, load
from .hidden import resample
from .payment import suggested_payment
from .rules import CREEP, DISCARD, LEADS, MAIN, OVER, PAY, Need, Rules, need_of
from .scoring import breakdown
from .texts import lead_text, milestone_rules
from .view import build_view


class GameDevelopmentState(Rules, State):
    """One game. Seats are numbered clockwise; "your left" is the next seat."""

    __slots__ = (
        "actions_left", "active", "acts", "bonus", "booster", "bugs", "content", "counters", "creep",
        "creep_queue", "creep_shown", "deck", "devs", "discard", "documents", "features", "first",
        "hand_size", "hands", "known", "lead_kind", "leads", "milestone", "need", "pay_card", "pending", "phase",
        "played", "point_bonus", "pool", "powers", "round", "thing_used", "turns", "wishing_used",
    )

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        self.content = load(self.options.get("content"))
        self.acts = actions_for(self.content)
        self.table = self.acts.table
        self.hand_size = self.options["hand_size"]
        n = self.players
        self.hands = [[] for _ in range(n)]
        self.deck = []
        self.discard = []
        self.devs = [[] for _ in range(n)]
        self.counters = [[] for _ in range(n)]
        self.leads = [[-1, -1, -1, -1] for _ in range(n)]
        self.powers = [{} for _ in range(n)]
        self.known = [[[] for _ in range(n)] for _ in range(n)]
        self.documents = [[] for _ in range(n)]
        self.features = [[] for _ in range(n)]
        self.bonus = [[] for _ in range(n)]
        self.bugs = [[] for _ in range(n)]
        self.turns = [m.turns for m in self.content.milestones]
        self.pay_card = -1
        self.need = []
        self.creep_queue: list[int] = []
        self.creep_shown = [0] * n
        self.lead_kind = 0
        self.pending = [[-1, -1, -1, -1] for _ in range(n)]
        self.start_milestone(0)

    # ------------------------------------------------------------------ milestones and turns
    def start_milestone(self, index: int) -> None:
        """D1/D2/D6: a new deck for a new deck type, else hands and discard pile shuffled back in;
        5 cards dealt to each player; the first player passes left; developers get their counters."""
        milestone = self.content.milestones[index]
        previous = self.content.milestones[index - 1] if index else None
        self.milestone = index
        self.round = 1
        self.played = 0
        self.first = index % self.players
        if previous is None or previous.deck != milestone.deck:
            if milestone.deck == "preproduction":
                self.deck = list(self.content.preproduction)
            else:
                copies = self.options["copies"]
                production = self.content.production
                self.deck = deck = [0] * (len(production) * copies)
                for k in range(copies):  # each card's copies side by side, in card order
                    deck[k::copies] = production
        else:
            for hand in self.hands:
                self.deck.extend(hand)
            self.deck.extend(self.discard)
        self.discard = []
        for hand in self.hands:
            hand.clear()
        self.known = [[[] for _ in range(self.players)] for _ in range(self.players)]
        self.streams["deck"].shuffle(self.deck)
        if self.telling:
            self.tell("milestone_started", {
                "milestone": milestone.name, "number": index + 1, "of": len(self.content.milestones),
                "turns": self.turns[index], "first": self.first,
                "deck": "shuffled" if previous is not None and previous.deck == milestone.deck else "new",
                "deck_name": milestone.deck.capitalize(),
                "rules": milestone_rules(milestone, self.hand_size)})
        for i in range(self.players):
            self.draw((self.first + i) % self.players, self.hand_size, dealt=True)
        if index:
            cards = self.content.cards
            for seat in range(self.players):
                self.counters[seat] = [self.starting_counters(seat, d) for d in self.devs[seat]]
                if self.devs[seat]:
                    self.tell("counters_given", {"seat": seat, "milestone": milestone.name,
                                                 "developers": [cards[d].name for d in self.devs[seat]],
                                                 "counters": list(self.counters[seat])})
        self.begin_turn(self.first)

    def begin_turn(self, seat: int) -> None:
        """D1: draw a card (Preproduction, or the "refill" draw option: draw up to 5)."""
        self.active = seat
        self.phase = MAIN
        self.thing_used = False
        self.actions_left = 1
        self.wishing_used = False
        self.booster = -1
        self.creep = 0
        self.point_bonus = 0
        self.pool = [0, 0, 0, 0]
        milestone = self.content.milestones[self.milestone]
        if not self.played and self.telling:
            turns = self.turns[self.milestone]
            last = "" if self.round < turns else (
                "final" if self.milestone + 1 == len(self.content.milestones) else "last")
            self.tell("round_started", {"round": self.round, "turns": turns, "milestone": milestone.name,
                                        "seat": seat, "last": last})
        if milestone.refill or self.options["draw"] == "refill":
            self.draw(seat, max(0, self.hand_size - len(self.hands[seat])))
        else:
            self.draw(seat, 1)
        self.to_act = (seat,)

    def end_turn(self) -> None:
        """D1: unspent resources vanish; discard down to 5; then Feature Creep's bugs."""
        self.pool = [0, 0, 0, 0]
        if len(self.hands[self.active]) > self.hand_size:
            self.tell("must_discard", {"seat": self.active, "n": len(self.hands[self.active]) - self.hand_size,
                                       "limit": self.hand_size})
            self.phase = DISCARD
            self.to_act = (self.active,)
        else:
            self.after_discarding()

    def after_discarding(self) -> None:
        """Feature Creep: at the end of your turn each player, starting to your left, may play a
        bug under your control (R10: players without a bug in hand are not asked); one round for
        each Feature Creep played this turn."""
        n, me = self.players, self.active
        while self.creep:
            self.creep -= 1
            self.creep_queue = [s for s in ((me + i) % n for i in range(1, n)) if self.has_bug_in_hand(s)]
            self.tell("bug_round", {"seat": me})
            self.pass_over(me)
            if self.creep_queue:
                self.phase = CREEP
                self.to_act = (self.creep_queue[0],)
                return
        shown = self.creep_shown
        for s in range(n):      # what the rounds showed lapses with the turn
            shown[s] = 0
        self.next_turn()

    def pass_over(self, after: int) -> None:
        """The round of bugs moves on from ``after`` to the next player holding a bug (or back to
        you): everyone sees that the players passed over hold no bug, and the one asked holds one."""
        n, shown = self.players, self.creep_shown
        asked = self.creep_queue[0] if self.creep_queue else self.active
        s = (after + 1) % n
        passed = []
        while s != asked:
            shown[s] = -1
            passed.append(s)
            s = (s + 1) % n
        if passed:
            self.tell("no_bug", {"seats": passed})
        if asked != self.active:
            shown[asked] = 1

    def has_bug_in_hand(self, seat: int) -> bool:
        return not self.content.bug_ids.isdisjoint(self.hands[seat])

    def next_turn(self) -> None:
        """D2: a milestone turn is one round in seat order; the milestone ends after its last round."""
        self.played += 1
        if self.played == self.players:
            if self.round >= self.turns[self.milestone]:
                return self.end_milestone()
            self.round += 1
            self.played = 0
            return self.begin_turn(self.first)
        self.begin_turn((self.active + 1) % self.players)

    def change_milestone_turns(self, milestone: int, turns: int) -> None:
        """Move a milestone's timing (for cards that change it; the rule applies to all players).

        If the change would make the current milestone end before the current turn, it ends at the
        end of the current turn instead. A milestone's turn is a round (D2), so every player still
        finishes the current round: the timing is the same for all players.
        """
        if milestone < self.milestone:
            raise ValueError(f"milestone {milestone} is over; its timing cannot change")
        if turns < 1:
            raise ValueError("a milestone lasts at least one turn")
        if milestone == self.milestone and turns < self.round:
            self.turns[milestone] = self.round
        else:
            self.turns[milestone] = turns

    def end_milestone(self) -> None:
        """At the end of Preproduction the Lead titles are attached (D5); after the last milestone
        the game ends."""
        if self.content.milestones[self.milestone].leads:
            self.choose_leads(0)
        else:
            self.next_milestone()

    def next_milestone(self) -> None:
        if self.milestone + 1 == len(self.content.milestones):
            self.phase = OVER
            self.is_over = True
            self.to_act = ()
        else:
            self.start_milestone(self.milestone + 1)

    def choose_leads(self, kind: int) -> None:
        """D5, R4: for each kind in turn, a player with one developer of the kind attaches its title
        to it; players with several choose at once, in a sealed decision. The chosen titles stay
        secret until every kind is chosen, then all are revealed together."""
        for k in range(kind, len(KINDS)):
            choosers = []
            for seat in range(self.players):
                mine = [d for d in self.devs[seat] if self.content.cards[d].kind == k]
                if len(mine) == 1:
                    self.leads[seat][k] = mine[0]
                elif mine:
                    choosers.append(seat)
            if choosers:
                self.tell("leads_choice", {"seats": choosers, "developer_kind": KINDS[k],
                                           "title": self.content.titles[k]})
                self.phase = LEADS
                self.lead_kind = k
                self.open_sealed(tuple(choosers))
                return
        for seat, chosen in enumerate(self.pending):
            for k, dev in enumerate(chosen):
                if dev >= 0:
                    self.leads[seat][k] = dev
                    chosen[k] = -1
        self.refresh_powers()
        if self.telling:
            cards, titles = self.content.cards, self.content.titles
            for seat in range(self.players):
                leads = [(k, d) for k, d in enumerate(self.leads[seat]) if d >= 0]
                self.tell("leads_revealed", {"seat": seat, "developers": [cards[d].name for _, d in leads],
                                             "titles": [titles[k] for k, _ in leads]})
        self.next_milestone()

    def refresh_powers(self) -> None:
        """Index each player's Lead abilities by effect (rebuilt whenever titles are attached)."""
        cards = self.content.cards
        self.powers = [{e: d for d in leads if d >= 0 for e in cards[d].lead} for leads in self.leads]

    def _resolve_sealed(self, choices: dict[int, Action]) -> None:
        for seat, action in choices.items():
            self.pending[seat][self.lead_kind] = action.args[0]
        self.choose_leads(self.lead_kind + 1)

    # ------------------------------------------------------------------ legal actions
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == MAIN:
            return self.legal_in_turn(seat)
        if phase == PAY:
            return self.legal_payments(seat)
        acts = self.acts
        if phase == DISCARD:
            return [acts.discard[c] for c in sorted(set(self.hands[seat]))]
        if phase == CREEP:
            cards = self.content.cards
            owner = self.active
            out = [acts.on_seat[c][owner] for c in sorted(set(self.hands[seat]))  # type: ignore[index]
                   if cards[c].type == "bug"]
            out.append(acts.pass_)
            return out
        if phase == LEADS:
            cards = self.content.cards
            return [acts.lead[d] for d in sorted(self.devs[seat]) if cards[d].kind == self.lead_kind]  # type: ignore[misc]
        return []

    def legal_in_turn(self, seat: int) -> list[Action]:
        """D1/D7: developers (Preproduction), one Thing, one Action, Lead abilities, end the turn."""
        acts, content = self.acts, self.content
        play = acts.play
        milestone = content.milestones[self.milestone]
        role_of = content.role_of
        out: list[Action] = []
        actions = self.actions_left > 0
        features_ok = ((self.creep or not self.thing_used) and milestone.features
                       and self.may_add_features(seat))
        capacity = None
        needs: tuple[Need, ...] = ()
        previous = -1
        for c in self.hands[seat]:
            if c == previous:
                continue
            previous = c
            role = role_of[c]
            if role == FEATURE:
                if features_ok:
                    if capacity is None:
                        capacity = self.capacity(seat, False)
                        needs = self.feature_needs(seat)
                    if self.can_pay(seat, needs[c], False, capacity):
                        out.append(play[c])  # type: ignore[arg-type]
            elif role == DEVELOPER:
                if milestone.developers:
                    out.append(play[c])  # type: ignore[arg-type]
            elif role == DOCUMENT:
                if not self.thing_used:
                    out.append(play[c])  # type: ignore[arg-type]
            elif not actions:
                continue
            elif role == BUG:
                out.extend(acts.on_seat[c][:self.players])  # type: ignore[index]
            elif role == ACTION:
                out.append(play[c])  # type: ignore[arg-type]
            elif role == TRADING:
                targets = acts.on_seat[c]
                out.extend(targets[s] for s in range(self.players) if s != seat)  # type: ignore[index]
            else:
                rows = acts.conflict[c]
                for s in range(self.players):
                    if self.features[s]:
                        row = rows[s]  # type: ignore[index]
                        out.extend(row[f] for f in sorted(set(self.features[s])))  # type: ignore[misc]
        if actions and self.bugs[seat]:
            if capacity is None or self.powers[seat] or self.booster >= 0:
                capacity = self.capacity(seat, True)  # else the same as for a feature
            needs = self.bug_needs(seat)
            for b in sorted(set(self.bugs[seat])):
                if self.can_pay(seat, needs[b], True, capacity):
                    out.append(acts.destroy[b])  # type: ignore[arg-type]
        if self.powers[seat]:
            for dev in self.leads[seat]:
                if dev >= 0 and self.can_use(seat, dev):
                    out.append(acts.use[dev])  # type: ignore[arg-type]
        out.append(acts.end)
        return out

    def can_use(self, seat: int, dev: int) -> bool:
        """Lead abilities usable in the turn (converting counters is part of paying, R6)."""
        card = self.content.cards[dev]
        effects = card.lead
        if not effects:
            return False
        count = self.counters[seat][self.devs[seat].index(dev)]
        for effect in effects:
            if effect in ACTION_ABILITIES:
                if self.actions_left and card.during in (-1, self.milestone):
                    return True
            elif effect == "boost-others":
                if count >= 2 and self.booster < 0:
                    return True
            elif effect == "extra-action" and count >= 2 and not self.wishing_used:
                return True
        return False

    def legal_payments(self, seat: int) -> list[Action]:
        """Paying a cost step by step: a counter from a developer whose resource is still needed,
        or a Lead's conversion, never a step after which the cost could no longer be paid."""
        pay = self.acts.pay
        out: list[Action] = []
        needed = self.needed_kinds()
        kind_of = self.content.kind_of
        counters = self.counters[seat]
        powers = self.powers[seat]
        convert = powers.get("convert-ld", powers.get("convert-art", -1)) if powers else -1
        for i, dev in enumerate(self.devs[seat]):
            count = counters[i]
            if not count:
                continue
            kind = kind_of[dev]
            if dev != convert:
                if needed >> kind & 1:
                    out.append(pay[dev])  # type: ignore[arg-type]
                continue
            for_bug = self.content.cards[self.pay_card].type == "bug"
            target = self.conversion(seat, dev)
            if needed >> kind & 1 and self.still_payable(seat, i, 1, kind,
                                                         self.resource_yield(seat, dev, for_bug), for_bug):
                out.append(pay[dev])  # type: ignore[arg-type]
            if count >= 2 and needed >> target & 1 and self.still_payable(seat, i, 2, target, 1, for_bug):
                out.append(self.acts.use[dev])  # type: ignore[arg-type]
        return out

    def still_payable(self, seat: int, index: int, spend: int, kind: int, gain: int, for_bug: bool) -> bool:
        """Whether the cost stays payable after removing ``spend`` counters for ``gain`` of ``kind``
        (tried in place, then undone)."""
        counters, pool, need = self.counters[seat], self.pool, self.need
        saved_pool, saved_need = pool.copy(), need.copy()
        counters[index] -= spend
        pool[kind] += gain
        self.settle()
        payable = self.can_pay(seat, need_of(need), for_bug)
        counters[index] += spend
        self.pool, self.need = saved_pool, saved_need
        return payable

    # ------------------------------------------------------------------ carrying out actions
    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "pay":
            self.pay_from(seat, action.args[0])
        elif kind == "end":
            self.end_turn()
        elif kind == "discard":
            self.discard_card(seat, action.args[0])
        elif kind == "use":
            self.use_lead(seat, action.args[0])
        elif kind == "develop":
            self.from_hand(seat, action.args[0])
            self.devs[seat].append(action.args[0])
            self.counters[seat].append(0)
        elif kind == "document":
            self.from_hand(seat, action.args[0])
            self.documents[seat].append(action.args[0])
            self.thing_used = True
        elif kind == "feature":
            card = self.content.cards[action.args[0]]
            self.from_hand(seat, card.id)
            self.thing_used = True
            self.start_payment(seat, card.id, self.feature_cost(seat, card))
        elif kind == "destroy":
            card = self.content.cards[action.args[0]]
            self.actions_left -= 1
            self.start_payment(seat, card.id, self.bug_cost(seat, card))
        elif kind == "bug":
            card_id, target = action.args
            self.from_hand(seat, card_id)
            if card_id in self.content.no_features and self.may_add_features(target):
                self.tell("features_blocked", {"seat": target, "bug": self.content.cards[card_id].name})
            self.bugs[target].append(card_id)
            if self.phase == CREEP:
                self.creep_shown[seat] = 0      # it held a bug; it may hold no other
                self.creep_queue.pop(0)
                self.ask_creep(seat)
            else:
                self.actions_left -= 1
        elif kind == "action":
            self.play_action_card(seat, action.args)
        elif kind == "pass":                    # it still holds its bug
            self.creep_queue.pop(0)
            self.ask_creep(seat)

    def ask_creep(self, answered: int) -> None:
        """Ask the next player of the round of bugs, or close the round."""
        self.pass_over(answered)
        if self.creep_queue:
            self.to_act = (self.creep_queue[0],)
        else:
            self.after_discarding()

    def discard_card(self, seat: int, card: int) -> None:
        self.from_hand(seat, card)
        self.discard.append(card)
        if len(self.hands[seat]) <= self.hand_size:
            self.after_discarding()

    def play_action_card(self, seat: int, args: tuple[Any, ...]) -> None:
        """D1/D7: an Action card is your Action; it resolves, then goes to the discard pile."""
        card = self.content.cards[args[0]]
        self.from_hand(seat, card.id)
        self.actions_left -= 1
        effect = card.effect
        if effect == "sharing-ideas":
            self.sharing_ideas(seat)
        elif effect == "trading-ideas":
            self.trading_ideas(seat, args[1])
        elif effect == "feature-creep":
            self.creep += 1
            self.tell("feature_creep", {"seat": seat})
        elif effect == "crunch-mode":
            self.crunch_mode(seat)
        elif effect == "raise-morale":
            self.raise_morale(seat)
        else:
            self.source_control_conflict(args[1], args[2])
        self.discard.append(card.id)

    def use_lead(self, seat: int, dev: int) -> None:
        """A Lead ability (R5–R7)."""
        index = self.devs[seat].index(dev)
        if self.phase == PAY:  # Beastmode B / Mickey M: 2 counters for one LD / Art resource
            self.take_counters(seat, dev, converting=True)
            self.tell("converted", {"seat": seat, "developer": self.content.cards[dev].name,
                                    "resource": ABBREVIATIONS[self.conversion(seat, dev)]})
            self.after_payment_step(seat)
            return
        card = self.content.cards[dev]
        for effect in self.lead_effects(seat, dev):
            if effect in ACTION_ABILITIES and self.actions_left and card.during in (-1, self.milestone):
                self.actions_left -= 1
                if effect == "feature-point":
                    self.point_bonus += 1
                    self.tell("point_bonus", {"seat": seat, "developer": card.name, "bonus": self.point_bonus})
                else:
                    self.counters[seat][index] += 1
                    self.tell("counter_added", {"seat": seat, "developer": card.name})
                return
            if effect == "boost-others" and self.booster < 0 and self.counters[seat][index] >= 2:
                self.counters[seat][index] -= 2
                self.booster = dev
                self.tell("boosted", {"seat": seat, "developer": card.name})
                return
            if effect == "extra-action" and not self.wishing_used and self.counters[seat][index] >= 2:
                self.counters[seat][index] -= 2
                self.actions_left += 1
                self.wishing_used = True
                self.tell("extra_action", {"seat": seat, "developer": card.name})
                return

    # ------------------------------------------------------------------ paying a cost
    def start_payment(self, seat: int, card: int, cost: list[int]) -> None:
        self.pay_card = card
        self.need = cost
        if self.settle():
            self.finish_payment(seat)
        else:
            self.phase = PAY

    def pay_from(self, seat: int, dev: int) -> None:
        """Remove one counter from a developer to gain its resource(s) (D6)."""
        amount = self.take_counters(seat, dev, converting=False)
        if amount > 1 and self.telling:
            self.tell_extra_resource(seat, dev, amount, self.content.cards[self.pay_card].type == "bug")
        self.after_payment_step(seat)

    def take_counters(self, seat: int, dev: int, converting: bool) -> int:
        """A payment step's counters off ``dev`` into the pool: one counter for its resource(s)
        (D6), or a converting Lead's 2 for one resource of the kind it converts to (R6); the
        resources gained."""
        index = self.devs[seat].index(dev)
        if converting:
            self.counters[seat][index] -= 2
            self.pool[self.conversion(seat, dev)] += 1
            return 1
        self.counters[seat][index] -= 1
        amount = self.resource_yield(seat, dev, self.content.cards[self.pay_card].type == "bug")
        self.pool[self.content.kind_of[dev]] += amount
        return amount

    def tell_extra_resource(self, seat: int, dev: int, amount: int, for_bug: bool) -> None:
        """Why one counter generated more than one resource (a Lead's yield, Bioshock B's boost)."""
        cards = self.content.cards
        why = []
        if self.powers[seat].get("bug-yield" if for_bug else "feature-yield", -1) == dev:
            why.append(f"{cards[dev].name}'s Lead ability")
        if self.booster >= 0 and dev != self.booster:
            why.append(f"{cards[self.booster].name}'s boost")
        self.tell("extra_resource", {"seat": seat, "developer": cards[dev].name, "amount": amount,
                                     "resource": ABBREVIATIONS[cards[dev].kind], "why": why})

    def after_payment_step(self, seat: int) -> None:
        if self.settle():
            self.finish_payment(seat)

    def finish_payment(self, seat: int) -> None:
        """The cost is paid: the feature comes into play (with Jurassic J's extra points), or the
        bug is destroyed (to the discard pile)."""
        card = self.pay_card
        name = self.content.cards[card].name
        if self.content.cards[card].type == "feature":
            self.features[seat].append(card)
            self.bonus[seat].append(self.point_bonus)
            self.tell("feature_built", {"seat": seat, "feature": name,
                                        "points": self.content.cards[card].points + self.point_bonus,
                                        "extra": self.point_bonus})
            self.point_bonus = 0
        else:
            self.bugs[seat].remove(card)
            self.discard.append(card)
            self.tell("bug_destroyed", {"seat": seat, "bug": name})
            if card in self.content.no_features and self.may_add_features(seat):
                self.tell("features_unblocked", {"seat": seat})
        self.pay_card = -1
        self.need = []
        self.phase = MAIN

    # ------------------------------------------------------------------ why an action is refused
    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        from .refusals import why_illegal
        return why_illegal(self, seat, action)

    # ------------------------------------------------------------------ scoring
    def _scores(self) -> list[int]:
        """D9: features (with their extra points) minus bugs (doubled by E Machete's Lead); the
        "developers score 1, Leads 2" option adds those."""
        cards = self.content.cards
        scores: list[int] = []
        for seat in range(self.players):
            total = sum(cards[f].points for f in self.features[seat]) + sum(self.bonus[seat])
            bugs = sum(cards[b].points for b in self.bugs[seat])
            total -= 2 * bugs if self.has_lead_effect(seat, "double-bugs") else bugs
            if self.options["developer_points"]:
                total += len(self.devs[seat]) + sum(1 for d in self.leads[seat] if d >= 0)
            scores.append(total)
        return scores

    def _winners(self) -> list[int]:
        """D9: most points; a tie goes to fewer bugs, then it is shared."""
        scores = self.scores()
        top = max(scores)
        tied = [s for s in range(self.players) if scores[s] == top]
        fewest = min(len(self.bugs[s]) for s in tied)
        return [s for s in tied if len(self.bugs[s]) == fewest]

    def _end_reason(self) -> str:
        return f"{self.content.milestones[-1].name}, the last milestone, is over"

    def _score_breakdown(self) -> list[dict[str, Any]]:
        return breakdown(self)

    def _action_path(self, action: Action) -> tuple[str, ...]:
        """Menus: a bug or Trading Ideas, then the player it targets; Source Control Conflict, then
        the player, then the feature; a Lead title offered with the developer's ability."""
        kind, args = action.kind, action.args
        cards = self.content.cards
        if kind == "bug" or (kind == "action" and len(args) == 2):
            return (f"play {cards[args[0]].name}", f"on Seat {args[1]}")
        if kind == "action" and len(args) == 3:
            feature = cards[args[2]]
            return (f"play {cards[args[0]].name}", f"on Seat {args[1]}",
                    f"{feature.name} ({feature.points} point{'' if feature.points == 1 else 's'})")
        if kind == "lead":
            dev = cards[args[0]]
            ability = lead_text(dev, self.content)
            return (f"{dev.name} as {self.content.titles[dev.kind]}"
                    + (f": Lead ability, {ability}" if ability else ", no Lead ability"),)
        return (str(action),)

    # ------------------------------------------------------------------ hidden information
    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def advice(self, seat: int) -> dict[str, Any] | None:
        """The payer's cheapest payment of the pending cost, and for each developer that can pay
        the cheapest that spares it (payment.py)."""
        payment = suggested_payment(self, self._viewer(seat))
        return None if payment is None else {"payment": payment}

    def _resample(self, seat: int, rng: Stream) -> None:
        resample(self, seat, rng)

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        """R4: which developer got a title stays secret until every title is attached."""
        if action.kind == "lead" and self.phase == LEADS:
            return "attaches a Lead title in secret"
        return str(action)

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, GameDevelopmentState)
        new.content = self.content
        new.acts = self.acts
        new.hand_size = self.hand_size
        new.hands = [h.copy() for h in self.hands]
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.devs = [d.copy() for d in self.devs]
        new.counters = [c.copy() for c in self.counters]
        new.leads = [x.copy() for x in self.leads]
        new.powers = self.powers  # rebuilt, never changed in place
        new.known = [[k.copy() for k in row] for row in self.known]
        new.documents = [d.copy() for d in self.documents]
        new.features = [f.copy() for f in self.features]
        new.bonus = [b.copy() for b in self.bonus]
        new.bugs = [b.copy() for b in self.bugs]
        new.milestone = self.milestone
        new.turns = self.turns.copy()
        new.round = self.round
        new.played = self.played
        new.first = self.first
        new.active = self.active
        new.phase = self.phase
        new.thing_used = self.thing_used
        new.actions_left = self.actions_left
        new.wishing_used = self.wishing_used
        new.booster = self.booster
        new.creep = self.creep
        new.point_bonus = self.point_bonus
        new.pool = self.pool.copy()
        new.pay_card = self.pay_card
        new.need = self.need.copy()
        new.creep_queue = self.creep_queue.copy()
        new.creep_shown = self.creep_shown.copy()
        new.lead_kind = self.lead_kind
        new.pending = [p.copy() for p in self.pending]

    def _turn_rule(self) -> str:
        return "Turn order (D2)"

