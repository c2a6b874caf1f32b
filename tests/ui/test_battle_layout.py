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
