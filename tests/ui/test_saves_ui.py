"""Saves seen from the UI: a broken or future save shows its problem in a dialog and is left byte-identical;
Continue loads the newest save of a battle still being played; the battle is autosaved after every command, so
closing the window (it asks first) loses nothing and Continue resumes exactly there."""
import json
import re

import pygame

from game.modes import create_match, first_mission_scenario
from game.persistence.save_format import AUTOSAVE
from game.persistence.save_writing import save_match
from game.ui.battle import BattleScene
from game.ui.load_scene import LoadScene
from game.ui.title import TitleScene

from .driver import Driver


def _good_save(folder, name="good", seed=3):
    from game.ai.simple import SimpleSquadController
    m = create_match(first_mission_scenario(), seed)
    ctl = SimpleSquadController("player")
    while m.phase == "deploy":
        m.submit(ctl.decide(m))
    path = save_match(m, name, folder)
    h = m.state_hash()
    m.close()
    return path, h


def _load_via_list(d: Driver, path) -> None:
    d.click(d.scene.b_load)
    assert isinstance(d.scene, LoadScene)
    ls = d.scene
    idx = next(i for i, s in enumerate(ls.saves) if s.path == path)
    d.click(ls.list.item_list[idx]["button_element"])
    d.click(ls.b_load)


def test_corrupt_save_shows_message_and_is_untouched(app, saves_dir):
    good, _ = _good_save(saves_dir)
    bad = saves_dir / "broken.json"
    raw = good.read_bytes()
    # a valid header (so it is listed) but a damaged command list
    data = json.loads(raw)
    data["log"]["commands"][0] = {"type": "NoSuchCommand"}
    bad.write_bytes(json.dumps(data).encode() + b"\n \x00")
    bad.write_bytes(json.dumps(data).encode())
    before = bad.read_bytes()
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    _load_via_list(d, bad)
    assert isinstance(d.scene, LoadScene), "a bad save leaves you on the load screen"
    assert app.dialog_open
    assert "broken.json" in app.last_dialog and "NoSuchCommand" in app.last_dialog
    d.step(3)
    d.shot("load-error-dialog")
    assert bad.read_bytes() == before


def test_future_version_save_is_listed_as_broken_and_skipped_by_continue(app, saves_dir):
    good, h = _good_save(saves_dir)
    future = saves_dir / "future.json"
    data = json.loads(good.read_text())
    data["version"] = 99
    data["head"]["saved_at"] = "2999-01-01T00:00:00+00:00"  # the newest, were it readable
    future.write_text(json.dumps(data))
    before = future.read_bytes()
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    title = d.scene
    assert isinstance(title, TitleScene)
    (info,) = [s for s in title.saves if s.path == future]
    assert info.broken and "newer version" in info.problem
    assert title.newest.path == good
    d.click(title.b_continue)
    assert isinstance(d.scene, BattleScene) and d.scene.match.state_hash() == h, "Continue skips the broken save"
    assert future.read_bytes() == before


def test_loading_a_future_save_from_the_list_shows_the_dialog(app, saves_dir):
    good, _ = _good_save(saves_dir)
    future = saves_dir / "future.json"
    data = json.loads(good.read_text())
    data["version"] = 99
    future.write_text(json.dumps(data))
    before = future.read_bytes()
    d = Driver(app)
    d.step(2)
    _load_via_list(d, future)
    assert isinstance(d.scene, LoadScene)
    assert app.dialog_open and "newer version" in app.last_dialog and "future.json" in app.last_dialog
    assert future.read_bytes() == before
    # Esc closes the dialog
    d.key(pygame.K_ESCAPE)
    assert not app.dialog_open


def test_unparseable_file_is_listed_as_broken_and_never_changed(app, saves_dir):
    junk = saves_dir / "junk.json"
    saves_dir.mkdir(parents=True, exist_ok=True)
    junk.write_bytes(b"{not json")
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_load)
    assert isinstance(d.scene, LoadScene)
    (info,) = d.scene.saves
    assert info.path == junk and "not valid JSON" in info.problem
    text, object_id = d.scene.items[0]
    assert object_id == "#broken_save" and "junk.json" in text and "not valid JSON" in text
    d.click(d.scene.list.item_list[0]["button_element"], frames=4)
    assert "Cannot be loaded: junk.json is damaged" in d.scene.detail.text and "not valid JSON" in d.scene.detail.text
    assert junk.read_bytes() == b"{not json"


