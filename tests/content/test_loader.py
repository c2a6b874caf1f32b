"""Loading the shipped data, and every way a broken data file is reported (ContentError)."""
import json
from pathlib import Path

import pytest

from content_helpers import edit, find
from game.content import (
    DEFAULT_DATA_DIR,
    HOOKS,
    ContentError,
    clear_cache,
    default_squad,
    first_mission_squad,
    load_catalog,
    parse_special,
    squad_slugs,
)
from game.rules.model import Effect, Special

SLUGS = ["interdictors", "praxium-corps", "silent-choir", "relict-wardens", "drone-pod", "hunter-killers",
         "claimant-warband", "despoilers", "krumpfists"]


def test_default_catalog_loads_and_is_cached():
    a = load_catalog()
    assert load_catalog() is a
    assert load_catalog(DEFAULT_DATA_DIR) is a
    assert {st.slug for st in a.squad_types.values() if st.playable} == set(SLUGS)
    assert sorted(squad_slugs(a)) == sorted(SLUGS)
    assert "first-mission" in squad_slugs(a, playable_only=False)


MODE_DIRS = ("horde", "pve", "pvp", "campaigns")  # a mode's own data: its own loader reads it (tests/modes/<mode>,
# tests/campaign)


def test_every_data_file_is_read():
    files = sorted(p.relative_to(DEFAULT_DATA_DIR).as_posix() for p in DEFAULT_DATA_DIR.rglob("*.json")
                   if p.relative_to(DEFAULT_DATA_DIR).parts[0] not in MODE_DIRS)
    assert files == sorted(["specials.json", "factions.json", "skills-common.json", "injuries-spoils.json",
                            "first-mission.json", *[f"squads/{s}.json" for s in SLUGS]])
    cat = load_catalog()
    for slug in SLUGS:
        data = json.loads((DEFAULT_DATA_DIR / "squads" / f"{slug}.json").read_text(encoding="utf-8"))
        st = cat.squad_type_by_slug(slug)
        assert st.id == data["squad_type"]["id"]
        assert st.unit_types == tuple(u["id"] for u in data["unit_types"])
        for w in data.get("weapons", []):
            assert w["id"] in cat.weapons
        for s in data.get("skills", []):
            assert s["id"] in cat.skills


def test_counts():
    cat = load_catalog()
    assert len(cat.squad_types) == 10  # nine player squads + First Mission
    assert len(cat.unit_types) == 46
    assert len(cat.factions) == 7
    assert set(cat.special_texts) >= {"2MC", "2RC", "ACC", "AUT", "BLS", "BRU", "CHR", "HIT", "HVY", "LIM", "NCV",
                                      "PBK", "RLT", "RND", "RNG", "SPR", "STN"}
    assert set(cat.unit_special_texts) >= {"SWF", "DOD", "TGH", "NEQ", "LDR", "CMB", "TCH", "CTR"}


def test_every_squad_type_is_consistent():
    cat = load_catalog()
    for st in cat.squad_types.values():
        assert st.faction in cat.factions
        assert st.default_squad is not None and st.default_squad.squad_type == st.id
        for uid in st.unit_types:
            ut = cat.unit_types[uid]
            assert ut.squad_type == st.id
            for g in (*ut.defaults, *ut.options):
                assert g in cat.weapons or g in cat.skills
            assert set(ut.suggested) <= set(ut.options)


def test_every_skill_has_a_known_hook_and_text():
    cat = load_catalog()
    for s in cat.skills.values():
        assert s.hook in HOOKS and all(h in HOOKS for h in s.extra_hooks)
        assert s.text.strip()
        assert "Pace" not in s.text
        if s.act_cost is not None or s.to_cost is not None:
            assert "action" in s.hooks
        if s.hook == "passive-card":
            assert s.effects or s.is_leader
    for code, (name, text) in {**cat.special_texts, **cat.unit_special_texts}.items():
        assert name and text and "Pace" not in text


