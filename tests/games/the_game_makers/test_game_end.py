"""Game End (RULINGS M9) and the turn limit that bounds every game (TGM-25): a game ends when a
Display Case is full, and in any case after ``max_turns`` turns, saying which."""

from __future__ import annotations

from boardwright import agents
from boardwright.games.the_game_makers import MAX_TURNS, TheGameMakers

from .scenario import GAME, table


def play_to_the_end(state, limit: int = 20_000) -> None:
    """Take the first legal action until the game ends (at most ``limit`` decisions)."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])


def test_the_default_turn_limit_is_the_documented_finite_number():
    assert (TheGameMakers().option("max_turns").default, GAME.new(players=2, seed=1).max_turns) == (300, 300)


def test_a_game_no_one_can_finish_ends_at_the_turn_limit_and_says_so():
    # Every card is held face down and every tree space is taken: no Contract can ever be drawn
    # again (the deck and the discard pile are empty), so no Display Case can fill.
    state = table(players=1)
    state.hand[0], state.deck = state.deck, []
    state.trees[0] = (1 << len(state.content.trees)) - 1
    play_to_the_end(state)
    assert (state.is_over, state.turn, state.view(0)["ended_by"]) == (
        True, MAX_TURNS, f"the turn limit (max_turns {MAX_TURNS})")


def test_a_full_display_case_ends_the_game_and_says_so():
    state = GAME.new(players=2, seed=3)
    bots = [agents.make("heuristic", seed=seat) for seat in range(2)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert (state.is_over, state.view(None)["ended_by"]) == (True, "a full Display Case")
