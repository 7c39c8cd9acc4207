"""The ``boardwright`` command, driven in-process (``main(argv)`` with a fake keyboard) and once
through a real process with piped input. Games: the test-only Sealed Sums and the registered ones.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from toygame import GAME as TOY
from toygame import SealedSums, ToyState

import boardwright as bw
from boardwright.cli import main, split_seats
from boardwright.engine import Field, Option, Section, load_content
from boardwright.games import register

TESTS = Path(__file__).parent


class ContentState(ToyState):
    """Sealed Sums that reads an optional content file at setup (to test --content)."""

    __slots__ = ()

    def _setup(self) -> None:
        path = self.options["content"]
        if path:
            load_content(path, [Section("cards", (Field("name", str), Field("value", int)))],
                         lambda file, data: data)
        super()._setup()


class ContentSums(SealedSums):
    id = "content-sums"
    name = "Content Sums"
    options = (Option("content", str, None, "a content file of cards"),)
    state_class = ContentState


register(ContentSums())


class Keyboard(io.StringIO):
    """Typed lines; Ctrl-C after them when ``interrupt`` (else end of input)."""

    def __init__(self, text: str, interrupt: bool = False) -> None:
        super().__init__(text)
        self.interrupt = interrupt

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        if not line and self.interrupt:
            raise KeyboardInterrupt
        return line


@pytest.fixture
def run(monkeypatch, capsys):
    """``run(argv, typed="")`` -> (exit code, stdout, stderr)."""

    def run(argv: list[str], typed: str = "", interrupt: bool = False) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", Keyboard(typed, interrupt))
        code = main(argv)
        out, err = capsys.readouterr()
        return code, out, err

    return run


PLAY = ["play", "sealed-sums", "--seats", "human,random", "--seed", "3"]


# ---------------------------------------------------------------------------- play
def test_bad_entry_gets_the_rule_and_a_new_prompt(run):
    code, out, err = run(PLAY, "bid 9\n17\nbid 2\nquit\n")
    assert code == 0 and not err
    assert "Not allowed — Actions: 'bid 9' is not an action of Sealed Sums" in out
    assert "There is no action 17: choose 1 to 4" in out
    assert out.count("Seat 1> ") == 4  # a new prompt after each bad entry, then the next turn's
    assert "Traceback" not in out


@pytest.mark.parametrize("entry", ["²", "٣", "9" * 5000, "0"], ids=["superscript two", "arabic three", "huge", "zero"])
def test_a_number_that_is_no_action_gets_a_new_prompt(run, entry):
    code, out, err = run(PLAY, f"{entry}\nquit\n")
    assert code == 0 and not err and "Traceback" not in out
    assert out.count("Seat 1> ") == 2


def test_the_seed_is_shown_when_the_game_ends_not_before(run):
    """The seed rebuilds every hand and the deck order: a secret while the game runs."""
    _, out, _ = run(PLAY, "bid 3\nquit\n")
    assert "seed" not in out.lower()
    _, out, _ = run(["play", "sealed-sums", "--seats", "random,random", "--seed", "4321"])
    assert out.index("Final scores") < out.index("seed was 4321") and out.count("4321") == 1


@pytest.mark.parametrize("where", ["folder", "/proc/boardwright-game.json"])
def test_a_save_path_that_cannot_be_written_is_refused_before_the_game_starts(run, tmp_path, where):
    target = str(tmp_path) if where == "folder" else where
    code, out, err = run([*PLAY, "--save", target], "bid 3\nquit\n")
    assert code == 2 and err.startswith(f"boardwright: --save {target}: ") and err.count("\n") == 1
    assert "Seat 1> " not in out


def test_a_save_file_holds_a_record_from_the_start(monkeypatch, capsys, tmp_path):
    save = tmp_path / "game.json"
    seen = []

    class Watching(Keyboard):
        def readline(self, size: int | None = -1) -> str:
            seen.append(json.loads(save.read_text()))
            return super().readline(size)

    monkeypatch.setattr(sys, "stdin", Watching("quit\n"))
    assert main([*PLAY, "--save", str(save)]) == 0
    assert seen[0]["actions"] == [] and seen[0]["seed"] == 3


def test_an_action_the_rules_forbid_names_the_rule(run):
    # Seed 3: seat 0 wins the first bid with 3 and holds 3 and 5, not 7.
    _, out, _ = run(PLAY, "bid 3\nplay 7\nquit\n")
    assert "Not allowed — Play: you hold no 7" in out


def test_help_lists_the_commands_and_describes_the_legal_actions(run):
    code, out, _ = run(PLAY, "help\nquit\n")
    assert code == 0
    for command in ("help", "rules", "board", "history", "quit"):
        assert f"{command} —" in out
    assert "bid 3  — bid 3" in out


def test_an_action_is_taken_by_number_or_by_text(run, tmp_path):
    save = tmp_path / "game.json"
    run([*PLAY, "--save", str(save)], "4\nPLAY  5\nquit\n")
    record = json.loads(save.read_text())
    assert [text for seat, text in record["actions"] if seat == 0] == ["bid 3", "play 5"]


def test_quit_with_save_writes_a_replayable_record(run, tmp_path):
    save = tmp_path / "game.json"
    code, out, _ = run([*PLAY, "--save", str(save)], "bid 3\nplay 5\nquit\n")
    assert code == 0
    record = json.loads(save.read_text())
    state = bw.replay(record)
    assert state.record() == record and not state.is_over
    assert "You left the game." in out


def test_end_of_input_leaves_cleanly_and_saves_the_unfinished_game(run, tmp_path):
    save = tmp_path / "game.json"
    code, out, err = run([*PLAY, "--save", str(save)], "bid 3\n")
    assert code == 0 and not err
    assert "End of input" in out
    assert json.loads(save.read_text())["actions"][-1] == [0, "bid 3"]


def test_ctrl_c_leaves_with_130_and_saves(run, tmp_path):
    save = tmp_path / "game.json"
    code, _, _ = run([*PLAY, "--save", str(save)], "bid 3\n", interrupt=True)
    assert code == 130
    assert bw.replay(json.loads(save.read_text())).log


def test_rules_inside_a_game_prints_the_rules_notes(run):
    _, out, _ = run(PLAY, "rules\nquit\n")
    assert TOY.rules_notes() in out


def test_a_human_sees_only_their_own_view(run):
    # Seed 3: seat 0 holds 3 and 5, seat 1 holds 4 and 6.
    _, out, _ = run(PLAY, "quit\n")
    assert "hand: [3, 5]" in out and "[4, 6]" not in out


def test_a_game_of_bots_plays_through_and_prints_the_final_scores(run):
    code, out, _ = run(["play", "sealed-sums", "--seats", "random,random,random", "--seed", "1"])
    assert code == 0
    assert "spectator's view" in out and "Final scores" in out
    assert "wins." in out or "Shared win" in out


def test_names_show_the_people_and_an_unnamed_seat_is_counted_from_1(run):
    """``--names``: the prompts, the keyboard passing, the events and the scores show the people's
    names; seat 0 left unnamed is "Seat 1", never "seat 0"; a bot's seat has its label too."""
    typed = "\nbid 1\n\nbid 2\n\nquit\n"
    code, out, err = run(["play", "sealed-sums", "--seats", "human,human,random", "--seed", "3",
                          "--names", ",Bob"], typed)
    assert code == 0 and not err
    assert "Pass the keyboard to Seat 1" in out and "Pass the keyboard to Bob" in out
    assert "Seat 1> " in out and "Bob> " in out
    assert "Seat 1 commits a sealed choice" in out and "Bob: bid 2" in out and "Bob rolls a 4" in out
    assert "Score  Seat 1 0   Bob 0   Seat 3 0" in out
    assert not re.search(r"\b[Ss]eat ?0\b", out), re.search(r"\b[Ss]eat ?0\b", out)
    code, out, _ = run(["play", "sealed-sums", "--seats", "human,random", "--seed", "3", "--names", "Ada"],
                       "bid 1\nquit\n")
    assert code == 0 and "Ada> " in out and "Ada: bid 1" in out and "Score  Ada 0   Seat 2 0" in out


