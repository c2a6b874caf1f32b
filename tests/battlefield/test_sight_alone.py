"""A blocked sight proved by the first wall on a centre line alone (sight.py: _cuts_alone), where that proof may
not be used, and the points not walked once Cover is seen: each answer is the walk's (every crossing of every line
listed, test_sight_kept.walk)."""
from game.battlefield import Base, Table
from game.battlefield.model import Battlefield, LowWall, Wall

from .test_sight_kept import _counting, walk


def _table(*walls: Wall) -> Table:
    return Table(Battlefield(name="walls", width=24.0, height=24.0, walls=walls))


LONG = Wall("long wall", (10.0, 5.0), (10.0, 15.0), 3.0)  # across every line between x = 2 and x = 14


def test_a_base_on_the_centre_line_and_a_wall_behind_it_block_without_listing_the_rails():
    """The centre's line meets a unit first (it crosses one rail only: it does not prove every line cut); the wall
    behind it crosses both rails: every line is cut, the unit is named, and no rail is listed."""
    t = _table(LONG)
    try:
        seen = _counting(t)
        a, b, unit = Base(1, "player", 2.0, 10.0), Base(2, "npc", 14.0, 10.0), Base(3, "npc", 6.0, 10.5)
        t.set_bases([a, b, unit])
        got = t.sight(a, b)
        assert got == walk(t, a, b)
        assert not got.visible and got.blocker == "npc base 3"
        assert seen["walks"] == 1 and seen["rails"] == 0
    finally:
        t.close()
    t = _table()  # the unit alone proves nothing: the rails are listed (and the target is seen past it)
    try:
        seen = _counting(t)
        t.set_bases([a, b, unit])
        got = t.sight(a, b)
        assert got == walk(t, a, b) and got.visible
        assert seen["rails"] >= 1
    finally:
        t.close()


def test_a_wall_touching_the_target_proves_nothing_alone():
    """The same, the target standing against the wall (it reaches into its base): the wall may not prove it, the
    rails are listed, and the answer is still the walk's."""
    t = _table(Wall("long wall", (13.7, 5.0), (13.7, 15.0), 3.0))
    try:
        seen = _counting(t)
        a, b, unit = Base(1, "player", 2.0, 10.0), Base(2, "npc", 14.0, 10.0), Base(3, "npc", 6.0, 10.5)
        t.set_bases([a, b, unit])
        assert t.sight(a, b) == walk(t, a, b)
        assert seen["rails"] >= 1
    finally:
        t.close()


def test_the_target_standing_elsewhere_its_base_is_not_taken_for_where_the_question_puts_it():
    """Asked about a target beyond the wall while its own base stands near the attacker, off the centre's lines
    (a line meeting it ends clear there, wherever it is): the wall behind the stub blocking the centre's lines may
    not prove every line cut alone, and the answer is the walk's; with the target's base where the question puts
    it, the wall proves it alone (no rail listed)."""
    stub = Wall("stub", (6.0, 9.8), (6.0, 10.2), 3.0)  # across both lines from the centre, neither rail
    t = _table(stub, LONG)
    try:
        seen = _counting(t)
        a, near = Base(1, "player", 2.0, 10.0), Base(2, "npc", 3.0, 10.75, radius=0.36)
        t.set_bases([a, near])
        asked = near.moved(14.0, 10.0, 0.0)
        assert t.sight(a, asked) == walk(t, a, asked)
        assert seen["rails"] >= 1
        t.update_base(asked)
        rails = seen["rails"]
        got = t.sight(a, asked)
        assert got == walk(t, a, asked) and not got.visible and got.blocker == "stub"
        assert seen["rails"] == rails
    finally:
        t.close()


def test_once_cover_is_seen_the_points_whose_lines_have_cover_are_not_walked():
    """A target 0.4" behind a long low wall, seen from the centre of the attacker's base with Cover: every other
    point's lines have Cover too (the wall runs across them all), so none of them is walked (the answer: seen, in
    Cover, the centre's lines, as the walk gives it); with the wall only in front of one side of the target, the
    points whose lines miss it are walked, and one of them sees it out of Cover."""
    for wall, cover in ((LowWall("sandbags", (10.0, 0.0), (10.0, 20.0)), True),
                        (LowWall("sandbags", (10.0, 0.0), (10.0, 1.6)), False)):
        t = Table(Battlefield(name="cover", width=24.0, height=24.0, low_walls=(wall,)))
        try:
            seen = _counting(t)
            a, b = Base(1, "player", 5.0, 2.0), Base(2, "npc", 10.9, 2.0)
            t.set_bases([a, b])
            got = t.sight(a, b)
            assert got == walk(t, a, b) and got.visible and got.cover is cover
            assert (seen["lines"] == 2) is cover  # (the centre's two lines)
        finally:
            t.close()


def test_an_answer_the_wall_proved_is_walked_again_when_the_target_leaves_its_place():
    """The wall's proof holds while the target's own base stands where the question puts it: when that base moves
    away (far from every line), the answer is walked again, and it is the walk's; another base moving as far away,
    or onto the target's place from behind it (off every line read), leaves it kept."""
    t = _table(LONG)
    try:
        seen = _counting(t)
        a, b, unit = Base(1, "player", 2.0, 10.0), Base(2, "npc", 14.0, 10.0), Base(3, "npc", 6.0, 10.5)
        other = Base(4, "npc", 20.0, 2.0)
        t.set_bases([a, b, unit, other])
        assert not t.sight(a, b).visible and seen["walks"] == 1 and seen["rails"] == 0
        t.update_base(other.moved(20.0, 20.0, 0.0))
        assert t.sight(a, b) == walk(t, a, b) and seen["walks"] == 1
        t.update_base(other.moved(14.4, 10.0, 0.0))
        assert t.sight(a, b) == walk(t, a, b) and seen["walks"] == 1
        t.update_base(b.moved(20.0, 22.0, 0.0))
        assert t.sight(a, b) == walk(t, a, b) and seen["walks"] == 2
    finally:
        t.close()
