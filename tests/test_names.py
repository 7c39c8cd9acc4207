"""How people are shown seats (boardwright.engine.names): a person's name, else counted from 1; the
engine's texts, which number seats as the API does, read with those labels; a name checked once
for the server and the terminal."""

from __future__ import annotations

import pytest

from boardwright.engine.names import check_name, named, seat_label


def test_a_seat_is_its_persons_name_else_counted_from_1():
    assert [seat_label(seat, ["Ada", None]) for seat in range(3)] == ["Ada", "Seat 2", "Seat 3"]


def test_every_mention_of_a_seat_of_the_table_is_named_and_other_numbers_are_left():
    names = ["Ada", "Bob", None]
    assert named("Seat 0 plays Levy on seat 1", 3, names) == "Ada plays Levy on Bob"
    assert named("target seat2 Gear; Seat 3 is not at this table", 3, names) == \
        "target Seat 3 Gear; Seat 3 is not at this table"
    assert named("Round 10 begins; 3 seats 0 left", 3, names) == "Round 10 begins; 3 seats 0 left"
    assert named("Seat 1's hand. Seat 0's turn: Seat 0 draws", 3, names, viewer=0) == \
        "Bob's hand. Your turn: Ada (you) draws"
    assert named("Seat 0's turn", 3, viewer=0) == "Your turn"
    assert named("It is Seat 0's turn", 3, viewer=0) == "It is your turn"


@pytest.mark.parametrize("name", ["<b>Ada</b>", "Seat 2", "seat2", "Robot", "a bot", "heuristic", "You", " ",
                                  "x" * 25, "-Ada", 7])
def test_a_name_that_is_markup_a_seat_or_a_bot_is_refused(name):
    with pytest.raises(ValueError):
        check_name(name)


def test_a_name_is_kept_as_written_with_its_spaces_run_together():
    assert check_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert check_name("Zoë O'Neil-Smith") == "Zoë O'Neil-Smith"
