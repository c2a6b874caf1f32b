"""The battle screen's autosave is written in pieces over frames while the computer plays both sides: at every frame
the file on disk is a whole save that loads; a write begun again after the match changed holds the match as it is
then; and leaving the screen (a closed window) in the middle of a write finishes it at once, so nothing is lost."""
import json

from game.content import default_squad
from game.headless import build_scenario
from game.modes import create_match
from game.persistence.save_format import AUTOSAVE
from game.persistence.save_loading import load_match

from .driver import open_battle


def _pvp_on_screen(make_app, seed=5):
    app = make_app(npc_speed="normal")
    scenario = build_scenario("pvp-secure-the-zone", default_squad("interdictors"), default_squad("krumpfists"))
    m = create_match(scenario, seed, app.catalog, prepare=True)
    d, sc = open_battle(app, m, computer_plays_people=True)
    return app, m, d, sc


def test_the_autosave_is_written_in_pieces_and_the_file_is_always_whole(make_app, saves_dir):
    app, m, d, sc = _pvp_on_screen(make_app)
    auto = saves_dir / f"{AUTOSAVE}.json"
    writes, pieces_before, seen = [], sc.autosave.pieces, set()
    wrote = sc.autosave._done

    def done(match, n):
        writes.append(n)
        wrote(match, n)
    sc.autosave._done = done
    for frame in range(900):
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if frame % 60 == 0:
            sc.autosave.want()  # (as each new Turn does: a write over the next frames, whatever moves)
        d.step(1)
        if auto.exists():
            raw = auto.read_bytes()
            head = json.loads(raw)["head"]  # whole JSON at every frame (written to a temporary file, renamed over)
            assert head["commands"] <= len(m.log)
            seen.add(head["commands"])
        if m.phase == "over" or len(writes) >= 4:
            break
    assert len(writes) >= 2 and len(seen) >= 2, (writes, seen)
    assert sc.autosave.pieces - pieces_before >= 5 * len(writes)  # spread: many pieces a write
    loaded = load_match(auto)
    n = json.loads(auto.read_bytes())["head"]["commands"]
    assert len(loaded.log) == n and list(loaded.log) == list(m.log[:n])
    loaded.close()


def test_closing_in_the_middle_of_a_write_loses_nothing(make_app, saves_dir):
    app, m, d, sc = _pvp_on_screen(make_app, seed=8)
    auto = saves_dir / f"{AUTOSAVE}.json"
    caught = False
    for frame in range(900):
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if frame % 60 == 0:
            sc.autosave.want()
        d.step(1)
        if sc.autosave.under_way and sc.autosave.work.key is not None and len(m.log) > 3:
            caught = True
            break
    assert caught, "a write in pieces was under way at some frame"
    n, h = len(m.log), m.state_hash()
    before = json.loads(auto.read_bytes())["head"]["commands"] if auto.exists() else None
    assert before != n  # (the write under way is the one that would keep the last command)
    sc.exit()  # the screen is left (the window closes): the write under way is finished at once
    sc.keep_match = True
    head = json.loads(auto.read_bytes())["head"]
    assert head["commands"] == n and head["state_hash"] == h
    loaded = load_match(auto)
    assert loaded.state_hash() == h and list(loaded.log) == list(m.log)
    loaded.close()


def test_the_screen_takes_the_matchs_checkpoints_over_frames(make_app, saves_dir):
    """On the battle screen no command captures a checkpoint in its own frame: the screen captures it over the next
    frames, the same data a capture at that command gives (its state hash is the replay's), undo starts from it, and
    the match takes its own checkpoints again once the screen is left."""
    from game.match import snapshot
    from game.modes import CHECKPOINT_EVERY, replay, undo
    app, m, d, sc = _pvp_on_screen(make_app, seed=3)
    captured = []
    real = snapshot.capture
    for _ in range(3000):
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        d.step(1)
        if m.checkpoint_every:
            captured.append(len(m.log))
        if m.phase == "over" or len(m.checkpoints) >= 2:
            break
    assert m.checkpoint_every == 0 and not captured  # (the match took none in a command's frame)
    assert sc.checkpoints.taken >= 2 and len(m.checkpoints) >= 2
    for cp in m.checkpoints:
        n = cp["commands"]
        assert n >= CHECKPOINT_EVERY
        again = replay(m.scenario, m.seed, list(m.log[:n]), app.catalog)
        assert cp == real(again)
        again.close()
    sc.checkpoints.release()
    assert m.checkpoint_every == CHECKPOINT_EVERY
    n = len(m.log)
    if m.can_undo():
        back = undo(m)  # (from the last checkpoint taken over frames; the screen's match is closed by it)
        redo = replay(back.scenario, back.seed, list(back.log))
        assert len(back.log) == n - 1 and back.state_hash() == redo.state_hash()
        sc.set_match(back)
        redo.close()
    else:
        sc.keep_match = True
