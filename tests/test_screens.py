"""Screen tests: games through the real ``boardwright play`` under a pseudo-terminal, asserting
what a player must see (harness: tests/screens.py). The person at the keyboard types what the
heuristic bot would, so a seed gives a known game whose events can be read from the state too.

The fast suite plays the opening turns of each game; the whole games run in the slow sweep.
"""

from __future__ import annotations

import re

import pytest
from screens import bot_game, play_screen, typing

import boardwright as bw

#: what a player must never read: Python reprs, code names, internals
INTERNALS = ("Pending:", "kind=", "{", "[0,", "None", "Traceback", "_other", "move_to", "add_to",
             "swap_parts")

#: (game, players, seed) of each game's whole scripted game
GAMES = {
    "gadgeteers": (2, 5),
    "game-development": (3, 1),  # seat 2 takes a card at random from seat 1: seat 0 sees "a card"
    "makers-of-universe": (3, 2),  # a re-bid ties three times: the sale is cancelled
    "the-game-makers": (2, 5),
}


def play(game_id: str, players: int, seed: int, typed: list[str], first: list[str] | None = None) -> str:
    seats = ",".join(["human"] + ["heuristic"] * (players - 1))
    return play_screen(["play", game_id, "--seats", seats, "--seed", str(seed)], typing(typed, first),
                       timeout=120)


def assert_plain(screen: str, game_id: str) -> None:
    for bad in INTERNALS:
        assert bad not in screen, f"{game_id}: the screen shows {bad!r}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_opening_turns_read_as_plain_sentences(game_id):
    players, seed = GAMES[game_id]
    game = bw.load(game_id)
    typed, _ = bot_game(game_id, players, seed)
    name = sorted(game.catalog())[0]
    screen = play(game_id, players, seed, typed[:6], first=[f"info {name}", "help"])
    assert_plain(screen, game_id)
    assert f"{name} (" in screen, "info prints the catalog entry"
    assert "Your legal actions" in screen and "info NAME or info NUMBER" in screen
    assert "Seat 0 — your turn" in screen
    assert re.search(r"Score\s+seat 0 \d+\s+seat 1 \d+", screen), "a running score line"
    # each action of yours is told once, right after you take it
    for text in typed[:6]:
        assert screen.count(f"• Seat 0: {text}\n") <= typed[:6].count(text) + typed[6:].count(text)
    assert f"• Seat 0: {typed[0]}" in screen
    assert "You left the game." in screen


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_tells_every_event_once_and_ends_with_the_breakdown(game_id):
    players, seed = GAMES[game_id]
    typed, final = bot_game(game_id, players, seed)
    screen = play(game_id, players, seed, typed)
    assert_plain(screen, game_id)
    for event in final.events(0):
        told = f"• {event['text']}"
        assert screen.count(told) >= 1, f"seat 0 was told {event['text']!r} but never saw it"
    assert "Final scores" in screen
    for entry in final.score_breakdown():
        for line in entry["lines"]:
            assert f"{line['label']}: {line['points']}" in screen
        if entry.get("tiebreak"):
            assert entry["tiebreak"] in screen
    assert f"This game's seed was {seed}" in screen
    winners = final.winners()
    assert (f"seat {winners[0]} (" in screen.split("Final scores")[-1]) if winners else "Nobody wins" in screen


@pytest.mark.slow
def test_gadgeteers_parts_show_each_seats_tokens_total_and_who_controls_them():
    typed, _ = bot_game("gadgeteers", 2, 5)
    screen = play("gadgeteers", 2, 5, typed)
    revealed = screen.split("Gadgets Phase", 1)[1]
    assert re.search(r"\w+: seat \d [0-9★ ]+ = \d+.*seat \d controls it \(leads by \d+\)", revealed)
    assert re.search(r"you need \d+ more to win it", revealed)


@pytest.mark.slow
def test_game_development_tells_a_card_taken_by_trading_ideas_without_naming_it():
    typed, final = bot_game("game-development", 3, 1)
    taken = [e for e in final.events(0) if e["kind"] == "took"]
    assert taken and any("a card" in e["text"] for e in taken), "the precondition: a take seat 0 does not see"
    screen = play("game-development", 3, 1, typed)
    for event in taken:
        assert event["text"] in screen
    hidden = [e for e in final.events(2) if e["kind"] == "took" and not e.get("private")]
    assert not any(e.get("card") for e in hidden)


@pytest.mark.slow
def test_makers_of_universe_tells_tied_bids_and_the_cancelled_sale():
    typed, final = bot_game("makers-of-universe", 3, 2)
    kinds = {e["kind"] for e in final.events(0)}
    assert {"bids_tied", "sale_cancelled"} <= kinds, "the precondition: a sale is cancelled after ties"
    screen = play("makers-of-universe", 3, 2, typed)
    assert "No sale of " in screen and "tied" in screen
