"""The rules of Makers of Universe as steps named after the rulebook, on a :class:`MouState`.

Sequence of Play: a round is a Buying Phase (two auctions) then an Action Phase (each player's
turn, clockwise from the Preum's pawn). Reaction windows for Action cards (RULINGS U6) sit between
the steps; each window is followed by a *continuation* (what the rules do once all have passed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, clockwise, reaction_order

from .content import TRAP
from .present import card_text

if TYPE_CHECKING:
    from .state import MouState

# decisions (phases)
P_BID, P_DOORS, P_WINDOW, P_DRAW, P_MAIN, P_AIM, P_HIDE, P_GIVE, P_CHOOSE, P_DISCARD, P_OVER = range(11)
PHASES = ("bid", "activate doors", "reaction window", "draw", "actions", "choose a door to attack",
          "choose a card to hide", "exchange", "creature effect", "discard half", "over")
# reaction windows (U6)
W_REVEAL, W_AUCTION, W_ATTACK, W_RESOLVED, W_END = range(5)
WINDOWS = ("machine revealed", "after the auction", "attack declared", "card resolved", "end of turn")
# what follows a window
C_BIDS, C_NEXT_AUCTION, C_RESOLVE_ATTACK, C_MAIN, C_NEXT_TURN = range(5)
# what a creature's effect asks its owner to choose
CH_DESTROY, CH_WRECK, CH_KILL, CH_EVOLVE = range(4)


# ---------------------------------------------------------------- bank, cards, points
def take_from_bank(s: MouState, seat: int, amount: int, why: str) -> None:
    """Take UE from the Bank; an empty Bank pays what it holds (U9). ``why`` is told with it."""
    paid = min(amount, s.bank)
    s.bank -= paid
    s.ue[seat] += paid
    if s.telling:
        s.tell("ue_from_bank", {"seat": seat, "ue": paid, "why": why})


def draw_cards(s: MouState, seat: int, count: int) -> None:
    """Draw Resource cards; an empty pile is rebuilt by shuffling the discard pile (U9).
    The drawer sees which cards; the others, how many."""
    hand = s.hands[seat]
    drawn = 0
    for _ in range(count):
        if not s.deck:
            if not s.discards:
                break
            s.deck = s.discards
            s.discards = []
            s.streams["deck"].shuffle(s.deck)
            if s.telling:
                s.tell("deck_rebuilt", {"cards": len(s.deck)})
        hand.append(s.deck.pop())
        drawn += 1
    if s.telling:
        cards = s.c.cards
        s.tell("cards_drawn", {"seat": seat, "n": drawn, "cards": [cards[k].name for k in hand[len(hand) - drawn:]]},
               to=(seat,), others={"seat": seat, "n": drawn})


def lose_random_cards(s: MouState, seat: int, count: int, to: int = -1) -> None:
    """``seat`` loses ``count`` cards at random: to seat ``to``'s hand, or to the discard pile."""
    hand = s.hands[seat]
    rng = s.streams["hands"]
    lost: list[int] = []
    for _ in range(min(count, len(hand))):
        card = hand.pop(rng.below(len(hand)))
        lost.append(card)
        if to >= 0:
            s.hands[to].append(card)
            taker = s.seen[to][seat] + s.known[seat]
            if card in taker:
                taker.remove(card)
            forget_hand(s, seat)    # only the taker sees which card went ...
            s.seen[to][seat] = taker
            s.seen[seat][to].append(card)   # ... and the player who lost it
        else:
            s.discards.append(card)
            forget(s, seat, card)
    if s.telling:
        names = [s.c.cards[k].name for k in lost]
        if to >= 0:
            if s.telling:
                s.tell("cards_taken", {"seat": to, "from": seat, "n": len(lost), "cards": names},
                       to=(to, seat), others={"seat": to, "from": seat, "n": len(lost)})
        else:
            if s.telling:
                s.tell("cards_discarded", {"seat": seat, "n": len(lost), "cards": names})


def leave_hand(s: MouState, seat: int, card: int) -> None:
    """A card leaves a hand face up (played, discarded): everyone sees which."""
    s.hands[seat].remove(card)
    forget(s, seat, card)


