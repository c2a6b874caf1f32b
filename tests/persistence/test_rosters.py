"""Rosters (saved squads): round trip, versioned atomic files, broken files named and left byte-identical."""
import json

import pytest

from game.content import default_squad, load_catalog, squad_slugs
from game.content.squad_code import decode
from game.persistence import rosters
from game.persistence.rosters import (FORMAT, VERSION, RosterError, delete_roster, list_rosters, load_roster,
                                      roster_path, save_roster)
from game.rules.model import SquadSpec, UnitSpec


@pytest.fixture
def cat():
    return load_catalog()


@pytest.mark.parametrize("slug", squad_slugs())
def test_round_trip_every_default_squad(tmp_path, cat, slug):
    spec = default_squad(slug, cat)
    path = save_roster(spec, f"My {slug}", tmp_path)
    assert path.parent == tmp_path and path.suffix == ".json"
    assert load_roster(path, cat) == spec
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION and data["name"] == f"My {slug}"
    assert decode(data["code"], cat) == spec, "the stored code is the same squad"
    (info,) = list_rosters(tmp_path, cat)
    assert (info.name, info.faction, info.units, info.valid, info.path) == (f"My {slug}", slug, len(spec.units),
                                                                           True, path)
    assert info.gp == 100


def test_default_folder_is_read_at_call_time(tmp_path, monkeypatch, cat):
    import game.paths
    monkeypatch.setattr(game.paths, "SAVES_DIR", tmp_path / "saves")
    spec = default_squad("interdictors", cat)
    path = save_roster(spec, "Strike team")
    assert path == tmp_path / "saves" / "rosters" / "Strike-team.json"
    assert [r.name for r in list_rosters()] == ["Strike team"]
    delete_roster(path)
    assert not path.exists() and list_rosters() == []
    delete_roster(path)  # already gone: not an error


def test_names_become_safe_file_names(tmp_path):
    assert roster_path("../../etc/passwd", tmp_path).parent == tmp_path
    assert roster_path("  ", tmp_path).name == "roster.json"
    assert roster_path("Hunters: 2nd wave!", tmp_path).name == "Hunters--2nd-wave.json"


def test_save_replaces_atomically_and_keeps_unicode_names(tmp_path, cat):
    spec = default_squad("krumpfists", cat)
    units = list(spec.units)
    units[0] = UnitSpec(units[0].unit_type, "Gröt the Ünbreakable ✶", units[0].gear)
    spec2 = SquadSpec(spec.squad_type, "Krump’s lot", tuple(units))
    p1 = save_roster(spec, "krump", tmp_path)
    p2 = save_roster(spec2, "krump", tmp_path)
    assert p1 == p2 and load_roster(p2, cat) == spec2
    assert sorted(x.name for x in tmp_path.iterdir()) == ["krump.json"], "no temporary files left behind"


def test_invalid_squads_are_saved_and_listed_as_not_valid(tmp_path, cat):
    spec = SquadSpec("INT", "Half done", (UnitSpec("INT-STRP", "Solo", ("INT-F",)),))
    path = save_roster(spec, "half", tmp_path)
    assert load_roster(path, cat) == spec
    (info,) = list_rosters(tmp_path, cat)
    assert info.valid is False and info.units == 1 and info.gp == 13


def test_mini_squad_budget_is_kept(tmp_path, cat):
    spec = SquadSpec("INT", "Mini", (UnitSpec("INT-STRP", "Lead", ("INT-F", "INT-LDR")),
                                     UnitSpec("INT-STRP", "Two", ("INT-F",))))
    save_roster(spec, "mini", tmp_path, budget=34)
    (info,) = list_rosters(tmp_path, cat)
    assert info.budget == 34 and info.valid, "a 2-unit 26 GP squad is a legal 34 GP mini squad"
    save_roster(spec, "mini", tmp_path)
    assert list_rosters(tmp_path, cat)[0].valid is False, "but not a standard squad"


def _good(tmp_path, cat, name="good"):
    return save_roster(default_squad("silent-choir", cat), name, tmp_path)


def _edit(path, fn):
    data = json.loads(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(json.dumps(data), encoding="utf-8")


BROKEN = {
    "not-json": (lambda p: p.write_text('{"format": "ruinstars-roster", "version": 1, "squad": {', "utf-8"),
                 "not valid JSON"),
    "binary": (lambda p: p.write_bytes(b"\xff\xfe\x00junk"), "not a text file"),
    "other-format": (lambda p: _edit(p, lambda d: d.update(format="ruinstars-save")), "not a Ruinstars roster"),
    "a-list": (lambda p: p.write_text("[1, 2, 3]", "utf-8"), "not a Ruinstars roster"),
    "no-version": (lambda p: _edit(p, lambda d: d.pop("version")), "no version number"),
    "newer": (lambda p: _edit(p, lambda d: d.update(version=7)), "newer version of the game"),
    "no-squad": (lambda p: _edit(p, lambda d: d.pop("squad")), "has no squad"),
    "bad-units": (lambda p: _edit(p, lambda d: d["squad"].update(units="lots")), "units must be a list"),
    "unknown-type": (lambda p: _edit(p, lambda d: d["squad"].update(squad_type="NOPE")),
                     "unknown squad type 'NOPE'"),
    "unknown-unit": (lambda p: _edit(p, lambda d: d["squad"]["units"][1].update(type="SCH-GHOST")),
                     "unit 2 has an unknown unit type 'SCH-GHOST'"),
    "unknown-gear": (lambda p: _edit(p, lambda d: d["squad"]["units"][0]["gear"].append("SCH-LASER")),
                     "unknown gear 'SCH-LASER'"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_rosters_name_file_and_problem_and_stay_byte_identical(tmp_path, cat, case):
    make, problem = BROKEN[case]
    path = _good(tmp_path, cat, case)
    make(path)
    before = path.read_bytes()
    with pytest.raises(RosterError) as e:
        load_roster(path, cat)
    assert str(e.value).startswith(f"{path.name}: "), str(e.value)
    assert problem in str(e.value)
    assert e.value.path == str(path) and problem in e.value.problem
    assert path.read_bytes() == before
    assert list_rosters(tmp_path, cat) == [], "list_rosters skips it"
    assert path.read_bytes() == before


def test_missing_file(tmp_path, cat):
    with pytest.raises(RosterError, match=r"^gone\.json: cannot be read"):
        load_roster(tmp_path / "gone.json", cat)


def test_list_skips_junk_and_sorts_by_name(tmp_path, cat):
    _good(tmp_path, cat, "zeta")
    save_roster(default_squad("drone-pod", cat), "Alpha", tmp_path)
    (tmp_path / "notes.txt").write_text("not a roster")
    (tmp_path / "junk.json").write_text("{{{{")
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "save.json").write_text(json.dumps({"format": "ruinstars-save", "version": 1}))
    (tmp_path / "folder.json").mkdir()
    infos = list_rosters(tmp_path, cat)
    assert [(i.name, i.faction) for i in infos] == [("Alpha", "drone-pod"), ("zeta", "silent-choir")]
    assert list_rosters(tmp_path / "nowhere", cat) == []


def test_write_failure_leaves_old_file(tmp_path, cat, monkeypatch):
    path = _good(tmp_path, cat, "keep")
    before = path.read_bytes()

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(rosters.os, "fsync", boom)  # the os module: write_json_atomic fails mid-write
    with pytest.raises(OSError):
        save_roster(default_squad("despoilers", cat), "keep", tmp_path)
    assert path.read_bytes() == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["keep.json"]
