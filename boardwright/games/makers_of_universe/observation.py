"""The observation of Makers of Universe: one seat's view as a fixed-size vector for learning agents.

It reads like the view, top to bottom. First the table: the phase, the round, the Preum's pawn and
the active player, the Bank, the Machine pile (its size, the Machines known to lie at its bottom,
those out of the game), the auction (which one of the two, the Machine on auction, the tied re-bid,
who bids, the last bids revealed, and your own sealed bid once made), the Resource pile and the
discard pile (counts per card as a share of the card's copies, and its top card), the reaction
window if one is open (which, who passed, whether a card reopened it), an attack under way (who
sends which creature, from its hand or its world, at which seat's door, whether that door hides a
card, whether the attack was cancelled), what the player whose turn it is has used of its
once-a-turn abilities (a Ravager Cannon, the Warlord's power) and the step of a move being made
(the door being trapped, doors or cards left to choose, who discards how many, whose world a
creature's effect acts on). Then your hand as a count per card. Then one group per seat, starting
with yours and going clockwise: its Character, UE, hand size, the cards of its hand that everyone
knows and those that only you know, its three doors (active, a card under it, and that card when
you may see it), its Machines, Evolutions and defence creatures (and those placed this turn, which
may not attack yet), and its creation points.

Not encoded: the names of the doors (labels with no rule attached), the Character's power text,
the points of each Machine and Evolution and the card facts (all fixed by the names already
encoded and the content), the order in which a world's Machines, Evolutions and defenders were
placed and the order of the discard pile below its top card (counts carry what the rules use),
and the round limit and target themselves (options, fixed for an observer: they show as the
last-round flag and as points over the target). Numbers are divided by a rough maximum given in
each block's note, so values stay near [0, 1]. Everything comes from ``view(seat)``, so another
seat's hand, the cards face down under its doors and its sealed bid never move the vector.

The fast path, :func:`observe_state`, writes the same numbers straight from the state (for the
learners, who observe at every step): it reads exactly the fields :func:`.view.build_view` shows the
seat, through tables of positions built once per observer (:class:`Tables`), at the offsets the
view's encoding gives each block. The conformance kit compares the two at every checked state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from boardwright.engine.observation import Encoder

from . import rules as R
from .content import CONTENT_FILE, CREATURE, EVOLUTION, load

if TYPE_CHECKING:
    from .state import MouState

DOORS = 3


@dataclass(frozen=True)
class Context:
    """The vocabularies of one content, built once per observer."""

    cards: dict[str, int]          # every Resource card name -> position
    copies: tuple[float, ...]      # 1 / the copies of each card, in the same order
    creatures: dict[str, int]
    evolutions: dict[str, int]
    machines: dict[str, int]
    characters: dict[str, int]
    phases: tuple[str, ...]
    windows: tuple[str, ...]
    seat_labels: tuple[dict[str, tuple[str, str]], ...]   # per seat counted from the viewer
    #: the fast path's tables (set by :func:`with_tables` once the layout is known)
    tables: Tables | None = field(default=None, compare=False)


def context(players: int, options: Mapping[str, Any]) -> Context:
    """The names of the content's cards, Machines and Characters, the phases and the windows."""
    c = load(options.get("content") or CONTENT_FILE)

    def index(names: list[str]) -> dict[str, int]:
        return {name: i for i, name in enumerate(names)}

    return Context(
        cards=index([k.name for k in c.cards]),
        copies=tuple(1.0 / k.count for k in c.cards),
        creatures=index([k.name for k in c.cards if k.family == CREATURE]),
        evolutions=index([k.name for k in c.cards if k.family == EVOLUTION]),
        machines=index([m.name for m in c.machines]),
        characters=index([ch.name for ch in c.characters]),
        phases=R.PHASES,
        windows=R.WINDOWS,
        seat_labels=_seat_labels(players),
    )


