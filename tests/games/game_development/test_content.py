"""The content file: every card of the deck as data, checked at load; your own card list."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.games.game_development.content import DEFAULT_PATH, KINDS, load, parse_cost

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


@pytest.mark.parametrize(("name", "cost"), [
    ("Save System", ["Prog: 2"]), ("Pause Menu", ["Prog: 1"]), ("Boss Fight", ["Prog: 2", "LD: 2"]),
    ("Secret Level", ["LD: 3"]), ("Particle Effects", ["Art/Prog: 2"]), ("Character Portraits", ["Art: 2"]),
    ("Crash Reporter", ["Prog: 2"]), ("Level Editor", ["LD: 1"]), ("Opening Cutscene", ["LD: 2", "Art: 1"]),
    ("Stuck in a Wall", ["LD: 1"]), ("Missing Texture", ["Art: 1"]), ("Memory Leak", ["Prog: 1"]),
    ("Build Breaker", ["Prog: 1"]),
])
def test_feature_and_bug_costs_are_the_files(name, cost):
    card = CONTENT.cards[CONTENT.by_name[name]]
    assert card.cost == parse_cost("file", name, cost)


def test_developers_are_of_the_kinds_the_file_gives():
    kinds = {c.name: KINDS[c.kind] for c in CONTENT.cards if c.type == "developer"}
    by_kind = {k: sorted(n for n, kind in kinds.items() if kind == k) for k in KINDS}
    assert by_kind == {
        "Programmer": sorted(["Beastmode B", "Magical M", "Jurassic J", "Bioshock B", "Wishing W",
                              "Wild W", "Mickey M"]),
        "Level Designer": sorted(["E Machete", "Legendary L", "Beautiful B", "N the Great", "Z the Spy",
                                  "Notorious N", "Texas T", "Happy H", "Crazy C"]),
        "Artist": sorted(["Awesome A", "Killer K", "Bombshell B", "Wonderful W", "Mighty M"]),
        "Producer": sorted(["Totally T", "Austin D", "Big B"]),
    }


def test_lead_titles_and_documents_match_their_kinds():
    documents = {c.name: KINDS[c.kind] for c in CONTENT.cards if c.type == "document"}
    assert (dict(zip(KINDS, CONTENT.titles, strict=True)), documents) == (
        {"Programmer": "Lead Programmer", "Artist": "Lead Artist", "Level Designer": "Lead Level Designer",
         "Producer": "Game Designer"},
        {"Technical Design Document": "Programmer", "Art Style Guide": "Artist",
         "Level Design Document": "Level Designer", "Game Design Document": "Producer"})