def test_weapon_specials_parsed():
    cat = load_catalog()
    assert cat.weapons["INT-SA"].specials == (Special("RNG", 6), Special("2RC"))
    assert cat.weapons["DRN-CLW"].specials == (Special("BRU", 2),)
    assert cat.weapons["REL-PA-DSM"].specials == (Special("CHR", 2),)
    assert str(cat.weapons["DRN-AS"].specials[0]) == 'RNG8"'
    assert cat.weapons["INT-CR"].unique and cat.weapons["INT-CR"].label == "Custom Reaper*"


def test_effects_parsed():
    cat = load_catalog()
    assert cat.skills["INT-LDR"].effects == (Effect("unit", "HIT", "+1"), Effect("unit", "MSK", "+1"),
                                              Effect("unit", "RSK", "+1"))
    assert cat.skills["INT-GB"].effects == (Effect("weapon_kind", "SPECIAL", "-HVY", "ranged"),)
    assert cat.skills["SCH-RL"].effects == (Effect("weapon_id", "SPECIAL", "RND1", "SCH-RB"),)
    assert cat.skills["REL-RADBAY"].effects == (Effect("weapon_name", "SPECIAL", "RND1", "Dagger"),)
    assert cat.skills["CWB-ACC"].effects == (Effect("unit", "ACT", "+1", None, 3),)
    assert cat.skills["CWB-FRG"].effects == (Effect("weapon_kind", "SKL", "+1", "melee"),)
    assert cat.skills["DRN-FD"].effects == (Effect("unit", "SPECIAL", "SWF"),)


def test_leader_skills():
    cat = load_catalog()
    assert (cat.skills["LDR2"].is_leader, cat.skills["LDR2"].leader_dice) == (True, 2)
    assert (cat.skills["LDR3"].is_leader, cat.skills["LDR3"].leader_dice) == (True, 3)
    assert cat.skills["INT-LDR"].unique and cat.skills["INT-LDR"].leader_dice == 2
    assert cat.skills["PRX-LDR"].leader_dice == 2 and cat.skills["SCH-SB-LDR"].leader_dice == 2


def test_first_mission_content():
    cat = load_catalog()
    spec = first_mission_squad()
    assert [u.unit_type for u in spec.units] == ["FM-LDR", "FM-TRP", "FM-FTR", "FM-SHT"]
    assert [u.name for u in spec.units] == ["Leader", "Trooper", "Fighter", "Shooter"]
    bug = cat.unit_types["FM-BUG"]
    assert (bug.act, bug.arm, bug.hit, bug.msk, bug.gp, bug.recruitable) == (2, 3, 1, 4, 0, False)
    assert bug.defaults == ("FM-BUG-BITE", "FM-BUG-BEH", "FM-BUG-SWIFT")
    assert cat.weapons["FM-BUG-BITE"].att == 3
    beh = cat.skills["FM-BUG-BEH"]
    assert beh.kind == "behavior" and beh.hook == "behavior" and len(beh.steps) == 4
    sp = cat.items["FM-SPAWN-POINT"]
    assert (sp.name, sp.arm, sp.hit) == ("Spawn Point", 4, 1)


def test_default_squad_lookup():
    assert default_squad("interdictors").units[0].name == "Toland Strak"
    with pytest.raises(KeyError, match="unknown squad type"):
        default_squad("no-such-squad")


def test_parse_special():
    known = {"RNG": True, "2MC": False, "BRU": True, "HIT": False}
    assert parse_special('RNG6"', known) == Special("RNG", 6)
    assert parse_special("RNG12", known) == Special("RNG", 12)
    assert parse_special("2MC", known) == Special("2MC")
    assert parse_special("HIT", known) == Special("HIT")
    assert parse_special("RNG", known) is None  # needs a value
    assert parse_special("HIT2", known) is None  # takes none
    assert parse_special("XYZ", known) is None


# ----------------------------------------------------------------------------------------------------
# Broken files: every error names the file, the entry and the field


def squad_file(d: Path) -> Path:
    return d / "squads" / "interdictors.json"


def expect(data_dir: Path, *parts: str) -> None:
    clear_cache()
    with pytest.raises(ContentError) as ei:
        load_catalog(data_dir)
    msg = str(ei.value)
    for p in parts:
        assert p in msg, msg


