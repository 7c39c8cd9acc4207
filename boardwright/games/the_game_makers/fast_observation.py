"""What a seat of The Game Makers observes, written straight from the state (issue 32).

The same observation as :mod:`.observation` (the reference, which reads the view), without building
the view: only its nonzero values, as (position, value) pairs appended to two lists. It mirrors
``view.build_view`` field by field and reads nothing that view hides: another seat's face-down
cards only as their number, the cards or extra tiles a seat is looking at only for that seat, a
draft set only for a seat that has held it, a sealed draft pick only for the seat that made it, the
deck and the bags only as their sizes. The score sheets come from the rule the view calls
(``scoring.sheets``). ``tests/conformance.py`` (``check_fast_observation``) compares the two at
every checked state.

Every position comes from the observer's layout: :func:`block_offsets` runs the reference encoding
once over a probe view and notes where each block starts; :class:`Places` turns those into
absolute positions once per start of the game's part. A card, shelf or cell's nonzero features
are worked out once per content (``Context.card_row`` and the like) and, per slot, once per item
the slot ever holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardwright.engine.observation import UNTRACKED, Encoder, Tracker

from . import scoring
from .board import DRAFT, EMPTY, PLAY, SETUP, TWEENIE_BASE
from .observation import (
    CARD_SIZE,
    CARDS_SCALE,
    CELL_SIZE,
    COMPONENT_SCALE,
    MAX_OFFER,
    MAX_SETS,
    SCORE_KEYS,
    SCORE_SCALE,
    SEAT_PREFIX,
    SHELF_SIZE,
    STEP_INDEX,
    TOTAL_SCALE,
    TURN_SCALE,
    WORKER_SCALE,
    Context,
    observe,
)

if TYPE_CHECKING:
    from .state import GameMakersState

#: score sheet lines, without the total
LINE_KEYS = SCORE_KEYS[:-1]

#: the blocks written per seat, in :func:`observation.observe_seat`'s order
SEAT_BLOCKS = ("forklift_wait", "forklift_last", "break_room", "workers", "cards", "tiles",
               "components", "contracts", "display", "assembly_line", "marketing", "structures",
               "building_spaces", "active", "trees", "tweenies_used", "discounts", "score", "total")


def block_offsets(ctx: Context, view: Mapping[str, Any]) -> dict[str, int]:
    """Where each block of the game's part starts, counted from the part's first position, as the
    reference encoding lays them out for any view of this player count and content."""
    encoder = Encoder(view["viewer"], ctx.players, describe=True)
    observe(encoder, view, ctx)
    return encoder.offsets()


def nonzero(row: Sequence[float]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """A row's nonzero values: their positions in the row, and the values."""
    where = tuple(i for i, v in enumerate(row) if v)
    return where, tuple(row[i] for i in where)


#: the nonzero values of some blocks: their positions and the values
Entries = tuple[tuple[int, ...], tuple[float, ...]]
#: how many contents a memo remembers before it starts afresh (a few games' worth of steps; a
#: memo holds entries keyed by the exact contents they were written from, so it is never stale)
MEMO_LIMIT = 256


