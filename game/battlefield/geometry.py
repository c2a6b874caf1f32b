"""Small plane-geometry helpers shared by the loader, the zones and the table.

Terrain queries (walls, doors, platform faces, bases on lines) go through pymunk in table.py;
these helpers only cover what pymunk does not: polygon containment for surfaces and zones,
and circle-to-segment distances for base footprints on the movement lattice.
"""
from __future__ import annotations

import math

EPS = 1e-6


def point_in_polygon(poly, x: float, y: float, eps: float = 1e-7) -> int:
    """+1 strictly inside, 0 on the boundary (within eps), -1 outside."""
    n = len(poly)
    inside = False
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        if seg_point_dist(ax, ay, bx, by, x, y) <= eps:
            return 0
        if (ay > y) != (by > y):
            xc = ax + (y - ay) * (bx - ax) / (by - ay)
            if xc > x:
                inside = not inside
    return 1 if inside else -1


def seg_point_dist(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll <= 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / ll
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def signed_area(poly) -> float:
    s = 0.0
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        s += ax * by - bx * ay
    return s / 2.0


def polygon_edges(poly):
    n = len(poly)
    return [(poly[i], poly[(i + 1) % n]) for i in range(n)]


def outward_normal(poly, a, b):
    """Unit normal of edge a->b pointing out of the polygon."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1.0
    # for a counter-clockwise polygon (positive signed area in x-right/y-down maths) the outside of
    # edge a->b is on the right-hand side: (dy, -dx)
    nx, ny = dy / ln, -dx / ln
    if signed_area(poly) < 0:
        nx, ny = -nx, -ny
    return nx, ny


def clip_segment_outside_circle(a, b, cx: float, cy: float, r: float):
    """The parts of segment a-b outside the circle (c, r), and the part inside it (None if it misses):
    ([(a', b'), ...], (p, q) | None). Parts shorter than EPS are dropped."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    fx, fy = ax - cx, ay - cy
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - r * r
    disc = qb * qb - 4 * qa * qc
    if qa <= 0.0 or disc <= 0.0:
        return [(a, b)], None
    root = math.sqrt(disc)
    t0 = max(0.0, (-qb - root) / (2 * qa))
    t1 = min(1.0, (-qb + root) / (2 * qa))
    if t1 - t0 <= EPS:
        return [(a, b)], None
    at = lambda t: (ax + t * dx, ay + t * dy)  # noqa: E731
    length = math.sqrt(qa)
    outside = []
    if t0 * length > EPS:
        outside.append((a, at(t0)))
    if (1.0 - t1) * length > EPS:
        outside.append((at(t1), b))
    return outside, (at(t0), at(t1))
