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
from boardwright import agents
from boardwright.engine.names import named
from boardwright.sim import agent_seed

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
    # typed as the person reads the moves: a seat an action names, counted from 1 ("on Seat 2")
    shown = [named(text, players) for text in typed]
    return play_screen(["play", game_id, "--seats", seats, "--seed", str(seed)], typing(shown, first),
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
    assert "Seat 1 — your turn" in screen  # seat 0: people count seats from 1
    assert re.search(r"Score\s+Seat 1 \d+\s+Seat 2 \d+", screen), "a running score line"
    # each action of yours is told once, right after you take it
    for text in typed[:6]:
        shown = named(text, players)
        assert screen.count(f"• Seat 1: {shown}\n") <= typed[:6].count(text) + typed[6:].count(text)
    assert f"• Seat 1: {named(typed[0], players)}" in screen
    assert "You left the game." in screen


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_tells_every_event_once_and_ends_with_the_breakdown(game_id):
    players, seed = GAMES[game_id]
    typed, final = bot_game(game_id, players, seed)
    screen = play(game_id, players, seed, typed)
    assert_plain(screen, game_id)
    for event in final.events(0):
        told = f"• {named(event['text'], players)}"
        assert screen.count(told) >= 1, f"seat 0 was told {event['text']!r} but never saw it"
    assert "Final scores" in screen
    for entry in final.score_breakdown():
        for line in entry["lines"]:
            assert f"{named(line['label'], players)}: {line['points']}" in screen
        if entry.get("tiebreak"):
            assert named(entry["tiebreak"], players) in screen
    assert f"This game's seed was {seed}" in screen
    winners = final.winners()
    assert (f"Seat {winners[0] + 1} (" in screen.split("Final scores")[-1]) if winners else "Nobody wins" in screen


@pytest.mark.slow
def test_gadgeteers_parts_show_each_seats_tokens_total_and_who_controls_them():
    typed, _ = bot_game("gadgeteers", 2, 5)
    screen = play("gadgeteers", 2, 5, typed)
    revealed = screen.split("Gadgets Phase", 1)[1]
    assert re.search(r"\w+: Seat \d [0-9★ ]+ = \d+.*Seat \d controls it \(leads by \d+\)", revealed)
    assert re.search(r"you need \d+ more to win it", revealed)


@pytest.mark.slow
def test_game_development_tells_a_card_taken_by_trading_ideas_without_naming_it():
    typed, final = bot_game("game-development", 3, 1)
    taken = [e for e in final.events(0) if e["kind"] == "took"]
    assert taken and any("a card" in e["text"] for e in taken), "the precondition: a take seat 0 does not see"
    screen = play("game-development", 3, 1, typed)
    for event in taken:
        assert named(event["text"], 3) in screen
    hidden = [e for e in final.events(2) if e["kind"] == "took" and not e.get("private")]
    assert not any(e.get("card") for e in hidden)


@pytest.mark.slow
def test_makers_of_universe_tells_tied_bids_and_the_cancelled_sale():
    typed, final = bot_game("makers-of-universe", 3, 2)
    kinds = {e["kind"] for e in final.events(0)}
    assert {"bids_tied", "sale_cancelled"} <= kinds, "the precondition: a sale is cancelled after ties"
    screen = play("makers-of-universe", 3, 2, typed)
    assert "No sale of " in screen and "tied" in screen


def test_a_player_takes_back_a_step_with_undo_and_is_told_why_when_it_cannot():
    game_id = "the-game-makers"
    players, seed = GAMES[game_id]
    typed, _ = bot_game(game_id, players, seed)
    at_prompt = bw.load(game_id).new(players=players, seed=seed)
    bots = [agents.make("heuristic", seed=agent_seed(seed, seat)) for seat in range(players)]
    prompts = 0
    while True:  # as bot_game plays it, up to seat 0's sixth prompt
        seat = next((s for s in at_prompt.to_act if s != 0), at_prompt.to_act[0])
        if seat == 0 and len(at_prompt.legal_actions(0)) > 1:
            if prompts == 5:
                break
            prompts += 1
        at_prompt.apply(seat, bots[seat].choose(at_prompt, seat))
    assert at_prompt.log[-1][1] == typed[4] and at_prompt.can_undo(0), "the precondition: an undoable step"
    screen = play(game_id, players, seed, [*typed[:5], "help", "undo", typed[4], *typed[5:7]],
                  first=["undo", "help"])
    assert_plain(screen, game_id)
    assert "Not allowed — Undo: Seat 1 cannot take back its last action: no action has been taken yet" in screen
    assert "Type undo to take back your last action." in screen
    assert screen.count("Your legal actions") == 2
    assert screen.count("undo — take back your last action") == 1, "help lists undo only when it is allowed"
    assert "• Seat 1 takes back an action" in screen
    assert screen.count(f"• Seat 1: {typed[4]}") >= 2, "the step taken back is taken again"
    assert "You left the game." in screen
