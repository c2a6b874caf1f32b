"""The game-wide Injuries and Spoils of War (assets/data/injuries-spoils.json): the E1 tables as the play-modes
digest prints them (7.1, 7.2), who is immune (R35), every problem of the file named, and what each Injury or
Spoil changes on a card, with its cause."""
import pytest

from content_helpers import edit
from game.content import ContentError, clear_cache, load_catalog
from game.content.injuries_spoils import INJURY, SPOIL, card_changes, injuries_and_spoils, load_injuries_spoils
from game.rules.cards import build_card
from game.rules.model import UnitSpec

CAT = load_catalog()
T = injuries_and_spoils(CAT)


def names(ids):
    return [None if i is None else CAT.skills[i].name for i in ids]


def test_the_injury_table_is_the_launch_table():
    assert names(T.injury_table) == [None, "Broken Arm", "Nerve Damage", "Crushed Leg", "Damaged Armor", "Deep Wound"]
    assert T.injury(1) is None and T.injury(5) == "HRD-INJ-DA"


def test_the_seventeen_spoils_of_war():
    assert len(T.spoils) == 17 and len(set(T.spoils)) == 17
    assert {"Accurate 1", "Ranged Blast", "Counter", "Swift", "Technician", "Tough 1", "Melee ATT +1"} <= \
        set(names(T.spoils))
    assert T.kind_of("HRD-SOW-CTR") == SPOIL and T.kind_of("HRD-INJ-WD") == INJURY and T.kind_of("INT-CK") is None


@pytest.mark.parametrize("unit_type,gear,immune", [
    ("DES-BST", (), True),  # Beast
    ("KF-WD", (), True),  # Weirdo
    ("INT-ATRP", (), False),
])
def test_beasts_weirdos_mindless_and_no_equipment_are_never_injured(unit_type, gear, immune):
    ut = CAT.unit_types[unit_type]
    card = build_card(CAT, UnitSpec(unit_type, "", gear or ut.suggested))
    assert T.immune(card) is immune


def test_mindless_and_no_equipment_units_are_immune_too():
    mindless = next(u for u in CAT.unit_types.values() if "HK-CLD-MND" in u.defaults)
    assert T.immune(build_card(CAT, UnitSpec(mindless.id, "", mindless.suggested)))
    neq = [u for u in CAT.unit_types.values() if any(s.code == "NEQ" for s in u.specials)]
    assert neq and all(T.immune(build_card(CAT, UnitSpec(u.id, "", u.suggested))) for u in neq)


def test_injuries_keep_the_minimums():
    """R35: MSK, RSK, ARM and starting HIT never below 1 (a unit with no ranged skill keeps RSK 0)."""
    card = build_card(CAT, UnitSpec("FM-LDR", "Ana", ("HRD-INJ-BI", "HRD-INJ-HI", "HRD-INJ-DA", "HRD-INJ-WD")))
    plain = build_card(CAT, UnitSpec("FM-LDR", "Ana"))
    assert (card.msk, card.rsk, card.arm, card.hit) == (plain.msk - 1, plain.rsk - 1, plain.arm - 1, plain.hit - 1)
    low = next(u for u in CAT.unit_types.values() if u.arm == 1 or u.hit == 1 or u.msk == 1)
    hurt = build_card(CAT, UnitSpec(low.id, "", (*low.suggested, "HRD-INJ-BI", "HRD-INJ-DA", "HRD-INJ-WD")))
    base = build_card(CAT, UnitSpec(low.id, "", low.suggested))
    for f in ("msk", "arm", "hit"):
        assert getattr(hurt, f) == max(min(getattr(base, f), 1), getattr(base, f) - 1)
    no_gun = build_card(CAT, UnitSpec("FM-BUG", "", ("HRD-INJ-HI",)))
    assert no_gun.rsk == 0


def test_each_change_on_the_card_names_its_cause():
    spec = UnitSpec("FM-LDR", "Ana", ("HRD-INJ-DA", "HRD-SOW-MDAM", "HRD-INJ-IM", "HRD-SOW-CTR"))
    plain = build_card(CAT, UnitSpec("FM-LDR", "Ana"))
    melee = next(w for w in plain.weapons if w.kind == "melee")
    got = {(c.name, c.kind, c.what, c.before, c.after) for c in card_changes(CAT, spec)}
    assert ("Damaged Armor", INJURY, "ARM", str(plain.arm), str(plain.arm - 1)) in got
    assert ("Melee ATT +1", SPOIL, f"{melee.name} ATT", str(melee.att), str(melee.att + 1)) in got
    assert ("Crushed Leg", INJURY, "", "", "") in got  # a rule in play: the match shortens each Move
    assert any(n == "Counter" and w == "unit specials" and "CTR" in a for n, _, w, _, a in got)
    crushed = next(c for c in card_changes(CAT, spec) if c.name == "Crushed Leg")
    assert crushed.describe() == f"Crushed Leg: {CAT.skills['HRD-INJ-IM'].text}"


@pytest.fixture
def data_dir(tmp_path):
    import shutil

    from game.content import DEFAULT_DATA_DIR
    clear_cache()
    dst = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, dst)
    yield dst
    clear_cache()


@pytest.mark.parametrize("change,message", [
    (lambda d: d["injury_table"].pop(), "field 'injury_table': expected six entries"),
    (lambda d: d["injury_table"].__setitem__(2, "HRD-NOPE"), "field 'injury_table': face 3: unknown Injury"),
    (lambda d: d["injury_table"].__setitem__(2, "HRD-INJ-BI"), "field 'injury_table': each Injury once"),
    (lambda d: d["spoils"].append("HRD-NOPE"), "field 'spoils': unknown Spoil of War 'HRD-NOPE'"),
    (lambda d: d["spoils"].append("HRD-INJ-BI"), "field 'spoils': 'HRD-INJ-BI' is an Injury"),
    (lambda d: d["immune"]["specials"].append("ZZZ"), "field 'immune': field 'specials': unknown unit special"),
    (lambda d: d.__setitem__("extra", 1), "unknown field 'extra'"),
])
def test_a_broken_file_is_named_with_the_field(data_dir, change, message):
    edit(data_dir / "injuries-spoils.json", change)
    with pytest.raises(ContentError) as e:
        load_injuries_spoils(load_catalog(data_dir), data_dir)
    assert "injuries-spoils.json" in str(e.value) and message in str(e.value)