def observe(e: Encoder, view: Mapping[str, Any], ctx: Context) -> None:
    """Write the table, your hand, then each seat's world, seats counted from you."""
    target = view["target"]
    players = view["players"]
    order = e.seats()

    # ---------------------------------------------------------------- the round
    e.one_hot("phase", view["phase"], ctx.phases, "the step being played: " + ", ".join(ctx.phases))
    e.number("round", view["round"], 20, "the round / 20 (games mostly end by round 15; the limit is an option)")
    e.flag("last_round", view["round"] >= view["max_rounds"], "1 in the last round the round limit allows")
    e.seat("pawn", view["pawn"], "who holds the Preum's pawn (plays first this round), counted from you")
    e.seat("active", view["active"], "whose turn it is in the action phase (the pawn's seat while buying)")
    e.number("bank", view["bank"], 30, "UE in the Bank / 30")

    # ---------------------------------------------------------------- Machines and the auction
    machines = ctx.machines
    e.number("machine_pile", view["machine_pile"], 18, "Machines left in the pile / 18")
    e.counts("pile_bottom", view["pile_bottom"], machines, 2,
             "Machines known to lie at the bottom of the pile, per Machine / 2")
    e.counts("scrapped", view["scrapped"], machines, 2, "Machines out of the game, per Machine / 2")
    e.one_hot("auction", view["auction"], (1, 2), "which of the round's two auctions is on")
    e.counts("on_auction", (view["on_auction"],) if view["on_auction"] else None, machines,
             note="the Machine on auction, one-hot over the Machines")
    e.number("bid_round", view["bid_round"], 3, "tied re-bid number / 3 (0 = the first bids)")
    e.seat_set("bidders", view["bidders"], "seats bidding now (all, or those tied), counted from you")
    bids = view["last_bids"]
    e.seat_set("last_bidders", [seat for seat, bid in enumerate(bids) if bid >= 0],
               "seats whose bids were last revealed, counted from you")
    e.numbers("last_bids", [max(bids[seat], 0) if bids else 0 for seat in order], e.players, 10,
              "the last revealed bid of each seat / 10, counted from you")
    choice = view.get("your_choice")
    e.number("your_bid", int(choice.split()[1]) if choice else None, 10,
             "your own sealed bid / 10, once made (see committed)")

    # ---------------------------------------------------------------- Resource cards
    cards = ctx.cards
    discard = view["discard"]
    e.number("deck", view["deck"], 67, "Resource cards in the draw pile / 67")
    e.number("discard_size", len(discard), 67, "cards in the discard pile / 67")
    shares = [0.0] * len(cards)
    copies = ctx.copies
    for name in discard:
        at = cards[name]
        shares[at] += copies[at]
    _row(e, ("discard", "cards in the discard pile, per card as a share of its copies"), shares)
    e.counts("discard_top", discard[-1:], cards,
             note="the top card of the discard pile (in the creature-effect step, the creature that got in)")

    # ---------------------------------------------------------------- reaction window and attack
    e.one_hot("window", view["window"], ctx.windows,
              "the reaction window open, if any: " + ", ".join(ctx.windows))
    e.seat_set("window_passed", view["window_passed"], "seats that passed in this window, counted from you")
    e.flag("window_reopened", view["window_reopened"], "1 if a card played in it reopened the window")
    attack = view["attack"]
    e.flag("attack", attack is not None, "1 while a creature is being sent or stands before a door")
    e.seat("attack_by", attack["attacker"] if attack else None, "the attacking seat, counted from you")
    e.counts("attack_creature", (attack["creature"],) if attack else None, ctx.creatures,
             note="the attacking creature, one-hot over the creatures")
    at_seat = attack["seat"] if attack else None
    e.seat("attack_at", at_seat, "the attacked seat once chosen, counted from you")
    door = attack["door"] if attack else None
    e.one_hot("attack_door", door, (1, 2, 3), "the attacked door once chosen")
    e.flag("attack_trapped", at_seat is not None and door is not None
           and players[at_seat]["doors"][door - 1]["card_under"], "1 if a card lies under the attacked door")
    e.flag("attack_cancelled", attack["cancelled"] if attack else False, "1 if an Action card cancelled it")
    e.flag("attack_from_world", attack["from_world"] if attack else False,
           "1 if the creature attacks from its owner's world (back sends it there), 0 from the hand")

    # ---------------------------------------------------------------- once a turn
    e.flag("cannon_used", view["cannon_used"], "1 once the player whose turn it is has fired a Ravager Cannon")
    e.flag("power_used", view["power_used"],
           "1 once the once-a-turn power of the Character whose turn it is has worked (the Warlord's)")

    # ---------------------------------------------------------------- the step of a move
    e.one_hot("trapping_door", view.get("trapping_door"), (1, 2, 3),
              "the door a card is being hidden under")
    e.number("left_to_choose", view.get("left_to_choose"), 3,
             "doors to activate for a new Machine, or cards to give up in an exchange, still to choose / 3")
    discarding = view.get("discarding")
    e.seat("discarding", discarding["seat"] if discarding else None,
           "who discards half a hand after losing a Machine, counted from you")
    e.number("discard_left", discarding["left"] if discarding else None, 8, "cards still to discard / 8")
    e.seat("effect_in_world_of", view.get("effect_in_world_of"),
           "whose world an attacking creature's effect acts on (its owner chooses), counted from you")

    # ---------------------------------------------------------------- your hand
    e.counts("your_hand", players[e.viewer]["hand"], cards, 2, "your hand, count per card / 2")

    # ---------------------------------------------------------------- each world
    characters, evolutions, creatures = ctx.characters, ctx.evolutions, ctx.creatures
    size = len(cards)
    for seat, label in zip(order, ctx.seat_labels, strict=True):
        p = players[seat]
        name, note = label["character"]
        e.counts(name, (p["character"],) if p["character"] else None, characters, note=note)
        name, note = label["ue"]
        e.number(name, p["ue"], 15, note)
        name, note = label["hand_size"]
        e.number(name, p["hand_size"], 10, note)
        name, note = label["known_cards"]
        e.counts(name, p["known_cards"], cards, 2, note)
        name, note = label["known_to_you"]
        e.counts(name, p["known_to_you"], cards, 2, note)
        doors = p["doors"]
        _row(e, label["doors_active"], [1.0 if door["active"] else 0.0 for door in doors])
        _row(e, label["doors_card_under"], [1.0 if door["card_under"] else 0.0 for door in doors])
        under = [0.0] * (DOORS * size)
        for d, door in enumerate(doors):
            if door["under"]:
                under[d * size + cards[door["under"]]] = 1.0
        _row(e, label["doors_under"], under)
        name, note = label["machines"]
        e.counts(name, p["machines"], machines, 2, note)
        name, note = label["evolutions"]
        e.counts(name, p["evolutions"], evolutions, note=note)
        name, note = label["defenders"]
        e.counts(name, p["defenders"], creatures, note=note)
        name, note = label["placed_this_turn"]
        e.counts(name, p["placed_this_turn"], creatures, note=note)
        name, note = label["points"]
        e.number(name, p["points"], target, note)


