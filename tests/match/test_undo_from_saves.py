"""Undo on the battle screen: the autosave after every command captures the match's state, and an undo restores the
one a command back instead of a checkpoint up to 7 commands back with the commands since replayed. Whatever it
starts from, the undone match agrees with a replay of its log (state hash, battle log), and a save of it goes on
holding the state a command before its end (so an undo right after loading it replays nothing either)."""
import json

import pytest

from game.match.match import Match
from game.modes import CHECKPOINT_EVERY, create_match, first_mission_scenario, replay, rewind
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match
from game.stepwise import run_to_end


def _played(commands: int, seed: int):
    m = create_match(first_mission_scenario(), seed)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    while m.phase != "over" and len(m.log) < commands:
        s.step()
        if len(m.log) >= commands - 3:  # the screen's autosave after each of the last commands
            save_match(m, "autosave", folder=FOLDER[0])
    return m


FOLDER = [None]


@pytest.fixture(autouse=True)
def _folder(tmp_path):
    FOLDER[0] = tmp_path


def _counting_submits(monkeypatch) -> list:
    count = [0]
    real = Match.submit

    def submit(self, cmd):
        count[0] += 1
        return real(self, cmd)
    monkeypatch.setattr(Match, "submit", submit)
    return count


def _rewound(m: Match, n: int, log, count: list, replayed: int) -> Match:
    """rewind(m, n), which replays `replayed` commands and agrees with a replay of the log's first n (state hash,
    battle log)."""
    count[0] = 0
    back = rewind(m, n)
    assert count[0] == replayed, f"{count[0]} commands replayed, not {replayed}"
    again = replay(back.scenario, back.seed, list(log)[:n])
    try:
        assert back.state_hash() == again.state_hash() and back.battle_log() == again.battle_log()
        assert len(back.log) == n
    finally:
        again.close()
    return back


@pytest.mark.parametrize("seed", [2, 5])
def test_undo_after_the_autosave_restores_the_state_a_command_back_and_replays_nothing(seed, monkeypatch):
    m = _played(45, seed)  # (checkpoints every 8 commands up to 40: a checkpoint alone would replay 4 commands)
    n, log = len(m.log), list(m.log)
    assert n % CHECKPOINT_EVERY > 1
    count = _counting_submits(monkeypatch)
    back = _rewound(m, n - 1, log, count, 0)  # the autosave's snapshot a command back
    assert [c["commands"] for c in back.checkpoints] == list(range(CHECKPOINT_EVERY, n, CHECKPOINT_EVERY)), \
        "the checkpoints stay the regular ones"
    # the two last snapshots are kept, of n - 1 and n: none of n - 2 (the checkpoint, and the commands since)
    _rewound(back, n - 2, log, count, (n - 2) % CHECKPOINT_EVERY).close()


def test_a_snapshot_captured_past_the_undo_is_never_restored(monkeypatch):
    m = _played(40, 3)
    n, log = len(m.log), list(m.log)
    count = _counting_submits(monkeypatch)
    _rewound(m, n - 5, log, count, (n - 5) % CHECKPOINT_EVERY).close()  # (snapshots of the last commands: all
    # past n - 5)


def test_the_undone_match_saved_again_keeps_the_state_a_command_back_for_an_undo_after_loading(monkeypatch):
    m = _played(45, 4)
    n, log = len(m.log), list(m.log)
    back = rewind(m, n - 1)  # restored from the autosave's snapshot of n - 1 (the screen saves it again after
    back.submit(log[n - 1])  # its next command)
    path = save_match(back, "autosave", folder=FOLDER[0])
    back.close()
    head = json.loads(path.read_text())
    assert head["head"]["recent"]["before_last"]["commands"] == n - 1
    loaded = load_match(path)
    count = _counting_submits(monkeypatch)
    _rewound(loaded, n - 1, log, count, 0).close()


@pytest.mark.parametrize("past", [0, 1, CHECKPOINT_EVERY - 1])
def test_an_undo_to_a_checkpoint_or_past_it_replays_only_the_commands_since_and_agrees_with_a_replay(past,
                                                                                                   monkeypatch):
    """Rewound to a checkpoint's own command, the match is that checkpoint restored (nothing replayed); one past it,
    or the most a checkpoint can be behind, the commands since it replayed: always the state and battle log of a
    replay of the log (the checkpoint kept packed, unpacked for it)."""
    from game.match import snapshot
    m = _played(45, 6)
    log = list(m.log)
    assert all(isinstance(c, snapshot.Packed) for c in m.checkpoints)
    at = 3 * CHECKPOINT_EVERY  # (the last autosaves' snapshots lie past it)
    count = _counting_submits(monkeypatch)
    back = _rewound(m, at + past, log, count, past)
    assert back.checkpoints[-1]["commands"] == at
    back.close()


def test_a_packed_checkpoint_is_the_capture_it_was_made_from():
    """A checkpoint is kept packed (a few KB, one object): its counts and state hash read without unpacking it,
    unpacked the very data `capture` gave, restored as this program's own (its hash not checked again)."""
    from game.match import snapshot
    m = _played(20, 7)
    captured = snapshot.capture(m)
    packed = snapshot.Packed(captured)
    assert packed["commands"] == len(m.log) and packed["hash"] == captured["hash"] == m.state_hash()
    assert dict(packed) == dict(captured) and type(packed.whole()) is snapshot.Captured
    assert packed.size < 20_000
    assert run_to_end(snapshot.checkpoint_stages(m)).text() == packed.text()  # (over frames: the same checkpoint)
    fresh = create_match(m.scenario, m.seed)
    snapshot.restore(fresh, packed, events=m.events, log=m.log, rolls=m.rolls_per_command)
    assert fresh.state_hash() == m.state_hash() and fresh.battle_log() == m.battle_log()
    fresh.close()
    m.close()