@pytest.mark.parametrize("names", ["<b>Ada</b>", "Seat 2", "bot", "Ada,Bob,Cy", "Ada,Bob"])
def test_a_name_the_server_would_refuse_is_refused_before_the_game(run, names):
    code, out, err = run(["play", "sealed-sums", "--seats", "human,random", "--names", names], "quit\n")
    assert code == 2 and err.startswith("boardwright: --names") and err.count("\n") == 1, err
    assert "> " not in out

def test_two_humans_pass_the_keyboard_and_a_sealed_choice_stays_hidden(run):
    typed = "\nbid 1\n\nquit\n"
    code, out, _ = run(["play", "sealed-sums", "--seats", "human,human", "--seed", "3"], typed)
    assert code == 0
    assert "Pass the keyboard to Seat 1" in out
    seat_1_turn = out.split("Pass the keyboard to Seat 2")[1]
    assert "screen cleared" in out.split("Pass the keyboard to Seat 2")[0][-60:]
    assert "Seat 1 commits a sealed choice" in seat_1_turn
    assert "Seat 1: bid 1" not in seat_1_turn and "your_choice" not in seat_1_turn


def test_seats_set_the_player_count_when_players_is_omitted(run):
    code, out, _ = run(["play", "sealed-sums", "--seats", "random,random,random,random", "--seed", "2"])
    assert code == 0 and "4 players" in out


