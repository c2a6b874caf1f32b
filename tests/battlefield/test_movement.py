"""Movement over terrain: climbing (R13, R14), climbable faces and ladders, doors, reach."""
import pytest

from game.battlefield import Base, climb_cost, grid_climb_cost


def test_climb_cost_formulas():
    assert climb_cost(1.0, 3.0, 0.0) == 4.0  # up a 3" face: 3" + 1" crest
    assert climb_cost(1.0, 0.0, 3.0) == 2.0  # down 3": 1" over the edge + (3 - 2)"
    assert climb_cost(1.0, 0.0, 1.5) == 1.0  # down less than 2": only the edge
    assert climb_cost(1.0, 3.0, 3.0) == 5.0  # over a 3" wall, ground to ground
    assert climb_cost(1.5, 1.0, 1.0) == 2.5  # horizontal travel beyond the 1" crest counts too
    assert grid_climb_cost(2.0, 0.0) == 4.0  # grid: 1 square up + the square moved onto
    assert grid_climb_cost(0.0, 2.0) == 2.0  # the first square down is free
    assert grid_climb_cost(3.0, 0.0) == 6.0  # 3" rounds up to 2 squares of height


def test_climbing_a_platform_up_and_down(table):
    """climb.tmx: 'ramp' x 6-10, y 0-4, 3" high, climbable."""
    t = table("climb.tmx")
    up = t.path(Base(1, "player", 5.5, 2), 6.5, 2, 3.0, 6)
    assert up.cost == 4.0 and up.climbs == 1 and up.points == ((5.5, 2, 0.0), (6.5, 2, 3.0))
    down = t.path(Base(1, "player", 6.5, 2, 3.0), 5.5, 2, 0.0, 6)
    assert down.cost == 2.0 and down.climbs == 1
    assert t.path(Base(1, "player", 5.5, 2), 6.5, 2, 3.0, 3.9) is None
    further = t.path(Base(1, "player", 4.5, 2), 8.5, 2, 3.0, 7)
    assert further.cost == 7.0 and further.climbs == 1  # 4" of horizontal travel (1" of it the crest) + 3" up
    assert t.path(Base(1, "player", 4.5, 2), 8.5, 2, 3.0, 6.9) is None
    assert t.surface_z(8, 2) == 3.0 and t.surface_z(6, 2) == 0.0 and t.surface_z(6, 2, near_z=3) == 3.0


def test_low_wall_is_climbable_by_anyone(table):
    t = table("climb.tmx")
    p = t.path(Base(1, "player", 2.5, 2), 3.5, 2, 0.0, 6)  # 1" low wall 'kerb' at x=3
    assert p.cost == 2.0 and p.climbs == 1
    assert not t.can_stand(0.5, 3.2, 2, 0.0)  # but nobody stands on it


def test_ladder_makes_a_stretch_climbable(table):
    """'crate' (x 6-10, y 5-8, 2" high) is not climbable except along 'crate-ladder' (x=6, y 6-7)."""
    t = table("climb.tmx")
    p = t.path(Base(1, "player", 5.5, 6.5), 6.5, 6.5, 2.0, 6)
    assert p.cost == 3.0 and p.climbs == 1
    assert not t.can_stand(0.5, 6.5, 5.2, 2.0)  # would hang over the crate's north edge
    p = t.path(Base(1, "player", 5.5, 5.5), 6.5, 5.5, 2.0, 6)  # straight across misses the ladder
    assert p is not None and p.cost > 3.0
    crossing = [(a, b) for a, b in zip(p.points, p.points[1:]) if a[2] != b[2]]
    assert len(crossing) == 1
    (x1, y1, _), (x2, y2, _) = crossing[0]
    y_at_face = y1 + (y2 - y1) * (6 - x1) / (x2 - x1)
    assert 5.75 <= y_at_face <= 7.25


def test_no_climbing_where_not_climbable(table):
    t = table("climb.tmx")
    # 'pillar' (x 14-18, y 1-4, 3") has no climbable edge and no ladder
    assert t.path(Base(1, "player", 13, 2), 16, 2, 3.0, 50) is None
    r = t.reach(Base(1, "player", 13, 2), 20)
    assert all(not (14 < x < 18 and 1 < y < 4) for x, y, z, c in r.spots)
    # 'sheer' wall (x=12, y 0-4) is not climbable; 'rough' (x=12, y 4-8) is
    assert t.path(Base(1, "player", 11.5, 6), 12.5, 6, 0.0, 5).cost == 5.0  # over 3": 1 + 3 + (3 - 2)
    assert t.path(Base(1, "player", 11.5, 2), 12.5, 2, 0.0, 5) is None
    around = t.path(Base(1, "player", 11.5, 2), 12.5, 2, 0.0, 12)
    assert around is not None and around.climbs == 1 and around.cost > 5.0


def test_reach_goes_up_the_platform(table):
    t = table("climb.tmx")
    m = Base(1, "player", 5.5, 2)
    t.set_bases([m])
    r = t.reach(m, 6)
    tops = {(x, y): c for x, y, z, c in r.spots if z == 3.0}
    assert tops[(6.5, 2.0)] == 4.0
    assert tops[(8.5, 2.0)] == 6.0
    assert (9.0, 2.0) not in tops
    assert r.contains(6.5, 2, 3.0) and not r.contains(6.5, 2, 0.0)
    assert r.path_to(8.5, 2, 3.0).cost == 6.0


def test_door_blocks_movement_until_opened(table):
    t = table("doors.tmx")
    m = Base(1, "player", 3, 4)
    t.set_bases([m])
    assert t.path(m, 9, 4, 0.0, 20) is None  # walls and a closed door: no way east
    t.set_door("gate", True)
    assert t.path(m, 9, 4, 0.0, 6).cost == 6.0
    r = t.reach(m, 6)
    assert any(x > 6.5 for x, y, z, c in r.spots)
    t.set_door("gate", False)
    assert all(x < 6 for x, y, z, c in t.reach(m, 6).spots)


def test_enemy_in_a_doorway_blocks_it_friend_does_not(table):
    t = table("doors.tmx")
    t.set_door("gate", True)
    m = Base(1, "player", 3, 4)
    t.set_bases([m, Base(2, "npc", 6, 4)])
    assert t.path(m, 9, 4, 0.0, 20) is None
    t.set_bases([m, Base(2, "player", 6, 4)])
    assert t.path(m, 9, 4, 0.0, 6).cost == 6.0


def test_spots_adjacent_stay_on_the_targets_side_of_a_wall(table):
    t = table("doors.tmx")
    target = Base(2, "npc", 5.4, 1.5)
    t.set_bases([target])
    spots = t.spots_adjacent_to(target, 0.5, "player")
    assert spots and all(x < 6 for x, y, z in spots)


def test_path_left_adjacency_through_a_climb(table):
    t = table("climb.tmx")
    m, e = Base(1, "player", 5.5, 2), Base(2, "npc", 5.5, 3.2)
    t.set_bases([m, e])
    assert t.adjacent(m, e)
    p = t.path(m, 6.5, 2, 3.0, 6)
    assert p.left_adjacency == (2,)  # on the platform it is no longer on the enemy's level


@pytest.mark.parametrize("radius, fits", [(0.5, True), (1.0, True), (1.1, False)])
def test_big_bases_keep_off_walls(table, radius, fits):
    """The doorway is 2" wide; walls are lines a base may touch but not overlap."""
    t = table("doors.tmx")
    t.set_door("gate", True)
    m = Base(1, "player", 3, 4, radius=radius)
    p = t.path(m, 9, 4, 0.0, 20)
    assert (p.cost == 6.0) if fits else (p is None)
