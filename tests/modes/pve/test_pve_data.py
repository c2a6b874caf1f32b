"""The PvE data files (assets/data/pve): they load, they hold what the books print, and a broken file is named
with its entry and field."""
import json
import re
import shutil
from pathlib import Path

import pytest

from game.modes.pve.data import PveDataError, load_pve_data

from .conftest import CAT, DATA

REAL = Path(__file__).resolve().parents[3] / "assets" / "data" / "pve"
SEED = Path("/work/shared/reference/ruinstars-app/seed-data-core.json")


def test_the_tables_have_six_rows_each_in_roll_order():
    for table in (DATA.objectives, DATA.battlefields, DATA.deployments, DATA.turn_events):
        assert [r.roll for r in table] == [1, 2, 3, 4, 5, 6]
    assert [o.name for o in DATA.objectives] == ["Control", "Activate", "Destroy", "Protect", "Search", "No Survivors"]
    assert DATA.objective("destroy").item == (3, 2) and DATA.objective("protect").item == (3, 3)
    assert DATA.objective("activate").action.act == 2 and DATA.objective("search").action.act == 2
    assert not DATA.objective("search").action.tactical_orders and DATA.objective("search").find_on == (1, 2, 6)
    assert [e.name for e in DATA.turn_events] == ["Opportunity", "Field Dressing", "Strategic Command",
                                                  "Scrambled Comms", "Overrun", "Enemy Reinforcements"]
    d = DATA.deployment("hot-drop")
    assert d.player.anchors == ("N", "S", "E", "W") and d.npc.anchors == ("NW", "NE", "SW", "SE")


def test_each_battlefield_has_its_map():
    from game.paths import MAPS_DIR
    assert [b.map for b in DATA.battlefields] == ["pve-ruined-city.tmx", "pve-facility.tmx", "pve-jungle.tmx",
                                                  "pve-alien-hive.tmx", "pve-cursed-temple.tmx", "pve-blacksite.tmx"]
    assert all((MAPS_DIR / b.map).is_file() for b in DATA.battlefields)


def test_ten_factions_one_per_player_squad_type_and_the_classic_roster():
    assert len(DATA.factions) == 10 and [f.roll for f in DATA.factions] == list(range(1, 11))
    playable = {st.id for st in CAT.squad_types.values() if st.playable}
    assert {f.squad_type for f in DATA.factions if f.squad_type} == playable
    assert DATA.factions[-1].id == "classic" and DATA.factions[-1].squad_type is None


def test_spawn_tables_cover_every_face_at_every_threat_level():
    for f in DATA.factions:
        for tl in (1, 2, 3):
            faces = sorted(face for r in f.spawn[tl] for face in range(r.low, r.high + 1))
            assert faces == [1, 2, 3, 4, 5, 6], (f.id, tl)


def test_every_spawn_table_keeps_the_style_of_the_rules_examples():
    """N74: every faction's table is authored in the manner of the digest's two examples: the 6 a row of its own
    bringing a unit other than the 1's, at least as hard to bring down as any unit of the common rows, and the units a
    die brings on average never fewer at a higher Threat Level."""
    for f in DATA.factions:
        per_die = []
        for tl in (1, 2, 3):
            rows = f.spawn[tl]
            six, one = rows[-1], rows[0]
            assert six.faces == "6" and six.unit != one.unit, (f.id, tl)
            common = [f.unit(r.unit).card.hit for r in rows[:-1]]
            assert f.unit(six.unit).card.hit >= max(common), (f.id, tl)
            per_die.append(sum(r.count * (r.high - r.low + 1) for r in rows) / 6)
        assert per_die == sorted(per_die), (f.id, per_die)