def _damaged_folder(saves_dir):
    """A saves folder full of damaged files beside two good saves; name -> bytes written."""
    good, _ = _good_save(saves_dir, "good", seed=3)
    other, _ = _good_save(saves_dir, "other", seed=4)
    data = json.loads(good.read_text())

    def variant(change):
        d = json.loads(json.dumps(data))
        change(d)
        return json.dumps(d).encode()

    def first(kind):
        return next(i for i, c in enumerate(data["log"]["commands"]) if c["type"] == kind)

    files = {
        "deep.json": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        "infinite-turn.json": re.sub(rb'"turn": ?1', b'"turn": Infinity', good.read_bytes()),
        "nan-x.json": re.sub(rb'"x": ?', b'"x": NaN, "_": ', good.read_bytes(), count=1),
        "huge-number.json": re.sub(rb'"seed": ?3', b'"seed": ' + b"9" * 5000, good.read_bytes()),
        "wrong-type.json": variant(lambda d: d["log"]["commands"][first("Deploy")].update(x="12")),
        "twin-sides.json": variant(lambda d: d["head"]["scenario"]["sides"][1].update(side="player")),
        "renamed-side.json": variant(lambda d: d["head"]["scenario"]["sides"][1].update(side="bugs")),
        "dev-zero.json": variant(lambda d: d["head"]["scenario"].update(map="/dev/zero")),
        "outside.json": variant(lambda d: d["head"]["scenario"].update(map="../../x.tmx")),
        "truncated.json": good.read_bytes()[:200],
        "empty.json": b"",
        "binary.json": bytes(range(256)),
        "oversized.json": b" " * (5 * 1024 * 1024),
    }
    saves_dir.mkdir(parents=True, exist_ok=True)
    for name, raw in files.items():
        (saves_dir / name).write_bytes(raw)
    return good, other, files


def test_a_folder_full_of_damaged_saves(make_app, saves_dir):
    """The acceptance case: the game starts, lists every damaged file with its reason, loads the good ones,
    and changes no file."""
    good, other, files = _damaged_folder(saves_dir)
    before = {p.name: p.read_bytes() for p in saves_dir.iterdir() if p.is_file()}
    app = make_app()  # the title screen opens
    d = Driver(app)
    d.step(2)
    assert isinstance(d.scene, TitleScene) and d.scene.newest is not None
    d.shot("title-with-damaged-saves")
    d.click(d.scene.b_load)
    ls = d.scene
    assert isinstance(ls, LoadScene)
    listed = {s.path.name: s for s in ls.saves}
    assert set(files) - {"renamed-side.json"} <= {n for n, s in listed.items() if s.broken}
    assert not listed["good.json"].broken and not listed["other.json"].broken
    assert all(s.problem for s in ls.saves if s.broken)
    assert "nested more than" in listed["deep.json"].problem
    assert "not finite" in listed["infinite-turn.json"].problem
    assert "too large" in listed["oversized.json"].problem
    assert "'map'" in listed["dev-zero.json"].problem
    assert "listed twice" in listed["twin-sides.json"].problem
    d.click(ls.list.item_list[[s.path.name for s in ls.saves].index("deep.json")]["button_element"], frames=4)
    d.shot("load-list-with-damaged-saves")
    for name in ("renamed-side.json", "dev-zero.json"):
        idx = [s.path.name for s in ls.saves].index(name)
        d.click(ls.list.item_list[idx]["button_element"])
        d.click(ls.b_load)
        assert isinstance(d.scene, LoadScene) and app.dialog_open and name in app.last_dialog
        app.close_dialog()
    idx = [s.path.name for s in ls.saves].index("other.json")
    d.click(ls.list.item_list[idx]["button_element"])
    d.click(ls.b_load)
    assert isinstance(d.scene, BattleScene) and d.scene.match.seed == 4
    after = {p.name: p.read_bytes() for p in saves_dir.iterdir() if p.is_file() and p.name in before}
    assert after == before


def test_continue_shows_the_dialog_when_the_newest_save_fails_to_replay(app, saves_dir):
    older, _ = _good_save(saves_dir, "older", seed=5)
    newest, _ = _good_save(saves_dir, "newest", seed=6)
    data = json.loads(newest.read_text())
    data["head"]["saved_at"] = "2999-01-01T00:00:00+00:00"
    data["log"]["commands"][0].update(x=99.0, y=99.0)  # well-formed, but not a legal deployment
    newest.write_text(json.dumps(data))
    before = newest.read_bytes()
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    assert d.scene.newest.path == newest, "well-formed: only replaying it shows the problem"
    d.click(d.scene.b_continue)
    assert isinstance(d.scene, TitleScene)
    assert app.dialog_open and "newest.json" in app.last_dialog and "command 1" in app.last_dialog
    d.step(3)
    d.shot("continue-error-dialog")
    assert newest.read_bytes() == before


