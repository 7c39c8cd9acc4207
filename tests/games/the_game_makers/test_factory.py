"""The Factory: Gain 1 (M8), Tweenies, Structures A/B/C, the draft (M11), setup options,
trees (rulebook "Wood & Workers", "Tweenies", "Plastic & Structures", "Plant a Tree")."""

from __future__ import annotations

import pytest

from boardwright.engine import IllegalAction

from .scenario import (
    GAME,
    components,
    contract,
    legal,
    machinery,
    play,
    shelve,
    structure,
    table,
    workers,
)


def test_gain_one_level_one_takes_two_level_one_workers():
    state = table(turn=1)
    workers(state, 0, 1)
    play(state, "work gain L1")
    assert state.view(0)["pending"][-1] == {"step": "wild", "level": 1, "exchange": 1}


def test_gain_one_exchanges_workers_for_a_card_tile_die_or_plastic_never_wood():
    # "spend an existing resource ... to gain a different resource": a card, a tile, a die, or plastic
    state = table(turn=1)
    workers(state, 0, 1)
    play(state, "work gain L1")
    assert legal(state) == ["take cards", "take tiles", "take dice", "take plastic"]


def test_gain_one_refuses_wood_naming_the_rule():
    state = table(turn=1)
    workers(state, 0, 1)
    play(state, "work gain L1")
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Gain 1"):
        state.apply(0, "take wood")
    assert state.fingerprint() == before


def test_gain_one_level_two_takes_a_level_one_and_a_level_two_worker():
    state = table(turn=1)
    with pytest.raises(IllegalAction, match="Wood & Workers"):
        state.apply(0, "work gain L2")


def test_gain_one_level_three_takes_two_level_three_workers():
    state = table(turn=1)
    workers(state, 0, 3, 3)
    play(state, "work gain L3", "take dice", "as component")
    assert state.view(0)["seats"][0]["components"]["dice"] == [0, 0, 1]


def test_a_worker_space_is_used_once_until_the_workers_reset():
    state = table(turn=1)
    workers(state, 0, 1, 1, 1)
    play(state, "work gain L1", "take dice", "as component")
    assert "work gain L1" not in legal(state)


def test_a_tweenie_needs_a_square_gap_in_the_assembly_line():
    state = table(turn=1)
    assert not any(a.startswith("tweenie") for a in legal(state))


def test_a_tweenie_fits_an_empty_cell_beside_installed_machinery():
    state = table(turn=1)
    machinery(state, 0, 1, ". . cards . . .")
    play(state, "tweenie Wood Chipper")
    assert legal(state) == ["cell r1c3", "cell r2c2", "cell r2c4", "cell r3c3"]


def test_a_tweenie_is_used_once_when_placed():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Wood Chipper", "cell r1c2", "as component")
    assert "tweenie Wood Chipper" not in legal(state)


def test_the_card_feeder_tweenie_gains_two_cards():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Card Feeder", "cell r1c2")
    assert state.view(0)["pending"][-1]["keep"] == 2


def test_the_sapling_tweenie_plants_on_the_tree_tweenie_space():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Sapling", "cell r1c2")
    assert state.view(0)["seats"][0]["trees"] == [8]


def test_the_promotion_tweenie_raises_a_worker_one_level():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Promotion", "cell r1c2")  # the only worker is Level 1: promoted at once
    assert state.view(0)["seats"][0]["break_room"] == [0, 1, 0]


def test_the_coffee_break_tweenie_returns_one_deployed_worker():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "work view L1", "tweenie Coffee Break", "cell r1c2")
    assert state.view(0)["seats"][0]["break_room"] == [1, 0, 0]


def test_the_shelf_stocker_tweenie_rearranges_the_display_case():
    state = table(turn=1)
    game = shelve(state, 0, 0)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Shelf Stocker", "cell r1c2", "swap r1c1 r3c4", "done")
    assert state.display[0][11] == game


def test_the_copier_tweenie_repeats_a_used_tweenie():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Wood Chipper", "cell r1c2", "as worker", "tweenie Copier", "cell r1c3",
         "as worker")
    assert state.view(0)["seats"][0]["break_room"] == [3, 0, 0]


def test_a_b_structure_worker_space_gives_its_resource():
    state = table(turn=1)
    structure(state, 0, "Print Shop")  # a Level 1 worker: 1 card
    play(state, "work structure")
    assert state.view(0)["pending"][-1]["step"] == "cards"


def test_the_forklift_garage_moves_up_to_two_forklifts_back():
    state = table(turn=1)
    structure(state, 0, "Forklift Garage")
    workers(state, 0, 3)
    play(state, "forklift to L3", "as component", "forklift to L2", "as component",
         "work structure", "back forklift due in 2", "back forklift due in 3")
    assert sorted(state.view(0)["seats"][0]["forklifts"]) == [0, 1, 2]


