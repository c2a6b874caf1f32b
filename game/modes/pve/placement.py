"""Where things stand around the Anchors: deployment zones ("within 4\"" or "Adjacent to" an Anchor), free spots
for NPC units (split evenly, in Cover or out of sight of the squad's zones where possible) and reinforcements.

Readings (docs/rules-notes.md P4, P5): "within 4\" of an Anchor" is R12's measure, a base whose closest point is
within 4\" (its centre within 4\" plus its radius); "Adjacent to an Anchor" is R15 with the Anchor as a point
(within 1\", same level, no wall between). Spots keep clear of markers and of every base.
"""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match.mission import circle_zone

from .data import ZoneRule

ADJ = 1.0  # R15
EPS = 1e-6


def zone_radius(how: str, within: float, base_radius: float = 0.5) -> float:
    """How far a base centre may be from the Anchor: within 4\" (+ the base radius), or Adjacent (1\" + radius)."""
    return (within if how == "within" else ADJ) + base_radius


def zones_for(match, rule: ZoneRule, side: str, within: float):
    """The deployment zones of a ZoneRule, one circle per Anchor (for the standard 1\" base)."""
    out = []
    for name in rule.anchors:
        x, y, _ = match.anchor(name)
        out.append(circle_zone(f"{name} ({'Adjacent' if rule.how == 'adjacent' else 'within 4'})", side, x, y,
                               zone_radius(rule.how, within)))
    return out


def marker_bases(match) -> list[Base]:
    return [b for b in (match.marker_base(mid) for mid in match.markers(on_table=True)) if b is not None]


def _marker_clear(bases, x: float, y: float, radius: float) -> bool:
    return not any(math.hypot(b.x - x, b.y - y) < radius + b.radius - EPS for b in bases)


def spots_at_anchor(match, anchor: str, how: str, radius: float, within: float, taken=(),
                    limit: int | None = None, where=None) -> list[tuple]:
    """Free spots (x, y, z) for a base of `radius` within 4\" of / Adjacent to the Anchor, nearest first (at most
    `limit` of them: the nearest are looked at first), clear of the `taken` spots; `where(x, y)`: a further test."""
    table = match.table
    ax, ay, az = match.anchor(anchor)
    reach = zone_radius(how, within, radius)
    grid = match.scenario.measure == "grid"
    step = 2.0 if grid else 0.5
    point = Base(uid=-7, side="anchor", x=ax, y=ay, z=az, radius=0.0)
    markers = marker_bases(match)
    cands = []
    n = int(reach / step) + 2
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if grid:
                x, y = table.snap(ax + i * step, ay + j * step)
            else:
                x, y = round(ax + i * step, 3), round(ay + j * step, 3)
            d = math.hypot(x - ax, y - ay)
            if d > reach + EPS and not (grid and d <= reach + step):
                continue
            cands.append((round(d, 3), x, y))
    out = []
    for d, x, y in sorted(set(cands)):
        if any(math.hypot(x - tx, y - ty) < 2 * radius + 0.1 for tx, ty in taken):
            continue
        if where is not None and not where(x, y):
            continue
        z = table.surface_z(x, y, az)
        if not table.can_stand(radius, x, y, z) or not _marker_clear(markers, x, y, radius):
            continue
        me = Base(uid=-8, side="npc", x=x, y=y, z=z, radius=radius)
        if how == "adjacent" and not table.adjacent(me, point):
            continue
        if how == "within" and grid and table.distance(me, point) > within + EPS:
            continue
        out.append((x, y, z))
        if limit is not None and len(out) >= limit:
            break
    return out


def hidden_score(match, x: float, y: float, z: float, radius: float, viewpoints) -> int:
    """2 for each viewpoint that cannot see the spot, 1 for each that sees it only in Cover."""
    table = match.table
    me = Base(uid=-9, side="npc", x=x, y=y, z=z, radius=radius)
    score = 0
    for vx, vy, vz in viewpoints:
        s = table.sight(Base(uid=-10, side="player", x=vx, y=vy, z=vz, radius=0.5), me)
        score += 2 if not s.visible else (1 if s.cover else 0)
    return score


def split_evenly(n: int, k: int) -> list[int]:
    """n units over k places, as evenly as can be, the first places first (5 over 3: 2, 2, 1)."""
    return [n // k + (1 if i < n % k else 0) for i in range(k)]


def place_split(match, count_radius: list[float], rule: ZoneRule, within: float, viewpoints) -> list:
    """Spots for units (their radii, in order) split evenly over the rule's Anchors, each in Cover or out of sight
    of the viewpoints where possible, else nearest its Anchor. A unit with no room gets None."""
    shares = split_evenly(len(count_radius), len(rule.anchors))
    out: list = []
    taken: list[tuple[float, float]] = []
    i = 0
    for anchor, share in zip(rule.anchors, shares):
        for _ in range(share):
            r = count_radius[i]
            i += 1
            spots = spots_at_anchor(match, anchor, rule.how, r, within, taken, limit=60)
            if not spots:
                out.append(None)
                continue
            best = max(spots, key=lambda s: (hidden_score(match, *s, r, viewpoints), -spots.index(s)))
            taken.append(best[:2])
            out.append((anchor, *best))
    return out


def nearest_free(match, anchor: str, radius: float, limit: float = 6.0):
    """The free spot nearest the Anchor (a reinforcement with no room Adjacent to it), or None."""
    table = match.table
    ax, ay, az = match.anchor(anchor)
    best = None
    step = 0.5
    n = int(limit / step)
    markers = marker_bases(match)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = table.snap(ax + i * step, ay + j * step)
            d = math.hypot(x - ax, y - ay)
            if d > limit or (best is not None and d >= best[0]):
                continue
            z = table.surface_z(x, y, az)
            if table.can_stand(radius, x, y, z) and _marker_clear(markers, x, y, radius):
                best = (d, x, y, z)
    return None if best is None else best[1:]
