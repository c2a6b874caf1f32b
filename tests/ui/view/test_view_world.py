"""The battle table as an esper world of its own: view entities made from a real match's events, glides that climb
and drop with the path, short-lived pictures that go, the camera following the computer, everything drawn by layer
and the bases in elevation order; the world is the view's own and goes with it."""
import esper
import pygame
import pytest

from game.headless import build_scenario
from game.match import events as E
from game.modes import create_match
from game.modes.session import Session, make_controller
from game.ui.board import BoardRenderer
from game.ui.camera import Camera
from game.ui.view import pictures as P
from game.ui.view.components import LAYER, Elevation, Lifetime, Picture, Place, Tween
from game.ui.view.looks import MarkerLook
from game.ui.view.world import ViewWorld

from ..driver import SCREENS

VIEW = pygame.Rect(0, 0, 900, 700)


def new_match(mission="first-mission", seed=3):
    return create_match(build_scenario(mission, None, None, "default", "inches", {}), seed)


def computer_session(m):
    return Session(m, {spec.side: make_controller(m, spec.side, spec.control if spec.control == "npc" else "computer")
                       for spec in m.scenario.sides})


class Table:
    """A match, its view world, a camera and a canvas, as the battle screen would hold them."""

    def __init__(self, app, m, speed=1.0) -> None:
        self.app, self.m = app, m
        bf = m.table.battlefield
        self.camera = Camera(VIEW, bf.width, bf.height)
        self.renderer = BoardRenderer(bf, m.table.measure, app.palette, app.text, app.sprites)
        self.view = ViewWorld(m, camera=self.camera, app=app, computer=lambda side: True, area=lambda: VIEW)
        self.view.speed = speed
        self.session = computer_session(m)
        self.screen = pygame.Surface(VIEW.size)
        self.look = MarkerLook()

    def canvas(self):
        return P.Canvas(self.screen, self.camera, self.app, self.renderer, VIEW, P.Marks(battle=True),
                        self.look)

    def command(self):
        """One computer decision; its events fed to the view. The events."""
        before = {v.uid: v for v in self.view.units()}
        n = len(self.m.events)
        self.session.step()
        events = self.m.events[n:]
        self.view.feed(events, before)
        return events

    def deployed(self):
        """Commands until the battle starts (every base on the table)."""
        for _ in range(200):
            if self.m.phase == "battle":
                return self
            self.command()
        raise AssertionError("the deployment did not end")

    def until(self, want, limit=400):
        for _ in range(limit):
            events = self.command()
            if any(isinstance(e, want) for e in events):
                return events
        raise AssertionError(f"no {want.__name__} in {limit} commands")

    def close(self):
        self.view.close()
        self.m.close()


@pytest.fixture
def table(app):
    t = Table(app, new_match()).deployed()
    yield t
    t.close()


def entities(view, kind):
    with view._in:
        return [(e, pic) for e, pic in esper.get_component(Picture) if pic.kind == kind]


def test_the_view_is_its_own_world_and_goes_with_the_screen(app):
    m = new_match()
    before = esper.current_world
    view = ViewWorld(m, app=app)
    assert view.name != m.world and view.name in esper.list_worlds()
    view.process(0.016)
    assert esper.current_world == before, "a frame leaves esper's world as it found it"
    assert m.unit(m.units(standing=False)[0]).name, "the match's own world is untouched"
    other = ViewWorld(m, app=app)
    assert other.name != view.name
    view.close()
    other.close()
    assert view.name not in esper.list_worlds() and other.name not in esper.list_worlds()
    m.close()


def test_every_base_marker_and_token_is_an_entity_where_the_match_has_it(table):
    view, m = table.view, table.m
    view.process(0.0)
    bases = entities(view, "base")
    assert len(bases) == len(m.units(items=None, downed=None)) > 5
    with view._in:
        for ent, pic in bases:
            p = m.position(pic.data.uid)
            place = esper.component_for_entity(ent, Place)
            assert (place.x, place.y) == (p.x, p.y)
            assert esper.component_for_entity(ent, Elevation).z == p.z


