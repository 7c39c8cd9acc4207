"""Final scoring, as the rulebook's score sheet: each game's VP (flat or by Display Case
pattern of a game type or of a component kind), the four marketing categories times their
cube, trees, A Structures; tie-break M10.
"""

from __future__ import annotations

from .board import EMPTY, TWEENIE_BASE, Board
from .content import PATTERNS, TARGET_KIND, TREES_COLUMN

FLAT, GROUP, ROWS, COLS, LEFT, RIGHT = range(len(PATTERNS))
YELLOW, BLUE, PURPLE, RED = range(4)
A_SETS, A_TYPE, A_TREES, A_ROWS, A_COLS, A_TWEENIES, A_TOPS, A_TRIPLES, A_VARIETIES, A_WORKERS, \
    A_MACHINES, A_CONTRACTS = range(12)


def largest_group(types: list[int], wanted: int) -> int:
    """Largest orthogonally adjacent group of ``wanted`` games in a 3x4 Display Case."""
    return largest_marked_group([t == wanted for t in types])


def largest_marked_group(marks: list[bool]) -> int:
    """Largest orthogonally adjacent group of marked slots in a 3x4 Display Case."""
    seen = [False] * 12
    best = 0
    for start in range(12):
        if not marks[start] or seen[start]:
            continue
        size, todo = 0, [start]
        seen[start] = True
        while todo:
            i = todo.pop()
            size += 1
            r, c = divmod(i, 4)
            for j, ok in ((i - 4, r > 0), (i + 4, r < 2), (i - 1, c > 0), (i + 1, c < 3)):
                if ok and marks[j] and not seen[j]:
                    seen[j] = True
                    todo.append(j)
        best = max(best, size)
    return best


def pattern_vp(types: list[int], pattern: int, wanted: int) -> int:
    """VP of a pattern card counting the games of one type."""
    return marked_vp([t == wanted for t in types], pattern)


def marked_vp(marks: list[bool], pattern: int) -> int:
    """VP of a pattern over the slots that hold a game of the card's type or component: the
    largest orthogonal group (<=5), rows holding one (<=3), columns holding one (<=4), those in
    the two leftmost or two rightmost columns (<=6)."""
    if pattern == GROUP:
        return min(5, largest_marked_group(marks))
    if pattern == ROWS:
        return sum(1 for r in range(3) if any(marks[r * 4: r * 4 + 4]))
    if pattern == COLS:
        return sum(1 for c in range(4) if any(marks[c::4]))
    columns = (0, 1) if pattern == LEFT else (2, 3)
    return sum(1 for i in range(12) if i % 4 in columns and marks[i])


def display_types(state: Board, seat: int) -> list[int]:
    cards = state.content.cards
    return [cards[c].type if c != EMPTY else -1 for c in state.display[seat]]


def display_marks(state: Board, seat: int, target: int) -> list[bool]:
    """The Display Case slots a pattern counts: games of a type, or (``TARGET_KIND + kind``)
    games whose Contract required that component ("game/component of that type")."""
    cards = state.content.cards
    if target < TARGET_KIND:
        return [c != EMPTY and cards[c].type == target for c in state.display[seat]]
    kind = target - TARGET_KIND
    return [c != EMPTY and any(k == kind for k, _ in cards[c].requires) for c in state.display[seat]]


def game_vp(state: Board, seat: int) -> list[int]:
    """Each Display Case slot's VP (0 for an empty slot)."""
    out = []
    for card in state.display[seat]:
        if card == EMPTY:
            out.append(0)
            continue
        info = state.content.cards[card]
        out.append(info.value if info.pattern == FLAT
                   else marked_vp(display_marks(state, seat, info.value), info.pattern))
    return out


def breakdown(state: Board, seat: int) -> dict[str, int]:
    """The score sheet of one seat."""
    tile = state.content.marketing[state.players]
    types = display_types(state, seat)
    counts = [types.count(t) for t in range(4)]
    others = [display_types(state, s) for s in range(state.players) if s != seat]
    if state.players == 1:  # M12: one virtual opponent
        other_purple = [tile.rival_purple]
        other_red = [tile.rival_red]
    else:
        other_purple = [o.count(PURPLE) for o in others]
        other_red = [o.count(RED) for o in others]
    track = state.market[seat * 5: seat * 5 + 5]
    engines = sum(1 for c in range(4) if YELLOW in types[c::4]) * tile.engines
    cards = counts[BLUE] // 2 * tile.cards
    teamwork = 0
    if counts[PURPLE]:
        teamwork = sum(1 for n in other_purple if n) * tile.teamwork
        teamwork += tile.teamwork_bonus if counts[PURPLE] >= 3 else 0
    military = sum(1 for n in other_red if counts[RED] > n) * tile.military
    planted = bin(state.trees[seat]).count("1")
    sheet = {
        "games": sum(game_vp(state, seat)),
        "engines": engines * track[YELLOW],
        "cards": cards * track[BLUE],
        "teamwork": teamwork * track[PURPLE],
        "military": military * track[RED],
        "trees": planted // 3 * tile.trees * track[TREES_COLUMN],
        "structure": structure_vp(state, seat, counts, planted),
        "rewards": state.vp[seat],
    }
    sheet["total"] = sum(sheet.values())
    return sheet


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
        return vp * bin(state.used_tweenies[seat]).count("1")
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
