"""Authoring content: overlay files (``extends = "default"``), ``boardwright content check``,
``boardwright rules GAME --content FILE``, and the content errors a designer reads."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import boardwright as bw
from boardwright.cli import main
from boardwright.engine import ContentError

#: per game: an overlay that changes one field of one entry, the entry, and what its catalog shows
CHANGES = {
    "gadgeteers": ('[[gadgets]]\nname = "Jumpboots"\npoints = 9\n', "Jumpboots", "points", 9),
    "game-development": ('[[feature]]\nname = "Boss Fight"\npoints = 9\n', "Boss Fight", "points", 9),
    "makers-of-universe": ('[[machines]]\nname = "Ravager Cannon"\npoints = 3\n', "Ravager Cannon", "points", 3),
    "the-game-makers": ('[[cards]]\nname = "Wandering Towers"\nscore = "flat 7"\n', "Wandering Towers",
                        "points", 7),
}


def overlay(tmp_path: Path, text: str, name: str = "mine.toml") -> str:
    path = tmp_path / name
    path.write_text('extends = "default"\n\n' + text, encoding="utf-8")
    return str(path)


def refusal(game_id: str, path: str) -> str:
    with pytest.raises(ContentError) as error:
        bw.load(game_id).catalog({"content": path})
    return str(error.value)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------- overlays
@pytest.mark.parametrize("game_id", sorted(CHANGES))
def test_an_overlay_changes_only_the_fields_it_names_in_every_game(tmp_path, game_id):
    text, entry, field, value = CHANGES[game_id]
    game = bw.load(game_id)
    default = game.catalog()
    changed = game.catalog({"content": overlay(tmp_path, text)})
    assert default[entry][field] != value and changed[entry][field] == value
    assert list(changed) == list(default)
    assert {name: row for name, row in changed.items() if row != default[name]}.keys() == {entry}


@pytest.mark.parametrize("game_id", sorted(CHANGES))
def test_a_game_plays_with_an_overlay_and_its_record_replays(tmp_path, game_id):
    path = overlay(tmp_path, CHANGES[game_id][0])
    game = bw.load(game_id)
    state = game.new(players=game.min_players, seed=5, options={"content": path})
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    record = state.record()
    assert record["options"]["content"] == path, "the record names the overlay it was played with"
    again = bw.replay(json.loads(json.dumps(record)), content=path)
    assert again.view(None) == state.view(None)


def test_an_overlay_adds_and_removes_entries(tmp_path):
    path = overlay(tmp_path, 'remove = ["Crunch Mode"]\n\n[[feature]]\nname = "Shiny Feature"\n'
                             'cost = ["Prog: 1"]\npoints = 6\n')
    catalog = bw.load("game-development").catalog({"content": path})
    assert "Crunch Mode" not in catalog and catalog["Shiny Feature"]["points"] == 6
    assert "Crunch Mode" in bw.load("game-development").catalog()


@pytest.mark.parametrize(("game_id", "text", "message"), [
    ("gadgeteers", '[[gadgets]]\nname = "Jumpbots"\npoints = 9\n',
     "mine.toml: gadgets 'Jumpbots': field 'type': is missing (the default has no gadgets entry with name "
     "'Jumpbots', so this one is new and needs every field)"),
    ("gadgeteers", '[[gadgets]]\nname = "Jumpboots"\npoints = "nine"\n',
     "mine.toml: gadgets 'Jumpboots': field 'points': must be a whole number, not 'nine'"),
    ("gadgeteers", '[[gadgets]]\npoints = 9\n', "mine.toml: gadgets #1: field 'name': is missing (an overlay's "
                                                "entry is matched to the default's by its name)"),
    ("gadgeteers", 'remove = ["Jumpboots"]\n', "mine.toml: needs at least 16 [[gadgets]] entries, has 15"),
    ("gadgeteers", 'remove = ["Moonboots"]\n', "mine.toml: field 'remove': 'Moonboots' is no entry of the default"),
    ("gadgeteers", 'remove = ["Jumpboots"]\n[[gadgets]]\nname = "Jumpboots"\npoints = 1\n',
     "mine.toml: gadgets 'Jumpboots': is both changed and removed"),
    ("gadgeteers", '[[gizmos]]\nname = "X"\n', "mine.toml: unknown section [[gizmos]] (expected: gadgets, types)"),
    ("the-game-makers", 'remove = [3]\n', "mine.toml: field 'remove': 3 names entries of several sections: write "
                                          '"dice:3" or "bags:3" or "marketing:3"'),
    ("the-game-makers", 'remove = ["dice:3"]\n', "mine.toml: needs 3 [[dice]] entries, has 2"),
    ("makers-of-universe", '[[machines]]\nname = "Palace"\ncount = 3\n',
     "mine.toml: the rulebook has 18 machines cards, this file has 19"),
])
def test_an_overlay_error_names_the_file_the_entry_and_the_field(tmp_path, game_id, text, message):
    assert refusal(game_id, overlay(tmp_path, text)).endswith(message)


def test_only_the_default_is_extended_and_only_an_overlay_removes(tmp_path):
    other = tmp_path / "other.toml"
    other.write_text('extends = "cards.toml"\n')
    assert refusal("gadgeteers", str(other)).endswith("field 'extends': only \"default\" (the game's own content) "
                                                      "can be extended, not 'cards.toml'")
    other.write_text('remove = ["Jumpboots"]\n')
    assert refusal("gadgeteers", str(other)).endswith("field 'remove': only an overlay removes entries: add "
                                                      'extends = "default"')


def test_a_whole_file_of_the_game_makers_still_takes_the_sections_it_leaves_out(tmp_path):
    path = tmp_path / "part.toml"
    path.write_text('[[tweenies]]\nname = "Only"\neffect = "tree"\n')
    assert refusal("the-game-makers", str(path)).endswith("needs 12 [[tweenies]] entries, has 1")


# ---------------------------------------------------------------------------- content errors
def test_the_allowed_effects_are_listed_without_an_empty_entry(tmp_path):
    message = refusal("game-development", overlay(tmp_path, '[[feature]]\nname = "Boss Fight"\neffect = "magic"\n'))
    assert message.endswith("field 'effect': 'magic' is not one of bug-discount, ld-discount "
                            "(or leave it out for none)"), message


@pytest.mark.parametrize("cost", ["[]", '["Prog: 0"]'])
def test_a_feature_or_bug_that_costs_nothing_is_refused(tmp_path, cost):
    for section, name in (("feature", "Boss Fight"), ("bug", "Memory Leak")):
        message = refusal("game-development", overlay(tmp_path, f'[[{section}]]\nname = "{name}"\ncost = {cost}\n'))
        assert f"{section} '{name}': field 'cost': " in message and "costs at least one resource" in message


# ---------------------------------------------------------------------------- the commands
def test_content_check_summarises_an_overlay_and_what_it_changes(tmp_path, capsys):
    path = overlay(tmp_path, 'remove = ["Crunch Mode"]\n\n[[feature]]\nname = "Boss Fight"\npoints = 9\n'
                             '\n[[feature]]\nname = "Shiny Feature"\ncost = ["Prog: 1"]\npoints = 6\n')
    code, out, err = run(capsys, "content", "check", path)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{path}: a valid Game Development content file (an overlay of the game's own content)"
    assert lines[1] == "entries: milestone 5, title 4, developer 24, document 4, action 5, feature 10, bug 4"
    assert lines[2] == "against the game's own content: 1 changed, 1 added, 1 removed"
    assert lines[3:] == ["  removed: action 'Crunch Mode'", "  changed: feature 'Boss Fight': points 5 -> 9",
                         "  added: feature 'Shiny Feature'"]


def test_content_check_of_a_whole_file_finds_its_game_and_no_change(capsys):
    game = bw.load("makers-of-universe")
    code, out, _ = run(capsys, "content", "check", str(game.content_default))
    assert code == 0 and "a valid Makers of Universe content file (a whole content file)" in out
    assert "against the game's own content: 0 changed, 0 added, 0 removed" in out


@pytest.mark.parametrize(("text", "game", "message"), [
    ('[[gadgets]]\nname = "Jumpboots"\npoints = 99\n', None,
     "gadgets 'Jumpboots': field 'points': must be at most 20, not 99"),
    ('[[feature]]\nname = "Boss Fight"\ncost = []\n', None, "field 'cost': is empty"),
    ('[[spells]]\nname = "x"\n', None, "no game's content has the sections spells; name it with --game GAME"),
    ("", None, "has no sections to tell its game by; name it with --game GAME"),
    ('[[gadgets]]\nname = "Jumpboots"\npoints = 2\n', "game-development",
     "unknown section [[gadgets]]"),
])
def test_content_check_refuses_a_bad_file_in_one_line(tmp_path, capsys, text, game, message):
    path = overlay(tmp_path, text)
    code, out, err = run(capsys, "content", "check", path, *(["--game", game] if game else []))
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_rules_with_content_shows_the_files_card_texts(tmp_path, capsys):
    path = overlay(tmp_path, CHANGES["gadgeteers"][0])
    code, out, _ = run(capsys, "rules", "gadgeteers", "--content", path)
    assert code == 0 and "quick reference" in out and "The content of mine.toml" in out
    assert "Motion Gadget worth 9 points; build it by controlling Spring and Boots" in " ".join(out.split())
    code, out, _ = run(capsys, "rules", "gadgeteers")
    assert code == 0 and "The content of" not in out


def test_play_and_replay_take_an_overlay(tmp_path, capsys, monkeypatch):
    path = overlay(tmp_path, CHANGES["gadgeteers"][0])
    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "play", "gadgeteers", "--seats", "heuristic,heuristic", "--seed", "2",
                         "--content", path, "--save", str(save))
    assert code == 0 and "Final scores" in out, err
    assert json.loads(save.read_text())["options"]["content"] == path
    code, out, err = run(capsys, "replay", str(save), "--content", path)
    assert code == 0 and "Final scores" in out, err


def test_simulate_and_the_lab_take_an_overlay(tmp_path, capsys):
    path = overlay(tmp_path, CHANGES["gadgeteers"][0])
    code, out, err = run(capsys, "simulate", "gadgeteers", "-n", "2", "--content", path, "--json")
    assert code == 0, err
    assert json.loads(out)["options"]["content"] == path
    code, _, err = run(capsys, "balance", "gadgeteers", "-n", "2", "--seats", "heuristic", "--content", path,
                       "--compare-content", path, "--out", str(tmp_path / "lab"))
    assert code == 0, err
    report = json.loads((tmp_path / "lab" / "report.json").read_text())
    assert [v["options"]["content"] for v in report["versions"]] == [path, path]
