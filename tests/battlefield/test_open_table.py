"""Distance, range, adjacency, sight and movement on an open table (no terrain)."""
import math

import pytest

from game.battlefield import Base, Table, open_table


@pytest.fixture
def t():
    return Table(open_table())


def test_open_table_shape():
    bf = open_table()
    assert (bf.width, bf.height, bf.name, bf.source) == (24.0, 24.0, "Open table", "")
    assert bf.walls == () and bf.platforms == () and bf.doors == ()
    assert bf.anchors["NW"] == (4.0, 4.0) and bf.anchors["C"] == (12.0, 12.0) and bf.anchors["SE"] == (20.0, 20.0)
    assert open_table(30, 22).anchors["E"] == (25.0, 11.0)


def test_distance_is_between_closest_base_edges_and_horizontal(t):
    a = Base(1, "player", 5, 5)
    assert t.distance(a, Base(2, "npc", 10, 5)) == 4.0
    assert t.distance(a, Base(2, "npc", 10, 5, z=3.0)) == 4.0  # vertical ignored (R12)
    assert t.distance(a, Base(2, "npc", 10, 5, radius=1.0)) == 3.5
    assert t.distance(a, Base(2, "npc", 8, 9)) == 4.0  # 3-4-5 triangle, minus two radii


def test_in_range(t):
    a, b = Base(1, "player", 5, 5), Base(2, "npc", 10, 5)
    assert t.in_range(a, b, 4)  # exactly 4": in range ("equal to or lower")
    assert not t.in_range(a, b, 3.9)
    assert t.in_range(a, b, None)  # no RNGx: unlimited


def test_adjacency_distance_and_level(t):
    a = Base(1, "player", 5, 5)
    assert t.adjacent(a, Base(2, "npc", 7, 5))  # edges exactly 1" apart
    assert not t.adjacent(a, Base(2, "npc", 7.01, 5))
    assert t.adjacent(a, Base(2, "npc", 6, 5, z=0.5))  # heights within 0.5": same level
    assert not t.adjacent(a, Base(2, "npc", 6, 5, z=0.6))
    assert not t.adjacent(a, a)


def test_shooting_past_a_unit_is_blocked(t):
    a, b = Base(1, "player", 2, 5), Base(2, "npc", 10, 5)
    friend = Base(3, "player", 6, 5)
    t.set_bases([a, b, friend])
    s = t.sight(a, b)
    assert not s.visible and s.blocker == "player base 3" and s.lines == ()
    # an enemy of the attacker blocks as well
    t.set_bases([a, b, Base(3, "npc", 6, 5)])
    assert not t.sight(a, b).visible
    # moving the blocker off the line (reindexed static body) restores sight
    t.set_bases([a, b, Base(3, "npc", 6, 7)])
    s = t.sight(a, b)
    assert s.visible and not s.cover and not s.high_ground
    assert s.lines == (((2, 5), (10.0, 5.5)), ((2, 5), (10.0, 4.5)))


def test_sight_from_the_side_of_the_base_around_a_unit(t):
    """R9: any point of the attacker's base may be used. A blocker hiding the target from the centre but
    not from the attacker's side leaves the target visible, and the lines say from where."""
    a, b = Base(1, "player", 2, 5), Base(2, "npc", 4.5, 5)
    blocker = Base(3, "npc", 3.25, 5.45, radius=0.25)
    t.set_bases([a, b, blocker])
    s = t.sight(a, b)
    assert s.visible
    (p1, _), (p2, _) = s.lines
    assert p1 == p2 and p1 != (2, 5)
    assert p1[1] < 5  # from the side away from the blocker
    assert t._blocker_label(t._line_blocked((2, 5), (4.5, 5.5), 1.0, 1.0, (1, 2))) == "npc base 3"  # the centre's line is cut
    # a bigger blocker straddling the line hides it from every point of the base
    t.set_bases([a, b, Base(3, "npc", 3.25, 5.0, radius=0.6)])
    assert not t.sight(a, b).visible


def test_items_block_sight_and_movement(t):
    a, b, crate = Base(1, "player", 2, 5), Base(2, "npc", 10, 5), Base(9, "item", 6, 5)
    t.set_bases([a, b, crate])
    assert t.sight(a, b).blocker == "item base 9"
    p = t.path(a, 8, 5, 0, 12)
    assert p is not None and p.cost > 6.0  # around the crate, not through it
    assert p.left_adjacency == ()  # items never make Attacks of Opportunity


