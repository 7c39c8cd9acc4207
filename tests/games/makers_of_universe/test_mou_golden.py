"""A golden playthrough: a whole recorded game replays to the same end (guards against rule drift).

After a deliberate rule change that changes how records replay, bump the game's ``version`` and
regenerate the file from the repository root with
``PYTHONPATH=. python tests/games/makers_of_universe/test_mou_golden.py`` (so that this checkout's
package is the one imported): it replays the stored actions under the current rules, stamps the
current version and rewrites ``expected``. It refuses when the stored actions no longer make a
whole game (then record a new one and check it by hand).
"""

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


def regenerate() -> None:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record.pop("expected")
    record["version"] = bw.load(record["game"]).version
    state = bw.replay(record)
    if not state.is_over:
        raise SystemExit("the stored actions no longer make a whole game: record a new one")
    record["expected"] = {"round": state.round, "scores": state.scores(), "winners": state.winners()}
    GOLDEN.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    regenerate()
