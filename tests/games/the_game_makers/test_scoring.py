"""Final scoring as the score sheet (rulebook "Final Scoring", "Marketing and Additional
Scoring", "Tie Breaker"; RULINGS M9, M10, M12)."""

from __future__ import annotations

from boardwright.games.the_game_makers import scoring

from .scenario import machinery, shelve, structure, table

TYPES = {"Y": "yellow", "B": "blue", "P": "purple", "R": "red"}


def case(state, seat, rows, score="flat 0"):
    """Fill a Display Case from three rows like ``"Y B . ."``."""
    for r, row in enumerate(rows):
        for c, mark in enumerate(row.split()):
            if mark != ".":
                shelve(state, seat, r * 4 + c, type=TYPES[mark], score=score)


def sheet(state, seat=0):
    return scoring.breakdown(state, seat)


def test_a_flat_game_scores_its_vp():
    state = table()
    shelve(state, 0, 0, score="flat 4")
    assert sheet(state)["games"] == 4


def test_largest_orthogonal_group_scores_one_per_game_up_to_five():
    state = table()
    case(state, 0, ["R R R R", "R R . .", ". . . R"])
    shelve(state, 0, 10, type="blue", score="group red")
    assert sheet(state)["games"] == 5


def test_rows_containing_the_type_score_up_to_three():
    state = table()
    case(state, 0, ["B . . .", ". . . .", ". . B ."])
    shelve(state, 0, 5, type="red", score="rows blue")
    assert sheet(state)["games"] == 2


def test_columns_containing_the_type_score_up_to_four():
    state = table()
    case(state, 0, ["P P . .", ". . . P", ". . . ."])
    shelve(state, 0, 10, type="red", score="columns purple")
    assert sheet(state)["games"] == 3


def test_the_two_leftmost_columns_score_one_per_game_of_the_type():
    state = table()
    case(state, 0, ["Y Y . Y", "Y . . .", ". . . ."])
    shelve(state, 0, 9, type="yellow", score="left yellow")
    assert sheet(state)["games"] == 4  # three shelved plus itself, all in columns 1-2


def test_a_category_with_its_cube_at_zero_scores_nothing():
    state = table()
    case(state, 0, ["Y Y Y Y", ". . . .", ". . . ."])
    assert sheet(state)["engines"] == 0


def test_engines_score_columns_with_a_yellow_game_times_the_cube():
    state = table()
    case(state, 0, ["Y Y . .", "Y . . .", ". . . ."])
    state.market[0] = 3
    assert sheet(state)["engines"] == 6


def test_cards_score_one_per_two_blue_games_times_the_cube():
    state = table()
    case(state, 0, ["B B B . ", ". . . .", ". . . ."])
    state.market[1] = 4
    assert sheet(state)["cards"] == 4


def test_teamwork_counts_other_players_with_purple_plus_two_for_three_of_ones_own():
    state = table(players=3)
    case(state, 0, ["P P P .", ". . . .", ". . . ."])
    case(state, 1, ["P . . .", ". . . .", ". . . ."])
    state.market[2] = 2
    assert sheet(state)["teamwork"] == (1 + 2) * 2


def test_teamwork_needs_a_purple_game_of_ones_own():
    state = table(players=2)
    case(state, 1, ["P . . .", ". . . .", ". . . ."])
    state.market[2] = 5
    assert sheet(state)["teamwork"] == 0


def test_military_scores_two_per_player_beaten_in_red_games():
    state = table(players=3)
    case(state, 0, ["R R . .", ". . . .", ". . . ."])
    case(state, 1, ["R . . .", ". . . .", ". . . ."])
    case(state, 2, ["R R . .", ". . . .", ". . . ."])
    state.market[3] = 1
    assert sheet(state)["military"] == 2  # beats seat 1 only; a tie beats no one


def test_trees_score_three_per_three_trees_times_the_tree_track():
    state = table()
    state.trees[0] = 0b1111111  # seven trees
    state.market[4] = 2
    assert sheet(state)["trees"] == 2 * 3 * 2


def test_an_active_a_structure_scores_at_the_end():
    state = table()
    structure(state, 0, "War Room")  # 1 VP per red game
    case(state, 0, ["R R R .", ". . . .", ". . . ."])
    assert sheet(state)["structure"] == 3


def test_an_unfinished_a_structure_scores_nothing():
    state = table()
    structure(state, 0, "War Room", built=False)
    case(state, 0, ["R R R .", ". . . .", ". . . ."])
    assert sheet(state)["structure"] == 0


def test_a_tie_goes_to_the_best_ranked_game():
    state = table(players=2)
    shelve(state, 0, 0, score="flat 3", rank=40)
    shelve(state, 1, 0, score="flat 3", rank=7)
    state.is_over = True
    assert state.winners() == [1]


def test_a_tie_with_equal_best_ranks_is_shared():
    state = table(players=2)
    state.is_over = True
    assert state.winners() == [0, 1]


def test_solo_purple_and_red_score_against_one_virtual_opponent():
    state = table(players=1)
    case(state, 0, ["P R R R", ". . . .", ". . . ."])
    state.market[2] = state.market[3] = 1
    assert (sheet(state)["teamwork"], sheet(state)["military"]) == (1, 2)


def test_the_two_rightmost_columns_score_one_per_game_of_the_type_up_to_six():
    state = table()
    case(state, 0, ["R R R R", "R R R R", ". . R R"])
    shelve(state, 0, 8, type="blue", score="right red")
    assert sheet(state)["games"] == 6


def test_rows_score_at_most_three():
    state = table()
    case(state, 0, ["B . . .", "B . . .", "B . . ."])
    shelve(state, 0, 1, type="blue", score="rows blue")
    assert sheet(state)["games"] == 3


def test_a_pattern_may_count_the_games_that_needed_a_component():
    # "1 VP for each row containing at least one game/component of that type": a card scoring
    # rows of dice counts the rows holding a game whose Contract required a die.
    state = table()
    shelve(state, 0, 0, type="blue", requires=("dice 1", "cards 1"), score="flat 0")
    shelve(state, 0, 9, type="red", requires=("dice any",), score="flat 0")
    shelve(state, 0, 5, type="blue", requires=("wood 2",), score="rows dice")
    assert sheet(state)["games"] == 2  # rows 1 and 3; row 2 holds only the wood game itself


def test_a_component_group_pattern_counts_adjacent_games_that_needed_it():
    state = table()
    for slot in (0, 1, 5, 11):
        shelve(state, 0, slot, type=("red", "blue")[slot % 2], requires=("plastic 1",), score="flat 0")
    shelve(state, 0, 4, type="purple", requires=("plastic 2", "wood 1"), score="group plastic")
    assert sheet(state)["games"] == 4  # slots 0, 1, 4 and 5 touch; slot 11 stands alone


def test_machinery_museum_scores_two_per_set_of_three_no_tile_counted_twice():
    # The rulebook's A Structure: 2 VP for every set of 3 matching adjacent machinery tiles; a run
    # of five dice tiles is one set, a run of six two.
    state = table()
    structure(state, 0, "Machinery Museum")
    machinery(state, 0, 0, "dice dice dice dice dice .")
    machinery(state, 0, 1, "wood wood wood wood wood wood")
    assert sheet(state)["structure"] == 2 * 3


def test_scores_are_whole_numbers_of_vp():
    # The score sheet adds whole VP: scores() gives ints, not floats.
    state = table(players=2)
    shelve(state, 0, 0, score="flat 4")
    assert [type(v) for v in state.scores()] == [int, int]
