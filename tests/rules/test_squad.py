"""Squad building rules (Core Rules section 5): one test per rule, plus every default squad."""
import pytest

from game.content import default_squad, first_mission_squad, load_catalog, squad_slugs
from game.rules.squad import (
    mini_squad_budget,
    squad_gp,
    squad_leader_candidates,
    validate_mini_squads,
    validate_squad,
)
from game.rules.model import SquadSpec, UnitSpec

CAT = load_catalog()


def trooper(name="T", *gear):
    return UnitSpec("INT-STRP", name, tuple(gear))


def leader(name="Boss", *gear):
    return UnitSpec("INT-STRP", name, ("INT-LDR", *gear))


def int_squad(*units):
    return SquadSpec("INT", "Test", tuple(units))


LEGAL = int_squad(leader(), trooper("A"), trooper("B"), trooper("C"))


@pytest.mark.parametrize("slug", squad_slugs(CAT))
def test_every_default_squad_is_legal(slug):
    spec = default_squad(slug, CAT)
    assert validate_squad(CAT, spec) == []
    assert squad_gp(CAT, spec) == 100


def test_first_mission_squad_is_legal():
    spec = first_mission_squad(CAT)
    assert validate_squad(CAT, spec) == []
    assert squad_gp(CAT, spec) == 65


def test_a_plain_legal_squad():
    assert validate_squad(CAT, LEGAL) == []


def test_over_budget():
    kit = ("INT-SR", "INT-CK", "INT-JP")  # 6 + 1 + 2 GP
    spec = int_squad(leader("L", *kit), trooper("A", *kit), trooper("B", *kit), trooper("C", *kit),
                     trooper("D", "INT-RL"))
    assert squad_gp(CAT, spec) == 5 * 13 + 4 * 9 + 3
    assert validate_squad(CAT, spec) == ["Squad costs 104 GP; the limit is 100 GP."]
    assert validate_squad(CAT, spec, budget=104) == []


def test_too_few_units():
    spec = int_squad(leader(), trooper("A"), trooper("B"))
    assert validate_squad(CAT, spec) == ["The squad has 3 Units; a squad needs 4-10 Units."]


def test_too_many_units():
    spec = SquadSpec("KF", "Mob", (UnitSpec("KF-BOSS"),) + tuple(UnitSpec("KF-GR", f"G{i}") for i in range(10)))
    reasons = validate_squad(CAT, spec, budget=1000)
    assert reasons == ["The squad has 11 Units; a squad needs 4-10 Units."]


def test_praxium_corps_fields_at_most_four():
    base = default_squad("praxium-corps", CAT)
    five = SquadSpec("PRX", "Five", base.units + (UnitSpec("PRX-PIL"),))
    assert validate_squad(CAT, five, budget=200) == ["The squad has 5 Units; a Praxium Corps squad needs exactly 4 Units."]


def test_no_leader():
    spec = int_squad(trooper("A"), trooper("B"), trooper("C"), trooper("D"))
    assert validate_squad(CAT, spec) == ["The squad has no Leader; it needs exactly one."]


def test_two_leaders_via_a_default_leader_skill():
    # Desecrator has no Leader skill; two Ravagers would be two Leaders but Ravager is also Unique.
    spec = SquadSpec("DES", "D", (UnitSpec("DES-RAV", "R1"), UnitSpec("DES-RAV", "R2"), UnitSpec("DES-BST", "B1"),
                                  UnitSpec("DES-BST", "B2")))
    reasons = validate_squad(CAT, spec)
    assert "The squad has 2 Leaders (R1 (Ravager), R2 (Ravager)); only one is allowed." in reasons
    assert "Ravager is Unique: the squad has 2 of them; only one is allowed." in reasons


def test_unique_gear_once_per_squad():
    spec = int_squad(leader(), trooper("A", "INT-HR"), trooper("B", "INT-HR"), trooper("C"))
    assert validate_squad(CAT, spec) == ["Destroyer HMG is Unique: 2 units carry it; only one may."]


def test_unique_free_skill_once_per_squad():
    spec = int_squad(leader(), trooper("A", "STD-TECH"), trooper("B", "STD-TECH"), trooper("C"))
    assert validate_squad(CAT, spec) == ["Technician is Unique: 2 units carry it; only one may."]


