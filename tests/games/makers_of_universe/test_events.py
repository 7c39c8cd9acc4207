"""What the rules tell each seat as they happen: the events, their texts and who sees what."""

from __future__ import annotations

from mou_helpers import bidding, card, character, finish_turn, hand, new_game, owns, play, turn

from boardwright.games.makers_of_universe import rules as R

SEATS = (0, 1, 2, None)


def told(s, *steps) -> dict:
    """Play ``steps`` (as :func:`play`) and return, for each seat and a spectator (``None``),
    the events told meanwhile as ``(kind, text)`` pairs, the engine's own 'acted' left out."""
    marks = {seat: len(s.events(seat)) for seat in SEATS}
    play(s, *steps)
    return {seat: [(e["kind"], e["text"]) for e in s.events(seat, since=marks[seat]) if e["kind"] != "acted"]
            for seat in SEATS}


def texts(events, kind=None) -> list[str]:
    return [text for k, text in events if kind is None or k == kind]


def test_sealed_bids_are_revealed_all_at_once_with_the_buyer_and_the_price():
    """Star Forge is on auction; seats 0, 1 and 2 bid 3, 1 and 0. Nobody sees a bid before every
    fist is open; then all see every bid, seat 0 buying for 3 UE and scoring its 2 points."""
    s = bidding(new_game(), "Star Forge")
    s.open_[0] = [True, True, False]
    first = told(s, (0, "bid 3"))
    assert first[1] == [] and first[None] == []
    acted = [e for e in s.events(1) if e["kind"] == "acted"][-1]
    assert acted["text"] == "Seat 0 commits a sealed choice" and "action" not in acted
    seen = told(s, (1, "bid 1"), (2, "bid 0"))
    for seat in SEATS:
        assert texts(seen[seat]) == texts(seen[None])
    assert texts(seen[None], "bids_revealed") == ["Bids for Star Forge revealed: Seat 0 3, Seat 1 1, Seat 2 0 UE"]
    assert texts(seen[None], "machine_bought") == ["Seat 0 buys Star Forge for 3 UE, paid to the Bank"]
    assert texts(seen[None], "score_changed") == ["Seat 0 now has 2 points (+2)"]
    assert texts(seen[None], "machine_revealed")[0].startswith("Auction 2 of 2: ")


def test_a_tie_asks_the_tied_seats_to_bid_again_and_a_third_tied_rebid_cancels_the_sale():
    s = bidding(new_game(), "Gene Loom")
    seen = told(s, (0, "bid 2"), (1, "bid 2"), (2, "bid 1"))
    assert texts(seen[2], "bids_tied") == ["Seat 0 and Seat 1 tied at 2 UE: they bid again (re-bid 1 of 3)"]
    seen = told(s, (0, "bid 1"), (1, "bid 1"), (0, "bid 1"), (1, "bid 1"), (0, "bid 0"), (1, "bid 0"))
    assert texts(seen[None], "bids_revealed")[-1] == \
        "Bids for Gene Loom revealed (tied re-bid 3): Seat 0 0, Seat 1 0 UE"
    assert texts(seen[None], "sale_cancelled") == [
        "No sale of Gene Loom (nobody bid): it goes under the Machine pile"]


def test_the_haggler_wins_a_tie_and_the_table_is_told_why():
    s = bidding(new_game(), "Tide Engine")
    character(s, 1, "Haggler")
    seen = told(s, (0, "bid 2"), (1, "bid 2"), (2, "bid 0"))
    assert "Seat 1, the Haggler, wins the tie at 2 UE" in texts(seen[0])
    assert "Seat 1 buys Tide Engine for 2 UE, paid to the Bank" in texts(seen[0])


def test_cards_drawn_are_named_to_the_drawer_and_counted_for_the_others():
    s = turn(new_game())
    s.phase = R.P_DRAW
    s.deck[-2:] = [card(s, "Meteor"), card(s, "Oceans")]
    seen = told(s, "draw 2 cards")
    assert texts(seen[0], "cards_drawn") == ["Seat 0 draws Oceans and Meteor"]
    for other in (1, 2, None):
        assert texts(seen[other], "cards_drawn") == ["Seat 0 draws 2 cards"]
    assert [e for e in s.events(1) if e["kind"] == "cards_drawn"][-1].get("cards") is None


def test_drawing_ue_tells_everyone_what_the_bank_paid():
    s = turn(new_game())
    s.phase = R.P_DRAW
    seen = told(s, "draw 2 UE")
    assert texts(seen[None]) == ["Seat 0 takes 2 UE from the Bank for the draw"]


def test_a_card_hidden_under_a_door_is_face_down_for_the_others():
    s = turn(new_game())
    hand(s, 0, "Pit Trap", "Oceans")
    seen = told(s, "trap door 1", "hide Pit Trap")
    assert texts(seen[0], "card_hidden") == ["Seat 0 hides Pit Trap face down under door 1"]
    for other in (1, 2, None):
        assert texts(seen[other], "card_hidden") == ["Seat 0 hides a card face down under door 1"]
        assert all("Pit Trap" not in e["text"] for e in s.events(other))


