"""What a seat may see (G2), determinize's resampling, and the heuristic bot's strength."""

from __future__ import annotations

import json

from boardwright import agents

from .scenario import GAME, gadget, gadgets_phase, give_gadget, part, play, table, tokens


def test_face_down_values_and_bonus_cards_are_resampled_but_the_view_is_kept():
    state = table(players=3)
    play(state, 0, "place 5 Lens")
    play(state, 1, "place 1 Tape")
    view = state.view(2)
    lens_tokens, bonuses = set(), set()
    for k in range(30):
        sample = state.determinize(2, k)
        assert sample.view(2) == view
        lens = [sample.at(part("Lens"), 0, kind) for kind in range(8)]
        lens_tokens.add(tuple(sample.up[i] + sample.down[i] for i in lens))
        bonuses.add(sample.bonus[0])
    assert len(lens_tokens) > 1 and len(bonuses) > 1


def test_a_seat_keeps_its_own_secrets_when_determinized():
    state = table(players=2)
    play(state, 0, "place 5 Lens")
    sample = state.determinize(0, 3)
    assert sample.down[sample.at(part("Lens"), 0, 5)] == 1
    assert sample.bonus[0] == state.bonus[0]


def test_the_unseen_tokens_of_a_player_are_public_knowledge():
    state = table(players=2)
    play(state, 0, "place 5 Lens")
    seen_by_1 = state.view(1)["players"][0]
    assert seen_by_1["screen_count"] == 15 and "screen" not in seen_by_1
    assert sorted(seen_by_1["unseen"]) == sorted(["power"] * 2 + ["1"] * 8 + ["2"] * 3 + ["3", "4", "5"])


def test_no_view_or_history_shows_another_players_face_down_token():
    state = table(players=2)
    play(state, 0, "place 4 Gear")
    text = json.dumps([state.view(1), state.view(None), state.history(1), state.history(None)])
    assert "place 4" not in text
    assert '"4"' not in json.dumps(state.view(1)["board"])


def test_revealed_tokens_are_seen_by_all():
    state = table(players=2)
    play(state, 0, "place 4 Gear")
    gadgets_phase(state)
    cell = state.view(1)["board"][state.cell_of[part("Gear")]]
    assert cell["tokens"]["0"] == ["4"]


def test_a_gadget_put_under_the_deck_stays_at_the_bottom_in_every_sample():
    """Seat 0's Grabber Glove puts Periscope under the deck in view of all, so seat 1's guesses
    at the deck order keep it at the bottom."""
    state = table(players=2, row=("Periscope",))
    give_gadget(state, 0, "Grabber Glove")
    tokens(state, 0, "Gloves", "power")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Grabber Glove", "cycle Periscope")
    periscope = gadget(state, "Periscope")
    assert [state.determinize(1, k).deck[0] for k in range(20)] == [periscope] * 20


def test_search_counts_the_bonus_cards_of_the_state_it_judges():
    """Periscope and Crank Charger are worth 2 each, but only seat 0's Bonus card (Optics) matches:
    judged as a whole game, seat 0 leads, though a spectator's scores are level."""
    state = table(players=2)
    give_gadget(state, 0, "Periscope")
    give_gadget(state, 1, "Crank Charger")
    state.bonus[0] = state.content.types.index("Optics")
    state.bonus[1] = state.content.types.index("Motion")
    assert state.scores()[0] == state.scores()[1] and GAME.evaluate(state, 0) == 1.0


def test_the_heuristic_bot_beats_the_random_bot_in_at_least_80_percent_of_2_player_games():
    games, wins = 40, 0.0
    for index in range(games):
        bot_seat = index % 2
        seats = {bot_seat: agents.make("heuristic", seed=index), 1 - bot_seat: agents.make("random", seed=index)}
        state = GAME.new(players=2, seed=1000 + index)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, seats[seat].choose(state, seat))
        winners = state.winners()
        if bot_seat in winners:
            wins += 1 / len(winners)
    # 40 games: at a true rate of 80% the chance of 36 or more wins is under 5%, so >= 36 shows it
    assert wins >= 36, f"the bot won {wins} of {games}"
