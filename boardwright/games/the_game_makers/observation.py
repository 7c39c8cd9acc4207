"""What a seat of The Game Makers observes, as a vector of fixed size (issue 17).

The observation is read from the seat's view alone, in the view's order. First the table: the
phase, the turn and how near its end the game is, who plays now and each seat's place in this
turn's order, the wheel of six Wedges with the READY mark and the Level 1-3 Wedges, the deck's
size, the face-up discards (cards counted per card of the content, tiles per size and icon), the
tile bags' sizes, and the pending steps of a compound move: the top step's kind and everything it
carries (cards or tiles being looked at, the die rolled, the tile or Tweenie being placed, the
Contract being paid and what is still owed, the tree space being paid for, ...), and the kinds of
the steps waiting under it. During the Structure draft: who holds each set, its size, the tiles
the viewer has seen in them, and the viewer's own sealed pick. Then the viewer's face-down cards,
counted per card. Then one group of blocks per seat, the viewer's first, then clockwise: Forklifts
(turns until READY, the Wedge each last stood on counted from the READY Wedge), Break Room and
workers on the ten spaces, the number of face-down cards, component tiles, wood/dice/plastic by
level, the three Contracts and twelve Display Case slots (each card by its features: type,
requirements, score pattern and target, rank, rewards), the Assembly Line's 18 cells, Marketing
cubes, the three Structures (which one, its building spaces, filled or not, active), trees,
Tweenies used, machinery discounts and the score sheet.

A card shows by its features rather than by name wherever a seat would weigh it (Contracts, the
Display Case, cards being looked at, the Contract being paid), since a learner generalises over
features; the rank, unique per card, still tells any two cards apart. Tiles are counted by size
and icon, the only things that tell them apart in play. Left out: another seat's face-down cards
and draft sets the viewer never held (hidden: the view does not hold them), the order of the
deck (hidden), which of its tiles the bags hold (only their sizes are shown; the rest follows
from the public discards and boards), the option values that never change during a game (dice
faces, the Tweenie gap rule) and the text of the content file's path. The tile ids of installed
machinery are read as their size and icon, so two Assembly Lines that differ only in which of two
identical tiles lies where look the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine.observation import Encoder

from .actions import SPACES
from .board import EMPTY, TWEENIE_BASE
from .content import COLUMNS, KINDS, LETTERS, TARGET_KIND, Card, Content, load
from .scoring import LINES
from .view import PHASES, WEDGE_NAMES

#: the kinds of pending step, as the view names them
STEPS = ("setup", "cards", "tilepick", "use", "wild", "cell", "column", "build", "pay", "display",
         "tree", "discard", "reset", "back", "swap", "release", "promote", "copy")
STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
SPACE_INDEX = {space: i for i, space in enumerate(SPACES)}
#: block name prefixes of the seats counted from the viewer (at most 6 seats)
SEAT_PREFIX = tuple(f"seat{k}_" for k in range(6))
#: rough maxima used to scale numbers into about [0, 1]
TURN_SCALE = 40        # games last about 25-35 turns (random play: up to 75)
WORKER_SCALE = 4       # workers of one level in a Break Room
COMPONENT_SCALE = 4    # wood, dice or plastic components of one level
CARDS_SCALE = 10       # face-down cards
SCORE_SCALE = 40       # one line of the score sheet
TOTAL_SCALE = 150      # a final score
MAX_OFFER = 6          # cards looked at at once: 3 cards plus 3 "view" workers
MAX_SETS = 2           # machinery discount levels that matter for one kind

SCORE_KEYS = (*(key for key, _ in LINES), "total")
#: per card: type 4, requirements 5 kinds x (any, L1, L2, L3), pattern 6, flat VP, pattern
#: target 9 (game types, then component kinds), rank, rewards 15
CARD_NOTE = ("type (yellow/blue/purple/red); requirements per kind (cards, tiles, wood, dice, "
             "plastic) x level (any, 1, 2, 3) / 2; score pattern (flat/group/rows/columns/left/"
             "right); flat VP / 8; pattern target (4 types, 5 kinds); rank / cards; rewards: "
             "resource level / 3 per kind, marketing steps / 3, its column (5 + any), VP / 3, "
             "trees, Forklifts back / 2")
CARD_SIZE = 57
#: per Display Case slot: filled, type 4, component kinds its Contract needed 5, pattern 6,
#: flat VP, target 9, rank
SHELF_NOTE = ("filled; type (4); component kinds its Contract required (5); score pattern (6); "
              "flat VP / 8; pattern target (4 types, 5 kinds); rank / cards")
SHELF_SIZE = 27
#: per Assembly Line cell: machinery icon 5, tile size / 3, Tweenie
CELL_NOTE = "machinery icon (cards/tiles/wood/dice/plastic), tile size / 3, 1 if a Tweenie"
CELL_SIZE = 7


#: the notes of blocks whose text is put together from the names above (built once)
NOTE = {
    "turn": f"the turn / {TURN_SCALE}",
    "turns_to_limit": f"turns left before the max_turns limit, at most {TURN_SCALE}, / {TURN_SCALE}",
    "solo_target": f"solo: the score to reach / {TOTAL_SCALE} (0 with more players)",
    "step": "the step being decided now (top of the pending steps): " + ", ".join(STEPS),
    "step_count": f"cards or tiles being looked at, or components still to discard / {MAX_OFFER}",
    "offer_features": f"the cards you are looking at, {MAX_OFFER} slots, each: present, " + CARD_NOTE,
    "step_piece": "the tile gained or being installed, or the Tweenie being placed: " + CELL_NOTE,
    "step_column": "the marketing column they go to: " + "/".join(COLUMNS) + ", any",
    "step_card": "the Contract being paid or shelved: present, " + CARD_NOTE,
    "break_room": f"Level 1, 2, 3 workers in the Break Room / {WORKER_SCALE}",
    "workers": "per worker space (" + ", ".join(SPACES) + "): level / 3 of its first and second worker",
    "cards": f"face-down component cards / {CARDS_SCALE}",
    "components": f"wood, dice, plastic components of levels 1-3 / {COMPONENT_SCALE}",
    "contracts": "the 3 Contract spaces, each: present, " + CARD_NOTE,
    "display": "the 12 Display Case slots row by row (3 x 4), each: " + SHELF_NOTE,
    "assembly_line": "the 18 Assembly Line cells row by row (3 x 6), each: " + CELL_NOTE,
    "marketing": "Marketing cube heights: " + ", ".join(COLUMNS) + " / 5",
    "building_spaces": "per Structure " + "/".join(LETTERS) + ", its up to 4 building spaces: level / 3, 1 if built",
    "discounts": "machinery sets per kind (" + "/".join(KINDS) + f") / {MAX_SETS}",
    "score": "score sheet lines (" + ", ".join(SCORE_KEYS[:-1]) + f") / {SCORE_SCALE}",
    "total": f"score total / {TOTAL_SCALE}",
}


@dataclass(frozen=True)
class Context:
    """What the encoding needs besides the view, worked out once per content and player count."""

    players: int
    max_turns: int
    solo_target: int
    cards: int
    #: card id -> position (ids are positions in the content's card list)
    card_index: Mapping[int, int]
    #: card id -> its features as a Contract or a card looked at (slot flag first)
    card_row: Mapping[int, tuple[float, ...]]
    #: card id -> its features on a Display Case shelf
    shelf_row: Mapping[int, tuple[float, ...]]
    #: tile id -> its kind of tile: (size - 1) * 5 + icon
    tile_type: Sequence[int]
    #: per kind of tile: 1 / how many of that kind the content holds
    tile_share: Sequence[float]
    #: Assembly Line cell code (tile id, TWEENIE_BASE + Tweenie, EMPTY) -> its row of values
    cell_row: Mapping[int, tuple[float, ...]]
    structure_index: Mapping[int, int]
    #: per Structure id: the levels of its building spaces
    buildings: Sequence[tuple[int, ...]]
    #: a sealed draft pick as the view writes it -> the Structure id
    draft_pick: Mapping[str, int]
    tweenies: int
    trees: int
    bag_scale: int
    #: block name -> where it starts in the game's part (filled by the game once the layout is
    #: known: fast_observation.block_offsets)
    offsets: dict[str, int] = field(default_factory=dict)
    #: the fast path's absolute positions per start of the game's part (fast_observation.Places)
    places: dict[int, Any] = field(default_factory=dict)


def card_features(card: Card, cards: int) -> tuple[float, ...]:
    """A card as numbers: what a player weighs before taking, making or shelving it."""
    row = [0.0] * 56
    row[card.type] = 1.0
    for kind, level in card.requires:
        row[4 + kind * 4 + level] += 0.5
    row[24 + card.pattern] = 1.0
    if card.pattern == 0:
        row[30] = card.value / 8
    else:
        row[31 + card.value] = 1.0
    row[40] = card.rank / cards
    for what, a, b in card.reward:
        if what == "res":
            row[41 + a] += b / 3
        elif what == "market":
            row[46] += b / 3
            row[47 + (5 if a < 0 else a)] = 1.0
        elif what == "vp":
            row[53] += b / 3
        elif what == "tree":
            row[54] += b
        elif what == "back":
            row[55] += b / 2
    return tuple(row)


def shelf_features(card: Card, cards: int) -> tuple[float, ...]:
    """A manufactured game as numbers: what Display Case scoring reads of it."""
    row = [0.0] * 27
    row[0] = 1.0
    row[1 + card.type] = 1.0
    for mark in card.marks[1:]:
        row[5 + mark - TARGET_KIND] = 1.0
    row[10 + card.pattern] = 1.0
    if card.pattern == 0:
        row[16] = card.value / 8
    else:
        row[17 + card.value] = 1.0
    row[26] = card.rank / cards
    return tuple(row)


def context(players: int, options: Mapping[str, Any]) -> Context:
    """The content's cards, tiles and Structures as positions and feature rows, and the options
    a seat knows all game (the turn limit, the solo target)."""
    content: Content = load(options["content"])
    cards = len(content.cards)
    card_row = {c.id: (1.0, *card_features(c, cards)) for c in content.cards}
    card_row[EMPTY] = (0.0,) * CARD_SIZE
    shelf_row = {c.id: shelf_features(c, cards) for c in content.cards}
    shelf_row[EMPTY] = (0.0,) * SHELF_SIZE
    cell_row: dict[int, tuple[float, ...]] = {EMPTY: (0.0,) * CELL_SIZE}
    for tile, (size, icon) in enumerate(content.tiles):
        row = [0.0] * CELL_SIZE
        row[icon] = 1.0
        row[5] = size / 3
        cell_row[tile] = tuple(row)
    for tweenie in range(len(content.tweenies)):
        cell_row[TWEENIE_BASE + tweenie] = (0.0,) * 6 + (1.0,)
    tile_type = tuple((size - 1) * 5 + icon for size, icon in content.tiles)
    bag_sizes = [sum(1 for size, _ in content.tiles if size == s) for s in (1, 2, 3)]
    return Context(
        players=players,
        max_turns=options["max_turns"],
        solo_target=options["solo_target"] if players == 1 else 0,
        cards=cards,
        card_index={c.id: c.id for c in content.cards},
        card_row=card_row,
        shelf_row=shelf_row,
        tile_type=tile_type,
        tile_share=tuple(1.0 / max(1, tile_type.count(kind)) for kind in range(15)),
        cell_row=cell_row,
        structure_index={s.id: s.id for s in content.structures},
        buildings=tuple(s.buildings for s in content.structures),
        draft_pick={f"draft {s.name}": s.id for s in content.structures},
        tweenies=len(content.tweenies),
        trees=len(content.trees),
        bag_scale=max(1, *bag_sizes),
    )


# ---------------------------------------------------------------------- blocks this game needs
def slots(encoder: Encoder, name: str, items: Sequence[int], table: Mapping[int, tuple[float, ...]],
          note: str) -> None:
    """A row of slots whose number the rules fix (3 Contract spaces, 12 shelves, 18 cells), each
    written as its item's precomputed row in ``table`` (which holds EMPTY for an empty slot)."""
    values = encoder.values
    start = len(values)
    for item in items:
        values.extend(table[item])
    if encoder.blocks is not None:
        encoder.blocks.append((name, len(values) - start, note))


