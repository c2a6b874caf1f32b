"""The cells kept sight answers and base changes are filed under (sight_cells.py): a base circle that touches a
stretch a walk read (as sight.py's exact check measures it) always shares a cell with the stretch's footprint,
wherever the two lie (on cell edges, off the table, one cell or many apart); and on a real map the answers no
changed base came near are given back without being measured again."""
import math
import random
from pathlib import Path

from game.battlefield import Base, Table, load_battlefield
from game.battlefield import sight as sight_mod
from game.battlefield.geometry import seg_point_dist
from game.battlefield.sight_cells import CELL, EVERY, PAD, cell_grid, measured

from .test_sight_history import _spots
from .test_sight_kept import _counting, walk as walk_all

REAL_MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


def _touches(read, bx, by, br) -> bool:
    """sight.py's exact test of one place against the stretches read."""
    return any(seg_point_dist(p[0], p[1], p[0] + (e[0] - p[0]) * min(upto, 1.0),
                              p[1] + (e[1] - p[1]) * min(upto, 1.0), bx, by) <= br + sight_mod._READ
               for p, e, upto in read)


def _coord(rng: random.Random, size: float) -> float:
    """A coordinate on the table or a little off it, often exactly on a cell edge or a hair from one."""
    k = rng.random()
    if k < 0.3:
        return rng.randrange(-2, int(size / CELL) + 3) * CELL
    if k < 0.5:
        return rng.randrange(0, int(size / CELL) + 1) * CELL + rng.choice((-1e-9, 1e-9, -1e-15, 1e-15))
    return rng.uniform(-PAD - 2.0, size + PAD + 2.0)


def test_a_circle_touching_a_stretch_shares_a_cell_with_it():
    rng = random.Random(21)
    grid = cell_grid(24.0, 24.0)
    touched = outside = 0
    for _ in range(40000):
        read = []
        for _ in range(rng.randint(1, 3)):
            p = (_coord(rng, 24.0), _coord(rng, 24.0))
            if rng.random() < 0.3:  # short stretches, within a cell or two
                e = (p[0] + rng.uniform(-2.0, 2.0), p[1] + rng.uniform(-2.0, 2.0))
            else:
                e = (_coord(rng, 24.0), _coord(rng, 24.0))
            read.append((p, e, rng.choice((2.0, 1.0, rng.uniform(0.0, 1.0), 0.0))))
        foot = grid.stretches(measured(read))
        p, e, upto = rng.choice(read)
        k = min(upto, 1.0) * rng.random()
        on = (p[0] + (e[0] - p[0]) * k, p[1] + (e[1] - p[1]) * k)  # a point of a stretch, and a base near it
        br = rng.choice((0.5, 0.75, 1.0, 2.0))
        ang = rng.uniform(0.0, 2 * math.pi)
        d = br + rng.choice((0.0, sight_mod._READ, rng.uniform(-br, 0.0)))
        bx, by = on[0] + d * math.cos(ang), on[1] + d * math.sin(ang)
        if not _touches(read, bx, by, br):
            continue
        touched += 1
        outside += foot == EVERY
        assert foot & grid.circle(bx, by, br + sight_mod._READ), (read, bx, by, br)
    assert touched > 20000 and 0 < outside < touched / 2


def test_a_circle_far_from_every_stretch_marks_none_of_its_cells():
    """The footprint is not every cell: a base well clear of the stretches (more than two cells away) shares none."""
    rng = random.Random(5)
    grid = cell_grid(24.0, 24.0)
    clear = 0
    for _ in range(5000):
        read = [((rng.uniform(0, 24), rng.uniform(0, 24)), (rng.uniform(0, 24), rng.uniform(0, 24)), 2.0)]
        bx, by = rng.uniform(0, 24), rng.uniform(0, 24)
        (px, py), (ex, ey), _ = read[0]
        if seg_point_dist(px, py, ex, ey, bx, by) > 0.5 + 3 * CELL:
            clear += 1
            assert not grid.stretches(measured(read)) & grid.circle(bx, by, 0.5 + sight_mod._READ)
    assert clear > 1000


def test_answers_far_from_the_base_moved_are_not_measured_again():
    """horde-last-stand, 14 bases: one base moves at a time into another's line or elsewhere; every answer is the
    walk's (test_sight_kept.py holds them), and most answers asked again were given back on their cells alone, with
    no distance measured (_still_holds) and no walk."""
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "horde-last-stand"))
    rng = random.Random(11)
    t = Table(bf)
    try:
        seen = _counting(t)
        spots = _spots(t, rng, 30)
        bases = [Base(i + 1, "player" if i % 2 else "npc", *spots[i]) for i in range(14)]
        t.set_bases(bases)
        pairs = [(a.uid, b.uid) for a in bases for b in bases if a is not b]
        by_uid = {b.uid: b for b in bases}
        for a, b in pairs:
            t.sight(by_uid[a], by_uid[b])
        seen.clear()
        again = fresh = 0
        for step in range(12):
            i = rng.randrange(len(bases))
            bases[i] = bases[i].moved(*rng.choice(spots[14:]))
            t.update_base(bases[i])
            by_uid = {b.uid: b for b in bases}
            for a, b in pairs:
                if bases[i].uid in (a, b):
                    fresh += 1  # a question about its new place: walked
                else:
                    again += 1
                got = t.sight(by_uid[a], by_uid[b])
                assert got == walk_all(t, by_uid[a], by_uid[b])
        assert seen["measured"] + seen["walks"] - fresh < again / 4, (seen, fresh, again)
        assert len(t._sight_each) <= sight_mod.RECHECK_CHANGES
    finally:
        t.close()