def remember(memo: dict[tuple[int, ...], Entries], key: tuple[int, ...], found: Entries) -> Entries:
    """Keep ``found`` as the entries of ``key`` (forgetting everything once the memo is full)."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = found
    return found


class Pile:
    """The entries of a pile that grows until it is emptied (the discard pile, each pile of
    discarded tiles), kept for the pile's contents when last seen: the same contents again cost a
    comparison, a pile grown since costs its new items only. The contents and their entries are
    kept as one value, replaced whole, so a reader never pairs one's contents with another's
    entries."""

    __slots__ = ("known", "position_of", "value_of", "version")

    def __init__(self, position_of: Sequence[int], value_of: Sequence[float]) -> None:
        #: per item: where it counts, and what
        self.position_of = position_of
        self.value_of = value_of
        #: the contents last seen, and their positions and values
        self.known: tuple[list[int], list[int], list[float]] = ([], [], [])
        #: how many times the contents kept have changed (the pile's key in a tracked observation)
        self.version = 0

    def entries(self, items: list[int]) -> tuple[list[int], list[int], list[float]]:
        """The pile's contents ``items`` with their positions and values."""
        known = self.known
        if items == known[0]:
            return known
        size = len(known[0])
        if len(items) > size and items[:size] == known[0]:  # grown since
            where, row, new = known[1][:], known[2][:], items[size:]
        else:
            where, row, new = [], [], items
        position_of, value_of = self.position_of, self.value_of
        for item in new:
            where.append(position_of[item])
            row.append(value_of[item])
        self.known = known = (items[:], where, row)
        self.version += 1
        return known


#: item -> its row's nonzero values (positions in the row, values)
Rows = Mapping[int, Entries]


class Slots:
    """A row of slots the rules fix (Contract spaces, Display Case slots, Assembly Line cells),
    each written as its item's row; the entries of every contents seen are remembered."""

    __slots__ = ("known", "memo", "rows", "starts")

    def __init__(self, start: int, count: int, size: int, rows: Rows) -> None:
        self.starts = tuple(start + slot * size for slot in range(count))
        self.rows = rows
        #: per slot: item -> the positions of its nonzero values there
        self.known: list[dict[int, tuple[int, ...]]] = [{} for _ in range(count)]
        #: the slots' contents -> their entries
        self.memo: dict[tuple[int, ...], Entries] = {}

    def entries(self, items: tuple[int, ...]) -> Entries:
        """The nonzero values of the slots holding ``items`` (EMPTY for an empty slot)."""
        where: list[int] = []
        row: list[float] = []
        rows = self.rows
        for slot, item in enumerate(items):
            if item != EMPTY:
                known = self.known[slot]
                found = known.get(item)
                if found is None:
                    start = self.starts[slot]
                    found = known[item] = tuple(start + i for i in rows[item][0])
                where.extend(found)
                row.extend(rows[item][1])
        return tuple(where), tuple(row)


class SeatPlaces:
    """Absolute positions of one seat's blocks (the k-th seat counted from the viewer)."""

    __slots__ = ("active", "assembly_line", "blocks", "break_room", "building_spaces", "cards", "components",
                 "cell_slots", "contract_slots", "contracts", "discounts", "display", "forklift_last", "forklift_wait",
                 "marketing", "score", "shelf_slots", "structures", "structures_memo", "tiles", "total", "trees",
                 "tweenies_used", "workers")
    active: int
    assembly_line: int
    break_room: int
    building_spaces: int
    cards: int
    components: int
    contracts: int
    discounts: int
    display: int
    forklift_last: int
    forklift_wait: int
    marketing: int
    score: int
    structures: int
    tiles: int
    total: int
    trees: int
    tweenies_used: int
    workers: int

    def __init__(self, offsets: Mapping[str, int], prefix: str, at: int, card_rows: Rows,
                 shelf_rows: Rows, cell_rows: Rows) -> None:
        for name in SEAT_BLOCKS:
            setattr(self, name, at + offsets[prefix + name])
        #: the names of its blocks in a tracked observation
        self.blocks = tuple(f"{prefix}{i}" for i in range(5))
        #: the 3 Contract spaces, 12 Display Case slots and 18 Assembly Line cells
        self.contract_slots = Slots(self.contracts, 3, CARD_SIZE, card_rows)
        self.shelf_slots = Slots(self.display, 12, SHELF_SIZE, shelf_rows)
        self.cell_slots = Slots(self.assembly_line, 18, CELL_SIZE, cell_rows)
        #: Structures, filled building spaces, trees and Tweenies used -> their entries
        self.structures_memo: dict[tuple[int, ...], Entries] = {}


