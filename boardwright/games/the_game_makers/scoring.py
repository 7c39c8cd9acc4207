"""Final scoring, as the rulebook's score sheet: each game's VP (flat or by Display Case
pattern of a game type or of a component kind), the four marketing categories times their
cube, trees, A Structures; tie-break M10.
"""

from __future__ import annotations

from functools import cache

from .board import EMPTY, TWEENIE_BASE, Board
from .content import PATTERNS, TARGET_KIND, TREES_COLUMN
from .events import column_name

FLAT, GROUP, ROWS, COLS, LEFT, RIGHT = range(len(PATTERNS))
YELLOW, BLUE, PURPLE, RED = range(4)
A_SETS, A_TYPE, A_TREES, A_ROWS, A_COLS, A_TWEENIES, A_TOPS, A_TRIPLES, A_VARIETIES, A_WORKERS, \
    A_MACHINES, A_CONTRACTS = range(12)


#: the score sheet's lines in order (the keys of :func:`sheet`), as players read them
LINES = (("games", "Games in the Display Case"),
         *((key, f"Marketing: {column_name(column)}")
           for column, key in enumerate(("engines", "cards", "teamwork", "military"))),
         ("trees", "Trees"), ("structure", "A Structure"), ("rewards", "Points from rewards during play"))
#: what the score sheet is before the end, and at the end
PROJECTION = "Projection of final scoring: the score sheet as if the game ended now"
FINAL = "Final scoring"

#: a Display Case as a 12-bit mask: bit ``r * 4 + c`` is row r, column c
ROW_MASKS = (0x00F, 0x0F0, 0xF00)
COLUMN_MASKS = (0x111, 0x222, 0x444, 0x888)
LEFT_MASK, RIGHT_MASK = 0x333, 0xCCC


@cache
def largest_group(mask: int) -> int:
    """Largest orthogonally adjacent group of the marked slots of a 3x4 Display Case (at most
    4,096 masks, each worked out once)."""
    best = 0
    left = mask
    while left:
        group = left & -left  # grow a group from the lowest marked slot
        while True:
            grown = group | ((group << 4) | (group >> 4) | ((group << 1) & ~COLUMN_MASKS[0])
                             | ((group >> 1) & ~COLUMN_MASKS[3])) & mask  # no wrap across rows
            if grown == group:
                break
            group = grown
        best = max(best, group.bit_count())
        left &= ~group
    return best


def pattern_vp(mask: int, pattern: int) -> int:
    """VP of a pattern over the slots that hold a game of the card's type or component: the
    largest orthogonal group (<=5), rows holding one (<=3), columns holding one (<=4), those in
    the two leftmost or two rightmost columns (<=6)."""
    if pattern == GROUP:
        return min(5, largest_group(mask))
    if pattern == ROWS:
        return sum(1 for row in ROW_MASKS if mask & row)
    if pattern == COLS:
        return sum(1 for column in COLUMN_MASKS if mask & column)
    return (mask & (LEFT_MASK if pattern == LEFT else RIGHT_MASK)).bit_count()


def display_masks(state: Board, seat: int) -> list[int]:
    """The Display Case slots each pattern target counts, as masks: ``[target]`` for a game type
    (0-3), ``[TARGET_KIND + kind]`` for the games whose Contract required that component
    ("game/component of that type", at any level, before machinery discounts)."""
    masks = [0] * (TARGET_KIND + 5)
    cards = state.content.cards
    for slot, card in enumerate(state.display[seat]):
        if card != EMPTY:
            bit = 1 << slot
            for target in cards[card].marks:
                masks[target] |= bit
    return masks


def game_vp(state: Board, seat: int, masks: list[int] | None = None) -> list[int]:
    """Each Display Case slot's VP (0 for an empty slot)."""
    if masks is None:
        masks = display_masks(state, seat)
    cards = state.content.cards
    out = []
    for card in state.display[seat]:
        if card == EMPTY:
            out.append(0)
            continue
        info = cards[card]
        out.append(info.value if info.pattern == FLAT else pattern_vp(masks[info.value], info.pattern))
    return out


#: what a score sheet reads of one Display Case (:func:`shelf`): its :func:`display_masks`, the
#: games of each type on it, the VP of its games, and the columns holding a yellow game
Shelf = tuple[list[int], list[int], int, int]


