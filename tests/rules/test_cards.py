"""build_card: the rulebook's printed cards, and every kind of effect a skill can have."""
from dataclasses import replace

import pytest

from game.content import first_mission_squad, load_catalog
from game.rules.cards import CardError, build_card, gear_ids, unit_gp
from game.rules.model import (
    Catalog,
    Effect,
    SkillDef,
    Special,
    UnitSpec,
    UnitTypeDef,
    WeaponDef,
    force_value,
)

CAT = load_catalog()
TOLAND = UnitSpec("INT-STRP", "Toland Strak", ("INT-CK", "INT-AR", "INT-LDR", "INT-STRAT"))


def weapon_row(card, weapon_id):
    w = card.weapon(weapon_id)
    return (w.name, w.att, w.skl, tuple(str(s) for s in w.specials))


def test_toland_strak_matches_the_rulebook_card():
    card = build_card(CAT, TOLAND)
    assert card.name == "Toland Strak" and card.type_id == "INT-STRP"
    assert (card.act, card.arm, card.hit) == (3, 4, 5)
    assert [w.id for w in card.weapons] == ["INT-CK", "INT-AR"]
    assert weapon_row(card, "INT-CK") == ("Combat Knife", 2, 4, ("2MC",))
    assert weapon_row(card, "INT-AR") == ("Reaper", 4, 5, ("2RC",))
    assert card.weapon("INT-CK").kind == "melee" and card.weapon("INT-AR").kind == "ranged"
    assert set(card.skills) == {"INT-DBD", "INT-LDR", "INT-STRAT"}
    assert [CAT.skills[s].label for s in card.skills] == ["Duty Before Death", "Leader*", "Strategize*"]
    assert CAT.skills["INT-DBD"].kind == "specialty"
    assert CAT.skills["INT-STRAT"].act_cost == 1
    assert card.gp == 19 == 13 + 6
    assert card.fv == 2
    assert card.is_leader and card.leader_dice == 2
    assert card.base_diameter == 1.0


FM_EXPECTED = {
    # type: (ACT, ARM, HIT, melee ATT/SKL, ranged ATT/SKL, GP, FV)
    "FM-LDR": (3, 3, 4, (3, 4), (3, 4), 20, 2),
    "FM-TRP": (2, 3, 3, (3, 3), (3, 3), 15, 2),
    "FM-FTR": (2, 3, 3, (3, 4), (3, 2), 15, 2),
    "FM-SHT": (2, 3, 3, (3, 2), (3, 4), 15, 2),
}


@pytest.mark.parametrize("unit", first_mission_squad(CAT).units, ids=lambda u: u.unit_type)
def test_first_mission_cards(unit):
    card = build_card(CAT, unit)
    act, arm, hit, mel, rng, gp, fv = FM_EXPECTED[unit.unit_type]
    assert (card.act, card.arm, card.hit) == (act, arm, hit)
    assert [(w.name, w.kind) for w in card.weapons] == [("Melee Weapon", "melee"), ("Ranged Weapon", "ranged")]
    assert (card.weapons[0].att, card.weapons[0].skl) == mel
    assert (card.weapons[1].att, card.weapons[1].skl) == rng
    assert card.weapons[0].specials == card.weapons[1].specials == ()
    assert (card.gp, card.fv) == (gp, fv)
    assert card.is_leader == (unit.unit_type == "FM-LDR")
    assert card.leader_dice == (2 if unit.unit_type == "FM-LDR" else 0)


def test_first_mission_leader_gives_five_to_dice():
    card = build_card(CAT, first_mission_squad(CAT).units[0])
    assert 3 + card.leader_dice == 5


