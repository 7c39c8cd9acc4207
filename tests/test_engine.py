"""The engine's own contract, shown on the test-only game "Sealed Sums" (tests/toygame.py):
one seat deciding, sealed simultaneous choices, chance on separate streams, multi-step moves,
reaction windows, refusals, options, content files and records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toygame import GAME, HIGH, LOW

import boardwright as bw
from boardwright.engine import (
    Action,
    ActionTable,
    Field,
    Option,
    OptionError,
    Section,
    Stream,
    load_content,
    parse_option_pairs,
    reaction_order,
)
from boardwright.engine.rng import Streams


def bid_all(state, *bids):
    for seat, bid in enumerate(bids):
        state.apply(seat, f"bid {bid}")


# ---------------------------------------------------------------- sealed, simultaneous decisions
def test_a_sealed_decision_asks_every_seat_at_once():
    state = GAME.new(players=3, seed=1)
    assert state.to_act == (0, 1, 2) and state.is_sealed


def test_a_committed_choice_is_hidden_from_the_other_seats():
    state = GAME.new(players=3, seed=1)
    state.apply(1, "bid 3")
    assert state.to_act == (0, 2)
    assert state.view(1)["your_choice"] == "bid 3"
    for other in (0, 2, None):
        view = state.view(other)
        assert view["committed"] == [1] and "your_choice" not in view
        assert "bid 3" not in json.dumps(view)
    assert state.history(0) == [[1, "commits a sealed choice"]]
    assert state.history(1) == [[1, "bid 3"]]


def test_a_seat_commits_once():
    state = GAME.new(players=2, seed=1)
    state.apply(0, "bid 2")
    with pytest.raises(bw.IllegalAction, match="Seat 0 has already committed its choice"):
        state.apply(0, "bid 1")


def test_sealed_choices_resolve_together_and_are_then_revealed():
    state = GAME.new(players=3, seed=1)
    bid_all(state, 1, 3, 0)
    assert not state.is_sealed
    assert state.view(0)["last_bids"] == [1, 3, 0]
    assert state.history(0) == [[0, "bid 1"], [1, "bid 3"], [2, "bid 0"]]
    assert state.to_act == (1,), "the unique highest bidder plays"


def test_determinize_resamples_the_other_seats_committed_choices():
    state = GAME.new(players=2, seed=4)
    state.apply(1, "bid 3")
    samples = {str(state.determinize(0, k)._sealed[1]) for k in range(20)}
    assert len(samples) > 1, "seat 0 cannot know seat 1's bid"
    assert all(str(state.determinize(1, k)._sealed[1]) == "bid 3" for k in range(5))


def test_a_reopened_sample_gives_the_others_their_sealed_choices_back():
    """For a search, the seat still to choose meets the whole sealed decision, as it opened."""
    fresh = GAME.new(players=3, seed=4)
    later = GAME.new(players=3, seed=4)
    later.apply(1, "bid 3")
    later.apply(2, "bid 0")
    for k in range(5):
        sample = later.determinize(0, k, reopen=True)
        assert sample.to_act == (0, 1, 2) and sample.committed() == []
        assert sample.fingerprint(only_game=True) == fresh.determinize(0, k, reopen=True).fingerprint(only_game=True)
    plain = later.determinize(0, 1)
    assert plain.to_act == (0,) and plain.committed() == [1, 2]


def test_reopening_changes_nothing_for_a_seat_that_has_chosen():
    state = GAME.new(players=2, seed=4)
    state.apply(1, "bid 3")
    sample = state.determinize(1, 7, reopen=True)
    assert sample.to_act == (0,) and str(sample._sealed[1]) == "bid 3"
    assert sample.fingerprint() == state.determinize(1, 7).fingerprint()


# ---------------------------------------------------------------- chance and random streams
def test_a_seed_sets_up_the_same_game():
    assert GAME.new(2, seed=9).fingerprint() == GAME.new(2, seed=9).fingerprint()
    assert GAME.new(2, seed=9).fingerprint() != GAME.new(2, seed=10).fingerprint()


def test_streams_are_independent_so_choices_never_change_later_shuffles():
    streams = Streams(5)
    deck_alone = [Streams(5)["deck"].below(100) for _ in range(1)]
    streams["dice"].randint(1, 6)
    streams["dice"].randint(1, 6)
    assert [streams["deck"].below(100)] == deck_alone


def test_a_stream_copy_continues_identically():
    stream = Stream.named(3, "deck")
    stream.below(10)
    copy = stream.copy()
    assert [stream.below(1000) for _ in range(5)] == [copy.below(1000) for _ in range(5)]


def test_stream_draws_are_fair_enough():
    stream = Stream(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[stream.randint(1, 6) - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def reference_shuffle(stream: Stream, items: list[int]) -> None:
    """Fisher-Yates drawing each swap from ``next64`` (the shuffle every record was made with)."""
    for i in range(len(items) - 1, 0, -1):
        j = stream.next64() % (i + 1)
        items[i], items[j] = items[j], items[i]


#: Stream(7) shuffling range(10), then below(1000), as drawn before shuffle and below were sped up
GOLDEN_DECK, GOLDEN_NEXT = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7], 425


def test_shuffle_and_below_draw_exactly_the_values_records_were_made_with():
    for seed in [*range(40), 2**64 - 1, 0x9E3779B97F4A7C15, -7, 123456789012345678901]:
        for length in [*range(0, 12), 31, 52, 100, 257]:
            fast, slow = Stream(seed + length), Stream(seed + length)
            shuffled, expected = list(range(length)), list(range(length))
            fast.shuffle(shuffled)
            reference_shuffle(slow, expected)
            assert shuffled == expected and fast.state == slow.state, (seed, length)
            bound = length + 1
            assert [fast.below(bound) for _ in range(5)] == [slow.next64() % bound for _ in range(5)]
            assert fast.state == slow.state
    # the first values of one stream, as every golden record was played with
    stream = Stream(7)
    deck = list(range(10))
    stream.shuffle(deck)
    assert deck == GOLDEN_DECK and stream.below(1000) == GOLDEN_NEXT


def test_searching_a_copy_never_changes_the_games_own_streams():
    state = GAME.new(players=2, seed=2)
    before = state.fingerprint()
    sample = state.determinize(0, 1)
    assert sample.seed is None and sample.log == [], "a sample carries no history to read secrets from"
    bid_all(sample, 3, 0)
    assert state.fingerprint() == before


# ---------------------------------------------------------------- multi-step and reactions
def test_a_compound_move_is_a_short_chain_of_small_choices():
    state = GAME.new(players=2, seed=3)
    bid_all(state, 2, 0)
    card = state.legal_actions(0)[0]
    state.apply(0, card)
    assert state.legal_actions(0) == [LOW, HIGH]
    assert state.to_act == (0,)


def test_a_reaction_window_skips_seats_that_cannot_react():
    assert reaction_order(1, 4, lambda seat: seat in (0, 3)) == [3, 0]
    assert reaction_order(0, 3, lambda seat: False) == []


def test_only_seats_holding_a_1_are_asked_to_react():
    for seed in range(40):
        state = GAME.new(players=3, seed=seed)
        bid_all(state, 3, 0, 0)
        state.apply(0, state.legal_actions(0)[0])
        state.apply(0, "place low")
        if state.phase == "react":
            asked = state.to_act[0]
            assert 1 in state.hands[asked]
            return
    pytest.fail("no reaction window opened in 40 games")


# ---------------------------------------------------------------- refusals
def test_unknown_text_is_refused_and_changes_nothing():
    state = GAME.new(players=2, seed=1)
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction, match="Actions: 'fly away' is not an action of Sealed Sums"):
        state.apply(0, "fly away")
    assert state.fingerprint() == before


def test_a_seat_that_does_not_exist_is_refused():
    state = GAME.new(players=2, seed=1)
    with pytest.raises(bw.IllegalAction, match="there is no seat 7"):
        state.apply(7, "bid 1")


def test_a_known_but_illegal_action_names_the_rule():
    state = GAME.new(players=2, seed=1)
    with pytest.raises(bw.IllegalAction) as error:
        state.apply(0, "place high")
    assert error.value.rule == "Bid"
    assert str(error.value) == f"{error.value.rule}: {error.value.reason}"


def test_text_is_accepted_whatever_its_case_and_spacing():
    state = GAME.new(players=2, seed=1)
    state.apply(0, "  BID   2 ")
    assert state.view(0)["your_choice"] == "bid 2"


def test_a_finished_game_refuses_every_action():
    state = GAME.new(players=2, seed=1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(bw.IllegalAction, match="End of Game"):
        state.apply(0, "bid 1")
    assert state.legal_actions(0) == []


# ---------------------------------------------------------------- actions
def test_an_action_is_its_text_and_is_immutable():
    table = ActionTable()
    action = table.add("play 7", "play", 7)
    assert action == "play 7" and str(action) == "play 7" and action.args == (7,)
    with pytest.raises(AttributeError):
        action.kind = "other"  # type: ignore[misc]
    assert table.get("PLAY   7") is action
    assert isinstance(json.loads(json.dumps([action]))[0], str)


def test_an_action_table_refuses_texts_equal_up_to_case():
    table = ActionTable()
    table.add("Go")
    with pytest.raises(ValueError):
        table.add("go")


def test_actions_survive_pickling_as_equal_values():
    import pickle

    action = Action("play 3", "play", 3)
    again = pickle.loads(pickle.dumps(action))
    assert again == action and again.args == (3,)


# ---------------------------------------------------------------- options
def test_options_take_their_defaults():
    assert GAME.new(2, seed=1).options == {"unused": 0}


def test_options_are_typed_and_bounded():
    with pytest.raises(OptionError, match="takes a whole number"):
        GAME.new(2, options={"unused": "x"})
    with pytest.raises(OptionError, match="must be from 0 to 9, not 12"):
        GAME.new(2, options={"unused": 12})
    assert GAME.new(2, seed=1, options={"unused": "4"}).options["unused"] == 4


def test_option_text_from_the_command_line():
    assert parse_option_pairs(["a=1", " b = yes "]) == {"a": "1", "b": "yes"}
    with pytest.raises(OptionError, match="name=value"):
        parse_option_pairs(["oops"])
    assert Option("x", bool, False, "doc").convert("g", "yes") is True


# ---------------------------------------------------------------- content files
SCHEMA = (Section("cards", (Field("name", str), Field("cost", int, minimum=0),
                            Field("tags", list, item=str, required=False, default=[]))),)


def test_a_content_file_is_validated_and_built(tmp_path: Path):
    path = tmp_path / "cards.toml"
    path.write_text('[[cards]]\nname = "Ant"\ncost = 1\n')
    built = load_content(path, SCHEMA, lambda file, data: tuple(c["name"] for c in data["cards"]))
    assert built == ("Ant",)


@pytest.mark.parametrize(("text", "message"), [
    ('[[cards]]\nname = "Ant"\ncost = -1\n', "cards 'Ant': field 'cost': must be at least 0"),
    ('[[cards]]\nname = "Ant"\n', "cards 'Ant': field 'cost': is missing"),
    ('[[cards]]\nname = "Ant"\ncost = 1\ncolour = "red"\n', "cards 'Ant': field 'colour': unknown field"),
    ('[[cards]]\nname = "Ant"\ncost = 1\n[[cards]]\nname = "Ant"\ncost = 2\n', "field 'name': appears twice"),
    ('[[cards]]\nname = "Ant"\ncost = 1\ntags = [1]\n', "field 'tags': items must be texts"),
    ('[[decks]]\nname = "x"\n', "unknown section [[decks]]"),
    ("cards = 3 3", "is not valid TOML"),
])
def test_a_bad_content_file_names_the_file_the_entry_and_the_field(tmp_path: Path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(bw.ContentError) as error:
        load_content(path, SCHEMA, lambda file, data: data)
    assert str(path) in str(error.value) and message in str(error.value)


# ---------------------------------------------------------------- records
def test_a_record_is_readable_json_that_replays_exactly():
    state = GAME.new(players=3, seed=11)
    for _ in range(10):
        if state.is_over:
            break
        seat = state.to_act[-1]
        state.apply(seat, state.legal_actions(seat)[-1])
    record = json.loads(json.dumps(state.record()))
    assert set(record) == {"game", "version", "options", "players", "seed", "actions"}
    assert all(isinstance(text, str) for _, text in record["actions"])
    assert bw.replay(record).fingerprint() == state.fingerprint()
    assert bw.replay(record, until=3).fingerprint() != state.fingerprint()


def test_a_record_with_an_illegal_step_is_refused_clearly():
    record = GAME.new(players=2, seed=1).record()
    record["actions"] = [[0, "bid 1"], [0, "bid 2"]]
    with pytest.raises(bw.RecordError, match=r"action 2 .*cannot be replayed"):
        bw.replay(record)


def test_a_record_of_another_version_is_refused():
    record = GAME.new(players=2, seed=1).record()
    record["version"] = "0"
    with pytest.raises(bw.RecordError, match="version"):
        bw.replay(record)


def test_a_determinized_state_has_no_record():
    with pytest.raises(bw.RecordError):
        GAME.new(players=2, seed=1).determinize(0, 1).record()


def test_views_are_json_and_name_the_viewer():
    state = GAME.new(players=2, seed=1)
    view = state.view(1)
    assert view["viewer"] == 1 and view["player_count"] == 2 and view["hand"] == state.hands[1]
    assert state.view(None)["hand"] is None
    with pytest.raises(ValueError):
        state.view(5)
