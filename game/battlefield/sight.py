"""Line of sight and cover (R9-R11, B1-B7; grid R21, B18-B19): the Table's sight questions."""
from __future__ import annotations

import math

from pymunk import ShapeFilter

from .geometry import point_in_polygon
from .model import Base, Sight
from .terrain import COVER_DIST, COVER_FILTER, EPS, EYE, HIGH_GROUND, SIGHT_MASK, SQUARE, UNIT


def _tangent_point(cx, cy, r, e, sx, sy):
    """The point where a tangent from e touches the circle (c, r), on the side of direction (sx, sy)."""
    dx, dy = e[0] - cx, e[1] - cy
    d = math.hypot(dx, dy)
    if d <= r:
        return (cx + sx * r, cy + sy * r)
    th = math.atan2(dy, dx)
    b = math.acos(r / d)
    p1 = (cx + r * math.cos(th + b), cy + r * math.sin(th + b))
    p2 = (cx + r * math.cos(th - b), cy + r * math.sin(th - b))
    return p1 if (p1[0] - cx) * sx + (p1[1] - cy) * sy >= (p2[0] - cx) * sx + (p2[1] - cy) * sy else p2


# attacker base points tried after its centre (degrees from the direction of the target): sides first
_SIGHT_DIRS = [(math.cos(math.radians(d)), math.sin(math.radians(d))) for d in (90, -90, 45, -45, 135, -135, 0, 180)]