def test_bug_card():
    card = build_card(CAT, UnitSpec("FM-BUG"))
    assert card.name == "Bug"
    assert (card.act, card.arm, card.hit, card.gp, card.fv) == (2, 3, 1, 0, 0)
    assert [(w.name, w.kind, w.att, w.skl) for w in card.weapons] == [("Bite", "melee", 3, 4)]
    assert {CAT.skills[s].name for s in card.skills} == {"Swift", "Behavior"}
    assert card.has_skill("SWF") and card.special("SWF") == Special("SWF")
    assert card.has_skill("FM-BUG-BEH")


def test_force_value_examples():
    assert [force_value(gp) for gp in (0, 4, 5, 14, 15, 19, 20, 25, 100)] == [0, 0, 1, 1, 2, 2, 2, 3, 10]


# ----------------------------------------------------------------------------------------------------
# Effects from the shipped data


def test_grav_belt_removes_heavy():
    plain = build_card(CAT, UnitSpec("INT-STRP", gear=("INT-SR",)))
    belted = build_card(CAT, UnitSpec("INT-STRP", gear=("INT-SR", "INT-GB")))
    assert plain.weapon("INT-SR").has("HVY")
    assert not belted.weapon("INT-SR").has("HVY")
    assert belted.weapon("INT-SR").has("ACC") and belted.weapon("INT-SR").value("RND") == 1
    assert belted.gp == 13 + 6 + 2


def test_brutal_adds_bru1_to_melee_only():
    card = build_card(CAT, UnitSpec("INT-ATRP", gear=("INT-GLD", "INT-SA", "INT-BRU")))
    assert card.weapon("INT-GLD").value("BRU") == 1
    assert not card.weapon("INT-SA").has("BRU")


def test_relic_lash_targets_the_relic_blade_by_id():
    card = build_card(CAT, UnitSpec("SCH-AD", gear=("SCH-MS", "SCH-RL")))
    assert card.weapon("SCH-RB").value("RND") == 1
    assert not card.weapon("SCH-MS").has("RND")


def test_phased_edge_targets_weapons_named_dagger():
    card = build_card(CAT, UnitSpec("EIR-SEC", gear=("REL-BAY", "REL-SEC-RG", "REL-RADBAY")))
    assert card.weapon("REL-BAY").name == "Dagger" and card.weapon("REL-BAY").value("RND") == 1
    assert not card.weapon("REL-SEC-RG").has("RND")


def test_toxin_gland_gives_ranged_weapons_relentless():
    card = build_card(CAT, UnitSpec("HK-KIL", gear=("HK-CLW", "HK-BTW", "HK-TOX")))
    assert card.weapon("HK-BTW").has("RLT") and not card.weapon("HK-CLW").has("RLT")
    assert [str(s) for s in card.weapon("HK-BTW").specials] == ["RND1", "PBK", 'RNG4"', "RLT"]


def test_accelerator_membrane_caps_act_at_three():
    assert build_card(CAT, UnitSpec("OCL-CL", gear=("CWB-ACC",))).act == 3
    assert build_card(CAT, UnitSpec("OCL-WC", gear=("CWB-ACC",))).act == 3


def test_bladesmith_raises_melee_skl_only():
    card = build_card(CAT, UnitSpec("OCL-BRA", gear=("CWB-KNU", "CWB-PIS", "CWB-FRG")))
    assert card.weapon("CWB-KNU").skl == 5 and card.weapon("CWB-PIS").skl == 3
    assert card.msk == 4  # the unit stat itself is unchanged


def test_praxium_leader_and_fixed_loadout():
    card = build_card(CAT, UnitSpec("PRX-RAP", gear=("PRX-LDR",)))
    assert (card.hit, card.msk, card.rsk) == (5, 5, 5)
    assert weapon_row(card, "PRX-RAP-GLD") == ("Gladius", 3, 5, ("2MC",))
    assert weapon_row(card, "PRX-RPR") == ("Reaper", 4, 5, ("2RC", "RLT"))
    assert card.has_skill("SWF") and card.has_skill("CMB")
    assert card.gp == 25 and card.is_leader and card.leader_dice == 2


