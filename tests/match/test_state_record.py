"""The match's state is its esper world plus one typed record (game/match/state.py), walked generically by the
snapshot and the state hash; play, replay, undo and load agree on that hash in every mode, and a match restored
from a snapshot goes on exactly as the one it was taken from (the table follows the restored state)."""
import typing
from dataclasses import fields

import pytest

from game.content import default_squad
from game.headless import build_scenario
from game.match import codec, snapshot
from game.match.state import MatchState
from game.modes import CHECKPOINT_EVERY, create_match, replay, rewind
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match


def _played(mission, seed, commands=None, **kw):
    """A match of `mission` played by the computer on every side (to the end, or `commands` commands)."""
    m = create_match(build_scenario(mission, **kw), seed)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    while m.phase != "over" and (commands is None or len(m.log) < commands):
        s.step()
    return m


def _other_value(match, name, value, tp):
    """A different value of the field's own type, or None for records (activation, prompt...)."""
    origin = typing.get_origin(tp) or tp
    if name == "doors":
        door = next(iter(value), None)
        return None if door is None else {**value, door: not value[door]}
    if name == "cleared":
        return [*value, (1.0, 1.0, 0.5)]
    if name == "retired_cards":  # the card of a unit that left the world
        return {*value, match.unit(match.all_units()[0]).card}
    if tp is int:
        return value + 1
    if tp is str:
        return value + "x"
    if origin is dict:
        k, v = (typing.get_args(tp) or (str, str))[:2]
        key = 999 if k is int else "novel"
        item = {int: 7, str: "novel", bool: True}.get(v, ("novel",) if typing.get_origin(v) is tuple else 7)
        return {**value, key: item}
    if origin is list:
        return [*value, ("novel", 1)]
    if origin is set:
        return {*value, "novel"}
    return None


def test_every_field_of_the_record_is_in_the_hash_and_the_snapshot():
    """No field is listed anywhere: each field of the record, changed, changes the hash and comes back from a
    snapshot (a new field needs no snapshot code)."""
    m = _played("first-mission", 3, commands=40, map_name="pve-facility.tmx")  # (a map with doors)
    hints = typing.get_type_hints(MatchState)
    tried = []
    try:
        for f in fields(MatchState):
            value = getattr(m.state, f.name)
            new = _other_value(m, f.name, value, hints[f.name])
            if new is None:
                continue
            h = m.state_hash()
            setattr(m.state, f.name, new)
            assert m.state_hash() != h, f.name
            fresh = create_match(m.scenario, m.seed)
            snapshot.restore(fresh, snapshot.capture(m, for_file=True), events=m.events, log=m.log,
                         rolls=m.rolls_per_command)
            assert getattr(fresh.state, f.name) == new and fresh.state_hash() == m.state_hash(), f.name
            fresh.close()
            setattr(m.state, f.name, value)
            tried.append(f.name)
    finally:
        m.close()
    assert {"turn", "phase", "score", "to", "mission_state", "pending", "doors", "cleared", "allegiance",
            "retired_cards"} <= set(tried)


@pytest.mark.parametrize("mission,kw", [
    ("first-mission", {"map_name": "default", "measure": "grid"}),
    ("pve", {"options": {"npc": "despoilers", "tl": 2, "battlefield": "ruined-city"}}),
    ("pvp-secure-the-zone", {"squad": "silent-choir", "opponent": "krumpfists"}),
    ("horde", {"map_name": "horde-last-stand.tmx"}),
])
def test_play_replay_undo_and_load_agree(mission, kw, tmp_path):
    """The hash of a match played, replayed from its log, rewound to an earlier command from its checkpoints,
    and saved then loaded is the same; a match loaded from its snapshot plays on to the same end."""
    kw = dict(kw)
    for k in ("squad", "opponent"):
        if k in kw:
            kw[k] = default_squad(kw[k])
    m = _played(mission, 5, commands=260, **kw)
    try:
        cut = len(m.log) * 2 // 3
        again = replay(m.scenario, m.seed, m.log[:cut])
        early = again.state_hash()
        for c in m.log[cut:]:
            again.submit(c)
        assert again.state_hash() == m.state_hash()
        again.close()
        assert m.checkpoints  # each checkpoint's hash is the hash of the match at its command
        for snap in m.checkpoints[-2:]:
            at = replay(m.scenario, m.seed, m.log[:snap["commands"]])
            assert snap["hash"] == at.state_hash()
            at.close()
        path = save_match(m, "all", folder=tmp_path)
        loaded = load_match(path)
        assert loaded.state_hash() == m.state_hash() and loaded.battle_log() == m.battle_log()
        loaded.close()
        # saved part way (after any collapse, door, token...) and played on from the snapshot: the same end
        probe = rewind(replay(m.scenario, m.seed, m.log), cut)
        assert probe.state_hash() == early
        path = save_match(probe, "part", folder=tmp_path)
        probe.close()
        resumed = load_match(path)
        assert resumed.state_hash() == early
        for c in m.log[cut:]:
            resumed.submit(c)
        assert resumed.state_hash() == m.state_hash() and resumed.battle_log() == m.battle_log()
        resumed.close()
    finally:
        m.close()