def shelf(state: Board, seat: int) -> Shelf:
    """What the score sheets read of a seat's Display Case alone. It follows from the Display
    Case's contents (with the content), so a caller may keep it per contents."""
    masks = display_masks(state, seat)
    counts = [masks[YELLOW].bit_count(), masks[BLUE].bit_count(), masks[PURPLE].bit_count(),
              masks[RED].bit_count()]
    return masks, counts, sum(game_vp(state, seat, masks)), pattern_vp(masks[YELLOW], COLS)


def sheets(state: Board, shelves: list[Shelf] | None = None) -> list[dict[str, int]]:
    """The score sheet of every seat (each Display Case is read once for all of them; or
    ``shelves`` gives each seat's :func:`shelf`, already worked out)."""
    if shelves is None:
        shelves = [shelf(state, s) for s in range(state.players)]
    return [sheet(state, s, shelves) for s in range(state.players)]


def breakdown(state: Board, seat: int) -> dict[str, int]:
    """The score sheet of one seat."""
    return sheet(state, seat, [shelf(state, s) for s in range(state.players)])


def sheet(state: Board, seat: int, shelves: list[Shelf]) -> dict[str, int]:
    """The score sheet of one seat, given every seat's :func:`shelf`."""
    tile = state.content.marketing[state.players]
    _, counts, games, yellow_columns = shelves[seat]
    teamwork = military = 0
    if state.players == 1:  # M12: one virtual opponent
        others_purple = int(tile.rival_purple > 0)
        military = int(counts[RED] > tile.rival_red)
    else:
        others_purple = 0
        for s, other in enumerate(shelves):
            if s != seat:
                others_purple += other[1][PURPLE] != 0
                military += counts[RED] > other[1][RED]
    military *= tile.military
    if counts[PURPLE]:
        teamwork = others_purple * tile.teamwork + (tile.teamwork_bonus if counts[PURPLE] >= 3 else 0)
    track = state.market[seat * 5: seat * 5 + 5]
    planted = state.trees[seat].bit_count()
    result = {
        "games": games,
        "engines": yellow_columns * tile.engines * track[YELLOW],
        "cards": counts[BLUE] // 2 * tile.cards * track[BLUE],
        "teamwork": teamwork * track[PURPLE],
        "military": military * track[RED],
        "trees": planted // 3 * tile.trees * track[TREES_COLUMN],
        "structure": structure_vp(state, seat, counts, planted),
        "rewards": state.vp[seat],
    }
    result["total"] = sum(result.values())
    return result


def structure_vp(state: Board, seat: int, counts: list[int], planted: int) -> int:
    """End-game VP of an active A Structure."""
    if not state.is_active(seat, 0):
        return 0
    kind, wanted, vp = state.content.structures[state.structs[seat * 3]].score
    display = state.display[seat]
    if kind == A_SETS:
        return vp * sum(state.machinery_sets(seat))  # type: ignore[attr-defined]
    if kind == A_TYPE:
        return vp * counts[wanted]
    if kind == A_TREES:
        return vp * planted
    if kind == A_ROWS:
        return vp * sum(1 for r in range(3) if EMPTY not in display[r * 4: r * 4 + 4])
    if kind == A_COLS:
        return vp * sum(1 for c in range(4) if EMPTY not in display[c::4])
    if kind == A_TWEENIES:
        return vp * state.used_tweenies[seat].bit_count()
    if kind == A_TOPS:
        track = state.market[seat * 5: seat * 5 + 5]
        return vp * (sum(1 for t in track[:4] if t >= 5) + (track[4] >= 4))
    if kind == A_TRIPLES:
        return vp * sum(1 for n in counts if n >= 3)
    if kind == A_VARIETIES:
        return vp * min(counts)
    if kind == A_WORKERS:
        return vp * state.workers_total(seat)  # type: ignore[attr-defined]
    if kind == A_MACHINES:
        return vp * sum(1 for c in state.line[seat] if 0 <= c < TWEENIE_BASE)
    return vp * sum(1 for c in state.contracts[seat] if c != EMPTY)


def best_rank(state: Board, seat: int) -> int:
    """M10: the best (lowest) rank of a game in the Display Case (a large number if none)."""
    ranks = [state.content.cards[c].rank for c in state.display[seat] if c != EMPTY]
    return min(ranks) if ranks else 10**9


def winners(state: Board, totals: list[int]) -> list[int]:
    """Most VP; ties broken by the best-ranked game (M10); then a shared win."""
    top = max(totals)
    tied = [s for s in range(state.players) if totals[s] == top]
    if len(tied) == 1:
        return tied
    best = min(best_rank(state, s) for s in tied)
    return [s for s in tied if best_rank(state, s) == best]
