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

BOX = 1e-6  # inches around a stretch's box: a segment whose box is farther off cannot touch it (Chipmunk agrees)
OFF = 1e-3  # inches: a chain keeps this far off both bases (a crossing well before the line's end, sight.py's 1e-6)


def junctions(info: dict) -> tuple:
    """({shape: (its top, ax, ay, dx, dy, |d|^2, its ends other stretches share, its box widened by BOX: x0, x1,
    y0, y1)}, {such an end: the stretches ending there}) for the terrain a sight line can meet (info: the table's shape -> _Terrain)."""
    at: dict = {}
    live = []
    for shape, t in info.items():
        if not shape.filter.categories & SIGHT_MASK:  # a low wall, an open door
            continue
        live.append((shape, t))
        at.setdefault(t.a, []).append(shape)
        if t.b != t.a:
            at.setdefault(t.b, []).append(shape)
    points = {c: tuple(shapes) for c, shapes in at.items() if len(shapes) > 1}
    segs = {}
    for shape, t in live:
        (ax, ay), (bx, by) = t.a, t.b
        dx, dy = bx - ax, by - ay
        segs[shape] = (t.top, ax, ay, dx, dy, dx * dx + dy * dy, tuple(c for c in {t.a: 0, t.b: 0} if c in points),
                       min(ax, bx) - BOX, max(ax, bx) + BOX, min(ay, by) - BOX, max(ay, by) + BOX)
    return segs, points


def _off(seg, px: float, py: float, r: float) -> bool:
    """Whether the stretch keeps farther than r from (px, py)."""
    _, ax, ay, dx, dy, ll = seg[:6]
    if ll <= 0.0:
        return math.hypot(px - ax, py - ay) > r
    u = ((px - ax) * dx + (py - ay) * dy) / ll
    if u < 0.0:
        u = 0.0
    elif u > 1.0:
        u = 1.0
    return math.hypot(px - (ax + u * dx), py - (ay + u * dy)) > r


def _turns(ax, ay, bx, by, x, y) -> float:
    """Which side of a -> b (x, y) lies: > 0 left, < 0 right."""
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax)


def chain_cut(joins: tuple, seeds, touches, attacker, target, r1a, e1, e2, r2a, top_h: float) -> bool:
    """Whether a chain of stretches (joins: `junctions`) through one of `seeds` crosses both rails r1a -> e1 and
    r2a -> e2 with its junctions in the quadrilateral (r1a, e1, e2, r2a) (the hull but the attacker's disc: the
    module doc). seeds: (shape, whether it crosses rail 1, rail 2: True, False or None when not known). touches:
    SpaceQueries.touches (Chipmunk's own test of a shape against a segment, as the line walks ask it). The
    stretches the chain found passes through are then checked to keep off both bases."""
    segs, points = joins
    low = top_h - 1e-9
    quad = None
    done = set()
    tried = set()  # the junctions looked at
    for seed, on1, on2 in seeds:
        if seed in done:
            continue
        seg = segs.get(seed)
        if seg is None or seg[0] < low or (not seg[6] and (on1 is False or on2 is False or on1 is not None is not on2)):
            continue  # (alone, a seed the caller tried crosses both rails only if the caller found it so)
        part = [seed]
        done.add(seed)
        got1 = on1 if on1 is not None else touches(seed, r1a, e1, 0.0)
        got2 = on2 if on2 is not None else touches(seed, r2a, e2, 0.0)
        k = 0
        while not (got1 and got2) and k < len(part):
            for c in segs[part[k]][6]:
                if c in tried:
                    continue
                tried.add(c)
                others = [o for o in points[c] if o not in done and segs[o][0] >= low]
                if not others:
                    continue
                if quad is None:  # the quadrilateral, the way it turns, and the rails' boxes
                    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad = (r1a, e1, e2, r2a)
                    way = _turns(x0, y0, x1, y1, x2, y2)
                    if not (way * _turns(x1, y1, x2, y2, x3, y3) > 0.0 and way * _turns(x2, y2, x3, y3, x0, y0) > 0.0
                            and way * _turns(x3, y3, x0, y0, x1, y1) > 0.0):
                        return False  # (not convex: no proof tried)
                    box1 = (min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1))
                    box2 = (min(x2, x3), max(x2, x3), min(y2, y3), max(y2, y3))
                cx, cy = c
                t0 = (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)
                t1 = (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1)
                t2 = (x3 - x2) * (cy - y2) - (y3 - y2) * (cx - x2)
                t3 = (x0 - x3) * (cy - y3) - (y0 - y3) * (cx - x3)
                if (t0 < 0.0 or t1 < 0.0 or t2 < 0.0 or t3 < 0.0) if way > 0.0 else \
                        (t0 > 0.0 or t1 > 0.0 or t2 > 0.0 or t3 > 0.0):
                    continue  # outside the quadrilateral (_turns; it may join the chain at another junction)
                for other in others:
                    seg = segs[other]
                    done.add(other)
                    part.append(other)
                    if not got1 and seg[7] <= box1[1] and box1[0] <= seg[8] and seg[9] <= box1[3] and \
                            box1[2] <= seg[10] and touches(other, r1a, e1, 0.0):
                        got1 = True
                    if not got2 and seg[7] <= box2[1] and box2[0] <= seg[8] and seg[9] <= box2[3] and \
                            box2[2] <= seg[10] and touches(other, r2a, e2, 0.0):
                        got2 = True
            k += 1
        if got1 and got2:
            return all(off_bases(segs[shape], attacker, target) for shape in part)
    return False


def off_bases(seg, attacker, target) -> bool:
    """Whether the stretch (`junctions`) keeps OFF away from both bases."""
    return _off(seg, attacker.x, attacker.y, attacker.radius + OFF) and _off(seg, target.x, target.y, target.radius + OFF)
