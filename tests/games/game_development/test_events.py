"""What the rules tell each player as they happen: who sees which card, and the consequences of
Action cards, payments, Lead abilities, Lead titles and milestones, in plain words."""

from __future__ import annotations

from .scenario import (
    arrange,
    at_milestone,
    finish_turn,
    new,
    play,
    put_in_play,
    stack_deck,
)


def told(state, do, seats=None):
    """Do ``do()`` and return the texts each seat (and ``None``, a spectator) was told meanwhile."""
    viewers = [None, *range(state.players)] if seats is None else seats
    before = {v: len(state.events(v)) for v in viewers}
    do()
    return {v: [e["text"] for e in state.events(v, since=before[v])] for v in viewers}


def events_of(state, seat, kind):
    return [e for e in state.events(seat) if e["kind"] == kind]


def test_the_drawer_sees_which_card_it_draws_and_the_others_only_that_it_drew_one():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Pause Menu"])
    stack_deck(state, ["Boss Fight"])
    texts = told(state, lambda: play(state, "end turn"))
    assert "Seat 1 draws Boss Fight" in texts[1]
    assert "Seat 1 draws 1 card" in texts[0] and "Seat 1 draws 1 card" in texts[None]
    assert not any("Boss Fight" in t for t in texts[0] + texts[None])
    mine = events_of(state, 1, "drew")[-1]
    assert mine["private"] is True and mine["cards"] == ["Boss Fight"]


def test_trading_ideas_shows_the_traded_cards_to_the_two_players_and_a_card_to_the_third():
    state = at_milestone("Alpha", players=3)
    arrange(state, 0, ["Trading Ideas", "Pause Menu"])
    arrange(state, 1, ["Boss Fight"])
    texts = told(state, lambda: play(state, "play Trading Ideas on seat 1"))
    assert "Seat 1 takes Pause Menu at random from Seat 0's hand" in texts[0]
    assert "Seat 1 takes Pause Menu at random from Seat 0's hand" in texts[1]
    for outsider in (2, None):
        assert texts[outsider][-2:] == ["Seat 1 takes a card at random from Seat 0's hand",
                                        "Seat 0 takes a card at random from Seat 1's hand"]
    taken = events_of(state, 0, "took")[-1]["card"]
    assert taken in ("Boss Fight", "Pause Menu") and events_of(state, 1, "took")[-1]["card"] == taken
    assert f"Seat 0 takes {taken} at random from Seat 1's hand" in texts[1]


def test_sharing_ideas_from_an_empty_hand_takes_nothing():
    state = new(players=2)
    arrange(state, 0, ["Sharing Ideas"])
    arrange(state, 1, [])
    state.deck.clear()
    texts = told(state, lambda: play(state, "play Sharing Ideas"))
    assert "The deck and the discard pile are empty: Seat 0 draws no more" in texts[None]
    assert "Seat 0's hand is empty: Seat 1 takes nothing" in texts[None]


def test_crunch_mode_tells_every_revealed_card_and_where_it_went():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Pause Menu", "Raise Morale", "Build Breaker", "Trading Ideas", "Boss Fight"])
    texts = told(state, lambda: play(state, "play Crunch Mode"))
    assert texts[1] == texts[None] and texts[0][1:] == texts[None][1:]
    assert texts[None][1:] == [
        "Crunch Mode removes 2 counters from each of Seat 0's developers",
        "Crunch Mode reveals Pause Menu, Raise Morale, Build Breaker, Trading Ideas and Boss Fight for "
        "Seat 0: Pause Menu and Boss Fight come into play as features; Build Breaker comes into play "
        "as a bug; Raise Morale and Trading Ideas go to the discard pile (neither features nor bugs).",
        "Build Breaker stops Seat 0 adding new features until it is destroyed",
    ]


def test_crunch_mode_under_build_breaker_says_why_the_revealed_features_are_discarded():
    state = at_milestone("Alpha", developers={0: ["Awesome A"]})
    put_in_play(state, 0, bugs=["Build Breaker"])
    arrange(state, 0, ["Crunch Mode"])
    stack_deck(state, ["Pause Menu", "Memory Leak", "Raise Morale", "Raise Morale", "Boss Fight"])
    texts = told(state, lambda: play(state, "play Crunch Mode"))
    assert texts[None][-1] == (
        "Crunch Mode reveals Pause Menu, Memory Leak, Raise Morale, Raise Morale and Boss Fight for "
        "Seat 0: Memory Leak comes into play as a bug; Raise Morale and Raise Morale go to the discard "
        "pile (neither features nor bugs); Pause Menu and Boss Fight go to the discard pile because "
        "Build Breaker stops Seat 0 adding features.")


def test_a_build_breaker_played_on_a_player_and_destroyed_again_is_told_to_all():
    state = at_milestone("Alpha", developers={1: ["Wild W"]})
    arrange(state, 0, ["Build Breaker"])
    texts = told(state, lambda: play(state, "play Build Breaker on seat 1"))
    assert texts[None] == ["Seat 0: play Build Breaker on seat 1",
                           "Build Breaker stops Seat 1 adding new features until it is destroyed"]
    finish_turn(state)
    texts = told(state, lambda: play(state, "destroy Build Breaker", "pay Wild W"))
    assert texts[None][-2:] == ["Seat 1 destroys Build Breaker, which goes to the discard pile",
                                "Seat 1 may add features again"]


