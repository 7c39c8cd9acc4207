"""Game Manufacturing (rulebook "Game Manufacturing", "Contract Over-Paying", "Punchboard &
Machinery"; RULINGS M5, M6, M9), with the rulebook's worked examples."""

from __future__ import annotations

import pytest

from boardwright.engine import IllegalAction

from .scenario import components, contract, legal, machinery, on_top, play, shelve, table, workers


def test_card_wedge_example_three_cards_two_to_the_contract_one_into_the_freed_space():
    # All three Contract spaces are full and the first needs 2 cards: take 3 cards from the Cards
    # Wedge, use 2 to complete the Contract, place the 3rd into the space it vacated.
    state = table(turn=5)  # L3 is the Cards Wedge
    first = contract(state, 0, 0, requires=("cards 2",))
    contract(state, 0, 1, requires=("wood 3",))
    contract(state, 0, 2, requires=("dice 3",))
    a, b, c = state.deck[-1], state.deck[-2], state.deck[-3]
    on_top(state, a, b, c)
    play(state, "forklift to L3", f"component #{a + 1}", f"component #{b + 1}", "make contract 1",
         "display r1c1", f"contract #{c + 1}")
    assert state.display[0][0] == first and state.contracts[0][0] == c


def test_worker_then_cards_example():
    # A Forklift to the Wood Wedge hires a worker; with the other Level 1 worker it takes a card
    # at Gain 1, which goes straight into manufacturing a game.
    state = table(turn=3)  # L1 is the Wood Wedge; each Break Room starts with a Level 1 worker
    game = contract(state, 0, 0, requires=("cards 1",))
    top = state.deck[-1]
    play(state, "forklift to L1", "as worker", "work gain L1", "take cards", f"component #{top + 1}",
         "make contract 1", "display r2c2")
    assert state.display[0][5] == game


def test_manufacturing_is_allowed_at_any_time_in_ones_turn():
    state = table(turn=1)
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "forklift to L3")  # mid-action, holding a Level 3 wood
    assert "make contract 1" in legal(state)


def test_over_paying_with_a_higher_level_component():
    state = table(turn=1)
    game = contract(state, 0, 0, requires=("tiles 2",))
    components(state, 0, tiles=(3,))
    play(state, "make contract 1", "display r1c1")
    assert state.display[0][0] == game


def test_over_paying_is_a_choice_when_several_levels_fit():
    state = table(turn=1)
    contract(state, 0, 0, requires=("tiles 2",))
    components(state, 0, tiles=(2, 3))
    play(state, "make contract 1")
    assert legal(state) == ["pay tiles L2", "pay tiles L3"]


def test_a_lower_level_component_never_pays_a_higher_requirement():
    state = table(turn=1)
    contract(state, 0, 0, requires=("dice 2",))
    components(state, 0, dice=(1, 1))
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Contract Over-Paying"):
        state.apply(0, "make contract 1")
    assert state.fingerprint() == before


def test_manufacturing_without_the_components_is_refused_naming_what_is_missing():
    state = table(turn=1)
    contract(state, 0, 0, requires=("cards 2", "wood 1"))
    components(state, 0, cards=1, wood=(1,))
    with pytest.raises(IllegalAction, match=r"Game Manufacturing: .*2 cards, wood L1"):
        state.apply(0, "make contract 1")


def test_an_empty_contract_space_cannot_be_manufactured():
    state = table(turn=1)
    with pytest.raises(IllegalAction, match="Cards & Contracts"):
        state.apply(0, "make contract 2")


def test_a_full_display_case_takes_no_more_games():
    state = table(players=2, turn=1)
    for slot in range(12):
        shelve(state, 0, slot)
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    with pytest.raises(IllegalAction, match="no empty slot"):
        state.apply(0, "make contract 1")


def test_an_any_level_requirement_takes_any_level():
    state = table(turn=1)
    game = contract(state, 0, 0, requires=("plastic any",))
    components(state, 0, plastic=(3,))
    play(state, "make contract 1", "display r1c1")
    assert state.display[0][0] == game