def _row(e: Encoder, label: tuple[str, str], row: list[float]) -> None:
    """A block written as it comes (its values already scaled, its size fixed by the caller)."""
    e.row(label[0], row, label[1])


#: what each block of a seat's group holds; ``{}`` is filled with whose world it is
_SEAT_NOTES = {
    "character": "Character ({}), one-hot over the Characters",
    "ue": "UE ({}) / 15",
    "hand_size": "cards in hand ({}) / 10",
    "known_cards": "cards of the hand ({}) everyone knows, count per card / 2",
    "known_to_you": "cards of the hand ({}) only you know, count per card / 2",
    "doors_active": "doors 1-3 ({}): 1 if active",
    "doors_card_under": "doors 1-3 ({}): 1 if a card lies under it",
    "doors_under": "doors 1-3 ({}): the card under it when you may see it, one-hot over the cards, "
                   "door after door",
    "machines": "Machines ({}), per Machine / 2",
    "evolutions": "Evolutions placed ({})",
    "defenders": "creatures in defence ({})",
    "placed_this_turn": "defence creatures placed this turn ({}), which may not attack yet",
    "points": "creation points ({}) / the target",
}


def _seat_labels(players: int) -> tuple[dict[str, tuple[str, str]], ...]:
    """The (name, note) of every block of each seat's group, seats counted from the viewer."""
    return tuple({field: (f"seat{k}.{field}", note.format("yours" if k == 0 else f"seat {k} after you"))
                  for field, note in _SEAT_NOTES.items()} for k in range(players))


