"""The shipped data against the published sources (read-only, in /work/shared; skipped when absent).

Facts (stats, ATT, GP, specials, costs, names) must match exactly. Rule texts must be our own words: no long
run of words copied from the app's descriptions or the Core Rules.
"""
import json
import re
from pathlib import Path

import pytest

from game.content import load_catalog
from game.content.injuries_spoils import injuries_and_spoils

SHARED = Path("/work/shared")
SEED_PATH = SHARED / "reference" / "ruinstars-app" / "seed-data-core.json"
RULES_PATH = SHARED / "rules" / "ruinstars-core-rules-2e.txt"
pytestmark = pytest.mark.skipif(not SEED_PATH.exists(), reason="reference data not available")

CAT = load_catalog()
# Our unit ids that differ from the app's (the app reuses FM-MEL/FM-RNG for both a unit and a weapon).
UNIT_ID_MAP = {"FM-FTR": "FM-MEL", "FM-SHT": "FM-RNG"}
# Documented repairs of the seed (docs/content-format.md, "Data problems in the seed").
REPAIRED_OPTIONS = {("DES-BLD", "DES-EXE"), ("EIR-PA", "REL-PA-DSR"), ("FM-LDR", "LDR2")}


@pytest.fixture(scope="module")
def seed():
    return json.loads(SEED_PATH.read_text(encoding="utf-8"))


def strip_star(name: str) -> tuple[str, bool]:
    name = re.sub(r"\s+", " ", name).strip()
    return (name[:-1].strip(), True) if name.endswith("*") else (name, False)


def test_unit_stats_match_the_seed(seed):
    units = {u["unitTypeId"]: u for u in seed["unitTypes"]}
    for ut in CAT.unit_types.values():
        src = units[UNIT_ID_MAP.get(ut.id, ut.id)]
        name, unique = strip_star(src["unitTypeName"])
        assert (ut.name, ut.unique) == (name, unique), ut.id
        assert (ut.act, ut.arm, ut.hit, ut.msk, ut.rsk, ut.gp) == \
            (src["ACT"], src["ARM"], src["HIT"], src["MSK"], src["RSK"], src["GP"]), ut.id
        seed_gear = set(src["gearIds"].split(","))
        for g in (*ut.defaults, *ut.options):
            assert g in seed_gear or (ut.id, g) in REPAIRED_OPTIONS, (ut.id, g)


def test_weapons_match_the_seed(seed):
    gears = {g["gearId"]: g for g in seed["gears"]}
    for w in CAT.weapons.values():
        src = gears[w.id]
        name, unique = strip_star(src["gearName"])
        assert (w.name, w.unique, w.gp) == (name, unique, src["GP"]), w.id
        assert w.kind == {"M": "melee", "R": "ranged"}[src["TYP"]], w.id
        assert w.att == (src["ATT"] or 0), w.id
        assert [str(s) for s in w.specials] == (src["special"] or "").split(), w.id


# The Injuries and Spoils of War kept the ids Horde Mode gave them first (saves name them): the seed's, prefixed.
SHARED = injuries_and_spoils(CAT)
MARKS = {s for s in (*SHARED.injuries, *SHARED.spoils) if s.startswith("HRD-")}
# The gear a Campaign Reward lends for one mission (Demo Expert, Resourceful Salvage, Extraction Gear) has no seed entry
REWARD_GEAR = {"HRD-RWD-DEMO", "HRD-RWD-MED", "HRD-RWD-GRP"}


def test_skills_match_the_seed(seed):
    gears = {g["gearId"]: g for g in seed["gears"]}
    for s in CAT.skills.values():
        if s.id in MARKS or s.id in REWARD_GEAR:
            continue
        src = gears[s.id]
        name, unique = strip_star(src["gearName"])
        assert (s.name, s.unique, s.gp) == (name, unique, src["GP"]), s.id
        assert (s.act_cost, s.to_cost) == (src["ACT"], src["TO"]), s.id
        assert (s.kind == "specialty") == (src["gearCategoryId"] == "SSP"), s.id


def test_injuries_and_spoils_match_the_seed(seed):
    gears = {g["gearId"]: g for g in seed["gears"]}
    for sid in MARKS:
        src = gears[sid.removeprefix("HRD-")]
        name = re.sub(r"^\d - ", "", src["gearName"]).replace("+ 1", "+1")
        assert CAT.skills[sid].name == name, sid
        assert src["gearCategoryId"] == ("INJ" if sid in SHARED.injuries else "SOW"), sid
    faces = {int(g["gearName"][0]): g["gearId"] for g in gears.values()
             if g["gearCategoryId"] == "INJ" and g["gearName"][0].isdigit()}
    assert [None if faces[f] == "INJ-NT" else "HRD-" + faces[f] for f in range(1, 7)] == list(SHARED.injury_table)
    assert {s.removeprefix("HRD-") for s in SHARED.spoils} == \
        {g["gearId"] for g in gears.values() if g["gearCategoryId"] == "SOW"} - {"SOW-TCH"} | {"STD-TECH"}


def test_first_mission_bug_follows_the_core_rules():
    # Core Rules: Bug ACT 2 ARM 3 HIT 1, Bite ATT 3 SKL 4; Spawn Point ARM 4 HIT 1.
    bug = CAT.unit_types["FM-BUG"]
    assert (bug.act, bug.arm, bug.hit, bug.msk) == (2, 3, 1, 4)
    assert CAT.weapons["FM-BUG-BITE"].att == 3
    assert (CAT.items["FM-SPAWN-POINT"].arm, CAT.items["FM-SPAWN-POINT"].hit) == (4, 1)


def test_specials_match_the_seed(seed):
    for sp in seed["specials"]:
        code = sp["code"].rstrip("_")
        texts = CAT.special_texts if sp["scope"] == "W" else CAT.unit_special_texts
        assert code in texts, code
        assert texts[code][0] == sp["specialName"].replace("_", "x").strip(), code


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


RUN = 9  # words in a row that may not be shared with a published text


def shingles(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = _words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def our_texts():
    for s in CAT.skills.values():
        yield s.id, s.text
    for code, (_, text) in CAT.special_texts.items():
        yield "W-" + code, text
    for code, (_, text) in CAT.unit_special_texts.items():
        yield "U-" + code, text
    for st in CAT.squad_types.values():
        yield st.id, st.text + " " + st.tagline
    for it in CAT.items.values():
        yield it.id, it.text
    for f in CAT.factions.values():
        yield f.id, f.tagline


def test_texts_are_our_own_words(seed):
    sources = [g["description"] or "" for g in seed["gears"]] + [s["description"] for s in seed["specials"]]
    sources += [s["description"] or "" for s in seed["squadTypes"]] + [f["tagline"] for f in seed["factions"]]
    if RULES_PATH.exists():
        sources += re.split(r"\n+", RULES_PATH.read_text(encoding="utf-8"))
    published = set().union(*(shingles(src) for src in sources if src))
    copied = {ident: " ".join(next(iter(shingles(text) & published)))
              for ident, text in our_texts() if shingles(text) & published}
    assert not copied, f"texts sharing {RUN}+ consecutive words with a published text: {copied}"