class Places:
    """Absolute positions of every block when the game's part starts at ``at``, and the content's
    rows as nonzero values (built once per observer)."""

    __slots__ = ("bags", "card_rows", "cell_rows", "current", "deck", "discard", "draft_holders",
                 "draft_known", "draft_sizes", "end_triggered", "ended_full", "ended_limit",
                 "level_wedges", "offer_cards", "offer_features", "offer_tiles", "order", "phase",
                 "piles", "ready", "reset_turn", "ring", "ring_positions", "seats", "shelf_rows",
                 "shelves_memo", "solo_target",
                 "step", "step_back", "step_card", "step_column", "step_count", "step_exchange",
                 "step_keep", "step_kind", "step_level", "step_moved", "step_needs", "step_optional",
                 "step_piece", "step_roll", "step_steps", "step_swaps", "step_tree", "step_tweenie",
                 "steps_below", "tile_discard", "turn", "turns_to_end", "turns_to_limit", "your_hand",
                 "your_pick")

    bags: int
    current: int
    deck: int
    discard: int
    draft_holders: int
    draft_known: int
    draft_sizes: int
    end_triggered: int
    ended_full: int
    ended_limit: int
    level_wedges: int
    offer_cards: int
    offer_features: int
    offer_tiles: int
    order: int
    phase: int
    ready: int
    reset_turn: int
    ring: int
    solo_target: int
    step: int
    step_back: int
    step_card: int
    step_column: int
    step_count: int
    step_exchange: int
    step_keep: int
    step_kind: int
    step_level: int
    step_moved: int
    step_needs: int
    step_optional: int
    step_piece: int
    step_roll: int
    step_steps: int
    step_swaps: int
    step_tree: int
    step_tweenie: int
    steps_below: int
    tile_discard: int
    turn: int
    turns_to_end: int
    turns_to_limit: int
    your_hand: int
    your_pick: int

    def __init__(self, ctx: Context, at: int) -> None:
        offsets = ctx.offsets
        for name in self.__slots__:
            if name in offsets:
                setattr(self, name, at + offsets[name])
        self.card_rows = {card: nonzero(row) for card, row in ctx.card_row.items()}
        self.shelf_rows = {card: nonzero(row) for card, row in ctx.shelf_row.items()}
        self.cell_rows = {code: nonzero(row) for code, row in ctx.cell_row.items()}
        self.seats = tuple(SeatPlaces(offsets, SEAT_PREFIX[k], at, self.card_rows, self.shelf_rows,
                                      self.cell_rows) for k in range(ctx.players))
        #: a Display Case's contents -> what its score sheet reads of it (``scoring.shelf``)
        self.shelves_memo: dict[tuple[int, ...], scoring.Shelf] = {}
        #: the discard pile (one per card), then the piles of discarded small, medium and large
        #: tiles (per size and icon, as a share of the content's tiles of that size and icon)
        tiles_at = tuple(self.tile_discard + kind for kind in ctx.tile_type)
        tile_share = tuple(ctx.tile_share[kind] for kind in ctx.tile_type)
        self.piles = (Pile(range(self.discard, self.discard + ctx.cards), (1.0,) * ctx.cards),
                      *(Pile(tiles_at, tile_share) for _ in range(3)))
        #: (ring, READY index) -> positions of the ring, READY and Level 1-3 Wedge ones
        self.ring_positions: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}

    def wheel(self, ring: tuple[int, ...], ready: int) -> tuple[int, ...]:
        """The Wedges around the Warehouse, the READY mark and the Level Wedges, as positions of
        ones (one-hot over wild and the five kinds: a Wedge of kind k is k + 1, the Wild Wedge 0)."""
        found = self.ring_positions.get((ring, ready))
        if found is None:
            found = (*(self.ring + i * 6 + kind + 1 for i, kind in enumerate(ring)), self.ready + ready,
                     *(self.level_wedges + (k - 1) * 6 + ring[(ready + k) % 6] + 1 for k in (1, 2, 3)))
            self.ring_positions[ring, ready] = found
        return found