# -------------------------------------------------------------------- the fast path

#: the blocks of the table and of your hand, in the order :func:`observe` writes them
TABLE_BLOCKS = (
    "phase", "round", "last_round", "pawn", "active", "bank", "machine_pile", "pile_bottom", "scrapped",
    "auction", "on_auction", "bid_round", "bidders", "last_bidders", "last_bids", "your_bid", "deck",
    "discard_size", "discard", "discard_top", "window", "window_passed", "window_reopened", "attack",
    "attack_by", "attack_creature", "attack_at", "attack_door", "attack_trapped", "attack_cancelled",
    "attack_from_world", "cannon_used", "power_used", "trapping_door", "left_to_choose", "discarding",
    "discard_left", "effect_in_world_of", "your_hand",
)


class Tables:
    """What :func:`observe_state` looks up instead of names: where each block starts, and the
    position of each card, Machine and Character (by its id in the content) in the vocabularies
    the view's encoding counts it in (``None`` where the encoding skips it)."""

    __slots__ = ("absolute", "card", "character", "creature", "evolution", "groups", "machine",
                 "named_card", "named_machine", "offsets", "share", "size")

    def __init__(self, ctx: Context, offsets: dict[str, int], content_file: Any) -> None:
        c = load(content_file)
        #: each block's offset within the game's part of the observation
        self.offsets = offsets
        #: the offsets of the table's blocks, then one tuple per seat's group, by where the game's
        #: part starts (one observer always starts it at the same place)
        self.absolute: dict[int, tuple[Any, ...]] = {}
        self.groups = tuple(tuple(f"seat{k}.{name}" for name in _SEAT_NOTES) for k in range(len(ctx.seat_labels)))
        self.size = len(ctx.cards)
        self.card = tuple(ctx.cards[k.name] for k in c.cards)
        self.share = tuple(ctx.copies[at] for at in self.card)
        # a door's card and the Machine on auction are encoded only under a name (the view's test)
        self.named_card = tuple(at if k.name else None for k, at in zip(c.cards, self.card, strict=True))
        self.creature = tuple(ctx.creatures.get(k.name) for k in c.cards)
        self.evolution = tuple(ctx.evolutions.get(k.name) for k in c.cards)
        self.machine = tuple(ctx.machines[m.name] for m in c.machines)
        self.named_machine = tuple(ctx.machines[m.name] if m.name else None for m in c.machines)
        self.character = tuple(ctx.characters[ch.name] if ch.name else None for ch in c.characters)

    def place(self, at: int) -> tuple[Any, ...]:
        """The absolute offsets of every block when the game's part starts at ``at``, then each
        seat's group's, then where each card (by id) counts in your hand and in the discard pile, and
        its share of its copies."""
        offsets = self.offsets
        hand, discard = at + offsets["your_hand"], at + offsets["discard"]
        found = (*(at + offsets[name] for name in TABLE_BLOCKS),
                 tuple(tuple(at + offsets[name] for name in group) for group in self.groups),
                 tuple(hand + k for k in self.card).__getitem__,
                 tuple(discard + k for k in self.card).__getitem__, self.share.__getitem__)
        self.absolute[at] = found
        return found


