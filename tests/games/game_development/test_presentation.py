"""What a person reads: the catalog of every card and Lead title, the score breakdown line by line
with the tie-break, the action menus, the board and the quick reference."""

from __future__ import annotations

from boardwright.games.game_development.content import (
    ACTION_EFFECTS,
    BUG_EFFECTS,
    DEFAULT_PATH,
    FEATURE_EFFECTS,
    LEAD_EFFECTS,
)

from .scenario import (
    CONTENT,
    GAME,
    arrange,
    at_milestone,
    finish_turn,
    new,
    play,
    put_in_play,
)

#: the effect words of the content file and code marks: never in a text a person reads
INTERNALS = (*LEAD_EFFECTS, *ACTION_EFFECTS, *(e for e in FEATURE_EFFECTS + BUG_EFFECTS if e),
             "_", "{", "[", "None")


def test_the_catalog_describes_every_card_and_lead_title_in_plain_words():
    catalog = GAME.catalog()
    names = {c.name for c in CONTENT.cards} | set(CONTENT.titles)
    assert set(catalog) == names
    for name, entry in catalog.items():
        assert entry["kind"] and entry["text"], name
        assert not any(word in entry["text"] for word in INTERNALS), (name, entry["text"])
    assert catalog["Boss Fight"] == {
        "kind": "feature", "deck": "Production", "cost": "2 Prog and 2 LD", "points": 5,
        "text": "Your Thing: pay 2 Prog and 2 LD to play it; worth 5 points at the end."}
    assert catalog["Build Breaker"]["points"] == -1
    assert catalog["Build Breaker"]["text"].endswith("Its owner may not add any new features.")
    assert catalog["Particle Effects"]["cost"] == "2 Art or Prog"
    assert catalog["E Machete"]["lead_ability"] == (
        "this developer gets twice as many counters at the start of each milestone; "
        "your bugs count double at the end")
    assert catalog["Lead Programmer"]["kind"] == "Lead title"
    assert catalog["Texas T"]["text"].endswith("No Lead ability.")


def test_the_catalog_describes_a_players_own_content_file(tmp_path):
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    text = text.replace('name = "Save System"', 'name = "Photo Mode"')
    text = text.replace('name = "Lead Artist"', 'name = "Art Director"')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    catalog = GAME.catalog({"content": str(path)})
    assert "Save System" not in catalog
    assert catalog["Photo Mode"]["text"] == "Your Thing: pay 2 Prog to play it; worth 2 points at the end."
    assert catalog["Art Director"]["text"].startswith("Attached at the end of Preproduction to one of your Artists")


def test_the_breakdown_shows_e_machetes_doubled_bugs_as_their_own_line():
    state = at_milestone("Alpha", developers={0: ["E Machete"]}, leads=["E Machete"])
    put_in_play(state, 0, features=["Boss Fight", "Secret Level"], bugs=["Memory Leak"])
    assert state.score_breakdown()[0] == {"total": 4, "lines": [
        {"label": "Features: Boss Fight and Secret Level", "points": 8, "group": "Features"},
        {"label": "Bugs: Memory Leak", "points": -2, "group": "Bugs"},
        {"label": "Bugs count double: E Machete is Lead Level Designer", "points": -2, "group": "Bugs count double"},
    ]}
    assert state.scores()[0] == 4


def test_the_breakdown_counts_copies_a_leads_extra_point_and_the_developer_points_option():
    state = at_milestone("Alpha", developers={0: ["Jurassic J", "Awesome A"]}, leads=["Jurassic J"],
                         developer_points=True)
    put_in_play(state, 0, features=["Pause Menu", "Pause Menu"])
    arrange(state, 0, ["Pause Menu"])
    play(state, "use Jurassic J", "play Pause Menu", "pay Jurassic J")
    assert state.score_breakdown()[0] == {"total": 7, "lines": [
        {"label": "Features: Pause Menu 3 times", "points": 3, "group": "Features"},
        {"label": "Extra points a Lead ability put on features", "points": 1},
        {"label": "Developers, 1 point each (2)", "points": 2, "group": "Developers"},
        {"label": "Leads, 1 more point each (1)", "points": 1, "group": "Leads"},
    ]}
    assert state.score_breakdown()[1] == {"total": 0, "lines": [{"label": "Nothing in play", "points": 0}]}