def test_continue_loads_the_newest_save(app, saves_dir):
    path, h = _good_save(saves_dir, "older", seed=5)
    newest, h2 = _good_save(saves_dir, "newest", seed=6)
    data = json.loads(newest.read_text())
    data["head"]["saved_at"] = "2999-01-01T00:00:00+00:00"
    newest.write_text(json.dumps(data))
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    d.click(d.scene.b_continue)
    sc = d.scene
    assert isinstance(sc, BattleScene)
    assert sc.match.seed == 6 and sc.match.state_hash() == h2


def _settle(d, frames=240):
    """Frames until the battle screen is still (animations and banners done)."""
    for _ in range(frames):
        sc = d.scene
        if isinstance(sc, BattleScene) and sc.autosave.current and not sc.moving():
            return
        d.wait_banners()
        d.step(1)


def test_every_command_is_autosaved_and_closing_the_window_loses_nothing(make_app, saves_dir):
    from game.ui.builder_dialogs import ConfirmDialog
    app = make_app()
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_new)
    d.click(d.scene.b_start)
    sc = d.scene
    auto = saves_dir / f"{AUTOSAVE}.json"
    assert isinstance(sc, BattleScene) and auto.exists(), "a new battle is the autosave from its start"
    d.click(sc.b_auto)
    d.click(sc.b_start)
    _settle(d)
    m = sc.match
    for _ in range(600):  # the Bugs may act first
        if m.waiting_for() == "player" and m.prompt is None:
            break
        d.step(1)
    uid = next(u for u in m.units("player") if m.readiness(u).ready)
    pos = m.position(uid)
    d.click_board(pos.x, pos.y)
    d.step(2)
    assert sc.selected == uid and sc.sel.mode == "move"
    spot = sc.preview.spot_near(pos.x + 2, pos.y - 2)
    d.click_board(spot[0], spot[1])
    _settle(d)
    saved = json.loads(auto.read_text())
    assert saved["head"]["commands"] == len(m.log) and saved["head"]["state_hash"] == m.state_hash(), "saved after the Move"
    assert type(m.log[-1]).__name__ == "Move"
    h, n = m.state_hash(), len(m.log)
    # closing the window mid-battle asks first (the battle is kept either way); closing again quits
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(2)
    assert isinstance(d.scene, ConfirmDialog) and app.running
    assert "Continue on the title screen resumes it exactly here" in d.scene.text
    d.shot("close-the-window-mid-battle")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(1)
    assert not app.running
    app.shutdown()
    # the next start: Continue opens the battle exactly where it was
    app2 = make_app()
    d2 = Driver(app2)
    d2.step(2)
    assert d2.scene.newest.path == auto
    d2.click(d2.scene.b_continue)
    sc2 = d2.scene
    assert isinstance(sc2, BattleScene) and sc2.match.state_hash() == h and len(sc2.match.log) == n
    assert sc2.match.active_unit == uid


def test_a_finished_battle_is_not_offered_by_continue(make_app, saves_dir):
    from game.headless import play_headless
    older, _ = _good_save(saves_dir, "older", seed=5)
    done = play_headless(4, map_name=None)
    assert done.result is not None
    save_match(done, AUTOSAVE, saves_dir)
    done.close()
    d = Driver(make_app())
    d.step(2)
    title = d.scene
    assert title.newest.path == older, "Continue skips the finished battle, newest as it is"
    (saves_dir / "older.json").unlink()
    title.build_ui()
    assert title.newest is None and not title.b_continue.is_enabled


def test_the_horde_high_scores_are_not_a_save(app, saves_dir):
    from game.persistence.horde_scores import record_run, scores_path
    good, _ = _good_save(saves_dir)
    record_run(scores_path(saves_dir), "horde-last-stand.tmx",
               {"squad": "Interdictors", "waves_cleared": 2, "mp": 9, "bosses": [], "units_lost": 1,
                "outcome": "defeat", "wave_reached": 3, "seed": 1, "when": "2026-01-01T10:00"})
    assert scores_path(saves_dir).exists()
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    assert [s.path.name for s in d.scene.saves] == ["good.json"], "listed neither as a save nor as a damaged one"
    d.click(d.scene.b_load)
    assert [s.path.name for s in d.scene.saves] == ["good.json"] and not any(s.broken for s in d.scene.saves)


