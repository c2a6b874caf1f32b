"""Sight answers kept between asks (sight.py: _seen_sight), and lines settled by their first piece
(_first_hits), are the answers of the walk itself (TableSight._sight with every line walked crossing by crossing
against the Space as it stands, `walk`): on every real map, bases on the ground and up on
platforms, doors shut and open, bases moved into the lines between others, onto other places and taken off
between asks, the kept answer is always the walk's (seen, Cover, High Ground, lines, the blocker named), and the
kept answers were really used (a question asked again after bases moved elsewhere is not walked again)."""
import random
from collections import Counter
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield, open_table
from game.battlefield import sight as sight_mod
from game.battlefield import table as table_mod
from game.battlefield.sight import TableSight

from .test_sight_history import _spots

REAL_MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


def _counting(t: Table) -> Counter:
    """Count the walks t makes (the other asks are answered from an answer kept), the lines it looks at, the
    rails it proves with, the lines and rails whose every crossing it lists (the other lines were settled
    by their first piece), and the kept answers measured against a base change (sight_cells._still_holds)."""
    seen = Counter()

    def counted(key, method):
        def call(*args):
            if t.first_hit_sight:  # not the reference walk
                seen[key] += 1
            return method(*args)
        return call

    t._sight = counted("walks", t._sight)
    t._first_hits = counted("lines", t._first_hits)  # (every line walked the quick way starts there)
    t._crossed = counted("listed", t._crossed)
    t._full_blockers = counted("rails", t._full_blockers)
    t._still_holds = counted("measured", t._still_holds)
    return seen


def walk(t: Table, a: Base, b: Base):
    """The reference: the walk with every crossing of every line looked at, nothing kept."""
    t.first_hit_sight = False
    try:
        return TableSight._sight(t, a, b)
    finally:
        t.first_hit_sight = True


def _on_the_line(a: Base, b: Base, rng: random.Random) -> tuple[float, float]:
    """A point on the segment between two bases' centres, off both bases."""
    k = rng.uniform(0.3, 0.7)
    return a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k


def _compare_all(t: Table, bases: list[Base], seen: Counter) -> int:
    n = 0
    for a in bases:
        for b in bases:
            if a is not b:
                got, want = t.sight(a, b), walk(t, a, b)
                assert got == want, (t.battlefield.name, a, b, got, want)
                n += 1
                seen["asks"] += 1
                seen["blocked"] += not want.visible
    return n


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
def test_kept_answers_are_the_walks_answers_as_bases_move(path):
    bf = load_battlefield(path)
    rng = random.Random("kept " + path.stem)
    t = Table(bf)
    try:
        seen = _counting(t)
        spots = _spots(t, rng, 40)
        assert len(spots) >= 24
        for doors in (False, True, False):
            for d in bf.doors:
                t.set_door(d.id, doors)
            chosen = rng.sample(spots, 14)
            bases = [Base(i + 1, "player" if i % 2 else "npc", x, y, z, rng.choice((0.5, 0.5, 0.75, 1.0)))
                     for i, (x, y, z) in enumerate(chosen)]
            t.set_bases(bases)
            _compare_all(t, bases, seen)  # the places met for the first time (or again, after a door change)
            asked, walked = seen["asks"], seen["walks"]
            for step in range(6):
                i = rng.randrange(len(bases))
                if step % 3 == 2:  # taken off, asked about, put back
                    gone = bases.pop(i)
                    t.remove_base(gone.uid)
                    _compare_all(t, bases, seen)
                    bases.insert(i, gone)
                    t.update_base(gone)
                else:  # onto the line between two others (it may stand in a wall: sight does not mind), or elsewhere
                    a, b = rng.sample([x for k, x in enumerate(bases) if k != i], 2)
                    x, y = _on_the_line(a, b, rng) if step % 3 == 0 else rng.choice(spots)[:2]
                    bases[i] = bases[i].moved(x, y, t.surface_z(x, y))
                    t.update_base(bases[i])
                _compare_all(t, bases, seen)
            # the kept answers were used: most questions asked again after a base moved were not walked again
            assert seen["walks"] - walked < (seen["asks"] - asked) / 2, seen
            # questions about places the table does not hold: the attacker elsewhere, the target moved off its base
            a, b = bases[0], bases[1]
            for x, y, z in rng.sample(spots, 4):
                for q in (a.moved(x, y, z), Base(99, "npc", x, y, z), rng.choice(bases[2:]).moved(x, y, z)):
                    for one, other in ((q, b), (b, q), (q, a)):
                        assert t.sight(one, other) == walk(t, one, other)
        assert 0 < seen["blocked"] < seen["asks"]
        # most lines were settled by the first piece they meet, not by listing all they cross
        assert seen["listed"] - seen["rails"] < seen["lines"] / 2, seen
    finally:
        t.close()


def test_what_is_kept_is_bounded_and_stays_right(monkeypatch):
    """A long game keeps at most SIGHTS_KEPT answers and BASE_CHANGES_KEPT changes of bases (at most twice that
    between trims), and the cells marked by the last RECHECK_CHANGES changes; an answer older than the changes
    remembered is worked out again, not trusted."""
    monkeypatch.setattr(sight_mod, "SIGHTS_KEPT", 40)
    monkeypatch.setattr(table_mod, "BASE_CHANGES_KEPT", 6)
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "horde-last-stand"))
    rng = random.Random(5)
    t = Table(bf)
    try:
        spots = _spots(t, rng, 30)
        bases = [Base(i + 1, "player" if i % 2 else "npc", x, y, z) for i, (x, y, z) in enumerate(spots[:10])]
        t.set_bases(bases)
        for step in range(60):
            i = rng.randrange(len(bases))
            bases[i] = bases[i].moved(*rng.choice(spots[10:]))
            t.update_base(bases[i])
            for a in rng.sample(bases, 4):
                for b in bases:
                    if a is not b:
                        assert t.sight(a, b) == walk(t, a, b)
            assert len(t._sights_seen) <= 40
            assert len(t._base_changes) <= 12
            assert len(t._sight_each) <= sight_mod.RECHECK_CHANGES  # the cells each change marked
            assert len(t._sight_marks) <= sight_mod.RECHECK_CHANGES + 1
        assert t._base_changes_from > 0  # the log was trimmed
    finally:
        t.close()


