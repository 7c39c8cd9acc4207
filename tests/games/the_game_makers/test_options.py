"""The options are bounded (issue 13): a value is refused at setup with a message that names what
is allowed, never left to hang a game or leak Python's own words."""

from __future__ import annotations

import pytest

from boardwright.engine import OptionError

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
