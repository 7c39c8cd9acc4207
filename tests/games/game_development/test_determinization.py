"""Determinization is canonical: a sample depends on what the seat may see, never on the true
hidden cards. Two places where the truth used to leak: the Feature Creep round (who holds a bug)
and what one player knows of another's hand after a card was taken at random (R12)."""

from __future__ import annotations

from conformance import check_canonical, check_same_samples

from boardwright.engine import Stream
from boardwright.games.game_development.hidden import deal_hands

from .scenario import CONTENT, arrange, at_milestone, card, fresh, play

SEEDS = range(12)


def is_bug(c: int) -> bool:
    return CONTENT.cards[c].type == "bug"


def deal(state, hands: dict[int, list[str]]) -> None:
    """Give each seat exactly the named cards, all hands first going back to the deck (so no card
    is in two places)."""
    for hand in state.hands:
        state.deck.extend(hand)
        hand.clear()
    for seat, names in hands.items():
        arrange(state, seat, names)
    fresh(state)


# ---------------------------------------------------------------- a Feature Creep round
def feature_creep_round():
    """Seat 0 played Feature Creep; at the end of its turn seat 1 is asked first. Seat 1 and
    seat 3 hold a bug, seat 2 none."""
    state = at_milestone("Alpha", players=4)
    deal(state, {0: ["Feature Creep"],
                 1: ["Memory Leak", "Pause Menu", "Save System", "Secret Level", "Boss Fight"],
                 2: ["Level Editor", "Pause Menu", "Raise Morale", "Crash Reporter", "Secret Level"],
                 3: ["Missing Texture", "Opening Cutscene", "Crunch Mode", "Boss Fight", "Save System"]})
    play(state, "play Feature Creep", "end turn")
    assert state.to_act == (1,) and state.phase == 3
    return state


def bug_moved_to_seat_2(state):
    """The same table as seen by seat 0 or seat 1, but seat 2 holds the bug and seat 3 does not."""
    other = state.clone()
    bug, plain = card("Missing Texture"), card("Level Editor")
    other.hands[3].remove(bug)
    other.hands[2].remove(plain)
    other.hands[3] = sorted([*other.hands[3], plain])
    other.hands[2] = sorted([*other.hands[2], bug])
    other.creep_queue = [1, 2]          # the round was opened on these hands
    return other


def canonical_for_every_seat(state) -> None:
    for seat in range(state.players):
        for seed in SEEDS:
            check_canonical(state, seat, seed)


def test_a_sample_in_a_feature_creep_round_is_canonical_for_every_seat():
    asked_first = feature_creep_round()
    asked_later = asked_first.clone()
    play(asked_later, "pass")              # seat 2 is passed over, seat 3 asked
    for state in (asked_first, asked_later):
        canonical_for_every_seat(state)


def test_who_else_holds_a_bug_does_not_leak_into_the_sample_of_a_feature_creep_round():
    state = feature_creep_round()
    other = bug_moved_to_seat_2(state)
    assert other.creep_queue != state.creep_queue
    for seat in (0, 1):
        check_same_samples(state, other, seat, SEEDS)


def test_the_bug_round_of_a_sample_asks_exactly_the_players_whose_sampled_hand_holds_a_bug():
    state = feature_creep_round()
    for seed in SEEDS:
        sample = state.determinize(0, seed)
        holders = [s for s in (1, 2, 3) if any(map(is_bug, sample.hands[s]))]
        assert sample.creep_queue == holders, seed


def test_a_sample_in_a_feature_creep_round_gives_the_asked_player_a_bug_and_the_passed_over_none():
    state = feature_creep_round()
    play(state, "pass")                    # seat 1 passes: it still holds its bug; seat 2 is passed over
    assert state.to_act == (3,)
    samples = [state.determinize(0, seed) for seed in SEEDS]
    assert all(any(map(is_bug, s.hands[1])) and not any(map(is_bug, s.hands[2]))
               and any(map(is_bug, s.hands[3])) for s in samples)