def places(ctx: Context, at: int) -> Places:
    """The positions for a game part starting at ``at`` (worked out on first use)."""
    found = ctx.places.get(at)
    if found is None:
        found = ctx.places[at] = Places(ctx, at)
    return found


ONES = (1.0,) * 16


def observe_state(state: GameMakersState, seat: int, ctx: Context, at: int,
                  positions: list[int], values: list[float], tracker: Tracker = UNTRACKED) -> None:
    """Append the nonzero values of ``seat``'s observation of ``state`` (the game's part, from
    position ``at``): the table, the pending step, the draft, the seat's hand, then every seat;
    through ``tracker``, only the blocks whose contents changed since it last saw them."""
    lay = ctx.places.get(at) or places(ctx, at)
    put = positions.append
    value = values.append
    same = tracker.same
    players = ctx.players
    phase = state.phase
    turn = state.turn
    wheel = (turn - 1) % 6
    over = state.is_over
    end_turn = state.end_turn
    acting = state.order[state.pos] if phase in (SETUP, PLAY) else -1

    # the table, and the deck and the bags by their sizes
    deck, bags = len(state.deck), state.bags
    if not same("table", (phase, turn, acting, over, end_turn, tuple(state.order), state.ring, deck,
                          *map(len, bags)), positions):
        put(lay.phase + phase)
        value(1.0)
        put(lay.turn)
        value(turn / TURN_SCALE)
        left = min(TURN_SCALE, max(0, ctx.max_turns - turn))
        if left:
            put(lay.turns_to_limit)
            value(left / TURN_SCALE)
        if ctx.solo_target:
            put(lay.solo_target)
            value(ctx.solo_target / TOTAL_SCALE)
        if acting >= 0:
            put(lay.current + (acting - seat) % players)
            value(1.0)
        base = lay.order
        for place, s in enumerate(state.order):
            put(base + (s - seat) % players)
            value((place + 1) / players)
        wedges = lay.wheel(state.ring, wheel)
        positions.extend(wedges)
        values.extend(ONES[:len(wedges)])
        if turn > 1 and wheel == 0:
            put(lay.reset_turn)
            value(1.0)
        if end_turn:
            put(lay.end_triggered)
            value(1.0)
            if end_turn > turn:
                put(lay.turns_to_end)
                value((end_turn - turn) / 2)
        if over:
            put(lay.ended_full if end_turn and turn >= end_turn else lay.ended_limit)
            value(1.0)
        if deck:
            put(lay.deck)
            value(deck / ctx.cards)
        base = lay.bags
        for i, bag in enumerate(bags):
            if bag:
                put(base + i)
                value(len(bag) / ctx.bag_scale)

    # the discard piles
    discard, *tiles = lay.piles
    found = discard.entries(state.discard)
    if not same("discard", discard.version, positions):
        positions.extend(found[1])
        values.extend(found[2])
    found_tiles = [pile.entries(items) for pile, items in zip(tiles, state.tile_discard, strict=True)]
    if not same("tile piles", tuple([pile.version for pile in tiles]), positions):
        for _, where, row in found_tiles:
            positions.extend(where)
            values.extend(row)

    stack = state.stack
    if not same("pending", None if stack else 0, positions) and stack:
        observe_pending(lay, ctx, stack, acting == seat, put, value, positions, values)
    if not same("draft", None if phase == DRAFT else 0, positions) and phase == DRAFT:
        observe_draft(lay, ctx, state, seat, put, value)
    own = state.own_choice(seat)  # the seat's own sealed pick, as its view shows it
    hand = state.hand[seat]
    if not same("hand", (own, tuple(hand)), positions):
        if own is not None:
            pick = ctx.draft_pick.get(str(own))
            if pick is not None and 0 <= pick < len(ctx.buildings):
                put(lay.your_pick + pick)
                value(1.0)
        if hand:
            base = lay.your_hand
            positions.extend([base + card for card in hand])
            values.extend([1.0] * len(hand))

    keys = [observe_seat(places_k, ctx, state, (seat + k) % players, wheel, same, put, value, positions, values)
            for k, places_k in enumerate(lay.seats)]

    # the score sheets: read from what the seats' blocks were written from, and the VP gained
    if not same("scores", (*keys, tuple(state.vp)), positions):
        shelves = lay.shelves_memo
        display = state.display
        known = []
        for s in range(players):
            key = tuple(display[s])
            summary = shelves.get(key)
            if summary is None:
                summary = scoring.shelf(state, s)
                if len(shelves) >= MEMO_LIMIT:
                    shelves.clear()
                shelves[key] = summary
            known.append(summary)
        sheets = scoring.sheets(state, known)
        for k, at_k in enumerate(lay.seats):
            sheet = sheets[(seat + k) % players]
            base = at_k.score
            for i, name in enumerate(LINE_KEYS):
                if sheet[name]:
                    put(base + i)
                    value(sheet[name] / SCORE_SCALE)
            if sheet["total"]:
                put(at_k.total)
                value(sheet["total"] / TOTAL_SCALE)