def with_tables(ctx: Context, view: Mapping[str, Any], options: Mapping[str, Any]) -> Context:
    """``ctx`` with the fast path's tables, the blocks placed where encoding ``view`` (any view
    of the observer's player count and options) puts them."""
    if ctx.phases != R.PHASES or ctx.windows != R.WINDOWS:
        raise AssertionError("makers-of-universe: the fast path numbers phases and windows as the rules do")
    e = Encoder(view["viewer"], view["player_count"])
    observe(e, view, ctx)
    return replace(ctx, tables=Tables(ctx, e.offsets(), options.get("content") or CONTENT_FILE))


def observe_state(s: MouState, seat: int, ctx: Context, at: int, positions: list[int],
                  values: list[float]) -> None:
    """:func:`observe` straight from the state: the nonzero values of ``seat``'s observation as
    positions and values (values at one position add up), reading only what :func:`.view.build_view`
    shows ``seat``. Block by block as :func:`observe` writes them; the positions of the many values
    of 1 (flags, one-hots) and of 1/2 (a card or Machine counted over 2) are gathered apart and
    written at the end, each list with its one value."""
    t = ctx.tables
    if t is None:
        raise ValueError("makers-of-universe: this observation context has no fast-path tables")
    o = t.absolute.get(at) or t.place(at)
    (o_phase, o_round, o_last_round, o_pawn, o_active, o_bank, o_machine_pile, o_pile_bottom, o_scrapped,
     o_auction, o_on_auction, o_bid_round, o_bidders, o_last_bidders, o_last_bids, o_your_bid, o_deck,
     o_discard_size, _discard, o_discard_top, o_window, o_window_passed, o_window_reopened, o_attack,
     o_attack_by, o_attack_creature, o_attack_at, o_attack_door, o_attack_trapped, o_attack_cancelled,
     o_attack_from_world, o_cannon_used, o_power_used, o_trapping_door, o_left_to_choose, o_discarding,
     o_discard_left, o_effect_in_world_of, _your_hand, groups, in_hand, in_discard, share) = o
    add = positions.append
    put = values.append
    n = s.players
    phase = s.phase
    card = t.card
    machine = t.machine
    # the round (ctx.phases and ctx.windows are R.PHASES and R.WINDOWS: a phase's number is its place)
    ones = [o_phase + phase, o_pawn + (s.pawn - seat) % n, o_active + (s.active - seat) % n]
    one = ones.append
    hands = s.hands
    halves = list(map(in_hand, hands[seat]))
    half = halves.append
    rnd = s.round
    if rnd:
        add(o_round)
        put(rnd / 20)
    if rnd >= s.max_rounds:
        one(o_last_round)
    if s.bank:
        add(o_bank)
        put(s.bank / 30)

    # Machines and the auction
    pile = s.pile
    if pile:
        add(o_machine_pile)
        put(len(pile) / 18)
    if s.known_bottom:
        for m in pile[len(pile) - s.known_bottom:]:
            half(o_pile_bottom + machine[m])
    for m in s.scrapped:
        half(o_scrapped + machine[m])
    if s.auction_no == 1 or s.auction_no == 2:
        one(o_auction + s.auction_no - 1)
    if s.on_auction >= 0:
        named = t.named_machine[s.on_auction]
        if named is not None:
            one(o_on_auction + named)
    if s.bid_round:
        add(o_bid_round)
        put(s.bid_round / 3)
    if phase == R.P_BID:
        for bidder in s.bidders:
            one(o_bidders + (bidder - seat) % n)
    for bidder, bid in enumerate(s.last_bids):
        if bid >= 0:
            where = (bidder - seat) % n
            one(o_last_bidders + where)
            if bid:
                add(o_last_bids + where)
                put(bid / 10)
    choice = s.own_choice(seat)
    if choice is not None:
        bid = int(choice.split()[1])
        if bid:
            add(o_your_bid)
            put(bid / 10)

    # Resource cards
    if s.deck:
        add(o_deck)
        put(len(s.deck) / 67)
    discards = s.discards
    if discards:
        add(o_discard_size)
        put(len(discards) / 67)
        positions.extend(map(in_discard, discards))
        values.extend(map(share, discards))
        one(o_discard_top + card[discards[-1]])

    # reaction window and attack
    if phase == R.P_WINDOW:
        one(o_window + s.win_kind)
        for passed in s.win_passed:
            one(o_window_passed + (passed - seat) % n)
        if s.win_reopened:
            one(o_window_reopened)
    if s.att_card >= 0:
        one(o_attack)
        one(o_attack_by + (s.att_seat - seat) % n)
        creature = t.creature[s.att_card]
        if creature is not None:
            one(o_attack_creature + creature)
        door = s.att_door
        if door >= 0:
            target = s.att_target
            one(o_attack_at + (target - seat) % n)
            if door < 3:
                one(o_attack_door + door)
            if s.under[target][door] >= 0:
                one(o_attack_trapped)
        if s.att_cancelled:
            one(o_attack_cancelled)
        if s.att_world:
            one(o_attack_from_world)

    # once a turn
    if s.cannon_used:
        one(o_cannon_used)
    if s.power_used:
        one(o_power_used)

    # the step of a move
    if phase == R.P_HIDE:
        if 0 <= s.pending < 3:
            one(o_trapping_door + s.pending)
    elif phase == R.P_DOORS or phase == R.P_GIVE:
        if s.pending:
            add(o_left_to_choose)
            put(s.pending / 3)
    elif phase == R.P_DISCARD:
        one(o_discarding + (s.disc_seat - seat) % n)
        if s.disc_left:
            add(o_discard_left)
            put(s.disc_left / 8)
    elif phase == R.P_CHOOSE:
        one(o_effect_in_world_of + (s.att_target - seat) % n)

    # each world, yours first, then clockwise (your hand is in halves already)
    character, named_card = t.character, t.named_card
    evolution, creature_of = t.evolution, t.creature
    size = t.size
    seen = s.seen[seat]
    target_points = s.target
    characters, ues, known, open_, under_all, shown_all = s.characters, s.ue, s.known, s.open_, s.under, s.shown
    machines, evolutions, defenders, fresh = s.machines, s.evolutions, s.defenders, s.fresh
    points_of = R.points
    for k, group in enumerate(groups):
        p = (seat + k) % n
        (g_character, g_ue, g_hand_size, g_known, g_known_to_you, g_active, g_card_under, g_under,
         g_machines, g_evolutions, g_defenders, g_fresh, g_points) = group
        char = characters[p]
        if char >= 0:
            named = character[char]
            if named is not None:
                one(g_character + named)
        ue = ues[p]
        if ue:
            add(g_ue)
            put(ue / 15)
        held = len(hands[p])
        if held:
            add(g_hand_size)
            put(held / 10)
        for c in known[p]:
            half(g_known + card[c])
        for c in seen[p]:
            half(g_known_to_you + card[c])
        doors = open_[p]
        if doors[0]:
            one(g_active)
        if doors[1]:
            one(g_active + 1)
        if doors[2]:
            one(g_active + 2)
        under = under_all[p]
        if under[0] >= 0 or under[1] >= 0 or under[2] >= 0:
            shown = shown_all[p]
            for d in (0, 1, 2):
                hidden = under[d]
                if hidden >= 0:
                    one(g_card_under + d)
                    if p == seat or shown[d]:
                        named = named_card[hidden]
                        if named is not None:
                            one(g_under + d * size + named)
        for m in machines[p]:
            half(g_machines + machine[m])
        for c in evolutions[p]:
            named = evolution[c]
            if named is not None:
                one(g_evolutions + named)
        for c in defenders[p]:
            named = creature_of[c]
            if named is not None:
                one(g_defenders + named)
        for c in fresh[p]:
            named = creature_of[c]
            if named is not None:
                one(g_fresh + named)
        points = points_of(s, p)
        if points:
            add(g_points)
            put(points / target_points)

    positions += ones
    values += [1.0] * len(ones)
    positions += halves
    values += [0.5] * len(halves)
