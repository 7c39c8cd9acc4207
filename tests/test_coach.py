"""The coach's hint (boardwright.agents.hint): its moves, its why, its budget and what it reads."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import boardwright as bw
from boardwright import agents
from boardwright.agents import coach
from boardwright.engine import Action, ActionTable, Game, State, Stream

TABLE = ActionTable()
GOLD = TABLE.add("gold")
SILVER = TABLE.add("silver")


class CoinsState(State):
    """One solo decision: "gold" scores a Gold coin (3) and a Penalty (-1), "silver" a Silver coin
    (1); the Coins are one group. A score of 2 or more wins. So gold is +2.0 from Coins, most of
    it the Gold coin, and -1.0 from the Penalty, and wins every time where silver never does."""

    __slots__ = ("took",)

    def _setup(self) -> None:
        self.table = TABLE
        self.took = ""
        self.to_act = (0,)

    def _legal(self, seat: int) -> list[Action]:
        return [GOLD, SILVER]

    def _apply(self, seat: int, action: Action) -> None:
        self.took = str(action)
        self.is_over = True
        self.to_act = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"took": self.took}

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        return str(action)

    def _resample(self, seat: int, rng: Stream) -> None:
        pass

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, CoinsState)
        new.took = self.took

    def _lines(self) -> list[dict[str, Any]]:
        if self.took == "gold":
            return [{"label": "Gold coin", "points": 3, "group": "Coins"}, {"label": "Penalty", "points": -1}]
        if self.took == "silver":
            return [{"label": "Silver coin", "points": 1, "group": "Coins"}]
        return []

    def _scores(self) -> list[int]:
        return [sum(line["points"] for line in self._lines())]

    def _winners(self) -> list[int]:
        return [0] if self._scores()[0] >= 2 else []

    def _score_breakdown(self) -> list[dict[str, Any]]:
        lines = self._lines()
        return [{"total": sum(line["points"] for line in lines), "lines": lines}]

    def _end_reason(self) -> str:
        return "the coin was taken"


class Coins(Game):
    id = "coins-for-the-coach"
    name = "Coins"
    min_players = 1
    max_players = 1
    state_class = CoinsState
    event_texts: ClassVar[dict[str, str]] = {}


def position(game_id: str, steps: int, seed: int = 3) -> State:
    """A state of a random game after ``steps`` decisions where the seat to act has a choice."""
    game = bw.load(game_id)
    state = game.new(players=max(2, game.min_players), seed=seed)
    rng = Stream(seed)
    while not state.is_over and (steps > 0 or len(state.legal_actions(state.to_act[0])) < 2):
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        steps -= 1
    assert not state.is_over
    return state


def test_the_why_names_the_rows_that_differ_most_with_the_win_chances() -> None:
    state = Coins().new(players=1, seed=0)
    advice = agents.hint(state, 0, iterations=40, seed=1)
    assert [move["action"] for move in advice["moves"]] == ["gold", "silver"]
    gold, silver = advice["moves"]
    assert (gold["win"], silver["win"]) == (1.0, 0.0)
    assert (gold["score"], silver["score"]) == (2.0, 1.0)
    assert gold["rows"] == {"Coins": 3.0, "Penalty": -1.0} and silver["rows"] == {"Coins": 1.0}
    assert advice["why"] == ('"gold" now: +2.0 points from Coins (mostly Gold coin), \N{MINUS SIGN}1.0 from Penalty; '
                             'wins 100% against 0% for "silver".')


def test_moves_are_the_best_five_best_first_with_visits_adding_up() -> None:
    state = position("gadgeteers", 20)
    seat = state.to_act[0]
    legal = {str(action) for action in state.legal_actions(seat)}
    assert len(legal) > coach.MOVES_SHOWN
    advice = agents.hint(state, seat, iterations=300, seed=2)
    moves = advice["moves"]
    assert len(moves) == coach.MOVES_SHOWN and advice["iterations"] == 300
    assert {"action", "win", "score", "visits"} <= set(moves[0])
    assert all(move["action"] in legal for move in moves)
    assert len({move["action"] for move in moves}) == len(moves)
    assert [move["visits"] for move in moves] == sorted((move["visits"] for move in moves), reverse=True)
    assert all(0.0 <= move["win"] <= 1.0 for move in moves)
    assert sum(move["visits"] for move in moves) <= 300
    assert advice["why"].startswith(f'"{moves[0]["action"]}" now: ')
    assert f'for "{moves[1]["action"]}".' in advice["why"]


def test_visits_add_up_to_the_iterations_when_every_move_is_shown() -> None:
    state = Coins().new(players=1, seed=0)
    advice = agents.hint(state, 0, iterations=57, seed=3)
    assert sum(move["visits"] for move in advice["moves"]) == 57 == advice["iterations"]


def test_the_why_of_a_real_game_uses_its_own_labels_and_rounds_away_no_difference() -> None:
    state = position("gadgeteers", 20)
    seat = state.to_act[0]
    advice = agents.hint(state, seat, iterations=300, seed=2)
    best, second = advice["moves"][:2]
    rows = {row for move in (best, second) for row in move["rows"]}
    named = [row for row in rows if f" from {row}" in advice["why"]]
    differences = {row: best["rows"].get(row, 0.0) - second["rows"].get(row, 0.0) for row in rows}
    expected = sorted((row for row in rows if round(differences[row], 1) != 0),
                      key=lambda row: -abs(differences[row]))[:coach.ROWS_NAMED]
    assert sorted(named) == sorted(expected)
    assert f"wins {round(best['win'] * 100)}% against {round(second['win'] * 100)}%" in advice["why"]


def test_the_only_move_is_said_to_be_the_only_one() -> None:
    game = bw.load("gadgeteers")
    state = game.new(players=2, seed=1)
    rng = Stream(5)
    while len(state.legal_actions(state.to_act[0])) != 1:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    seat = state.to_act[0]
    advice = agents.hint(state, seat, iterations=30, seed=1)
    assert [move["action"] for move in advice["moves"]] == [str(state.legal_actions(seat)[0])]
    assert "is the only move" in advice["why"]


@pytest.mark.parametrize("game_id", bw.games())
def test_a_hint_is_the_same_from_the_truth_and_from_a_determinization(game_id: str) -> None:
    state = position(game_id, 30)
    seat = state.to_act[0]
    truth = agents.hint(state, seat, iterations=60, seed=4)
    for sample_seed in (1, 2):
        assert agents.hint(state.determinize(seat, sample_seed), seat, iterations=60, seed=4) == truth


@pytest.mark.parametrize(("budget", "words"), [
    ({"time": 0}, "a hint's time is a number of seconds above 0"),
    ({"time": -1.5}, "a hint's time is a number of seconds above 0"),
    ({"time": 1e9}, "at most 60"),
    ({"time": "soon"}, "not 'soon'"),
    ({"iterations": 0}, "a hint's iterations are a whole number from 1"),
    ({"iterations": 10**9}, "from 1 to 200,000"),
    ({"iterations": 2.5}, "not 2.5"),
    ({"iterations": 10, "seed": "x"}, "a hint's seed is a whole number"),
])
def test_bad_budgets_are_refused_in_one_line(budget: dict[str, Any], words: str) -> None:
    state = Coins().new(players=1, seed=0)
    with pytest.raises(ValueError, match=words) as refusal:
        agents.hint(state, 0, **budget)
    assert "\n" not in str(refusal.value)
    assert state.took == "" and not state.is_over


def test_a_seat_with_no_decision_is_refused() -> None:
    state = position("gadgeteers", 4)
    idle = next(seat for seat in range(state.players) if seat not in state.to_act)
    with pytest.raises(ValueError, match=f"seat {idle} owes no decision now"):
        agents.hint(state, idle, iterations=10)


def test_a_time_budget_stops_the_search() -> None:
    import time
    state = position("game-development", 10)
    start = time.perf_counter()
    advice = agents.hint(state, state.to_act[0], time=0.2, seed=1)
    assert time.perf_counter() - start < 2.0
    assert advice["moves"] and advice["iterations"] >= 1


def test_a_member_named_in_brackets_does_not_repeat_its_group() -> None:
    best, second = coach._Outcomes(), coach._Outcomes()
    best.add([{"label": "Bugs: Memory Leak", "points": -1, "group": "Bugs"}], -1)
    second.add([{"label": "Bugs: Memory Leak and Crash", "points": -4, "group": "Bugs"}], -4)
    moves = [{"action": "fix", "win": 0.5, "score": -1.0}, {"action": "ship", "win": 0.25, "score": -4.0}]
    assert coach.why(moves, [best, second], 2) == (
        '"fix" now: +3.0 points from Bugs (mostly Memory Leak and Crash); wins 50% against 25% for "ship".')
