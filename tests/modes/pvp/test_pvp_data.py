"""The PvP book's data files: all twenty load, their markers stand where the book prints them (play-modes digest
4.2-4.3), and a broken file is named with its problem while the others still load."""
import json
import re
from pathlib import Path

import pytest

from game.modes import missions
from game.modes.pvp.data import PVP_DIR, PvpDataError, load_book, load_mission

_ROOT = Path(__file__).resolve().parents[3]
DIGEST = next((p / "shared" / "reference" / "ruinstars-play-modes.md" for p in (_ROOT.parent, _ROOT.parent.parent)
               if (p / "shared" / "reference" / "ruinstars-play-modes.md").exists()), _ROOT / "missing")

# (mission id, marker coordinates as printed in the digest, 4.2 / 4.3)
PRINTED = {
    "secure-the-zone": [(6, 12), (12, 12), (18, 12)],
    "hold-the-line": [(12, 6), (12, 18)],
    "power-cycle": [(6, 12), (12, 12), (18, 12)],
    "sabotage": [(0, 8), (8, 8), (0, 16), (8, 16), (16, 8), (24, 8), (16, 16), (24, 16)],
    "push-the-line": [(12, 0.5), (12, 12), (12, 23.5)],
    "centerpoint": [(12, 12)],
    "recover-intel": [(6, 12), (12, 12), (18, 12)],
    "ambush": [],
    "relay-run": [(12, 12)],
    "search-and-recover": [(6, 12), (12, 12), (18, 12)],
    "commitment-protocol": [(6, 12), (12, 12), (18, 12)],
    "attrition": [], "last-stand": [], "assassinate": [], "rivals": [], "encroach": [], "evac-point": [],
    "climax-scorched-earth": [],
    "climax-last-signal": [(6, 12), (18, 12)],
    "climax-the-flag": [(12, 12)],
}


def test_the_book_has_seventeen_missions_and_three_climax_missions():
    defs, problems = load_book()
    assert problems == []
    assert [d.id for d in defs] == list(PRINTED)
    assert sum(not d.climax for d in defs) == 17 and sum(d.climax for d in defs) == 3
    assert all(len(d.rewards) == 2 for d in defs if not d.climax)
    assert all(d.turns is None for d in defs if d.id in ("climax-scorched-earth", "climax-last-signal"))
    assert all(d.turns == 4 for d in defs if d.id not in ("climax-scorched-earth", "climax-last-signal"))
    ids = [e.id for e in missions() if e.mode == "pvp"]
    assert ids == [f"pvp-{d.id}" for d in defs]


def test_markers_stand_where_the_book_prints_them():
    for d in load_book()[0]:
        assert sorted((m.x, m.y) for m in d.markers) == sorted(PRINTED[d.id]), d.id


@pytest.mark.skipif(not DIGEST.exists(), reason="the shared rules are not checked out")
def test_titles_and_reward_names_match_the_digest():
    text = DIGEST.read_text(encoding="utf-8")
    for d in load_book()[0]:
        row = next((line for line in text.splitlines() if re.match(rf"\| (\d+|C\d) \| {re.escape(d.title)} \|",
                                                                  line)), None)
        assert row is not None, d.title
        for r in d.rewards:
            assert r.name in row, (d.title, r.name)


def test_roles_and_secrets_where_the_book_has_them():
    defs = {d.id: d for d in load_book()[0]}
    assert {k for k, d in defs.items() if d.roles} == {"sabotage", "ambush", "evac-point"}
    assert defs["ambush"].secret == "carrier" and defs["rivals"].secret == "rival"
    assert defs["ambush"].deployment.order == "defender_first" == defs["evac-point"].deployment.order
    west = defs["ambush"].deployment.zones["defender"][0].rect
    assert (west.x0, west.x1) == (0, 1)
    assert all(z.rect.x0 == 8 for z in defs["ambush"].deployment.zones["attacker"])
    strips = defs["secure-the-zone"].deployment.zones
    assert (strips["north"][0].rect.y0, strips["north"][0].rect.y1) == (0, 1)
    assert (strips["south"][0].rect.y0, strips["south"][0].rect.y1) == (23, 24)


def _write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def _good():
    return json.loads((PVP_DIR / "01-secure-the-zone.json").read_text(encoding="utf-8"))


def test_a_broken_file_is_named_and_the_others_still_load(tmp_path):
    _write(tmp_path, "01-good.json", _good())
    _write(tmp_path, "02-broken.json", "{ not json")
    defs, problems = load_book(tmp_path)
    assert [d.id for d in defs] == ["secure-the-zone"]
    assert len(problems) == 1 and "02-broken.json" in problems[0] and "not valid JSON" in problems[0]


@pytest.mark.parametrize("change, words", [
    (lambda d: d["markers"][1].update(x="west"), "markers[1]: field 'x': expected a number"),
    (lambda d: d["markers"][0].update(y=30), "markers[0]: field 'y': expected a number from 0 to 24"),
    (lambda d: d["scoring"].append({"rule": "bribe"}), "unknown scoring rule 'bribe'"),
    (lambda d: d["scoring"][0].pop("mp"), "scoring[0]: field 'mp' is missing"),
    (lambda d: d.update(rewards=d["rewards"][:1]), "two Campaign Rewards"),
    (lambda d: d["rewards"][0]["use"].update(rule="fly"), "field 'use.rule': expected one of"),
    (lambda d: d["rewards"][0]["use"].update(pick="everyone"), "field 'use.pick': expected one of"),
    (lambda d: d["rewards"][1]["use"].update(applied=False), "a Reward not applied has no gear"),
    (lambda d: d["rewards"][0]["use"].update(keep="standing"), "field 'use.keep': expected"),
    (lambda d: d["rewards"][0]["use"].update(gear="loot"), "field 'use.gear': expected"),
    (lambda d: d["rewards"][0]["use"].update(pick="none", gear={"": ["X"]}), "go to a unit (pick: unit)"),
    (lambda d: d["deployment"]["zones"].pop("south"), "expected zones for north and south"),
    (lambda d: d.update(format=2), "field 'format': expected 1"),
    (lambda d: d["actions"].append({"id": "x", "name": "X", "cost": 1, "effect": "fly", "rules": "r",
                                    "markers": ["objective"]}), "unknown effect 'fly'"),
])
def test_bad_data_is_refused_in_words(tmp_path, change, words):
    d = _good()
    change(d)
    p = _write(tmp_path, "01-secure-the-zone.json", d)
    with pytest.raises(PvpDataError) as e:
        load_mission(p)
    assert "01-secure-the-zone.json" in str(e.value) and words in str(e.value)


NOT_APPLIED: set[str] = set()  # every Campaign Reward acts; a Reward left "applied": false would show here


def test_every_campaign_reward_says_how_a_campaign_applies_it():
    from game.content import load_catalog
    skills = load_catalog().skills
    rewards = [r for d in load_book()[0] for r in d.rewards]
    assert len(rewards) == 34
    assert {r.name for r in rewards if not r.applied} == NOT_APPLIED
    for r in rewards:
        if r.applied:
            assert r.rule or r.gear or r.now, r.name
        if r.gear and r.gear not in ("spoil", "treasure"):
            assert all(g in skills for _, gear in r.gear for g in gear), r.name
