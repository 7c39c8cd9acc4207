"""The options are bounded (issue 13): a value is refused at setup with a message that names what
is allowed, never left to hang a game or leak Python's own words."""

from __future__ import annotations

import pytest

from boardwright.engine import OptionError
from boardwright.games.the_game_makers import TheGameMakers

from .scenario import GAME


@pytest.mark.parametrize("text", ["1-2/1-3/2-400000000", "banana", "1-2/1-3", "0-2/1-3/2-4",
                                  "3-2/1-3/2-4", "1-2/1-3/2-4/1-6", "1-2/1-3/2-x"])
def test_dice_faces_are_three_ranges_of_die_faces(text):
    # M7: one range of faces per die level; a face is 1 to 6.
    with pytest.raises(OptionError, match=r"option 'dice_faces': .*low-high"):
        GAME.new(players=1, seed=1, options={"dice_faces": text})


def test_dice_faces_of_a_six_sided_die_are_allowed():
    state = GAME.new(players=1, seed=1, options={"dice_faces": " 1-6 / 1-6 / 6-6 "})
    assert (state.options["dice_faces"], state.faces) == ("1-6/1-6/6-6", ((1, 2, 3, 4, 5, 6),) * 2 + ((6,),))


def test_dice_faces_may_come_from_the_content_file():
    state = GAME.new(players=1, seed=1, options={"dice_faces": "content"})
    assert state.faces == state.content.dice


def test_every_option_is_bounded():
    # Numbers have a minimum and a maximum; texts a list of choices or a check (the content path
    # is bounded by the engine's content loader).
    unbounded = [o.name for o in TheGameMakers.options if o.name != "content" and (
        (o.type is int and (o.minimum is None or o.maximum is None))
        or (o.type is str and o.choices is None and o.check is None))]
    assert unbounded == []
