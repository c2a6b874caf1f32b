"""A battle frame drawn in parts (only the rectangles that changed: App._draw, view/damage.py) is the same picture, pixel
for pixel, as the whole screen drawn again: while bases glide, after the camera pans, as commands land and the screen
reads them (the bases, the panel's regions, the log, the buttons changing), as the threat overlay updates, with it on
and off. Every frame of a computer-against-computer game is checked as it is drawn."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.modes import create_match, first_mission_scenario
from tests.ui.driver import open_battle

OUT = Path(__file__).resolve().parent.parent / "output" / "draw_parts"


def _diff_box(a: pygame.Surface, b: pygame.Surface):
    """The bounding box of the pixels that differ between two pictures of the same size, or None."""
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return None
    w, h = a.get_size()
    pa, pb = pygame.PixelArray(a), pygame.PixelArray(b)
    xs, ys = [], []
    for x in range(0, w):
        col_a, col_b = pa[x], pb[x]
        for y in range(h):
            if col_a[y] != col_b[y]:
                xs.append(x)
                ys.append(y)
    del pa, pb
    return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else None


class Checker:
    """Steps the app a frame at a time; after each frame drawn in parts, the screen is kept, the whole frame drawn
    again over it and the two compared."""

    def __init__(self, app, sc) -> None:
        self.app, self.sc = app, sc
        self.parts = self.whole = self.commands = 0
        self.keyed = 0  # frames drawn in parts though the scene's redraw key changed (a command landed, the overlay)
        self.landing = 0  # ... of them, frames in which a command landed or the screen read it
        self.saved = False
        self.rects: list = []  # the parts the last frame drawn in parts drew

    def frames(self, n: int, name: str) -> None:
        app, m = self.app, self.sc.match
        for _ in range(n):
            if m.phase == "over" or app.top is not self.sc:
                return
            if self.sc.effects.banner is not None:
                self.sc.effects.dismiss()
            before = len(m.log)
            drawn = app.frames_drawn
            key = self.sc.redraw_state()[1]
            reading = self.sc.landing.pending
            app.step(1)
            self.commands += len(m.log) > before
            if app.frames_drawn == drawn:
                continue
            if app.drawn_rects is None:
                self.whole += 1
                continue
            self.parts += 1
            if self.sc.redraw_state()[1] != key:
                self.keyed += 1
                self.landing += len(m.log) > before or reading
            self.rects = list(app.drawn_rects)
            parts = app.screen.copy()
            app._draw()  # the whole frame (nothing moves on: the frame's time was taken by the first drawing)
            box = _diff_box(parts, app.screen)
            if box is not None or (not self.saved and self.sc.table_view.world.gliding()):
                OUT.mkdir(parents=True, exist_ok=True)
                pygame.image.save(parts, str(OUT / f"{name}-parts.png"))
                pygame.image.save(app.screen, str(OUT / f"{name}-whole.png"))
                self.saved = True
            assert box is None, f"{name}: the frame drawn in {self.rects} differs from the whole in {box}"


def _battle(make_app, threat: bool):
    app = make_app(npc_speed="normal")
    m = create_match(first_mission_scenario(), 5, prepare=True)
    d, sc = open_battle(app, m, computer_plays_people=True)
    sc.ahead.threat_on = threat
    return app, d, sc


def test_a_frame_drawn_in_parts_is_the_whole_frame_while_the_computer_plays_with_the_threat_overlay(make_app):
    app, d, sc = _battle(make_app, threat=True)
    ck = Checker(app, sc)
    ck.frames(900, "threat-on")
    assert ck.commands >= 5, "commands landed while the frames were checked"
    assert ck.parts >= 100 and ck.whole >= 5, (ck.parts, ck.whole)
    # the frames in which a command landed or was read, or the overlay changed, drawn in parts too
    assert ck.keyed >= 30 and ck.landing >= 15, (ck.keyed, ck.landing)


def test_a_frame_drawn_in_parts_is_the_whole_frame_without_the_overlay_and_after_a_pan(make_app):
    app, d, sc = _battle(make_app, threat=False)
    ck = Checker(app, sc)
    ck.frames(300, "threat-off")
    cam = sc.camera
    for k in range(6):  # the camera pans a little, frames go on between
        cam.ox += 37
        cam.oy -= 11
        app.step(1)
        assert app.drawn_rects is None, "a pan draws the whole screen"
        ck.frames(40, f"pan-{k}")
    assert ck.parts >= 50, (ck.parts, ck.whole)


def test_gliding_bases_are_drawn_in_parts_over_the_kept_board(make_app):
    """The bases of a Move glide: the frames draw only around them (their old and new places, the path ahead), the
    rest of the screen is left as it was."""
    from game.match import events as E
    app, d, sc = _battle(make_app, threat=False)
    for _ in range(3000):  # the computer deploys both sides
        if sc.match.phase == "battle":
            break
        d.wait_banners()
        app.step(1)
    sc.turns.update = lambda dt: None  # (nobody acts now: only the glides move)
    sc.ahead.update = lambda spent_ms=0.0: None
    for _ in range(300):  # whatever moved settles
        d.wait_banners()
        app.step(1)
    assert sc.match.phase == "battle" and not sc.moving()
    movers = [v for v in sc.units if not v.item][:3]
    events = [E.Moved(v.uid, v.name, v.side, ((v.x, v.y, v.z), (v.x + 2, v.y + 1, v.z), (v.x + 3, v.y - 1, v.z)),
                      "move") for v in movers]
    sc.table_view.feed(events, dict(sc.by_uid))
    ck = Checker(app, sc)
    ck.frames(40, "glide")
    assert ck.parts >= 20
    view = sc.layout["view"]
    assert ck.rects and sum(r.w * r.h for r in ck.rects) < view.w * view.h / 2


def test_a_pulsing_ring_is_drawn_in_parts_around_its_base(make_app):
    """A selected unit's ring pulses a few times a second: only around its base."""
    app, d, sc = _battle(make_app, threat=True)
    for _ in range(3000):
        if sc.match.phase == "battle":
            break
        d.wait_banners()
        app.step(1)
    sc.turns.update = lambda dt: None
    sc.ahead.update = lambda spent_ms=0.0: None
    for _ in range(300):
        d.wait_banners()
        app.step(1)
    uid = next(v.uid for v in sc.units if not v.item and v.uid != sc.match.active_unit)
    sc.select(uid)
    app.step(90)  # (the change of selection drawn whole)
    assert sc.redraw_state()[0] == "pulsing"
    ck = Checker(app, sc)
    ck.frames(60, "pulse")
    assert ck.parts >= 5 and ck.whole == 0, (ck.parts, ck.whole)
    v = sc.by_uid[uid]
    x, y = sc.camera.to_screen(v.x, v.y)
    assert ck.rects and all(r.collidepoint(x, y) for r in ck.rects)
    assert sum(r.w * r.h for r in ck.rects) < 120 * 120


