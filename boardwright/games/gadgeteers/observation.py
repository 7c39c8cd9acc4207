"""A seat's view of Gadgeteers as a vector of numbers of one fixed size, for learning agents.

Read from ``view(seat)`` alone, in the view's order: the round and phase (and whether the player to
act has done something this turn); the square of 12 Parts
(for each Part, in the order of the rules' Part list: the cell it sits on, each seat's tokens
there as a count per token kind plus the count of face-down tokens the viewer cannot read, which
of the viewer's own tokens there are still face down, each
seat's visible control total, and who controls it once no token is face down); the Junk Pile; the
Gadget row and the known bottom of the deck; per seat, its built Gadgets, spent Single Use powers,
the score anyone can count, the tokens it has behind its screen or face down, its Alternate
Token, whether it has passed and its Bonus card when it is shown; the viewer's own screen; and the
step of a special power being carried out with what its earlier steps chose. Seats are counted
from the viewer, so one policy plays every seat.

Left out, because they add nothing a player could use or are fixed by the content: each Gadget's
points, Type, needed Parts and power text (the same for every state: a Gadget's identity carries
them), the row's order (any Gadget in it may be built), the order of tokens within a Part (always
by kind), the cell's row and column and the corner flag (the cell says both), the step's prompt
(the step says it), each seat's Parts controlled at the end (the control blocks hold it) and the
duplicate name lists (``gadgets`` beside ``built``, ``junk`` beside the Junk Pile). The Gadgets left
in the deck are those seen nowhere else.

The fast path (:func:`observe_state`) writes the same values straight from the state, reading
only what the view shows. While tokens are face down it does not read another seat's face-down
tokens or screen at all: as at the table, its tokens on a Part that are not face up are face
down ("?"), and the tokens it was dealt, less those face up and in the Junk Pile, are behind its
screen or face down (``unseen``). Each block's place is read from the layout the view's encoding
gives, once per observer; the positions and values of the tokens at each place of the state's
flat lists are tables per viewer. A group of blocks read from a few lists of the state (the
face-up tokens; what is counted from them; control; the screens; the Junk Pile, row, deck and
seat blocks) is kept per viewer with a copy of those lists and written again only when they
differ: between two observations of a seat most of them stay as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain, compress, filterfalse, repeat
from operator import add, getitem, mul, sub
from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.observation import Encoder, block_offsets
from .content import PARTS, Content
from .content import load as load_content
from .state import END_OF_ROUND, GADGETS_PHASE, GAME_OVER, PARTS_PHASE
from .tokens import ALTERNATES, CELLS, CORNER_CELLS, KIND_LABEL, KIND_TEXT, KINDS, STARRED, VALUE2, token_set
from .words import STEP_PROMPT

if TYPE_CHECKING:
    from ...engine import Game
    from .state import GadgeteersState

# rough maxima, to keep values near [0, 1]
ROUNDS = 10          # games between fair players end in 4 to 8 rounds
TOKENS = 4           # tokens of one kind a seat has on one Part
VALUE = 10           # a seat's control total on one Part
HELD = 8             # tokens of one kind behind a screen (eight 1s at the start)
SCREEN = 16          # tokens behind a screen (16 at the start)
DECK = 16            # Gadgets in the deck
SCORE = 30           # a score anyone can count
GADGETS = 4          # Gadgets a player builds (the 4th ends the game)

PHASES = (PARTS_PHASE, GADGETS_PHASE, END_OF_ROUND, GAME_OVER)
#: the steps of a special power, as the view names them
STEPS = tuple(STEP_PROMPT)
#: a Part's token list: one slot per token kind, then one for the face-down tokens shown as "?"
SLOTS = KINDS + 1
SLOT_OF = {**{text: kind for kind, text in enumerate(KIND_TEXT)}, "?": KINDS}
#: each slot's control value in points (face-down tokens count 0: their value is unseen)
SLOT_VALUE = (*(v / 2 / VALUE for v in VALUE2), 0.0)
#: a 3★, 4★ or 5★ token's position in the Junk Pile block
STARRED_SLOT = {KIND_TEXT[k]: index for index, k in enumerate(STARRED)}
KIND_NAMES = ", ".join(KIND_LABEL)
TOKEN_STEP = 1 / TOKENS
HELD_STEP = 1 / HELD
#: the view's ``power`` when no special power is under way
NO_POWER: dict[str, Any] = dict.fromkeys(
    ("step", "source", "gadget", "first", "to_add", "to", "token", "owner", "part"))


#: a block's name, size and note, as the Encoder lists it
Block = tuple[str, int, str]
#: each cell as a one-hot row
CELL_ROWS = tuple(tuple(1.0 if c == cell else 0.0 for c in range(CELLS)) for cell in range(CELLS))


class Context(NamedTuple):
    """What encoding needs besides the view, built once per observer."""

    parts: dict[str, int]              # Part name -> its position in the rules' list
    gadgets: dict[str, int]            # Gadget name -> its position in the content
    single_use: dict[str, int]         # Single Use Gadget name -> position among them
    types: dict[str, int]              # Bonus card Type -> position
    alternates: dict[str, int]         # Alternate Token swap name -> position
    starred: dict[str | None, int]     # Alternate Token (or None) -> 3★, 4★ and 5★ tokens dealt
    seat_keys: tuple[str, ...]         # the board's key for each seat's tokens
    part_blocks: tuple[tuple[Block, Block, Block, Block, Block], ...]  # per Part: its five blocks
    notes: dict[str, str]              # block name -> what it holds
    fast: Fast | None = None           # what the fast path needs (with the game, see context)


def context(players: int, options: Mapping[str, Any], game: Game | None = None) -> Context:
    """The content's names as positions, and each block's name and note, for the game's player
    count and options; with ``game``, also the tables of the fast path (:func:`observe_state`)."""
    content = load_content(options.get("content"))
    alternates = tuple(name for name, _, _ in ALTERNATES)
    starred: dict[str | None, int] = {None: sum(token_set(players, None)[k] for k in STARRED)}
    for index, name in enumerate(alternates):
        starred[name] = sum(token_set(players, index)[k] for k in STARRED)
    part_blocks = tuple((
        (f"{name}.cell", CELLS,
         f"one-hot: the cell {name} sits on, clockwise from the top-left corner (0, 3, 6, 9 are corners)"),
        (f"{name}.tokens", players * SLOTS,
         f"per seat from you: tokens on {name} per kind ({KIND_NAMES}), then face-down ones you cannot read; "
         f"/ {TOKENS}"),
        (f"{name}.yours_face_down", KINDS, f"your own tokens on {name} still face down, per kind / {TOKENS}"),
        (f"{name}.value", players, f"per seat from you: control total on {name} of the tokens you can read / {VALUE}"),
        (f"{name}.control", players,
         f"per seat from you: 1 if it controls {name} (all 0 while any token is face down)"),
    ) for name in PARTS)
    ctx = Context(
        parts={name: index for index, name in enumerate(PARTS)},
        gadgets={g.name: index for index, g in enumerate(content.gadgets)},
        single_use={g.name: index for index, g in enumerate(g for g in content.gadgets if g.single_use)},
        types={name: index for index, name in enumerate(content.types)},
        alternates={name: index for index, name in enumerate(alternates)},
        starred=starred,
        seat_keys=tuple(str(seat) for seat in range(players)),
        part_blocks=part_blocks,
        notes=_notes(content.types, alternates),
    )
    if game is None:
        return ctx
    # the layout, as the view's encoding writes it for a probe game: the fast path reads each
    # block's offset from it
    probe = game.new(players=players, seed=0, options=options, events=False)
    encoder = Encoder(0, players, describe=True)
    observe(encoder, probe.view(0), ctx)
    assert encoder.blocks is not None
    return ctx._replace(fast=_fast(ctx, content, players, encoder.blocks))


def _notes(types: tuple[str, ...], alternates: tuple[str, ...]) -> dict[str, str]:
    return {
        "junk_pile": "per seat from you: its 3★, 4★ and 5★ tokens in the Junk Pile",
        "deck_bottom": ("per Gadget put under the deck in view of all: draws until it reaches the row "
                        f"/ {DECK} (0 if not known to be in the deck)"),
        "built": "per seat from you: 1 per Gadget it has built (content order)",
        "single_use_spent": "per seat from you: 1 per Single Use Gadget whose power it has used (content order)",
        "gadgets_built": f"per seat from you: Gadgets built / {GADGETS}",
        "public_score": ("per seat from you: Gadget points + its 3★, 4★, 5★ tokens not in the Junk Pile "
                         f"(no Bonus card) / {SCORE}"),
        "screen_count": f"per seat from you: tokens behind its screen / {SCREEN}",
        "unseen": f"per seat from you: its tokens behind the screen or face down, per kind ({KIND_NAMES}) / {HELD}",
        "alternate": "per seat from you: its Alternate Token swap, one-hot over " + ", ".join(alternates),
        "passed": "per seat from you: 1 if it has passed this Gadgets Phase",
        "bonus": ("per seat from you: its Bonus card's Type, one-hot over " + ", ".join(types)
                  + " (yours always, others' once the game is over)"),
        "your_screen": f"your tokens behind your screen per kind ({KIND_NAMES}) / {HELD}",
    }


def _put(encoder: Encoder, name: str, row: list[float], notes: Mapping[str, str]) -> None:
    """Append a block already scaled (its size is fixed by how ``row`` was made): the fast path
    for the large blocks, which the Encoder would otherwise divide value by value."""
    encoder.row(name, row, notes[name])


def observe(encoder: Encoder, view: Mapping[str, Any], ctx: Context) -> None:
    """Write Gadgeteers' blocks of the viewer's observation (see the module docstring)."""
    order = encoder.seats()
    n = len(order)
    players = view["players"]
    parts = ctx.parts
    gadgets = ctx.gadgets
    gadget_count = len(gadgets)
    notes = ctx.notes

    # ---------------------------------------------------------------- round and phase
    encoder.number("round", view["round"], ROUNDS, f"the round number / {ROUNDS}")
    encoder.one_hot("phase", view["phase"], PHASES)
    encoder.seat("first_player", view["first_player"], "who holds the First Player Marker, counted from you")
    encoder.number("parts_turn", view.get("parts_turn"), 5,
                   "Parts Phase: the turn of 5 being played / 5 (0 in other phases)")
    encoder.flag("final_round", view["ending"], "1 once someone has built a 4th Gadget: this is the last round")
    encoder.flag("acted", view.get("acted"),
                 "Gadgets Phase: 1 once the player to act has done something this turn (it ends, not passes)")

    # ---------------------------------------------------------------- the square of Parts
    board = view["board"]
    encoder.flag("control_shown", "controlled_by" in board[0],
                 "1 when no token is face down, so control is known and shown below")
    by_part: list[Any] = [None] * CELLS
    for entry in board:
        by_part[parts[entry["part"]]] = entry
    keys = [ctx.seat_keys[seat] for seat in order]
    viewer = order[0]
    values, blocks = encoder.values, encoder.blocks
    for (cell_block, tokens_block, down_block, value_block, control_block), entry in zip(
            ctx.part_blocks, by_part, strict=True):
        values.extend(CELL_ROWS[entry["cell"]])
        tokens = entry["tokens"]
        counts = [0.0] * (n * SLOTS)
        totals = [0.0] * n
        for k, key in enumerate(keys):
            labels = tokens.get(key)
            if labels:
                base = k * SLOTS
                total = 0.0
                for label in labels:
                    slot = SLOT_OF[label]
                    counts[base + slot] += TOKEN_STEP
                    total += SLOT_VALUE[slot]
                totals[k] = total
        control = [0.0] * n
        for seat in entry.get("controlled_by", ()):
            control[(seat - viewer) % n] = 1.0
        down = [0.0] * KINDS
        for label in entry["yours_face_down"]:
            down[SLOT_OF[label]] += TOKEN_STEP
        values.extend(counts)
        values.extend(down)
        values.extend(totals)
        values.extend(control)
        if blocks is not None:
            blocks.extend((cell_block, tokens_block, down_block, value_block, control_block))

    # ---------------------------------------------------------------- Junk Pile, row, deck
    junk = [0.0] * (n * 3)
    for k, seat in enumerate(order):
        for label in players[seat]["junk"]:
            junk[k * 3 + STARRED_SLOT[label]] += 1.0
    _put(encoder, "junk_pile", junk, notes)
    encoder.counts("row", [card["name"] for card in view["row"]], gadgets,
                   note="1 per Gadget in the row (content order)")
    deck_count = view["deck_count"]
    encoder.number("deck", deck_count, DECK, f"Gadgets left in the deck / {DECK}")
    bottom = [0.0] * gadget_count
    for index, name in enumerate(view["deck_bottom"]):
        bottom[gadgets[name]] = (deck_count - index) / DECK
    _put(encoder, "deck_bottom", bottom, notes)

    # ---------------------------------------------------------------- the players
    single_use = ctx.single_use
    su_count = len(single_use)
    alternates = ctx.alternates
    types = ctx.types
    built = [0.0] * (n * gadget_count)
    spent = [0.0] * (n * su_count)
    built_count = [0.0] * n
    score = [0.0] * n
    held = [0.0] * n
    unseen = [0.0] * (n * KINDS)
    alternate = [0.0] * (n * len(alternates))
    passed = [0.0] * n
    bonus = [0.0] * (n * len(types))
    for k, seat in enumerate(order):
        info = players[seat]
        points = 0
        for card in info["built"]:
            built[k * gadget_count + gadgets[card["name"]]] = 1.0
            points += card["points"]
        for name in info["single_use_spent"]:
            spent[k * su_count + single_use[name]] = 1.0
        built_count[k] = len(info["built"]) / GADGETS
        swap = info["alternate"]
        score[k] = (points + ctx.starred[swap] - len(info["junk"])) / SCORE
        held[k] = info["screen_count"] / SCREEN
        base = k * KINDS
        for label in info["unseen"]:
            unseen[base + SLOT_OF[label]] += HELD_STEP
        if swap is not None:
            alternate[k * len(alternates) + alternates[swap]] = 1.0
        if info["passed"]:
            passed[k] = 1.0
        card = info.get("bonus")
        if card is not None:
            bonus[k * len(types) + types[card]] = 1.0
    for name, row in (("built", built), ("single_use_spent", spent), ("gadgets_built", built_count),
                      ("public_score", score), ("screen_count", held), ("unseen", unseen),
                      ("alternate", alternate), ("passed", passed), ("bonus", bonus)):
        _put(encoder, name, row, notes)
    screen = [0.0] * KINDS
    for label in players[viewer].get("screen", ()):
        screen[SLOT_OF[label]] += HELD_STEP
    _put(encoder, "your_screen", screen, notes)

    # ---------------------------------------------------------------- a special power under way
    power: Mapping[str, Any] = view.get("power") or NO_POWER
    encoder.one_hot("power.step", power["step"], STEPS,
                    "the step of a special power being chosen (all 0 if none): " + ", ".join(STEPS))
    encoder.one_hot("power.source", parts.get(power["source"]), range(CELLS),
                    "the Part (rules' order) the Power token was recalled from")
    encoder.one_hot("power.gadget", gadgets.get(power["gadget"]), range(gadget_count),
                    "the Gadget whose power is being carried out (content order)")
    encoder.one_hot("power.first", gadgets.get(power["first"]), range(gadget_count),
                    "double Power: the Gadget activated first, which the second must differ from")
    encoder.number("power.to_add", power["to_add"], 3, "tokens still to add from behind your screen / 3")
    encoder.one_hot("power.to", parts.get(power["to"]), range(CELLS), "the Part tokens are being added to")
    encoder.one_hot("power.token", SLOT_OF.get(power["token"]), range(KINDS),
                    f"the kind of token being moved or exchanged ({KIND_NAMES})")
    encoder.seat("power.owner", power["owner"], "whose token is being moved, counted from you")
    encoder.one_hot("power.part", parts.get(power["part"]), range(CELLS),
                    "the Part that token is on, or the first Part of a swap")


# ---------------------------------------------------------------------------- the fast path
class Fast(NamedTuple):
    """The content as the fast path looks it up, built once per observer."""

    players: int
    offsets: dict[str, int]            # block name -> its offset within the game's part
    gadget_pos: tuple[int, ...]        # per Gadget: its position in the Gadget blocks
    single_use_pos: tuple[int, ...]    # per Gadget: its position among the Single Use ones (-1)
    type_pos: tuple[int, ...]          # per Type: its position in the bonus block
    alternate_pos: tuple[int, ...]     # per Alternate Token swap: its position
    points: tuple[int, ...]            # per Gadget: its points
    starred: tuple[int, ...]           # per swap + 1 (0: none): the 3★, 4★ and 5★ tokens dealt
    dealt: tuple[tuple[int, ...], ...]  # per swap + 1 (0: none): the tokens dealt, per kind
    tables: dict[tuple[int, int], Tables]  # (where the game's part starts, viewer) -> positions


class Tables(NamedTuple):
    """One viewer's absolute positions (the game's part starting at a given position). The
    tokens at an index of the state's flat lists (per Part, seat and kind, or per seat and kind)
    write fixed positions, and values fixed by the kind and the count, so both are looked up:
    ``..._at[i]`` the positions, ``..._of[i][count]`` the values, in the same order."""

    round: int
    phase: dict[str, int]              # phase -> the position of its 1
    first: tuple[int, ...]             # per seat holding the First Player Marker
    parts_turn: int
    final_round: int
    acted: int
    control_shown: int
    cells: tuple[int, ...]             # per Part: its cell block (the cell is added)
    board: range                       # the indexes of the (Part, seat, kind) lists
    up_at: tuple[tuple[int, ...], ...]     # face up: the tokens slot, the seat's value (if any)
    up_of: tuple[tuple[tuple[float, ...], ...], ...]
    down_at: tuple[tuple[int, ...], ...]   # your token face down: its tokens slot, yours_face_down,
    down_of: tuple[tuple[tuple[float, ...], ...], ...]  # its value (others' are counted, not read)
    yours: tuple[int, ...]             # the viewer's (Part, seat, kind) indexes
    pairs: range                       # the indexes of the (Part, seat) lists
    pair_kinds: tuple[slice, ...]      # per (Part, seat): its kinds' indexes in the board lists
    kind_parts: tuple[slice, ...]      # per (seat, kind): its Parts' indexes in the board lists
    seat_parts: tuple[slice, ...]      # per seat: its Parts' indexes in the (Part, seat) lists
    theirs: tuple[int, ...]            # per (Part, seat): 1 if the seat is not the viewer, else 0
    hidden_at: tuple[int, ...]         # per (Part, seat): the slot of its face-down tokens ("?")
    control: tuple[tuple[int, ...], ...]   # per seat, per Part: its control position
    held: range                        # the indexes of the (seat, kind) lists
    unseen: tuple[int, ...]            # per (seat, kind): its unseen slot
    screen_count: tuple[int, ...]      # per seat: its screen_count position
    your_screen: range                 # per kind: its your_screen position
    own_held: int                      # the viewer's first (seat, kind) index
    junk: tuple[int, ...]              # per (seat, kind) in the Junk Pile: its slot
    row: int
    deck: int
    deck_bottom: int
    seats: tuple[tuple[int, int, int, int, int, int, int], ...]
    # ^ per seat: its built, single_use_spent, gadgets_built, public_score, alternate, passed and
    #   bonus positions
    power_step: dict[str, int]
    power_source: int
    power_gadget: int
    power_first: int
    power_to_add: int
    power_to: int
    power_token: int
    power_owner: int
    power_part: int
    # per group of blocks, its last entries with a copy of what they were read from (one slot,
    # replaced whole)
    face_up: list[tuple[list[int] | None, list[int], list[float]]]
    screens: list[tuple[list[int] | None, list[int], list[float]]]
    counted: list[tuple[tuple[list[int], list[int], list[int]] | None, list[int], list[int], list[float],
                        list[int]]]
    control_memo: list[tuple[list[int] | None, list[int] | None, list[int], list[float]]]
    cards: list[tuple[tuple[Any, ...] | None, list[int], list[float]]]


def _fast(ctx: Context, content: Content, players: int, layout: list[Block]) -> Fast:
    """The content's look-up tables, with each block's offset within the game's part."""
    offsets = block_offsets(layout)
    gadgets = content.gadgets
    single_use = ctx.single_use
    # the view names Gadgets and Types, the fast path numbers them: one name each (the content
    # loader refuses a name given twice)
    assert len(ctx.gadgets) == len(gadgets) and len(ctx.types) == len(content.types)
    return Fast(
        players=players,
        offsets=offsets,
        gadget_pos=tuple(ctx.gadgets[g.name] for g in gadgets),
        single_use_pos=tuple(single_use[g.name] if g.single_use else -1 for g in gadgets),
        type_pos=tuple(ctx.types[name] for name in content.types),
        alternate_pos=tuple(ctx.alternates[name] for name, _, _ in ALTERNATES),
        points=tuple(g.points for g in gadgets),
        starred=(ctx.starred[None], *(ctx.starred[name] for name, _, _ in ALTERNATES)),
        dealt=tuple(tuple(token_set(players, swap)) for swap in (None, *range(len(ALTERNATES)))),
        tables={},
    )


