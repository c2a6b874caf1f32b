"""Horde Mode's data files (assets/data/horde/): read and checked on load, every file read, the roster and tables
as the launch Horde book prints them (../shared/reference/ruinstars-play-modes.md section 6.1, the app's seed)."""
import json
import shutil
from pathlib import Path

import pytest

from game.content import ContentError
from game.match.skills.registry import ACTIONS, PASSIVE
from game.modes.horde.bosses import RULES
from game.modes.horde.data import HORDE_DIR, horde_data, load_horde_data
from game.rules.cards import build_card
from game.rules.model import UnitSpec

SHARED = Path("/work/shared")
SEED = SHARED / "reference" / "ruinstars-app" / "seed-data-core.json"
DIGEST = SHARED / "reference" / "ruinstars-play-modes.md"


def test_every_horde_file_is_read():
    assert sorted(p.name for p in HORDE_DIR.glob("*.json")) == ["roster.json", "tables.json", "waves.json"]
    d = horde_data()
    assert len(d.waves) == 12 and len(d.bosses) == 3 and len(d.turn_events) == 11 and len(d.objectives) == 6
    assert len(d.crates) == 6 and [u.id for u in d.upgrades] == ["ammunition", "heal", "grenade", "medpack",
                                                                   "turret", "spoil", "reinforcements"]
    assert [u.cost for u in d.upgrades] == [2, 4, 4, 4, 6, 8, 8]


def test_the_wave_table_and_its_mp():
    d = horde_data()
    assert [w.mp for w in d.waves] == [4, 5, 6, 10, 8, 9, 10, 14, 12, 13, 14, 18]
    assert [w.act for w in d.waves] == [1] * 4 + [2] * 4 + [3] * 4
    assert [w.number for w in d.waves if w.boss] == [4, 8, 12]
    w5 = d.wave(5)
    assert [w5.spawn(f) for f in (1, 3, 5, 6)] == [("HRD-MED01", 3), ("HRD-MED01", 3), ("HRD-MED03", 2),
                                                   ("HRD-HVY01", 1)]
    assert d.wave(12).spawn(6) == ("HRD-HVY03", 3)


@pytest.mark.skipif(not SEED.exists(), reason="the shared reference is not here")
def test_the_roster_matches_the_apps_seed():
    seed = json.loads(SEED.read_text(encoding="utf-8"))
    types = {u["unitTypeId"]: u for u in seed["unitTypes"] if u["squadTypeId"] == "HRD"}
    gears = {g["gearId"]: g for g in seed["gears"]}
    d = horde_data()
    for tid, u in types.items():
        card = build_card(d.catalog, UnitSpec(tid))
        assert (card.act, card.msk, card.rsk, card.arm, card.hit) == (u["ACT"], u["MSK"], u["RSK"], u["ARM"], u["HIT"])
        for gid in u["gearIds"].split(","):
            g = gears.get(gid)
            if g is None or g["gearType"] != "W":
                continue
            w = card.weapon(gid)
            assert w.att == g["ATT"] and w.kind == ("melee" if g["TYP"] == "M" else "ranged")
            assert sorted(str(s) for s in w.specials) == sorted((g["special"] or "").split())


def test_every_horde_skill_is_applied_somewhere():
    d = horde_data()
    for sid, s in d.catalog.skills.items():
        if sid.startswith("HRD-RWD-"):  # a Campaign Reward's gear: the match's skills apply it, in every mode
            assert sid in ACTIONS or sid in PASSIVE, sid
            continue
        if not sid.startswith("HRD-") or sid.startswith(("HRD-INJ-", "HRD-SOW-")):
            continue
        assert s.kind == "behavior" or s.effects or sid in RULES, sid


def test_injuries_and_spoils_change_the_card():
    d = horde_data()
    spec = UnitSpec("FM-LDR", "Leader", ("HRD-INJ-BI", "HRD-INJ-HI", "HRD-INJ-DA", "HRD-INJ-WD"))
    c = build_card(d.catalog, spec)
    assert (c.msk, c.rsk, c.arm, c.hit) == (3, 3, 2, 3)
    assert d.injury_table == (None, "HRD-INJ-BI", "HRD-INJ-HI", "HRD-INJ-IM", "HRD-INJ-DA", "HRD-INJ-WD")
    assert len(d.spoils) == 17
    c = build_card(d.catalog, UnitSpec("FM-LDR", "Leader", ("HRD-SOW-BRU1", "HRD-SOW-MDAM", "HRD-SOW-SWF")))
    melee = next(w for w in c.weapons if w.kind == "melee")
    assert melee.att == 4 and melee.value("BRU") == 1 and c.has_skill("SWF")


@pytest.mark.parametrize("file,edit,message", [
    ("waves.json", lambda d: d["waves"][4]["rows"][0].update(unit="HRD-NOPE"),
     "waves.json: wave 5 row #1: field 'unit': unknown unit type 'HRD-NOPE'"),
    ("waves.json", lambda d: d["waves"][0]["rows"].pop(), "waves.json: wave #1: field 'rows': the rows must cover"),
    ("tables.json", lambda d: d["objectives"][2].pop("goal"), "tables.json: objective #3: field 'goal': is missing"),
    ("tables.json", lambda d: d["upgrades"][1].update(cost="four"),
     "tables.json: upgrade #2: field 'cost': expected an integer"),
    ("tables.json", lambda d: d["turn_events"].pop(), "tables.json: field 'turn_events': expected 11 entries"),
    ("roster.json", lambda d: d["unit_types"][0].update(arm=9), "roster.json: unit HRD-LCH01: field 'arm'"),
    ("tables.json", lambda d: d["rules"].update(encroaching_inches="2\""),
     "tables.json: field 'rules': 'encroaching_inches' must be a distance in inches (0 to 24), got '2\"'"),
    ("tables.json", lambda d: d["rules"].pop("slow_move_inches"), "tables.json: field 'rules': 'slow_move_inches' is "
     "missing"),
])
def test_bad_data_names_the_file_entry_and_field(tmp_path, file, edit, message):
    for p in HORDE_DIR.glob("*.json"):
        shutil.copy(p, tmp_path / p.name)
    data = json.loads((tmp_path / file).read_text())
    edit(data)
    (tmp_path / file).write_text(json.dumps(data))
    before = (tmp_path / file).read_text()
    with pytest.raises(ContentError) as e:
        load_horde_data(tmp_path)
    assert message in str(e.value)
    assert (tmp_path / file).read_text() == before


@pytest.mark.skipif(not (SEED.exists() and DIGEST.exists()), reason="the shared reference is not here")
def test_horde_texts_are_our_own_words():
    from tests.content.test_data_fidelity import RUN, shingles
    seed = json.loads(SEED.read_text(encoding="utf-8"))
    sources = [g["description"] or "" for g in seed["gears"]] + DIGEST.read_text(encoding="utf-8").splitlines()
    published = set().union(*(shingles(src) for src in sources if src))
    d = horde_data()
    ours = [(sid, s.text) for sid, s in d.catalog.skills.items() if sid.startswith("HRD-")]
    ours += [(e.id, e.text) for e in d.turn_events + d.crates] + [(u.id, u.text) for u in d.upgrades]
    ours += [(o.id, f"{o.setup} {o.goal} " + " ".join(t for _, t in o.rewards)) for o in d.objectives]
    copied = {i: " ".join(next(iter(shingles(t) & published))) for i, t in ours if shingles(t) & published}
    assert not copied, f"texts sharing {RUN}+ consecutive words with a published text: {copied}"