def test_formation_gives_the_pillar_bru1_and_acc1():
    card = build_card(CAT, UnitSpec("PRX-PIL"))
    assert card.weapon("PRX-CK").value("BRU") == 1
    assert card.weapon("PRX-PIL-HMG").value("ACC") == 1 and card.weapon("PRX-PIL-HMG").has("HVY")


def test_ldr3_leaders():
    for uid in ("SWARM-BM", "EIR-PA"):
        card = build_card(CAT, UnitSpec(uid))
        assert card.is_leader and card.leader_dice == 3


def test_stingcloud_attacks_equal_its_hit():
    card = build_card(CAT, UnitSpec("HK-CLD"))
    w = card.weapon("HK-CLD-STG")
    assert w.has("HIT") and w.att == card.hit == 5 and w.skl == 5


def test_unit_specials_from_skills():
    card = build_card(CAT, UnitSpec("KF-WD"))
    assert card.special("SWF") and card.special("DOD") == Special("DOD", 1)
    tough = build_card(CAT, UnitSpec("KF-GR", gear=("KF-TGH1",)))
    assert tough.special("TGH") == Special("TGH", 1)


def test_no_equipment_is_a_unit_special():
    card = build_card(CAT, UnitSpec("EIR-CATREP"))
    assert card.has_skill("NEQ")


def test_swarmling_and_defaults():
    card = build_card(CAT, UnitSpec("SWARM-SPAWN"))
    assert [w.id for w in card.weapons] == ["DRN-CLW"] and card.weapon("DRN-CLW").value("BRU") == 2
    assert card.gp == 0


def test_gear_listed_twice_counts_once():
    card = build_card(CAT, UnitSpec("INT-STRP", gear=("INT-CK", "INT-CK", "INT-DBD")))
    assert [w.id for w in card.weapons] == ["INT-CK"]
    assert card.skills == ("INT-DBD",)
    assert card.gp == 14
    assert gear_ids(CAT, UnitSpec("INT-STRP", gear=("INT-CK", "INT-CK"))) == ("INT-DBD", "INT-CK")


def test_gp_counts_chosen_gear_only():
    assert unit_gp(CAT, UnitSpec("INT-STRP")) == 13
    assert unit_gp(CAT, UnitSpec("INT-STRP", gear=("INT-HR", "INT-GB", "INT-F"))) == 13 + 5 + 2


def test_unknown_ids_raise():
    with pytest.raises(CardError, match="unknown unit type 'NOPE'"):
        build_card(CAT, UnitSpec("NOPE"))
    with pytest.raises(CardError, match="unknown gear 'NOPE'"):
        build_card(CAT, UnitSpec("INT-STRP", "Bob", ("NOPE",)))


def test_build_card_is_pure():
    before = (dict(CAT.unit_types), dict(CAT.weapons), dict(CAT.skills))
    assert build_card(CAT, TOLAND) == build_card(CAT, TOLAND)
    assert before == (dict(CAT.unit_types), dict(CAT.weapons), dict(CAT.skills))


def test_unnamed_unit_uses_type_name():
    assert build_card(CAT, UnitSpec("DES-BST")).name == "Gorebeast"


# ----------------------------------------------------------------------------------------------------
# Effect mechanics on a small hand-made catalog


def tiny(*skills: SkillDef, weapons=None, specials=()) -> Catalog:
    ws = weapons or [
        WeaponDef("SWORD", "Sword", "melee", 3, (Special("BRU", 1),)),
        WeaponDef("GUN", "Gun", "ranged", 2, (Special("HVY"), Special("RNG", 6))),
    ]
    ut = UnitTypeDef("U", "X", "Unit", act=2, arm=3, hit=3, msk=3, rsk=3, gp=10, specials=specials,
                     options=tuple([w.id for w in ws] + [s.id for s in skills]))
    return Catalog(weapons={w.id: w for w in ws}, skills={s.id: s for s in skills}, unit_types={"U": ut})


