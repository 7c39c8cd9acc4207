"""A golden playthrough: a recorded 3-player game (two heuristic bots and a random one) replays to
the same end. A rules change that alters play shows up here; regenerate the file only on purpose."""

from __future__ import annotations

import json
from pathlib import Path

import boardwright as bw

GOLDEN = Path(__file__).with_name("golden_3p.json")


def test_the_recorded_game_replays_to_the_same_scores_and_winners():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    expected = record.pop("expected")
    state = bw.replay(record)
    assert (state.is_over, state.scores(), state.winners()) == (True, expected["scores"], expected["winners"])