def test_closing_the_builder_with_an_unsaved_squad_asks(app):
    from game.ui.builder import SquadBuilderScene
    from game.ui.builder_dialogs import ConfirmDialog
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_squads)
    b = d.scene
    assert isinstance(b, SquadBuilderScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(1)
    assert not app.running, "nothing to lose: the window closes"
    app.running = True
    b.load_default()
    b.set_spec(b.spec.__class__(b.spec.squad_type, b.spec.name, b.spec.units[:-1]))
    assert b.dirty
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(2)
    assert app.running and isinstance(d.scene, ConfirmDialog) and "squad in the builder are not saved" in d.scene.text
    d.key(pygame.K_ESCAPE)
    assert d.scene is b and app.running


def test_autosave_at_turn_start(app, saves_dir):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_new)
    d.click(d.scene.b_start)
    sc = d.scene
    d.click(sc.b_auto)
    d.click(sc.b_start)
    auto = saves_dir / f"{AUTOSAVE}.json"
    assert auto.exists()
    d.step(30)  # (written in pieces over the frames after the Turn began)
    assert json.loads(auto.read_text())["head"]["turn"] == 1


def test_a_damaged_settings_file_gives_the_defaults(tmp_path):
    from game.ui.settings import Settings
    p = tmp_path / "settings.json"
    for raw in (b"[" * 100_000, b'{"npc_speed": [], "palette": {}, "ui_scale": [1]}', b'{"ui_scale": NaN}',
                b"\xff\xfe", b" " * (1 << 20)):
        p.write_bytes(raw)
        assert Settings.load(tmp_path) == Settings()
        assert p.read_bytes() == raw
    p.write_text('{"npc_speed": "fast", "palette": [], "show_grid": true}')
    assert Settings.load(tmp_path) == Settings(npc_speed="fast", show_grid=True)


def test_settings_are_written_atomically(tmp_path, monkeypatch):
    """A write cut short (the rename never happens) leaves the old settings whole and no half file behind."""
    import os

    from game.ui.settings import Settings
    Settings(npc_speed="fast").save(tmp_path)
    before = (tmp_path / "settings.json").read_bytes()

    def cut(*a):
        raise OSError("disk gone")
    monkeypatch.setattr(os, "replace", cut)
    Settings(npc_speed="slow", show_grid=True).save(tmp_path)  # never raises: settings are a convenience
    assert (tmp_path / "settings.json").read_bytes() == before
    assert Settings.load(tmp_path).npc_speed == "fast"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_setup_forms_keep_their_picks_even_across_a_closed_window(make_app, saves_dir):
    """Picks survive leaving the form and closing the window (saves/setup-picks.json, not a save); the seed is new
    each time; a pick the form no longer offers falls back to its default."""
    from game.persistence.save_listing import list_saves
    from game.ui.setup_scene import SetupScene
    app = make_app()
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_new)
    sc = d.scene
    assert isinstance(sc, SetupScene)
    map_label = next(k for k, v in sc.maps.items() if v is None)
    sc.map_label, sc.measure_label = map_label, "Grid (2\" squares)"
    sc.squad_label = next(k for k in sc.squads if k.startswith("Krumpfists"))
    sc.build_ui()
    d.key(pygame.K_ESCAPE)  # Back: the form is left
    d.click(d.scene.b_new)
    again = d.scene
    assert (again.map_label, again.measure_label, again.squad_label) == (map_label, "Grid (2\" squares)",
                                                                         sc.squad_label)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(1)
    assert not app.running, "nothing to ask on a setup form: its picks are kept"
    app.shutdown()
    assert (saves_dir / "setup-picks.json").exists() and not list_saves(saves_dir)
    # the next start: the form as it was left
    app2 = make_app()
    d2 = Driver(app2)
    d2.step(2)
    d2.click(d2.scene.b_new)
    sc2 = d2.scene
    assert (sc2.map_label, sc2.measure_label, sc2.squad_label) == (map_label, "Grid (2\" squares)", sc.squad_label)
    assert sc2.dd_map.selected_option[0] == map_label
    d2.step(2)
    d2.shot("setup-picks-kept")
    # a damaged or edited picks file gives the defaults, and stays as it is
    app2.shutdown()
    raw = b'{"format": "ruinstars-setup-picks", "version": 1, "forms": {"setup": {"map_label": "Mars", ' \
          b'"measure_label": ["x"], "squad_label": 7}}}'
    (saves_dir / "setup-picks.json").write_bytes(raw)
    app3 = make_app()
    d3 = Driver(app3)
    d3.step(2)
    d3.click(d3.scene.b_new)
    fresh = SetupScene(app3)
    assert (d3.scene.map_label, d3.scene.measure_label, d3.scene.squad_label) == \
        (fresh.map_label, fresh.measure_label, fresh.squad_label)
    assert (saves_dir / "setup-picks.json").read_bytes() == raw
