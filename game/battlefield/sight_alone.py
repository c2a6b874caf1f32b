"""Sight lines all cut by one piece of terrain alone (sight.py's _all_lines_cut, mixed into Table through
sight.TableSight): the proof tried after the centre's blocker, and what it needs of the table."""
from __future__ import annotations

import math

from .geometry import seg_point_dist
from .model import Base
from .sight_cells import TARGET_PLACE
from .terrain import SIGHT_MASK

OFF = 1e-3  # inches: terrain that cuts every line alone keeps this far off both bases (_cuts_alone)


def tangent_point(cx, cy, r, e, sx, sy):
    """The point where a tangent from e touches the circle (c, r), on the side of direction (sx, sy)."""
    dx, dy = e[0] - cx, e[1] - cy
    d = math.hypot(dx, dy)
    if d <= r:
        return (cx + sx * r, cy + sy * r)
    ux, uy = dx / d, dy / d
    k = r / d  # cos of the angle at c between e and the tangent point
    m = math.sqrt(1.0 - k * k)
    if ux * sy - uy * sx >= 0.0:  # the tangent point turned toward (sx, sy)
        return (cx + r * (ux * k - uy * m), cy + r * (uy * k + ux * m))
    return (cx + r * (ux * k + uy * m), cy + r * (uy * k - ux * m))


class SightAlone:
    """The terrain that cuts every sight line alone (uses the table's Space, terrain info and bases)."""

    def _terrain_cuts(self, x, attacker: Base, target: Base, r1a, e1, e2, r2a, px, py, top_h: float) -> bool:
        """Whether a piece of terrain as high as both eyes (top_h) on one of the centre's lines (to e1, e2), but x,
        cuts every line alone (_cuts_alone): the terrain the lines cross listed once each (bases left out), when the
        target's own base stands on the table where the question puts it (a line meeting it ends clear, wherever it
        stands). The answer so proved holds while that base stays there: the walk's record (sight.py: _seen_sight)
        gets the target's place (sight_cells.TARGET_PLACE), which that base's leaving touches."""
        cur = self._unit_bodies.get(target.uid)
        if cur is None or cur[2] != target.radius or cur[3][0] != target.x or cur[3][1] != target.y:
            return False
        tried = set()
        flt = self._terrain_filter(x)
        info, listed = self._info, self._q.crossings
        centre = (attacker.x, attacker.y)
        for e in (e1, e2):
            for _, y in listed(centre, e, flt):
                if y not in tried:
                    tried.add(y)
                    if info[y].top >= top_h - 1e-9 and self._cuts_alone(y, attacker, target, r1a, e1, e2, r2a, px, py):
                        if self._trace is not None:
                            here = (target.x, target.y)
                            self._trace.append((here, here, TARGET_PLACE))
                        return True
        return False

    def _cuts_alone(self, y, attacker: Base, target: Base, r1a, e1, e2, r2a, px, py) -> bool:
        """Whether the stretch of terrain y (as high as both eyes) cuts every line alone: it keeps OFF away from
        both bases and crosses both rails (every line lies in the hull they bound with the attacker's disc and
        e1-e2), or one rail and the other tangent from the same edge point (every line to that point lies in the
        cone they bound with the disc). Within that region it then runs from one side to the other, off the
        attacker's disc: every line from a point of the base to that edge point crosses it, before it reaches the
        target's base (y stays off it, and a line enters that base only once), where the walk finds it blocked
        (y rises above the line) unless it stopped earlier on a piece that blocks it. Terrain alone: the bases
        play no part (but the target's, which _terrain_cuts sees where the question puts it)."""
        crosses = self._q.touches
        y1, y2 = crosses(y, r1a, e1, 0.0), crosses(y, r2a, e2, 0.0)
        if not (y1 or y2):
            return False
        (sx, sy), (qx, qy) = self._info[y].a, self._info[y].b
        if seg_point_dist(sx, sy, qx, qy, attacker.x, attacker.y) <= attacker.radius + OFF or \
                seg_point_dist(sx, sy, qx, qy, target.x, target.y) <= target.radius + OFF:
            return False
        if y1 and y2:
            return True
        ax, ay, ra = attacker.x, attacker.y, attacker.radius
        if y1:
            return crosses(y, tangent_point(ax, ay, ra, e1, -px, -py), e1, 0.0)
        return crosses(y, tangent_point(ax, ay, ra, e2, px, py), e2, 0.0)

    def _terrain_filter(self, x):
        """The filter of queries for the terrain a sight line can meet but x (bases left out), kept."""
        key = ("terrain", self._terrain_group.get(x, 0))
        flt = self._sight_filters.get(key)
        if flt is None:
            flt = self._sight_filters[key] = self._q.shape_filter(key[1], SIGHT_MASK)
        return flt
