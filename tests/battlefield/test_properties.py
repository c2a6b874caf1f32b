"""Properties that hold whatever the positions (hypothesis)."""
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.battlefield import Base, Table, load_battlefield, open_table

from .conftest import MAPS

coord = st.floats(min_value=0.5, max_value=23.5, allow_nan=False)
OPEN = Table(open_table())
CLIMB = Table(load_battlefield(MAPS / "climb.tmx"))


@settings(max_examples=60, deadline=None)
@given(coord, coord, coord, coord)
def test_distance_and_adjacency_are_symmetric(x1, y1, x2, y2):
    a, b = Base(1, "player", x1, y1), Base(2, "npc", x2, y2)
    assert OPEN.distance(a, b) == OPEN.distance(b, a) >= 0.0
    assert OPEN.adjacent(a, b) == OPEN.adjacent(b, a)
    assert OPEN.adjacent(a, b) == (math.hypot(x1 - x2, y1 - y2) - 1.0 <= 1.0 + 1e-6)


@settings(max_examples=40, deadline=None)
@given(coord, coord, coord, coord)
def test_open_table_without_other_bases_sees_everything(x1, y1, x2, y2):
    if math.hypot(x1 - x2, y1 - y2) < 1.0:
        return  # overlapping bases
    OPEN.set_bases([])
    s = OPEN.sight(Base(1, "player", x1, y1), Base(2, "npc", x2, y2))
    assert s.visible and not s.cover and s.blocker is None


@settings(max_examples=25, deadline=None)
@given(coord, coord, coord, coord, st.floats(min_value=1.0, max_value=8.0))
def test_open_table_path_is_the_straight_line(x1, y1, x2, y2, budget):
    m = Base(1, "player", x1, y1)
    OPEN.set_bases([m])
    p = OPEN.path(m, x2, y2, 0.0, budget)
    d = math.hypot(x2 - x1, y2 - y1)
    if d <= budget - 1e-6:
        assert p is not None and abs(p.cost - d) < 1e-6
    elif d > budget + 1e-6:
        assert p is None


@settings(max_examples=15, deadline=None)
@given(st.floats(min_value=0.5, max_value=19.5), st.floats(min_value=0.5, max_value=7.5), st.data())
def test_reach_spots_have_legal_paths_no_dearer_than_listed(x, y, data):
    z = CLIMB.surface_z(x, y)
    if not CLIMB.can_stand(0.5, x, y, z):
        return
    m = Base(1, "player", x, y, z)
    CLIMB.set_bases([m])
    r = CLIMB.reach(m, 6.0)
    if not r.spots:
        return
    sx, sy, sz, cost = data.draw(st.sampled_from(r.spots))
    assert CLIMB.can_stand(0.5, sx, sy, sz, ignore_uid=1)
    p = r.path_to(sx, sy, sz)
    assert p is not None and p.cost <= cost + 1e-6 and p.points[0] == (x, y, z) and p.points[-1] == (sx, sy, sz)
    # every leg is itself a legal straight move costing what the path says
    total = 0.0
    for (ax, ay, az), (bx, by, bz) in zip(p.points, p.points[1:]):
        leg = CLIMB.path(Base(1, "player", ax, ay, az), bx, by, bz, 20.0)
        assert leg is not None
        total += leg.cost
    assert total <= p.cost + 1e-6
    direct = CLIMB.path(m, sx, sy, sz, 6.0)
    assert direct is not None and direct.cost <= cost + 1e-6