def test_leader_skill_is_unique_too():
    spec = int_squad(leader("L1"), leader("L2"), trooper("A"), trooper("B"))
    reasons = validate_squad(CAT, spec)
    assert "The squad has 2 Leaders (L1 (Strike Trooper), L2 (Strike Trooper)); only one is allowed." in reasons
    assert "Leader is Unique: 2 units carry it; only one may." in reasons


def test_non_unique_gear_may_repeat():
    spec = int_squad(leader("L", "INT-GB"), trooper("A", "INT-GB"), trooper("B", "INT-GB"), trooper("C"))
    assert validate_squad(CAT, spec) == []


def test_gear_must_be_an_option_of_the_unit():
    spec = int_squad(leader("L", "INT-GLD"), trooper("A"), trooper("B"), trooper("C"))
    assert validate_squad(CAT, spec) == ["L (Strike Trooper) cannot take Gladius."]


def test_gear_of_another_squad():
    spec = int_squad(leader("L", "KF-DRL"), trooper("A"), trooper("B"), trooper("C"))
    assert validate_squad(CAT, spec) == ["L (Strike Trooper) cannot take Drilla."]


def test_listing_a_default_is_harmless():
    spec = int_squad(leader("L", "INT-DBD"), trooper("A"), trooper("B"), trooper("C"))
    assert validate_squad(CAT, spec) == []


def test_same_gear_twice_on_one_unit():
    spec = int_squad(leader("L", "INT-GB", "INT-GB"), trooper("A"), trooper("B"), trooper("C"))
    assert validate_squad(CAT, spec) == ["L (Strike Trooper) has Grav Belt more than once."]


def test_no_equipment_unit_cannot_take_gp_gear():
    base = default_squad("relict-wardens", CAT)
    scribe = next(u for u in base.units if u.unit_type == "EIR-CATREP")
    armed = UnitSpec("EIR-CATREP", scribe.name, scribe.gear + ("REL-PB",))
    spec = SquadSpec("REL", "R", tuple(armed if u is scribe else u for u in base.units))
    reasons = validate_squad(CAT, spec, budget=200)
    assert f"{scribe.name} (Aether Scribe) has No Equipment and cannot take Phase Blade (3 GP)." in reasons


def test_no_equipment_rule_even_if_listed_as_option():
    from dataclasses import replace
    ut = CAT.unit_types["EIR-CATREP"]
    cat = replace(CAT, unit_types={**CAT.unit_types, "EIR-CATREP": replace(ut, options=ut.options + ("REL-DW",))})
    spec = SquadSpec("REL", "R", (UnitSpec("EIR-PA"), UnitSpec("EIR-CATREP", "S", ("REL-DW",)),
                                  UnitSpec("EIR-SS", "a"), UnitSpec("EIR-SS", "b")))
    assert validate_squad(cat, spec) == ["S (Aether Scribe) has No Equipment and cannot take Defensive Weave (1 GP)."]


def test_unknown_unit_type_and_gear():
    spec = int_squad(leader(), UnitSpec("INT-XXX", "X"), trooper("A", "INT-ZZZ"), trooper("B"))
    reasons = validate_squad(CAT, spec)
    assert "Unit #2 has an unknown unit type 'INT-XXX'." in reasons
    assert "A (Strike Trooper) carries unknown gear 'INT-ZZZ'." in reasons


def test_unknown_squad_type():
    spec = SquadSpec("NOPE", "x", LEGAL.units)
    reasons = validate_squad(CAT, spec)
    assert reasons[0] == "Unknown squad type 'NOPE'."


def test_unit_from_another_squad_list():
    spec = int_squad(leader(), trooper("A"), trooper("B"), UnitSpec("KF-GR", "Gob"))
    assert validate_squad(CAT, spec) == ["Gob (Grunt) is not part of the Interdictors squad list."]


def test_spawn_only_units_cannot_be_recruited():
    base = default_squad("drone-pod", CAT)
    spec = SquadSpec("DRN", "D", base.units[:7] + (UnitSpec("SWARM-SPAWN", "Sw"),))
    assert validate_squad(CAT, spec) == ["Sw (Swarmling) cannot be put in a squad; it only appears during missions."]


