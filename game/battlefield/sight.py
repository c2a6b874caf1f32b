"""Line of sight and cover (R9-R11, B1-B7; grid R21, B18-B19): the Table's sight questions."""
from __future__ import annotations

import math
from itertools import islice
from operator import itemgetter

from .geometry import point_in_polygon
from .model import Base, Sight
from .sight_alone import SightAlone, tangent_point as _tangent_point
from .sight_cells import READ as _READ, RECHECK_CHANGES, CellMarks, measured
from .terrain import COVER_DIST, COVER_FILTER, EPS, EYE, HIGH_GROUND, SIGHT_MASK, SQUARE, UNIT


# attacker base points tried after its centre (degrees from the direction of the target): sides first
_SIGHT_DIRS = [(math.cos(math.radians(d)), math.sin(math.radians(d))) for d in (90, -90, 45, -45, 135, -135, 0, 180)]


_SIXTEEN = [(math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16)]  # (the edge points of B6)
_SAME_POINT = 1e-7  # inches: crossings of one line closer than this are one point (N71)
_ALONE = 1e-6  # inches: a piece a line meets with nothing else this near the point is met alone (_line_blocked)


SIGHTS_KEPT = 16384  # answers kept per table (_seen_sight); the oldest go first
BASE_CHANGES_KEPT = 1024  # the base changes a table remembers (at least)


_alpha = itemgetter(0)  # a crossing's place along its line
_LISTED = object()  # _first_hits: the line must be walked by listing its crossings
_WALK_GROUP = 2 ** 31 - 1  # a pymunk group no shape has: pieces a walk passed, when the attacker has no base


def base_label(side: str, uid: int) -> str:
    """How a Sight names a base that blocks it (the match puts the unit's name in its place for a player)."""
    return f"{side} base {uid}"


