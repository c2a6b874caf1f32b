"""The free spots next to a base (a Bug spawning by its Spawn Point, a Charge's end, a unit placed Adjacent): what
the terrain allows around it, kept for every Table of the map by the doors (search_memo.py), with the bases on the
table applied on every call. Mixed into Table through TableMovement."""
from __future__ import annotations

import math

from . import search_memo
from .model import Base
from .terrain import EPS, SAME_LEVEL, SQUARE


class TableSpotsNear:
    """spots_adjacent_to, mixed into Table (uses its Space, bases, lattices and surfaces)."""

    def spots_adjacent_to(self, target: Base, radius: float, mover_side: str) -> list[tuple[float, float, float]]:
        """Free standing spots (for a base of `radius`) Adjacent to target, nearest ring first, then by
        angle clockwise from east. Grid: the free contiguous squares. mover_side is informational
        (no spot overlaps any base, whatever its side). Kept until a base or a door changes."""
        key = (target, radius)
        got = self._adjacent_spots.get(key)
        if got is None:
            got = self._adjacent_spots[key] = tuple(self._spots_adjacent_to(target, radius, mover_side))
        return list(got)

    def _spots_adjacent_to(self, target: Base, radius: float, mover_side: str) -> list:
        out = []
        if self._grid:
            ti, tj = self.square_of(target.x, target.y)
            for dj in (-1, 0, 1):
                for di in (-1, 0, 1):
                    i, j = ti + di, tj + dj
                    if (di, dj) == (0, 0) or not (0 <= i < self.width // SQUARE and 0 <= j < self.height // SQUARE):
                        continue
                    x, y = i * SQUARE + 1, j * SQUARE + 1
                    z = self._surface_top(x, y)
                    probe = Base(-1, mover_side, x, y, z, radius)
                    if self.can_stand(radius, x, y, z) and self.adjacent(probe, target):
                        out.append((x, y, z))
            return out
        key = (target.x, target.y, target.z, target.radius, radius)
        ring = self._ring_spots.get(key)
        if ring is None:
            if len(self._ring_spots) >= 512:
                self._ring_spots.clear()
            lat = self._lattice(radius)
            mkey = (key, search_memo.doors_key(self))
            ring = search_memo.recall("ring", lat, mkey)
            if ring is None:
                ring = tuple(self._terrain_ring(target, radius))
                search_memo.keep("ring", lat, mkey, ring)
            self._ring_spots[key] = ring
        # only the bases that may overlap a spot of the ring (the ring's outer edge, the radii and a margin) are
        # tested: can_stand's bases part for each spot
        tx, ty, hypot = target.x, target.y, math.hypot
        out_r = target.radius + 2 * radius + 0.95 + 0.01
        near = [(b.x, b.y, radius + b.radius - EPS) for b in self._bases.values()
                if hypot(b.x - tx, b.y - ty) < out_r + b.radius]
        return [s for s in ring if all(hypot(bx - s[0], by - s[1]) >= lim for bx, by, lim in near)]

    def _terrain_ring(self, target: Base, radius: float) -> list:
        """_spots_adjacent_to as the terrain alone allows (inches): the bases are applied by the caller."""
        out = []
        for gap in (0.05, 0.5, 0.95):
            d = target.radius + radius + gap
            n = max(8, int(math.ceil(2 * math.pi * d / 0.5)))
            for k in range(n):
                a = 2 * math.pi * k / n
                x = round(target.x + d * math.cos(a), 6)
                y = round(target.y + d * math.sin(a), 6)
                z = self.surface_z(x, y, target.z)
                if abs(z - target.z) > SAME_LEVEL + EPS:
                    continue
                if self._stands_on_terrain(radius, x, y, z) and self._adjacent_at(x, y, radius, target):
                    out.append((x, y, z))
        return out

