"""Screen tests: whole games through the real ``boardwright play`` under a pseudo-terminal,
asserting what a player must see (harness: tests/screens.py)."""

from __future__ import annotations

import re

import pytest
from screens import first_choice, play_screen

import boardwright as bw

#: what a player must never read: Python reprs, code names, internals
INTERNALS = ("Pending:", "kind=", "{", "[0,", "None", "Traceback", "working:", "_other", "move_to", "add_to")


def whole_game(game_id: str, players: int, seed: int, answer=first_choice, extra: tuple[str, ...] = ()) -> str:
    seats = ",".join(["human"] + ["heuristic"] * (players - 1))
    return play_screen(["play", game_id, "--seats", seats, "--seed", str(seed), *extra], answer, timeout=120)


def scripted(commands: list[str]):
    """Type ``commands`` at the first prompts, then always the first choice."""
    queue = list(commands)

    def answer(screen: str, seat: int) -> str:
        return queue.pop(0) if queue else "1"

    return answer


@pytest.mark.parametrize("game_id", bw.games())
def test_a_whole_game_reads_as_plain_sentences_and_ends_with_the_breakdown(game_id):
    game = bw.load(game_id)
    name = sorted(game.catalog())[0]
    screen = whole_game(game_id, game.min_players, 5, scripted([f"info {name}", "help"]))
    for bad in INTERNALS:
        assert bad not in screen, f"{game_id}: the screen shows {bad!r}"
    assert f"{name} (" in screen, "info prints the catalog entry"
    assert "Seat 0 — your turn" in screen and re.search(r"Score\s+seat 0 \d+\s+seat 1 \d+", screen)
    assert "The game ends" in screen and "Final scores" in screen and "made of" in screen
    assert "This game's seed was 5" in screen