class TableSight(CellMarks, SightAlone):
    """Sight and cover, mixed into Table (uses its Space, terrain info and bases)."""

    first_hit_sight = True  # False: every line walks every crossing (the reference the tests hold the quick way to)

    def sight(self, attacker: Base, target: Base) -> Sight:
        """R9-R11 (grid: R21). Other bases (any side) block; the attacker and target do not.
        Answers are kept until a door or the terrain changes, or a base changes near the line (_seen_sight)."""
        key = (attacker.uid, attacker.x, attacker.y, attacker.z, attacker.radius,
               target.uid, target.x, target.y, target.z, target.radius)  # what sight depends on (cheap to hash)
        if self._grid:
            got = self._sight_cache.get(key)
            if got is None:
                got = self._sight_cache[key] = self._grid_sight(attacker, target)
            return got
        seen = self._sights_seen.get(key)
        if seen is not None:
            since = seen[0]
            now = self._base_changes_from + len(self._base_changes)
            if since == now:
                return seen[1]
            foot = seen[3]
            if foot is not None and self._sight_marked == now and now - since <= RECHECK_CHANGES and \
                    not foot & self._sight_marks[now - since]:  # no base changed near what the walk read
                seen[0] = now
                return seen[1]
        return self._seen_sight(key, seen, attacker, target)

    def _seen_sight(self, key, seen, attacker: Base, target: Base) -> Sight:
        """The answer given to the same question before (seen: [the count of base changes when it was last
        checked, the Sight, the stretches of lines its walk read (measured, once it has a footprint), its footprint
        or None], or None), while no base that changed since
        could change it; else the walk's (_sight). Every line the walk looks at (and every rail
        _all_lines_cut proves with) runs between a point of the attacker's base and a point of the target's,
        so it lies in the capsule around the segment between their centres as wide as the larger base: a
        base outside that capsule crosses none of them. Of each line the walk read only the stretch up to
        where it stopped (the piece that ended it): a base that touches none of those stretches changes
        nothing the walk saw, so it would go the same way. So an answer holds while each base changed since
        (placed, moved, taken off, another side) touched no stretch read before its change and touches none
        now (the attacker's never counts: a line never meets it). The target's own base is no exception: a
        walk that met it stopped there (the stretch read ends on it, so its leaving is seen), and one that did
        not meet it is changed by it only where it comes to touch a stretch read; so a spot weighed for a unit
        keeps its answers while the unit itself moves elsewhere (an answer proved by terrain alone, sight_alone.py,
        also reads the target's place, which only that base leaving touches). The stretches are filed under the cells
        they can pass through (sight_cells.py: the answer's footprint, worked out when it is first checked) and each change
        under the cells its base's circles reach (_marks_since): an answer whose footprint shares no cell with the
        changes since holds at once (sight() tells that without a call); one that does is measured against the
        changes that share a cell with it (_still_holds)."""
        log, first = self._base_changes, self._base_changes_from
        now = first + len(log)
        if seen is not None:
            since = seen[0]
            d = now - since
            if d <= RECHECK_CHANGES and since >= first:
                foot = seen[3]
                if foot is None:
                    seen[2] = measured(seen[2])
                    foot = seen[3] = self._cells.stretches(seen[2])
                if not foot & self._marks_since(now)[d] or self._still_holds(seen, foot, attacker, target, d):
                    seen[0] = now
                    return seen[1]
        self._trace = trace = []
        try:
            got = self._sight(attacker, target)
        finally:
            self._trace = None
        kept = self._sights_seen
        if len(kept) >= SIGHTS_KEPT:
            for old in list(islice(kept, SIGHTS_KEPT // 4)):  # the oldest quarter goes
                del kept[old]
        kept[key] = [now, got, trace, None]  # (its footprint: worked out when first checked)
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
        first_block = None
        seen_with_cover = None
        near_target = base_points = None
        centre = (ax, ay)
        if self.first_hit_sight:  # (_line_blocked's walk: these lines are no shorter than dist)
            lc = math.hypot(e1[0] - ax, e1[1] - ay)
            b1 = self._first_hits(centre, e1, lc, ha, ht, skip)
            if b1 is _LISTED:
                b1 = self._walk_listed(centre, e1, lc, ha, ht, skip)
            if b1 is None:
                lc = math.hypot(e2[0] - ax, e2[1] - ay)
                b1 = self._first_hits(centre, e2, lc, ha, ht, skip)
                if b1 is _LISTED:
                    b1 = self._walk_listed(centre, e2, lc, ha, ht, skip)
        else:
            b1 = self._line_blocked(centre, e1, ha, ht, skip)
            if b1 is None:
                b1 = self._line_blocked(centre, e2, ha, ht, skip)
        cutters = None  # pieces known to block any line crossing them (blocked from the centre: the blocker's name
        # is known, and each line below only needs to be found blocked or clear)
        if b1 is None:  # seen from the centre: no need to prove anything blocked
            # cover (R11, B6) is flat: terrain within 1" of the target's base rising above its surface
            near_target, base_points = self._cover_terrain(target)
            lines = ((centre, e1), (centre, e2))
            if not near_target or not self._has_cover(centre, target, near_target, base_points):
                return Sight(True, False, high, lines, None)
            seen_with_cover = lines
        else:
            first_block = self._blocker_label(b1)
            cutters = [] if self.first_hit_sight else None
            if self._all_lines_cut(attacker, b1, e1, e2, px, py, ha, ht, skip, cutters, target):
                return self._blocked_sight(high, first_block)
            near_target, base_points = self._cover_terrain(target)
        if cutters:
            cur = self._unit_bodies.get(target.uid)
            target_shape = cur[1] if cur is not None else None
        rp = ra * 0.98
        quick = self.first_hit_sight
        for c, s_ in _SIGHT_DIRS:
            pnt = (ax + rp * (ux * c - uy * s_), ay + rp * (uy * c + ux * s_))
            covered = None
            if quick and seen_with_cover is not None and near_target:
                # seen with Cover already: a point whose lines have Cover changes nothing, seen or not (Cover is
                # the terrain's alone: no line of it is walked)
                if self._has_cover(pnt, target, near_target, base_points):
                    continue
                covered = False
            if cutters and self._cut_by(cutters, pnt, e1, target_shape):
                continue
            b1 = self._line_blocked(pnt, e1, ha, ht, skip)
            if b1 is None:
                if cutters and self._cut_by(cutters, pnt, e2, target_shape):
                    continue
                b1 = self._line_blocked(pnt, e2, ha, ht, skip)
            if b1 is not None:
                if first_block is None:
                    first_block = self._blocker_label(b1)
                continue
            lines = ((pnt, e1), (pnt, e2))
            if covered is False or not near_target or not self._has_cover(pnt, target, near_target, base_points):
                return Sight(True, False, high, lines, None)
            if seen_with_cover is None:
                seen_with_cover = lines
        if seen_with_cover is not None:
            return Sight(True, not high, high, seen_with_cover, None)
        return self._blocked_sight(high, first_block)

    def _blocked_sight(self, high: bool, label) -> Sight:
        """Sight(False, ...) for a blocker: one frozen answer per (high ground, label), shared."""
        key = (high, label)
        got = self._blocked_sights.get(key)
        if got is None:
            got = self._blocked_sights[key] = Sight(False, False, high, (), label)
        return got

    def _cut_by(self, cutters, p, e, target_shape) -> bool:
        """Whether the line p -> e is surely blocked by one of `cutters` (bases but the two involved, terrain as high
        as both eyes: each blocks any line crossing it), asked of each piece alone: crossed before the line's end,
        and before the target's own base (where a walk would stop, clear). The walk would stop at that piece or at
        one before it: the stretch up to it is what it read (_seen_sight)."""
        L = math.hypot(e[0] - p[0], e[1] - p[1])
        if L < EPS:
            return False
        hits = self._q.hits
        for shape in cutters:
            h = hits(shape, p, e)
            if h is None or h[0] >= 1.0 - 1e-6:
                continue
            if target_shape is not None:
                t = hits(target_shape, p, e)
                if t is not None and t[0] <= h[0] + _ALONE / L:
                    return False
            if self._trace is not None:
                self._trace.append((p, e, h[0] + _READ / L))
            return True
        return False

    def _all_lines_cut(self, attacker: Base, x, e1, e2, px, py, ha, ht, skip, cutters=None, target=None) -> bool:
        """Whether no point of the attacker's base can see both edge points, proved without trying them all.
        x: what blocks a line from its centre. Only bases and terrain as high as both eyes count here (they
        block whatever line crosses them). Every line lies in the hull of the base and e1-e2: what crosses both
        side rails of it (the tangents from the base to e1 and to e2) cuts them all, as do two wall stretches
        meeting at a corner inside it; and every line to e1 (or e2) is cut by what crosses both tangents from
        that point to the base. x is tried first: it usually settles it with no query of the Space. Then (not in the
        reference walk: cutters None) each piece of terrain as high as both eyes on the centre's lines, alone
        (sight_alone.py: one listing per line, of the terrain only). cutters (a list, or None): x is put there when
        it blocks any line crossing it (the points below try it before walking a line)."""
        ax, ay, ra = attacker.x, attacker.y, attacker.radius
        top_h = max(ha, ht)
        r1a = _tangent_point(ax, ay, ra, e1, px, py)
        r2a = _tangent_point(ax, ay, ra, e2, -px, -py)
        crosses = self._q.touches
        info = self._info.get(x)
        if info is None or info.top >= top_h - 1e-9:
            if cutters is not None:
                cutters.append(x)
            on1, on2 = crosses(x, r1a, e1, 0.0), crosses(x, r2a, e2, 0.0)
            if on1 and on2:
                return True
            if on1 and crosses(x, _tangent_point(ax, ay, ra, e1, -px, -py), e1, 0.0):
                return True
            if on2 and crosses(x, _tangent_point(ax, ay, ra, e2, px, py), e2, 0.0):
                return True
        if cutters is not None and self._terrain_cuts(x, attacker, target, r1a, e1, e2, r2a, px, py, top_h):
            return True
        rail1 = []  # what crosses rail 1 and blocks every line crossing it
        for shape in self._full_blockers((r1a, e1), skip, top_h):
            if crosses(shape, r2a, e2, 0.0):
                return True
            rail1.append(shape)
        rail2 = list(self._full_blockers((r2a, e2), skip, top_h))
        if rail1 and rail1[0] in self._info and rail2 and rail2[0] in self._info:
            i1, i2 = self._info[rail1[0]], self._info[rail2[0]]
            for c in (i1.a, i1.b):
                if (c == i2.a or c == i2.b) and (math.hypot(c[0] - ax, c[1] - ay) <= ra or
                                                 point_in_polygon((r1a, e1, e2, r2a), c[0], c[1]) >= 0):
                    return True
        return self._fan_cut(rail1, _tangent_point(ax, ay, ra, e1, -px, -py), e1) or \
            self._fan_cut(rail2, _tangent_point(ax, ay, ra, e2, px, py), e2)

    def _fan_cut(self, rail, t, e) -> bool:
        """Whether one of the blockers across one tangent from e to the attacker's base (rail: shapes, each
        blocking any line it crosses) also crosses the other tangent, t -> e: then it cuts every line from the
        base to e (it cannot overlap the base, so the chord it makes closes the cone)."""
        crosses = self._q.touches
        return any(crosses(shape, t, e, 0.0) for shape in rail)

    def _blocker_label(self, shape) -> str:
        uid = self._unit_of_shape.get(shape)
        if uid is not None:
            return base_label(self._bases[uid].side, uid)
        return self._info[shape].label

    def _crossed(self, p, e, attacker_uid):
        """Everything the segment p -> e meets but the attacker's base, as (alpha, shape), nearest first.
        The order is a function of the table as it stands, never of how bases moved before (Chipmunk's
        index visits shapes in an order that does): every crossing is listed and sorted by where it lies
        on the line, and pieces met at one point (within 1e-7") are taken together in a fixed order: the
        tallest terrain first, then by label and ends, then bases by uid (N71). So where walls and
        platform faces meet, each is looked at once and the tallest that blocks is the one named."""
        found = self._q.crossings(p, e, self._sight_filter(self._unit_group.get(attacker_uid, 0)))
        n = len(found)
        if n < 2:
            return found
        found.sort(key=_alpha)
        tol = _SAME_POINT / max(math.hypot(e[0] - p[0], e[1] - p[1]), EPS)
        i, last = 0, found[0][0]
        for i in range(1, n):  # usually no two pieces meet at one point: nothing to reorder
            alpha = found[i][0]
            if alpha - last <= tol:
                break
            last = alpha
        else:
            return found
        out = found[:i - 1]
        i -= 1
        while i < n:
            j = i + 1
            while j < n and found[j][0] - found[i][0] <= tol:
                j += 1
            if j - i == 1:
                out.append(found[i])
            else:
                out.extend(sorted(found[i:j], key=lambda h: self._rank_of(h[1])))
            i = j
        return out

    def _rank_of(self, shape):
        """The fixed order of pieces met at one point of a line: terrain, tallest first, by label and ends;
        then bases by uid."""
        info = self._info.get(shape)
        if info is not None:
            return (0, -info.top, info.label, info.a, info.b)
        return (1, self._unit_of_shape[shape])

    def _full_blockers(self, seg, skip, top_h):
        """Yield, nearest first, what crosses seg and blocks any sight line crossing it: bases but the two
        involved, and terrain whose top is at or above both eyes. Yields shapes."""
        p, e = seg
        L = math.hypot(e[0] - p[0], e[1] - p[1])
        if L < EPS:
            return
        unit_of, info = self._unit_of_shape, self._info
        read = None
        if self._trace is not None:
            read = [p, e, 0.0]
            self._trace.append(read)
        for alpha, shape in self._crossed(p, e, skip[0]):
            if read is not None:
                read[2] = alpha + _READ / L
            uid = unit_of.get(shape)
            if uid is not None:
                if uid in skip:
                    return  # the target, at the end of the rail
                yield shape
            else:
                if alpha >= 1.0 - 1e-6:
                    return
                if info[shape].top >= top_h - 1e-9:
                    yield shape
        if read is not None:
            read[2] = 2.0

    def _line_blocked(self, p, e, ha, ht, skip):
        """The first obstruction (shape) along the sight line p -> e (None when clear). skip = (attacker
        uid, target uid). Every piece the line meets is looked at, nearest first (_crossed): terrain the
        line passes over is passed, the first that rises to the line's height there blocks it (B1), and
        the first base met ends the walk (the target: clear)."""
        L = math.hypot(e[0] - p[0], e[1] - p[1])
        if L < EPS:
            return None
        if self.first_hit_sight:
            got = self._first_hits(p, e, L, ha, ht, skip)
            if got is not _LISTED:
                return got
        return self._walk_listed(p, e, L, ha, ht, skip)

    def _walk_listed(self, p, e, L, ha, ht, skip):
        """_line_blocked's walk over every crossing of the line, listed (L: its length)."""
        unit_of, info = self._unit_of_shape, self._info
        trace = self._trace
        for alpha, shape in self._crossed(p, e, skip[0]):
            uid = unit_of.get(shape)
            if uid is not None:
                got = None if uid in skip else shape
            elif alpha >= 1.0 - 1e-6:
                got = None  # touching the target's edge point, not crossing
            elif info[shape].top >= ha + (ht - ha) * alpha - 1e-9:
                got = shape
            else:
                continue
            if trace is not None:
                trace.append((p, e, alpha + _READ / L))
            return got
        if trace is not None:
            trace.append((p, e, 2.0))
        return None

    def _first_hits(self, p, e, L, ha, ht, skip):
        """_line_blocked's walk by first hits: Chipmunk's first-hit query names the nearest piece without a call
        back to Python per piece. When nothing else lies within _ALONE of the point it meets (so no other piece is
        met within 1e-7" of it, N71) it is the walk's next; a piece the line passes over is then left out of the
        next query (put in the attacker's pymunk group for the while), which names the piece after it, with the
        same alpha along p -> e as a listing gives (the same Chipmunk test of that shape against that segment).
        Returns the answer, or _LISTED when a piece is not alone (the caller lists every crossing)."""
        q = self._q
        group = self._unit_group.get(skip[0], 0)
        flt = self._sight_filters.get(group)
        if flt is None:
            flt = self._sight_filter(group)
        hit = q.first(p, e, flt)
        if hit is None:
            if self._trace is not None:
                self._trace.append((p, e, 2.0))
            return None  # the line meets nothing
        unit_of, alone_filters = self._unit_of_shape, self._alone_filters
        any_near = q.any_near
        passed = None
        try:
            while True:
                shape, alpha, x, y = hit
                uid = unit_of.get(shape)
                if uid is not None:
                    got, ends = (None if uid in skip else shape), True
                elif alpha >= 1.0 - 1e-6:
                    got, ends = None, True
                else:
                    got = shape
                    ends = self._info[shape].top >= ha + (ht - ha) * alpha - 1e-9
                alone = alone_filters.get(shape)
                if alone is None:
                    alone = self._alone_filter(shape, uid)
                if any_near((x, y), _ALONE, alone):
                    return _LISTED
                if ends:
                    if self._trace is not None:
                        self._trace.append((p, e, alpha + _READ / L))
                    return got
                if passed is None:  # passed over: the next query leaves it out with the attacker's base
                    passed = []
                    if not group:
                        group = _WALK_GROUP
                        flt = self._sight_filter(group)
                passed.append((shape, q.regroup(shape, group)))
                hit = q.first(p, e, flt)
                if hit is None:
                    if self._trace is not None:
                        self._trace.append((p, e, 2.0))
                    return None  # the line meets nothing more
        finally:
            if passed:
                restore = q.restore
                for shape, was in passed:
                    restore(shape, was)

    def _alone_filter(self, shape, uid):
        """The sight filter leaving out the shape's own pymunk group (is anything else near where a line met it?),
        kept per shape."""
        got = self._sight_filter(self._unit_group[uid] if uid is not None else self._terrain_group[shape])
        if len(self._alone_filters) >= 4096:
            self._alone_filters.clear()
        self._alone_filters[shape] = got
        return got

    def _sight_filter(self, group: int):
        """The filter of sight-line queries that leaves out one pymunk group (the attacker's, or what the
        line already passed)."""
        flt = self._sight_filters.get(group)
        if flt is None:
            flt = self._sight_filters[group] = self._q.shape_filter(group, SIGHT_MASK | UNIT)
        return flt

    def _cover_terrain(self, target: Base):
        """The terrain that may give the target cover (within 1" of its base, rising above its surface), as
        segments ((ax, ay), (bx, by)), and the 17 points of its base the cover segments go to; kept per target
        position until a door changes."""
        key = (target.x, target.y, target.z, target.radius)
        got = self._cover_near.get(key)
        if got is None:
            tx, ty, rt = target.x, target.y, target.radius
            near = []
            for q in self._space.point_query((tx, ty), rt + COVER_DIST + EPS, COVER_FILTER):
                info = self._info[q.shape]
                if info.top > target.z + EPS:
                    near.append((info.a, info.b))
            pts = [(tx, ty)]
            for c, s_ in _SIXTEEN:
                pts.append((tx + rt * c, ty + rt * s_))
            if len(self._cover_near) >= 512:
                self._cover_near.clear()
            got = self._cover_near[key] = (near, pts)
        return got

    @staticmethod
    def _has_cover(p, target: Base, near_target, base_points) -> bool:
        """R11 as B6 reads it: a segment from the attacker point p to one of 17 points of the target's base
        (centre and 16 on the edge) crosses terrain of near_target at a point within 1" of the base. Heights
        play no part here (they decide sight, R10, and High Ground, R11). Plain segment crossings: the
        terrain is straight stretches, and this runs 17 times per stretch."""
        tx, ty = target.x, target.y
        reach = target.radius + COVER_DIST + EPS
        px, py = p
        # every segment lies in the cone from p around the target's base: a stretch wholly outside one of its
        # two sides crosses none of them
        dx, dy = tx - px, ty - py
        d = math.hypot(dx, dy)
        cone = d > target.radius + 1e-6
        if cone:
            ux, uy = dx / d, dy / d
            sn = target.radius / d
            cs = math.sqrt(1.0 - sn * sn)
            nlx, nly = -(uy * cs + ux * sn), ux * cs - uy * sn  # outward normals of the two sides
            nrx, nry = uy * cs - ux * sn, -(ux * cs + uy * sn)
        for (ax, ay), (bx, by) in near_target:
            if cone:
                if (ax - px) * nlx + (ay - py) * nly > 1e-9 and (bx - px) * nlx + (by - py) * nly > 1e-9:
                    continue
                if (ax - px) * nrx + (ay - py) * nry > 1e-9 and (bx - px) * nrx + (by - py) * nry > 1e-9:
                    continue
            sx, sy = bx - ax, by - ay
            apx, apy = ax - px, ay - py
            a_cross_s = apx * sy - apy * sx
            for qx, qy in base_points:
                rx, ry = qx - px, qy - py
                denom = rx * sy - ry * sx
                if denom == 0.0:
                    continue  # parallel: the line runs along the stretch, it does not cross it
                t = a_cross_s / denom  # along p -> q
                if t < 0.0 or t >= 1.0 - 1e-6:
                    continue  # not reached, or only touched at the base point itself
                u = (apx * ry - apy * rx) / denom  # along the stretch
                if u < 0.0 or u > 1.0:
                    continue
                if math.hypot(px + t * rx - tx, py + t * ry - ty) <= reach:
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
        return Sight(False, False, high, (), None if first_block is None else self._blocker_label(first_block))

    def _grid_cover(self, i, j, z) -> bool:
        """R21: a wall (wall, low wall, closed door, or a face rising above the target) occupies an edge of
        the target's square (it covers the edge's midpoint). Kept per square and level until a door changes."""
        key = ("grid", i, j, z)
        got = self._cover_near.get(key)
        if got is None:
            got = False
            x0, y0 = i * SQUARE, j * SQUARE
            for m in ((x0 + 1, y0), (x0 + 1, y0 + SQUARE), (x0, y0 + 1), (x0 + SQUARE, y0 + 1)):
                if any(self._info[q.shape].top > z + EPS for q in self._space.point_query(m, 0.05, COVER_FILTER)):
                    got = True
                    break
            self._cover_near[key] = got
        return got

