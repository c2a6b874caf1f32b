"""Saves seen from the UI: a broken or future save shows its problem in a dialog and is left byte-identical;
Continue loads the newest save; an autosave is written at each Turn start."""
import json

import pygame

from game.modes import create_match, first_mission_scenario
from game.persistence.saves import AUTOSAVE, save_match
from game.ui.battle import BattleScene
from game.ui.menus import LoadScene, TitleScene

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
    data["commands"] = [{"type": "NoSuchCommand"}]
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


def test_future_version_save_shows_message_and_is_untouched(app, saves_dir):
    good, _ = _good_save(saves_dir)
    future = saves_dir / "future.json"
    data = json.loads(good.read_text())
    data["version"] = 99
    data["saved_at"] = "2999-01-01T00:00:00+00:00"  # the newest: Continue picks it
    future.write_text(json.dumps(data))
    before = future.read_bytes()
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    title = d.scene
    assert isinstance(title, TitleScene)
    assert title.saves[0].path == future
    d.click(title.b_continue)
    assert isinstance(d.scene, TitleScene)
    assert app.dialog_open and "newer version" in app.last_dialog
    assert future.read_bytes() == before
    # Esc closes the dialog
    d.key(pygame.K_ESCAPE)
    assert not app.dialog_open


def test_unparseable_file_is_not_listed_but_never_changed(app, saves_dir):
    junk = saves_dir / "junk.json"
    saves_dir.mkdir(parents=True, exist_ok=True)
    junk.write_bytes(b"{not json")
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_load)
    assert isinstance(d.scene, LoadScene)
    assert all(s.path != junk for s in d.scene.saves)
    assert junk.read_bytes() == b"{not json"


def test_continue_loads_the_newest_save(app, saves_dir):
    path, h = _good_save(saves_dir, "older", seed=5)
    newest, h2 = _good_save(saves_dir, "newest", seed=6)
    data = json.loads(newest.read_text())
    data["saved_at"] = "2999-01-01T00:00:00+00:00"
    newest.write_text(json.dumps(data))
    d = Driver(app)
    d.step(2)
    app.top.build_ui()
    d.click(d.scene.b_continue)
    sc = d.scene
    assert isinstance(sc, BattleScene)
    assert sc.match.seed == 6 and sc.match.state_hash() == h2


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
    assert json.loads(auto.read_text())["turn"] == 1