def test_seat_specs_carry_their_parameters():
    assert split_seats("human,ismcts:iterations=50,c=0.7,random") == [
        "human", "ismcts:iterations=50,c=0.7", "random"]


# ---------------------------------------------------------------------------- clear errors
BAD_COMMANDS = {
    "unknown game": ["play", "no-such-game"],
    "bad option": ["play", "sealed-sums", "--option", "unused=12"],
    "option without value": ["simulate", "sealed-sums", "--option", "unused"],
    "options of an unknown game": ["options", "sealed-sums-x"],
    "seats and players differ": ["play", "sealed-sums", "--seats", "human,random", "--players", "3"],
    "too many players": ["play", "sealed-sums", "--players", "7"],
    "unknown agent": ["play", "sealed-sums", "--seats", "human,grandmaster"],
    "no heuristic bot": ["simulate", "sealed-sums", "--seats", "heuristic,random"],
    "human in a batch": ["simulate", "sealed-sums", "--seats", "human,random"],
    "no content option": ["play", "sealed-sums", "--content", "cards.toml"],
    "missing content file": ["play", "content-sums", "--content", "no-such-file.toml"],
    "missing record": ["replay", "no-such-record.json"],
    "save into a missing folder": ["play", "sealed-sums", "--save", "no/such/folder/game.json"],
}


