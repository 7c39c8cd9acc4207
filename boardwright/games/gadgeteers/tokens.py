"""Tokens and the board geometry of Gadgeteers (Setup, Controlling Parts, RULINGS G1, G4, G9).

Token kinds are small ints; control values are kept in halves so that the Power/½ token is exact.
"""

from __future__ import annotations

POWER, ONE, TWO, THREE, FOUR, FIVE, HALF, DOUBLE = range(8)
KINDS = 8

#: the token's name in action texts
KIND_TEXT = ("power", "1", "2", "3", "4", "5", "half", "double")
#: the token as printed on the board
KIND_LABEL = ("P", "1", "2", "3★", "4★", "5★", "½", "PP")
#: control value, in halves (a Power token counts 0; the Power/½ token ½)
VALUE2 = (0, 2, 4, 6, 8, 10, 1, 0)
#: 3, 4 and 5 Tokens go to the Junk Pile when a Gadget is built; the rest are recalled
JUNKED = (False, False, False, True, True, True, False, False)
#: tokens that can be recalled to activate a special power
POWERS = (POWER, HALF, DOUBLE)
#: tokens with a control value ("Value Tokens")
VALUE_KINDS = (ONE, TWO, THREE, FOUR, FIVE, HALF)
#: 3, 4 and 5 Tokens score a point at the end if not in the Junk Pile
STARRED = (THREE, FOUR, FIVE)

#: Setup: Power x2, 1 x8, 2 x3, 3★ x1, 4★ x1, 5★ x1
STANDARD_SET = (2, 8, 3, 1, 1, 1, 0, 0)

#: Alternate Tokens (G9): (swap name, token given up, token taken)
ALTERNATES = (
    ("double Power", POWER, DOUBLE),
    ("Power/½", POWER, HALF),
    ("extra 4★", ONE, FOUR),
    ("extra 2", ONE, TWO),
)

#: Board (G1): the 12 Parts sit on the border cells of a 4x4 square, numbered clockwise from
#: the top-left corner; the 2x2 centre is the Junk Pile.
CELLS = 12
CORNER_CELLS = frozenset({0, 3, 6, 9})
#: (row, column) of each border cell, for drawing the square
CELL_POSITION = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3),
                 (3, 3), (3, 2), (3, 1), (3, 0), (2, 0), (1, 0))


def neighbours(cell: int) -> tuple[int, int]:
    """The two cells next to ``cell`` around the square (a Part's adjacent Parts)."""
    return ((cell - 1) % CELLS, (cell + 1) % CELLS)


def token_set(players: int, swap: int | None) -> list[int]:
    """The tokens a player puts behind their screen at Setup (4-Player Rules, Alternate Tokens)."""
    counts = list(STANDARD_SET)
    if players == 4:
        counts[TWO] -= 1
        counts[FIVE] -= 1
    if swap is not None:
        _, give, take = ALTERNATES[swap]
        counts[give] -= 1
        counts[take] += 1
    return counts
