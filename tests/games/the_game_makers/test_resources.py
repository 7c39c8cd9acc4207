"""Every gained resource is a Component or a Company Asset, decided at once (rulebook
"Components vs. Company Assets" and the five asset sections; RULINGS M2, M6, M7)."""

from __future__ import annotations

import pytest

from boardwright.engine import IllegalAction

from .scenario import components, contract, legal, machinery, on_top, play, structure, table, workers


def test_a_card_goes_face_up_as_a_contract_or_face_down_as_a_component():
    state = table(turn=1)
    top = state.deck[-1]
    play(state, "forklift to L1")
    assert legal(state)[:2] == [f"component #{top + 1} {state.content.cards[top].name}",
                                f"contract #{top + 1} {state.content.cards[top].name}"]


def test_a_level_two_card_wedge_gives_two_cards():
    state = table(turn=6)  # L2 is the Cards Wedge
    play(state, "forklift to L2")
    assert state.view(0)["pending"][-1]["keep"] == 2


def test_there_are_only_three_contract_spaces():
    state = table(turn=1)
    for space in range(3):
        contract(state, 0, space)
    play(state, "forklift to L1")
    assert not any(a.startswith("contract") for a in legal(state))


def test_a_component_card_is_hidden_from_the_other_players():
    state = table(players=2, turn=1)
    play(state, "forklift to L1", "component")
    assert state.view(1)["seats"][0]["hand"] is None and state.view(1)["seats"][0]["cards"] == 1


def test_a_tile_as_machinery_is_installed_in_an_empty_cell():
    state = table(turn=2)  # L1 is the Tiles Wedge
    play(state, "forklift to L1", "as machinery", "cell r2c3")
    assert state.view(0)["seats"][0]["assembly_line"][8] >= 0


def test_wood_as_a_worker_goes_to_the_break_room():
    state = table(turn=1)
    play(state, "forklift to L3", "as worker")
    assert state.view(0)["seats"][0]["break_room"] == [1, 0, 1]


def test_wood_as_a_component_cannot_later_become_a_worker():
    state = table(turn=1)
    play(state, "forklift to L3", "as component")
    assert state.view(0)["seats"][0]["break_room"] == [1, 0, 0]


def test_a_die_is_rolled_and_moves_one_marketing_column_by_its_roll():
    state = table(turn=3, dice_faces="2-2/3-3/4-4")  # L2 is the Dice Wedge
    play(state, "forklift to L2", "as marketing", "market red")
    assert state.view(0)["seats"][0]["marketing"] == [0, 0, 0, 3, 0]


def test_marketing_enhancement_workers_add_to_every_advance():
    state = table(turn=3, dice_faces="2-2/3-3/4-4")
    workers(state, 0, 2)
    play(state, "forklift to L2", "work market L1", "work market L2", "as marketing", "market blue")
    assert state.view(0)["seats"][0]["marketing"][1] == 5  # 3 rolled + 2 workers


def test_marketing_beyond_the_top_of_a_column_is_lost():
    state = table(turn=3, dice_faces="2-2/3-3/4-4")
    state.market[4] = 3
    play(state, "forklift to L2", "as marketing", "market trees")
    assert state.view(0)["seats"][0]["marketing"][4] == 4  # the Tree track tops out at 4


def test_viewing_extra_cards_keeps_only_the_entitled_number():
    state = table(turn=1)
    state.work1[3] = 1  # a worker on "view L1"
    a, b = state.deck[-1], state.deck[-2]
    on_top(state, a, b)
    play(state, "forklift to L1", f"component #{a + 1}")
    assert state.hand[0] == [a] and b in state.discard


def test_plastic_goes_only_on_a_building_space_of_its_level():
    state = table(turn=3)  # L3 is the Plastic Wedge
    structure(state, 0, "Big Press", built=False)  # one Level 3 space
    structure(state, 0, "Machinery Museum", built=False)  # Level 1 and 2 spaces
    play(state, "forklift to L3", "as building")
    assert state.view(0)["seats"][0]["built"][1] == 1  # the only Level 3 space: on B


def test_a_structure_activates_only_when_every_building_is_placed():
    state = table(turn=5)  # L1 is the Plastic Wedge
    structure(state, 0, "Machinery Museum", built=False)  # needs Level 1 and Level 2
    play(state, "forklift to L1", "as building")
    assert state.view(0)["seats"][0]["active"][0] is False


def test_a_tile_component_keeps_its_size_for_payments():
    state = table(turn=1)
    components(state, 0, tiles=(3,))
    assert len(state.view(0)["seats"][0]["tiles"]) == 1


def test_a_fourth_contract_is_refused_naming_the_three_contract_spaces():
    state = table(turn=6)  # L2 is the Cards Wedge
    for space in range(3):
        contract(state, 0, space)
    top = state.deck[-1]
    play(state, "forklift to L2")
    with pytest.raises(IllegalAction, match=r"Cards & Contracts \(M5\): all 3 Contract spaces are full"):
        state.apply(0, f"contract #{top + 1} {state.content.cards[top].name}")


def test_machinery_needs_an_empty_cell_of_the_assembly_line():
    state = table(turn=2)  # L1 is the Tiles Wedge
    machinery(state, 0, 0, "cards cards cards cards cards cards")
    machinery(state, 0, 1, "wood wood wood wood wood wood")
    machinery(state, 0, 2, "dice dice dice dice dice .")
    play(state, "forklift to L1", "as machinery")  # into the last empty cell
    contract(state, 0, 0, requires=("wood 1",))  # manufacturing is a choice too: a real decision
    components(state, 0, wood=(1,))
    play(state, "forklift to L1")
    with pytest.raises(IllegalAction, match="Punchboard & Machinery: the Assembly Line has no empty cell"):
        state.apply(0, "as machinery")
