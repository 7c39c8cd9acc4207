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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...engine.observation import Encoder
from .content import PARTS
from .content import load as load_content
from .state import END_OF_ROUND, GADGETS_PHASE, GAME_OVER, PARTS_PHASE
from .tokens import ALTERNATES, CELLS, KIND_LABEL, KIND_TEXT, KINDS, STARRED, VALUE2, token_set
from .words import STEP_PROMPT

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


def context(players: int, options: Mapping[str, Any]) -> Context:
    """The content's names as positions, and each block's name and note, for the game's player
    count and options."""
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
    return Context(
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