#: the most tokens of one seat in one place: all it has (a seat's tokens stay its own)
MOST = max(sum(token_set(players, swap)) for players in (2, 3, 4) for swap in (None, *range(len(ALTERNATES))))


def _per_count(*steps: float) -> tuple[tuple[float, ...], ...]:
    """For each count of tokens 0..MOST, the values ``count * step`` of each step."""
    return tuple(tuple(count * step for step in steps) for count in range(MOST + 1))


def _tables(fast: Fast, at: int, viewer: int) -> Tables:
    """The absolute positions of ``viewer``'s observation whose game part starts at ``at``."""
    n = fast.players
    off = {name: at + offset for name, offset in fast.offsets.items()}
    relative = tuple((seat - viewer) % n for seat in range(n))
    board = range(CELLS * n * KINDS)
    tokens = tuple(off[f"{PARTS[part]}.tokens"] for part in range(CELLS))
    value = tuple(off[f"{PARTS[part]}.value"] for part in range(CELLS))
    down = tuple(off[f"{PARTS[part]}.yours_face_down"] for part in range(CELLS))
    unseen = off["unseen"]
    # values per kind (and, face down, whether the token is the viewer's), shared by all Parts
    up_of = tuple(_per_count(TOKEN_STEP, SLOT_VALUE[k]) if SLOT_VALUE[k] else _per_count(TOKEN_STEP)
                  for k in range(KINDS))
    down_of = tuple(_per_count(TOKEN_STEP, TOKEN_STEP, SLOT_VALUE[k]) if SLOT_VALUE[k]
                    else _per_count(TOKEN_STEP, TOKEN_STEP) for k in range(KINDS))
    up_at: list[tuple[int, ...]] = []
    down_at: list[tuple[int, ...]] = []
    up_values, down_values = [], []
    for i in board:
        part, owner, kind = i // (n * KINDS), i // KINDS % n, i % KINDS
        k = relative[owner]
        slot = tokens[part] + k * SLOTS
        up_at.append((slot + kind, value[part] + k) if SLOT_VALUE[kind] else (slot + kind,))
        up_values.append(up_of[kind])
        if owner == viewer:
            down_at.append((slot + kind, down[part] + kind, value[part] + k) if SLOT_VALUE[kind]
                           else (slot + kind, down[part] + kind))
            down_values.append(down_of[kind])
        else:  # never read: another seat's face-down tokens are counted per Part, not by kind
            down_at.append(())
            down_values.append(())
    held = range(n * KINDS)
    pairs = range(CELLS * n)
    steps = off["power.step"]
    gadget_count = len(fast.gadget_pos)
    single_use = sum(1 for pos in fast.single_use_pos if pos >= 0)
    return Tables(
        round=off["round"],
        phase={phase: off["phase"] + index for index, phase in enumerate(PHASES)},
        first=tuple(off["first_player"] + relative[seat] for seat in range(n)),
        parts_turn=off["parts_turn"],
        final_round=off["final_round"],
        acted=off["acted"],
        control_shown=off["control_shown"],
        cells=tuple(off[f"{PARTS[part]}.cell"] for part in range(CELLS)),
        board=board,
        up_at=tuple(up_at),
        up_of=tuple(up_values),
        down_at=tuple(down_at),
        down_of=tuple(down_values),
        yours=tuple(i for i in board if i // KINDS % n == viewer),
        pairs=pairs,
        pair_kinds=tuple(slice(pair * KINDS, pair * KINDS + KINDS) for pair in pairs),
        kind_parts=tuple(slice(i, None, n * KINDS) for i in held),
        seat_parts=tuple(slice(seat, None, n) for seat in range(n)),
        theirs=tuple(0 if pair % n == viewer else 1 for pair in pairs),
        hidden_at=tuple(tokens[pair // n] + relative[pair % n] * SLOTS + KINDS for pair in pairs),
        control=tuple(tuple(off[f"{PARTS[part]}.control"] + relative[seat] for part in range(CELLS))
                      for seat in range(n)),
        held=held,
        unseen=tuple(unseen + relative[i // KINDS] * KINDS + i % KINDS for i in held),
        screen_count=tuple(off["screen_count"] + relative[seat] for seat in range(n)),
        your_screen=range(off["your_screen"], off["your_screen"] + KINDS),
        own_held=viewer * KINDS,
        # only 3★, 4★ and 5★ tokens ever go to the Junk Pile
        junk=tuple(off["junk_pile"] + relative[i // KINDS] * 3 + STARRED.index(i % KINDS)
                   if i % KINDS in STARRED else -1 for i in held),
        row=off["row"],
        deck=off["deck"],
        deck_bottom=off["deck_bottom"],
        seats=tuple((off["built"] + k * gadget_count, off["single_use_spent"] + k * single_use,
                     off["gadgets_built"] + k, off["public_score"] + k,
                     off["alternate"] + k * len(fast.alternate_pos), off["passed"] + k,
                     off["bonus"] + k * len(fast.type_pos)) for k in relative),
        power_step={step: steps + index for index, step in enumerate(STEPS)},
        power_source=off["power.source"],
        power_gadget=off["power.gadget"],
        power_first=off["power.first"],
        power_to_add=off["power.to_add"],
        power_to=off["power.to"],
        power_token=off["power.token"],
        power_owner=off["power.owner"],
        power_part=off["power.part"],
        face_up=[(None, [], [])],
        screens=[(None, [], [])],
        counted=[(None, [], [], [], [])],
        control_memo=[(None, None, [], [])],
        cards=[(None, [], [])],
    )


def observe_state(s: GadgeteersState, seat: int, ctx: Context, at: int,
                  positions: list[int], values: list[float]) -> None:
    """Write the nonzero values of Gadgeteers' blocks of ``seat``'s observation straight from the
    state, as :func:`observe` writes them from ``view(seat)``: the same fields the view reads, and
    of the hidden ones only what it shows (your own face-down tokens, screen and Bonus card; of
    the others', the kinds behind a screen or face down taken together, and face-down tokens as
    "?"; the deck's known bottom; every Bonus card once the game is over)."""
    fast = ctx.fast
    assert fast is not None, "the fast path's tables are built with the game (context(..., game))"
    t = fast.tables.get((at, seat))
    if t is None:
        t = fast.tables[at, seat] = _tables(fast, at, seat)
    extend_p = positions.extend
    extend_v = values.extend

    # round and phase
    phase = s.phase
    extend_p((t.round, t.phase[phase], t.first[s.first]))
    extend_v((s.round / ROUNDS, 1.0, 1.0))
    if phase == PARTS_PHASE:
        positions.append(t.parts_turn)
        values.append((s.turn_index // fast.players + 1) / 5)
    elif phase == GADGETS_PHASE and s.acted:
        positions.append(t.acted)
        values.append(1.0)
    if s.ending:
        positions.append(t.final_round)
        values.append(1.0)

    # the square of Parts: each Part's cell; the tokens on it per seat (face up by kind, face
    # down by kind if yours, else as "?"); the control totals the viewer can read; control
    extend_p(map(add, t.cells, s.cell_of))
    extend_v(repeat(1.0, CELLS))
    # Groups of blocks read from a few lists of the state are kept with a copy of those lists:
    # they are often as they were at this seat's last observation.
    up = s.up
    last = t.face_up[0]
    if last[0] != up:
        last = t.face_up[0] = _face_up(t, up)
    extend_p(last[1])
    extend_v(last[2])
    # While tokens are face down (in the Parts Phase), another seat's face-down tokens and screen
    # are not read: as at the table, what the view shows of them is counted from what is in sight.
    # Its tokens on a Part not face up are face down; the tokens it was dealt, less those face up
    # and in the Junk Pile, are behind its screen or face down.
    counted = None
    if phase == PARTS_PHASE:
        junk, swaps = s.junk, s.swaps
        counted = t.counted[0]
        if counted[0] is None or counted[0][0] != up or counted[0][1] != junk or counted[0][2] != swaps:
            counted = t.counted[0] = _counted(t, fast, up, junk, swaps)
        pieces = s.pieces
        down_by_part = list(map(sub, pieces, counted[1]))  # per (Part, seat): tokens face down
        if down_by_part.count(0) == len(down_by_part):
            counted = None
    if counted is not None:
        down = s.down
        yours = list(compress(t.yours, map(down.__getitem__, t.yours)))
        extend_p(chain.from_iterable(map(t.down_at.__getitem__, yours)))
        extend_v(chain.from_iterable(map(getitem, map(t.down_of.__getitem__, yours), map(down.__getitem__, yours))))
        theirs = list(compress(t.pairs, map(mul, down_by_part, t.theirs)))
        extend_p(map(t.hidden_at.__getitem__, theirs))
        extend_v(map(mul, map(down_by_part.__getitem__, theirs), repeat(TOKEN_STEP)))
        # the tokens behind or face down per kind, behind each screen, behind yours by kind
        extend_p(counted[2])
        extend_v(counted[3])
        for kept, count_at, parts in zip(counted[4], t.screen_count, t.seat_parts, strict=True):
            held = kept - sum(pieces[parts])
            if held:
                positions.append(count_at)
                values.append(held / SCREEN)
        mine = s.screen[t.own_held:t.own_held + KINDS]
        extend_p(compress(t.your_screen, mine))
        extend_v(map(mul, compress(mine, mine), repeat(HELD_STEP)))
    else:
        # no token is face down: control is shown, and every screen's tokens by kind (unseen)
        positions.append(t.control_shown)
        values.append(1.0)
        total, cell_of = s.total, s.cell_of
        last_control = t.control_memo[0]
        if last_control[0] != total or last_control[1] != cell_of:
            last_control = t.control_memo[0] = (total.copy(), cell_of.copy(), *_control(s, t.control))
        extend_p(last_control[2])
        extend_v(last_control[3])
        screen = s.screen
        last = t.screens[0]
        if last[0] != screen:
            last = t.screens[0] = _screens(t, screen)
        extend_p(last[1])
        extend_v(last[2])

    # the Junk Pile, the Gadget row and the deck, the players' Gadgets, scores, Alternate
    # Tokens, passes and the Bonus cards shown: a function of these alone
    bottom = s.deck_bottom
    passed = s.passed if phase == GADGETS_PHASE else None
    bonus = s.bonus if s.is_over else s.bonus[seat]
    key = (s.junk, s.row, len(s.deck), s.deck[:bottom], s.built, s.spent, s.swaps, passed, bonus)
    cards = t.cards[0]
    if cards[0] != key:
        cards = t.cards[0] = _cards(s, seat, fast, t, key)
    extend_p(cards[1])
    extend_v(cards[2])

    # a special power under way (what the view tells of it)
    if s.pw.step:
        _power(s, seat, fast.players, t, fast.gadget_pos, positions, values)


def _face_up(t: Tables, up: list[int]) -> tuple[list[int], list[int], list[float]]:
    """The face-up tokens' entries (per Part, seat and kind, and their values in each seat's
    control total), with a copy of ``up``."""
    found = list(compress(t.board, up))
    return (up.copy(), list(chain.from_iterable(map(t.up_at.__getitem__, found))),
            list(chain.from_iterable(map(getitem, map(t.up_of.__getitem__, found), map(up.__getitem__, found)))))


def _counted(t: Tables, fast: Fast, up: list[int], junk: list[int], swaps: list[int]) -> tuple[
        tuple[list[int], list[int], list[int]], list[int], list[int], list[float], list[int]]:
    """What is in sight of the tokens not in sight: per (Part, seat) the tokens face up, the
    unseen block (per seat and kind, the tokens dealt less those face up and in the Junk Pile),
    and per seat its tokens dealt less those in the Junk Pile; with copies of what they are
    read from."""
    dealt = list(chain.from_iterable(fast.dealt[swap + 1] for swap in swaps))
    kept = list(map(sub, dealt, junk))  # per (seat, kind): on a Part or behind the screen
    unseen = list(map(sub, kept, map(sum, map(up.__getitem__, t.kind_parts))))
    found = list(compress(t.held, unseen))
    by_part = list(map(sum, map(up.__getitem__, t.pair_kinds)))
    away = [sum(kept[seat * KINDS:seat * KINDS + KINDS]) for seat in range(len(swaps))]
    return ((up.copy(), junk.copy(), swaps.copy()), by_part, list(map(t.unseen.__getitem__, found)),
            list(map(mul, map(unseen.__getitem__, found), repeat(HELD_STEP))), away)


def _screens(t: Tables, screen: list[int]) -> tuple[list[int], list[int], list[float]]:
    """The screens' blocks while no token is face down (each seat's tokens behind its screen by
    kind, their count, yours by kind), with a copy of ``screen``."""
    found = list(compress(t.held, screen))
    positions = list(map(t.unseen.__getitem__, found))
    values = list(map(mul, map(screen.__getitem__, found), repeat(HELD_STEP)))
    for seat, at in enumerate(t.screen_count):
        count = sum(screen[seat * KINDS:seat * KINDS + KINDS])
        if count:
            positions.append(at)
            values.append(count / SCREEN)
    mine = screen[t.own_held:t.own_held + KINDS]
    positions.extend(compress(t.your_screen, mine))
    values.extend(map(mul, compress(mine, mine), repeat(HELD_STEP)))
    return screen.copy(), positions, values


def _cards(s: GadgeteersState, seat: int, fast: Fast, t: Tables,
           key: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[int], list[float]]:
    """The Junk Pile, row, deck and per-seat blocks, with a copy of ``key`` (what they are
    read from)."""
    junk, row, left, bottom, built_by, spent_by, swaps, passed, bonus = key
    positions: list[int] = []
    values: list[float] = []
    put = positions.append
    value = values.append
    for i in compress(t.held, junk):
        put(t.junk[i])
        value(float(junk[i]))
    gadget_pos = fast.gadget_pos
    for g in row:
        put(t.row + gadget_pos[g])
        value(1.0)
    if left:
        put(t.deck)
        value(left / DECK)
        for index, g in enumerate(bottom):
            put(t.deck_bottom + gadget_pos[g])
            value((left - index) / DECK)
    points_of = fast.points
    starred = fast.starred
    for owner, (built_at, spent_at, count_at, score_at, alternate_at, passed_at, bonus_at) in enumerate(t.seats):
        built = built_by[owner]
        points = 0
        if built:
            spent = spent_by[owner]
            for g in built:
                put(built_at + gadget_pos[g])
                value(1.0)
                points += points_of[g]
                if spent >> g & 1:
                    put(spent_at + fast.single_use_pos[g])
                    value(1.0)
            put(count_at)
            value(len(built) / GADGETS)
        swap = swaps[owner]
        score = points + starred[swap + 1] - sum(junk[owner * KINDS:owner * KINDS + KINDS])
        if score:
            put(score_at)
            value(score / SCORE)
        if swap >= 0:
            put(alternate_at + fast.alternate_pos[swap])
            value(1.0)
        if passed and passed[owner]:
            put(passed_at)
            value(1.0)
        if isinstance(bonus, list):
            put(bonus_at + fast.type_pos[bonus[owner]])
            value(1.0)
        elif owner == seat:
            put(bonus_at + fast.type_pos[bonus])
            value(1.0)
    kept = (junk.copy(), row.copy(), left, bottom, [b.copy() for b in built_by], spent_by.copy(), swaps.copy(),
            None if passed is None else passed.copy(), bonus.copy() if isinstance(bonus, list) else bonus)
    return kept, positions, values


def _control(s: GadgeteersState, control: tuple[tuple[int, ...], ...]) -> tuple[list[int], list[float]]:
    """Who controls each Part, once no token is face down: the seat with the one highest total
    (G4); in a 4-player game, a corner Part by the rule of the two highest totals."""
    positions: list[int] = []
    if s.players == 4:
        corners = {s.part_at[cell] for cell in CORNER_CELLS}
        for owner, at in enumerate(control):
            positions.extend(map(at.__getitem__, filterfalse(corners.__contains__, s.leads(owner))))
        for part in corners:
            positions.extend(control[owner][part] for owner in s.controllers(part))
    else:
        for owner, at in enumerate(control):
            positions.extend(map(at.__getitem__, s.leads(owner)))
    return positions, [1.0] * len(positions)


def _power(s: GadgeteersState, seat: int, n: int, t: Tables, gadget_pos: tuple[int, ...],
           positions: list[int], values: list[float]) -> None:
    """The step of the special power under way and what its earlier steps chose, as the view
    tells them."""
    pw = s.pw
    step = pw.step
    found = [t.power_step[step], t.power_source + pw.source % CELLS]
    if pw.gadget >= 0:
        found.append(t.power_gadget + gadget_pos[pw.gadget])
    if pw.first >= 0:
        found.append(t.power_first + gadget_pos[pw.first])
    if step == "add":
        found.append(t.power_to + pw.dest % CELLS)
    if step in ("move_to", "add_instead"):
        found.append(t.power_token + SLOT_OF[KIND_TEXT[pw.kind]])
    if step == "move_to":
        found.append(t.power_owner + (pw.owner - seat) % n)
    if step in ("move_to", "add_instead", "with"):
        found.append(t.power_part + pw.part % CELLS)
    positions.extend(found)
    values.extend(repeat(1.0, len(found)))
    if step in ("add", "add_to") and pw.to_add:
        positions.append(t.power_to_add)
        values.append(pw.to_add / 3)