def test_a_collapse_is_kept_by_a_snapshot():
    """Terrain a PvE collapse took away is part of the state: a match restored after it has the same table."""
    for seed in range(1, 30):
        m = _played("pve", seed, commands=None, options={"npc": "classic", "tl": 1, "battlefield": "ruined-city"})
        try:
            if m.table.cleared_terrain:
                fresh = create_match(m.scenario, m.seed)
                snapshot.restore(fresh, snapshot.capture(m, for_file=True), events=m.events, log=m.log,
                         rolls=m.rolls_per_command)
                assert fresh.table.cleared_terrain == m.table.cleared_terrain
                assert fresh.table.terrain_key == m.table.terrain_key
                fresh.close()
                return
        finally:
            m.close()
    pytest.fail("no PvE mission on the Ruined City collapsed any terrain")


def test_a_snapshot_decodes_only_in_the_form_encode_writes():
    """The load checks the state hash on the snapshot's data as read: that holds only if decoding then encoding
    gives the same data, so decode refuses every other way of writing the same value."""
    m = _played("first-mission", 5, commands=30)
    try:
        snap = snapshot.capture(m, for_file=True)
        for _, comps in snap["entities"]:
            for c in comps:
                assert codec.encode(codec.decode(c)) == c
        assert codec.encode(codec.decode(snap["state"], m.dice), m.dice) == snap["state"]
    finally:
        m.close()
    from game.rules.dice import Die
    bad = [
        {"#set": [2, 1]},  # not in encode's order
        {"#set": [1, 1]},  # an item twice
        {"#set": [[1, 2]]},  # a list where encode writes a tuple
        {"#kv": [["a", 1]]},  # text keys: encode writes a plain object
        {"#kv": [[1, 1], [1, 2]]},  # a key twice
        {"#tup": [1], "x": 2},  # a tag with more than its tag
        {"#foo": 1},  # no such tag
        {"#d": [3, 0]},  # a default left on
        {"#t": "dice.Die", "v": [3, 0, False, False]},  # a die written as a record
    ]
    assert codec.encode(Die(3)) == {"#d": [3]}
    for d in bad:
        with pytest.raises(codec.SnapshotError):
            codec.decode(d)


def test_a_snapshot_edited_out_of_form_with_its_hash_redone_is_refused():
    """A snapshot whose data is not in encode's form is refused even when its hash was made to match that data."""
    import copy
    import hashlib
    import json
    m = _played("first-mission", 5, commands=30)
    try:
        snap = snapshot.capture(m, for_file=True)
        ent, comps = snap["entities"][0]
        forged = copy.deepcopy(snap)
        forged["entities"][0] = [ent, comps + [comps[0]]]  # a component listed twice
        fresh = create_match(m.scenario, m.seed)
        with pytest.raises(codec.SnapshotError):
            snapshot.restore(fresh, forged, events=m.events, log=m.log, rolls=m.rolls_per_command)
        fresh.close()
        forged = copy.deepcopy(snap)
        forged["entities"] = list(reversed(forged["entities"]))  # out of order
        fresh = create_match(m.scenario, m.seed)
        with pytest.raises(codec.SnapshotError):
            snapshot.restore(fresh, forged, events=m.events, log=m.log, rolls=m.rolls_per_command)
        fresh.close()
        # a unit's HIT changed and the hash made again from the data: restored, and the restored match's own hash
        # is that one (the hash checked on the data as read is the restored state's)
        forged = copy.deepcopy(snap)
        health = next(c for _, cs in forged["entities"] for c in cs if c.get("#t") == "components.Health")
        health["v"][0] = health["v"][1] - 1
        world = [[e, {c["#t"].split(".")[-1]: c for c in cs}] for e, cs in forged["entities"]]
        forged["hash"] = hashlib.sha256(json.dumps(m.state_record(world, forged["state"]), sort_keys=True,
                                                   separators=(",", ":")).encode()).hexdigest()
        fresh = create_match(m.scenario, m.seed)
        snapshot.restore(fresh, forged, events=m.events, log=m.log, rolls=m.rolls_per_command)
        assert fresh.state_hash() == forged["hash"] != m.state_hash()
        fresh.close()
    finally:
        m.close()