def test_a_move_glides_along_its_path_and_lands_where_the_match_says(table):
    view, m = table.view, table.m
    view.process(0.0)
    events = table.until(E.Moved)
    mv = next(e for e in events if isinstance(e, E.Moved))
    view.process(0.0)
    tw = view.gliding().get(mv.uid)
    assert tw is not None and tw.points[0][:2] == mv.path[0][:2] and tw.points[-1][:2] == mv.path[-1][:2]
    assert view.count("ghost") >= 1, "the rest of its path shows ahead of it"
    assert view.moving()
    start = view.place_of(mv.uid)
    assert start == pytest.approx(mv.path[0][:2])
    view.process(tw.duration / 2)
    mid = view.place_of(mv.uid)
    assert mid != pytest.approx(start) and mid != pytest.approx(mv.path[-1][:2])
    view.process(tw.duration)
    p = m.position(mv.uid)
    assert view.place_of(mv.uid) == (p.x, p.y)
    assert mv.uid not in view.gliding() and view.count("ghost") == 0


def test_a_glide_climbs_and_drops_with_its_path():
    tw = Tween([(0.0, 0.0, 0.0), (2.0, 0.0, 3.0), (4.0, 0.0, 0.0)], 1.0)
    heights = []
    for k in range(11):
        tw.t = k / 10
        heights.append(tw.at()[2])
    assert heights[0] == 0.0 and heights[-1] == 0.0
    assert max(heights) == pytest.approx(3.0, abs=0.3), "it climbs onto the platform half way"
    top = heights.index(max(heights))
    assert all(a <= b for a, b in zip(heights[:top], heights[1:top + 1])), "climbing"
    assert all(a >= b for a, b in zip(heights[top:], heights[top + 1:])), "dropping"


def test_an_attack_shows_its_shot_its_numbers_and_its_dice_which_then_go(table):
    view = table.view
    view.attack_record = lambda: getattr(table, "record", None)
    from game.ui.dicelog import RollReader
    reader = RollReader()
    for e in table.m.events:
        reader.entry(e)
    for _ in range(600):
        events = table.command()
        for e in events:
            reader.entry(e)
        table.record = reader.last_attack
        if any(isinstance(e, E.AttackEnded) and e.lost for e in events):
            break
    else:
        raise AssertionError("no attack that took HIT")
    view.process(0.0)
    assert view.count("shot") >= 1
    assert view.count("number") >= 1, "the HIT lost rise where they landed"
    assert view.count("tray") == 1
    view.process(0.6)  # a shot lasts 0.5 s at normal speed
    assert view.count("shot") == 0
    view.process(1.2)
    assert view.count("number") == 0
    assert view.count("tray") == 1, "the dice stay a while to be read"
    view.process(8.0)
    assert view.count("tray") == 0 and not view.moving()


def test_the_camera_follows_the_computer_and_instant_speed_draws_no_animation(app):
    t = Table(app, new_match(seed=5), speed=0.0).deployed()
    try:
        t.camera.zoom_at(6, 0, 0)  # close up on a corner: most of the table out of view
        t.view.process(0.0)
        origin = (t.camera.ox, t.camera.oy)
        moved = False
        for _ in range(60):
            t.command()
            t.view.process(0.016)
            assert t.view.count("shot") == 0 and not t.view.gliding()
            moved = moved or (t.camera.ox, t.camera.oy) != origin
        assert moved, "the camera went to where the computer acted"
    finally:
        t.close()


