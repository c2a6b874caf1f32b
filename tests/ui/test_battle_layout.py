"""The battle screen's layout: the table fills the room it has and is fitted again when the window grows; at the
960x600 minimum the mission box folds to its title line and the table is fitted under it (the box never covers
the table); the camera comes back to the person's units when their decision starts; the question box about dice
stays in one place while its dice are picked."""
import pygame
import pytest

from game.headless import build_scenario
from game.modes import create_match
from game.ui.battle import BattleScene

from .driver import Driver


def table_rect(sc) -> pygame.Rect:
    cam = sc.camera
    bf = sc.match.table.battlefield
    (x0, y0), (x1, y1) = cam.to_screen(0, 0), cam.to_screen(bf.width, bf.height)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def pve_battle(app, size, seed=4):
    app.resize(*size)
    m = create_match(build_scenario("pve", options={"battlefield": "ruined-city"}, controller="person"), seed,
                     app.catalog, prepare=True)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    return d, sc


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_mission_box_never_covers_the_fitted_table(make_app, size):
    app = make_app()
    d, sc = pve_battle(app, size)
    table, box, view = table_rect(sc), sc.painter.summary.rect, sc.layout["view"]
    assert box.w > 0 and not box.colliderect(table), f"the mission box covers the table at {size}"
    assert view.contains(table)
    # the table fills its room: one side of it spans the view but for the margins and the box's room (to an inch)
    inch = sc.camera.ppi
    assert table.h >= view.h - 32 - sc.painter.summary.header_height() - sc.px(16) - inch or \
        table.w >= view.w - 32 - box.w - sc.px(8) - inch
    if size == (960, 600):
        assert sc.camera.cramped and sc.painter.summary.is_folded(), "a narrow view: the box folds to its title"
        d.click(box.center)  # the player may open it (over the table, by their own choice) and fold it again
        assert not sc.painter.summary.is_folded()
        d.click(sc.painter.summary.rect.center)
        assert sc.painter.summary.is_folded()
    d.shot(f"layout-table-{size[0]}x{size[1]}")


def test_the_table_is_fitted_again_when_the_window_grows(make_app):
    app = make_app()
    d, sc = pve_battle(app, (960, 600))
    small = table_rect(sc)
    app.resize(1600, 1000)
    d.step(2)
    big = table_rect(sc)
    assert big.h > small.h * 1.5 and sc.layout["view"].contains(big)
    assert not sc.painter.summary.rect.colliderect(big)
    # zoomed by hand, the table keeps the player's zoom and centre instead
    sc.camera.zoom_at(2, *sc.layout["view"].center)
    ppi = sc.camera.ppi
    app.resize(1700, 1050)
    d.step(2)
    assert sc.camera.ppi >= ppi and not sc.camera.fitted


def test_the_camera_comes_back_to_the_persons_units_when_their_decision_starts(app):
    from .test_hotseat import open_scene, take_seat
    from .test_hotseat_seats import TWO_ATTACKS, two_people
    m = two_people(TWO_ATTACKS)
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    ana, ben = m.units("A")[0], m.units("B")[0]
    p = m.position(ana)
    d.click_board(p.x, p.y)
    view = sc.layout["view"]
    sc.camera.zoom_at(4, view.x + 2, view.y + 2)  # Ana looks far into a corner of the table
    sc.camera.pan(view.w, view.h)
    d.step(2)
    b = m.position(ben)
    assert not sc.framing.prompt_area().collidepoint(sc.camera.to_screen(b.x, b.y)), "(the test needs Ben's unit out of view)"
    d.end_activation()
    take_seat(d, "Ben")
    for _ in range(60):  # the camera glides
        d.step(1)
    assert sc.framing.prompt_area().collidepoint(sc.camera.to_screen(b.x, b.y)), "Ben's decision: his unit is in view"
    d.shot("layout-camera-back-to-ben")


def _ben_asked_about_his_saves(app):
    """Ana fights: 3 Strikes (2, 2, 3); Ben, asked about every save, saves vs ARM 3 with a 1 (saved), a 5 and a 6:
    (driver, scene, match, Ana's unit's and Ben's unit's places) with Ben's save question open."""
    import pygame
    from .test_hotseat import A_FIRST, TO_A_NONE_B_THREE, open_scene, take_seat
    from .test_hotseat_seats import two_people
    from game.ui.battle.handover import HandoverScene
    m = two_people(TO_A_NONE_B_THREE + A_FIRST + [2, 2, 3] + [1, 5, 6] + [6] * 40)
    app.settings.set_ask_saves("Ben", "always")
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    a, b = m.units("A")[0], m.units("B")[0]
    p, t = m.position(a), m.position(b)
    d.click_board(p.x, p.y)
    d.key(pygame.K_f)
    d.click_board(t.x, t.y)
    for _ in range(8):
        d.step(1)
        if isinstance(d.scene, HandoverScene):
            take_seat(d, "Ben")
            break
    assert m.prompt is not None and m.prompt.side == "B" and sc.prompt_panel.active
    return d, sc, m, p, t


def test_a_long_dice_summary_is_shown_whole_at_the_smallest_window(app, monkeypatch):
    """The summary beside Accept gets the lines it needs and the box grows for them (a save summary with Rending
    was cut at 960x600)."""
    import dataclasses
    from game.ui import prompt_dice
    real = prompt_dice.dice_question

    def long_summary(*args, **kwargs):
        q = real(*args, **kwargs)
        return dataclasses.replace(q, summary=q.summary + " Rending: each Critical Strike is 1 more Damage that no "
                                   "save can block; those Criticals are rolled again as ordinary dice, and the rest "
                                   "of the summary goes on for another line or two at this size.")
    monkeypatch.setattr(prompt_dice, "dice_question", long_summary)
    app.resize(960, 600)
    d, sc, m, _, _ = _ben_asked_about_his_saves(app)
    d.step(3)
    cut = [c for c in sc.drawn.cuts if c.where == "question"]
    assert not cut, [c.shown for c in cut]
    d.shot("layout-dice-question-long-summary-960")


def test_the_dice_question_stays_in_one_place_while_its_dice_are_picked(app):
    import pygame
    d, sc, m, p, t = _ben_asked_about_his_saves(app)
    spots = set()
    for i, key in enumerate((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_1)):
        d.key(key)
        r = sc.prompt_panel.rect
        spots.add((r.x, r.y, tuple(dr.topleft for dr in sc.prompt_panel.die_rects)))
        if i == 0:  # Ben pans the table: his unit now lies under the box (a new question would dodge it)
            sx, sy = sc.camera.to_screen(t.x, t.y)
            sc.camera.pan(r.centerx - sx, r.centery - sy)
            d.step(2)
    assert len(spots) == 1, f"the box and its dice moved as the dice were picked: {spots}"
    d.shot("layout-dice-question-in-place")
