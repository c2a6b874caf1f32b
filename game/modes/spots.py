"""Where a mission puts a unit or a marker when the spot it wants is taken: the nearest free one."""
from __future__ import annotations

import math


def ring_points(x0: float, y0: float, limit: float):
    """The points nearest_free tries, in its order: rings 0.5" apart round (x0, y0), out to `limit`."""
    for ring in range(int(limit / 0.5) + 1):
        r = ring * 0.5
        steps = max(1, int(2 * math.pi * r / 0.5))
        for k in range(steps):
            a = 2 * math.pi * k / steps
            yield round(x0 + r * math.cos(a), 3), round(y0 + r * math.sin(a), 3)


def nearest_free(match, radius: float, x0: float, y0: float, taken=(), limit: float = 6.0, gap: float = 0.2):
    """The spot nearest (x0, y0), on rings 0.5" apart, where a base of `radius` can stand on the table's surface
    there and keeps `gap` from `taken` spots (None if there is none within `limit`)."""
    table = match.table
    for x, y in ring_points(x0, y0, limit):
        if any(math.hypot(x - tx, y - ty) < 2 * radius + gap for tx, ty in taken):
            continue
        x, y = table.snap(x, y)
        z = table.surface_z(x, y, 0.0)
        if table.can_stand(radius, x, y, z):
            return x, y, z
    return None