def test_reasons_name_unnamed_units_by_position():
    spec = SquadSpec("HK", "H", (UnitSpec("HK-HNT"), UnitSpec("HK-KIL"), UnitSpec("HK-KIL"),
                                 UnitSpec("HK-KIL", gear=("DES-CLV",))))
    assert validate_squad(CAT, spec) == ["Killer #4 cannot take Cleaver."]


# ----------------------------------------------------------------------------------------------------
# Co-op mini squads


def test_mini_squad_budgets():
    assert [mini_squad_budget(p) for p in (2, 3, 4)] == [50, 34, 25]
    with pytest.raises(ValueError):
        mini_squad_budget(1)
    with pytest.raises(ValueError):
        mini_squad_budget(5)


def test_two_mini_squads_of_different_factions():
    a = SquadSpec("INT", "Alpha", (leader("L"), trooper("A"), trooper("B")))  # 39 GP
    b = SquadSpec("KF", "Bravo", (UnitSpec("KF-GR", "g1"), UnitSpec("KF-GR", "g2"), UnitSpec("KF-WD", "w")))  # 24 GP
    assert validate_mini_squads(CAT, [a, b]) == []
    assert squad_leader_candidates(CAT, [a, b]) == [(0, 0)]


def test_each_mini_squad_may_have_a_leader():
    a = SquadSpec("INT", "Alpha", (leader("L"), trooper("A")))
    b = SquadSpec("KF", "Bravo", (UnitSpec("KF-BOSS", "Boss"), UnitSpec("KF-GR", "g1")))
    assert validate_mini_squads(CAT, [a, b]) == []
    assert squad_leader_candidates(CAT, [a, b]) == [(0, 0), (1, 0)]


def test_mini_squad_over_its_budget():
    a = SquadSpec("INT", "Alpha", (leader("L"), trooper("A")))  # 26 GP
    b = SquadSpec("KF", "Bravo", (UnitSpec("KF-GR", "g1"),))
    c = SquadSpec("KF", "Charlie", (UnitSpec("KF-GR", "g2"),))
    d = SquadSpec("KF", "Delta", (UnitSpec("KF-GR", "g3"),))
    assert validate_mini_squads(CAT, [a, b, c, d]) == ["Mini squad 1 (Alpha): Squad costs 26 GP; the limit is 25 GP."]
    assert validate_mini_squads(CAT, [a, b, c]) == []  # 34 GP each with three players


def test_mini_squad_with_two_leaders():
    a = SquadSpec("KF", "Alpha", (UnitSpec("KF-BOSS", "Boss"),))
    b = SquadSpec("INT", "Bravo", (leader("L1"), leader("L2")))
    reasons = validate_mini_squads(CAT, [a, b])
    assert ("Mini squad 2 (Bravo): The squad has 2 Leaders (L1 (Strike Trooper), L2 (Strike Trooper)); "
            "only one is allowed.") in reasons


def test_mini_squads_need_one_leader_somewhere():
    a = SquadSpec("INT", "Alpha", (trooper("A"),))
    b = SquadSpec("KF", "Bravo", (UnitSpec("KF-GR", "g1"),))
    assert validate_mini_squads(CAT, [a, b]) == [
        "None of the mini squads has a Leader; at least one is needed to be the Squad Leader."]


def test_empty_mini_squad():
    a = SquadSpec("INT", "Alpha", (leader("L"),))
    b = SquadSpec("KF", "Bravo", ())
    assert validate_mini_squads(CAT, [a, b]) == ["Mini squad 2 (Bravo): The squad has 0 Units; a squad needs 1-10 Units."]


def test_mini_squads_keep_unique_rules_per_mini_squad():
    a = SquadSpec("INT", "Alpha", (leader("L", "STD-TECH"), trooper("A", "STD-TECH")))
    b = SquadSpec("INT", "Bravo", (trooper("B", "STD-TECH"),))
    assert validate_mini_squads(CAT, [a, b]) == ["Mini squad 1 (Alpha): Technician is Unique: 2 units carry it; "
                                                 "only one may."]


def test_wrong_number_of_mini_squads():
    assert validate_mini_squads(CAT, [LEGAL]) == ["Mini squads are for 2-4 players; got 1."]
    assert validate_mini_squads(CAT, [LEGAL] * 5) == ["Mini squads are for 2-4 players; got 5."]
