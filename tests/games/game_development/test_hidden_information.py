"""Hidden information: other hands and the deck order; what a seat knows must hold when resampled."""

from __future__ import annotations

from .scenario import arrange, at_milestone, card, finish_turn, play


def test_a_view_shows_only_your_own_hand():
    state = at_milestone("Alpha")
    view = state.view(0)
    assert view["hand"] is not None and "hands" not in view and view["players"][1]["hand_size"] == 5


def test_a_spectator_sees_no_hand():
    assert at_milestone("Alpha").view(None)["hand"] is None


def test_determinizing_resamples_the_other_hands_and_the_deck():
    state = at_milestone("Alpha")
    samples = {tuple(state.determinize(0, seed).hands[1]) for seed in range(5)}
    assert len(samples) > 1


def traded_away(card_name: str):
    """A game in which seat 0 traded ``card_name`` to seat 1 and took Boss Fight from them."""
    for seed in range(20):
        state = at_milestone("Alpha", seed=seed)
        arrange(state, 0, ["Trading Ideas", card_name])
        arrange(state, 1, ["Boss Fight"])
        play(state, "play Trading Ideas on seat 1")
        if card(card_name) in state.hands[1]:
            return state
    raise AssertionError("no seed leaves the card with seat 1")


def test_a_card_you_gave_away_stays_in_that_hand_when_resampled():
    state = traded_away("Pause Menu")
    assert all(card("Pause Menu") in state.determinize(0, seed).hands[1] for seed in range(20))


def test_the_view_tells_you_which_cards_you_know_in_other_hands():
    state = traded_away("Pause Menu")
    assert (state.view(0)["known_in_hands"], state.view(1)["known_in_hands"]) == (
        {"1": ["Pause Menu"]}, {"0": ["Boss Fight"]})


def test_a_known_card_played_face_up_is_no_longer_a_secret():
    state = traded_away("Memory Leak")
    play(state, "end turn")
    if state.phase == 2:
        play(state, "discard " + state.view(0)["hand"][0])
    play(state, "play Memory Leak on seat 0")
    assert state.known[0][1] == []


def test_another_players_view_does_not_change_with_your_hand_or_the_deck_order():
    state = at_milestone("Alpha")
    other = state.clone()
    other.deck.extend(other.hands[0])
    other.deck.reverse()
    other.hands[0] = sorted(other.deck.pop() for _ in range(len(state.hands[0])))
    assert other.hands[0] != state.hands[0] and other.view(1) == state.view(1)


def test_history_shows_every_player_the_same_lines():
    state = traded_away("Pause Menu")
    assert state.history(1) == state.history(0) == state.history(None)


def test_what_you_knew_of_a_hand_lapses_when_a_third_player_takes_a_card_from_it():
    for seed in range(20):
        state = at_milestone("Alpha", players=3, seed=seed)
        arrange(state, 0, ["Trading Ideas", "Pause Menu"])
        arrange(state, 1, ["Boss Fight"])
        play(state, "play Trading Ideas on seat 1")
        if card("Pause Menu") in state.hands[1]:
            break
    play(state, "end turn")
    arrange(state, 1, ["Trading Ideas", *state.view(1)["hand"]])
    play(state, "play Trading Ideas on seat 2")     # seat 2 takes a card at random from seat 1
    assert state.view(0)["known_in_hands"] == {}


def test_what_you_knew_of_a_hand_lapses_when_the_milestone_reshuffles_the_hands():
    state = traded_away("Pause Menu")
    state.round = state.turns[state.milestone]
    finish_turn(state)
    finish_turn(state)              # Alpha ends; Beta deals new hands
    assert state.view(0)["known_in_hands"] == {}
