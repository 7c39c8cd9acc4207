"""Hostile input through the public contract: every refusal is one clear error naming the seat,
field or option, and the state (its log included) is exactly as before. Records and content files
come from other people, so their every field and their size are bounded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from toygame import GAME as TOY

import boardwright as bw
from boardwright.engine import Action, ContentError, Field, OptionError, RecordError, Section, load_content
from boardwright.engine.options import Options

GAMES = [bw.load(game_id) for game_id in bw.games()] + [TOY]
BAD_SEATS = [0.0, 1.0, True, False, "0", None, 1.5, [0], -1, 99]


def started(game, players=None):
    """A game a few decisions in, with its first seat to act."""
    state = game.new(players=players or game.min_players, seed=5)
    for _ in range(3):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


class Index:
    """A seat number of another integer type (as NumPy's ``int64``): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


# ---------------------------------------------------------------- seats
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_apply_refuses_a_seat_that_is_not_a_seat_number_and_logs_nothing(game, seat):
    state = started(game)
    action = state.legal_actions(state.to_act[0])[0]
    before, log = state.fingerprint(), len(state.log)
    with pytest.raises(bw.IllegalAction, match="Seats: there is no seat"):
        state.apply(seat, action)
    assert len(state.log) == log and state.fingerprint() == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_legal_actions_refuses_a_seat_the_game_does_not_have(game, seat):
    state = started(game)
    with pytest.raises(bw.IllegalAction, match="there is no seat"):
        state.legal_actions(seat)


@pytest.mark.parametrize("seat", [0.0, True, "0", 7, -1], ids=repr)
def test_views_histories_and_samples_refuse_a_seat_the_game_does_not_have(seat):
    state = started(TOY, players=2)
    for ask in (state.view, state.history, lambda s: state.determinize(s, 1)):
        with pytest.raises(bw.IllegalAction, match="there is no seat"):
            ask(seat)


@pytest.mark.parametrize("seed", ["7", 1.5, True, None, 10**5000], ids=lambda s: type(s).__name__)
def test_a_determinization_seed_is_a_bounded_whole_number(seed):
    with pytest.raises(ValueError, match="a determinization seed is a whole number"):
        started(TOY, players=2).determinize(0, seed)


def test_a_seat_of_another_integer_type_is_taken_as_its_value():
    state = TOY.new(players=2, seed=1)
    state.apply(Index(1), "bid 2")
    assert state.log[-1][0].__class__ is int and state.log[-1][0] == 1
    assert state.legal_actions(Index(0)) == state.legal_actions(0)


def test_a_seat_that_owes_no_decision_has_no_legal_actions():
    state = TOY.new(players=2, seed=1)
    state.apply(0, "bid 1")
    assert state.legal_actions(0) == []


# ---------------------------------------------------------------- forged actions
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_forged_action_with_the_text_of_a_legal_one_is_refused(game):
    state = started(game)
    seat = state.to_act[0]
    real = next((a for a in state.legal_actions(seat) if a.args), state.legal_actions(seat)[0])
    forged = Action(str(real), real.kind, *real.args, 25)
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction, match="its arguments differ"):
        state.apply(seat, forged)
    assert state.fingerprint() == before


def test_a_forged_bid_cannot_set_a_bid_of_25():
    state = bw.load("makers-of-universe").new(players=3, seed=1)
    while not str(state.legal_actions(state.to_act[0])[0]).startswith("bid"):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    with pytest.raises(bw.IllegalAction, match="its arguments differ"):
        state.apply(seat, Action("bid 0", "bid", 25))
    assert seat not in state.committed()


def test_an_equal_action_built_again_is_taken_as_the_games_own():
    state = TOY.new(players=2, seed=1)
    state.apply(0, Action("bid 2", "bid", 2))
    assert state.log[-1][1] is TOY.new(players=2, seed=1).table.get("bid 2")


def test_an_action_text_longer_than_any_action_is_refused_without_reading_it():
    state = TOY.new(players=2, seed=1)
    with pytest.raises(bw.IllegalAction, match="at most 400 characters"):
        state.apply(0, "bid 1" + " " * 1_000_000)


# ---------------------------------------------------------------- options and set-up
@pytest.mark.parametrize("options", ["x", ["unused"], [("unused", 1)], 3], ids=repr)
def test_options_that_are_not_a_mapping_are_refused(options):
    with pytest.raises(OptionError, match="options are a mapping of name to value"):
        TOY.new(players=2, options=options)


@pytest.mark.parametrize("seed", ["7", 1.5, True, 2**64, -(2**63) - 1, 10**5000], ids=lambda s: type(s).__name__)
def test_a_seed_is_a_bounded_whole_number(seed):
    with pytest.raises(ValueError, match="a seed is a whole number from"):
        TOY.new(players=2, seed=seed)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_option_value_is_bounded(game):
    """Numbers have a minimum and a maximum; texts have choices or a check (a content path is
    bounded when the file is read)."""
    for option in game.options:
        if option.type in (int, float):
            assert option.minimum is not None and option.maximum is not None, f"{game.id} {option.name}"
        elif option.type is str and option.name != "content":
            assert option.choices or option.check, f"{game.id} {option.name} takes any text"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_an_out_of_range_option_names_the_option_and_the_range(game):
    for option in game.options:
        if option.type is int:
            with pytest.raises(OptionError) as error:
                game.new(options={option.name: int(option.maximum) + 1})
            assert f"option '{option.name}' must be from" in str(error.value)
            assert "\n" not in str(error.value)


