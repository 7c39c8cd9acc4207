"""What each seat is told as the rules happen: the events of Gadgeteers, seat by seat.

Each test plays a rulebook moment and reads the events a seat (and a spectator) receive: a token
placed face down is "a token" to the others and a 3★ to its owner; the reveal names each Part's
tokens by owner; a build names its Gadget, Parts and tokens; a power says whose token went where.
"""

from __future__ import annotations

from .scenario import gadgets_phase, give_gadget, gravtreads_table, part, play, table, tokens, two_builders


def told(state, seat, kind):
    """The events of ``kind`` that ``seat`` (None: a spectator) was told."""
    return [event for event in state.events(seat) if event["kind"] == kind]


def test_a_placed_token_is_face_down_to_everyone_but_its_owner():
    """The engine's own event for the action tells it: the token to its owner, the Part to all."""
    state = table(players=2)
    play(state, 0, "place 3 Gloves")
    mine, = told(state, 0, "acted")
    theirs, = told(state, 1, "acted")
    spectator, = told(state, None, "acted")
    assert mine["text"] == "Seat 0: place 3 Gloves" and mine["private"] is True
    assert theirs["text"] == "Seat 0: place a token on Gloves" and "private" not in theirs
    assert spectator == theirs
    assert "3" not in theirs["text"] + theirs["action"]


def test_a_player_out_of_tokens_skips_the_rest_of_the_parts_phase():
    state = table(players=2)
    for label in ["power", "power", *["1"] * 8, "2", "2", "2", "3", "4"]:
        tokens(state, 0, "Gloves", label)
    play(state, 0, "place 5 Tape")
    assert told(state, 1, "out_of_tokens")[0]["text"] == (
        "Seat 0 has no tokens behind the screen and skips 4 turns of this Parts Phase")
    assert state.to_act == (1,)


def test_each_bonus_card_is_told_only_to_its_owner():
    state = table(players=3)
    bonus = state.content.types[state.bonus[1]]
    assert told(state, 1, "bonus_dealt")[1]["text"] == f"Seat 1 is dealt the {bonus} Bonus card (secret)"
    for other in (0, 2, None):
        event = told(state, other, "bonus_dealt")[1]
        assert event["bonus"] is None and event["text"] == "Seat 1 is dealt a secret Bonus card"
        assert bonus not in str(state.events(other))


def test_the_reveal_names_each_parts_tokens_owners_totals_and_controller():
    state = table(players=2)
    # Parts Phase: 5 turns each; seat 0 leads the Gloves, the Tape is tied
    for turn in range(5):
        play(state, 0, ["place 3 Gloves", "place 1 Tape", "place 1 Lens", "place power Mirror", "place 1 Lens"][turn])
        play(state, 1, ["place 2 Gloves", "place 1 Tape", "place 1 Spring", "place 1 Spring", "place 1 Spring"][turn])
    assert told(state, None, "gadgets_phase")[0]["text"] == (
        "The Gadgets Phase of round 1 begins: every face-down token is turned face up")
    revealed = {event["part"]: event for event in told(state, None, "revealed")}
    assert revealed["Gloves"]["text"] == "Gloves revealed: Seat 0 3★ = 3, Seat 1 2 = 2; Seat 0 controls it"
    assert revealed["Tape"]["text"] == "Tape revealed: Seat 0 1 = 1, Seat 1 1 = 1; a tie, so nobody controls it"
    assert revealed["Mirror"]["controlled_by"] == [] and "no token with a value" in revealed["Mirror"]["text"]
    assert revealed["Spring"]["tokens"] == ["1 + 1 + 1"] and revealed["Spring"]["totals"] == ["3"]
    assert told(state, 1, "revealed") == told(state, None, "revealed"), "a reveal is public"


def test_building_tells_the_gadget_its_parts_the_tokens_removed_and_who_controls_now():
    state = gravtreads_table()
    refill = state.content.gadgets[state.deck[-1]].name
    play(state, 0, "build Gravtreads")
    built, = told(state, 1, "built")
    assert (built["gadget"], built["points"], built["parts"]) == ("Gravtreads", 3, ["Gear", "Magnet", "Boots"])
    assert built["junked"] == ["3★"] and built["recalled"] == ["2", "2"]
    assert built["text"] == (f"Seat 0 builds Gravtreads (Motion, 3 points) with Gear, Magnet and Boots, its 1st "
                             f"Gadget: 2 and 2 back behind the screen and 3★ to the Junk Pile; {refill} joins "
                             f"the Gadget row")
    changes = {event["part"]: event["text"] for event in told(state, None, "control_changed")}
    assert changes == {"Gear": "Seat 1 now controls Gear", "Magnet": "Nobody controls Magnet now",
                       "Boots": "Nobody controls Boots now"}


def test_a_round_without_a_gadget_built_adds_one_and_says_which():
    state = gadgets_phase(table(players=2))
    added = state.content.gadgets[state.deck[-1]].name
    play(state, 0, "pass")
    play(state, 1, "pass")
    event, = told(state, None, "no_gadget_built")
    assert event["text"] == f"No Gadget was built in round 1, so {added} is added to the row"
    assert told(state, None, "end_of_round")[0]["first"] == 0


def test_after_the_recall_a_new_round_begins_with_the_next_first_player():
    state = table(players=2)
    tokens(state, 1, "Gloves", "1", "power")
    gadgets_phase(state)
    play(state, 0, "pass")
    play(state, 1, "pass", "recall Gloves")
    assert [e["text"] for e in told(state, 0, "acted")][-1] == "Seat 1: recall Gloves"
    assert "Gloves" not in str(state.view(0)["board"][state.cell_of[part("Gloves")]]["tokens"])
    assert told(state, None, "round_began")[-1]["text"] == (
        "Round 2 begins with the Parts Phase; Seat 1 has the First Player Marker")


