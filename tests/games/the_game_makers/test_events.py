"""What each seat is told as the rules happen (the Events of docs/games/the-game-makers.md): a
Forklift move and what it brings, cards drawn and kept (a face-down card is "a card" to the
others), a die roll, manufacturing, trees, turns, the draft and the end."""

from __future__ import annotations

from .scenario import GAME, card, components, contract, go_to_turn, machinery, on_top, play, table


def told(state, seat, since, kind=None):
    """The events ``seat`` (None: a spectator) was told from number ``since``, of ``kind`` if given."""
    return [e for e in state.events(seat, since) if kind is None or e["kind"] == kind]


def mark(state):
    """Each seat's (and a spectator's) event count now, to read only what follows."""
    return {seat: len(state.events(seat)) for seat in (None, *range(state.players))}


def test_cards_from_the_cards_wedge_are_named_to_their_taker_and_counted_for_the_others():
    state = table(players=2)  # turn 1: the level 1 Wedge is Cards
    first, second = card(state, name="Paper Rails"), card(state, name="Tiny Forges")
    state.work1[3] = 1  # a worker on "view L1": one more card to look at
    on_top(state, first, second)
    since = mark(state)
    play(state, "forklift to L1")
    mine = told(state, 0, since[0])
    assert [e["kind"] for e in mine] == ["acted", "forklift_moved", "cards_drawn"]
    assert mine[1]["text"] == ("Seat 0 moves Forklift 1 to the level 1 Wedge (cards); it is READY "
                               "again on turn 2")
    assert mine[2]["text"] == (f"Seat 0 draws 2 cards: card #{first + 1} Paper Rails and "
                               f"card #{second + 1} Tiny Forges")
    for other in (1, None):
        drawn = told(state, other, since[other], "cards_drawn")
        assert drawn[0]["text"] == "Seat 0 draws 2 cards and looks at them" and "cards" not in drawn[0]


def test_a_card_kept_face_down_is_a_card_to_the_others_and_the_rest_go_face_up_to_the_discard():
    state = table(players=2)
    first, second = card(state, name="Paper Rails"), card(state, name="Tiny Forges")
    state.work1[3] = 1
    on_top(state, first, second)
    play(state, "forklift to L1")
    since = mark(state)
    play(state, f"component #{first + 1}")
    assert told(state, 0, since[0], "card_kept")[0]["text"] == (
        f"Seat 0 keeps card #{first + 1} Paper Rails face down as a component; card #{second + 1} "
        "Tiny Forges goes face up to the discard pile")
    for other in (1, None):
        kept = told(state, other, since[other], "card_kept")[0]
        assert kept["text"] == (f"Seat 0 keeps a card face down as a component; card #{second + 1} "
                                "Tiny Forges goes face up to the discard pile") and "card" not in kept


def test_a_contract_is_named_to_everyone():
    state = table(players=2)
    drawn = card(state, name="Paper Rails")
    on_top(state, drawn)
    play(state, "forklift to L1")
    since = mark(state)
    play(state, f"contract #{drawn + 1}")
    for seat in (0, 1, None):
        assert told(state, seat, since[seat], "card_kept")[0]["text"] == (
            f"Seat 0 takes card #{drawn + 1} Paper Rails as a Contract")


def test_the_die_roll_is_told_to_everyone_and_shown_on_the_board():
    state = table(players=2, turn=2)  # turn 2: the level 3 Wedge is Dice
    since = mark(state)
    play(state, "forklift to L3")
    rolled = told(state, None, since[None], "die_rolled")[0]
    assert rolled["text"] == f"Seat 0 rolls the level 3 die: {rolled['roll']}" and rolled["roll"] in (2, 3, 4)
    board = GAME.render(state.view(0))
    assert f"you rolled {rolled['roll']} on the level 3 die" in board
    play(state, "as marketing")
    since = mark(state)
    play(state, "market red")
    assert told(state, 1, since[1], "marketing_advanced")[0]["text"] == (
        f"Seat 0 advances red marketing {rolled['roll']} steps to {rolled['roll']}")