@pytest.mark.parametrize("argv", BAD_COMMANDS.values(), ids=BAD_COMMANDS.keys())
def test_a_bad_command_exits_2_with_one_line(run, argv):
    code, _, err = run(argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("boardwright: ") and "Traceback" not in err


def test_a_bad_content_file_names_the_file_entry_and_field(run, tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text('[[cards]]\nname = "Ace"\nvalue = "high"\n')
    code, _, err = run(["play", "content-sums", "--content", str(cards), "--seats", "random,random"])
    assert code == 2
    assert err == f"boardwright: {cards}: cards 'Ace': field 'value': must be a whole number, not 'high'\n"


def test_a_good_content_file_is_played_with(run, tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text('[[cards]]\nname = "Ace"\nvalue = 1\n')
    code, out, _ = run(["play", "content-sums", "--content", str(cards), "--seats", "random,random"])
    assert code == 0 and "Final scores" in out


@pytest.mark.parametrize("text", ["not json", '{"game": "sealed-sums"}',
                                  '{"game": "sealed-sums", "version": "1", "options": {}, "players": 2, '
                                  '"seed": 1, "actions": [[0, "bid 9"]]}'])
def test_replay_of_a_bad_file_exits_2_with_one_line(run, tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = run(["replay", str(path)])
    assert code == 2 and err.count("\n") == 1 and str(path) in err


@pytest.mark.parametrize(("change", "field"), [({"game": ["x"]}, "'game'"), ({"seed": None}, "'seed'"),
                                              ({"options": "x"}, "'options'"), ({"version": 1}, "'version'")])
def test_replay_of_a_record_with_a_wrong_field_names_it(run, tmp_path, change, field):
    save = tmp_path / "game.json"
    run(["play", "sealed-sums", "--seats", "random,random", "--seed", "3", "--save", str(save)])
    record = json.loads(save.read_text())
    record.update(change)
    save.write_text(json.dumps(record))
    code, _, err = run(["replay", str(save)])
    assert code == 2 and err.count("\n") == 1 and field in err and "Traceback" not in err


def test_replay_reads_a_content_file_only_when_named_on_the_command_line(run, tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text('[[cards]]\nname = "Ace"\nvalue = 1\n')
    save = tmp_path / "game.json"
    run(["play", "content-sums", "--content", str(cards), "--seats", "random,random", "--save", str(save)])
    code, _, err = run(["replay", str(save)])
    assert code == 2 and "reads a content file only when you name it (--content PATH)" in err
    code, out, _ = run(["replay", str(save), "--content", str(cards)])
    assert code == 0 and "Final scores" in out


def test_replay_from_a_seat_the_game_does_not_have_exits_2(run, tmp_path):
    save = tmp_path / "game.json"
    run(["play", "sealed-sums", "--seats", "random,random", "--seed", "3", "--save", str(save)])
    code, _, err = run(["replay", str(save), "--seat", "2"])
    assert code == 2 and err == "boardwright: --seat 2: the game has seats 0 to 1\n"


# ---------------------------------------------------------------------------- other commands
def test_replay_shows_every_action_and_the_board_after_it(run, tmp_path):
    save = tmp_path / "game.json"
    run(["play", "sealed-sums", "--seats", "random,random", "--seed", "4", "--save", str(save)])
    actions = json.loads(save.read_text())["actions"]
    code, out, _ = run(["replay", str(save)])
    assert code == 0
    assert out.count("Sealed Sums\n") == len(actions) + 1  # the board before and after each action
    assert f"{len(actions)}. Seat {actions[-1][0] + 1}" in out and "Final scores" in out  # counted from 1


def test_replay_from_a_seat_hides_what_that_seat_could_not_see(run, tmp_path):
    save = tmp_path / "game.json"
    run(["play", "sealed-sums", "--seats", "random,random", "--seed", "3", "--save", str(save)])
    _, spectator, _ = run(["replay", str(save)])
    _, seat_0, _ = run(["replay", str(save), "--seat", "0"])
    assert "1. Seat 1: commits a sealed choice" in spectator and "hand: [3, 5]" not in spectator
    assert "1. Seat 1: bid" in seat_0 and "hand: [3, 5]" in seat_0


def test_replay_step_waits_for_enter(run, tmp_path):
    save = tmp_path / "game.json"
    run(["play", "sealed-sums", "--seats", "random,random", "--seed", "3", "--save", str(save)])
    code, out, _ = run(["replay", str(save), "--step"], "\n\nq\n")
    assert code == 0
    assert "2. Seat 2" in out and "3. Seat" not in out


def test_games_lists_every_registered_game(run):
    code, out, _ = run(["games"])
    assert code == 0
    for game_id in bw.games():
        assert game_id in out and bw.load(game_id).name in out


def test_options_shows_name_type_default_and_doc(run):
    code, out, _ = run(["options", "sealed-sums"])
    assert code == 0
    assert "unused" in out and "int 0..9" in out and "an option that only tests use" in out


def test_rules_prints_the_rules_notes(run):
    code, out, _ = run(["rules", "sealed-sums"])
    assert code == 0 and out.strip() == TOY.rules_notes().strip()


@pytest.mark.parametrize("game_id", bw.games())
def test_a_registered_game_shows_a_human_their_board_and_actions(run, game_id):
    game = bw.load(game_id)
    seats = ",".join(["human"] + ["random"] * (game.min_players - 1))
    code, out, err = run(["play", game_id, "--seats", seats, "--seed", "1"], "help\nquit\n")
    assert code == 0 and not err
    assert "Your legal actions" in out and "You left the game." in out


# ---------------------------------------------------------------------------- a real process
def test_a_real_process_with_piped_input(tmp_path):
    save = tmp_path / "game.json"
    script = "import sys, toygame; from boardwright.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", script, *PLAY, "--save", str(save)],
        input="bid 7\nbid 3\n", capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert "Not allowed — Actions: 'bid 7'" in done.stdout and "End of input" in done.stdout
    assert bw.replay(json.loads(save.read_text())).log


# ---------------------------------------------------------------------------- the presentation
def test_rules_is_the_players_quick_reference_wrapped_to_the_width_and_notes_are_apart(run):
    game = bw.load("gadgeteers")
    code, out, _ = run(["rules", "gadgeteers"])
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 120
    words = " ".join(game.rules_text().split()).replace("**", "")
    assert " ".join(out.split()).replace("**", "")[:200] == words[:200], "nothing is cut"
    assert "state." not in out and "ISMCTS" not in out and "determiniz" not in out
    code, notes, _ = run(["rules", "gadgeteers", "--notes"])
    assert code == 0 and "rulings" in notes and notes != out


def test_info_prints_a_catalog_entry_by_name_or_menu_number(run):
    game = bw.load("game-development")
    catalog = game.catalog()
    state = game.new(players=2, seed=1)
    first = str(state.legal_actions(0)[0])
    named = next(name for name in sorted(catalog, key=len, reverse=True) if name in first)
    _, out, _ = run(["play", "game-development", "--seats", "human,random", "--seed", "1"],
                    f"info {named.upper()}\ninfo 1\ninfo Nothing Such\nquit\n")
    assert out.count(f"{named} ({catalog[named]['kind']})") == 2
    assert catalog[named]["text"].split()[0] in out
    assert "Nothing in Game Development is called 'Nothing Such'." in out


def test_a_long_list_of_actions_is_a_menu_in_steps_with_back(run):
    state = bw.load("gadgeteers").new(players=2, seed=1)
    menu = state.action_groups(0)
    assert len(state.legal_actions(0)) > 12 and "choices" in menu[0]
    step = menu[0]["choices"]
    _, out, _ = run(["play", "gadgeteers", "--seats", "human,random", "--seed", "1"], "1\nback\n1\n1\nquit\n")
    assert f"{menu[0]['label']} — choose (or back):" in out
    assert f"• Seat 1: {step[0]['action']}" in out


def test_auto_pass_passes_reaction_windows_and_autopass_switches_it(run):
    argv = ["play", "makers-of-universe", "--seats", "human,random,random", "--seed", "2"]
    _, asked, _ = run(argv, "quit\n")
    assert "1 pass" in asked.split("Seat 1>")[0], "without --auto-pass the window is asked"
    _, out, _ = run([*argv, "--auto-pass"], "autopass\nquit\n")
    assert "(passed for you; type autopass during your turn to be asked)" in out
    assert "You will be asked in every reaction window." in out


def test_the_end_shows_each_seats_score_line_by_line(run, tmp_path):
    save = tmp_path / "game.json"
    code, out, _ = run(["play", "game-development", "--seats", "random,random", "--seed", "4", "--save", str(save)])
    final = bw.replay(json.loads(save.read_text()))
    assert code == 0 and final.is_over
    end = out.split("Final scores")[1]
    for seat, entry in enumerate(final.score_breakdown()):
        assert f"Seat {seat + 1} (random)  {entry['total']} points" in end
        for line in entry["lines"]:
            assert f"      {line['label']}: {line['points']}\n" in end


# ---------------------------------------------------------------------------- hints
HINTED = [*PLAY, "--hint-time", "0.1"]


#: a move of a printed hint: its number, its action, "— wins 62%, 3.5 points (9 simulations)"
HINT_MOVE = re.compile(r"^\s+\d+  (.+?)  — wins \d+%, -?\d+\.\d points \([\d,]+ simulations\)$", re.MULTILINE)


def hint_shown(text: str) -> list[list[str]]:
    """The moves of each hint printed in ``text`` (one list per hint; its why is left out)."""
    return [HINT_MOVE.findall(part.split('\n  "')[0]) for part in text.split("Hint (")[1:]]


def test_hint_at_the_prompt_shows_the_best_moves_their_chances_and_why(run):
    code, out, err = run(HINTED, "hint\nquit\n")
    assert code == 0 and not err and "Traceback" not in out
    before, after = out.split("Seat 1> hint")
    assert "Hint (" not in before, "no hint unless asked"
    [moves] = hint_shown(after)
    assert moves and set(moves) <= {"bid 0", "bid 1", "bid 2", "bid 3"}
    assert re.search(rf'\n  "{moves[0]}" now: .*; wins \d+% against \d+% for "{moves[1]}"\.\n', after)
    assert after.count("Seat 1> ") == 1, "the prompt comes back after the hint"


def test_hints_show_one_before_each_decision_of_the_person(run):
    code, out, _ = run([*HINTED, "--hints"], "4\nquit\n")
    assert code == 0
    turns = out.split("Seat 1> ")
    assert len(turns) == 3
    assert [len(hint_shown(turn)) for turn in turns[:2]] == [1, 1], "a hint before each decision"
    [bids], [plays] = hint_shown(turns[0]), hint_shown(turns[1])
    assert bids[0].startswith("bid ") and plays[0].startswith("play ")


def test_help_lists_hint(run):
    _, out, _ = run(PLAY, "help\nquit\n")
    assert "hint — the moves the search rates best here" in out


@pytest.mark.parametrize("seconds", ["0", "-1", "1000", "nan"])
def test_a_bad_hint_time_is_refused_in_one_line(run, seconds):
    code, out, err = run([*PLAY, "--hint-time", seconds], "quit\n")
    assert code == 2 and "Seat 1> " not in out
    assert err.startswith("boardwright: --hint-time: a hint's time is a number of seconds above 0")
    assert err.count("\n") == 1


# ---------------------------------------------------------------------------------------- without Rich
#: runs the command line with Rich hidden, as if the cli extra were not installed
NO_RICH = ("import runpy, sys; sys.modules['rich'] = None; sys.argv = ['boardwright', *sys.argv[1:]]; "
           "runpy.run_module('boardwright', run_name='__main__')")


def run_without_rich(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", NO_RICH, *arguments], cwd=tmp_path, input="", capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(TESTS.parent)})


@pytest.mark.parametrize(("arguments", "shows"), [
    (["games"], re.compile(r"^gadgeteers +Gadgeteers +2–4$", re.M)),
    (["options", "gadgeteers"], re.compile(r"^alternate_tokens +bool +False +Alternate Tokens", re.M)),
    (["rules", "gadgeteers"], re.compile(r"^# Gadgeteers: quick reference$", re.M)),
    (["simulate", "gadgeteers", "-n", "2", "--seats", "random,random"], re.compile(r"^ +0 +random +2 ", re.M)),
    (["replay", "{record}", "--seat", "1"], re.compile(r"^-- 1\. Seat 1: ", re.M)),
])
def test_the_printing_commands_print_plain_text_without_rich(tmp_path, arguments, shows):
    state = bw.load("gadgeteers").new(players=2, seed=3)
    for _ in range(3):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()))
    done = run_without_rich(tmp_path, *[a.format(record=record) for a in arguments])
    assert done.returncode == 0, done.stderr[-2000:]
    assert shows.search(done.stdout), done.stdout[-2000:]
    assert "[bold]" not in done.stdout and "[/" not in done.stdout  # markup is read, not printed


def test_play_without_rich_names_the_cli_extra_in_one_line(tmp_path):
    done = run_without_rich(tmp_path, "play", "gadgeteers", "--seats", "human,random")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "play needs the cli extra: pip install 'boardwright[cli]'" in done.stderr


def test_plain_text_reads_markup_as_rich_does():
    from boardwright import plain

    markup = pytest.importorskip("rich.markup")
    for text in ["a [b] c", "x [bold]y[/bold] z", "[seat1]Seat 2[/seat1] takes [3]", "\\[red]lit", "[link=x]l[/link]"]:
        assert plain.escape(text) == markup.escape(text)
        assert plain.strip_markup(text) == markup.render(text).plain
        assert plain.strip_markup(plain.escape(text)) == text
    table = plain.Table("seat", "score", title="[bold]Scores[/bold]")
    table.add_column("note", justify="right")
    table.add_row("Seat 1", "12", "a")
    table.add_row("[seat1]Seat 10[/seat1]", "7", "won")
    assert list(table.lines()) == ["Scores", "seat     score  note", "-------  -----  ----",
                                   "Seat 1   12        a", "Seat 10  7       won"]
