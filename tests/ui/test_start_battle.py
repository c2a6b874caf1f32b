"""The setups' one way into a battle (launch.start_battle): a scenario that makes no match says why in a dialog and
the setup stays; a good one opens the battle screen of its mode."""
import game.modes
from game.modes import first_mission_scenario
from game.modes.horde.setup import horde_scenario
from game.ui.app import App
from game.ui.battle import BattleScene
from game.ui.horde_battle import HordeBattleScene
from game.ui.launch import start_battle
from game.ui.setup_scene import SetupScene


def app_at_setup(tmp_path):
    app = App(headless=True, saves_dir=tmp_path / "saves")
    app.push(SetupScene(app))
    app.step(1)
    return app


def test_a_broken_map_is_named_in_a_dialog_and_the_setup_stays(tmp_path, monkeypatch):
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "cracked.tmx").write_text("<map version='1.10' width='12'", encoding="utf-8")
    monkeypatch.setattr(game.modes, "MAPS_DIR", maps)
    app = app_at_setup(tmp_path)
    sc = first_mission_scenario(map_name="cracked.tmx")
    assert sc.map == "cracked.tmx"
    assert not start_battle(app, sc, 3)
    assert isinstance(app.top, SetupScene)
    assert "cracked.tmx" in app.last_dialog


def test_a_good_scenario_opens_its_modes_battle_screen(tmp_path):
    app = app_at_setup(tmp_path)
    assert start_battle(app, first_mission_scenario(), 3)
    assert type(app.top) is BattleScene and app.top.match.scenario.mission == "first-mission"
    app.top.match.close()
    app.push(SetupScene(app))
    assert start_battle(app, horde_scenario(), 3, "Cannot start this run")
    assert isinstance(app.top, HordeBattleScene)
    app.top.match.close()
