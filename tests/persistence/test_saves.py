"""Saves are scenario + seed + commands, written atomically; bad files are named and left untouched."""
import json
import re
from pathlib import Path

import pytest

from game.headless import play_headless
from game.match import commands as C
from game.match.match import Match
from game.modes import create_match, first_mission_scenario
from game.persistence.save_format import SaveError
from game.persistence.save_listing import list_saves
from game.persistence.save_loading import load_match
from game.persistence.save_reading import read_save
from game.persistence.save_writing import laid_out, save_match


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
    ('{"format": "ruinstars-save", "version": 2, "seed": 1, "commands": []}', "missing 'scenario'"),
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
    data["log"]["commands"][5] = {"type": "Move", "side": "player", "x": 99, "y": 99}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="command 6"):
        load_match(path)


def test_atomic_write_keeps_the_old_save_when_writing_fails(tmp_path, finished, monkeypatch):
    path = save_match(finished, "keep", folder=tmp_path)
    before = path.read_bytes()
    import game.persistence.jsonfile as jsonfile

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(jsonfile.os, "fsync", boom)  # the temporary file is written, then the disk fails
    with pytest.raises(OSError):
        save_match(finished, "keep", folder=tmp_path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary file left behind


def test_read_save_never_executes(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"format": "ruinstars-save", "version": 2, "seed": 1,
                             "scenario": first_mission_scenario(map_name=None).to_dict(),
                             "commands": [{"type": "__import__", "side": "os"}]}))
    with pytest.raises(SaveError, match="unknown command type"):
        read_save(p)


# -- a save is never trusted (the cases found by hand; the fuzz tests in test_fuzz.py try many more) ----------
def _variant(tmp_path, raw: bytes, name="bad", change=None, text_change=None) -> Path:
    if change is not None:
        data = json.loads(raw)
        change(data)
        raw = json.dumps(data).encode()
    if text_change is not None:
        raw = text_change(raw)
    p = tmp_path / f"{name}.json"
    p.write_bytes(raw)
    return p


def _first(data, kind):
    """The first command of this kind in the save's older log (the real save keeps all but its last there)."""
    return next(i for i, c in enumerate(data["log"]["commands"]) if c["type"] == kind)


def _problem(path, loader=None) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        (loader or load_match)(path)
    assert e.value.path == str(path) and str(path) in str(e.value)
    assert path.read_bytes() == before, "the file is left exactly as it was"
    return e.value.problem


def _set_cmd(kind, **fields):
    def change(d):
        d["log"]["commands"][_first(d, kind)].update(fields)
    return change


