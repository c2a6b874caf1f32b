"""Grid measure (rules section 9, R21): 2" squares."""
import pytest

from game.battlefield import Base, Table, open_table


def sq(i, j, uid=1, side="player", z=0.0):
    """A base in square (column i, row j)."""
    return Base(uid, side, 2 * i + 1, 2 * j + 1, z)


@pytest.fixture
def g():
    return Table(open_table(), measure="grid")


def test_rulebook_range_example(g):
    """RNG6" = 3 squares: Target 1 three squares away is in range, Target 2 four squares away is not."""
    a = sq(0, 0)
    t1, t2 = sq(3, 0, 2, "npc"), sq(4, 0, 3, "npc")
    assert g.in_range(a, t1, 6) and not g.in_range(a, t2, 6)
    assert g.distance(a, t1) == 6.0 and g.distance(a, t2) == 8.0
    assert g.in_range(a, sq(3, 3, 4, "npc"), 6)  # counted as moving: diagonals allowed
    assert g.in_range(a, sq(3, 0, 2, "npc"), 5)  # 5" -> ceil(2.5) = 3 squares
    assert not g.in_range(a, sq(3, 0, 2, "npc"), 4)
    assert g.in_range(a, t2, None)


def test_positions_snap_to_squares(g):
    assert g.snap(2.3, 0.1) == (3.0, 1.0)
    assert g.distance(Base(1, "player", 0.2, 0.2), Base(2, "npc", 1.9, 7.9)) == 6.0


def test_grid_adjacency_diagonal_and_level(g):
    a = sq(1, 1)
    assert g.adjacent(a, sq(2, 2, 2, "npc"))  # diagonal squares are contiguous
    assert g.adjacent(a, sq(1, 0, 2, "npc"))
    assert not g.adjacent(a, sq(3, 1, 2, "npc"))
    assert not g.adjacent(a, sq(2, 2, 2, "npc", z=2.0))  # not on the same level


def test_grid_adjacency_broken_by_a_wall(table):
    """grid.tmx: wall 'spine' on x=8 from y=6 to y=12 (between columns 3 and 4, rows 3-5)."""
    t = table("grid.tmx", "grid")
    assert not t.adjacent(sq(3, 3), sq(4, 3, 2, "npc"))
    assert not t.adjacent(sq(3, 3), sq(4, 4, 2, "npc"))  # the diagonal crosses the wall too
    assert t.adjacent(sq(3, 2), sq(4, 2, 2, "npc"))  # above the wall's end
    assert t.adjacent(sq(3, 3), sq(3, 4, 2, "npc"))  # same side of the wall


def test_grid_cover_when_a_wall_is_on_an_edge_of_the_square(table):
    """grid.tmx: wall 'ledge' on the north edge of square (2,2)."""
    t = table("grid.tmx", "grid")
    target = sq(2, 2, 2, "npc")
    s = t.sight(sq(2, 5), target)  # from the south: the wall is behind the target, still on its edge
    assert s.visible and s.cover and not s.high_ground
    s = t.sight(sq(5, 2), target)  # from the east
    assert s.visible and s.cover
    s = t.sight(sq(2, 0), target)  # from the north the ledge hides the target's near corners
    assert not s.visible and s.blocker == "wall 'ledge' (#1)"
    s = t.sight(sq(2, 5), sq(1, 3, 2, "npc"))  # no wall on any edge of (1,3)
    assert s.visible and not s.cover


def test_grid_sight_lines_use_corners(table):
    t = table("grid.tmx", "grid")
    s = t.sight(sq(2, 5), sq(2, 2, 2, "npc"))
    (c1, k1), (c2, k2) = s.lines
    assert c1 == c2 and c1 in {(4, 10), (6, 10), (4, 12), (6, 12)}
    assert {k1, k2} == {(4, 6), (6, 6)}  # the target square's two corners nearest that corner
    assert not t.sight(sq(3, 4), sq(5, 4, 2, "npc")).visible  # through the spine


def test_grid_units_block_sight(g):
    a, b = sq(0, 0), sq(4, 0, 2, "npc")
    g.set_bases([a, b, sq(2, 0, 3, "player")])
    assert not g.sight(a, b).visible
    g.set_bases([a, b, sq(2, 1, 3, "player")])  # beside the line, on the next row
    assert g.sight(a, b).visible


def test_grid_high_ground_removes_cover(table):
    t = table("grid.tmx", "grid")
    s = t.sight(sq(2, 5, z=4.0), sq(2, 2, 2, "npc"))
    assert s.visible and s.high_ground and not s.cover


def test_grid_movement_costs(g):
    m = sq(5, 5)
    g.set_bases([m])
    p = g.path(m, 17, 11, 0.0, 6)  # 3 squares east = a Move
    assert p.cost == 6.0 and p.points == ((11.0, 11.0, 0.0), (13.0, 11.0, 0.0), (15.0, 11.0, 0.0), (17.0, 11.0, 0.0))
    assert g.path(m, 19, 11, 0.0, 6) is None  # 4 squares
    assert g.path(m, 17, 17, 0.0, 6).cost == 6.0  # 3 diagonal squares
    assert len(g.reach(m, 6).spots) == 48  # 7x7 squares but its own
    assert len(g.reach(m, 2).spots) == 8  # a Dash: 1 square
    assert g.path(m, 12.5, 12.9, 0.0, 2).points[-1] == (13.0, 13.0, 0.0)  # goal snapped to its square


def test_grid_movement_through_friends_not_enemies(g):
    m = sq(0, 0)
    g.set_bases([m, sq(1, 0, 2, "npc"), sq(1, 1, 3, "npc"), sq(0, 1, 4, "player")])
    assert g.path(m, 5, 1, 0.0, 6) is None  # the only ways east are through enemy squares ... or around
    p = g.path(m, 5, 1, 0.0, 10)
    assert p is not None and p.cost == 8.0  # down through the friend, round the enemies
    assert g.path(m, 1, 3, 0.0, 6) is None  # may not end on the friend


def test_grid_climbing(table):
    """grid.tmx: 'step' is square (5,0), 2" high, climbable."""
    t = table("grid.tmx", "grid")
    up = t.path(sq(4, 0), 11, 1, 2.0, 6)
    assert up.cost == 4.0 and up.climbs == 1
    down = t.path(sq(5, 0, z=2.0), 9, 1, 0.0, 6)
    assert down.cost == 2.0 and down.climbs == 1
    assert t.surface_z(11, 1) == 2.0


def test_grid_left_adjacency(g):
    m, e = sq(1, 1), sq(2, 1, 2, "npc")
    g.set_bases([m, e])
    assert g.path(m, 1, 1, 0.0, 6).left_adjacency == (2,)  # one square west
    assert g.path(m, 5, 1, 0.0, 6).left_adjacency == ()  # still touching at the end (2,0)


def test_grid_spots_adjacent(table):
    t = table("grid.tmx", "grid")
    target = sq(3, 4, 2, "npc")
    spots = t.spots_adjacent_to(target, 0.5, "player")
    assert sorted(spots) == sorted([(5.0, 7.0, 0.0), (7.0, 7.0, 0.0), (5.0, 9.0, 0.0), (5.0, 11.0, 0.0),
                                    (7.0, 11.0, 0.0)])