def test_a_door_changed_between_asks_is_seen():
    """The kept answers hold for the doors as they were: opening a door between two bases lets them see each
    other at once, closing it hides them again."""
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "pve-facility"))
    t = Table(bf)
    try:
        found = None
        for d in bf.doors:
            (x1, y1), (x2, y2) = d.a, d.b
            mx, my, length = (x1 + x2) / 2, (y1 + y2) / 2, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            nx, ny = (y1 - y2) / length, (x2 - x1) / length
            for off in (1.0, 1.5, 2.5, 4.0):
                p1, p2 = (mx + nx * off, my + ny * off), (mx - nx * off, my - ny * off)
                a, b = Base(1, "player", *p1, t.surface_z(*p1)), Base(2, "npc", *p2, t.surface_z(*p2))
                t.set_bases([a, b])
                t.set_door(d.id, False)
                shut = t.sight(a, b)
                t.set_door(d.id, True)
                if not shut.visible and t.sight(a, b).visible:
                    found = d, a, b
                    break
            if found:
                break
        assert found, "no pair seen through a door only"
        d, a, b = found
        for open_ in (False, True, False, True):
            t.set_door(d.id, open_)
            assert t.sight(a, b).visible is open_
            assert t.sight(a, b) == walk(t, a, b)
    finally:
        t.close()


def test_the_same_places_asked_for_other_units_are_answered_for_those():
    """Which units ask matters, not only their places, where a base stands in the line: the target's own base
    does not block a line to it. Unit 2 stands in the line from unit 1 to the place P: asked whether 1
    sees unit 2 were it at P (its base, standing in the way, does not hide it from itself), then whether 1 sees
    unit 3 at P (unit 2's base hides it), in both orders."""
    for first in (2, 3):
        t = Table(open_table(24, 24))
        try:
            a, b = Base(1, "player", 12.0, 13.0), Base(2, "npc", 12.0, 12.0)
            t.set_bases([a, b, Base(3, "npc", 2.0, 2.0)])
            answers = {}
            for uid in (first, 5 - first):
                answers[uid] = t.sight(a, Base(uid, "npc", 12.0, 6.0))
                assert answers[uid] == walk(t, a, Base(uid, "npc", 12.0, 6.0))
            assert answers[2].visible and not answers[3].visible and answers[3].blocker == "npc base 2"
        finally:
            t.close()


def test_where_pieces_meet_at_one_point_the_line_walks_them_all():
    """horde-supply-corridor: the line from (22.5, 5.5) on the ground to (17, 6) up on P5 meets wall #14 and the
    faces of P4 and P5 at one point (test_sight_history.py). The first piece met is not alone there: the line is
    walked crossing by crossing and the tallest, wall #14, is named, as the reference walk names it."""
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "horde-supply-corridor"))
    t = Table(bf)
    try:
        seen = _counting(t)
        a = Base(13, "npc", 22.5, 5.5, t.surface_z(22.5, 5.5), 0.5)
        b = Base(16, "player", 17.0, 6.0, 6.0, 0.5)
        t.set_bases([a, b])
        got = t.sight(a, b)
        assert got == walk(t, a, b) and got.blocker == "wall #14"
        assert seen["listed"] >= 1
    finally:
        t.close()


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
def test_a_unit_weighing_spots_keeps_their_answers_as_it_moves(path):
    """A computer player weighs spots for a unit: each enemy's sight of the unit were it standing there (the
    unit's uid at a place it does not stand). Its real base then moves: onto the line between an enemy and a spot
    (it ends that line there: its own base does not hide it), off it again, elsewhere on the map. Every answer is
    the walk's, and the answers whose lines its base never touched are kept, not walked again."""
    bf = load_battlefield(path)
    rng = random.Random("weighing " + path.stem)
    t = Table(bf)
    try:
        seen = _counting(t)
        spots = _spots(t, rng, 30)
        enemies = [Base(10 + i, "npc", *spots[i]) for i in range(4)]
        me = Base(1, "player", *spots[4])
        t.set_bases(enemies + [me])
        weighed = [Base(1, "player", *s) for s in spots[5:15]]

        def ask_all():
            for e in enemies:
                for w in weighed:
                    assert t.sight(e, w) == walk(t, e, w), (path.stem, e, w, me)
        ask_all()
        kept = 0
        for step in range(8):
            if step % 2 == 0:  # onto the line between an enemy and a spot weighed
                x, y = _on_the_line(rng.choice(enemies), rng.choice(weighed), rng)
                z = t.surface_z(x, y)
            else:
                x, y, z = rng.choice(spots[15:])
            me = me.moved(x, y, z)
            t.update_base(me)
            walked = seen["walks"]
            ask_all()
            kept += len(enemies) * len(weighed) - (seen["walks"] - walked)
        assert kept > 0, seen
    finally:
        t.close()