def sk(sid, *effects, **kw):
    return SkillDef(sid, sid, "text", effects=effects, **kw)


def test_same_valued_special_adds_up():
    cat = tiny(sk("A", Effect("weapon_kind", "SPECIAL", "BRU1", "melee")))
    card = build_card(cat, UnitSpec("U", gear=("SWORD", "A")))
    assert card.weapon("SWORD").value("BRU") == 2


def test_flag_special_is_not_doubled():
    cat = tiny(sk("A", Effect("weapon_kind", "SPECIAL", "HVY", "ranged")))
    card = build_card(cat, UnitSpec("U", gear=("GUN", "A")))
    assert [s.code for s in card.weapon("GUN").specials].count("HVY") == 1


def test_removing_a_special_that_is_absent_is_harmless():
    cat = tiny(sk("A", Effect("weapon_kind", "SPECIAL", "-HVY", "melee")))
    card = build_card(cat, UnitSpec("U", gear=("SWORD", "GUN", "A")))
    assert card.weapon("GUN").has("HVY") and card.weapon("SWORD").value("BRU") == 1


def test_stat_floor_and_cap():
    cat = tiny(sk("DOWN", Effect("unit", "ARM", "-3", None, 1)), sk("UP", Effect("unit", "HIT", "+3", None, 4)))
    card = build_card(cat, UnitSpec("U", gear=("DOWN", "UP")))
    assert card.arm == 1 and card.hit == 4


def test_stats_never_go_below_zero():
    cat = tiny(sk("A", Effect("unit", "RSK", "-3")), sk("B", Effect("unit", "RSK", "-3")))
    assert build_card(cat, UnitSpec("U", gear=("GUN", "A", "B"))).weapon("GUN").skl == 0


def test_weapon_att_and_skl_changes():
    cat = tiny(sk("A", Effect("weapon_id", "ATT", "+1", "GUN"), Effect("weapon_name", "SKL", "+2", "Sword")))
    card = build_card(cat, UnitSpec("U", gear=("SWORD", "GUN", "A")))
    assert (card.weapon("GUN").att, card.weapon("GUN").skl) == (3, 3)
    assert (card.weapon("SWORD").att, card.weapon("SWORD").skl) == (3, 5)


def test_unit_skl_change_feeds_weapon_skl():
    cat = tiny(sk("A", Effect("unit", "MSK", "+1")))
    card = build_card(cat, UnitSpec("U", gear=("SWORD", "GUN", "A")))
    assert card.weapon("SWORD").skl == 4 and card.weapon("GUN").skl == 3


def test_unit_special_grant_and_removal():
    cat = tiny(sk("A", Effect("unit", "SPECIAL", "DOD1")), sk("B", Effect("unit", "SPECIAL", "DOD1")),
               sk("C", Effect("unit", "SPECIAL", "-SWF")), specials=(Special("SWF"),))
    assert build_card(cat, UnitSpec("U", gear=("A", "B"))).special("DOD") == Special("DOD", 2)
    assert build_card(cat, UnitSpec("U", gear=("C",))).special("SWF") is None
    assert build_card(cat, UnitSpec("U")).special("SWF") == Special("SWF")


def test_largest_leader_bonus_wins():
    cat = tiny(sk("L2", is_leader=True, leader_dice=2), sk("L3", is_leader=True, leader_dice=3))
    card = build_card(cat, UnitSpec("U", gear=("L2", "L3")))
    assert card.is_leader and card.leader_dice == 3


def test_defaults_come_first_and_are_free():
    base = tiny(sk("FREE", Effect("unit", "ACT", "+1")))
    ut = replace(base.unit_types["U"], defaults=("FREE", "SWORD"), options=("GUN",))
    cat = replace(base, unit_types={"U": ut})
    card = build_card(cat, UnitSpec("U", gear=("GUN",)))
    assert [w.id for w in card.weapons] == ["SWORD", "GUN"] and card.act == 3 and card.gp == 10
