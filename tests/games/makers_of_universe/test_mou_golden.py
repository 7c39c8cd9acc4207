"""A golden playthrough: a whole recorded game replays to the same end (guards against rule drift)."""

from __future__ import annotations

import json
from pathlib import Path

import boardwright as bw

GOLDEN = Path(__file__).with_name("golden_3p_seed11.json")


def test_the_recorded_game_replays_to_the_same_scores_and_winner():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = bw.replay(record)
    expected = record["expected"]
    assert (state.is_over, state.round, state.scores(), state.winners()) == \
        (True, expected["round"], expected["scores"], expected["winners"])