@pytest.mark.parametrize("change,problem", [
    (_set_cmd("Move", z="0"), "(Move): field 'z' must be a number, got \"0\""),
    (_set_cmd("Deploy", x="12"), "command 1 (Deploy): field 'x' must be a number, got \"12\""),
    (_set_cmd("RerollDie", index="0"), "(RerollDie): field 'index' must be a whole number, got \"0\""),
    (_set_cmd("RangedAttack", target={}), "(RangedAttack): field 'target' must be a whole number, got {}"),
    (_set_cmd("Activate", uid=True), "(Activate): field 'uid' must be a whole number, got true"),
    (lambda d: d["head"]["scenario"]["sides"][1].update(side="player"), "scenario: side \"player\" is listed twice"),
    (lambda d: d["head"]["scenario"]["sides"][0].update(side=""), "scenario: side 1 has an empty name"),
    (lambda d: d["head"]["scenario"]["sides"][0].update(side=None), "scenario: side 1: 'side' must be text"),
    (lambda d: d["head"]["scenario"].update(sides=[]), "'sides' must be a list of 1 to 8 sides"),
    (lambda d: d["head"]["scenario"]["sides"][0].update(npc="no"), "'npc' must be true or false, got \"no\""),
    (lambda d: d["head"]["scenario"]["sides"][0]["squad"]["units"][0].update(gear="INT-F"), "'gear' must be a list of ids"),
    (lambda d: d["head"]["scenario"].update(mission=["first-mission"]), "'mission' must be text"),
    (lambda d: d["head"]["scenario"].update(measure=1), "'measure' must be text"),
    (lambda d: d["head"]["scenario"].update(map="/dev/zero"), "'map' must be the file name of a map in maps/"),
    (lambda d: d["head"]["scenario"].update(map="../../x.tmx"), "'map' must be the file name of a map in maps/"),
    (lambda d: d["head"]["scenario"].update(map="..\\..\\x.tmx"), "'map' must be the file name of a map in maps/"),
    (lambda d: d["head"]["scenario"].update(map="first-mission-survive.tmx/"), "'map' must be the file name"),
    (lambda d: d["head"]["scenario"].update(map="architecture.md"), "'map' must be the file name"),
    (lambda d: d["head"]["scenario"].update(map="no-such-map.tmx"), "the map 'no-such-map.tmx', which is not in maps/"),
    (lambda d: d["head"].update(seed="3"), "'seed' must be a whole number, got \"3\""),
    (lambda d: d["head"].update(seed=2 ** 70), "'seed' must be a whole number"),
    (lambda d: d["head"].update(turn="2"), "'turn' must be a whole number, got \"2\""),
    (lambda d: d["head"].update(turn=10 ** 9), "'turn' must be between 0 and 1000"),
    (lambda d: d["head"].update(label={"a": 1}), "'label' must be text"),
    (lambda d: d["head"].update(commands={}), "'commands' must be a whole number"),
    (lambda d: d["head"]["recent"].update(commands={}), "'recent' must hold the lists"),
    (lambda d: d["head"].update(commands=50), "its log does not add up"),
    (lambda d: d["log"]["rolls"].__setitem__(1, "x"), "must list the dice each command rolled"),
    (lambda d: d["head"].pop("seed"), "is missing 'seed'"),
    (lambda d: d["log"]["commands"].__setitem__(3, 7), "command 4: a command must be an object with a 'type'"),
    (lambda d: d["log"]["commands"].pop(), "its saved log is longer or shorter than the save says"),
])
def test_wrong_types_in_a_save_are_named(tmp_path, real_save_bytes, change, problem):
    p = _variant(tmp_path, real_save_bytes, change=change)
    assert problem in _problem(p, read_save)
    assert problem in _problem(p)
    (info,) = list_saves(tmp_path)
    assert info.broken and problem in info.problem


@pytest.mark.parametrize("pattern,new,problem", [
    (rb'"turn": ?\d+', b'"turn": Infinity', "not finite (Infinity)"),
    (rb'"x": ?[\d.]+', b'"x": NaN', "not finite (NaN)"),
    (rb'"y": ?[\d.]+', b'"y": -Infinity', "not finite (-Infinity)"),
    (rb'"seed": ?\d+', b'"seed": ' + b"9" * 4000, "whole number too large to use (4000 digits)"),
    (rb'"x": ?[\d.]+', b'"x": 1e400', "too large to use (1e400)"),
])
def test_numbers_a_save_cannot_hold(tmp_path, real_save_bytes, pattern, new, problem):
    raw, n = re.subn(pattern, new, real_save_bytes, count=1)
    assert n == 1
    p = _variant(tmp_path, raw)
    assert problem in _problem(p)