def observe_pending(lay: Places, ctx: Context, stack: list[tuple[Any, ...]], mine: bool,
                    put: Any, value: Any, positions: list[int], values: list[float]) -> None:
    """The top pending step in full, the kinds of those under it (as ``view.frame_view`` shows
    them: the cards or tiles looked at only to the seat looking)."""
    top = stack[-1]
    what = top[0]
    index = STEP_INDEX.get(what)
    if index is not None:
        put(lay.step + index)
        value(1.0)
    base = lay.steps_below
    for frame in stack[:-1]:
        index = STEP_INDEX.get(frame[0])
        if index is not None:
            put(base + index)
            value(1.0)
    kind: int | None = None
    piece: int | None = None
    if what == "cards" or what == "setup":
        offer = top[2] if what == "cards" else top[1]
        if offer:
            put(lay.step_count)
            value(len(offer) / MAX_OFFER)
        if what == "cards" and top[1]:
            put(lay.step_keep)
            value(top[1] / 3)
        if mine and offer:
            base = lay.offer_cards
            positions.extend([base + card for card in offer])
            values.extend([1.0] * len(offer))
            rows = lay.card_rows
            base = lay.offer_features
            for slot, card in enumerate(offer[:MAX_OFFER]):
                where, row = rows[card]
                start = base + slot * CARD_SIZE
                positions.extend([start + i for i in where])
                values.extend(row)
    elif what == "tilepick":
        offer = top[1]
        if offer:
            put(lay.step_count)
            value(len(offer) / MAX_OFFER)
        if mine:
            base = lay.offer_tiles
            types = ctx.tile_type
            for tile in offer:
                put(base + types[tile])
                value(0.5)
    elif what == "use":
        kind, level, extra = top[1], top[2], top[3]
        if level:
            put(lay.step_level)
            value(level / 3)
        if kind == 3 and extra:
            put(lay.step_roll)
            value(extra / 6)
        elif kind == 1:
            piece = extra
    elif what == "wild":
        if top[1]:
            put(lay.step_level)
            value(top[1] / 3)
        if len(top) > 2 and top[2]:
            put(lay.step_exchange)
            value(1.0)
    elif what == "cell":
        piece = top[1]
    elif what == "column":
        if top[1]:
            put(lay.step_steps)
            value(top[1] / 6)
        column = 5 if top[2] == -1 else top[2]
        if 0 <= column < 6:
            put(lay.step_column + column)
            value(1.0)
    elif what == "build":
        if top[1]:
            put(lay.step_level)
            value(top[1] / 3)
    elif what == "pay" or what == "display":
        where, row = lay.card_rows[top[1]]
        base = lay.step_card
        positions.extend([base + i for i in where])
        values.extend(row)
        if what == "pay":
            base = lay.step_needs
            for need_kind, level in top[2]:
                put(base + need_kind * 4 + min(level, 3))
                value(0.5)
    elif what == "discard":
        kind = top[1]
        if top[2]:
            put(lay.step_count)
            value(top[2] / MAX_OFFER)
        space = top[3]
        if space is not None and 0 <= space < ctx.trees:
            put(lay.step_tree + space)
            value(1.0)
    elif what == "back":
        if top[1]:
            put(lay.step_back)
            value(top[1] / 3)
        if top[2]:
            put(lay.step_optional)
            value(1.0)
        moved = top[3]
        base = lay.step_moved
        for f in range(3):
            if moved >> f & 1:
                put(base + f)
                value(1.0)
    elif what == "swap" and top[1]:
        put(lay.step_swaps)
        value(top[1] / 11)
    if kind is not None:
        index = 5 if kind == -1 else kind
        if 0 <= index < 6:
            put(lay.step_kind + index)
            value(1.0)
    if piece is not None:
        where, row = lay.cell_rows[piece]
        base = lay.step_piece
        positions.extend([base + i for i in where])
        values.extend(row)
        tweenie = piece - TWEENIE_BASE
        if 0 <= tweenie < ctx.tweenies:
            put(lay.step_tweenie + tweenie)
            value(1.0)


