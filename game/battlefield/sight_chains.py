"""Sight lines cut by a chain of walls (sight.py's _all_lines_cut): terrain stretches joined end to end.

Every line sight.py walks between an attacker's base and a target's edge points lies in their hull H (the
attacker's disc and the segment e1-e2, bounded by the two side rails, sight.py). A chain of terrain stretches, each
as high as both eyes, joined at shared ends (junctions) lying in H, that touches neither base and crosses both
rails, runs through H from one rail to the other and so separates the attacker's base from e1-e2 within H: every
line from a point of the base to e1 or e2 crosses it, before it reaches the target's base (the chain stays off
it), so each such line is blocked (the piece it meets there rises above the line, or the walk stopped earlier on
another base or piece that blocks it). One stretch crossing both rails is the shortest chain. The proof reads
terrain only (no base): the answer it gives depends on the bases only through the line from the centre that named
the blocker.

The junctions are worked out once per table state (terrain and doors: `Table._changed()` without bases drops them):
the stretches a sight line can meet (walls, faces, closed doors) whose ends are the same point, exactly."""
from __future__ import annotations

import math

from .terrain import SIGHT_MASK

OFF = 1e-3  # inches: a chain keeps this far off both bases (a crossing well before the line's end, sight.py's 1e-6)


def junctions(info: dict) -> dict:
    """{shape: (its top, ax, ay, dx, dy, |d|^2, ((other shape, (x, y)), ...))} for the terrain a sight line can meet
    (info: the table's shape -> _Terrain), each with the stretches sharing one of its ends."""
    at: dict = {}
    live = []
    for shape, t in info.items():
        if not shape.filter.categories & SIGHT_MASK:  # a low wall, an open door
            continue
        live.append((shape, t))
        at.setdefault(t.a, []).append(shape)
        if t.b != t.a:
            at.setdefault(t.b, []).append(shape)
    out = {}
    for shape, t in live:
        (ax, ay), (bx, by) = t.a, t.b
        dx, dy = bx - ax, by - ay
        near = tuple((other, c) for c in ((t.a,) if t.b == t.a else (t.a, t.b)) for other in at[c] if other is not shape)
        out[shape] = (t.top, ax, ay, dx, dy, dx * dx + dy * dy, near)
    return out


def _off(seg, px: float, py: float, r: float) -> bool:
    """Whether the stretch keeps farther than r from (px, py)."""
    _, ax, ay, dx, dy, ll, _ = seg
    if ll <= 0.0:
        return math.hypot(px - ax, py - ay) > r
    u = ((px - ax) * dx + (py - ay) * dy) / ll
    if u < 0.0:
        u = 0.0
    elif u > 1.0:
        u = 1.0
    return math.hypot(px - (ax + u * dx), py - (ay + u * dy)) > r


def _inside(quad, x: float, y: float) -> bool:
    """Whether (x, y) lies in the convex quadrilateral quad (either way round; a quad that is not convex holds no
    point: the proof is then not tried)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    c0 = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
    c1 = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
    c2 = (x3 - x2) * (y - y2) - (y3 - y2) * (x - x2)
    c3 = (x0 - x3) * (y - y3) - (y0 - y3) * (x - x3)
    return (c0 >= 0.0 and c1 >= 0.0 and c2 >= 0.0 and c3 >= 0.0) or (c0 <= 0.0 and c1 <= 0.0 and c2 <= 0.0 and c3 <= 0.0)


def _convex(quad) -> bool:
    """Whether the quadrilateral turns the same way at each corner (no three corners in a line)."""
    turns = []
    for i in range(4):
        (ax, ay), (bx, by), (cx, cy) = quad[i], quad[(i + 1) % 4], quad[(i + 2) % 4]
        turns.append((bx - ax) * (cy - by) - (by - ay) * (cx - bx))
    return all(t > 0.0 for t in turns) or all(t < 0.0 for t in turns)


def chain_cut(joins: dict, seeds, touches, attacker, target, r1a, e1, e2, r2a, top_h: float) -> bool:
    """Whether a chain of stretches (joins: `junctions`) through one of `seeds` crosses both rails r1a -> e1 and
    r2a -> e2 within the hull (module doc). seeds: (shape, whether it crosses rail 1, rail 2: True, False or None
    when not known). touches: SpaceQueries.touches (Chipmunk's own test of a shape against a segment, as the
    line walks ask it)."""
    ax, ay, ra = attacker.x, attacker.y, attacker.radius + OFF
    tx, ty, rt = target.x, target.y, target.radius + OFF
    low = top_h - 1e-9
    quad = None
    bad = set()
    done = set()
    for seed, on1, on2 in seeds:
        if seed in done or seed in bad:
            continue
        seg = joins.get(seed)
        if seg is None or not seg[6] or seg[0] < low or not _off(seg, ax, ay, ra) or not _off(seg, tx, ty, rt):
            bad.add(seed)  # (alone, it crosses both rails only if the caller found it so)
            continue
        done.add(seed)
        got1 = on1 if on1 is not None else touches(seed, r1a, e1, 0.0)
        got2 = on2 if on2 is not None else touches(seed, r2a, e2, 0.0)
        if got1 and got2:
            return True
        todo = [seed]
        while todo:
            for other, c in joins[todo.pop()][6]:
                if other in done or other in bad:
                    continue
                if quad is None:
                    quad = (r1a, e1, e2, r2a)
                    if not _convex(quad):
                        return False
                if not _inside(quad, c[0], c[1]):
                    continue  # (it may join the chain at another junction)
                seg = joins[other]
                if seg[0] < low or not _off(seg, ax, ay, ra) or not _off(seg, tx, ty, rt):
                    bad.add(other)
                    continue
                done.add(other)
                if not got1 and touches(other, r1a, e1, 0.0):
                    got1 = True
                if not got2 and touches(other, r2a, e2, 0.0):
                    got2 = True
                if got1 and got2:
                    return True
                todo.append(other)
    return False