def test_a_five_all_tie_decided_by_fewer_bugs_is_explained():
    state = at_milestone("RTM")
    put_in_play(state, 0, features=["Boss Fight"])
    put_in_play(state, 1, features=["Boss Fight", "Save System"], bugs=["Memory Leak"])
    for _ in range(4):
        finish_turn(state)
    assert state.is_over and state.scores() == [5, 5] and state.winners() == [0]
    sentence = ("Seat 0 and Seat 1 tied on 5 points; a tie goes to fewer bugs: Seat 0 has 0 bugs and "
                "Seat 1 has 1 bug, so Seat 0 wins.")
    assert [entry.get("tiebreak") for entry in state.score_breakdown()] == [sentence, sentence]


def test_a_tie_with_as_many_bugs_is_shared_and_says_so():
    state = at_milestone("RTM")
    put_in_play(state, 0, features=["Boss Fight"])
    put_in_play(state, 1, features=["Secret Level", "Save System"])
    for _ in range(4):
        finish_turn(state)
    assert state.winners() == [0, 1]
    assert state.score_breakdown()[0]["tiebreak"].endswith("so the win is shared.")


def test_targeted_cards_open_a_menu_of_players_then_features():
    state = at_milestone("Alpha", players=3)
    arrange(state, 0, ["Memory Leak", "Source Control Conflict"])
    put_in_play(state, 1, features=["Boss Fight", "Pause Menu"])
    put_in_play(state, 2, features=["Secret Level"])
    menu = {entry["label"]: entry for entry in state.action_groups(0)}
    assert [c["label"] for c in menu["play Memory Leak"]["choices"]] == ["on Seat 0", "on Seat 1", "on Seat 2"]
    conflict = menu["play Source Control Conflict"]["choices"]
    assert conflict[0]["label"] == "on Seat 1"
    assert sorted((c["label"], c["action"]) for c in conflict[0]["choices"]) == [
        ("Boss Fight (5 points)", "play Source Control Conflict on Boss Fight of seat 1"),
        ("Pause Menu (1 point)", "play Source Control Conflict on Pause Menu of seat 1")]
    assert conflict[1] == {"label": "on Seat 2 Secret Level (3 points)",
                           "action": "play Source Control Conflict on Secret Level of seat 2"}


def test_lead_titles_are_offered_with_the_developers_ability():
    state = new()
    arrange(state, 0, ["Wild W", "Texas T", "Happy H"])
    play(state, "play Wild W", "play Texas T", "play Happy H")
    for _ in range(6):
        finish_turn(state)
    assert state.to_act == (0,)
    labels = sorted(entry["label"] for entry in state.action_groups(0))
    assert labels == ["Happy H as Lead Level Designer, no Lead ability",
                      "Texas T as Lead Level Designer, no Lead ability"]
    assert "its Lead ability works" in GAME.describe_action("lead Wild W")
    board = GAME.render(state.view(0))
    assert "Choose your Lead Level Designer:" in board and "Texas T: no Lead ability" in board


def test_the_board_shows_each_hand_card_with_kind_cost_points_and_rule_and_no_internals():
    state = at_milestone("Beta", developers={0: ["Wild W", "Awesome A"], 1: ["E Machete"]},
                         leads=["Wild W", "E Machete"])
    put_in_play(state, 0, features=["Level Editor"])
    put_in_play(state, 1, bugs=["Build Breaker"])
    arrange(state, 0, ["Boss Fight", "Memory Leak", "Crunch Mode", "Art Style Guide", "Memory Leak"])
    board = GAME.render(state.view(0))
    for text in (
        "[seat0]Seat 0[/seat0] (you)",
        "Boss Fight[/bold] (feature, costs 3 Prog and 2 LD, +5 points)",     # Beta +1, Level Editor −1 LD
        "Memory Leak[/bold] ×2 (bug, destroying costs 1 Prog, −2 points)",
        "Crunch Mode[/bold] (Action card) — Remove 2 counters from each of your developers.",
        "Art Style Guide[/bold] (design document) — your Artists get 1 extra counter each milestone",
        "Level Editor +1 (your features cost 1 less LD to play)",
        "Build Breaker −1 (destroy: 1 Prog; its owner may not add any new features)",
        "Lead abilities: Wild W: each counter removed from this developer to pay a feature's cost",
        "E Machete: this developer gets twice as many counters",
        "Beta (milestone 4 of 5), round 1 of 3",
    ):
        assert text in board, text
    for internal in ("None", "{", "_", "feature-yield", "double-bugs", "kind="):
        assert internal not in board, internal
    spectator = GAME.render(state.view(None))
    assert "Your hand" not in spectator and "Boss Fight[/bold]" not in spectator


def test_the_quick_reference_loads():
    text = GAME.rules_text()
    assert text.startswith("# Game Development") and "## Your turn" in text and "fewer bugs" in text