class TableSight:
    """Sight and cover, mixed into Table (uses its Space, terrain info and bases)."""

    def sight(self, attacker: Base, target: Base) -> Sight:
        """R9-R11 (grid: R21). Other bases (any side) block; the attacker and target do not.
        Results are cached until a base or a door changes."""
        key = (attacker, target)
        got = self._sight_cache.get(key)
        if got is None:
            got = self._grid_sight(attacker, target) if self._grid else self._sight(attacker, target)
            self._sight_cache[key] = got
        return got

    def _sight(self, attacker: Base, target: Base) -> Sight:
        ax, ay, tx, ty = attacker.x, attacker.y, target.x, target.y
        dx, dy = tx - ax, ty - ay
        dist = math.hypot(dx, dy)
        high = attacker.z - target.z >= HIGH_GROUND - EPS
        if dist < EPS:
            return Sight(False, high_ground=high, blocker="same position")
        ux, uy = dx / dist, dy / dist
        px, py = -uy, ux
        rt = target.radius
        e1 = (tx + px * rt, ty + py * rt)
        e2 = (tx - px * rt, ty - py * rt)
        ha, ht = attacker.z + EYE, target.z + EYE
        skip = (attacker.uid, target.uid)
        ra = attacker.radius
        # Every sight line lies in the hull of the attacker's base and the segment e1-e2. What crosses both of
        # the hull's side rails (the tangents from the base to e1 and to e2) cuts every line: no need to try
        # each point of the base.
        top_h = max(ha, ht)
        r1a = _tangent_point(ax, ay, ra, e1, px, py)
        r2a = _tangent_point(ax, ay, ra, e2, -px, -py)
        first1 = None
        for shape, label in self._full_blockers((r1a, e1), skip, top_h):
            if shape.segment_query(r2a, e2, 0.0) is not None:
                return Sight(False, False, high, (), label)
            if first1 is None:
                first1 = (shape, label)
        if first1 is not None and first1[0] in self._info:
            # two wall stretches meeting at a corner inside the hull, one across each rail, cut it too
            s2 = next(self._full_blockers((r2a, e2), skip, top_h), None)
            if s2 is not None and s2[0] in self._info:
                i1, i2 = self._info[first1[0]], self._info[s2[0]]
                for c in (i1.a, i1.b):
                    if (c == i2.a or c == i2.b) and (math.hypot(c[0] - ax, c[1] - ay) <= ra or
                                                     point_in_polygon((r1a, e1, e2, r2a), c[0], c[1]) >= 0):
                        return Sight(False, False, high, (), first1[1])
        # cover (R11, B6) is flat: terrain within 1" of the target's base that rises above the target's surface
        near_target = [q.shape for q in self._space.point_query((tx, ty), rt + COVER_DIST + EPS, COVER_FILTER)
                       if self._info[q.shape].top > target.z + EPS]
        rp = ra * 0.98
        points = [(ax, ay)]
        for c, s_ in _SIGHT_DIRS:
            points.append((ax + rp * (ux * c - uy * s_), ay + rp * (uy * c + ux * s_)))
        first_block = None
        seen_with_cover = None
        for pnt in points:
            b1 = self._line_blocked(pnt, e1, ha, ht, skip)
            if b1 is None:
                b1 = self._line_blocked(pnt, e2, ha, ht, skip)
            if b1 is not None:
                if first_block is None:
                    first_block = b1
                continue
            lines = ((pnt, e1), (pnt, e2))
            if not near_target or not self._has_cover(pnt, target, near_target):
                return Sight(True, False, high, lines, None)
            if seen_with_cover is None:
                seen_with_cover = lines
        if seen_with_cover is not None:
            return Sight(True, not high, high, seen_with_cover, None)
        return Sight(False, False, high, (), first_block)

    def _blocker_label(self, shape) -> str:
        uid = self._unit_of_shape.get(shape)
        if uid is not None:
            return f"{self._bases[uid].side} base {uid}"
        return self._info[shape].label

    def _full_blockers(self, seg, skip, top_h):
        """Yield, nearest first, what crosses seg and blocks any sight line crossing it: bases but the two
        involved, and terrain whose top is at or above both eyes. Yields (shape, label)."""
        p, e = seg
        L = math.hypot(e[0] - p[0], e[1] - p[1])
        if L < EPS:
            return
        group = self._unit_group.get(skip[0], 0)
        start = p
        for _ in range(256):
            h = self._space.segment_query_first(start, e, 0.0, ShapeFilter(group=group, mask=SIGHT_MASK | UNIT))
            if h is None:
                return
            shape = h.shape
            hx, hy = h.point.x, h.point.y
            uid = self._unit_of_shape.get(shape)
            if uid is not None:
                if uid in skip:
                    return  # the target, at the end of the rail
                yield shape, self._blocker_label(shape)
                group = self._unit_group[uid]
            else:
                if math.hypot(hx - p[0], hy - p[1]) >= L * (1.0 - 1e-6):
                    return
                if self._info[shape].top >= top_h - 1e-9:
                    yield shape, self._info[shape].label
                group = self._terrain_group[shape]
            start = (hx, hy)

    def _line_blocked(self, p, e, ha, ht, skip):
        """The label of the first obstruction along the sight line p -> e (None when clear). skip = (attacker
        uid, target uid). Walks the line with segment_query_first (no per-hit callbacks), stepping past
        terrain the line passes over by excluding that shape's own group."""
        L = math.hypot(e[0] - p[0], e[1] - p[1])
        if L < EPS:
            return None
        group = self._unit_group.get(skip[0], 0)
        start = p
        space = self._space
        for _ in range(256):
            h = space.segment_query_first(start, e, 0.0, ShapeFilter(group=group, mask=SIGHT_MASK | UNIT))
            if h is None:
                return None
            shape = h.shape
            uid = self._unit_of_shape.get(shape)
            if uid is not None:
                return None if uid in skip else self._blocker_label(shape)
            hx, hy = h.point.x, h.point.y
            alpha = math.hypot(hx - p[0], hy - p[1]) / L
            if alpha >= 1.0 - 1e-6:
                return None  # touching the target's edge point, not crossing
            info = self._info[shape]
            if info.top >= ha + (ht - ha) * alpha - 1e-9:
                return info.label
            start, group = (hx, hy), self._terrain_group[shape]
        return None

    @staticmethod
    def _has_cover(p, target: Base, near_target) -> bool:
        """R11 as B6 reads it: a segment from the attacker point p to one of 17 points of the target's base
        (centre and 16 on the edge) crosses terrain of near_target at a point within 1" of the base. Heights
        play no part here (they decide sight, R10, and High Ground, R11)."""
        tx, ty, rt = target.x, target.y, target.radius
        pts = [(tx, ty)]
        for k in range(16):
            a = k * math.pi / 8
            pts.append((tx + rt * math.cos(a), ty + rt * math.sin(a)))
        reach = rt + COVER_DIST + EPS
        for q in pts:
            for s in near_target:
                h = s.segment_query(p, q, 0.0)
                if h is None or h.alpha >= 1.0 - 1e-6:
                    continue
                if math.hypot(h.point.x - tx, h.point.y - ty) <= reach:
                    return True
        return False

    def _grid_sight(self, attacker: Base, target: Base) -> Sight:
        ai, aj = self.square_of(attacker.x, attacker.y)
        ti, tj = self.square_of(target.x, target.y)
        high = attacker.z - target.z >= HIGH_GROUND - EPS
        if (ai, aj) == (ti, tj):
            return Sight(False, high_ground=high, blocker="same square")
        ca = (ai * SQUARE + 1, aj * SQUARE + 1)
        ct = (ti * SQUARE + 1, tj * SQUARE + 1)
        ha, ht = attacker.z + EYE, target.z + EYE
        skip = (attacker.uid, target.uid)

        def corners(i, j):
            return [(i * SQUARE + dx, j * SQUARE + dy) for dy in (0, SQUARE) for dx in (0, SQUARE)]

        def inset(pt, c):  # 0.01" toward the square's centre, so lines touching a wall's end do not cross it
            return (pt[0] + (c[0] - pt[0]) * 0.01, pt[1] + (c[1] - pt[1]) * 0.01)

        first_block = None
        acs = sorted(corners(ai, aj), key=lambda c: (math.dist(c, ct), c))
        for c in acs:
            tcs = sorted(corners(ti, tj), key=lambda k: (math.dist(c, k), k))
            d1 = math.dist(c, tcs[1])
            nearest = tcs[0]
            seconds = [k for k in tcs[1:] if abs(math.dist(c, k) - d1) < 1e-9]
            cin = inset(c, ca)
            b = self._line_blocked(cin, inset(nearest, ct), ha, ht, skip)
            if b is None:
                for k in seconds:
                    b = self._line_blocked(cin, inset(k, ct), ha, ht, skip)
                    if b is None:
                        lines = ((c, nearest), (c, k))
                        cover = self._grid_cover(ti, tj, target.z)
                        return Sight(True, cover and not high, high, lines, None)
            if first_block is None:
                first_block = b
        return Sight(False, False, high, (), first_block)

    def _grid_cover(self, i, j, z) -> bool:
        """R21: a wall (wall, low wall, closed door, or a face rising above the target) occupies an edge of
        the target's square (it covers the edge's midpoint)."""
        x0, y0 = i * SQUARE, j * SQUARE
        for m in ((x0 + 1, y0), (x0 + 1, y0 + SQUARE), (x0, y0 + 1), (x0 + SQUARE, y0 + 1)):
            for q in self._space.point_query(m, 0.05, COVER_FILTER):
                if self._info[q.shape].top > z + EPS:
                    return True
        return False