def test_copy_loads(data_dir):
    assert len(load_catalog(data_dir).unit_types) == 46


def test_message_format_for_a_bad_stat(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").__setitem__("arm", "x"))
    with pytest.raises(ContentError) as ei:
        load_catalog(data_dir)
    assert str(ei.value) == (f"{squad_file(data_dir).as_posix()}: unit INT-STRP: field 'arm': "
                             "expected an integer 1-6, got 'x'")


def test_shipped_path_is_shown_relative_to_the_repo():
    from game.content.loader import _Loader
    assert _Loader(DEFAULT_DATA_DIR).show(DEFAULT_DATA_DIR / "squads" / "interdictors.json") == \
        "assets/data/squads/interdictors.json"


@pytest.mark.parametrize("field,value,reason", [
    ("arm", 7, "expected an integer 1-6, got 7"),
    ("hit", 0, "expected an integer 1-12, got 0"),
    ("act", True, "expected an integer 1-6, got true"),
    ("gp", -1, "expected an integer 0-100, got -1"),
    ("msk", 2.5, "expected an integer 0-6, got 2.5"),
    ("unique", "yes", "expected true or false"),
    ("base", "big", "expected a number"),
    ("name", "", "expected a non-empty string"),
    ("options", "INT-CK", "expected a list of strings"),
])
def test_bad_unit_fields(data_dir, field, value, reason):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").__setitem__(field, value))
    expect(data_dir, "interdictors.json: unit INT-STRP:", f"field '{field}'", reason)


def test_missing_required_field(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").pop("hit"))
    expect(data_dir, "unit INT-STRP: field 'hit': missing (required)")


def test_unknown_field(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-CK").__setitem__("skl", 4))
    expect(data_dir, "weapon INT-CK: unknown field 'skl'")


def test_missing_file(data_dir):
    (data_dir / "specials.json").unlink()
    expect(data_dir, "specials.json: file is missing")


def test_missing_data_dir(tmp_path):
    expect(tmp_path / "nowhere", "data directory is missing")


def test_invalid_json(data_dir):
    squad_file(data_dir).write_text('{"format": 1,,}', encoding="utf-8")
    expect(data_dir, "interdictors.json: not valid JSON", "line 1")


def test_not_utf8(data_dir):
    squad_file(data_dir).write_bytes(b'{"format": 1, "x": "\xff"}')
    expect(data_dir, "interdictors.json: not valid UTF-8")


def test_wrong_format_version(data_dir):
    edit(data_dir / "factions.json", lambda d: d.__setitem__("format", 2))
    expect(data_dir, "factions.json: field 'format': expected 1, got 2")


def test_top_level_not_an_object(data_dir):
    squad_file(data_dir).write_text("[1, 2]", encoding="utf-8")
    expect(data_dir, "interdictors.json: expected a JSON object at the top")


def test_unknown_weapon_special(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-CK").__setitem__("specials", ["2MC", "ZAP3"]))
    expect(data_dir, "weapon INT-CK: field 'specials': item 2: unknown weapon special 'ZAP3'")


def test_special_needing_a_value(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-SA").__setitem__("specials", ["RNG"]))
    expect(data_dir, "weapon INT-SA: field 'specials'", "unknown weapon special 'RNG'")


def test_melee_weapon_with_range(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-CK").__setitem__("specials", ["RNG6"]))
    expect(data_dir, "weapon INT-CK: field 'specials': a melee weapon cannot carry ranged-only specials")


def test_bad_weapon_kind(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-CK").__setitem__("kind", "thrown"))
    expect(data_dir, "weapon INT-CK: field 'kind': expected one of melee, ranged, got 'thrown'")


def test_unknown_unit_special(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").__setitem__("specials", ["BLS"]))
    expect(data_dir, "unit INT-STRP: field 'specials': item 1: unknown unit special 'BLS'")


def test_unknown_gear_in_options(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP")["options"].append("INT-NOPE"))
    expect(data_dir, "unit INT-STRP: field 'options': gear 'INT-NOPE' does not exist")


def test_gear_listed_twice(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP")["options"].append("INT-CK"))
    expect(data_dir, "unit INT-STRP: field 'options'", "'INT-CK' is listed twice")


def test_gear_both_default_and_option(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP")["defaults"].append("INT-CK"))
    expect(data_dir, "unit INT-STRP: field 'options': INT-CK is also in 'defaults'")


def test_default_gear_must_be_free(data_dir):
    def change(d):
        u = find(d["unit_types"], "INT-STRP")
        u["options"].remove("INT-AR")
        u["defaults"].append("INT-AR")
        for unit in d["default_squad"]["units"]:
            if "INT-AR" in unit["gear"]:
                unit["gear"].remove("INT-AR")
    edit(squad_file(data_dir), change)
    expect(data_dir, "unit INT-STRP: field 'defaults': INT-AR costs 5 GP")


def test_suggested_must_be_an_option(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").__setitem__("suggested", ["INT-DBD"]))
    expect(data_dir, "unit INT-STRP: field 'suggested': INT-DBD is not one of the unit's options")


def test_unknown_unit_type_in_default_squad(data_dir):
    edit(squad_file(data_dir), lambda d: d["default_squad"]["units"][0].__setitem__("type", "INT-XXX"))
    expect(data_dir, "default squad unit 1 (Toland Strak): field 'type': unit type 'INT-XXX' is not one of")


def test_default_squad_gear_not_an_option(data_dir):
    edit(squad_file(data_dir), lambda d: d["default_squad"]["units"][0]["gear"].append("INT-GLD"))
    expect(data_dir, "default squad unit 1 (Toland Strak): field 'gear': 'INT-GLD' is not an option of INT-STRP")


def test_default_squad_without_units(data_dir):
    edit(squad_file(data_dir), lambda d: d["default_squad"].__setitem__("units", []))
    expect(data_dir, "default squad: field 'units': a default squad needs units")


@pytest.mark.parametrize("effect,reason", [
    ("unit.HIT+x", "cannot read effect"),
    ("unit.HP+1", "HP cannot be changed on 'unit'"),
    ("unit.ATT+1", "ATT cannot be changed on 'unit'"),
    ("melee.HIT+1", "HIT cannot be changed on 'melee'"),
    ("unit.HIT+5", "a stat change must be +1..+3"),
    ("melee.SPECIAL+ZZZ", "unknown weapon special 'ZZZ'"),
    ("unit.SPECIAL+BLS", "unknown unit special 'BLS'"),
    ("unit.ACT+1 min 3", "a raise takes 'max'"),
    ("weapon:INT-NOPE.SPECIAL+RLT", "weapon 'INT-NOPE' does not exist"),
    ("named:Banana.SPECIAL+RLT", "no weapon is named 'Banana'"),
])
def test_bad_effects(data_dir, effect, reason):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-BRU").__setitem__("effects", [effect]))
    expect(data_dir, "skill INT-BRU: field 'effects': item 1:", reason)


def test_unknown_hook(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-JP").__setitem__("hook", "whenever"))
    expect(data_dir, "skill INT-JP: field 'hook': expected one of passive-card")


def test_unknown_extra_hook(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-JP").__setitem__("also", ["sometimes"]))
    expect(data_dir, "skill INT-JP: field 'also': unknown hook 'sometimes'")


def test_action_needs_a_cost(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-FG").pop("act"))
    expect(data_dir, "skill INT-FG: field 'hook': an 'action' skill needs an ACT or TO cost")


def test_cost_needs_action_hook(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-JP").__setitem__("act", 1))
    expect(data_dir, "skill INT-JP: field 'hook': a skill with an ACT or TO cost must use the 'action' hook")


def test_passive_card_needs_effects(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-JP").__setitem__("hook", "passive-card"))
    expect(data_dir, "skill INT-JP: field 'hook': 'passive-card' is for skills whose whole effect is on the card")


def test_leader_dice_without_leader(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-LDR").pop("leader"))
    expect(data_dir, "skill INT-LDR: field 'leader_dice': only a Leader skill")


def test_behavior_needs_steps(data_dir):
    edit(data_dir / "first-mission.json", lambda d: find(d["skills"], "FM-BUG-BEH").pop("steps"))
    expect(data_dir, "first-mission.json: skill FM-BUG-BEH: field 'steps': a behavior needs at least one step")


def test_bad_skill_kind(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["skills"], "INT-JP").__setitem__("kind", "spell"))
    expect(data_dir, "skill INT-JP: field 'kind': expected one of skill, specialty, behavior")


def test_duplicate_id_across_files(data_dir):
    def change(d):
        d["weapons"].append({"id": "INT-CK", "name": "Knife", "kind": "melee", "att": 2})
    edit(data_dir / "squads" / "krumpfists.json", change)
    expect(data_dir, "krumpfists.json: weapon INT-CK: field 'id': INT-CK is already defined in",
           "interdictors.json")


def test_duplicate_skill_id_in_common(data_dir):
    edit(squad_file(data_dir), lambda d: d["skills"].append(
        {"id": "LDR2", "name": "Leader", "leader": True, "leader_dice": 2, "hook": "passive-card", "text": "x"}))
    expect(data_dir, "interdictors.json: skill LDR2: field 'id': LDR2 is already defined in", "skills-common.json")


def test_slug_must_match_file_name(data_dir):
    edit(squad_file(data_dir), lambda d: d["squad_type"].__setitem__("slug", "interdictor"))
    expect(data_dir, "squad type INT: field 'slug': must match the file name 'interdictors'")


def test_unknown_faction(data_dir):
    edit(squad_file(data_dir), lambda d: d["squad_type"].__setitem__("faction", "ELVES"))
    expect(data_dir, "squad type INT: field 'faction': faction 'ELVES' does not exist")


def test_duplicate_special(data_dir):
    edit(data_dir / "specials.json", lambda d: d["specials"].append(dict(d["specials"][1])))
    expect(data_dir, "specials.json: special 2MC: field 'code': weapon special '2MC' is defined twice")


def test_bad_special_scope(data_dir):
    edit(data_dir / "specials.json", lambda d: d["specials"][1].__setitem__("scope", "both"))
    expect(data_dir, "specials.json: special 2MC: field 'scope': expected one of weapon, unit")


def test_entry_without_id_is_named_by_position(data_dir):
    edit(squad_file(data_dir), lambda d: d["weapons"][2].pop("id"))
    expect(data_dir, "weapon #3: field 'id': missing (required)")


def test_entry_not_an_object(data_dir):
    edit(squad_file(data_dir), lambda d: d["weapons"].append("INT-XX"))
    expect(data_dir, "interdictors.json: weapon #14: expected an object, got 'INT-XX'")


def test_squad_type_without_units(data_dir):
    def change(d):
        d["unit_types"] = []
        d.pop("default_squad")
    edit(squad_file(data_dir), change)
    expect(data_dir, "interdictors.json: file: field 'unit_types': a squad type needs at least one unit type")


def test_missing_squads_dir(data_dir):
    import shutil
    shutil.rmtree(data_dir / "squads")
    expect(data_dir, "squads directory is missing")


def test_item_fields(data_dir):
    edit(data_dir / "first-mission.json", lambda d: d["items"][0].__setitem__("hit", 0))
    expect(data_dir, "first-mission.json: item FM-SPAWN-POINT: field 'hit': expected an integer 1-20, got 0")


def test_hit_special_weapon_may_have_null_att():
    cat = load_catalog()
    w = cat.weapons["HK-CLD-STG"]
    assert w.att == 0 and any(s.code == "HIT" for s in w.specials)


def test_null_att_needs_hit_special(data_dir):
    edit(squad_file(data_dir), lambda d: find(d["weapons"], "INT-CK").__setitem__("att", None))
    expect(data_dir, "weapon INT-CK: field 'att': expected an integer 0-10, got null")


def test_cache_is_per_directory(data_dir):
    clear_cache()
    a = load_catalog(data_dir)
    edit(squad_file(data_dir), lambda d: find(d["unit_types"], "INT-STRP").__setitem__("arm", 5))
    assert load_catalog(data_dir) is a  # cached
    clear_cache()
    assert load_catalog(data_dir).unit_types["INT-STRP"].arm == 5
    assert load_catalog().unit_types["INT-STRP"].arm == 4
