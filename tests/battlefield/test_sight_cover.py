"""Line of sight through terrain (R9, R10), cover (R11), high ground, doors."""
from game.battlefield import Base


def pair(t, a, b):
    t.set_bases([a, b])
    return t.sight(a, b)


def test_one_of_two_sight_lines_blocked_means_no_sight(table):
    """walls.tmx: wall 'half' runs from (10,0) to (10,6), ending on the line between the centres: the
    line to the target's upper edge point passes, the line to its lower edge point never does."""
    t = table("walls.tmx")
    s = pair(t, Base(1, "player", 2, 6), Base(2, "npc", 12, 6))
    assert not s.visible and s.blocker == "wall 'half' (#1)"
    s = pair(t, Base(1, "player", 2, 7.5), Base(2, "npc", 12, 7.5))  # 1.5" further south: clear
    assert s.visible and not s.cover


def test_wall_heights_against_eye_lines(table):
    """heights.tmx: a 3" platform 'tower' (x 0-4); a 2" wall 'two' (x=8, y 0-4) and a 3" wall 'three'
    (x=8, y 4-8); the target stands on the ground at x=14."""
    t = table("heights.tmx")
    s = pair(t, Base(1, "player", 3, 2, 3.0), Base(2, "npc", 14, 2))  # eye 4" -> 1": 2.6" over the 2" wall
    assert s.visible and not s.cover and not s.high_ground
    s = pair(t, Base(1, "player", 3, 6, 3.0), Base(2, "npc", 14, 6))  # the 3" wall is at or above the line
    assert not s.visible and s.blocker == "wall 'three' (#3)"
    s = pair(t, Base(1, "player", 6, 2, 0.0), Base(2, "npc", 14, 2))  # from the ground the 2" wall blocks
    assert not s.visible and s.blocker == "wall 'two' (#2)"
    # and sight is the same both ways for these eye lines
    assert pair(t, Base(2, "npc", 14, 2), Base(1, "player", 3, 2, 3.0)).visible


def test_wall_standing_on_a_platform_counts_from_its_base(table):
    """heights.tmx: 'parapet' (wall_base 6, wall_height 1: top 7") stands on the 6" 'roof' (x 16-20), 1"
    from its edge. From behind it (eye 7") the line to a ground unit at x=6 passes 6.7" high over the
    parapet: blocked, because its top counts from its base. From the strip in front of it, visible."""
    t = table("heights.tmx")
    s = pair(t, Base(1, "player", 17.6, 2, 6.0), Base(2, "npc", 6, 2))
    assert not s.visible and s.blocker == "wall 'parapet' (#5)" and s.high_ground
    s = pair(t, Base(1, "player", 16.5, 2, 6.0), Base(2, "npc", 6, 2))
    assert s.visible and s.high_ground and not s.cover


def test_platform_edge_blocks_a_unit_far_back_from_it(table):
    """The tower's own edge is a 3" face: a ground unit close under it cannot be seen from the far back of
    the tower top (the line dips below the lip), but can from the edge."""
    t = table("heights.tmx")
    assert not pair(t, Base(1, "player", 0.5, 2, 3.0), Base(2, "npc", 5.0, 2)).visible
    assert pair(t, Base(1, "player", 3.5, 2, 3.0), Base(2, "npc", 5.5, 2)).visible


def test_low_wall_gives_cover_only_within_one_inch(table):
    """cover.tmx: 1" low wall 'sandbags' at x=10 (y 0-4), 2" low wall 'barricade' at x=10 (y 4-8)."""
    t = table("cover.tmx")
    s = pair(t, Base(1, "player", 5, 2), Base(2, "npc", 10.9, 2))  # base edge 0.4" behind the sandbags
    assert s.visible and s.cover and not s.high_ground  # low walls never block sight
    s = pair(t, Base(1, "player", 5, 6), Base(2, "npc", 13.5, 6))  # base edge 3" from the barricade
    assert s.visible and not s.cover
    s = pair(t, Base(1, "player", 5, 2), Base(2, "npc", 11.4, 2))  # base edge 0.9" away: cover
    assert s.visible and s.cover
    s = pair(t, Base(1, "player", 5, 2), Base(2, "npc", 11.6, 2))  # 1.1" away: none
    assert s.visible and not s.cover


def test_high_ground_removes_cover(table):
    """cover.tmx: 'catwalk' is 3" high, 'gantry' 4". Both see a target just behind the 2" barricade with
    the barricade above their line; only the 4" shooter has High Ground."""
    t = table("cover.tmx")
    target = Base(2, "npc", 10.55, 6)
    s = pair(t, Base(1, "player", 2, 6, 3.0), target)
    assert s.visible and s.cover and not s.high_ground
    s = pair(t, Base(1, "player", 2, 2, 4.0), target)
    assert s.visible and not s.cover and s.high_ground


