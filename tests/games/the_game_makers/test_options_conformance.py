"""The conformance kit also holds under the game's options (draft, experienced setup, fixed
Wedges, any-cell Tweenies, content dice)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conformance import check_game

from boardwright.games.the_game_makers import TheGameMakers


def variant(**defaults: object) -> TheGameMakers:
    class Variant(TheGameMakers):
        options = tuple(replace(o, default=defaults[o.name]) if o.name in defaults else o
                        for o in TheGameMakers.options)
    return Variant()


@pytest.mark.parametrize("players", [1, 2, 4])
def test_structure_draft_keeps_the_contract(players):
    report = check_game(variant(structures="draft"), players, seed=11)
    assert report.seats_acted == set(range(players))


def test_other_options_keep_the_contract():
    game = variant(experienced=True, wedge_order="fixed", tweenie_gap="any", dice_faces="content")
    report = check_game(game, 3, seed=12)
    assert report.steps > 0


def test_max_turns_ends_the_game():
    state = variant(max_turns=3).new(players=2, seed=1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.turn == 3