def test_deep_nesting_is_a_clear_error_everywhere(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text('{"format": "ruinstars-save", "version": 2, "scenario": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert "nested more than" in _problem(p)
    (info,) = list_saves(tmp_path)
    assert "nested more than" in info.problem


def test_an_oversized_save_is_refused(tmp_path, real_save_bytes):
    from game.persistence.save_format import MAX_SAVE_BYTES
    p = _variant(tmp_path, real_save_bytes + b" " * MAX_SAVE_BYTES)
    assert "too large to be a save" in _problem(p)


def test_renamed_sides_are_refused_by_the_mission(tmp_path, real_save_bytes):
    """The npc side renamed: the mission refuses sides it is not played with, in words, before any replay;
    no match is left behind."""
    import esper
    worlds = set(esper.list_worlds())
    p = _variant(tmp_path, real_save_bytes, change=lambda d: d["head"]["scenario"]["sides"][1].update(side="bugs"))
    problem = _problem(p)
    assert "played by the sides player, npc, not player, bugs" in problem
    assert "Error" not in problem, "words for a player, not Python's"
    assert set(esper.list_worlds()) == worlds, "no match was left open"


def test_any_exception_while_replaying_becomes_a_save_error(tmp_path, real_save_bytes, monkeypatch):
    from game.match.match import Match
    real_submit = Match.submit
    calls = []

    def flaky(self, cmd):
        calls.append(cmd)
        if len(calls) == 5:
            raise ZeroDivisionError("deep inside the rules")
        return real_submit(self, cmd)
    monkeypatch.setattr(Match, "submit", flaky)
    p = _variant(tmp_path, real_save_bytes, change=lambda d: d["head"].pop("snapshot"))  # the replay path
    assert _problem(p).startswith("command 5 (")


def test_a_map_that_does_not_load_is_a_save_error(tmp_path, real_save_bytes, monkeypatch):
    import game.paths
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "first-mission-survive.tmx").write_text("<map>not really</map>")
    monkeypatch.setattr(game.paths, "MAPS_DIR", maps)
    import game.modes
    monkeypatch.setattr(game.modes, "MAPS_DIR", maps)
    p = _variant(tmp_path, real_save_bytes)
    assert "its map cannot be used" in _problem(p)


def test_unknown_units_in_a_saved_squad_are_named(tmp_path, real_save_bytes):
    def change(d):
        d["head"]["scenario"]["sides"][0]["squad"]["units"][1]["unit_type"] = "INT-GHOST"
    p = _variant(tmp_path, real_save_bytes, change=change)
    assert "side \"player\", unit 2: unknown unit type \"INT-GHOST\"" in _problem(p)


def test_the_real_save_loads(tmp_path, real_save_bytes):
    p = _variant(tmp_path, real_save_bytes, name="real")
    m = load_match(p)
    assert m.state_hash() == json.loads(real_save_bytes)["head"]["state_hash"] and len(m.log) == 40
    m.close()


def test_list_saves_lists_broken_files_with_reasons_and_never_hides_good_ones(tmp_path, real_save_bytes):
    good = _variant(tmp_path, real_save_bytes, name="good")
    _variant(tmp_path, b"{not json", name="junk")
    _variant(tmp_path, b"", name="empty")
    _variant(tmp_path, real_save_bytes, name="future", change=lambda d: d.update(version=9))
    (tmp_path / "settings.json").write_text('{"ui_scale": 1.0}')  # the game's own settings: not a save
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "notes.txt").write_text("hello")
    infos = list_saves(tmp_path)
    assert [i.path.name for i in infos] == ["good.json", "empty.json", "future.json", "junk.json"]
    assert not infos[0].broken and infos[0].turn == json.loads(real_save_bytes)["head"]["turn"]
    assert [i.problem for i in infos[1:]] == [
        "is empty", "was made by a newer version of the game (save version 9; this game reads up to 4)",
        "is damaged: not valid JSON (line 1, column 2)"]
    assert good.read_bytes() == real_save_bytes


def test_text_from_a_save_is_made_safe_to_show(tmp_path, real_save_bytes):
    _variant(tmp_path, real_save_bytes, change=lambda d: d["head"].update(label="a\tb\nc" + "x" * 150))
    (info,) = list_saves(tmp_path)
    assert not info.broken
    assert info.label.startswith("a b c") and len(info.label) <= 80
    p = _variant(tmp_path, real_save_bytes, name="surrogate", change=lambda d: d["head"].update(label="a\udc00b"))
    assert "text that is not valid Unicode" in _problem(p)