def test_high_ground_over_a_low_wall_removes_the_cover_it_gives(table):
    """From 4" up the 1" sandbags give a target 0.4" behind them cover, and High Ground removes it (B6, B7)."""
    t = table("cover.tmx")
    s = pair(t, Base(1, "player", 2, 2, 4.0), Base(2, "npc", 10.9, 2))
    assert s.visible and not s.cover and s.high_ground


# overlook.tmx: the 1" low wall 'sandbags' runs along y=8 across the table. North of it, the front edges
# (y=4) of three platforms: 'step' 0.5" (x 0-4), 'balcony' 3.5" (x 6-10), 'roof' 4" (x 12-16). South of
# it, ground to y=12, then the 3" 'ledge' (y 12-16). A target at y=8.8 stands 0.3" behind the sandbags.
SHOOTERS = [(2, 0.5, True), (8, 3.5, True), (14, 4.0, False)]  # x, elevation, cover kept


def test_cover_behind_a_low_wall_from_above_is_judged_flat(table):
    """B6: every line from a raised shooter passes over the 1" wall (at about 1.1" from 0.5" up, 1.5" from
    3.5" up), yet the wall within 1" of the target crosses them: Cover, from 0.5" and 3.5" up; from 4" up
    High Ground removes it (R11)."""
    t = table("overlook.tmx")
    for x, z, cover in SHOOTERS:
        s = pair(t, Base(1, "player", x, 3.5, z), Base(2, "npc", x, 8.8))
        assert s.visible and s.cover == cover and s.high_ground == (not cover), (x, z)
    s = pair(t, Base(1, "player", 8, 6), Base(2, "npc", 8, 8.8))  # and from the ground, of course
    assert s.visible and s.cover


def test_terrain_more_than_one_inch_away_gives_no_cover_from_above_either(table):
    t = table("overlook.tmx")
    s = pair(t, Base(1, "player", 8, 3.5, 3.5), Base(2, "npc", 8, 9.55))  # base edge 1.05" behind the wall
    assert s.visible and not s.cover


def test_the_edge_a_target_stands_on_gives_it_no_cover(table):
    """B6: only terrain rising above the target's surface covers it. A target 0.3" from the edge of the 3"
    ledge it stands on, seen from the ground: the edge is crossed within 1", but it rises to the target's
    feet, not above them."""
    t = table("overlook.tmx")
    s = pair(t, Base(1, "player", 8, 10), Base(2, "npc", 8, 12.8, 3.0))
    assert s.visible and not s.cover and not s.high_ground


def test_cover_behind_a_low_wall_from_above_on_the_grid(table):
    """B19 with the same numbers: the sandbags lie on the north edge of the target's square."""
    t = table("overlook.tmx", measure="grid")
    for x, z, cover in SHOOTERS:
        x = 3 if x == 2 else 9 if x == 8 else 15  # square centres
        s = pair(t, Base(1, "player", x, 3, z), Base(2, "npc", x, 9))
        assert s.visible and s.cover == cover and s.high_ground == (not cover), (x, z)
    s = pair(t, Base(1, "player", 9, 11), Base(2, "npc", 9, 13, 3.0))  # on the ledge, seen from below
    assert s.visible and not s.cover


def test_closed_door_blocks_sight_and_adjacency_open_does_not(table):
    """doors.tmx: walls at x=6 (y 0-3 and 5-8) with door 'gate' between them, closed."""
    t = table("doors.tmx")
    a, b = Base(1, "player", 5.4, 4), Base(2, "npc", 6.6, 4)
    far_a, far_b = Base(3, "player", 2, 4), Base(4, "npc", 10, 4)
    t.set_bases([a, b])
    assert not t.door_open("gate")
    assert not t.adjacent(a, b)
    t.set_bases([far_a, far_b])
    s = t.sight(far_a, far_b)
    assert not s.visible and s.blocker == "door 'gate' (#3)"
    t.set_door("gate", True)
    assert t.door_open("gate") and t.adjacent(a, b)
    assert t.sight(far_a, far_b).visible
    t.set_door("gate", False)
    assert not t.sight(far_a, far_b).visible


def test_adjacent_doors_and_door_ids(table):
    t = table("doors.tmx")
    assert t.door_open("door-4")  # unnamed door: id from the object id; open="true" in the map
    assert t.adjacent_doors(Base(1, "player", 5.4, 4)) == ["gate"]
    assert t.adjacent_doors(Base(1, "player", 4.5, 4)) == ["gate"]  # base edge exactly 1" from the door
    assert t.adjacent_doors(Base(1, "player", 4.49, 4)) == []
    assert t.adjacent_doors(Base(1, "player", 10.5, 1)) == ["door-4"]
    assert t.adjacent_doors(Base(1, "player", 5.4, 4, z=3.0)) == []  # not on the door's level


def test_unknown_door_raises(table):
    t = table("doors.tmx")
    try:
        t.set_door("nope", True)
    except KeyError:
        return
    raise AssertionError("set_door accepted an unknown door")