def test_an_attack_turns_the_door_and_a_soul_cage_captures_the_creature():
    """Seat 0 sends a Void Leech at seat 1's door 1, where a Soul Cage lies face down: the door is
    turned, everyone sees the trap, and the Void Leech goes into seat 1's hand."""
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    s.under[1][0] = card(s, "Soul Cage")
    door = s.c.doors[s.door_names[1][0]]
    seen = told(s, "send Void Leech", "attack seat 1 door 1")
    assert texts(seen[2]) == [
        f"Seat 0 sends Void Leech at Seat 1's door 1, {door}, which has a card under it",
        "Seat 1's door 1 is turned: the trap Soul Cage lay under it",
        "Soul Cage springs on Seat 0's Void Leech: The creature is stopped and goes into your hand "
        "instead of the discard pile.",
        "Seat 1 captures Seat 0's Void Leech into its hand",
    ]
    assert texts(seen[None]) == texts(seen[2]) == texts(seen[0])


def test_a_creature_through_an_empty_door_gets_in_and_its_effect_is_told():
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    seen = told(s, "send Void Leech", "attack seat 2 door 1")
    assert texts(seen[1])[1:] == [
        "Seat 2's door 1 is turned: nothing lies under it",
        "Seat 0's Void Leech gets into Seat 2's world. Attacking: take 2 UE from the attacked player.",
        "Seat 0 takes 2 UE from Seat 2",
    ]


def test_a_card_taken_at_random_is_named_to_the_taker_and_the_loser_only():
    s = turn(new_game())
    hand(s, 0, "Sleight")
    hand(s, 1, "Oceans")
    seen = told(s, "play Sleight on seat 1")
    assert texts(seen[0], "cards_taken") == texts(seen[1], "cards_taken") == \
        ["Seat 0 takes Oceans at random from Seat 1"]
    assert texts(seen[2], "cards_taken") == texts(seen[None], "cards_taken") == \
        ["Seat 0 takes 1 card at random from Seat 1"]
    assert texts(seen[2], "action_played") == [
        "Seat 0 plays Sleight: Take 1 card at random from an opponent's hand (Sphinx in defence protects)."]


def test_an_action_card_played_in_a_reaction_window_cancels_the_attack():
    """Seat 0 sends a Titan Golem at seat 1; in the window that opens, seat 1 plays Portal
    Collapse: everyone reads the card, the window and that the Golem is discarded."""
    s = turn(new_game())
    hand(s, 0, "Titan Golem")
    hand(s, 1, "Portal Collapse")
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert s.phase == R.P_WINDOW and s.pass_action(1) is not None and str(s.pass_action(1)) == "pass"
    assert s.pass_action(0) is None
    seen = told(s, (1, "play Portal Collapse"))
    assert texts(seen[None]) == [
        "Seat 1 plays Portal Collapse in the reaction window (an attack is declared): Cancel an attack that has "
        "just been declared: the creature is discarded.",
        "Seat 1 cancels the attack: Seat 0's Titan Golem is discarded",
    ]


def test_a_defence_creature_that_protects_is_named():
    s = turn(new_game())
    hand(s, 0, "Levy")
    s.defenders[1] = [card(s, "Cerberus")]
    seen = told(s, "play Levy on seat 1")
    assert "Seat 1's Cerberus in defence protects against Levy" in texts(seen[2])
    assert (s.ue[0], s.ue[1]) == (5, 5)


def test_an_evolution_placed_scores_and_reaching_the_target_announces_the_last_round():
    s = turn(new_game())
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Tide Engine")
    hand(s, 0, "Oceans")
    seen = told(s, "evolve Oceans")
    assert texts(seen[1]) == [
        "Seat 0 places the Evolution Oceans through Tide Engine",
        "Seat 0 now has 12 points (+2)",
        "Seat 0 reaches 12 points (target 11): the game ends after this round",
    ]


def test_a_destroyed_machine_is_told_with_the_points_lost():
    s = turn(new_game())
    owns(s, 1, "Star Forge")
    hand(s, 0, "Meteor")
    seen = told(s, "play Meteor on seat 1 Star Forge")
    assert texts(seen[2])[1:] == ["Seat 1's Star Forge is destroyed and goes under the Machine pile",
                                  "Seat 1 now has 0 points (−2)"]


def test_the_round_begins_with_its_number_and_pawn_and_the_end_gives_its_reason():
    s = turn(new_game(), 0)
    s.pawn, s.turn_no = 1, 2
    seen = told(s, "end turn")
    assert texts(seen[None], "round_started") == ["Round 3 begins: Seat 2 holds the pawn; Buying Phase"]
    s = turn(new_game(), 0)
    s.pawn, s.turn_no = 1, 2
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 2)
    finish_turn(s)
    assert s.events(None)[-1]["text"] == \
        "The game ends (Seat 2 reached the target of 11 points): Seat 2 wins with 11 points."


def test_the_last_round_of_the_round_limit_is_announced():
    s = turn(new_game(max_rounds=2), 0)
    s.round = 1
    s.pawn, s.turn_no = 1, 2
    seen = told(s, "end turn")
    assert texts(seen[0], "round_started") == [
        "Round 2 begins, the last one (round limit): Seat 2 holds the pawn; Buying Phase"]
