"""Campaign files (saves/campaigns/*.json): written atomically, read back as the same campaign, the mission in
progress with them; Ironman keeps one file and never reloads a mission; without Ironman each reload is counted in
the chronicle; damaged files are listed with their reason and never changed; names stay in the folder."""
import json

import pytest

from game.campaign import CampaignError
from game.campaign import decisions as D
from game.modes.session import Session, make_controller
from game.persistence.campaigns import (
    CampaignFileError,
    campaign_path,
    export_chronicle,
    list_campaign_files,
    load_campaign,
    save_campaign,
)

from .conftest import campaign, finish, ids, to_homebase


def played_a_little(c, commands=12):
    """The next mission started and its first commands played by the computer."""
    m = c.start_mission()
    s = Session(m, {side: make_controller(m, side, "computer" if side == "player" else "npc") for side in m.sides})
    for _ in range(commands):
        s.step()
    return m


def test_a_campaign_written_and_read_back_is_the_same(tmp_path):
    c = campaign(seed=6)
    a, b = ids(c)[:2]
    finish(c, out=[a, b])
    assert c.units[a].injuries or c.units[b].injuries  # the campaign's own dice
    to_homebase(c)
    c.submit(D.NextStep())
    path = save_campaign(c, tmp_path)
    assert path == tmp_path / "Test.json" and not list(tmp_path.glob(".*.tmp"))
    back = load_campaign(path)
    assert back.state_hash() == c.state_hash() and back.decisions == c.decisions
    assert [e.text for e in back.events] == [e.text for e in c.events]
    data = json.loads(path.read_text())
    assert data["format"] == "ruinstars-campaign" and data["version"] == 1 and data["summary"]["where"] == "1.3"


def test_the_mission_in_progress_belongs_to_the_campaign(tmp_path):
    c = campaign(seed=8)
    m = played_a_little(c)
    try:
        path = save_campaign(c, tmp_path, match=m)
        back = load_campaign(path)
        again = back.resume_mission()
        try:
            assert again.state_hash() == m.state_hash() and len(again.log) == len(m.log) == 12
        finally:
            again.close()
    finally:
        m.close()


def test_ironman_has_one_file_and_never_reloads(tmp_path):
    c = campaign(seed=8, ironman=True)
    m = played_a_little(c, 4)
    try:
        with pytest.raises(CampaignError, match="one file"):
            save_campaign(c, tmp_path, name="Another", match=m)
        save_campaign(c, tmp_path, match=m)
        assert c.reason(D.ReloadMission(0)) == "Ironman: a mission in progress is never reloaded"
    finally:
        m.close()
    assert [p.name for p in tmp_path.iterdir()] == ["Test.json"]


def test_without_ironman_each_reload_is_in_the_chronicle(tmp_path):
    c = campaign(seed=8)
    m = played_a_little(c, 10)
    c.note_progress(m)
    m.close()
    m = c.reload_mission(4)
    assert len(m.log) == 4
    m.close()
    m = c.reload_mission(0)
    assert len(m.log) == 0
    m.close()
    assert c.reloads == {1: 2}
    text = export_chronicle(c, tmp_path).read_text()
    assert "- Operation 1: 2 reloads" in text and "Mission 1.1 reloaded from its start (2 reloads this Operation)" \
        in text
    back = load_campaign(save_campaign(c, tmp_path))
    assert back.reloads == {1: 2}


def test_names_stay_in_the_folder(tmp_path):
    for name in ("../../etc/passwd", "/abs", "a/b\\c", "..", "", "x" * 300):
        p = campaign_path(name, tmp_path)
        assert p.parent == tmp_path and p.suffix == ".json" and len(p.name) < 100


def test_damaged_files_are_listed_with_their_reason_and_never_changed(tmp_path):
    c = campaign(seed=2)
    finish(c)
    good = save_campaign(c, tmp_path)
    data = json.loads(good.read_text())
    bad = {"hash.json": dict(data, state_hash="0" * 16),
           "newer.json": dict(data, version=9),
           "decision.json": dict(data, decisions=[{"type": "FinishMission"}]),
           "illegal.json": dict(data, decisions=[{"type": "NextStep"}], state_hash=data["state_hash"])}
    for name, d in bad.items():
        (tmp_path / name).write_text(json.dumps(d))
    (tmp_path / "text.json").write_text("not json")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    infos = {i.path.name: i for i in list_campaign_files(tmp_path)}
    assert not infos["Test.json"].broken and infos["Test.json"].where == "1.2 briefing"
    problems = {n: i.problem for n, i in infos.items() if i.broken}
    assert "state hash differs" in problems["hash.json"]
    assert "newer version of the game" in problems["newer.json"]
    assert "decision 1: FinishMission: missing field 'commands'" in problems["decision.json"]
    assert "cannot be replayed: there is no Homebase now" in problems["illegal.json"]
    assert "not valid JSON" in problems["text.json"]
    with pytest.raises(CampaignFileError) as e:
        load_campaign(tmp_path / "hash.json")
    assert e.value.path == str(tmp_path / "hash.json")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_damaged_mission_in_progress_is_refused_and_the_campaign_kept(tmp_path):
    c = campaign(seed=8)
    m = played_a_little(c, 6)
    path = save_campaign(c, tmp_path, match=m)
    m.close()
    data = json.loads(path.read_text())
    data["in_progress"][2] = {"type": "Activate", "side": "player", "uid": 999}
    path.write_text(json.dumps(data))
    back = load_campaign(path)  # the campaign itself is intact
    assert back.state_hash() == c.state_hash()
    with pytest.raises(CampaignError, match="cannot be resumed: its command 3 cannot be replayed"):
        back.resume_mission()
