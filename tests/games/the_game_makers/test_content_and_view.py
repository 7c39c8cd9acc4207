"""Content as data (RULINGS M13), user content, and what the view hides."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardwright as bw
from boardwright.engine import ContentError
from boardwright.games.the_game_makers.content import BASE, load

from .scenario import GAME, play, table


def test_our_content_has_the_rulebooks_counts():
    content = load()
    assert (len(content.cards), len(content.structures), len(content.tweenies), len(content.trees),
            len(content.tiles)) == (216, 45, 12, 15, 140)


def test_each_game_type_has_54_cards():
    content = load()
    assert [sum(1 for c in content.cards if c.type == t) for t in range(4)] == [54] * 4


def test_a_user_file_replaces_the_cards_it_lists(tmp_path: Path):
    text = BASE.read_text(encoding="utf-8")
    cards = text[text.index("[[cards]]"):].replace('name = "', 'name = "My ', 216)
    path = tmp_path / "mine.toml"
    path.write_text(cards, encoding="utf-8")
    state = GAME.new(players=2, seed=1, options={"content": str(path)})
    assert all(c.name.startswith("My ") for c in state.content.cards)


def cards_with_first(tmp_path: Path, key: str, line: str) -> Path:
    """Our cards as a user file, with the first card's ``key`` line replaced by ``line``."""
    text = BASE.read_text(encoding="utf-8")
    cards = text[text.index("[[cards]]"):]
    first = cards.index(key)
    path = tmp_path / "bad.toml"
    path.write_text(cards[:first] + line + "\n#" + cards[first:], encoding="utf-8")
    return path


def test_a_bad_card_names_the_file_the_entry_and_the_field(tmp_path: Path):
    path = cards_with_first(tmp_path, "requires = [", 'requires = ["gold 2"]')
    with pytest.raises(ContentError) as error:
        GAME.new(players=2, seed=1, options={"content": str(path)})
    assert error.value.field == "requires" and error.value.entry.startswith("cards '")


def test_deck_order_and_other_players_component_cards_are_hidden():
    state = table(players=2, turn=1)
    play(state, "forklift to L1", "component")
    view = state.view(1)
    assert view["seats"][0]["hand"] is None and isinstance(view["deck"], int)


def test_cards_being_looked_at_are_seen_only_by_their_taker():
    state = table(players=2, turn=1)
    play(state, "forklift to L1")
    assert "offer" in state.view(0)["pending"][-1] and "offer" not in state.view(1)["pending"][-1]


def test_a_face_down_card_is_redacted_in_the_history():
    state = table(players=2, turn=1)
    play(state, "forklift to L1", "component")
    assert state.history(1)[-1][1] == "component (a face-down card)"


def test_determinize_keeps_the_view_and_resamples_hidden_cards():
    state = table(players=2, turn=1)
    play(state, "forklift to L1", "component")
    sample = state.determinize(1, seed=5)
    assert sample.view(1) == state.view(1) and sample.deck != state.deck


def test_render_draws_the_wheel_and_each_factory_from_a_view():
    state = table(players=2, turn=1)
    text = GAME.render(state.view(0))
    assert "READY: wild" in text and "Assembly Line" in text and "Display Case" in text


def test_describe_action_explains_a_forklift_move():
    assert "Forklift" in bw.load("the-game-makers").describe_action("forklift to L2")


def test_a_card_pattern_names_a_game_type_or_a_component(tmp_path: Path):
    path = cards_with_first(tmp_path, "score = ", 'score = "rows gold"')
    with pytest.raises(ContentError, match="or a component"):
        GAME.new(players=2, seed=1, options={"content": str(path)})


def test_our_content_has_pattern_cards_of_game_types_and_of_components():
    content = load()
    targets = {c.value >= 4 for c in content.cards if c.pattern}
    assert targets == {False, True}


def test_extra_tiles_being_looked_at_are_hidden_and_resampled_for_the_others():
    state = table(players=2, turn=2)  # L1 is the Tiles Wedge
    state.work1[3] = 1  # a worker on "view L1": two tiles to look at
    play(state, "forklift to L1")
    samples = {state.determinize(1, seed).stack[-1][1] for seed in range(6)}
    assert "offer" not in state.view(1)["pending"][-1] and len(samples) > 1


def test_render_names_a_draft_set_held_by_another_seat_as_seen():
    state = GAME.new(players=3, seed=5, options={"structures": "draft"})
    for seat in state.to_act:
        state.apply(seat, state.legal_actions(seat)[0])
    assert "Seat 1's (seen) A set" in GAME.render(state.view(0))


def bags_file(tmp_path: Path, small: int, medium: int, large: int, tiles_icon: bool = True) -> Path:
    """A user file replacing only the tile bags: ``small``/``medium``/``large`` tiles of each icon
    (none with the tile icon unless ``tiles_icon``)."""
    lines = []
    for size, count in ((1, small), (2, medium), (3, large)):
        lines += ["[[bags]]", f"size = {size}"]
        lines += [f"{kind} = {count if tiles_icon or kind != 'tiles' else 0}"
                  for kind in ("cards", "tiles", "wood", "dice", "plastic")]
    path = tmp_path / "bags.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_contracts_that_can_never_be_made_are_refused(tmp_path: Path):
    # Empty tile bags: no Wedge, reward or Structure can ever give a tile, so a card that requires
    # one could never leave its Contract space and the game might never end.
    with pytest.raises(ContentError, match="can never be paid") as error:
        GAME.new(players=2, seed=1, options={"content": str(bags_file(tmp_path, 0, 0, 0))})
    assert error.value.field == "requires" and error.value.entry.startswith("cards '")


def test_a_large_tile_requirement_without_large_tiles_needs_tile_machinery(tmp_path: Path):
    # No large tile to pay 'tiles 3', and no tile-icon tile to build the machinery that would
    # lower it: refused. (With tile-icon tiles, a set of three lowers it to a medium tile.)
    with pytest.raises(ContentError, match="'tiles 3'"):
        GAME.new(players=2, seed=1, options={"content": str(bags_file(tmp_path, 12, 12, 0, tiles_icon=False))})


def test_machinery_can_make_a_large_tile_requirement_payable(tmp_path: Path):
    state = GAME.new(players=2, seed=1, options={"content": str(bags_file(tmp_path, 12, 12, 0))})
    assert not any(size == 3 for size, _ in state.content.tiles)