def forget(s: MouState, seat: int, card: int) -> None:
    """A card of this kind left the hand face up: it may have been a known one (publicly known,
    or known to one seat that saw it taken from its own hand)."""
    known = s.known[seat]
    if known and card in known:
        known.remove(card)
    for seen in s.seen:
        known = seen[seat]
        if known and card in known:
            known.remove(card)


def forget_hand(s: MouState, seat: int) -> None:
    """A card left the hand unseen (face down, or at random): any known card may be the one."""
    s.known[seat] = []
    for seen in s.seen:
        seen[seat] = []


def is_guarded(s: MouState, seat: int, guard: str, against: str = "") -> bool:
    """Whether a defence creature in ``seat``'s world has the ``guard`` effect; with ``against``
    (the card it stops), a guard that works is told."""
    cards = s.c.cards
    for k in s.defenders[seat]:
        if cards[k].defence == guard:
            if against and s.telling:
                s.tell("guarded", {"seat": seat, "defender": cards[k].name, "card": against})
            return True
    return False


def machine_points(s: MouState, seat: int) -> list[int]:
    """What each Machine of a world scores (U12: a second Palace only 1)."""
    out = []
    palace = False
    for m in s.machines[seat]:
        machine = s.c.machines[m]
        if machine.special == "palace":
            if palace:
                out.append(min(machine.points, 1))
                continue
            palace = True
        out.append(machine.points)
    return out


def points(s: MouState, seat: int) -> int:
    """Creation points: Machines plus Evolutions ("Notes on Machines", U12: a world yields only one
    point from a second Palace; the first scores as usual)."""
    total = 0
    palace = False
    machines = s.c.machines
    for m in s.machines[seat]:
        machine = machines[m]
        if machine.special == "palace":
            if palace:
                total += min(machine.points, 1)
                continue
            palace = True
        total += machine.points
    bonus = 1 if s.power(seat) == "evolution_bonus" else 0
    cards = s.c.cards
    for e in s.evolutions[seat]:
        total += cards[e].points + bonus
    return total


def note_points(s: MouState, seat: int, before: int | None = None) -> None:
    """Remember when a seat reached the target, for the tie-break of U10 ("earlier turn, then
    earlier seat in that turn's order"): the turn is the rulebook's, a Buying Phase and an Action
    Phase (our round), and its order runs clockwise from the Preum's pawn, whatever the phase the
    target was reached in (ruling M12). Falling below the target forgets it. ``before`` is the
    seat's score before the change, for the event that tells it."""
    now = points(s, seat)
    if before is not None and now != before:  # ``before`` is None when nothing is told
        s.tell("score_changed", {"seat": seat, "points": now, "change": now - before})
    if now >= s.target:
        if s.reached[seat] < 0:
            s.reached[seat] = s.round * s.players + (seat - s.pawn) % s.players
            if s.telling:
                s.tell("target_reached", {"seat": seat, "points": now, "target": s.target, "round": s.round})
    elif s.reached[seat] >= 0:
        s.reached[seat] = -1
        if s.telling:
            s.tell("target_lost", {"seat": seat, "points": now, "target": s.target})


def destroyable(s: MouState, seat: int) -> list[int]:
    """The Machines of a world that can be destroyed (every one but the Palace), once each."""
    machines = s.c.machines
    return sorted({m for m in s.machines[seat] if machines[m].special != "palace"})


