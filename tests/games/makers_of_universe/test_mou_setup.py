"""Setup (rulebook "Setup", "The Characters", "Game Contents"; RULINGS U1, U11)."""

from __future__ import annotations

import pytest
from mou_helpers import GAME, new_game

from boardwright.engine import ContentError
from boardwright.engine.content import load_content
from boardwright.games.makers_of_universe.content import CONTENT_FILE, SCHEMA, _build, load


def test_each_player_receives_5_ue_and_5_resource_cards():
    s = new_game(players=4)
    assert [(s.ue[p], len(s.hands[p])) for p in range(4)] == [(5, 5)] * 4


def test_the_remaining_ue_tokens_make_up_the_bank():
    s = new_game(players=3)
    assert s.bank == 30 - 3 * 5


def test_each_player_has_three_doors_two_inactive_and_one_active():
    s = new_game(players=5)
    assert all(sorted(s.open_[p]) == [False, False, True] for p in range(5))


def test_the_youngest_player_seat_0_holds_the_preums_pawn():
    assert new_game().pawn == 0


def test_each_player_draws_a_different_character_face_down_then_shows_it():
    s = new_game(players=5, characters=True)
    shown = [p["character"] for p in s.view(None)["players"]]
    assert len(set(shown)) == 5 and None not in shown


@pytest.mark.parametrize(("players", "target"), [(3, 11), (4, 9), (5, 7)])
def test_the_points_required_are_11_9_7_for_3_4_5_players(players, target):
    assert new_game(players=players).target == target


def test_the_target_is_an_option():
    assert new_game(target=15).target == 15


def test_the_content_has_the_rulebooks_counts():
    c = load()
    counts = (len(c.characters), sum(m.count for m in c.machines), len(c.doors),
              sum(k.count for k in c.cards))
    assert counts == (10, 18, 15, 67)


def test_the_content_includes_cerberus_the_scientist_android_palace_and_ravager_cannon():
    c = load()
    assert {"Cerberus", "Scientist Android"} <= {k.name for k in c.cards} and \
        {"Palace", "Ravager Cannon"} <= {m.name for m in c.machines}


def test_a_bad_content_file_names_file_entry_and_field(tmp_path):
    bad = tmp_path / "cards.toml"
    text = CONTENT_FILE.read_text(encoding="utf-8")
    bad.write_text(text.replace('machine = "Star Forge"', 'machine = "Star Foundry"'), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_content(bad, SCHEMA, _build)
    assert (error.value.entry, error.value.field) == ("evolutions 'Living Stars'", "machine")


def test_the_game_is_registered_for_3_to_5_players():
    assert (GAME.min_players, GAME.max_players) == (3, 5)


def test_a_players_own_card_list_replaces_ours(tmp_path):
    own = tmp_path / "cards.toml"
    own.write_text(CONTENT_FILE.read_text(encoding="utf-8").replace('"Cerberus"', '"Hellhound"'),
                   encoding="utf-8")
    s = new_game(content=str(own))
    assert "send Hellhound" in s.table