def test_a_save_from_before_the_mission_layer_is_refused_in_words(tmp_path):
    p = tmp_path / "old.json"
    p.write_text(json.dumps({"format": "ruinstars-save", "version": 1, "seed": 1,
                             "scenario": first_mission_scenario(map_name=None).to_dict(), "commands": []}))
    with pytest.raises(SaveError, match="made by an older version of the game"):
        read_save(p)


def test_a_version_2_save_is_replayed_from_its_log(tmp_path, monkeypatch):
    """Saves of version 2 hold a state hash and a snapshot of the older definition (a hand-made list of the
    match's fields): the snapshot is not used and the hash not compared, the log is replayed."""
    from game.headless import play_headless
    m = play_headless(3)
    path = save_match(m, "v2", folder=tmp_path)
    data = json.loads(path.read_text())
    head, older = data["head"], data["log"]
    v2 = {k: v for k, v in head.items() if k not in ("recent", "checkpoint", "log_crc", "log_parts", "events")}
    v2.update(format="ruinstars-save", version=2, state_hash="0" * 64,
              commands=older["commands"] + head["recent"]["commands"])
    v2["snapshot"]["hash"] = "0" * 64
    path.write_text(json.dumps(v2))
    submitted = []
    real = Match.submit
    monkeypatch.setattr(Match, "submit", lambda self, c: submitted.append(c) or real(self, c))
    loaded = load_match(path)
    assert len(submitted) == len(m.log) and loaded.state_hash() == m.state_hash()
    loaded.close()
    m.close()


def test_loading_restores_the_snapshot_and_replays_nothing(tmp_path, monkeypatch):
    """The snapshot in a save gives the same match as replaying its log (same hash, same events, same next
    decisions); a damaged snapshot is ignored and the log replayed."""
    from game.headless import play_headless
    m = play_headless(3)
    path = save_match(m, "snap", folder=tmp_path)
    data = json.loads(path.read_text())
    assert data["head"]["snapshot"]["commands"] == len(m.log)
    submitted = []
    real = Match.submit
    monkeypatch.setattr(Match, "submit", lambda self, c: submitted.append(c) or real(self, c))
    loaded = load_match(path)
    assert submitted == [] and loaded.state_hash() == m.state_hash()
    assert [e.text for e in loaded.events] == [e.text for e in m.events]
    assert loaded.log == m.log
    loaded.close()
    from dataclasses import fields

    from game.match.state import MatchState
    turn = [f.name for f in fields(MatchState)].index("turn")
    data["head"]["snapshot"]["state"]["v"][turn] = "four"  # wrong type: the snapshot is refused, the log replayed
    path.write_text(json.dumps(data))
    again = load_match(path)
    assert len(submitted) == len(m.log) and again.state_hash() == m.state_hash()
    again.close()
    m.close()


def test_dice_are_written_short_and_a_damaged_die_is_refused(tmp_path):
    """Every roll of the events travels as [natural, shift, rerolled, auto] with the defaults left off (the
    commonest record of a save); it reads back to the same dice, and a die that is not one is refused: the
    entry of the log that held it becomes a note saying so, the state is still the saved one."""
    from game.headless import play_headless
    from game.rules.dice import Die
    m = play_headless(5)
    path = save_match(m, "dice", folder=tmp_path)
    text = path.read_text()
    assert '"dice.Die"' not in text and '{"#d":[' in text
    loaded = load_match(path)
    rolled = [d for e in m.events for d in getattr(e, "dice", ()) if isinstance(d, Die)]
    assert rolled and [d for e in loaded.events for d in getattr(e, "dice", ()) if isinstance(d, Die)] == rolled
    loaded.close()
    data = json.loads(text)
    head, older = data["head"], data["log"]
    events = json.dumps(older["events"], separators=(",", ":"))
    first = events.index('{"#d":[')
    die = events[first:events.index("]}", first) + 2]
    for bad in ('{"#d":["4"]}', '{"#d":[4,0,1]}', '{"#d":[]}', '{"#d":[4,0,false,false,true]}', '{"#d":4}'):
        # written as the game writes a save (its log's checksum matching): the state is the snapshot's, and the
        # entry is read as a note when the log is shown
        parts = [json.dumps(older[k], separators=(",", ":")) for k in ("commands", "rolls")] + \
            [events.replace(die, bad, 1)]
        path.write_text(laid_out({k: v for k, v in head.items() if k not in ("log_crc", "log_parts")}, parts))
        again = load_match(path)
        notes = [e.text for e in again.events if e.text == "(an entry of the saved log could not be read)"]
        assert len(notes) == 1 and again.state_hash() == m.state_hash(), bad
        assert len(again.events) == len(m.events)
        again.close()
        # changed by hand (the checksum no longer matches): the log is replayed, its events are the battle's own
        path.write_text(text.replace(die, bad, 1))
        again = load_match(path)
        assert again.state_hash() == m.state_hash() and again.battle_log() == m.battle_log(), bad
        again.close()
    m.close()