def test_manufacturing_tells_what_was_made_what_was_paid_and_where_it_went():
    state = table(players=2)
    made = contract(state, requires=("cards 1", "wood 2"), reward=("vp 2",), name="Paper Rails")
    components(state, cards=1, wood=(3,))
    spent = state.hand[0][0]
    since = mark(state)
    play(state, "make contract 1", "display r2c3")
    texts = [e["text"] for e in told(state, 1, since[1]) if e["kind"] != "acted"]
    name = state.content.cards[spent].name
    assert texts == [
        f"Seat 0 starts manufacturing card #{made + 1} Paper Rails from Contract space 1",
        f"Seat 0 spends card #{spent + 1} {name} and a level 3 wood",
        f"Seat 0 puts card #{made + 1} Paper Rails in the Display Case at row 2, column 3",
        f"Seat 0 scores 2 points for the reward of card #{made + 1} Paper Rails",
    ]


def test_machinery_completing_a_set_tells_the_new_discount():
    state = table(players=2, turn=2)  # turn 2: the level 1 Wedge is Tiles
    machinery(state, 0, 0, "wood wood . . . .")
    state.bags[0] = [t for t in state.bags[0] if state.content.tiles[t][1] == 2]  # only wood icons
    since = mark(state)
    play(state, "forklift to L1", "as machinery", "cell r1c3")
    installed = told(state, None, since[None], "machinery_installed")[0]
    assert installed["text"] == ("Seat 0 installs a small tile with the wood icon on the Assembly Line "
                                 "at row 1, column 3; machinery now lowers wood requirements by 1 level")


def test_a_new_turn_tells_who_starts_and_what_the_wheel_offers():
    state = table(players=2)
    play(state, "forklift to L3", "as worker", "forklift to L3", "as worker", "forklift to L3", "as worker")
    since = mark(state)
    play(state, "end turn")  # seat 1's turn
    seat = state.to_act[0]
    for _ in range(3):
        play(state, "forklift to L3", "as worker")
    play(state, "end turn")
    assert seat == 1
    turn = told(state, None, since[None], "turn_started")
    assert turn[0]["text"] == ("Turn 2 begins with Seat 1: the READY Wedge is cards, then tiles, "
                               "wood and dice at levels 1, 2 and 3")


def test_the_twelfth_game_announces_the_final_turn_and_the_end_says_why():
    state = table(players=2)
    for slot in range(11):
        state.display[0][slot] = card(state)
    contract(state, requires=("cards 1",))
    components(state, cards=1)
    since = mark(state)
    play(state, "make contract 1")
    assert told(state, 1, since[1], "final_turn")[0]["text"] == (
        "Seat 0's Display Case is full: turn 2 is the final turn")
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1] if "end turn" in map(str, state.legal_actions(seat))
                    else state.legal_actions(seat)[0])
    final = [e for e in state.events(None) if e["kind"] == "turn_started"][-1]
    assert final["text"].endswith("This is the final turn")
    assert state.events(None)[-1]["text"].startswith(
        "The game ends (Seat 0 filled the Display Case and the final turn is over)")


def test_drafted_structures_are_sealed_then_revealed_together():
    state = GAME.new(players=3, seed=5, options={"structures": "draft"})
    picks = {}
    for seat in state.to_act[:2]:
        picks[seat] = state.legal_actions(seat)[0]
        state.apply(seat, picks[seat])
    assert told(state, 2, 0, "structures_drafted") == []
    assert told(state, 2, 0, "acted")[0]["text"] == "Seat 0 commits a sealed choice"
    last = state.to_act[0]
    state.apply(last, state.legal_actions(last)[0])
    revealed = [told(state, seat, 0, "structures_drafted") for seat in (0, 1, 2, None)]
    assert all(r == revealed[0][:1] for r in revealed) and len(revealed[0]) == 1
    assert revealed[0][0]["text"].startswith("Structures revealed together: Seat 0 takes A ")


def test_a_reset_turn_and_a_tree_reward_are_told():
    state = table(players=2, turn=7)  # the Wild Wedge is READY again: a reset turn
    state.work1[6] = 1  # a worker on "market L1"
    go_to_turn(state, 7)
    state.stack.append(("reset",))
    since = mark(state)
    play(state, "reset workers")
    assert told(state, 1, since[1], "workers_returned")[0]["text"] == (
        "Seat 0 returns every assigned worker to the Break Room")
    contract(state, requires=("cards 1",), reward=("tree 1",))
    components(state, cards=1)
    since = mark(state)
    play(state, "make contract 1", "display r1c1", "tree 12 Three wood")
    assert told(state, 1, since[1], "tree_planted")[0]["text"] == "Seat 0 plants a tree: Three wood"
