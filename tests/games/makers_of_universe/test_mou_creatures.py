"""The creature cards: what each does attacking, and defending (content; docs "Effect vocabulary")."""

from __future__ import annotations

from mou_helpers import card, hand, legal, machine, names, new_game, owns, play, turn

from boardwright.games.makers_of_universe import rules as R


def sending(attacker: str, **kw):
    """Seat 0 (round 2) holds ``attacker``; seat 1's door 1 is active and untrapped."""
    s = turn(new_game(**kw))
    hand(s, 0, attacker)
    return s


def test_cerberus_attacking_takes_2_ue_from_the_bank():
    s = sending("Cerberus")
    bank = s.bank
    play(s, "send Cerberus", "attack seat 1 door 1")
    assert (s.ue[0], s.bank) == (7, bank - 2)


def test_cerberus_defending_protects_its_worlds_ue_from_attacks():
    s = sending("Void Leech")
    s.defenders[1] = [card(s, "Cerberus")]
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert s.ue[1] == 5


def test_void_leech_takes_2_ue_from_the_attacked_player():
    s = sending("Void Leech")
    s.ue[1] = 1
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.ue[0], s.ue[1]) == (6, 0)


def test_pickpocket_imp_takes_a_card_at_random_from_the_attacked_hand():
    s = sending("Pickpocket Imp")
    hand(s, 1, "Oceans")
    play(s, "send Pickpocket Imp", "attack seat 1 door 1")
    assert (names(s, s.hands[0]), s.hands[1]) == (["Oceans"], [])


def test_sphinx_makes_the_attacked_player_discard_2_cards_at_random():
    s = sending("Sphinx")
    hand(s, 1, "Oceans", "Meteor", "Pit Trap")
    play(s, "send Sphinx", "attack seat 1 door 1")
    assert len(s.hands[1]) == 1


def test_sphinx_defending_protects_the_hand():
    s = sending("Pickpocket Imp")
    hand(s, 1, "Oceans")
    s.defenders[1] = [card(s, "Sphinx")]
    play(s, "send Pickpocket Imp", "attack seat 1 door 1")
    assert names(s, s.hands[1]) == ["Oceans"]


def test_titan_golem_destroys_a_machine_chosen_by_the_attacker():
    s = sending("Titan Golem")
    owns(s, 1, "Star Forge", "Tide Engine")
    play(s, "send Titan Golem", "attack seat 1 door 1", "destroy Star Forge")
    assert s.machines[1] == [machine(s, "Tide Engine")]


def test_titan_golem_defending_protects_the_machines():
    s = sending("Titan Golem")
    owns(s, 1, "Star Forge")
    s.defenders[1] = [card(s, "Titan Golem")]
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert s.machines[1] == [machine(s, "Star Forge")]


def test_blight_moth_destroys_an_evolution():
    s = sending("Blight Moth")
    s.evolutions[1] = [card(s, "Oceans")]
    play(s, "send Blight Moth", "attack seat 1 door 1", "destroy Oceans")
    assert s.evolutions[1] == []


def test_hunter_wasp_kills_a_defence_creature():
    s = sending("Hunter Wasp")
    s.defenders[1] = [card(s, "Cerberus"), card(s, "Titan Golem")]
    play(s, "send Hunter Wasp", "attack seat 1 door 1", "kill Cerberus")
    assert names(s, s.defenders[1]) == ["Titan Golem"]


def test_stone_sentinel_stops_the_next_creature_that_gets_in_and_both_are_discarded():
    s = sending("Void Leech")
    s.defenders[1] = [card(s, "Stone Sentinel")]
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.ue[1], s.defenders[1], names(s, s.discards)) == (5, [], ["Stone Sentinel", "Void Leech"])


def test_gremlin_discards_every_card_under_the_attacked_worlds_doors():
    s = sending("Gremlin")
    s.under[1] = [-1, card(s, "Pit Trap"), card(s, "Oceans")]
    play(s, "send Gremlin", "attack seat 1 door 1")
    assert s.under[1] == [-1, -1, -1]


def test_scientist_android_places_an_evolution_through_the_attacked_worlds_machine():
    s = sending("Scientist Android")
    hand(s, 0, "Scientist Android", "Oceans")
    owns(s, 1, "Tide Engine")
    play(s, "send Scientist Android", "attack seat 1 door 1", "evolve Oceans")
    assert names(s, s.evolutions[0]) == ["Oceans"]


def test_scientist_android_without_a_fitting_evolution_does_nothing():
    s = sending("Scientist Android")
    owns(s, 1, "Tide Engine")
    play(s, "send Scientist Android", "attack seat 1 door 1")
    assert (s.phase, s.evolutions[0]) == (R.P_MAIN, [])


def test_a_creature_effect_choice_lists_only_what_the_world_holds():
    s = sending("Titan Golem")
    owns(s, 1, "Palace", "Gene Loom")
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert legal(s, 0) == ["destroy Gene Loom"]
