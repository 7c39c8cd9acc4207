"""A recorded 3-player game between heuristic bots replays to the same end (a regression guard
for every rule at once: any change of rules or content shows up here)."""

from __future__ import annotations

import json
from pathlib import Path

import boardwright as bw

GOLDEN = Path(__file__).with_name("golden_3p.json")


def test_golden_three_player_game_replays_to_the_recorded_scores():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    expected = record.pop("expected")
    state = bw.replay(record)
    assert (state.is_over, state.scores(), state.winners(), state.turn) == (
        True, expected["scores"], expected["winners"], expected["turn"])
