"""Setup and the Parts Phase, as the rulebook tells them."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import GAME, part, play, screen, table


def test_each_player_puts_16_tokens_behind_their_screen():
    state = table(players=3)
    for seat in range(3):
        assert screen(state, seat) == sorted(["power"] * 2 + ["1"] * 8 + ["2"] * 3 + ["3", "4", "5"])


def test_four_players_each_remove_a_2_token_and_their_5_token():
    state = table(players=4)
    assert screen(state, 2) == sorted(["power"] * 2 + ["1"] * 8 + ["2"] * 2 + ["3", "4"])


@pytest.mark.parametrize(("players", "row"), [(2, 4), (3, 5), (4, 6)])
def test_the_gadget_row_has_4_5_or_6_gadgets(players, row):
    state = GAME.new(players=players, seed=3)
    view = state.view(None)
    assert len(view["row"]) == row
    assert view["deck_count"] == 16 - row


def test_parts_lie_on_the_border_of_a_square_around_the_junk_pile():
    board = GAME.new(players=2, seed=5).view(None)["board"]
    assert sorted(cell["part"] for cell in board) == sorted(
        ["Gloves", "Mirror", "Magnet", "Spring", "Tape", "Pipe",
         "Propeller", "Battery", "Gear", "Crank", "Lens", "Boots"])
    cells = {(cell["row"], cell["column"]) for cell in board}
    assert cells.isdisjoint({(1, 1), (1, 2), (2, 1), (2, 2)}), "the 2x2 centre is the Junk Pile"
    assert {(c["row"], c["column"]) for c in board if c["corner"]} == {(0, 0), (0, 3), (3, 0), (3, 3)}


def test_the_layout_is_dealt_at_random():
    layouts = {tuple(c["part"] for c in GAME.new(2, seed=s).view(None)["board"]) for s in range(5)}
    assert len(layouts) > 1


def test_each_player_is_dealt_one_secret_bonus_card():
    state = table(players=3)
    mine = state.view(0)["players"]
    assert mine[0]["bonus"] in ("Motion", "Optics", "Energy", "Tools")
    assert "bonus" not in mine[1] and "bonus" not in mine[2]
    assert len({state.view(s)["players"][s]["bonus"] for s in range(3)}) == 3


def test_the_youngest_player_seat_0_goes_first():
    state = table(players=3)
    assert state.to_act == (0,)
    assert state.view(None)["first_player"] == 0


def test_players_place_one_token_a_turn_clockwise_five_turns_each():
    state = table(players=2)
    order = []
    while state.phase == "Parts Phase":
        seat = state.to_act[0]
        order.append(seat)
        state.apply(seat, "place 1 Gloves")
    assert order == [0, 1] * 5
    assert state.phase == "Gadgets Phase"


def test_tokens_are_placed_face_down_and_hidden_from_the_others():
    state = table(players=2)
    play(state, 0, "place 5 Gloves")
    assert state.view(0)["board"][state.cell_of[part("Gloves")]]["tokens"] == {"0": ["5"]}
    assert state.view(1)["board"][state.cell_of[part("Gloves")]]["tokens"] == {"0": ["?"]}
    assert state.history(1) == [[0, "place a token on Gloves"]]
    assert state.history(0) == [[0, "place 5 Gloves"]]


def test_you_can_peek_at_your_own_face_down_tokens():
    state = table(players=2)
    play(state, 0, "place 3 Lens")
    play(state, 1, "place 1 Lens")
    play(state, 0, "place 2 Lens")
    cell = state.view(0)["board"][state.cell_of[part("Lens")]]
    assert sorted(cell["tokens"]["0"]) == ["2", "3"]


def test_a_player_with_no_tokens_behind_the_screen_skips_their_turns():
    state = table(players=2)
    state.screen[8:16] = [0, 1, 0, 0, 0, 0, 0, 0]  # seat 1 has a single 1 Token left
    play(state, 0, "place 1 Gloves")
    play(state, 1, "place 1 Mirror")
    for _ in range(4):
        assert state.to_act == (0,)
        play(state, 0, "place 1 Gloves")
    assert state.phase == "Gadgets Phase"


def test_placing_a_token_you_do_not_have_is_refused_and_changes_nothing():
    state = table(players=4)
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction, match="Parts Phase: you have no 5 token behind your screen"):
        state.apply(0, "place 5 Gloves")
    assert state.fingerprint() == before


def test_acting_out_of_turn_is_refused():
    state = table(players=2)
    with pytest.raises(bw.IllegalAction, match="Turn order: Seat 1 does not act now"):
        state.apply(1, "place 1 Gloves")


def test_power_tokens_can_be_placed_but_give_no_control():
    state = table(players=2)
    play(state, 0, "place power Mirror")
    for _ in range(9):
        seat = state.to_act[0]
        state.apply(seat, "place 1 Gloves")
    mirror = state.view(None)["board"][state.cell_of[part("Mirror")]]
    assert mirror["controlled_by"] == []
