"""A save written in pieces (save_writing.save_stages, as the battle screen's autosave writes it over frames) is the very
file a save written at once is, over seeded games of every mode: it loads, its state hash is the match's, and its log
replays to that hash. The pieces' own parts hold too: the snapshot's JSON text made a piece at a time is json's, its
nesting measured piece by piece is the whole text's, and the snapshot taken in pieces has the match's state hash."""
import json

import pytest

from game.headless import build_scenario
from game.match import snapshot
from game.modes import CHECKPOINT_EVERY, create_match, missions, replay
from game.modes.session import Session, make_controller
from game.persistence import save_writing
from game.persistence.save_format import dumps
from game.persistence.save_loading import load_match
from game.persistence.jsonfile import nesting_depth, nesting_steps
from game.stepwise import run_to_end

MODES = {}
for _e in missions():
    MODES.setdefault(_e.mode, _e.id)


def _played(mission: str, seed: int, commands: int):
    m = create_match(build_scenario(mission), seed)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    while m.phase != "over" and len(m.log) < commands:
        s.step()
    return m


def _same_but_the_time(a: bytes, b: bytes) -> None:
    x, y = json.loads(a), json.loads(b)
    x["head"]["saved_at"] = y["head"]["saved_at"]
    assert x == y
    assert len(a) == len(b)  # (the same layout: head_bytes and the log's parts agree)


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("seed", [2, 9])
def test_a_save_in_pieces_is_the_save_at_once(mode, seed, tmp_path):
    m = _played(MODES[mode], seed, 40 + 7 * seed)
    try:
        stages = save_writing.save_stages(m, "pieces", tmp_path, label="L")
        pieces = 0
        while True:
            try:
                next(stages)
                pieces += 1
                assert not (tmp_path / "pieces.json").exists()  # the file is written whole, in the last piece
            except StopIteration as done:
                path = done.value
                break
        assert pieces >= 5
        whole = save_writing.save_match(m, "whole", tmp_path, label="L")
        _same_but_the_time(path.read_bytes(), whole.read_bytes())
        loaded = load_match(path)
        try:
            assert loaded.state_hash() == m.state_hash() and len(loaded.log) == len(m.log)
            again = replay(loaded.scenario, loaded.seed, list(loaded.log))
            assert again.state_hash() == m.state_hash()
            again.close()
        finally:
            loaded.close()
    finally:
        m.close()


def test_the_snapshot_in_pieces_has_the_matchs_hash_and_text():
    m = _played(MODES["horde"], 4, 60)
    try:
        data = snapshot.capture(m, for_file=True)
        assert data["hash"] == m.state_hash()
        pieces = run_to_end(save_writing._pieces(data))
        assert len(pieces) > 20 and "".join(pieces) == dumps(data)
        level = deepest = 0
        for p in pieces:
            level, deep = nesting_steps(p, level)
            deepest = max(deepest, deep)
        assert level == 0 and deepest == nesting_depth(dumps(data))
    finally:
        m.close()


def test_a_save_begun_again_after_a_change_holds_the_match_as_it_is_then(tmp_path):
    """The autosave drops a write in pieces when the match changes under it and begins again: the file then is
    the match after the change."""
    m = _played(MODES["pvp"], 5, 30)
    try:
        s = Session(m, {sp.side: make_controller(m, sp.side, "computer") for sp in m.scenario.sides})
        first = save_writing.save_stages(m, "auto", tmp_path)
        for _ in range(4):
            next(first)
        s.step()  # the match changes: that write is dropped
        first.close()
        assert not (tmp_path / "auto.json").exists()
        path = run_to_end(save_writing.save_stages(m, "auto", tmp_path))
        loaded = load_match(path)
        assert loaded.state_hash() == m.state_hash() and len(loaded.log) == len(m.log)
        loaded.close()
    finally:
        m.close()