def test_spyglass_tells_whose_token_moved_from_where_to_where():
    state = table(players=2)
    give_gadget(state, 0, "Spyglass")
    tokens(state, 0, "Lens", "power")
    tokens(state, 1, "Pipe", "2")
    gadgets_phase(state)
    play(state, 0, "use power Lens", "activate Spyglass", "target seat1 2 Pipe")
    destination = str(state.legal_actions(0)[0])[3:]
    play(state, 0, f"to {destination}")
    activated, = told(state, 1, "power_activated")
    assert activated["text"] == "Seat 0 recalls a Power token from Lens and activates Spyglass"
    moved, = told(state, 1, "token_moved")
    assert (moved["owner"], moved["token"], moved["from"], moved["to"]) == (1, "2", "Pipe", destination)
    assert moved["text"] == f"Seat 0 moves Seat 1's 2 token from Pipe to {destination}"


def test_jumpboots_with_one_token_behind_the_screen_adds_it_and_says_why_it_stops():
    state = table(players=2)
    give_gadget(state, 0, "Jumpboots")
    tokens(state, 0, "Spring", "power")
    for label in ["power", *["1"] * 8, "2", "2", "2", "3", "4"]:  # everything but the 5★
        tokens(state, 0, "Gloves", label)
    gadgets_phase(state)
    play(state, 0, "use power Spring", "activate Jumpboots", "add 5")
    assert told(state, 1, "token_added")[0]["text"] == (
        "Seat 0 adds a 5★ token from behind the screen to Spring, face up")
    stopped, = told(state, 1, "power_stopped")
    assert stopped["text"] == "Jumpboots does no more: there is no Value Token left behind the screen to add"
    assert "(Single Use)" in told(state, 1, "power_activated")[0]["text"]


def test_periscope_returns_a_1_token_and_the_part_changes_hands():
    state = table(players=2)
    give_gadget(state, 0, "Periscope")
    tokens(state, 0, "Mirror", "power")
    tokens(state, 0, "Gloves", "1")
    tokens(state, 1, "Gloves", "1", "1")
    gadgets_phase(state)
    play(state, 0, "use power Mirror", "activate Periscope", "target seat1 1 Gloves")
    assert told(state, None, "token_returned")[0]["text"] == (
        "Seat 0 returns the 1 token of Seat 1 from Gloves to behind their screen")
    assert told(state, None, "control_changed")[-1]["text"] == "Nobody controls Gloves now"


def test_holo_projector_and_perpetual_engine_tell_the_swap_and_the_exchange():
    state = table(players=2)
    give_gadget(state, 0, "Holo Projector")
    give_gadget(state, 0, "Perpetual Engine")
    tokens(state, 0, "Lens", "power", "1")
    tokens(state, 0, "Mirror", "power")
    gadgets_phase(state)
    play(state, 0, "use power Lens", "activate Holo Projector", "swap Gloves", "with Boots")
    assert told(state, 1, "parts_swapped")[0]["text"] == (
        "Seat 0 swaps the places of Gloves and Boots, with their tokens")
    play(state, 0, "use power Mirror", "activate Perpetual Engine", "take 1 Lens", "add 2")
    assert told(state, 1, "token_exchanged")[0]["text"] == (
        "Seat 0 exchanges its 1 token on Lens for a 2 token from behind the screen")
    assert not [e for e in told(state, 1, "control_changed") if e["part"] == "Lens"], (
        "the Lens stays Seat 0's through the exchange")


def ending_table():
    """Seat 0 and seat 1 each built one 2-point Gadget; a 4th Gadget was built this round."""
    state = two_builders()
    tokens(state, 0, "Gloves", "1")
    gadgets_phase(state)
    state.ending = True
    return state


def test_the_end_shows_every_bonus_card_and_breaks_the_tie_on_parts():
    state = ending_table()
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.is_over and state.scores() == [6, 6]
    shown = [event["text"] for event in told(state, None, "bonus_revealed")]
    assert shown == ["Seat 0 shows the Optics Bonus card: Periscope matches, 1 point",
                     "Seat 1 shows the Energy Bonus card: Crank Charger matches, 1 point"]
    tie, = told(state, None, "tie_broken")
    assert tie["text"] == ("Seat 0 and Seat 1 tie on 6 points; Parts controlled: Seat 0 1 Part, "
                           "Seat 1 0 Parts, so Seat 0 wins the tie")
    assert state.events(None)[-1]["text"] == (
        "The game ends (a 4th Gadget was built and the round finished): Seat 0 wins with 6 points.")


def test_building_a_4th_gadget_announces_the_final_round():
    state = table(players=2, row=("Jumpboots",))
    for name in ("Periscope", "Spyglass", "Crank Charger"):
        give_gadget(state, 0, name)
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots")
    assert told(state, 1, "final_round")[0]["text"] == (
        "Seat 0 has built a 4th Gadget: the game ends when the Gadgets Phase of round 1 finishes")
    assert state.part_at[state.cell_of[part("Spring")]] == part("Spring")


def test_hover_skates_adds_a_token_to_a_part_of_your_choice_and_wins_it():
    state = table(players=2)
    give_gadget(state, 0, "Hover Skates")
    tokens(state, 0, "Gloves", "power")
    tokens(state, 1, "Lens", "1")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Hover Skates", "to Lens", "add 2")
    assert told(state, 1, "token_added")[0]["text"] == "Seat 0 adds a 2 token from behind the screen to Lens, face up"
    assert told(state, 1, "control_changed")[0]["text"] == "Seat 0 now controls Lens"
