"""Gadgeteers in player words: tokens, special powers and the steps of a power.

Everything a person reads (events, the catalog, the board, menus, action help) names a token, a
power or a power's step through these tables, so the code words (``move_other``, ``target``)
never reach the screen.
"""

from __future__ import annotations

from functools import cache

from .content import Gadget

#: a token's name in sentences ("a 3★ token"), by kind (tokens.py)
TOKEN_NAME = ("Power", "1", "2", "3★", "4★", "5★", "Power/½", "double Power")
#: a token's name from its action-text word ("power", "3", "half")
TOKEN_OF_TEXT = {"power": "Power", "1": "1", "2": "2", "3": "3★", "4": "4★", "5": "5★",
                 "half": "Power/½", "double": "double Power", "?": "face-down"}

_COUNT = {1: "one Value Token", 2: "two Value Tokens", 3: "three Value Tokens"}


def _limit(max_value: int) -> str:
    return "Value Tokens, of any value," if max_value >= 5 else f"Value Tokens worth at most {max_value}"


@cache
def power_text(card: Gadget) -> str:
    """The Gadget's special power as the card would print it."""
    power = card.power
    if power == "add_from_screen":
        where = "the Part your Power token was on" if card.to == "source" else "one Part of your choice"
        text = f"Add {_COUNT[card.count]} from behind your screen to {where}, face up"
    elif power == "move_own":
        where = {"adjacent": "an adjacent Part", "any": "any other Part",
                 "source": "the Part your Power token was on"}[card.to]
        text = f"Move one of your Value Tokens from a Part to {where}"
    elif power == "recall_own":
        text = "Recall one of your Value Tokens from a Part to behind your screen"
    elif power == "salvage":
        text = "Take one of your 3★, 4★ or 5★ tokens back from the Junk Pile to behind your screen"
    elif power == "exchange":
        text = ("Exchange one of your Value Tokens on a Part for a Value Token of another value "
                "from behind your screen")
    elif power == "return_other":
        text = f"Return one of another player's {_limit(card.max_value)} from a Part to behind their screen"
    elif power == "move_other":
        text = f"Move one of another player's {_limit(card.max_value)} from a Part to an adjacent Part"
    elif power == "swap_parts":
        text = "Swap the places of two Parts on the square, with every token on them"
    elif power == "cycle_row":
        text = "Put a Gadget of the row at the bottom of the deck and refill the row"
    else:  # pragma: no cover - the content schema allows only the words above
        raise AssertionError(power)
    return f"Single Use: {text}" if card.single_use else text


#: what a player chooses at each step of a power (the view's ``power.step``)
STEP_PROMPT = {
    "activate": "choose the Gadget whose power you activate",
    "add_to": "choose the Part to add your tokens to",
    "add": "choose a token from behind your screen to add",
    "add_instead": "choose the token from behind your screen to put in its place",
    "take": "choose one of your tokens on a Part",
    "move_to": "choose the Part the token moves to",
    "target": "choose another player's token",
    "salvage": "choose the token to take back from the Junk Pile",
    "swap": "choose the first of the two Parts to swap",
    "with": "choose the Part to swap it with",
    "cycle": "choose the Gadget to put under the deck",
}
