"""The replay viewer (from the Load screen and the results screen) and the results' luck panel and report,
driven with posted mouse and key events; their screenshots are checked for content."""
import pygame
import pytest

from game.headless import play_headless
from game.match import events as E
from game.persistence.save_writing import save_match
from game.report import battle_report, facts_of, luck_of
from game.ui.luckpanel import side_lines
from game.ui.load_scene import LoadScene
from game.ui.results_scene import ResultsScene
from game.ui.title import TitleScene
from game.ui.replay import ReplayScene

from .driver import Driver
from .test_screens import colour_count, not_one_colour


@pytest.fixture(scope="module")
def finished():
    m = play_headless(7)
    yield m
    m.close()


def open_load(d):
    d.step(2)
    d.click(d.scene.b_load)
    assert isinstance(d.scene, LoadScene)
    return d.scene


def pick(d, ls, path):
    idx = next(i for i, s in enumerate(ls.saves) if s.path == path)
    d.click(ls.list.item_list[idx]["button_element"])


def log_text(sc) -> list[str]:
    return [e.plain for e in sc.log.entries]


def test_watch_a_save_as_a_replay_and_step_through_it(app, finished):
    path = save_match(finished, "finished-battle", app.saves_dir)
    d = Driver(app)
    ls = open_load(d)
    pick(d, ls, path)
    d.click(ls.b_replay)
    sc = d.scene
    assert isinstance(sc, ReplayScene)
    c = sc.cursor
    assert c.pos == 0 and c.length == len(finished.log)
    assert c.match.state_hash() != finished.state_hash()

    d.key(pygame.K_RIGHT)  # one action
    assert c.pos == 1 and c.match.log == finished.log[:1]
    d.key(pygame.K_LEFT)
    assert c.pos == 0
    d.key(pygame.K_3)  # Turn 3
    assert c.turn == 3 and c.match.turn == 3 and c.pos == c.turn_starts[3]
    assert "Turn 3" in log_text(sc)
    assert "Turn 4" not in log_text(sc)  # the log holds only what had happened
    d.key(pygame.K_DOWN)  # the next activation
    assert c.pos in c.groups and c.pos > c.turn_starts[3]
    after_group = c.pos
    d.key(pygame.K_UP)
    assert c.pos < after_group
    d.click(sc.buttons["end"])
    assert c.at_end and c.match.state_hash() == finished.state_hash()
    assert sc.log.entries[-1].plain == [e for e in finished.events if e.text][-1].text.strip()
    assert not sc.buttons["next"].is_enabled and sc.buttons["prev"].is_enabled
    d.click(sc.buttons["prev"])
    assert c.pos == c.length - 1
    d.key(pygame.K_HOME)
    assert c.pos == 0
    # a click on the timeline jumps there
    tl = sc.layout["timeline"]
    d.click((tl.x + tl.w // 2, tl.centery))
    assert abs(c.pos - c.length // 2) <= 1
    # play: the actions follow one another; Space pauses
    d.key(pygame.K_SPACE)
    assert sc.playing and sc.buttons["play"].text == "Pause"
    start = c.pos
    d.step(int(60 * 0.8 * 3) + 5)
    assert c.pos >= start + 3
    d.key(pygame.K_SPACE)
    assert not sc.playing
    stopped = c.pos
    d.step(120)
    assert c.pos == stopped
    # Esc: back to the Load screen, the save untouched
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LoadScene)
    assert c.match is None  # the replay's matches are closed


def test_after_steps_back_the_log_shows_its_last_lines_then_all_of_it(app, finished):
    from game.ui.replay import LOG_SETTLE, QUICK_LINES, open_match_as_replay
    d = Driver(app)
    d.step(2)
    open_match_as_replay(app, finished)
    sc = d.scene
    d.key(pygame.K_END)
    every = [e.plain for e in sc.entries[:sc.entry_marks[sc.cursor.marks[sc.cursor.pos]]]]
    assert log_text(sc) == every
    d.key(pygame.K_LEFT, frames=1)
    d.key(pygame.K_LEFT, frames=1)
    now = [e.plain for e in sc.entries[:sc.entry_marks[sc.cursor.marks[sc.cursor.pos]]]]
    assert len(now) > QUICK_LINES and log_text(sc) == now[-QUICK_LINES:]  # quick: the last lines
    d.step(int(LOG_SETTLE * 60) + 3)
    assert log_text(sc) == now  # the stepping stopped: all of it
    d.key(pygame.K_RIGHT)
    assert log_text(sc) == [e.plain for e in sc.entries[:sc.entry_marks[sc.cursor.marks[sc.cursor.pos]]]]


def test_the_replay_viewer_shows_the_table_the_log_and_the_last_action(app, finished):
    path = save_match(finished, "for-the-picture", app.saves_dir)
    d = Driver(app)
    ls = open_load(d)
    pick(d, ls, path)
    d.click(ls.b_replay)
    sc = d.scene
    c = sc.cursor
    # the first attack of Turn 2 that Took a unit Out: its action is the last one on show
    d.key(pygame.K_2)
    while not any(isinstance(e, E.TakenOut) for e in c.last_events()):
        d.key(pygame.K_RIGHT, frames=1)
        assert not c.at_end
    d.step(3)
    shot = pygame.image.load(str(d.shot("replay-viewer")))
    assert not_one_colour(shot)
    pal = app.palette
    view = sc.layout["view"]
    board = shot.subsurface(view)
    assert colour_count(board, pal.player, 12) > 200  # the squad's bases
    assert colour_count(board, pal.npc, 12) > 100  # the Bugs
    assert colour_count(board, pal.bad, 12) > 60  # the attack line and the cross of the unit Taken Out
    top = shot.subsurface(sc.layout["top"])
    assert colour_count(top, pal.text, 40) > 100  # "Replay: for-the-picture", "Turn 2 of 4 · action n of N"
    log = shot.subsurface(sc.layout["log"])
    assert colour_count(log, pal.bad, 20) > 20  # the "Taken Out" line of the log
    assert any("Taken Out" in t for t in log_text(sc)[-6:])
    timeline = shot.subsurface(sc.layout["timeline"])
    assert colour_count(timeline, pal.select, 20) > 20  # the Turn marks


def test_the_help_lists_the_replay_and_sound_controls(app):
    from game.ui.help_text import controls_html
    html = controls_html()
    for words in ("Replay: Left / Right", "Replay: 1-9", "Replay: Space", "Settings: Sound, Volume"):
        assert words in html


def test_a_broken_save_cannot_be_replayed_and_says_why(app):
    bad = app.saves_dir / "broken.json"
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "ruinstars-save", "version": 2}')
    d = Driver(app)
    ls = open_load(d)
    pick(d, ls, bad)
    d.click(ls.b_replay)
    assert isinstance(d.scene, LoadScene) and app.dialog_open
    assert "broken.json" in app.last_dialog and "missing" in app.last_dialog
    assert bad.read_text() == '{"format": "ruinstars-save", "version": 2}'


def results(app, d, match):
    app.replace(ResultsScene(app, match, "The battle is over."))
    d.step(3)
    sc = d.scene
    assert isinstance(sc, ResultsScene)
    return sc


def test_results_show_each_sides_luck_and_export_the_report(app):
    m = play_headless(7)
    d = Driver(app)
    sc = results(app, d, m)
    panel = sc.luck_panel
    assert [(s.side, s.overall.successes, s.overall.dice) for s in panel.luck] == \
        [(s.side, s.overall.successes, s.overall.dice) for s in luck_of(facts_of(m))]
    squad = panel.luck[0]
    assert side_lines(squad)[0] == (f"Attack dice: {squad.attack.successes} Strikes from {squad.attack.dice} dice "
                                    f"({squad.attack.expected:.1f} expected)")
    assert panel.turning is not None
    shot = pygame.image.load(str(d.shot("results-luck")))
    w, h = app.size
    pw = w // 2 - sc.px(40)
    luck_rect = pygame.Rect(sc.px(30), h - sc.px(40) - panel.height(pw), pw, panel.height(pw))
    area = shot.subsurface(luck_rect)
    assert colour_count(area, app.palette.player, 20) > 40  # the squad's name and its bar
    assert colour_count(area, app.palette.npc, 20) > 40  # the Bugs'
    assert colour_count(area, app.palette.select, 20) > 20  # "Turning point"
    # the report, written into the saves folder
    d.click(sc.b_report)
    files = list((app.saves_dir / "reports").glob("*.md"))
    assert len(files) == 1
    text = files[0].read_text(encoding="utf-8")
    assert text.startswith("# Battle report: Survive") and "## Luck" in text and "## Turning points" in text
    assert text == battle_report(facts_of(m, battlefield=text.split("**Battlefield**: ")[1].split(" (")[0]))
    assert any("reports/" in t.text for t in app.toasts)
    # and the replay of this very battle
    d.click(sc.b_replay)
    rp = d.scene
    assert isinstance(rp, ReplayScene) and rp.cursor.final_hash == m.state_hash()
    assert rp.cursor.label == "Survive, dice seed 7"
    d.click(rp.buttons["end"])
    assert rp.cursor.match.state_hash() == m.state_hash()
    d.click(rp.b_back)
    assert d.scene is sc
    d.click(sc.b_title)
    assert isinstance(d.scene, TitleScene)  # the results screen closed the match


def test_export_report_failure_is_a_message(app, monkeypatch):
    m = play_headless(3)
    d = Driver(app)
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    (app.saves_dir / "reports").write_text("not a folder")
    sc = results(app, d, m)
    d.click(sc.b_report)
    assert app.dialog_open and "could not be written" in app.last_dialog
    assert (app.saves_dir / "reports").read_text() == "not a folder"
    d.click(sc.b_title)


def test_new_mission_on_the_results_opens_the_setup_of_the_same_kind(app):
    from game.ui.setup_scene import SetupScene
    from game.ui.setup_pvp import PvpSetupScene
    d = Driver(app)
    for mission, scene in (("first-mission", SetupScene), ("pvp-rivals", PvpSetupScene)):
        m = play_headless(3, mission)
        sc = results(app, d, m)
        d.click(sc.b_new)
        assert type(d.scene) is scene, mission
