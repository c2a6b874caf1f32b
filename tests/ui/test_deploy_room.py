"""A battlefield with no room for the squad's deployment: the match says so (no query raises), and the setup
screen refuses to start with the reason instead of crashing (issue: deployment that cannot happen)."""
from game.match import commands as C
from game.modes import create_match, first_mission_scenario
from game.ui.setup_scene import SetupScene

from .driver import Driver


def test_no_room_to_deploy_is_told_not_raised():
    m = create_match(first_mission_scenario(map_name="horde-containment-breach.tmx", measure="grid"), 1)
    try:
        deploys = [c for c in m.legal_commands("player") if isinstance(c, C.Deploy)]  # this raised before
        assert 0 < len(deploys) < len(m.undeployed("player"))
        assert "room for only 3 of 4 units" in m.deployment_problem("player")
    finally:
        m.close()


def test_the_setup_screen_refuses_a_combination_that_cannot_deploy(make_app, monkeypatch):
    app = make_app()
    d = Driver(app)
    app.push(SetupScene(app))
    d.step(2)
    sc = d.scene
    monkeypatch.setattr(sc, "scenario", lambda: first_mission_scenario(map_name="horde-containment-breach.tmx",
                                                                       measure="grid"))
    sc.start()
    d.step(2)
    assert d.scene is sc, "the battle did not start"
    assert "room for only 3 of 4 units" in app.last_dialog
    d.shot("setup-no-room-to-deploy")
