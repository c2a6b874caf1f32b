"""The screen is drawn when something changes or moves, not sixty times a second while the player thinks: frames
drawn are counted while no input comes (the CPU it saves is measured in bench/bench_ui.py, not asserted)."""
import pygame

from game.ui.app import GRACE, PULSE_DT

from .driver import Driver
from .test_skills_ui import interdictors_battle

SECONDS = 3
FRAMES = int(SECONDS * 60)


def idle_frames_drawn(d: Driver) -> int:
    """Frames drawn in 3 s (at 60 frames a second) with no input, after the moment that follows input."""
    d.step(int(GRACE * 60) + 5)
    before = d.app.frames_drawn
    d.step(FRAMES)
    return d.app.frames_drawn - before


def test_an_idle_battle_screen_is_not_redrawn(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    d.move_mouse(sc.layout["hint"].center)
    assert idle_frames_drawn(d) == 0, "nothing changes: nothing is drawn"
    # a selected unit's ring pulses: a few frames a second, not sixty
    m = sc.match
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    p = m.position(leader)
    d.click_board(p.x, p.y)
    d.move_mouse(sc.layout["hint"].center)
    n = idle_frames_drawn(d)
    assert 0 < n <= SECONDS / PULSE_DT + 2
    # input draws at once
    before = app.frames_drawn
    d.hover_board(p.x + 2.0, p.y)
    assert app.frames_drawn > before


def test_changes_without_input_are_drawn(make_app, monkeypatch):
    import game.ui.app
    monkeypatch.setattr(game.ui.app, "GRACE", 0.05)  # the moment after input ends at once: only changes draw
    app = make_app(npc_speed="slow")  # an NPC step a second
    d = Driver(app)
    sc = interdictors_battle(d)
    d.key(pygame.K_TAB)
    d.end_activation()
    assert sc.match.waiting_for() == "npc"
    d.move_mouse(sc.layout["hint"].center)
    d.step(5)
    drawn_at = {}
    for _ in range(300):
        v = sc.version
        before = app.frames_drawn
        d.step(1)
        if sc.version != v:
            drawn_at[sc.version] = app.frames_drawn > before
    assert len(drawn_at) >= 2, "the NPCs acted"
    assert all(drawn_at.values()), "each step is drawn as it happens"
    # a toast shows and fades without input
    d.step(240)
    before = app.frames_drawn
    app.toast("Saved: test")
    d.step(30)
    assert app.frames_drawn - before >= 25


def test_title_screen_idle(app):
    d = Driver(app)
    d.step(2)
    assert idle_frames_drawn(d) == 0
    d.move_mouse(d.scene.b_new.rect.center)  # hovering a button: drawn at once
    assert app.frames_drawn > 0