def test_a_clone_cannot_change_the_options_of_the_original():
    state = TOY.new(players=2, seed=1)
    copy = state.clone()
    assert isinstance(copy.options, Options)
    with pytest.raises(TypeError, match="options are fixed"):
        copy.options["unused"] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        copy.options.update(unused=5)  # type: ignore[attr-defined]
    assert state.options["unused"] == 0


# ---------------------------------------------------------------- records
def record_of(**changes):
    record = json.loads(json.dumps(started(TOY, players=2).record()))
    record.update(changes)
    return record


BAD_RECORDS = {
    "game a list": (dict(game=["sealed-sums"]), "'game' must be a game id"),
    "unknown game": (dict(game="chess"), "'game': there is no game 'chess'"),
    "version a number": (dict(version=1), "'version' must be the rules version"),
    "options a string": (dict(options="x"), "'options' must be an object"),
    "options a list": (dict(options=[]), "'options' must be an object"),
    "options with a wrong value": (dict(options={"unused": [1]}), "option 'unused' takes a whole number"),
    "seed null": (dict(seed=None), "'seed' must be a whole number, not null"),
    "seed a text": (dict(seed="7"), "'seed' must be a whole number, not text"),
    "seed a fraction": (dict(seed=1.5), "'seed' must be a whole number"),
    "seed huge": (dict(seed=10**30), "a seed is a whole number from"),
    "players a text": (dict(players="2"), "'players' must be a whole number"),
    "actions an object": (dict(actions={}), "'actions' must be a list"),
    "an action not a pair": (dict(actions=[[0]]), "action 1 must be a [seat, text] pair"),
    "a seat that is true": (dict(actions=[[True, "bid 1"]]), "action 1 must be a [seat, text] pair"),
    "a huge action text": (dict(actions=[[0, "x" * 10_000]]), "action 1 must be a [seat, text] pair"),
}


@pytest.mark.parametrize(("change", "message"), BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_a_record_of_the_wrong_shape_is_one_line_naming_the_field(change, message):
    with pytest.raises(RecordError) as error:
        bw.replay(record_of(**change))
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("until", ["3", -1, True, 1.0, 10_000], ids=repr)
def test_until_is_a_whole_number_within_the_record(until):
    with pytest.raises(RecordError, match="'until' must be a whole number from 0 to"):
        bw.replay(record_of(), until=until)


def test_a_record_is_not_a_list():
    with pytest.raises(RecordError, match="a game record is a JSON object, not a list"):
        bw.replay([])  # type: ignore[arg-type]


def test_a_record_never_makes_replay_read_a_path_named_inside_it(tmp_path):
    record = json.loads(json.dumps(bw.load("gadgeteers").new(players=2, seed=1).record()))
    record["options"]["content"] = "/etc/shadow"
    with pytest.raises(RecordError, match="reads a content file only when you name it"):
        bw.replay(record)
    mine = tmp_path / "gadgets.toml"
    mine.write_bytes((Path(bw.__file__).parent / "games/gadgeteers/content/gadgeteers.toml").read_bytes())
    assert bw.replay(record, content=str(mine)).options["content"] == str(mine)


def test_a_deeply_nested_record_file_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nests JSON too deeply"):
        bw.engine.load_record(path)


def test_a_record_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(record_of()).encode() + b"\xff\xfe")
    with pytest.raises(RecordError, match="is not UTF-8 text"):
        bw.engine.load_record(path)


# ---------------------------------------------------------------- content files
SCHEMA = [Section("cards", (Field("name", str), Field("value", int)))]


def load(path):
    return load_content(path, SCHEMA, lambda file, data: data)


def test_a_content_file_larger_than_5_mb_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as handle:
        handle.truncate(6 * 1024 * 1024)
    with pytest.raises(ContentError, match="is larger than 5 MB"):
        load(path)


def test_a_folder_is_not_a_content_file(tmp_path):
    with pytest.raises(ContentError, match="is a folder, not a file"):
        load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    with pytest.raises(ContentError, match="is not a regular file"):
        load(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs a device file")
def test_a_device_is_refused():
    with pytest.raises(ContentError, match="is not a regular file"):
        load("/dev/zero")


def test_a_content_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_bytes(b'[[cards]]\nname = "\xe9"\nvalue = 1\n')
    with pytest.raises(ContentError, match="is not UTF-8 text"):
        load(path)


def test_a_content_path_with_a_nul_byte_is_refused(tmp_path):
    with pytest.raises(ContentError, match="is not a usable file name"):
        load(str(tmp_path / "a\0b.toml"))