def test_the_bases_are_drawn_in_elevation_order_and_everything_by_layer(table):
    view = table.view
    view.process(0.0)
    seen = []
    view.add_overlay(LAYER["board"], lambda cv: seen.append("board"))
    view.add_overlay(LAYER["preview_over"], lambda cv: seen.append("over"))
    view.add_overlay(LAYER["preview_under"], lambda cv: seen.append("under"))
    # a base lifted onto a platform: drawn after every base below it
    with view._in:
        uid = next(iter(view.bases))
        esper.component_for_entity(view.bases[uid], Elevation).z = 3.0
    view.generation += 1  # (changed by hand here: the processors count their own changes)
    view.process(0.0, table.canvas())
    assert seen == ["board", "under", "over"]
    drawn = view.drawn_order()
    kinds = [k for k, _ in drawn]
    assert kinds.index("marker") < kinds.index("base") < kinds.index("marker_top") if "marker" in kinds else True
    order = [(k, u) for k, u in drawn if k == "base"]
    assert order[-1] == ("base", uid)
    with view._in:
        ys = [esper.component_for_entity(view.bases[u], Place).y for _, u in order[:-1]]
    assert ys == sorted(ys), "bases at one height: from the top of the table down"


def test_a_whole_game_on_the_view_world_ends_with_the_matchs_table(app):
    t = Table(app, new_match("pvp-recover-intel", 5))
    try:
        for _ in range(2000):
            if t.m.phase == "over":
                break
            t.command()
            t.view.process(0.05)
        t.view.skip()
        t.view.process(10.0)
        assert t.m.phase == "over"
        with t.view._in:
            shown = {pic.data.uid: (esper.component_for_entity(e, Place).x, esper.component_for_entity(e, Place).y)
                     for e, pic in esper.get_component(Picture) if pic.kind == "base"}
        truth = {u: (t.m.position(u).x, t.m.position(u).y) for u in t.m.units(items=None, downed=None)}
        assert shown == truth
        assert not t.view.moving()
    finally:
        t.close()


def test_a_screenshot_of_the_view_world_in_the_middle_of_a_fight(table):
    view = table.view
    from game.ui.dicelog import RollReader
    reader = RollReader()
    view.attack_record = lambda: reader.last_attack
    for e in table.m.events:
        reader.entry(e)
    for _ in range(600):
        events = table.command()
        for e in events:
            reader.entry(e)
        if any(isinstance(e, E.AttackEnded) and e.lost for e in events):
            break
    doors = table.m.table.doors_open
    view.add_overlay(LAYER["board"], lambda cv: table.renderer.draw_board(cv.screen, cv.camera, doors, False))
    table.screen.fill((20, 22, 26))
    view.process(0.2, table.canvas())
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / "view_world_fight.png"
    pygame.image.save(table.screen, str(path))
    assert path.stat().st_size > 10_000
    assert view.count("shot") and view.count("number") and view.count("tray")
    fight = table.screen.copy()
    view.process(9.0)  # every short-lived picture has gone: the table alone
    assert not view.moving()
    table.screen.fill((20, 22, 26))
    view.process(0.0, table.canvas())
    pygame.image.save(table.screen, str(SCREENS / "view_world_after.png"))
    diff = sum(1 for x in range(0, VIEW.w, 3) for y in range(0, VIEW.h, 3)
               if fight.get_at((x, y)) != table.screen.get_at((x, y)))
    assert diff > 200, "the shot, the numbers and the dice were drawn over the table"


def test_numbers_landing_at_once_on_one_unit_rise_on_lines_of_their_own(table):
    """Several attacks resolved in one frame (fast or instant speed, a Blast): each saves / HIT-lost number gets its
    own line above the unit instead of all being drawn over one another."""
    view = table.view
    uid = table.m.units(table.m.sides[0])[0]
    before = {v.uid: v for v in view.units()}
    landed = [E.AttackEnded(attacker=uid, lost=((uid, 1),)) for _ in range(3)]
    view.feed(landed, before)
    view.process(0.0)
    with view._in:
        ys = sorted(place.y for _e, (pic, place) in esper.get_components(Picture, Place) if pic.kind == "number")
    assert len(ys) == 3
    assert all(b - a >= 0.7 for a, b in zip(ys, ys[1:])), f"numbers drawn over one another: {ys}"
    view.process(2.0)  # risen and gone: the next one starts from the unit again
    view.feed(landed[:1], before)
    view.process(0.0)
    with view._in:
        again = [place.y for _e, (pic, place) in esper.get_components(Picture, Place) if pic.kind == "number"]
    assert again == [ys[-1]]