# -- a save whose scenario the setup would refuse is refused at load, by the setup's own check --------------------
def _fresh_save(tmp_path, scenario, name="fresh", seed=3) -> Path:
    """A save of a match just set up (what a setup screen would open)."""
    m = create_match(scenario, seed)
    try:
        return save_match(m, name, folder=tmp_path)
    finally:
        m.close()


def test_a_side_played_by_the_game_given_a_squad_is_refused(tmp_path):
    from game.content import default_squad
    p = _fresh_save(tmp_path, first_mission_scenario(default_squad("interdictors")))

    def change(d):
        d["head"]["scenario"]["sides"][1]["squad"] = d["head"]["scenario"]["sides"][0]["squad"]
    problem = _problem(_variant(tmp_path, p.read_bytes(), name="npc-squad", change=change))
    assert "side 'npc' is played by the game" in problem and "cannot be given a squad" in problem


def test_a_squad_with_no_room_to_deploy_is_refused_like_the_setup_refuses_it(tmp_path):
    from game.content import default_squad
    from game.modes.playable import start_problem
    p = _fresh_save(tmp_path, first_mission_scenario(default_squad("interdictors")))

    def change(d):
        units = d["head"]["scenario"]["sides"][0]["squad"]["units"]
        d["head"]["scenario"]["sides"][0]["squad"]["units"] = (units * 8)[:36]
        d["head"].pop("snapshot")
        d["head"]["state_hash"] = None
    bad = _variant(tmp_path, p.read_bytes(), name="crowd", change=change)
    problem = _problem(bad)
    # the very words the setup shows for this scenario (one check, one place)
    scenario, seed, _, _ = read_save(bad)
    m = create_match(scenario, seed)
    try:
        assert problem == f"the setup would refuse this game: {start_problem(m)}"
        assert "room for only 16 of 36 units" in problem
    finally:
        m.close()


def _horde_map_with_a_small_zone(tmp_path, monkeypatch) -> str:
    """The Last Stand with its deployment circle cut to 6" across: room for seven units in inches, four on the grid."""
    import game.modes
    import game.modes.horde.setup as horde_setup
    import game.paths
    maps = tmp_path / "maps"
    maps.mkdir()
    src = Path(game.paths.MAPS_DIR) / "horde-last-stand.tmx"
    text = src.read_text()
    text = text.replace('source="../assets/', f'source="{game.paths.ASSETS_DIR}/')
    text = text.replace('name="DU" type="deployment" x="256" y="256" width="256" height="256"',
                        'name="DU" type="deployment" x="288" y="288" width="192" height="192"')
    (maps / "small-stand.tmx").write_text(text)
    monkeypatch.setattr(game.paths, "MAPS_DIR", maps)
    monkeypatch.setattr(game.modes, "MAPS_DIR", maps)
    monkeypatch.setattr(horde_setup, "MAPS_DIR", maps)
    return "small-stand.tmx"