def test_three_matching_machinery_tiles_in_a_row_give_a_one_level_discount():
    state = table(turn=1)
    game = contract(state, 0, 0, requires=("dice 2",))
    components(state, 0, dice=(1,))
    machinery(state, 0, 0, "dice dice dice . . .")
    play(state, "make contract 1", "display r1c1")
    assert state.display[0][0] == game


def test_matching_tiles_that_are_not_adjacent_give_no_discount():
    state = table(turn=1)
    machinery(state, 0, 0, "dice dice . dice . .")
    assert state.view(0)["seats"][0]["discounts"][3] == 0


def test_two_machinery_sets_skip_a_level_two_component():
    state = table(turn=1)
    game = contract(state, 0, 0, requires=("dice 2", "wood 1"))
    components(state, 0, wood=(1,))
    machinery(state, 0, 0, "dice dice dice dice dice dice")
    play(state, "make contract 1", "display r3c4")
    assert state.display[0][11] == game


def test_a_finished_game_goes_to_any_empty_display_slot():
    state = table(turn=1)
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    shelve(state, 0, 0)
    play(state, "make contract 1")
    assert "display r1c1" not in legal(state) and len(legal(state)) == 11


def test_spent_cards_go_to_the_face_up_discard_pile():
    state = table(turn=1)
    contract(state, 0, 0, requires=("cards 2",))
    components(state, 0, cards=2)
    spent = sorted(state.hand[0])
    play(state, "make contract 1", "display r1c1")
    assert sorted(state.view(0)["discard"][-2:]) == spent


def test_an_engine_game_gives_its_reward_at_once():
    state = table(turn=1, dice_faces="2-2/3-3/4-4")
    contract(state, 0, 0, type="yellow", requires=("wood 1",), reward=("market 2",), score="flat 1")
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r1c1", "market yellow")
    assert state.view(0)["seats"][0]["marketing"][0] == 2


def test_an_engine_reward_of_a_die_is_rolled_and_decided():
    state = table(turn=1, dice_faces="2-2/3-3/4-4")
    contract(state, 0, 0, type="yellow", requires=("wood 1",), reward=("dice 3",), score="flat 1")
    components(state, 0, wood=(1,))
    play(state, "make contract 1", "display r1c1", "as component")
    assert state.view(0)["seats"][0]["components"]["dice"] == [0, 0, 1]


def test_the_twelfth_game_ends_the_game_after_one_more_turn():
    state = table(players=2, turn=1)
    for slot in range(11):
        shelve(state, 0, slot)
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    play(state, "make contract 1")  # the only empty slot is taken at once
    assert state.end_turn == 2


def test_after_the_final_turn_the_game_is_scored():
    state = table(players=1, turn=1)
    for slot in range(11):
        shelve(state, 0, slot)
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    workers(state, 0)
    play(state, "make contract 1")  # the only empty slot is taken at once
    while not state.is_over:
        play(state, legal(state)[-1] if "end turn" in legal(state) else legal(state)[0])
    assert state.turn == 2


def test_spent_component_cards_are_the_longest_held_so_the_discard_tells_nothing_of_the_rest():
    state = table(turn=1)
    contract(state, 0, 0, requires=("cards 1",))
    high, low = max(state.deck), min(state.deck)
    state.deck.remove(high)
    state.deck.remove(low)
    state.hand[0] = [high, low]  # the high card was taken first
    play(state, "make contract 1", "display r1c1")
    assert state.hand[0] == [low]


def test_two_card_requirements_on_one_contract_add_up():
    # A user's card may list cards twice ("cards 1", "cards 2"): it takes three cards.
    state = table(turn=1)
    contract(state, 0, 0, requires=("cards 1", "cards 2"))
    components(state, 0, cards=2)
    assert "make contract 1" not in legal(state)