def test_path_straight_and_budget(t):
    a = Base(1, "player", 5, 5)
    t.set_bases([a])
    p = t.path(a, 11, 5, 0, 6)
    assert p.points == ((5, 5, 0.0), (11, 5, 0)) and p.cost == 6.0 and p.climbs == 0
    assert t.path(a, 11.01, 5, 0, 6) is None
    assert t.path(a, 9, 8, 0, 6).cost == 5.0


def test_path_through_friend_but_not_enemy(t):
    a = Base(1, "player", 2, 5)
    t.set_bases([a, Base(2, "player", 5, 5)])
    assert t.path(a, 8, 5, 0, 6).cost == 6.0  # straight through the friend's base
    assert t.path(a, 5, 5, 0, 6) is None  # but may not end on it
    t.set_bases([a, Base(2, "npc", 5, 5)])
    p = t.path(a, 8, 5, 0, 8)
    assert p is not None and 6.0 < p.cost < 6.7
    for (x1, y1, _), (x2, y2, _) in zip(p.points, p.points[1:]):  # never overlaps the enemy base
        for k in range(101):
            x, y = x1 + (x2 - x1) * k / 100, y1 + (y2 - y1) * k / 100
            assert math.hypot(x - 5, y - 5) >= 1.0 - 1e-6
    assert t.path(a, 8, 5, 0, 6) is None  # the detour does not fit in 6"


def test_attack_of_opportunity_left_adjacency(t):
    m, e, f = Base(1, "player", 5, 5), Base(2, "npc", 6.5, 5), Base(3, "player", 5, 3.5)
    t.set_bases([m, e, f])
    assert t.path(m, 2, 5, 0, 6).left_adjacency == (2,)  # friend 3 is left too, but friends do not count
    assert t.path(m, 5, 7, 0, 6).left_adjacency == (2,)
    assert t.path(m, 6.5, 6.6, 0, 6).left_adjacency == ()  # still Adjacent at the end
    # passing by: adjacent only in the middle of the path
    t.set_bases([Base(1, "player", 2, 3), Base(2, "npc", 6, 4.5)])
    p = t.path(Base(1, "player", 2, 3), 10, 3, 0, 8)
    assert p.cost == 8.0 and p.left_adjacency == (2,)


def test_reach_on_open_table(t):
    m = Base(1, "player", 12, 12)
    t.set_bases([m])
    r = t.reach(m, 6)
    spots = {(x, y): c for x, y, z, c in r.spots}
    assert spots[(12.0, 18.0)] == 6.0 and spots[(18.0, 12.0)] == 6.0
    assert (16.5, 16.5) not in spots  # 6.36" away
    assert (12.0, 12.0) not in spots  # staying put is no move
    assert all(c <= 6.0 for c in spots.values()) and len(spots) > 400
    assert r.contains(12, 17.9, 0) and not r.contains(12, 18.1, 0)
    p = r.path_to(15, 15, 0)
    assert p.cost == pytest.approx(math.hypot(3, 3)) and p.points[-1] == (15, 15, 0)


def test_reach_respects_bases(t):
    m, e, f = Base(1, "player", 12, 12), Base(2, "npc", 14, 12), Base(3, "player", 10, 12)
    t.set_bases([m, e, f])
    r = t.reach(m, 6)
    for x, y, z, c in r.spots:
        assert math.hypot(x - 14, y - 12) >= 1.0 - 1e-9 and math.hypot(x - 10, y - 12) >= 1.0 - 1e-9
    costs = {(x, y): c for x, y, z, c in r.spots}
    assert costs[(8.0, 12.0)] == 4.0  # straight through the friend
    assert costs[(16.0, 12.0)] > 4.0  # around the enemy
    assert not r.contains(14, 12, 0)


def test_can_stand_and_spots_adjacent_to(t):
    target = Base(2, "npc", 5, 5)
    t.set_bases([target])
    assert t.can_stand(0.5, 6.5, 5, 0)
    assert not t.can_stand(0.5, 5.9, 5, 0)  # overlaps the target
    assert t.can_stand(0.5, 5.2, 5, 0, ignore_uid=2)
    assert not t.can_stand(0.5, 0.4, 5, 0)  # hangs off the table
    assert not t.can_stand(0.5, 8, 8, 1.0)  # no surface at 1" there
    spots = t.spots_adjacent_to(target, 0.5, "player")
    assert len(spots) > 20
    for x, y, z in spots:
        probe = Base(7, "player", x, y, z)
        assert t.adjacent(probe, target) and t.can_stand(0.5, x, y, z)


def test_set_bases_rejects_duplicate_uids(t):
    with pytest.raises(ValueError):
        t.set_bases([Base(1, "player", 2, 2), Base(1, "npc", 5, 5)])


def test_unknown_measure():
    with pytest.raises(ValueError):
        Table(open_table(), measure="cm")
