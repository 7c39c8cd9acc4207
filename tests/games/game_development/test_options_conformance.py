"""The conformance kit also holds under the game's options (copies, draw, hand size, the
developer-points variant)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conformance import check_game

from boardwright.games.game_development import GameDevelopment


def variant(**defaults: object) -> GameDevelopment:
    class Variant(GameDevelopment):
        options = tuple(replace(o, default=defaults[o.name]) if o.name in defaults else o
                        for o in GameDevelopment.options)
    return Variant()


@pytest.mark.parametrize(("players", "options"), [
    (5, {"copies": 1}),
    (2, {"copies": 4, "draw": "refill"}),
    (4, {"hand_size": 3}),
    (3, {"hand_size": 8, "developer_points": True}),
])
def test_options_keep_the_contract(players, options):
    report = check_game(variant(**options), players, seed=21)
    assert report.seats_acted == set(range(players))