# ---------------------------------------------------------------- a card taken at random (R12)
def traded(players: int = 3):
    """Seat 0 traded Pause Menu to seat 1 (at random, its only card) and took Boss Fight back, so
    seat 0 knows seat 1 holds Pause Menu and seat 1 knows seat 0 holds Boss Fight; seat 2 saw
    only that two cards changed hands."""
    for seed in range(40):
        state = at_milestone("Alpha", players=players, seed=seed)
        deal(state, {0: ["Trading Ideas", "Pause Menu"], 1: ["Boss Fight", "Secret Level", "Save System"],
                     2: ["Level Editor", "Raise Morale", "Crunch Mode", "Memory Leak", "Opening Cutscene"]})
        play(state, "play Trading Ideas on seat 1")
        if state.hands[0] == [card("Boss Fight")]:
            assert state.known[0][1] == [card("Pause Menu")] and state.known[1][0] == [card("Boss Fight")]
            return state
    raise AssertionError("no seed has seat 0 take Boss Fight back")


def gave_another_card(state):
    """The same table as seen by seat 2, but seat 0 gave seat 1 a Crash Reporter from the deck."""
    other = state.clone()
    given, instead = card("Pause Menu"), card("Crash Reporter")
    other.hands[1].remove(given)
    other.deck[other.deck.index(instead)] = given
    other.hands[1] = sorted([*other.hands[1], instead])
    other.known[0][1] = [instead]
    return other


def test_a_sample_after_a_card_was_taken_at_random_is_canonical_for_every_seat():
    canonical_for_every_seat(traded())


def test_what_one_player_knows_of_anothers_hand_does_not_leak_into_a_third_players_sample():
    state = traded()
    other = gave_another_card(state)
    assert other.known[0][1] != state.known[0][1]
    check_same_samples(state, other, 2, SEEDS)


def test_a_third_players_sample_keeps_how_many_cards_each_player_knows_in_the_others_hand():
    state = traded()
    for seed in SEEDS:
        sample = state.determinize(2, seed)
        known = [(v, h, c) for v in range(3) for h in range(3) for c in sample.known[v][h]]
        assert [(v, h) for v, h, _ in known] == [(0, 1), (1, 0)], seed
        assert all(c in sample.hands[h] for _, h, c in known), seed


def test_you_know_which_of_your_cards_another_player_knows_and_a_sample_keeps_them():
    state = traded()
    assert state.view(0)["your_cards_known_by"] == {"1": ["Boss Fight"]}
    assert all(state.determinize(0, seed).known[1][0] == [card("Boss Fight")] for seed in SEEDS)


def test_a_view_counts_the_cards_other_players_know_in_each_others_hands():
    state = traded()
    assert state.view(2)["known_between_others"] == {"0": {"1": 1}, "1": {"0": 1}}


def test_a_constrained_deal_fits_even_when_fitting_deals_are_rare():
    # one wanted card among 200: the shuffles rarely give it to the seat that must hold it
    for seed in range(8):
        pool = sorted([1] * 150 + [2] * 50 + [9])
        hands = deal_hands(pool, {1: 1, 2: 5, 3: 5}, need=[1], avoid=[2], wanted=frozenset({9}),
                           rng=Stream(seed))
        assert (hands[1], 9 in hands[2], sorted(pool + hands[1] + hands[2] + hands[3])) == (
            [9], False, sorted([1] * 150 + [2] * 50 + [9])), seed


def test_everyone_sees_the_lead_abilities_used_this_turn_and_the_feature_creep_rounds_owed():
    wishing = at_milestone("Alpha", developers={0: ["Wishing W"]}, leads=["Wishing W"])
    arrange(wishing, 0, ["Feature Creep", "Feature Creep"])
    play(wishing, "use Wishing W", "play Feature Creep", "play Feature Creep")
    bioshock = at_milestone("Alpha", developers={0: ["Bioshock B"]}, leads=["Bioshock B"])
    play(bioshock, "use Bioshock B")
    assert (wishing.view(1)["extra_action_used"], wishing.view(1)["feature_creep"],
            bioshock.view(1)["boosting"]) == (True, 2, "Bioshock B")
