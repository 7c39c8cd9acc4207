"""Alternate Tokens (G9), the options, and content files of one's own."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardwright as bw
from boardwright.games.gadgeteers.content import DEFAULT_FILE

from .scenario import GAME, gadgets_phase, give_gadget, on_part, part, play, screen, table, tokens

ALT = {"alternate_tokens": True}


def test_each_player_is_dealt_a_different_alternate_token():
    state = table(players=4, options=ALT)
    swaps = [p["alternate"] for p in state.view(None)["players"]]
    assert sorted(swaps) == sorted(["double Power", "Power/½", "extra 4★", "extra 2"])


def alternate_table(swap):
    for seed in range(50):
        state = table(players=2, seed=seed, options=ALT)
        if state.view(None)["players"][0]["alternate"] == swap:
            return state
    raise AssertionError(swap)


def test_extra_4_replaces_a_1():
    assert screen(alternate_table("extra 4★"), 0).count("4") == 2
    assert screen(alternate_table("extra 4★"), 0).count("1") == 7


def test_extra_2_replaces_a_1():
    assert screen(alternate_table("extra 2"), 0).count("2") == 4


def test_the_half_token_counts_a_half_for_control():
    state = alternate_table("Power/½")
    tokens(state, 0, "Lens", "1", "half")
    tokens(state, 1, "Lens", "1")
    assert state.controllers(part("Lens")) == (0,)


def test_the_half_token_can_activate_a_power():
    state = alternate_table("Power/½")
    give_gadget(state, 0, "Crank Charger")
    tokens(state, 0, "Lens", "half")
    tokens(state, 0, "Tape", "1")
    gadgets_phase(state)
    play(state, 0, "use half Lens", "activate Crank Charger", "take 1 Tape")
    assert "half" in screen(state, 0)


def test_a_power_cannot_bring_the_half_token_out_from_behind_the_screen():
    """Our ruling: Spring Dynamo, activated with the Power/½ token, adds a Value Token where that
    token was, but not the Power/½ token itself (else it could be activated again with it, for ever)."""
    state = alternate_table("Power/½")
    give_gadget(state, 0, "Spring Dynamo")
    tokens(state, 0, "Lens", "half")
    gadgets_phase(state)
    play(state, 0, "use half Lens", "activate Spring Dynamo")
    choices = [str(a) for a in state.legal_actions(0)]
    assert "add 1" in choices and "add half" not in choices
    play(state, 0, "add 1")
    assert on_part(state, 0, "Lens") == ["1"] and "half" in screen(state, 0)


def test_the_double_power_token_activates_two_different_gadgets():
    state = alternate_table("double Power")
    give_gadget(state, 0, "Crank Charger")
    give_gadget(state, 0, "Whirl Duster")
    tokens(state, 0, "Lens", "double")
    tokens(state, 0, "Tape", "1", "2")
    gadgets_phase(state)
    play(state, 0, "use double Lens", "activate Crank Charger", "take 1 Tape")
    assert [str(a) for a in state.legal_actions(0)] == ["activate Whirl Duster", "done"]
    play(state, 0, "activate Whirl Duster", "take 2 Tape")
    assert on_part(state, 0, "Lens") == ["2"]
    with pytest.raises(bw.IllegalAction):
        state.apply(0, "activate Crank Charger")


def test_alternate_tokens_are_off_by_default():
    assert GAME.option("alternate_tokens").default is False
    assert all(p["alternate"] is None for p in table(players=3).view(None)["players"])


def test_an_unknown_option_is_refused_with_the_known_ones():
    with pytest.raises(bw.OptionError, match=r"gadgeteers has no option 'alternate' .*alternate_tokens"):
        GAME.new(players=2, options={"alternate": True})


def test_an_ill_typed_option_is_refused():
    with pytest.raises(bw.OptionError, match="option 'alternate_tokens' takes true or false"):
        GAME.new(players=2, options={"alternate_tokens": "maybe"})


def test_a_player_count_outside_2_to_4_is_refused():
    with pytest.raises(ValueError, match="Gadgeteers plays 2–4 players, not 5"):
        GAME.new(players=5)


def test_a_content_file_of_ones_own_is_played(tmp_path: Path):
    own = tmp_path / "mine.toml"
    own.write_text(DEFAULT_FILE.read_text().replace('name = "Periscope"', 'name = "Kaleidoscope"'))
    state = GAME.new(players=2, seed=1, options={"content": str(own)})
    names = [g.name for g in state.content.gadgets]
    assert "Kaleidoscope" in names and "Periscope" not in names
    assert bw.replay(state.record(), content=str(own)).fingerprint() == state.fingerprint()


@pytest.mark.parametrize(("change", "message"), [
    (('parts = ["Mirror", "Pipe"]', 'parts = ["Mirror", "Pipes"]'),
     "gadgets 'Periscope': field 'parts': 'Pipes' is not one of"),
    (("points = 2\nparts = [\"Mirror\"", "points = \"two\"\nparts = [\"Mirror\""),
     "gadgets 'Periscope': field 'points': must be a whole number"),
    (('name = "Periscope"\ntype = "Optics"', 'name = "Periscope"\ntype = "Optical"'),
     "gadgets 'Periscope': field 'type': 'Optical' is not one of the Types"),
    (('power = "return_other"\nmax_value = 1', 'power = "teleport"\nmax_value = 1'),
     "gadgets 'Periscope': field 'power': 'teleport' is not one of"),
])
def test_a_bad_content_file_names_the_file_the_gadget_and_the_field(tmp_path: Path, change, message):
    bad = tmp_path / "bad.toml"
    text = DEFAULT_FILE.read_text()
    assert change[0] in text
    bad.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(bw.ContentError) as error:
        GAME.new(players=2, options={"content": str(bad)})
    assert str(bad) in str(error.value) and message in str(error.value)


def test_a_missing_content_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(bw.ContentError, match="cannot be read"):
        GAME.new(players=2, options={"content": str(tmp_path / "nowhere.toml")})