def test_a_feature_comes_into_play_with_the_extra_point_of_jurassic_js_lead():
    state = at_milestone("Alpha", developers={0: ["Jurassic J", "Awesome A"]}, leads=["Jurassic J"])
    arrange(state, 0, ["Pause Menu"])
    texts = told(state, lambda: play(state, "use Jurassic J", "play Pause Menu", "pay Jurassic J"))
    assert texts[1] == [
        "Seat 0: use Jurassic J",
        "The next feature Seat 0 plays this turn is worth 1 more (from Jurassic J)",
        "Seat 0: play Pause Menu",
        "Seat 0: pay Jurassic J",
        "Pause Menu comes into play for Seat 0, worth 2 points (1 extra from a Lead ability)",
    ]


def test_a_lead_that_generates_an_extra_resource_is_named_as_the_reason():
    state = at_milestone("Alpha", developers={0: ["Wild W"]}, leads=["Wild W"])
    arrange(state, 0, ["Save System"])
    texts = told(state, lambda: play(state, "play Save System", "pay Wild W"))
    assert "Wild W's counter generates 2 Prog (Wild W's Lead ability)" in texts[None]


def test_source_control_conflict_tells_which_feature_was_destroyed_and_its_worth():
    state = at_milestone("Alpha")
    arrange(state, 0, ["Source Control Conflict"])
    put_in_play(state, 1, features=["Boss Fight"])
    texts = told(state, lambda: play(state, "play Source Control Conflict on Boss Fight of seat 1"))
    assert texts[None][-1] == "Seat 1's Boss Fight (5 points) is destroyed and goes to the discard pile"


def test_a_round_of_feature_creep_bugs_tells_who_holds_no_bug():
    state = at_milestone("Alpha", players=3)
    arrange(state, 0, ["Feature Creep"])
    arrange(state, 1, ["Pause Menu"])
    arrange(state, 2, ["Missing Texture"])
    texts = told(state, lambda: play(state, "play Feature Creep", "end turn"))
    assert texts[None][1:] == [
        "Seat 0 may play any number of features this turn; at its end the others may play bugs on Seat 0",
        "Seat 0: end turn",
        "Feature Creep: starting on Seat 0's left, each other player holding a bug may play one on Seat 0",
        "Seat 1 holds no bug and is passed over",
    ]


def test_a_hand_over_the_limit_is_told_to_discard_and_an_empty_deck_is_reshuffled():
    state = at_milestone("Alpha")
    state.discard.extend(state.deck)
    state.deck.clear()
    texts = told(state, lambda: play(state, "end turn"))
    assert texts[None][1] == "Seat 0 holds too many cards and discards 1 card down to 5"
    finish_turn_discarding = told(state, lambda: play(state, f"discard {state.view(0)['hand'][0]}"))
    assert any(t.startswith("The discard pile (") and t.endswith("cards) is shuffled to make a new deck")
               for t in finish_turn_discarding[None])


def test_lead_titles_stay_secret_until_all_are_attached_then_are_revealed_together():
    state = new()
    arrange(state, 0, ["Wild W", "Mickey M", "E Machete"])
    arrange(state, 1, ["Beastmode B", "Magical M"])
    play(state, "play Wild W", "play Mickey M", "play E Machete", "end turn",
         "play Beastmode B", "play Magical M")
    for _ in range(5):
        finish_turn(state)
    assert events_of(state, None, "leads_choice")[-1]["text"] == (
        "Seat 0 and Seat 1 choose in secret which Programmer becomes Lead Programmer")
    texts = told(state, lambda: play(state, "lead Mickey M"))
    assert texts[0] == ["Seat 0: lead Mickey M"]
    assert texts[1] == texts[None] == ["Seat 0 commits a sealed choice"]
    texts = told(state, lambda: state.apply(1, "lead Magical M"))
    assert "Seat 0's Leads: Mickey M is Lead Programmer and E Machete is Lead Level Designer" in texts[None]
    assert "Seat 1's Leads: Magical M is Lead Programmer" in texts[None]
    assert any(t.startswith("Vertical Slice begins (milestone 2 of 5, 4 rounds); Seat 1 goes first; a new "
                            "Production deck is shuffled and dealt. Rules: bugs cost 1 less of each "
                            "resource to destroy") for t in texts[None])
    assert ("Seat 0's developers start Vertical Slice with counters: Wild W 4, Mickey M 4 and E Machete 8"
            in texts[None])


def test_a_new_milestone_deals_named_cards_to_their_owner_and_its_last_round_is_the_final_one():
    state = at_milestone("Beta")
    state.change_milestone_turns(3, 1)
    texts = told(state, lambda: (finish_turn(state), finish_turn(state)))
    assert any(t.startswith("RTM begins (milestone 5 of 5, 2 rounds)") and t.endswith(
        "Rules: no features may be played; bugs cost 1 more of each resource to destroy.")
        for t in texts[None])
    dealt = [e for e in events_of(state, 0, "dealt") if e["seat"] == 0][-1]
    assert dealt["private"] and len(dealt["cards"]) == 5
    assert "Seat 0 is dealt 5 cards" in texts[1]
    texts = told(state, lambda: (finish_turn(state), finish_turn(state)))
    assert "Final round: round 2 of 2 of RTM begins with Seat 0; the game ends after it" in texts[None]
