"""A unit with more actions than the right panel has room for (Horde adds a dozen: Revive, Open Crate, Calibrate
Pylon, Medpack, Turret...): the list shows the rows that fit above the end button, the wheel over it scrolls to every
other, and the preview box under it keeps its lines (the odds while aiming) and the log its least room, on the
screen, at the UI's largest scale."""
import pygame
import pytest

from game.modes.horde.setup import horde_scenario
from game.ui.launch import start_battle
from game.ui.setup_scene import SetupScene

from .driver import Driver


def horde_turn(app):
    app.push(SetupScene(app))
    d = Driver(app)
    d.step(1)
    assert start_battle(app, horde_scenario(), 4, "Cannot start this run")
    sc = d.scene
    d.step(3)
    d.click(sc.panel.b_auto)
    d.step(3)
    d.click(sc.panel.b_start)
    for _ in range(600):
        m = sc.match
        if m.prompt is None and m.waiting_for() == "player" and m.activation is None and m.phase == "battle":
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        d.step(1)
    d.key(pygame.K_TAB)
    d.step(3)
    assert sc.selected is not None
    return d, sc


def wheel(d, pos, dy, times=1):
    d.move_mouse(pos)
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                             precise_y=float(dy)))
        d.step(1)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_action_is_reachable_and_the_odds_box_stays_on_screen(make_app, scale):
    app = make_app(ui_scale=scale)
    app.resize(1280, 800)
    d, sc = horde_turn(app)
    screen = app.screen.get_rect()
    panel = sc.panel
    keys = [st.key for st in panel.actions]
    assert len(keys) > 14, "a Horde unit has a long list"
    reached = set()
    end = panel.b_end.rect
    for _ in range(len(keys)):
        shown = [(b, k) for b, k in panel.buttons.items() if b.visible]
        for b, k in shown:
            assert screen.contains(b.rect) and b.rect.bottom <= end.top, f"{k} is shown off the list"
            reached.add(k)
        wheel(d, shown[0][0].rect.center, -1)
        assert panel.b_end.rect == end, "the end button stays under the list"
    assert reached == set(keys), f"never shown: {set(keys) - reached}"
    assert screen.contains(panel.b_end.rect)
    info, log = sc.layout["info"], sc.layout["log"]
    lh = app.text.line_height(12)
    assert info.h >= 5 * lh and screen.contains(info), "the preview box has room for the odds' lines"
    assert screen.contains(log) and log.h >= sc.px(60), "the log keeps its least room"
    assert not info.colliderect(sc.layout["actions"])
    wheel(d, shown[0][0].rect.center, 1, len(keys))
    first_shown = next(b for b in panel.buttons if b.visible)
    assert first_shown is next(iter(panel.buttons)), "the wheel the other way goes back to the top"
    d.shot(f"action-list-room-{scale}")