def tile_counts(encoder: Encoder, name: str, tiles: Sequence[int] | None, ctx: Context,
                scale: float | None, note: str) -> None:
    """Tiles counted by kind of tile (3 sizes x 5 icons), divided by ``scale``, or with no
    scale as the share of the content's tiles of that kind."""
    row = [0.0] * 15
    types = ctx.tile_type
    steps = ctx.tile_share if scale is None else (1.0 / scale,) * 15
    for tile in tiles or ():
        kind = types[tile]
        row[kind] += steps[kind]
    encoder.row(name, row, note, 15)


def one_hot_row(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (none for None or an index outside the row)."""
    row = [0.0] * size
    if index is not None and 0 <= index < size:
        row[index] = 1.0
    return row


def hot(encoder: Encoder, name: str, index: int | None, size: int, note: str) -> None:
    """A one-hot block over positions 0..size-1 (the engine's ``one_hot`` compares a value with
    each choice in turn; this game's values are already positions)."""
    encoder.row(name, one_hot_row(size, index), note, size)


# ---------------------------------------------------------------------- the observation
def observe(encoder: Encoder, view: Mapping[str, Any], ctx: Context) -> None:
    """Write the table, the pending step, the draft, the viewer's hand, then every seat."""
    players = ctx.players
    turn = view["turn"]
    encoder.one_hot("phase", view["phase"], PHASES)
    encoder.number("turn", turn, TURN_SCALE, NOTE["turn"])
    encoder.number("turns_to_limit", min(TURN_SCALE, max(0, ctx.max_turns - turn)), TURN_SCALE, NOTE["turns_to_limit"])
    encoder.number("solo_target", ctx.solo_target, TOTAL_SCALE, NOTE["solo_target"])
    current = view["current"]
    encoder.seat("current", current if current >= 0 else None,
                 "the seat playing now, counted from you (none in the draft or at the end)")
    order = view["order"]
    places = [0.0] * players
    for place, seat in enumerate(order):
        places[encoder.relative(seat) or 0] = (place + 1) / players
    encoder.numbers("order", places, players,
                    note="each seat's place in this turn's order, (place + 1) / players, counted from you")

    # the Warehouse and the Steering Wheel
    ring = view["ring"]
    ring_row: list[float] = []
    for kind in ring:
        ring_row += one_hot_row(6, WEDGE_NAMES.index(kind))
    encoder.row("ring", ring_row, "the six Wedges clockwise from the Wild Wedge, each one-hot over "
                "wild/cards/tiles/wood/dice/plastic", 36)
    hot(encoder, "ready", view["ready"], 6, "ring position of the READY Wedge, one-hot")
    wedges = view["wedges"]
    level_row = one_hot_row(6, WEDGE_NAMES.index(wedges["L1"]))
    level_row += one_hot_row(6, WEDGE_NAMES.index(wedges["L2"]))
    level_row += one_hot_row(6, WEDGE_NAMES.index(wedges["L3"]))
    encoder.row("level_wedges", level_row, "the Level 1, 2 and 3 Wedges, each one-hot over "
                "wild/cards/tiles/wood/dice/plastic", 18)
    encoder.flag("reset_turn", view["reset_turn"], "1 on a Reset to the Break Room turn")
    end_turn = view["end_turn"]
    encoder.flag("end_triggered", end_turn, "1 once a Display Case is full (the final turn is set)")
    encoder.number("turns_to_end", max(0, end_turn - turn) if end_turn else 0, 2,
                   "turns from this one to the final turn / 2 (0 if not triggered)")
    ended_by = view["ended_by"] or ""
    encoder.flag("ended_full", ended_by.startswith("a full"), "1 if the game ended on a full Display Case")
    encoder.flag("ended_limit", ended_by.startswith("the turn"), "1 if the game ended at the turn limit")

    # shared piles
    encoder.number("deck", view["deck"], ctx.cards, "cards in the deck / the content's cards")
    encoder.counts("discard", view["discard"], ctx.card_index,
                   note="face-up discard pile: 1 per card of the content in it")
    encoder.numbers("bags", view["bags"], 3, ctx.bag_scale,
                    "tiles left in the small, medium and large bags / the largest bag's tiles")
    tile_discard = view["tile_discard"]
    tile_counts(encoder, "tile_discard", [t for pile in tile_discard for t in pile], ctx, None,
                "discarded tiles per size (small, medium, large) x icon (cards/tiles/wood/dice/plastic), "
                "as a share of the content's tiles of that size and icon")

    observe_pending(encoder, view["pending"], ctx)
    observe_draft(encoder, view, ctx)

    seats = view["seats"]
    viewer = encoder.viewer
    encoder.counts("your_hand", seats[viewer]["hand"], ctx.card_index,
                   note="your face-down component cards: 1 per card of the content")
    for k, seat in enumerate(encoder.seats()):
        observe_seat(encoder, SEAT_PREFIX[k], seats[seat], view["ready"], ctx)


def observe_pending(encoder: Encoder, pending: Sequence[Mapping[str, Any]], ctx: Context) -> None:
    """The open steps of a compound move: the top one in full, the kinds of those under it."""
    top: Mapping[str, Any] = pending[-1] if pending else {}
    step: str = top.get("step", "")
    hot(encoder, "step", STEP_INDEX.get(step), len(STEPS), NOTE["step"])
    encoder.counts("steps_below", [f["step"] for f in pending[:-1]], STEP_INDEX,
                   note="kinds of the pending steps waiting under the top one, counted")
    encoder.number("step_count", top.get("count") if step in ("setup", "cards", "tilepick", "discard")
                   else 0, MAX_OFFER, NOTE["step_count"])
    encoder.number("step_keep", top.get("keep"), 3, "cards still to keep from those looked at / 3")
    offer = top.get("offer") if step in ("setup", "cards") else None
    encoder.counts("offer_cards", offer, ctx.card_index,
                   note="the cards you are looking at: 1 per card of the content")
    row: list[float] = []
    for card in (offer or ())[:MAX_OFFER]:
        row += ctx.card_row[card]
    encoder.row("offer_features", row, NOTE["offer_features"], MAX_OFFER * CARD_SIZE)
    tile_counts(encoder, "offer_tiles", top.get("offer") if step == "tilepick" else None, ctx, 2,
                "the tiles you are looking at, per size x icon / 2")
    kind = top.get("kind") if step in ("use", "discard") else None
    hot(encoder, "step_kind", 5 if kind == -1 else kind, 6,
        "resource kind gained or to discard, one-hot: cards/tiles/wood/dice/plastic, any")
    encoder.number("step_level", top.get("level"), 3, "level of the resource, wild pick or building / 3")
    encoder.flag("step_exchange", top.get("exchange"), "1 if a Gain 1 exchange (no wood)")
    extra = top.get("extra") if step == "use" else None
    encoder.number("step_roll", extra if kind == 3 else 0, 6, "the die just rolled / 6")
    piece = top.get("piece") if step == "cell" else (extra if kind == 1 else None)
    encoder.numbers("step_piece", ctx.cell_row[piece] if piece is not None else (), CELL_SIZE,
                    note=NOTE["step_piece"])
    hot(encoder, "step_tweenie", piece - TWEENIE_BASE if piece is not None else None, ctx.tweenies,
        "the Tweenie being placed, one-hot")
    encoder.number("step_steps", top.get("steps") if step == "column" else 0, 6, "marketing steps to take / 6")
    column = top.get("column") if step == "column" else None
    hot(encoder, "step_column", 5 if column == -1 else column, 6, NOTE["step_column"])
    card = top.get("card")
    encoder.row("step_card", ctx.card_row[card] if card is not None else (), NOTE["step_card"], CARD_SIZE)
    needs = [0.0] * 20
    for need_kind, level in top.get("needs") or ():
        needs[need_kind * 4 + min(level, 3)] += 0.5
    encoder.row("step_needs", needs, "what is still owed on it, per kind x level (any, 1, 2, 3) / 2", 20)
    hot(encoder, "step_tree", top.get("space") if step == "discard" else None, ctx.trees,
        "the tree space being paid for by discarding, one-hot")
    back = step == "back"
    encoder.number("step_back", top.get("count") if back else 0, 3, "Forklifts still to move back / 3")
    encoder.flag("step_optional", back and top.get("optional"), "1 if moving Forklifts back may stop here")
    moved = (top.get("moved") or 0) if back else 0
    encoder.numbers("step_moved", [moved >> f & 1 for f in range(3)], 3,
                    note="Forklifts already moved back by this effect")
    encoder.number("step_swaps", top.get("left") if step == "swap" else 0, 11, "Display Case swaps left / 11")


def observe_draft(encoder: Encoder, view: Mapping[str, Any], ctx: Context) -> None:
    """The Structure draft (M11): holders, set sizes, the tiles the viewer knows, its sealed pick."""
    draft = view.get("draft") or ()
    holders: list[float] = []
    sizes = [0.0, 0.0, 0.0]
    known: list[int] = []
    for letter in range(3):
        entry = draft[letter] if letter < len(draft) else None
        holders += one_hot_row(ctx.players, encoder.relative(entry["holder"]) if entry else None)
        if entry:
            sizes[letter] = entry["size"] / (ctx.players + 1)
            known += entry["tiles"] or ()
    encoder.row("draft_holders", holders, "who holds the A, B and C draft sets, each one-hot over seats "
                "counted from you", 3 * ctx.players)
    encoder.row("draft_sizes", sizes, "tiles left in the A, B and C draft sets / (players + 1)", 3)
    encoder.counts("draft_known", known, ctx.structure_index,
                   note="Structure tiles you know to be in the draft sets, 1 per Structure")
    choice = view.get("your_choice")
    hot(encoder, "your_pick", ctx.draft_pick.get(choice) if choice else None, len(ctx.buildings),
        "your sealed draft pick, one-hot over Structures")


def observe_seat(encoder: Encoder, p: str, seat: Mapping[str, Any], ready: int, ctx: Context) -> None:
    """One seat's Factory; ``p`` names the seat counted from the viewer (seat0_ is yours)."""
    encoder.numbers(p + "forklift_wait", seat["forklifts"], 3, 3, "turns until each Forklift is READY / 3")
    last: list[float] = []
    for wedge in seat["forklift_last"]:
        last += one_hot_row(6, (wedge - ready) % 6 if wedge >= 0 else None)
    encoder.row(p + "forklift_last", last, "the Wedge each Forklift last stood on, "
                "one-hot counted clockwise from the READY Wedge (k = the Level k Wedge now)", 18)
    encoder.numbers(p + "break_room", seat["break_room"], 3, WORKER_SCALE, NOTE["break_room"])
    workers = [0.0] * 20
    for space, levels in seat["workers"].items():
        index = SPACE_INDEX[space] * 2
        for i, level in enumerate(levels[:2]):
            workers[index + i] = level / 3
    encoder.row(p + "workers", workers, NOTE["workers"], 20)
    encoder.number(p + "cards", seat["cards"], CARDS_SCALE, NOTE["cards"])
    tile_counts(encoder, p + "tiles", seat["tiles"], ctx, 2, "component tiles per size x icon / 2")
    components = seat["components"]
    encoder.numbers(p + "components", [*components["wood"], *components["dice"], *components["plastic"]],
                    9, COMPONENT_SCALE, NOTE["components"])
    slots(encoder, p + "contracts", seat["contracts"], ctx.card_row, NOTE["contracts"])
    slots(encoder, p + "display", seat["display"], ctx.shelf_row, NOTE["display"])
    slots(encoder, p + "assembly_line", seat["assembly_line"], ctx.cell_row, NOTE["assembly_line"])
    encoder.numbers(p + "marketing", seat["marketing"], 5, 5, NOTE["marketing"])
    structures = seat["structures"]
    encoder.counts(p + "structures", [s for s in structures if s >= 0], ctx.structure_index,
                   note="the seat's A, B and C Structures: 1 per Structure of the content")
    spaces = [0.0] * 24
    built = seat["built"]
    for letter, sid in enumerate(structures):
        if sid >= 0:
            for i, level in enumerate(ctx.buildings[sid][:4]):
                spaces[letter * 8 + i * 2] = level / 3
                spaces[letter * 8 + i * 2 + 1] = float(built[letter] >> i & 1)
    encoder.row(p + "building_spaces", spaces, NOTE["building_spaces"], 24)
    encoder.numbers(p + "active", seat["active"], 3, note="1 per active Structure A, B, C")
    flags = [0.0] * ctx.trees
    for tree in seat["trees"]:
        flags[tree] = 1.0
    encoder.row(p + "trees", flags, "1 per planted tree space", ctx.trees)
    flags = [0.0] * ctx.tweenies
    for tweenie in seat["tweenies_used"]:
        flags[tweenie] = 1.0
    encoder.row(p + "tweenies_used", flags, "1 per Tweenie already placed", ctx.tweenies)
    encoder.numbers(p + "discounts", seat["discounts"], 5, MAX_SETS, NOTE["discounts"])
    score = seat["score"]
    encoder.numbers(p + "score", [score[key] for key in SCORE_KEYS[:-1]], len(SCORE_KEYS) - 1,
                    SCORE_SCALE, NOTE["score"])
    encoder.number(p + "total", score["total"], TOTAL_SCALE, NOTE["total"])

__all__ = ["STEPS", "Context", "context", "observe"]
