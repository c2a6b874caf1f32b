"""Loading reads a save's head (its header, end snapshot and last checkpoint) and leaves the older log undecoded
until something reads it: undo after loading, saving again and playing on never decode it; reading it gives the
log as played; a log forged to pass its checksum shows its damage, in words, when it is read."""
import json

import pytest

from game.match.history import HistoryError
from game.modes import CHECKPOINT_EVERY, create_match, first_mission_scenario, replay, rewind
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import laid_out, save_match
from game.replay import ReplayCursor, ReplayError


def _played(commands: int, seed: int = 3):
    m = create_match(first_mission_scenario(), seed)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    while m.phase != "over" and len(m.log) < commands:
        s.step()
    return m


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    m = _played(90)
    path = save_match(m, "long", folder=tmp_path_factory.mktemp("flat"))
    yield m, path
    m.close()


def test_loading_leaves_the_older_log_undecoded(saved):
    m, path = saved
    loaded = load_match(path)
    try:
        assert loaded.state_hash() == m.state_hash() and len(loaded.log) == len(m.log)
        assert len(loaded.events) == len(m.events) and len(loaded.rolls_per_command) == len(m.rolls_per_command)
        assert all(h.undecoded() is not None for h in (loaded.log, loaded.rolls_per_command, loaded.events))
        assert loaded.log[-1] == m.log[-1] and loaded.can_undo() == m.can_undo()  # the recent part: read at once
        assert loaded.log.undecoded() is not None
        assert list(loaded.log) == list(m.log) and loaded.battle_log() == m.battle_log()  # read: as played
        assert list(loaded.rolls_per_command) == list(m.rolls_per_command)
    finally:
        loaded.close()


