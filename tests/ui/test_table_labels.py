"""The names on the table never cover one another: a unit beside a marker ("Raider" and "Search Site 3" once read
"RaSearch Site 3"), units standing base to base, a marker's state over its token. Each label takes a free place
beside what it names; the painters record what they placed (scene.drawn.labels), which is what these tests read."""
import pygame

from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from game.ui.battle import BattleScene
from game.ui.battle.labels import Want, place
from tests.match.conftest import Skirmish, card

from .driver import Driver


class Crowded(Skirmish):
    """Three search sites among the bases, one of them with a state line."""

    def setup(self, match):
        match.place_marker("s1", "objective", "Search Site 1", 10.0, 11.0)
        match.place_marker("s2", "objective", "Search Site 2", 12.0, 10.2)
        match.place_marker("s3", "objective", "Search Site 3", 10.9, 9.0, state="searched")


def crowded(app):
    sides = (SideSpec("A", None, name="Ana"), SideSpec("B", None, npc=True))
    cards = {"A": [(n, card(name=n)) for n in ("Raider", "Raider Captain", "Ranger")],
             "B": [(n, card(name=n)) for n in ("Bug Warrior", "Bug Drone")]}
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, Crowded(), open_table(), cards)
    for uid, (x, y) in zip(m.undeployed("A"), ((10, 10), (11.1, 10), (10, 12.1))):
        m.submit(C.Deploy("A", uid, x, y))
    m.submit(C.EndDeployment("A"))
    for uid, (x, y) in zip(m.undeployed("B"), ((12.2, 11.2), (11.2, 12.2))):
        m.submit(C.Deploy("B", uid, x, y))
    m.dice = ScriptedDice([6] * 60)
    m.submit(C.EndDeployment("B"))
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.wait_banners()
    return d, sc


def test_no_label_on_the_table_covers_another(app):
    d, sc = crowded(app)
    sc.camera.ppi = 46  # close enough for every name to show
    sc.camera.centre_on(11, 10.8)
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    shown = {lb.text for lb in sc.drawn.labels}
    assert {"Search Site 1", "Search Site 2", "Search Site 3", "searched"} <= shown
    assert {"Raider", "Raider Captain", "Ranger"} <= shown
    assert sc.drawn.overlapping_labels() == []
    d.shot("labels-crowded")
    # the hovered unit's name comes first: it is shown, and still nothing overlaps
    p = sc.match.position(sc.match.units("B")[0])
    d.hover_board(p.x, p.y)
    assert "Bug Warrior" in {lb.text for lb in sc.drawn.labels}
    assert sc.drawn.overlapping_labels() == []


def test_a_label_with_no_free_place_is_left_out_rather_than_drawn_over_another():
    view = pygame.Rect(0, 0, 400, 400)
    measure = lambda w: (80, 12)  # noqa: E731
    wants = [Want(f"Unit {i}", 200, 200, 10, 10, (255, 255, 255), "unit", rank=i) for i in range(6)]
    got = place(wants, measure, view, [])
    assert [w.text for w, _ in got] == ["Unit 0", "Unit 1", "Unit 2", "Unit 3"]  # below, above, right, left
    rects = [r for _, r in got]
    assert all(a.collidelist(rects[i + 1:]) < 0 for i, a in enumerate(rects))
    # a label prefers a place off the other bases, if there is one
    base = pygame.Rect(180, 212, 40, 40)  # right under the unit
    (w, r), = place(wants[:1], measure, view, [base])
    assert not r.colliderect(base) and r.bottom <= 190


def test_a_label_by_the_views_edge_is_slid_into_the_view():
    """Ambush: "The Defender brings the Intel here" over a zone along the east edge ran past the table's view into
    the side panel; it is moved along into the view, where it is read whole."""
    view = pygame.Rect(0, 46, 870, 726)
    zone = Want("The Defender brings the Intel here", 833, 120, 0, 11, (0, 200, 120), "zone", rank=4,
                sides=("above", "below"))
    unit = Want("Raider", 20, 400, 10, 12, (255, 255, 255), "unit")
    placed = dict(place([zone, unit], lambda w: (7 * len(w.text), 15), view, []))
    assert view.contains(placed[zone]) and view.contains(placed[unit])
    assert placed[zone].bottom <= 120, "still above the zone it names"