def observe_draft(lay: Places, ctx: Context, state: GameMakersState, seat: int, put: Any,
                  value: Any) -> None:
    """The Structure draft (M11): who holds each set, its size, the tiles of the sets ``seat``
    has held (``view.knows_set``)."""
    players = ctx.players
    for letter, holder in enumerate(state.holders):
        put(lay.draft_holders + letter * players + (holder - seat) % players)
        value(1.0)
        tiles = state.sets[letter]
        if tiles:
            put(lay.draft_sizes + letter)
            value(len(tiles) / (players + 1))
            if state.draft_seen[letter] >> seat & 1:
                base = lay.draft_known
                for sid in tiles:
                    put(base + sid)
                    value(1.0)


def observe_seat(at: SeatPlaces, ctx: Context, state: GameMakersState, s: int, wheel: int, same: Any,
                 put: Any, value: Any, positions: list[int], values: list[float]) -> tuple[Any, ...]:
    """Seat ``s``'s Factory at the positions ``at`` (as ``view.seat_view`` shows it) but its score
    sheet, a block at a time: each written unless ``same`` (the tracker) has seen its contents.
    Returns what the score sheets read of the seat: its Break Room, Marketing track, machinery
    sets, workers, Contracts, Display Case, Assembly Line, Structures, trees and Tweenies used."""
    n3, n4, n10, n20 = s * 3, s * 4, s * 10, s * 20
    turn = state.turn
    blocks = at.blocks
    # the pieces counted: Forklifts, the Break Room, cards and tiles, Marketing, machinery sets
    fk_ret, fk_last, room = state.fk_ret[n3: n3 + 3], state.fk_last[n3: n3 + 3], state.room[n4 + 1: n4 + 4]
    cards, tiles = len(state.hand[s]), tuple(state.ctiles[s])
    market, sets_of = state.market[s * 5: s * 5 + 5], state.sets_of[s * 5: s * 5 + 5]
    pieces = (turn, fk_ret, fk_last, room, cards, tiles, market, sets_of)
    if not same(blocks[0], pieces, positions):
        for f in range(3):
            wait = fk_ret[f] - turn
            if wait > 0:
                put(at.forklift_wait + f)
                value(wait / 3)
            wedge = fk_last[f]
            if wedge >= 0:
                put(at.forklift_last + f * 6 + (wedge - wheel) % 6)
                value(1.0)
        for level in (0, 1, 2):
            if room[level]:
                put(at.break_room + level)
                value(room[level] / WORKER_SCALE)
        if cards:
            put(at.cards)
            value(cards / CARDS_SCALE)
        base = at.tiles
        types = ctx.tile_type
        for tile in tiles:
            put(base + types[tile])
            value(0.5)
        base = at.marketing
        for column, height in enumerate(market):
            if height:
                put(base + column)
                value(height / 5)
        if any(sets_of):
            base = at.discounts
            for kind, count in enumerate(sets_of):
                if count:
                    put(base + kind)
                    value(count / MAX_SETS)
    firsts, seconds = state.work1[n10: n10 + 10], state.work2[n10: n10 + 10]
    workers = (firsts, seconds)
    if not same(blocks[1], workers, positions) and any(firsts):
        base = at.workers
        for i, first in enumerate(firsts):
            if first:
                put(base + 2 * i)
                value(first / 3)
                if seconds[i]:
                    put(base + 2 * i + 1)
                    value(seconds[i] / 3)
    comp = state.comp[n20 + 8: n20 + 20]  # wood, dice, plastic: levels 0-3 each
    if not same(blocks[2], comp, positions) and any(comp):
        base = at.components
        for i in (1, 2, 3, 5, 6, 7, 9, 10, 11):  # levels 1-3
            if comp[i]:
                put(base + i - 1 - i // 4)
                value(comp[i] / COMPONENT_SCALE)

    # Contracts, Display Case and Assembly Line; Structures, trees and Tweenies used: remembered
    # per content, since they change a few times a game
    keys = (tuple(state.contracts[s]), tuple(state.display[s]), tuple(state.line[s]))
    if not same(blocks[3], keys, positions):
        for key, slots in zip(keys, (at.contract_slots, at.shelf_slots, at.cell_slots), strict=True):
            found = slots.memo.get(key)
            if found is None:
                found = remember(slots.memo, key, slots.entries(key))
            positions.extend(found[0])
            values.extend(found[1])
    structs, built = state.structs, state.built
    key = (*structs[n3: n3 + 3], *built[n3: n3 + 3], state.trees[s], state.used_tweenies[s])
    if not same(blocks[4], key, positions):
        found = at.structures_memo.get(key)
        if found is None:
            found = remember(at.structures_memo, key, structures(at, ctx, key))
        positions.extend(found[0])
        values.extend(found[1])
    return room, market, sets_of, workers, keys, key


def structures(at: SeatPlaces, ctx: Context, key: tuple[int, ...]) -> Entries:
    """The seat's Structures A, B, C (which, their building spaces and which are filled, whether
    active), planted tree spaces and Tweenies used, from ``key``: the 3 Structure ids, the 3
    masks of filled building spaces, the trees mask, the Tweenies mask."""
    where: list[int] = []
    row: list[float] = []
    buildings = ctx.buildings
    for letter in range(3):
        sid, filled = key[letter], key[3 + letter]
        if sid < 0:
            continue
        where.append(at.structures + sid)
        row.append(1.0)
        base = at.building_spaces + letter * 8
        spaces = buildings[sid]
        for i, level in enumerate(spaces[:4]):
            if level:
                where.append(base + i * 2)
                row.append(level / 3)
            if filled >> i & 1:
                where.append(base + i * 2 + 1)
                row.append(1.0)
        if filled == (1 << len(spaces)) - 1:  # every building space filled: active
            where.append(at.active + letter)
            row.append(1.0)
    planted, used = key[6], key[7]
    for tree in range(ctx.trees):
        if planted >> tree & 1:
            where.append(at.trees + tree)
            row.append(1.0)
    for tweenie in range(min(12, ctx.tweenies)):
        if used >> tweenie & 1:
            where.append(at.tweenies_used + tweenie)
            row.append(1.0)
    return tuple(where), tuple(row)


__all__ = ["block_offsets", "observe_state"]
