"""Saves are scenario + seed + commands, written atomically; bad files are named and left untouched."""
import json

import pytest

from game.headless import play_headless
from game.match import commands as C
from game.modes import create_match, first_mission_scenario
from game.persistence.saves import SaveError, list_saves, load_match, read_save, save_match


@pytest.fixture
def finished():
    m = play_headless(4, map_name=None)
    yield m
    m.close()


def test_round_trip_rebuilds_the_same_battle(tmp_path, finished):
    path = save_match(finished, "my battle", folder=tmp_path)
    assert path.name == "my-battle.json"
    again = load_match(path)
    assert again.state_hash() == finished.state_hash() and again.result == finished.result
    infos = list_saves(tmp_path)
    assert [i.label for i in infos] == ["my battle"] and infos[0].result == finished.result.outcome
    again.close()


def test_mid_battle_save_resumes(tmp_path):
    m = create_match(first_mission_scenario(map_name=None), 9)
    for uid, x, y, z in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", uid, x, y, z))
    m.submit(C.EndDeployment("player"))
    path = save_match(m, "mid", folder=tmp_path)
    again = load_match(path)
    assert again.waiting_for() == "player" and again.turn == 1 and again.state_hash() == m.state_hash()
    m.close()
    again.close()


@pytest.mark.parametrize("content,problem", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a Ruinstars save"),
    ('{"format": "ruinstars-save", "version": 99, "scenario": {}, "seed": 1, "commands": []}', "newer version"),
    ('{"format": "ruinstars-save", "version": 1, "seed": 1, "commands": []}', "missing 'scenario'"),
])
def test_bad_saves_name_the_file_and_stay_untouched(tmp_path, content, problem):
    p = tmp_path / "bad.json"
    p.write_text(content)
    before = p.read_bytes()
    with pytest.raises(SaveError) as e:
        load_match(p)
    assert problem in str(e.value) and str(p) in str(e.value)
    assert p.read_bytes() == before


def test_a_tampered_command_is_reported(tmp_path, finished):
    path = save_match(finished, "t", folder=tmp_path)
    data = json.loads(path.read_text())
    data["commands"][5] = {"type": "Move", "side": "player", "x": 99, "y": 99}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="command 6"):
        load_match(path)


def test_atomic_write_keeps_the_old_save_when_writing_fails(tmp_path, finished, monkeypatch):
    path = save_match(finished, "keep", folder=tmp_path)
    before = path.read_bytes()
    import game.persistence.saves as saves

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(saves.json, "dump", boom)
    with pytest.raises(OSError):
        save_match(finished, "keep", folder=tmp_path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary file left behind


def test_read_save_never_executes(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"format": "ruinstars-save", "version": 1, "seed": 1,
                             "scenario": first_mission_scenario(map_name=None).to_dict(),
                             "commands": [{"type": "__import__", "side": "os"}]}))
    with pytest.raises(SaveError, match="unknown command type"):
        read_save(p)
