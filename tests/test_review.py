"""The review of a finished game (boardwright.agents.review and ``boardwright review``): its
mistakes, its win series, its reproducibility, the command's output and plot, and its refusals."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import boardwright as bw
from boardwright import agents
from boardwright.cli import main
from boardwright.engine import save_record

SEAT = 1
BUDGET: dict[str, Any] = {"iterations": 80, "seed": 2}


def finished_game(game_id: str = "gadgeteers", seed: int = 5) -> bw.State:
    """A two-player game played to its end by the heuristic bots (the same game every time)."""
    state = bw.load(game_id).new(players=2, seed=seed)
    bot = agents.make("heuristic", seed=1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state, seat))
    return state


@pytest.fixture(scope="module")
def game() -> bw.State:
    return finished_game()


@pytest.fixture(scope="module")
def result(game: bw.State) -> dict[str, Any]:
    return agents.review(game.record(), SEAT, **BUDGET)


def test_the_mistakes_are_the_biggest_drops_each_with_a_legal_alternative_and_a_why(game, result):
    mistakes = result["mistakes"]
    assert 1 <= len(mistakes) <= 5, mistakes
    drops = [mistake["drop"] for mistake in mistakes]
    assert drops == sorted(drops, reverse=True) and all(drop > 0 for drop in drops), drops
    judged = [decision["drop"] for decision in result["decisions"] if decision["drop"] is not None]
    assert sorted(judged, reverse=True)[:len(mistakes)] == drops
    record = game.record()
    for mistake in mistakes:
        before = bw.replay(record, until=mistake["number"] - 1)
        assert record["actions"][mistake["number"] - 1] == [SEAT, mistake["chosen"]]
        legal = [str(action) for action in before.legal_actions(SEAT)]
        assert mistake["best"] in legal and mistake["best"] != mistake["chosen"], (mistake, legal)
        assert mistake["best_win"] - mistake["win"] == pytest.approx(mistake["drop"])
        assert mistake["why"].startswith(f'"{mistake["best"]}" now: ') and f'for "{mistake["chosen"]}".' in \
            mistake["why"], mistake["why"]


def test_one_decision_and_one_point_of_the_series_per_real_choice_of_the_seat(game, result):
    record = game.record()
    state = bw.replay(record, until=0)
    choices = []
    for number, (actor, text) in enumerate(record["actions"], 1):
        if actor == SEAT and len(state.legal_actions(SEAT)) > 1:
            choices.append(number)
        state.apply(actor, text)
    assert choices and [decision["number"] for decision in result["decisions"]] == choices
    assert result["series"] == [decision["win"] for decision in result["decisions"]]
    assert sum(win is not None and 0 <= win <= 1 for win in result["series"]) > len(choices) // 2
    assert result["iterations"] == BUDGET["iterations"] * len(choices)


def test_the_same_seed_gives_the_same_review_and_progress_counts_every_decision(game, result):
    calls: list[tuple[int, int]] = []
    again = agents.review(game, SEAT, progress=lambda done, total: calls.append((done, total)), **BUDGET)
    assert again == result
    total = len(result["decisions"])
    assert calls == [(done, total) for done in range(1, total + 1)]


@pytest.mark.parametrize(("seat", "says"), [(2, "seat 2: the game has seats 0 to 1"),
                                            (-1, "seat -1: the game has seats 0 to 1")])
def test_a_seat_the_game_does_not_have_is_refused(game, seat, says):
    with pytest.raises(ValueError, match=says):
        agents.review(game, seat, iterations=5)


def test_an_unfinished_game_is_refused():
    state = bw.load("gadgeteers").new(players=2, seed=3)
    for _ in range(6):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(ValueError, match="the record ends before the game does"):
        agents.review(state.record(), 0, iterations=5)


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(["review", *arguments])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_prints_the_mistakes_and_writes_the_plot(tmp_path, capsys, game, result):
    save_record(game, tmp_path / "game.json")
    code, out, err = run(capsys, str(tmp_path / "game.json"), "--seat", str(SEAT), "--iterations",
                         str(BUDGET["iterations"]), "--seed", str(BUDGET["seed"]), "--out", str(tmp_path / "plots"))
    assert code == 0, err
    assert f"Review of Seat 2 (--seat {SEAT}) in Gadgeteers: {len(result['decisions'])} decisions" in out, out
    for mistake in result["mistakes"]:
        assert f'{mistake["number"]}. chose "{mistake["chosen"]}"' in out and mistake["why"] in out, out
    plot = tmp_path / "plots" / f"review-seat-{SEAT}.png"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and plot.stat().st_size > 5000
    assert str(plot) in out


def test_without_matplotlib_the_command_says_how_to_get_the_plot(tmp_path, capsys, monkeypatch, game):
    save_record(game, tmp_path / "game.json")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    code, out, err = run(capsys, str(tmp_path / "game.json"), "--seat", "0", "--iterations", "10",
                         "--out", str(tmp_path))
    assert code == 0, err
    assert "pip install 'boardwright[lab]' adds it" in out and "Mistakes" in out, out
    assert not list(tmp_path.glob("*.png"))


def unfinished_record(path: Path) -> Path:
    state = bw.load("gadgeteers").new(players=2, seed=3)
    state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    save_record(state, path)
    return path


@pytest.mark.parametrize(("arguments", "says"), [
    (["--seat", "3"], "boardwright: --seat 3: the game has seats 0 to 1"),
    (["--seat", "0", "--time", "0"], "boardwright: --time: a hint's time is a number of seconds above 0"),
    (["--seat", "0", "--iterations", "0"], "boardwright: --iterations: a hint's iterations are a whole number"),
])
def test_the_command_refuses_a_bad_seat_or_budget_in_one_line(tmp_path, capsys, game, arguments, says):
    save_record(game, tmp_path / "game.json")
    code, _, err = run(capsys, str(tmp_path / "game.json"), *arguments, "--out", str(tmp_path / "plots"))
    assert code == 2 and err.startswith(says) and err.count("\n") == 1, err
    assert not (tmp_path / "plots").exists()


def test_the_command_refuses_an_unfinished_game_or_a_file_that_is_no_record(tmp_path, capsys):
    record = unfinished_record(tmp_path / "unfinished.json")
    code, _, err = run(capsys, str(record), "--seat", "0", "--iterations", "5", "--out", str(tmp_path))
    assert code == 2 and err == (f"boardwright: {record}: the record ends before the game does: only a finished "
                                 f"game is reviewed\n"), err
    (tmp_path / "bad.json").write_text(json.dumps({"game": "gadgeteers"}))
    code, _, err = run(capsys, str(tmp_path / "bad.json"), "--seat", "0", "--out", str(tmp_path))
    assert code == 2 and err.startswith(f"boardwright: {tmp_path / 'bad.json'}: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and not list(tmp_path.glob("*.png"))


def test_the_command_names_seats_as_people_count_them(tmp_path, capsys):
    """The engine's texts name seats by the API's numbers ("on seat 1"); the review prints them as
    the table does ("on Seat 2"), the reviewed seat as "you"."""
    state = bw.load("game-development").new(players=2, seed=11)
    seats = [agents.make("easy", seed=1), agents.make("medium", seed=2)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, seats[seat].choose(state, seat))
    save_record(state, tmp_path / "game.json")
    code, out, err = run(capsys, str(tmp_path / "game.json"), "--seat", "0", "--iterations", "150", "--seed", "1",
                         "--out", str(tmp_path))
    assert code == 0, err
    mistakes = out[out.index("Mistakes"):]
    assert "on Seat 2" in mistakes and "seat 1" not in mistakes, out