def test_undo_after_loading_starts_from_the_saved_checkpoint(saved):
    m, path = saved
    n = len(m.log)
    loaded = load_match(path)
    assert len(loaded.checkpoints) == 2 and loaded.checkpoints[0]["commands"] == (n - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    back = rewind(loaded, n - 1)
    try:
        again = replay(m.scenario, m.seed, list(m.log)[:n - 1])
        assert back.state_hash() == again.state_hash() and back.battle_log() == again.battle_log()
        assert back.log.undecoded() is not None, "an undo after loading never decodes the older log"
        again.close()
    finally:
        back.close()


def test_a_loaded_match_plays_on_and_saves_again_without_decoding(saved, tmp_path):
    m, path = saved
    loaded = load_match(path)
    more = replay(m.scenario, m.seed, list(m.log))
    s_loaded = Session(loaded, {sp.side: make_controller(loaded, sp.side, "npc" if sp.npc else "computer")
                                for sp in loaded.scenario.sides})
    s_more = Session(more, {sp.side: make_controller(more, sp.side, "npc" if sp.npc else "computer")
                            for sp in more.scenario.sides})
    for _ in range(12):
        if loaded.phase == "over":
            break
        s_loaded.step()
        s_more.step()
    assert loaded.state_hash() == more.state_hash() and loaded.log.undecoded() is not None
    again = save_match(loaded, "again", folder=tmp_path)
    assert loaded.log.undecoded() is not None and loaded.events.undecoded() is not None, "saving copied the log"
    reloaded = load_match(again)
    try:
        assert reloaded.state_hash() == more.state_hash() and list(reloaded.log) == list(more.log)
        assert reloaded.battle_log() == more.battle_log()
    finally:
        for x in (loaded, more, reloaded):
            x.close()


def test_a_forged_log_shows_its_damage_when_read(saved, tmp_path):
    """The older log changed and its checksum made to match again: the save loads from its head, and reading the
    log (a replay, an undo past the checkpoint) is refused in words naming the file."""
    m, path = saved
    data = json.loads(path.read_text())
    head, older = data["head"], data["log"]
    older["commands"][2] = {"type": "Move", "side": "player", "x": "far"}
    parts = [json.dumps(older[k], separators=(",", ":")) for k in ("commands", "rolls", "events")]
    forged = tmp_path / "forged.json"
    forged.write_text(laid_out({k: v for k, v in head.items() if k not in ("log_crc", "log_parts")}, parts))
    loaded = load_match(forged)
    assert loaded.state_hash() == m.state_hash()
    with pytest.raises(HistoryError) as e:
        list(loaded.log)
    assert e.value.path == str(forged) and "command 3 (Move): field 'x' must be a number" in e.value.problem
    with pytest.raises(ReplayError, match="command 3"):
        ReplayCursor.from_match(loaded)
    with pytest.raises(ValueError, match="command 3"):  # an undo back past the save's checkpoint: the same words
        rewind(loaded, 5)


def test_an_autosave_after_a_command_encodes_only_what_is_new(tmp_path, monkeypatch):
    """The log's text written by the last save is kept with the match: saving after one more command encodes that
    command's events (and the few after the last checkpoint), not the whole log; the file is the one a match
    replayed from scratch writes, and it loads to the same state."""
    import game.persistence.save_writing as saves
    m = _played(70, seed=5)
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    first = save_match(m, "autosave", folder=tmp_path)
    older_then = json.loads(first.read_text())["head"]["recent"]["events_from"]
    encoded = []
    real = saves.codec.encode_event
    monkeypatch.setattr(saves.codec, "encode_event", lambda e: encoded.append(e) or real(e))
    s.step()
    path = save_match(m, "autosave", folder=tmp_path)
    assert older_then > 0 and len(encoded) == len(m.events) - older_then, "older events were encoded again"
    fresh = create_match(m.scenario, m.seed)
    fresh.checkpoint_every = CHECKPOINT_EVERY
    for c in m.log:
        fresh.submit(c)
    other = save_match(fresh, "fresh", folder=tmp_path)
    # the same file but for the snapshot a command before the end, which only the match saved after each command
    # has at hand (and the log's lengths and checksum that follow from it)
    saved_data, fresh_data = json.loads(path.read_text()), json.loads(other.read_text())
    assert saved_data["log"].pop("before_last")["commands"] == len(m.log) - 1
    assert saved_data["head"]["recent"].pop("before_last")["commands"] == len(m.log) - 1
    assert "before_last" not in fresh_data["head"]["recent"] and fresh_data["log"].pop("before_last") is None
    strip = lambda d: {**d, "head_bytes": 0, "head": {k: v for k, v in d["head"].items()
                                                      if k not in ("saved_at", "label", "log_parts", "log_crc")}}
    assert strip(saved_data) == strip(fresh_data)
    loaded = load_match(path)
    try:
        assert loaded.state_hash() == m.state_hash() and loaded.battle_log() == m.battle_log()
    finally:
        for x in (m, fresh, loaded):
            x.close()


def test_the_saved_checkpoint_is_read_only_for_an_undo_and_a_damaged_one_is_replayed_past(saved, tmp_path):
    """The snapshot an undo after loading starts from lies in the log: loading leaves it unread; an undo reads it;
    one damaged (its checksum made to match) is not used and the undo replays the log instead."""
    from game.persistence.save_reading import SavedCheckpoint
    m, path = saved
    n = len(m.log)
    want = replay(m.scenario, m.seed, list(m.log)[:n - 1])
    loaded = load_match(path)
    cp = loaded.checkpoints[0]
    assert isinstance(cp, SavedCheckpoint) and cp._data is None, "loading read the checkpoint"
    back = rewind(loaded, n - 1)
    assert back.state_hash() == want.state_hash() and cp._data is not None
    back.close()
    data = json.loads(path.read_text())
    head, older = data["head"], data["log"]
    parts = [json.dumps(older[k], separators=(",", ":")) for k in ("commands", "rolls", "events")]
    forged = tmp_path / "forged-checkpoint.json"
    forged.write_text(laid_out({k: v for k, v in head.items() if k not in ("log_crc", "log_parts")},
                               parts + ['{"commands":' + str(head["recent"]["from"]) + ',"entities":7}']))
    loaded = load_match(forged)
    assert loaded.state_hash() == m.state_hash()
    back = rewind(loaded, n - 1)
    assert back.state_hash() == want.state_hash()
    back.close()
    want.close()


def test_a_save_after_each_command_holds_the_state_a_command_back_and_undo_after_loading_replays_nothing(
        tmp_path, monkeypatch):
    """The battle screen saves after every command: the save after command n holds the end snapshot of the one
    after command n - 1 beside its checkpoint, so an undo right after loading restores it and replays nothing; the
    next undo goes back to the checkpoint. Each lands on the state a replay of the log reaches."""
    from game.match.match import Match
    m = _played(92, seed=3)
    n = len(m.log) + 1
    assert n - 1 - m.checkpoints[-1]["commands"] > 1, "the checkpoint alone would leave nothing to replay"
    save_match(m, "autosave", folder=tmp_path)
    Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer")
                for sp in m.scenario.sides}).step()
    assert len(m.log) == n
    path = save_match(m, "autosave", folder=tmp_path)
    recent = json.loads(path.read_text())["head"]["recent"]
    assert recent["before_last"] == {"commands": n - 1, "events": len(m.events) - len(_events_of_last(m))}
    loaded = load_match(path)
    assert [c["commands"] for c in loaded.checkpoints] == [recent["from"], n - 1, n]
    replayed = []
    real = Match.submit
    monkeypatch.setattr(Match, "submit", lambda self, c: replayed.append(c) or real(self, c))
    back = rewind(loaded, n - 1)
    assert replayed == [], "the undo right after loading replayed commands"
    want = replay(m.scenario, m.seed, list(m.log)[:n - 1])
    assert back.state_hash() == want.state_hash() and back.battle_log() == want.battle_log()
    assert back.log.undecoded() is not None, "the undo decoded the older log"
    del replayed[:]
    back2 = rewind(back, n - 2)
    assert 0 < len(replayed) < CHECKPOINT_EVERY
    want2 = replay(m.scenario, m.seed, list(m.log)[:n - 2])
    try:
        assert back2.state_hash() == want2.state_hash()
    finally:
        for x in (m, back2, want, want2):
            x.close()


def _events_of_last(m):
    """The events the last command of m gave (those after the count its checkpoint of the command before holds)."""
    before = replay(m.scenario, m.seed, list(m.log)[:-1])
    try:
        return m.events[len(before.events):]
    finally:
        before.close()