def test_a_legal_squad_on_a_horde_map_without_room_on_the_grid_is_refused(tmp_path, monkeypatch):
    from game.content import default_squad, load_catalog
    from game.modes.horde import horde_scenario
    from game.rules.squad import validate_squad
    cat = load_catalog()
    squad = default_squad("claimant-warband", cat)
    assert len(squad.units) == 7 and not validate_squad(cat, squad)
    name = _horde_map_with_a_small_zone(tmp_path, monkeypatch)
    inches = _fresh_save(tmp_path, horde_scenario(squad, map_name=name, measure="inches", catalog=cat), "inches")
    load_match(inches).close()  # in inches the seven fit
    grid = _variant(tmp_path, inches.read_bytes(), name="grid",
                    change=lambda d: (d["head"]["scenario"].update(measure="grid"), d["head"].pop("snapshot"),
                                      d["head"].update(state_hash=None)))
    problem = _problem(grid)
    assert problem.startswith("the setup would refuse this game: there is room for only ")
    assert "room for only 4 of 7 units" in problem


def test_a_save_past_deployment_loads_without_searching_for_room_to_deploy(tmp_path, monkeypatch):
    """The search for deployment room is most of a load's time and cannot matter once the units stand on the table;
    a save still deploying is checked as the setup checks it."""
    from game.ai.simple import SimpleSquadController
    from game.modes.session import Session
    m = create_match(first_mission_scenario(), 4)
    try:
        s = Session(m, {"player": SimpleSquadController("player")})
        for _ in range(40):
            s.step()
        assert m.phase == "battle"
        path = save_match(m, "past", folder=tmp_path)
        want = m.state_hash()
    finally:
        m.close()
    searched = []
    real = Match.deployment_problem

    def counted(self, side):
        searched.append(side)
        return real(self, side)
    monkeypatch.setattr(Match, "deployment_problem", counted)
    loaded = load_match(path)
    try:
        assert loaded.state_hash() == want and searched == []
    finally:
        loaded.close()
    fresh = _fresh_save(tmp_path, first_mission_scenario())
    load_match(fresh).close()
    assert searched  # deployment open: the setup's check is made


def test_a_deploying_save_with_no_room_is_refused_with_its_snapshot_kept(tmp_path):
    from game.content import default_squad
    p = _fresh_save(tmp_path, first_mission_scenario(default_squad("interdictors")))

    def change(d):
        units = d["head"]["scenario"]["sides"][0]["squad"]["units"]
        d["head"]["scenario"]["sides"][0]["squad"]["units"] = (units * 8)[:36]
    problem = _problem(_variant(tmp_path, p.read_bytes(), name="crowd-kept", change=change))
    assert problem.startswith("the setup would refuse this game:") and "room for only 16 of 36 units" in problem


def test_the_load_list_names_the_mission_and_its_result_as_players_do(tmp_path):
    """A finished PvP game is listed by its mission's title and "<the winner's name> won" (not the mission id and
    the winning side's id); a First Mission by its title, still being played."""
    from game.headless import play_headless
    from game.persistence.save_listing import list_saves
    from game.persistence.save_writing import save_match
    from game.modes import create_match
    from game.headless import build_scenario
    m = play_headless(3, mission="pvp-secure-the-zone")
    try:
        save_match(m, "pvp", tmp_path)
        outcome = m.result.outcome
        winner = None if outcome == "draw" else m.side_name(outcome)
    finally:
        m.close()
    fm = create_match(build_scenario("first-mission"), 1)
    try:
        save_match(fm, "first", tmp_path)
    finally:
        fm.close()
    got = {s.label: s for s in list_saves(tmp_path)}
    assert got["pvp"].title == "Secure the Zone" and got["pvp"].mission == "pvp-secure-the-zone"
    assert got["pvp"].outcome == ("Draw" if winner is None else f"{winner} won")
    assert got["first"].outcome == "" and got["first"].title != "first-mission"
