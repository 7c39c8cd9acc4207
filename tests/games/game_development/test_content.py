"""The content file: every card of the deck as data, checked at load; your own card list."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.games.game_development.content import DEFAULT_PATH, load

from .scenario import CONTENT, arrange, at_milestone, legal, new, play

CUSTOM = DEFAULT_PATH.read_text(encoding="utf-8")


def test_the_deck_holds_every_card_of_the_file():
    types = [c.type for c in CONTENT.cards]
    assert (types.count("developer"), types.count("document"), types.count("action"),
            types.count("feature"), types.count("bug")) == (24, 4, 6, 9, 4)


def test_unnamed_features_and_bugs_are_marked_as_ours():
    assert all(c.ours for c in CONTENT.cards if c.type in ("feature", "bug"))


def test_a_bad_cost_names_the_file_the_entry_and_the_field(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(CUSTOM.replace('cost = ["Prog: 1"]\npoints = 1', 'cost = ["Code: 1"]\npoints = 1', 1))
    with pytest.raises(bw.ContentError) as error:
        load(path)
    assert (error.value.entry, error.value.field) == ("feature 'Pause Menu'", "cost")


def test_a_milestone_ability_can_be_used_only_during_that_milestone(tmp_path):
    """"<Milestone>:" means: each turn during that milestone, instead of playing an Action card."""
    path = tmp_path / "deck.toml"
    path.write_text(CUSTOM.replace('name = "Beautiful B"\nkind = "Level Designer"\n',
                                   'name = "Beautiful B"\nkind = "Level Designer"\nduring = "Beta"\n'))
    options = {"content": str(path)}
    alpha = at_milestone("Alpha", developers={0: ["Beautiful B"]}, leads=["Beautiful B"], **options)
    beta = at_milestone("Beta", developers={0: ["Beautiful B"]}, leads=["Beautiful B"], **options)
    assert ("use Beautiful B" in legal(alpha), "use Beautiful B" in legal(beta)) == (False, True)


def test_your_own_card_list_plays(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(CUSTOM.replace('name = "Boss Fight"\ncost = ["Prog: 2", "LD: 2"]\npoints = 5',
                                   'name = "Boss Fight"\ncost = ["Prog: 2", "LD: 2"]\npoints = 9'))
    state = new(content=str(path))
    arrange(state, 0, ["Big B"])
    play(state, "play Big B")
    assert state.content.cards[state.content.by_name["Boss Fight"]].points == 9