def test_a_horde_run_drawn_in_parts_is_the_whole_frame(make_app):
    """The Horde's screen draws its Downed units over the table (inside the part being drawn)."""
    from game.headless import build_scenario
    from game.modes.session import make_controller
    from game.ui.horde_battle import HordeBattleScene
    app = make_app(npc_speed="normal")
    m = create_match(build_scenario("horde", map_name="horde-last-stand.tmx", controller="computer"), 7,
                     app.catalog, prepare=True)
    sc = HordeBattleScene(app, m)
    app.replace(sc)
    for s in m.scenario.sides:
        if s.control == "person":
            sc.play_by_computer(s.side, make_controller(m, s.side, "computer"))
    sc.ahead.threat_on = True
    ck = Checker(app, sc)
    ck.frames(700, "horde")
    assert ck.commands >= 5 and ck.parts >= 50, (ck.commands, ck.parts, ck.whole)
    assert ck.keyed >= 20 and ck.landing >= 10, (ck.keyed, ck.landing)


def test_a_threat_area_opened_in_one_place_is_drawn_again_where_its_outline_changed(make_app):
    """A threat area's outline goes round its outside only: a ring opened at its foot turns the edge of its hole,
    far from the opening, into outline. The board's picture with the new areas differs from the last only inside
    the rectangles the painter names as changed (what a frame drawn in parts draws again)."""
    from game.ui.battle.foresight import RES, ThreatLayers
    app, d, sc = _battle(make_app, threat=True)
    p, cam = sc.painter.foresight, sc.camera
    bf = sc.match.table.battlefield
    size = (int(bf.width * RES), int(bf.height * RES))

    def layers(opened: bool) -> ThreatLayers:
        melee = pygame.Surface(size, pygame.SRCALPHA)
        ring = pygame.Rect(20, 20, 40, 40)
        melee.fill((255, 255, 255, 255), ring)
        melee.fill((0, 0, 0, 0), ring.inflate(-12, -12))  # the hole (a wall no one crosses, say)
        if opened:
            melee.fill((0, 0, 0, 0), (38, 50, 4, 12))  # a way into it from below
        return ThreatLayers(melee, pygame.Surface(size, pygame.SRCALPHA), {}, [])

    def board(t) -> pygame.Surface:
        return [pic for pic in p.stages(t, cam.ppi) if pic is not None][-1]

    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(board(layers(True)), str(OUT / "ring-opened.png"))
    for shown, now in ((layers(False), layers(True)), (layers(True), layers(False))):
        a, b = board(shown), board(now)
        assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
        rects = p.board_change(shown, now)
        assert rects is not None
        for r in rects:  # (on the screen: the board's picture is drawn at the camera's offset)
            hide = r.move(-int(cam.ox), -int(cam.oy))
            a.fill((0, 0, 0), hide)
            b.fill((0, 0, 0), hide)
        assert _diff_box(a, b) is None, f"the threat areas' pictures differ outside {rects}: in {_diff_box(a, b)}"