def destroy_machine(s: MouState, seat: int, machine: int) -> None:
    """Destroy a Machine; an owner then holding more than 8 cards discards half (U8).

    The Machine goes under the Machine pile (option ``destroyed_machines``, ruling M9)."""
    before = points(s, seat) if s.telling else None
    s.machines[seat].remove(machine)
    if s.recycle:
        s.pile.append(machine)      # face up under the pile: known to all
        s.known_bottom += 1
    else:
        s.scrapped.append(machine)
    if s.telling:
        s.tell("machine_destroyed", {"seat": seat, "machine": s.c.machines[machine].name,
                                     "to": "under the Machine pile" if s.recycle else "out of the game"})
    note_points(s, seat, before)
    if s.power(seat) == "salvage":
        take_from_bank(s, seat, 3, "as the Salvager")
    size = len(s.hands[seat])
    if size > 8:
        s.disc_seat = seat
        s.disc_left = size // 2
        if s.telling:
            s.tell("must_discard", {"seat": seat, "n": size // 2, "held": size})


# ---------------------------------------------------------------- the round
def start_round(s: MouState) -> None:
    if s.telling:
        s.tell("round_started", {"round": s.round, "pawn": s.pawn, "last": s.round >= s.max_rounds})
    s.auction_no = 0
    s.active = s.pawn
    next_auction(s)


def next_auction(s: MouState) -> None:
    """Reveal the next Machine (two auctions a round; an empty pile holds none, U2)."""
    while True:
        s.auction_no += 1
        if s.auction_no > 2:
            start_action_phase(s)
            return
        if s.pile:
            break
    s.on_auction = s.pile.pop(0)
    s.known_bottom = min(s.known_bottom, len(s.pile))
    if s.telling:
        m = s.c.machines[s.on_auction]
        s.tell("machine_revealed", {"machine": m.name, "auction": s.auction_no, "points": m.points,
                                    "doors": m.doors})
    s.bid_round = 0
    s.bidders = tuple(range(s.players))
    open_window(s, W_REVEAL, C_BIDS)


def open_bids(s: MouState) -> None:
    s.phase = P_BID
    s.open_sealed(s.bidders)


def resolve_bids(s: MouState, choices: dict[int, Action]) -> None:
    """Open the fists (U2): the highest bid buys; a tie re-bids; a third tied re-bid cancels."""
    bids = [-1] * s.players
    for seat, action in choices.items():
        bids[seat] = action.args[0]
    s.last_bids = bids
    if s.telling:
        s.tell("bids_revealed", {"machine": s.c.machines[s.on_auction].name, "bids": bids,
                                 "rebid": s.bid_round})
    top = max(bids)
    if top <= 0:
        return_machine(s, "nobody bid")
        return
    tied = [seat for seat in range(s.players) if bids[seat] == top]
    if len(tied) > 1:
        haggler = [seat for seat in tied if s.power(seat) == "wins_ties"]
        if haggler:
            tied = haggler
            if s.telling:
                s.tell("haggler_wins_tie", {"seat": haggler[0], "bid": top})
    if len(tied) > 1:
        if s.bid_round >= 3:
            return_machine(s, "the third re-bid tied too")
            return
        s.bid_round += 1
        s.bidders = tuple(tied)
        if s.telling:
            s.tell("bids_tied", {"seats": tied, "bid": top, "rebid": s.bid_round})
        open_bids(s)
        return
    buy(s, tied[0], top)


def return_machine(s: MouState, why: str) -> None:
    """No sale: the Machine goes to the bottom of the pile (it still was one of the two auctions)."""
    if s.telling:
        s.tell("sale_cancelled", {"machine": s.c.machines[s.on_auction].name, "why": why})
    s.pile.append(s.on_auction)
    s.known_bottom += 1
    s.on_auction = -1
    open_window(s, W_AUCTION, C_NEXT_AUCTION)


def buy(s: MouState, seat: int, price: int) -> None:
    """The winner pays the Bank and activates the doors the Machine requires (U3)."""
    s.ue[seat] -= price
    s.bank += price
    s.buyer = seat
    if s.telling:
        s.tell("machine_bought", {"seat": seat, "machine": s.c.machines[s.on_auction].name, "ue": price})
    need = s.c.machines[s.on_auction].doors - (1 if s.power(seat) == "fewer_doors" else 0)
    doors = s.open_[seat]
    inactive = [d for d in range(3) if not doors[d]]
    if need >= len(inactive) or need <= 0:
        for d in inactive[:max(need, 0)]:
            activate_door(s, seat, d)
        install(s)
        return
    s.phase = P_DOORS
    s.pending = need
    s.to_act = (seat,)


def activate_door(s: MouState, seat: int, door: int) -> None:
    """A door turns to its active face (never back)."""
    s.open_[seat][door] = True
    if s.telling:
        s.tell("door_activated", {"seat": seat, "door": door + 1, "name": s.c.doors[s.door_names[seat][door]]})


def install(s: MouState) -> None:
    before = points(s, s.buyer) if s.telling else None
    s.machines[s.buyer].append(s.on_auction)
    s.on_auction = -1
    note_points(s, s.buyer, before)
    open_window(s, W_AUCTION, C_NEXT_AUCTION)


# ---------------------------------------------------------------- the action phase
def start_action_phase(s: MouState) -> None:
    s.auction_no = 0
    s.turn_no = 0
    start_turn(s)


def start_turn(s: MouState) -> None:
    seat = (s.pawn + s.turn_no) % s.players
    s.active = seat
    s.fresh[seat] = []
    s.power_used = False
    s.cannon_used = False
    if s.telling:
        s.tell("turn_started", {"seat": seat, "round": s.round, "first": s.turn_no == 0})
    if s.power(seat) == "income":
        take_from_bank(s, seat, 1, "as the Banker")
    s.phase = P_DRAW
    s.to_act = (seat,)


def draw_step(s: MouState, seat: int, cards: int, ue: int) -> None:
    """Draw: 2 Resource cards, 2 UE, or one of each."""
    if cards:
        draw_cards(s, seat, cards + (1 if s.power(seat) == "extra_draw" else 0))
    if ue:
        take_from_bank(s, seat, ue, "for the draw")
    to_main(s)


def to_main(s: MouState) -> None:
    s.phase = P_MAIN
    s.to_act = (s.active,)


def next_turn(s: MouState) -> None:
    s.turn_no += 1
    if s.turn_no >= s.players:
        end_round(s)
    else:
        start_turn(s)


def end_round(s: MouState) -> None:
    """End of Game (U10): checked at the end of each round; also at the round limit (option)."""
    if any(points(s, seat) >= s.target for seat in range(s.players)) or s.round >= s.max_rounds:
        finish(s)
        return
    s.pawn = (s.pawn + 1) % s.players
    s.round += 1
    start_round(s)


def finish(s: MouState) -> None:
    """The most points among those at the target wins; then who reached it first (earlier turn,
    then earlier seat in that turn's order, U10); then a shared win."""
    scores = [points(s, seat) for seat in range(s.players)]
    qualified = [seat for seat in range(s.players) if scores[seat] >= s.target] or list(range(s.players))
    best = max(scores[seat] for seat in qualified)
    tied = [seat for seat in qualified if scores[seat] == best]
    times = [s.reached[seat] for seat in tied if s.reached[seat] >= 0]
    if len(tied) > 1 and times:
        first = min(times)
        tied = [seat for seat in tied if s.reached[seat] == first]
    s.winners_ = tied
    s.is_over = True
    s.phase = P_OVER
    s.to_act = ()


# ---------------------------------------------------------------- reaction windows (U6)
def can_react(s: MouState, seat: int) -> bool:
    """Whether ``seat`` holds an Action card it can play now."""
    held = s.A.action_cards.intersection(s.hands[seat])
    return bool(held) and any(action_plays(s, seat, k) for k in held)


def playable_cards(s: MouState, seat: int) -> set[int]:
    """The Action cards ``seat`` could play now if it held them (a public fact)."""
    return {k for k in s.A.action_cards if action_plays(s, seat, k)}


def window_skips(s: MouState) -> int:
    """The seat a window does not ask: the active player, in the window that its own card or the end
    of its turn opened (M5). Once a play reopens the window, or in the window that follows another
    player's card (an attack cancelled by Portal Collapse), it is asked like everyone else (U6)."""
    return s.active if s.win_kind in (W_RESOLVED, W_END) and not s.win_reopened else -1


def window_facts(s: MouState, seat: int) -> tuple[list[int], list[int]]:
    """What the open window shows ``seat`` about the others' hands (U6): the seats asked so far
    hold a playable Action card; those it went past without asking hold none."""
    if s.phase != P_WINDOW:
        return [], []
    asked = s.to_act[0]
    order = clockwise(s.active, s.players)
    before = order[:order.index(asked)]
    skip = window_skips(s)
    must = [o for o in [*s.win_passed, asked] if o != seat]
    return must, [o for o in before if o not in (seat, skip) and o not in s.win_passed]


def requeue(s: MouState) -> None:
    """After the hands were resampled: the rest of the window's queue from the new hands."""
    asked = s.to_act[0]
    order = clockwise(s.active, s.players)
    skip = window_skips(s)
    s.win_queue = [asked] + [o for o in order[order.index(asked) + 1:] if o != skip and can_react(s, o)]


def open_window(s: MouState, kind: int, cont: int, reopened: bool = False) -> None:
    """Ask, clockwise from the active player, each player holding a playable Action card.

    In the action phase the active player keeps the initiative after its own card resolves and at
    the end of its own turn, so those two windows, when they open, ask only the others; a play in
    a window ``reopened`` it, and then every eligible player is asked, the active one too (U6, M5).
    The window after an attack that another player's card cancelled is opened ``reopened`` too.
    """
    s.win_kind = kind
    s.win_cont = cont
    s.win_reopened = reopened
    s.win_passed = []
    if s.disc_left:
        s.phase = P_DISCARD
        s.to_act = (s.disc_seat,)
        return
    skip = window_skips(s)
    queue = reaction_order(s.active, s.players, lambda seat: seat != skip and can_react(s, seat))
    if not queue:
        proceed(s, cont)
        return
    s.win_queue = queue
    s.phase = P_WINDOW
    s.to_act = (queue[0],)


def pass_window(s: MouState) -> None:
    s.win_passed.append(s.win_queue.pop(0))
    if s.win_queue:
        s.to_act = (s.win_queue[0],)
    else:
        proceed(s, s.win_cont)


def proceed(s: MouState, cont: int) -> None:
    if cont == C_BIDS:
        open_bids(s)
    elif cont == C_NEXT_AUCTION:
        next_auction(s)
    elif cont == C_RESOLVE_ATTACK:
        resolve_attack(s)
    elif cont == C_MAIN:
        to_main(s)
    else:
        next_turn(s)


def after_card(s: MouState) -> None:
    """A card has resolved: reopen the current window, or open one after the active player's card."""
    if s.phase == P_WINDOW:
        open_window(s, s.win_kind, s.win_cont, reopened=True)
    else:
        open_window(s, W_RESOLVED, C_MAIN)


# ---------------------------------------------------------------- Action cards
def action_plays(s: MouState, seat: int, card: int) -> list[Action]:
    """The ways ``seat`` may play the Action ``card`` now (its targets), empty if none."""
    A = s.A
    effect = s.c.cards[card].effect
    if effect == "gain_ue":
        return [A.play[card]] if s.bank else []
    if effect == "draw_cards":
        return [A.play[card]] if s.deck or s.discards else []
    if effect == "cancel_attack":
        ok = s.win_kind == W_ATTACK and s.att_door >= 0 and seat != s.att_seat and not s.att_cancelled
        return [A.play[card]] if ok else []
    others = [o for o in range(s.players) if o != seat]
    if effect == "steal_ue":
        return [A.play_seat[card][o] for o in others if s.ue[o]]
    if effect == "steal_card":
        return [A.play_seat[card][o] for o in others if s.hands[o]]
    if effect == "disarm":
        return [A.play_door[card][o][d] for o in others for d in range(3) if s.under[o][d] >= 0]
    if effect == "force_door":
        return [A.play_door[card][o][d] for o in others for d in range(3) if not s.open_[o][d]]
    return [A.play_machine[card][o][m] for o in others for m in destroyable(s, o)]


def play_action(s: MouState, seat: int, action: Action) -> None:
    """Use an Action card: on an opponent without entering their world (no door needed)."""
    card_id, target, extra = action.args
    card = s.c.cards[card_id]
    leave_hand(s, seat, card_id)
    s.discards.append(card_id)
    if s.telling:
        s.tell("action_played", {"seat": seat, "card": card.name, "effect": card_text(card, s.c),
                                 "window": WINDOWS[s.win_kind] if s.phase == P_WINDOW else None})
    effect = card.effect
    if effect == "gain_ue":
        take_from_bank(s, seat, card.amount, "with " + card.name)
    elif effect == "draw_cards":
        draw_cards(s, seat, card.amount)
    elif effect == "cancel_attack":
        s.att_cancelled = True
        if s.telling:
            s.tell("attack_cancelled", {"seat": s.att_seat, "creature": s.c.cards[s.att_card].name, "by": seat})
    elif effect == "steal_ue":
        if not is_guarded(s, target, "guard_ue", card.name):
            move_ue(s, target, seat, card.amount)
    elif effect == "steal_card":
        if not is_guarded(s, target, "guard_hand", card.name):
            lose_random_cards(s, target, card.amount, to=seat)
    elif effect == "disarm":
        hidden = s.under[target][extra]
        s.discards.append(hidden)
        s.under[target][extra] = -1
        s.shown[target][extra] = False
        if s.telling:
            s.tell("door_cleared", {"seat": target, "door": extra + 1, "card": s.c.cards[hidden].name})
    elif effect == "force_door":
        activate_door(s, target, extra)
    elif not is_guarded(s, target, "guard_machines", card.name):
        destroy_machine(s, target, extra)
    after_card(s)


def move_ue(s: MouState, giver: int, taker: int, amount: int) -> None:
    paid = min(amount, s.ue[giver])
    s.ue[giver] -= paid
    s.ue[taker] += paid
    if s.telling:
        s.tell("ue_taken", {"seat": taker, "from": giver, "ue": paid})


# ---------------------------------------------------------------- attacks
def declare_attack(s: MouState, target: int, door: int) -> None:
    """The creature stands before an active enemy door; a window opens before the door resolves."""
    s.att_target = target
    s.att_door = door
    s.att_cancelled = False
    if s.telling:
        s.tell("attack_declared", {"seat": s.att_seat, "creature": s.c.cards[s.att_card].name,
                                   "target": target, "door": door + 1,
                                   "name": s.c.doors[s.door_names[target][door]],
                                   "trapped": s.under[target][door] >= 0})
    open_window(s, W_ATTACK, C_RESOLVE_ATTACK)


def resolve_attack(s: MouState) -> None:
    """Untrapped door: the creature gets in. Trap: the trap's effect. Decoy: discarded, it gets in."""
    attacker, creature, target, door = s.att_seat, s.att_card, s.att_target, s.att_door
    s.att_card = -1
    s.att_door = -1
    if s.att_cancelled:
        # Another player's Portal Collapse resolved: its window asks the active player too (U6, M5).
        s.att_cancelled = False
        s.discards.append(creature)
        open_window(s, W_RESOLVED, C_MAIN, reopened=True)
        return
    under = s.under[target][door]
    cards = s.c.cards
    if s.telling:
        s.tell("door_turned", {"seat": target, "door": door + 1, "card": cards[under].name if under >= 0 else None,
                               "trap": under >= 0 and cards[under].family == TRAP})
    if under >= 0:
        s.under[target][door] = -1
        s.shown[target][door] = False
        if cards[under].family == TRAP:
            if s.power(attacker) == "trap_breaker" and not s.power_used:
                s.power_used = True
                if s.telling:
                    s.tell("trap_broken", {"seat": attacker, "trap": cards[under].name})
            else:
                spring_trap(s, attacker, creature, target, door, under)
                open_window(s, W_RESOLVED, C_MAIN)
                return
        s.discards.append(under)
    enter_world(s, attacker, creature, target)


def spring_trap(s: MouState, attacker: int, creature: int, target: int, door: int, trap: int) -> None:
    """A sprung trap stops the creature; both are discarded unless the trap says otherwise (U5)."""
    card = s.c.cards[trap]
    effect = card.effect
    if s.telling:
        s.tell("trap_sprung", {"seat": target, "trap": card.name, "effect": card_text(card, s.c),
                               "creature": s.c.cards[creature].name, "attacker": attacker})
    if effect == "fine":
        move_ue(s, attacker, target, card.amount)
    elif effect == "backfire":
        lose_random_cards(s, attacker, card.amount)
    if effect == "capture":
        s.hands[target].append(creature)
        s.known[target].append(creature)
        if s.telling:
            s.tell("creature_captured", {"seat": target, "creature": s.c.cards[creature].name, "from": attacker})
    else:
        s.discards.append(creature)
    if effect == "lasting":
        s.under[target][door] = trap
        s.shown[target][door] = True
    else:
        s.discards.append(trap)
    if s.power(target) == "trap_reward":
        take_from_bank(s, target, 2, "as the Trapper")


def enter_world(s: MouState, attacker: int, creature: int, target: int) -> None:
    """The creature is in: its effect applies at once, then it is discarded."""
    cards = s.c.cards
    s.discards.append(creature)
    defenders = s.defenders[target]
    for k in defenders:
        if cards[k].defence == "intercept":
            defenders.remove(k)
            if k in s.fresh[target]:
                s.fresh[target].remove(k)
            s.discards.append(k)
            if s.telling:
                s.tell("creature_intercepted", {"seat": target, "defender": cards[k].name,
                                                "creature": cards[creature].name, "from": attacker})
            open_window(s, W_RESOLVED, C_MAIN)
            return
    card = cards[creature]
    if s.telling:
        s.tell("creature_entered", {"seat": attacker, "creature": card.name, "target": target,
                                    "effect": card_text(card, s.c)})
    effect = card.effect
    amount = card.amount + (1 if s.power(attacker) == "greedy" else 0)
    choice = -1
    if effect == "bank_ue":
        take_from_bank(s, attacker, amount, "with " + card.name)
    elif effect == "steal_ue":
        if not is_guarded(s, target, "guard_ue", card.name):
            move_ue(s, target, attacker, amount)
    elif effect == "steal_card":
        if not is_guarded(s, target, "guard_hand", card.name):
            lose_random_cards(s, target, amount, to=attacker)
    elif effect == "discard_cards":
        if not is_guarded(s, target, "guard_hand", card.name):
            lose_random_cards(s, target, card.amount)
    elif effect == "sweep":
        swept = []
        for d in range(3):
            if s.under[target][d] >= 0:
                swept.append(cards[s.under[target][d]].name)
                s.discards.append(s.under[target][d])
                s.under[target][d] = -1
                s.shown[target][d] = False
        if s.telling:
            s.tell("doors_swept", {"seat": target, "cards": swept})
    elif effect == "destroy_machine":
        if destroyable(s, target) and not is_guarded(s, target, "guard_machines", card.name):
            choice = CH_DESTROY
    elif effect == "destroy_evolution":
        if s.evolutions[target] and not is_guarded(s, target, "guard_evolutions", card.name):
            choice = CH_WRECK
    elif effect == "kill_defender":
        if defenders:
            choice = CH_KILL
    elif effect == "evolve" and android_evolutions(s, attacker, target):
        choice = CH_EVOLVE
    if choice >= 0:
        s.choice = choice
        s.phase = P_CHOOSE
        s.to_act = (attacker,)
        return
    open_window(s, W_RESOLVED, C_MAIN)


def android_evolutions(s: MouState, seat: int, world: int) -> list[int]:
    """Evolution cards ``seat`` may place through the Machines of ``world`` (none twice, U-rule)."""
    cards = s.c.cards
    owned = s.machines[world]
    placed = s.evolutions[seat]
    return sorted({k for k in s.hands[seat] if cards[k].machine in owned and k not in placed
                   and cards[k].family == "evolution"})


def fitting_evolutions(s: MouState, seat: int, world: int) -> set[int]:
    """Every Evolution card (held or not) ``seat`` could place through the Machines of ``world``."""
    owned = s.machines[world]
    placed = s.evolutions[seat]
    return {c.id for c in s.c.cards if c.family == "evolution" and c.machine in owned and c.id not in placed}


def place_evolution(s: MouState, seat: int, card: int) -> None:
    before = points(s, seat) if s.telling else None
    leave_hand(s, seat, card)
    s.evolutions[seat].append(card)
    evolution = s.c.cards[card]
    if s.telling:
        s.tell("evolution_placed", {"seat": seat, "evolution": evolution.name,
                                    "machine": s.c.machines[evolution.machine].name})
    note_points(s, seat, before)
