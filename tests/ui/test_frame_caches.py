"""The battle screen keeps pictures between frames (the table with its doors and grid, the background around it,
...): each is made again when what it shows changes, so nothing on screen is stale."""
from pathlib import Path

import pygame

from game.battlefield import load_battlefield
from game.ui.board import BoardRenderer
from game.ui.battle.painter import strips_around

from .driver import Driver, open_battle
from .test_skills_ui import interdictors_battle

MAPS = Path(__file__).resolve().parent.parent.parent / "maps"


def rift_renderer(app):
    bf = load_battlefield(MAPS / "pve-rift-30x22.tmx")
    return bf, BoardRenderer(bf, "inches", app.palette, app.text, app.sprites)


def test_the_table_picture_is_made_again_when_a_door_the_grid_or_the_zoom_changes(app):
    bf, r = rift_renderer(app)
    door = bf.doors[0]
    ppi = 30
    closed = {d.id: False for d in bf.doors}
    pic = r.board_picture(ppi, closed, False)
    assert r.board_picture(ppi, dict(closed), False) is pic, "nothing changed: the same picture"
    mid = (int(round((door.a[0] + door.b[0]) / 2 * ppi)), int(round((door.a[1] + door.b[1]) / 2 * ppi)))
    assert tuple(pic.get_at(mid))[:3] == (10, 10, 10), "a closed door: the dark hinge in its middle"
    opened = r.board_picture(ppi, closed | {door.id: True}, False)
    assert opened is not pic
    assert tuple(opened.get_at(mid))[:3] != (10, 10, 10), "the door opened: drawn open"
    # the grid painted in, then taken away again
    grid = r.board_picture(ppi, closed, True)
    plain = r.static_surface(ppi)
    line = (2 * ppi, 5 * ppi + ppi // 2)  # on the 2" line, away from the doors
    assert grid.get_at(line) != plain.get_at(line)
    assert r.board_picture(ppi, closed, False).get_at(line) == plain.get_at(line)
    # another zoom: a picture of its size
    assert r.board_picture(40, closed, False).get_size() == r.static_surface(40).get_size()
    # a picture with the threat areas painted in is the one the doors go on
    tinted = r.static_surface(ppi).copy()
    tinted.fill((200, 0, 0))
    out = r.board_picture(ppi, closed, False, static=tinted)
    assert tuple(out.get_at((3, 3)))[:3] == (200, 0, 0)
    assert tuple(out.get_at(mid))[:3] == (10, 10, 10)


def test_the_strips_around_the_table_cover_the_rest_of_the_view():
    view = pygame.Rect(0, 46, 870, 726)
    for covered in (pygame.Rect(30, 112, 810, 594), pygame.Rect(-50, 20, 2000, 2000), pygame.Rect(0, 0, 0, 0),
                    pygame.Rect(600, 500, 900, 900)):
        strips = [s for s in strips_around(view, covered) if s.w > 0 and s.h > 0]
        inside = covered.clip(view)
        area = sum(s.w * s.h for s in strips) + inside.w * inside.h
        assert area == view.w * view.h
        parts = strips + ([inside] if inside.w and inside.h else [])
        for i, a in enumerate(parts):
            assert view.contains(a)
            assert all(not a.colliderect(b) for b in parts[i + 1:])


def test_the_view_around_the_table_is_painted_every_frame(app):
    """Nothing of an earlier frame shows around the table: the background is painted, after a pan too."""
    d = Driver(app)
    sc = interdictors_battle(d)
    d.move_mouse(sc.layout["hint"].center)
    view = sc.layout["view"]
    for pan in ((0, 0), (-120, -80)):
        sc.camera.pan(*pan)
        app.screen.fill((255, 0, 255))
        app._redraw = True
        d.step(1)
        pix = pygame.PixelArray(app.screen)
        try:
            magenta = app.screen.map_rgb((255, 0, 255))
            left = [(x, y) for x in range(view.x, view.right, 7) for y in range(view.y, view.bottom, 7)
                    if pix[x, y] == magenta]
        finally:
            pix.close()
        assert not left, f"stale pixels in the view at {left[:3]}"
    bg = tuple(app.palette.bg)
    corner = (view.x + 2, view.bottom - 3)
    if not pygame.Rect(sc.camera.origin, sc.renderer.static_surface(sc.camera.ppi).get_size()).collidepoint(corner):
        assert tuple(app.screen.get_at(corner))[:3] == bg


def test_cards_are_kept_per_unit_and_made_again_when_the_match_changes(app, monkeypatch):
    from game.match import commands as C
    from game.ui.cardview import CardView
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    a, b = [u for u in m.units(sc.side) if m.readiness(u).ready][:2]
    made = []
    make = CardView._make
    monkeypatch.setattr(CardView, "_make", lambda self, match, uid, *rest: made.append(uid) or make(self, match, uid,
                                                                                                     *rest))
    card, w = sc.card, sc.layout["card"].w
    card.forget()
    ca = card.render(m, a, w, sc.version)
    ca_chips = list(card.chips)
    card.render(m, b, w, sc.version)
    assert card.render(m, a, w, sc.version) is ca, "hovering back: the card kept"
    assert card.chips == ca_chips, "with its chips (their rule texts)"
    assert made == [a, b]
    before = pygame.image.tobytes(ca, "RGBA")
    assert sc.submit(C.Activate(sc.side, a))  # the match changes: a is activating now
    now = card.render(m, a, w, sc.version)
    assert made == [a, b, a], "a new version: the card made again"
    assert pygame.image.tobytes(now, "RGBA") != before, "it shows the unit activating"


def test_the_bases_drawn_follow_a_pan_and_the_match(app):
    from game.match import commands as C
    d = Driver(app)
    sc = interdictors_battle(d)
    d.move_mouse(sc.layout["hint"].center)
    m = sc.match
    uid = next(u for u in m.units(sc.side) if m.readiness(u).ready)

    def entry():  # how the table's world drew the base in the last frame
        from game.ui.view.pictures import base_state
        v, pos, r_px, blits = sc.table_view.world.drawn_base(uid)
        return (v, pos, r_px, *base_state(sc.table_view.marks(), v), blits)

    v, pos, r_px, dim, ready, blits = entry()
    assert ready and blits[0][1].center == pos == sc.camera.to_screen(v.x, v.y)
    sc.camera.pan(30, -20)
    d.step(1)
    _, moved, *_ = entry()
    assert moved == (pos[0] + 30, pos[1] - 20), "panned: drawn where the base now is on screen"
    assert sc.submit(C.Activate(sc.side, uid))
    d.step(1)
    _, _, _, dim2, ready2, blits2 = entry()
    assert not ready2 and not dim2, "activating: its Ready light is off"
    assert blits2[0][0] is not blits[0][0], "a new picture of the base"
    assert blits2[0][0] is sc.renderer.unit_sprite(sc.by_uid[uid], sc.camera.ppi, False, False)


def test_hovering_another_base_paints_its_card_over_the_same_panel(app):
    """The card has a region of its own: going from base to base repaints the card, not the panel under it, and
    the panel shown is the one a full repaint gives."""
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    a, b = [u for u in m.units(sc.side)][:2]
    pp = sc.painter.panel
    d.hover_board(m.position(a).x, m.position(a).y)
    assert sc.sel.card_uid() == a
    panel_key, card_key = pp._keys["panel"], pp._keys["card"]
    d.hover_board(m.position(b).x, m.position(b).y)
    assert sc.sel.card_uid() == b
    assert pp._keys["card"] != card_key, "another card"
    assert pp._keys["panel"] == panel_key, "the panel under it left as it is"
    panel = sc.layout["panel"]
    shown = app.screen.subsurface(panel).copy()
    pp.forget()
    app._redraw = True
    d.step(1)
    assert pygame.image.tobytes(app.screen.subsurface(panel), "RGB") == pygame.image.tobytes(shown, "RGB")


def test_a_fading_toast_leaves_the_shared_text_picture_opaque(app):
    """The text pictures are shared (cached by text, size, colour): fading a toast fades a copy."""
    app.step(2)
    app.toast("Nothing to undo", "error")
    for _ in range(int(3.3 * 60)):  # into the fade
        app.step(1)
    assert app.toasts, "still showing, fading"
    shared = app.text.render("Nothing to undo", 14, (245, 245, 245), True)
    assert shared.get_alpha() in (None, 255)


def test_the_label_by_the_cursor_is_made_for_its_text(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    pp = sc.painter.panel
    pal = app.palette
    a = pp._label_picture("Scout  ·  HIT 2/2", pal.text)
    assert pp._label_picture("Scout  ·  HIT 2/2", pal.text) is a
    b = pp._label_picture("Scout  ·  HIT 1/2", pal.text)
    assert b is not a and pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    c = pp._label_picture("Scout  ·  HIT 1/2", pal.bad)
    assert tuple(c.get_at((0, c.get_height() // 2)))[:3] == tuple(pal.bad)[:3], "the rim in the label's colour"
    two = pp._label_picture("Scout\nNext: Behaviour line 1", pal.text)
    assert two.get_height() > b.get_height(), "a second line"


def test_work_ahead_waits_a_frame_for_the_mouse_s_own_work_but_never_stalls(app):
    """A frame that spent its budget on what is under the mouse (a new path) runs no slice of the work ahead; the
    next frame runs one whatever it spent, so the threat areas are worked out while the mouse sweeps."""
    from game.ui.battle.lookahead import BUDGET_MS
    d = Driver(app)
    sc = interdictors_battle(d)
    d.move_mouse(sc.layout["hint"].center)
    ahead = sc.ahead
    ahead.threat_on = True

    def slices():
        return sum(len(j.partial) + j.done for j in ahead.look.jobs.values())

    ahead.update(spent_ms=0.0)  # asked for, a first slice run
    assert ahead.busy and slices() >= 1
    n = slices()
    ahead.update(spent_ms=BUDGET_MS + 1)
    assert slices() == n, "the mouse's work took the frame: no slice"
    ahead.update(spent_ms=BUDGET_MS + 1)
    assert slices() > n, "but never two frames in a row"
    for _ in range(2000):
        if not ahead.busy:
            break
        ahead.update(spent_ms=BUDGET_MS + 1)
    assert not ahead.busy and ahead.result(ahead.threat_key()) is not None


def test_the_battle_screen_makes_its_fonts_ready_when_it_opens(app):
    """A font's first text costs about 5 ms: paid when the screen opens, not in the frame a number first rises."""
    from game.ui.battle.painter import FONTS

    from .test_screens import battle
    sc = battle(Driver(app))
    t = app.text
    for size, bold in FONTS:
        assert (max(6, int(round(size * t.scale))), bold) in t._fonts, (size, bold)
    assert sc.painter is not None


def test_the_text_cache_keeps_the_texts_used_lately_when_it_is_full():
    """A long battle renders more texts than the cache keeps (each log line is one): the oldest unused go, the names
    drawn every frame stay (emptying it all made one frame render every text on screen again)."""
    from game.ui.text import Text
    t = Text()
    name = t.render("Shooter", 10, (240, 240, 240), True)
    first_line = t.render("Bug 1 appears", 12)
    for k in range(Text.MAX_ENTRIES * 2):
        t.render(f"log line {k}", 12)
        if k % 100 == 0:
            assert t.render("Shooter", 10, (240, 240, 240), True) is name
    assert len(t._cache) <= Text.MAX_ENTRIES
    assert t.render("Shooter", 10, (240, 240, 240), True) is name, "used lately: kept"
    assert t.render("Bug 1 appears", 12) is not first_line, "not used since: rendered again"


def test_every_units_card_is_made_once_as_the_battle_screen_opens(make_app):
    """The texts of each unit's card are rendered when the screen opens: the card made again after a command (a new
    match version) renders no new text in the frame that shows it."""
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    app = make_app()
    m = create_match(build_scenario("pvp-secure-the-zone", default_squad("interdictors"),
                                    default_squad("krumpfists")), 3, prepare=True)
    d, sc = open_battle(app, m, computer_plays_people=True)
    uids = m.units(items=None, standing=False)
    assert m.phase in ("setup", "deploy") and len(uids) >= 10 and not sc.units, "(no unit on the table yet)"

    def new_texts() -> int:
        kept = len(app.text._cache)
        for uid in uids:
            sc.card.render(m, uid, sc.layout["card"].w, sc.version + 1, "", sc.sel.card_compact)
        return len(app.text._cache) - kept
    assert new_texts() == 0, "every card's texts were rendered as the screen opened"
    app.text._cache.clear()
    sc.card.forget()
    assert new_texts() > 5 * len(uids), "(cards made cold render their texts)"


def test_a_battle_opened_before_its_deployment_has_the_deployment_buttons_shapes_drawn_already(app, monkeypatch):
    """PvP opens on the secret choices: the Auto-deploy and Start battle buttons are made when deployment begins,
    and a button's shapes drawn the first time cost 3-5 ms in that frame. They are drawn as the screen opens."""
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.ui.battle.panel import SidePanel
    m = create_match(build_scenario("pvp-secure-the-zone", default_squad("interdictors"), default_squad("krumpfists")),
                     3, app.catalog, prepare=True)
    d, sc = open_battle(app, m, computer_plays_people=True)
    assert m.phase != "deploy" and sc.panel.b_start is None
    cache = app.manager.get_theme().shape_cache
    drawn, made = [], []
    add = cache.add_surface_to_cache
    monkeypatch.setattr(cache, "add_surface_to_cache", lambda surface, string_id: drawn.append(string_id) or
                        add(surface, string_id))
    buttons = SidePanel._deploy_buttons

    def counted(self, *a):
        before = len(drawn)
        got = buttons(self, *a)
        made.append(len(drawn) - before)
        return got
    monkeypatch.setattr(SidePanel, "_deploy_buttons", counted)
    for _ in range(600):
        if made or m.phase == "battle":
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        app.step(1)
    assert made, "deployment began on screen"
    assert made == [0] * len(made), "no shape drawn anew for its buttons"