def test_an_inactive_b_structure_has_no_worker_space():
    state = table(turn=1)
    structure(state, 0, "Print Shop", built=False)
    assert "work structure" not in legal(state)


def test_a_c_structure_adds_marketing_when_a_blue_game_is_built():
    state = table(turn=1)
    structure(state, 0, "Fan Club")
    contract(state, 0, 0, type="blue", requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r1c1")
    assert state.view(0)["seats"][0]["marketing"][1] == 1


def test_a_c_structure_adds_a_resource_whenever_its_kind_is_gained():
    state = table(turn=1)
    structure(state, 0, "Carpentry")  # gain wood: also a Level 1 die
    play(state, "forklift to L3", "as component")
    assert state.view(0)["pending"][-1]["step"] == "use" and state.view(0)["pending"][-1]["kind"] == 3


def test_structures_are_dealt_one_of_each_letter_at_random_by_default():
    state = GAME.new(players=3, seed=4)
    letters = [[state.content.structures[s].letter for s in state.structs[i * 3: i * 3 + 3]]
               for i in range(3)]
    assert letters == [[0, 1, 2]] * 3


def test_structure_draft_is_a_sealed_pick_of_letters_one_lacks():
    state = GAME.new(players=2, seed=4, options={"structures": "draft"})
    assert state.to_act == (0, 1) and all(a.startswith("draft") for a in map(str, state.legal_actions(0)))


def test_structure_draft_ends_with_one_structure_of_each_letter():
    state = GAME.new(players=4, seed=2, options={"structures": "draft"})
    while state.is_sealed:
        for seat in state.to_act:
            state.apply(seat, state.legal_actions(seat)[0])
    assert sorted(state.content.structures[s].letter for s in state.structs) == [0] * 4 + [1] * 4 + [2] * 4


def test_at_least_one_starting_card_becomes_a_contract():
    state = GAME.new(players=1, seed=3)
    play(state, next(a for a in legal(state) if a.startswith("component")))
    play(state, next(a for a in legal(state) if a.startswith("component")))
    assert state.view(0)["seats"][0]["contracts"][0] >= 0  # the last card had to be a Contract


def test_experienced_players_may_keep_all_three_cards_face_down():
    state = GAME.new(players=1, seed=3, options={"experienced": True})
    for _ in range(2):
        play(state, next(a for a in legal(state) if a.startswith("component")))
    assert any(a.startswith("component") for a in legal(state))


def test_a_tree_space_is_planted_when_its_condition_holds():
    state = table(turn=1)
    for slot in range(4):
        shelve(state, 0, slot, type=("yellow", "blue", "purple", "red")[slot])
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r2c1")
    assert 5 in state.view(0)["seats"][0]["trees"]  # one of each type


def test_a_discard_tree_space_is_planted_by_discarding_its_components():
    state = table(turn=1)
    components(state, 0, wood=(1, 2, 3, 3))
    play(state, "plant tree 12", "discard wood L1", "discard wood L2")  # then a Level 3 wood
    assert 11 in state.view(0)["seats"][0]["trees"] and state.view(0)["seats"][0]["components"]["wood"] == [0, 0, 1]


def test_a_tree_from_a_game_goes_on_any_empty_tree_space():
    state = table(turn=1)
    contract(state, 0, 0, type="yellow", requires=("wood 1",), reward=("tree 1",), score="flat 1")
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r1c1", "tree 2")
    assert state.view(0)["seats"][0]["trees"] == [1]


def test_the_tree_structure_space_plants_a_second_tree():
    state = table(turn=1)
    contract(state, 0, 0, type="yellow", requires=("wood 1",), reward=("tree 1",), score="flat 1")
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r1c1", "tree 7", "tree 2")
    assert state.view(0)["seats"][0]["trees"] == [1, 6]


def test_the_top_of_the_tree_track_plants_a_tree():
    state = table(turn=3, dice_faces="2-2/3-3/4-4")
    state.market[4] = 1
    play(state, "forklift to L2", "as marketing", "market trees")
    assert 0 in state.view(0)["seats"][0]["trees"]


def test_six_games_of_one_type_plant_a_tree():
    state = table(turn=1)
    for slot in range(5):
        shelve(state, 0, slot, type="red")
    contract(state, 0, 0, type="red", requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r3c1")
    assert 2 in state.view(0)["seats"][0]["trees"]


def test_a_full_display_case_plants_a_tree():
    state = table(players=2, turn=1)
    for slot in range(11):
        shelve(state, 0, slot, type=("yellow", "blue")[slot % 2])
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "make contract 1")
    assert 7 in state.view(0)["seats"][0]["trees"]


def test_five_components_may_mix_plastic_tiles_wood_and_dice():
    state = table(turn=1)
    components(state, 0, tiles=(1,), wood=(1,), dice=(2,), plastic=(1, 3))
    play(state, "plant tree 10")  # exactly five: all are discarded without a choice
    assert 9 in state.view(0)["seats"][0]["trees"] and state.view(0)["seats"][0]["tiles"] == []


def test_in_a_two_player_draft_one_player_holds_the_a_and_c_sets():
    state = GAME.new(players=2, seed=4, options={"structures": "draft"})
    assert [d["holder"] for d in state.view(0)["draft"]] == [0, 1, 0]


def test_a_c_structure_extra_does_not_trigger_again():
    state = table(turn=1)
    structure(state, 0, "Recycling Plant")  # gain plastic: also a Level 1 wood
    state.gain(0, 4, 1)  # a plastic is gained (as from a reward)
    assert [f[0] for f in state.stack] == ["use", "use"]  # the wood extra, then the plastic


def test_gain_one_level_two_gives_any_level_two_resource():
    state = table(turn=1)
    workers(state, 0, 2)  # with the starting Level 1 worker
    play(state, "work gain L2", "take plastic", "as component")
    assert state.view(0)["seats"][0]["components"]["plastic"] == [0, 1, 0]


def test_viewing_extra_tiles_keeps_one():
    state = table(turn=2)  # L1 is the Tiles Wedge
    state.work1[3] = 1  # a worker on "view L1"
    play(state, "forklift to L1")
    assert state.view(0)["pending"][-1]["step"] == "tilepick" and state.view(0)["pending"][-1]["count"] == 2


def test_tweenie_gap_option_any_allows_an_empty_assembly_line():
    state = table(turn=1, tweenie_gap="any")
    assert "tweenie Wood Chipper" in legal(state)


def test_the_forklift_garage_moves_each_forklift_back_at_most_once():
    # "move up to 2 Forklifts back 1 space each": the same Forklift cannot be moved twice.
    state = table(turn=1)
    structure(state, 0, "Forklift Garage")
    workers(state, 0, 3)
    play(state, "forklift to L3", "as component", "work structure", "back forklift due in 3")
    assert "back forklift due in 2" not in legal(state)


def test_a_forklift_moved_back_twice_may_not_return_to_the_wedge_it_last_left():
    # Reverse Gear, then the Copier, on the same Forklift: from the Level 2 Wedge it goes back to
    # the Level 1 Wedge, then to READY. It just left the Level 1 Wedge, so that one is closed to it.
    state = table(turn=1)
    state.fk_ret[1] = state.fk_ret[2] = 4  # the other two are away
    play(state, "forklift to L2", "as component")
    machinery(state, 0, 0, "cards")
    play(state, "tweenie Reverse Gear", "cell r1c2", "back forklift due in 2",
         "tweenie Copier", "cell r1c3", "back forklift due in 1")
    assert [a for a in legal(state) if a.startswith("forklift")] == ["forklift to L2", "forklift to L3"]


def test_a_drafter_still_knows_a_set_it_passed_on():
    # 3 players: seat 0 sees set A, picks, passes it left; the picks are public, so seat 0 knows
    # exactly what is left in set A while seat 1 holds it.
    state = GAME.new(players=3, seed=5, options={"structures": "draft"})
    for seat in state.to_act:
        state.apply(seat, state.legal_actions(seat)[0])
    set_a = state.view(0)["draft"][0]
    assert set_a["holder"] == 1 and set_a["tiles"] == state.sets[0]


def test_determinizing_a_draft_keeps_the_sets_the_seat_has_seen():
    state = GAME.new(players=3, seed=5, options={"structures": "draft"})
    for seat in state.to_act:
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.determinize(0, seed=9).sets[0] == state.sets[0]


def test_the_megaphone_tweenie_moves_one_marketing_column_up_one_space():
    state = table(turn=1)
    machinery(state, 0, 0, "cards . . . . .")
    play(state, "tweenie Megaphone", "cell r1c2", "market purple")
    assert state.view(0)["seats"][0]["marketing"][2] == 1


def test_enhancement_bonuses_apply_to_a_structures_marketing_advance():
    state = table(turn=1)
    structure(state, 0, "Fan Club")  # build a blue game: +1 on the blue column
    contract(state, 0, 0, type="blue", requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "work market L1", "make contract 1", "display r1c1")
    assert state.view(0)["seats"][0]["marketing"][1] == 2


def test_a_building_of_another_level_than_the_space_is_refused_naming_the_rule():
    state = table(turn=5)  # L1 is the Plastic Wedge
    structure(state, 0, "Machinery Museum", built=False)  # A: Level 1 and 2 spaces
    structure(state, 0, "Big Press", built=False)  # B: one Level 3 space
    structure(state, 0, "Fan Club", built=False)  # C: Level 1 and 2 spaces
    play(state, "forklift to L1", "as building")
    with pytest.raises(IllegalAction, match="Plastic & Structures"):
        state.apply(0, "build on B")