def test_npc_cards_drop_leader_brutal_relentless_melee_and_cost_nothing():
    dropped = {"LDR2", "LDR3", "INT-LDR", "PRX-LDR", "SCH-SB-LDR", "INT-BRU", "KF-RLT"}
    for f in DATA.factions:
        for u in f.units:
            assert u.card.gp == 0 and not u.card.is_leader and u.card.leader_dice == 0
            assert not dropped & set(u.card.skills), (f.id, u.id)
    ravager = DATA.faction("despoilers").unit("ravager").card
    assert (ravager.act, ravager.arm, ravager.hit) == (3, 4, 5) and "DES-PAIN" in ravager.skills


def test_each_behaviour_fits_the_weapons():
    for f in DATA.factions:
        for u in f.units:
            kinds = {w.kind for w in u.card.weapons}
            want = {"melee": {"melee"}, "ranged": {"ranged"}, "mixed": {"melee", "ranged"}}[u.behaviour]
            assert want <= kinds, (f.id, u.id)
    assert DATA.faction("drone-pod").unit("swarmling").behaviour == "melee"


@pytest.mark.skipif(not SEED.is_file(), reason="the companion app's data is not at hand")
def test_the_classic_roster_matches_the_app_data():
    seed = json.loads(SEED.read_text(encoding="utf-8"))
    types = {u["unitTypeId"]: u for u in seed["unitTypes"] if u["squadTypeId"] == "NPC"}
    gears = {g["gearId"]: g for g in seed["gears"]}
    for u in DATA.faction("classic").units:
        t = types[u.card.type_id]
        assert (u.card.act, u.card.msk, u.card.rsk, u.card.arm, u.card.hit) == \
            (t["ACT"], t["MSK"], t["RSK"], t["ARM"], t["HIT"]), u.id
        for w in u.card.weapons:
            g = gears[w.id]
            assert w.att == g["ATT"] and {str(s) for s in w.specials} == set(g["special"].split()), w.id


def broken(tmp_path, edit, file="tables.json"):
    base = tmp_path / "pve"
    shutil.copytree(REAL, base)
    path = base / file
    raw = json.loads(path.read_text())
    edit(raw)
    path.write_text(json.dumps(raw))
    return base


@pytest.mark.parametrize("file,edit,message", [
    ("tables.json", lambda d: d["objectives"][2].pop("item"), "objectives 'destroy': field 'item': missing"),
    ("tables.json", lambda d: d["battlefields"][0].update(roll=9), "battlefields[0] 'ruined-city': field 'roll'"),
    ("tables.json", lambda d: d["deployments"][1]["npc"].update(anchors=["XX"]), "deployments[1] 'hot-drop': npc"),
    ("tables.json", lambda d: d["behaviours"][0]["lines"][0].update(id="dance"), "behaviours[0] 'melee': lines[0]"),
    ("factions/despoilers.json", lambda d: d["units"][0].update(gear=["INT-AR"]),
     "despoilers.json: units[0] 'desecrator-m': field 'gear': 'INT-AR' is not gear"),
    ("factions/despoilers.json", lambda d: d["units"][0].update(behaviour="ranged"),
     "units[0] 'desecrator-m': field 'behaviour': a ranged Behaviour needs ranged weapons"),
    ("factions/despoilers.json", lambda d: d["units"][2].update(gear=["LDR2"]), "NPC cards leave out Leader"),
    ("factions/despoilers.json", lambda d: d["spawn"]["2"].pop(), "Threat Level 2: the rows must cover"),
    ("factions/despoilers.json", lambda d: d.update(colour="red"), "unknown field 'colour'"),
])
def test_a_broken_file_is_named_with_its_entry_and_field(tmp_path, file, edit, message):
    base = broken(tmp_path, edit, file)
    with pytest.raises(PveDataError, match=re.escape(message)) as e:
        load_pve_data(CAT, base)
    assert file.split("/")[-1] in str(e.value)


def test_a_file_that_is_not_json_is_named(tmp_path):
    base = tmp_path / "pve"
    shutil.copytree(REAL, base)
    (base / "factions" / "krumpfists.json").write_text("{ not json")
    with pytest.raises(PveDataError, match="krumpfists.json: not valid JSON"):
        load_pve_data(CAT, base)
