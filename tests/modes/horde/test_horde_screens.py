"""The Horde screens, headless: the title screen's Horde entry, the setup (map, squad, co-op, high scores), the run's
battle, and the high-score table written when a run ends."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.driver import Driver, drawn_texts  # noqa: E402

pygame.init()


@pytest.fixture
def app(tmp_path, monkeypatch):
    import game.paths
    from game.ui.app import App
    from game.ui.settings import Settings
    d = tmp_path / "saves"
    monkeypatch.setattr(game.paths, "SAVES_DIR", d)
    pygame.event.clear()
    a = App(headless=True, saves_dir=d, settings=Settings(npc_speed="instant"), seed=24112)
    yield a
    a.shutdown()


def to_setup(d):
    from game.ui.setup_horde import HordeSetupScene
    d.step(2)
    d.click(d.scene.b_horde)
    assert isinstance(d.scene, HordeSetupScene)
    return d.scene


def top_bar_texts(sc) -> list[str]:
    """Every text the top bar draws, as drawn."""
    with drawn_texts(sc.app) as texts:
        sc.painter.panel._draw_top(sc.app.screen)
    return texts


def test_title_to_horde_setup_to_the_run(app):
    from game.ui.horde_battle import HordeBattleScene
    d = Driver(app)
    d.step(2)
    d.shot("horde-title")
    setup = to_setup(d)
    assert list(setup.maps) == ["Last Stand", "Weapons Manufacture", "Containment Breach", "Supply Corridor"]
    assert "No run on this battlefield yet" in setup.scores_box.html_text
    d.shot("horde-setup")
    setup.e_seed.set_text("4")
    d.click(setup.b_start)
    sc = d.scene
    assert isinstance(sc, HordeBattleScene)
    m = sc.match
    assert m.scenario.mission == "horde" and m.scenario.map == "horde-last-stand.tmx" and m.phase == "deploy"
    d.click(sc.b_auto)
    d.click(sc.b_start)
    d.step(5)
    d.shot("horde-wave-1")
    assert m.mission_state["wave"] == 1 and m.units("horde")
    summary = m.mission.summary(m)
    assert summary.turn_text.startswith("Wave 1 of 12 (Act 1), Turn 1")
    # the top bar counts the wave's Turns, not the run's (Turn Events and reinforcements go by the wave's)
    assert "WAVE 1 · TURN 1" in top_bar_texts(sc)
    m.turn += 5  # the run's own count runs on over the waves; the top bar does not show it
    assert "WAVE 1 · TURN 1" in top_bar_texts(sc) and not any(t.startswith("TURN") for t in top_bar_texts(sc))
    m.turn -= 5
    # a Downed unit is drawn lying on its side
    victim = m.units("player")[0]
    with m._in_world():
        m.health(victim).hit = 0
        m.down(victim)
    d.step(2)
    assert sc.draw_downed(app.screen) == 1
    d.shot("horde-downed")
    # the Horde plays by its own Behaviours, and the screen says which line each unit followed
    from game.ai.horde import HordeController
    from game.ai.horde_squad import HordeSquadController
    assert isinstance(sc.session.controllers["horde"], HordeController)
    sc.play_by_computer("player", HordeSquadController("player"))
    for _ in range(400):
        d.step(1)
        if "Behavior line" in sc.npc_line:
            break
    assert "Behavior line" in sc.npc_line
    d.shot("horde-npc-line")


def test_coop_choices_and_a_clear_message_without_mini_rosters(app):
    d = Driver(app)
    setup = to_setup(d)
    setup.players_label = "2 players"
    setup.build_ui()
    assert setup.dd_coop is not None and setup.dd_squad is not None  # a shared squad by default
    setup.coop_label = "A mini squad each"
    setup.build_ui()
    assert len(setup.dd_minis) == 2 and setup.dd_squad is None
    d.shot("horde-setup-coop")
    d.click(setup.b_start)
    assert d.scene is setup and app.dialog_open  # no 50 GP roster yet: the player is told, nothing breaks


def test_a_finished_run_goes_into_the_high_score_table(app):
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import play
    from game.persistence.horde_scores import load_scores, scores_path
    from game.ui.horde_battle import HordeBattleScene
    m = create_match(build_scenario("horde", map_name="horde-supply-corridor.tmx"), 9)
    play(m)
    sc = HordeBattleScene(app, m)
    app.replace(sc)
    assert sc.record_run() is not None and sc.record_run() is None  # once
    rows = load_scores(scores_path(app.saves_dir))["horde-supply-corridor.tmx"]
    assert rows[0]["waves_cleared"] == m.mission_state["waves_cleared"] and rows[0]["mp"] == \
        m.mission_state["mp_earned"]
    from game.ui.title import TitleScene
    app.replace(TitleScene(app))
    d = Driver(app)
    setup = to_setup(d)
    setup.map_label = "Supply Corridor"
    setup.build_ui()
    assert "1. " in setup.scores_box.html_text and f"{rows[0]['waves_cleared']} waves" in setup.scores_box.html_text
    d.shot("horde-high-scores")


def test_a_broken_high_score_file_is_reported_and_kept(app):
    from game.persistence.horde_scores import scores_path
    path = scores_path(app.saves_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken")
    d = Driver(app)
    setup = to_setup(d)
    assert "cannot be read" in setup.scores_box.html_text and path.read_text() == "{broken"


def test_tab_reaches_a_downed_unit_that_can_still_act(app):
    """The last Ready unit is Downed but can revive itself: Tab selects it (not "No Ready unit left")."""
    import pygame

    from game.match import commands as C
    d = Driver(app)
    setup = to_setup(d)
    setup.e_seed.set_text("4")
    d.click(setup.b_start)
    sc = d.scene
    m = sc.match
    d.click(sc.b_auto)
    d.click(sc.b_start)
    for _ in range(600):
        d.wait_banners()
        if m.waiting_for() == "player" and m.prompt is None and m.active_unit is None:
            break
        d.step(1)
    us = m.units("player")
    downed = us[0]
    with m._in_world():
        m.health(downed).hit = 0
        m.down(downed)
        for u in us[1:]:
            m.readiness(u).ready = False
    sc.refresh_units()
    sc.version += 1
    assert [c.uid for c in m.legal_commands("player") if isinstance(c, C.Activate)] == [downed]
    sc.select(None, None)
    d.key(pygame.K_TAB)
    assert sc.selected == downed
    d.step(2)
    d.shot("horde-tab-to-the-downed")


def test_the_defeat_screen_counts_downed_units_apart_and_names_the_turns(app):
    """A run lost with every unit Downed: the results say 0 standing and how many are Downed (as the panel does),
    and the Turn of the run and the Turn of the wave each say which they are."""
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import play
    from game.ui.horde_battle import HordeBattleScene
    from game.ui.results_scene import ResultsScene
    m = create_match(build_scenario("horde", map_name="horde-supply-corridor.tmx"), 9)
    play(m)
    assert m.result is not None and m.result.outcome == "defeat"
    down = m.units("player", downed=True)
    n = len([u for u in m.all_units_of("player")])
    standing = m.units("player")
    sc = HordeBattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    for _ in range(600):
        if isinstance(d.scene, ResultsScene):
            break
        d.wait_banners()
        d.step(1)
    res = d.scene
    assert isinstance(res, ResultsScene)
    html = res.summary
    line = f"{len(standing)} of {n} standing" + (f", {len(down)} Downed" if down else "")
    assert line in html and f"{len(standing)} units standing, {len(down)} Downed".replace("1 units", "1 unit") in html
    for u in down:
        assert f"{m.unit(u).name}: Downed" in html
    assert f"Turn {m.mission_state['wave_turn']} of the wave" in html and f"on Turn {m.turn}" in html
    assert f"<b>Mission Points</b>: {m.side_name('player')} " in html  # the side's name, not its id
    d.step(2)
    d.shot("horde-defeat-results")


def test_the_setup_shows_the_missions_own_briefing(app):
    from pygame_gui.elements import UITextBox

    import game.ui.setup_horde as setup_horde
    from game.modes.horde.mission import HordeMission
    from game.ui.scene import _elements
    d = Driver(app)
    setup = to_setup(d)
    texts = [el.html_text for el in _elements(setup.root) if isinstance(el, UITextBox)]
    assert any(HordeMission.briefing[:60] in t and "wave 12" in t for t in texts)
    assert not hasattr(setup_horde, "BRIEF"), "no copy of the rules kept in the screen"


def test_the_high_score_table_counts_waves_in_words(app, tmp_path):
    from game.persistence.horde_scores import record_run, scores_path
    from game.ui.setup_horde import high_scores_html
    row = {"squad": "Interdictors", "waves_cleared": 1, "mp": 4, "bosses": [], "units_lost": 0,
           "outcome": "defeat", "wave_reached": 2, "seed": 1, "when": "2026-01-01T10:00"}
    record_run(scores_path(app.saves_dir), "horde-last-stand.tmx", row)
    html = high_scores_html(app, "horde-last-stand.tmx")
    assert "Interdictors: 1 wave, 4 MP" in html and "1 waves" not in html


def test_the_mission_box_shows_its_whole_title_and_turn_at_a_large_scale(tmp_path):
    """At UI scale 1.5 the Horde box's title and its long Turn line wrap ("Horde Mode: Last ..." and "Turn 1 o" were
    cut)."""
    from game.headless import build_scenario
    from game.modes import create_match
    from game.ui.app import App
    from game.ui.settings import Settings
    from tests.ui.driver import open_battle
    app = App(headless=True, saves_dir=tmp_path, settings=Settings(npc_speed="instant", ui_scale=1.5), seed=3)
    try:
        m = create_match(build_scenario("horde", map_name="horde-last-stand.tmx"), 7, app.catalog, prepare=True)
        d, sc = open_battle(app, m, frames=2)
        s = sc.mission_summary()
        for fold in (False, True):
            with drawn_texts(app) as texts:
                sc.painter.summary._render(s, sc.painter.summary.width(), fold)
            words = " ".join(texts).split()
            assert not any(t.endswith("...") for t in texts), texts
            assert all(w in words for w in s.title.split() + s.turn_text.split()), texts
    finally:
        app.shutdown()
