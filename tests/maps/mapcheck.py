"""Geometry checks for the Tiled maps, independent of game/battlefield.

Reads a .tmx with pytmx into plain inches and answers: is a point clear of terrain, which surface
(elevation) is it on, which places can a 1" base reach by walking and climbing, how much of the
table is covered by terrain. Deliberately simple (a 0.5" lattice of base centres): good enough to
prove that spawn points, anchors and deployment zones are usable, not a rules engine.
"""
from __future__ import annotations

import math
import os
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402

PX = 32.0
BASE_R = 0.5
STEP = 0.5


@dataclass
class Seg:
    kind: str          # wall, low_wall, door, edge (platform edge), ladder
    a: tuple
    b: tuple
    height: float = 0.0
    base: float = 0.0
    climbable: bool = False
    name: str = ""


@dataclass
class Plat:
    pts: list          # polygon, inches
    elevation: float
    climbable: bool
    name: str = ""

    def contains(self, p) -> bool:
        return point_in_poly(p, self.pts)

    def edges(self):
        n = len(self.pts)
        return [(self.pts[i], self.pts[(i + 1) % n]) for i in range(n)]


@dataclass
class Zone:
    name: str
    side: str
    shape: str          # rect, circle, polygon
    pts: list           # rect: [(x0,y0),(x1,y1)]; polygon: points
    def contains(self, p) -> bool:
        if self.shape == "circle":
            (x0, y0), (x1, y1) = self.pts
            cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
            return (p[0] - cx) ** 2 + (p[1] - cy) ** 2 <= r * r + 1e-9
        if self.shape == "rect":
            (x0, y0), (x1, y1) = self.pts
            return x0 <= p[0] <= x1 and y0 <= p[1] <= y1
        return point_in_poly(p, self.pts)

    def bbox(self):
        xs = [p[0] for p in self.pts]
        ys = [p[1] for p in self.pts]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Geo:
    path: Path
    width: float
    height: float
    props: dict
    walls: list = field(default_factory=list)       # Seg kind wall (incl. rectangle edges)
    wall_rects: list = field(default_factory=list)  # closed rectangles (solid blocks), [(x0,y0),(x1,y1)]
    low_walls: list = field(default_factory=list)
    doors: list = field(default_factory=list)
    ladders: list = field(default_factory=list)
    platforms: list = field(default_factory=list)
    zones: list = field(default_factory=list)
    spawns: dict = field(default_factory=dict)
    anchors: dict = field(default_factory=dict)
    points: list = field(default_factory=list)      # every point object: (kind, name, (x, y))
    objects: list = field(default_factory=list)     # raw pytmx objects


def point_in_poly(p, pts) -> bool:
    x, y = p
    inside = False
    n = len(pts)
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xi:
                inside = not inside
    return inside


def seg_dist(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def obj_kind(obj) -> str:
    return obj.type or getattr(obj, "class", None) or ""


def _rect_pts(obj):
    x0, y0 = obj.x / PX, obj.y / PX
    x1, y1 = x0 + obj.width / PX, y0 + obj.height / PX
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _points(obj):
    if hasattr(obj, "points"):
        return [(p[0] / PX, p[1] / PX) for p in obj.points]
    return None


def load_geo(path) -> Geo:
    tm = pytmx.TiledMap(str(path))
    geo = Geo(Path(path), tm.width, tm.height, dict(tm.properties))
    for layer in tm.layers:
        if not isinstance(layer, pytmx.TiledObjectGroup):
            continue
        for obj in layer:
            geo.objects.append(obj)
            kind = obj_kind(obj)
            props = obj.properties
            pts = _points(obj)
            closed = pts is None and (obj.width or obj.height)
            if kind in ("wall", "low_wall", "door"):
                if pts is None:
                    rp = _rect_pts(obj)
                    segs = [(rp[i], rp[(i + 1) % 4]) for i in range(4)]
                    if kind == "wall":
                        geo.wall_rects.append([rp[0], rp[2]])
                else:
                    segs = list(zip(pts, pts[1:]))
                default_h = {"wall": None, "low_wall": 1.0, "door": 3.0}[kind]
                for a, b in segs:
                    s = Seg(kind, a, b, float(props.get("wall_height", default_h or 0.0)),
                            float(props.get("wall_base", 0.0)), bool(props.get("climbable", False)),
                            obj.name or "")
                    {"wall": geo.walls, "low_wall": geo.low_walls, "door": geo.doors}[kind].append(s)
            elif kind == "platform":
                poly = pts if pts is not None else _rect_pts(obj)
                geo.platforms.append(Plat(poly, float(props["elevation"]), bool(props.get("climbable", False)),
                                          obj.name or ""))
            elif kind == "ladder":
                geo.ladders.append(Seg("ladder", pts[0], pts[1], climbable=True, name=obj.name or ""))
            elif kind == "deployment":
                shape = props.get("shape", "rect" if closed else "polygon")
                zpts = pts if pts is not None else [(obj.x / PX, obj.y / PX),
                                                     ((obj.x + obj.width) / PX, (obj.y + obj.height) / PX)]
                geo.zones.append(Zone(obj.name or "", props.get("side", ""), shape, zpts))
            elif kind in ("spawn", "anchor", "objective", "item"):
                p = (obj.x / PX, obj.y / PX)
                geo.points.append((kind, obj.name, p))
                if kind == "spawn":
                    geo.spawns[obj.name] = p
                elif kind == "anchor":
                    geo.anchors[obj.name] = p
    return geo


# ----------------------------------------------------------------------------------------------

def surface(geo: Geo, p) -> float:
    z = 0.0
    for pl in geo.platforms:
        if pl.contains(p):
            z = max(z, pl.elevation)
    return z


def blockers(geo: Geo, include_low=False, include_doors=False):
    out = [(s.a, s.b) for s in geo.walls if not s.climbable]
    for pl in geo.platforms:
        out.extend(pl.edges())
    if include_low:
        out.extend((s.a, s.b) for s in geo.low_walls)
    if include_doors:
        out.extend((s.a, s.b) for s in geo.doors)
    return out


def in_wall_rect(geo: Geo, p) -> bool:
    return any(x0 < p[0] < x1 and y0 < p[1] < y1 for (x0, y0), (x1, y1) in geo.wall_rects)


def clearance(geo: Geo, p, include_low=True, include_doors=True) -> float:
    """Distance from p to the nearest thing a base may not overlap (table edge included)."""
    if in_wall_rect(geo, p):
        return 0.0
    d = min(p[0], p[1], geo.width - p[0], geo.height - p[1])
    for a, b in blockers(geo, include_low, include_doors):
        d = min(d, seg_dist(p, a, b))
    return d


class Lattice:
    """Base-centre positions on a 0.5" lattice, linked by walking (same surface) and climbing."""

    def __init__(self, geo: Geo):
        self.geo = geo
        nx = int(round(geo.width / STEP)) - 1
        ny = int(round(geo.height / STEP)) - 1
        segs = blockers(geo)
        self.nodes: dict[tuple[int, int], float] = {}   # (i, j) -> surface
        for j in range(ny):
            for i in range(nx):
                p = ((i + 1) * STEP, (j + 1) * STEP)
                if in_wall_rect(geo, p):
                    continue
                if all(seg_dist(p, a, b) >= BASE_R - 1e-9 for a, b in segs):
                    self.nodes[(i, j)] = surface(geo, p)
        self.adj: dict[tuple[int, int], list] = {k: [] for k in self.nodes}
        for (i, j), z in self.nodes.items():
            for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
                k = (i + di, j + dj)
                if k in self.nodes and abs(self.nodes[k] - z) < 0.5:
                    self.adj[(i, j)].append(k)
                    self.adj[k].append((i, j))
        self.climbs = 0
        for a, b in self._climbable_segments():
            self._link_across(a, b)

    def _climbable_segments(self):
        out = [(s.a, s.b) for s in self.geo.ladders]
        for pl in self.geo.platforms:
            if pl.climbable:
                out.extend(pl.edges())
        out.extend((s.a, s.b) for s in self.geo.walls if s.climbable)
        return out

    def key(self, p):
        return (int(round(p[0] / STEP)) - 1, int(round(p[1] / STEP)) - 1)

    def _link_across(self, a, b):
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        if L == 0:
            return
        tx, ty = (b[0] - a[0]) / L, (b[1] - a[1]) / L
        nx, ny = -ty, tx
        n = max(1, int(L / STEP))
        for k in range(n + 1):
            t = min(L, k * STEP)
            sx, sy = a[0] + tx * t, a[1] + ty * t
            for off in (0.5, 0.75, 1.0):
                p = self.key((sx + nx * off, sy + ny * off))
                q = self.key((sx - nx * off, sy - ny * off))
                if p in self.nodes and q in self.nodes and abs(self.nodes[p] - self.nodes[q]) >= 0.5:
                    self.adj[p].append(q)
                    self.adj[q].append(p)
                    self.climbs += 1
                    break

    def nearest(self, p, max_d=0.75):
        """The lattice node nearest to p on p's own surface (None if none within max_d)."""
        z = surface(self.geo, p)
        best, bd = None, max_d + 1e-9
        ci, cj = self.key(p)
        for i in range(ci - 2, ci + 3):
            for j in range(cj - 2, cj + 3):
                if (i, j) in self.nodes and abs(self.nodes[(i, j)] - z) < 0.5:
                    d = math.hypot((i + 1) * STEP - p[0], (j + 1) * STEP - p[1])
                    if d < bd:
                        best, bd = (i, j), d
        return best

    def reach(self, starts) -> set:
        seen = set(s for s in starts if s in self.nodes)
        q = deque(seen)
        while q:
            k = q.popleft()
            for n in self.adj[k]:
                if n not in seen:
                    seen.add(n)
                    q.append(n)
        return seen

    def pos(self, k):
        return ((k[0] + 1) * STEP, (k[1] + 1) * STEP)


def zone_nodes(lat: Lattice, zone: Zone):
    inside, total = [], 0
    x0, y0, x1, y1 = zone.bbox()
    i = math.floor(x0 / STEP)
    while i * STEP <= x1:
        j = math.floor(y0 / STEP)
        while j * STEP <= y1:
            p = (i * STEP, j * STEP)
            if 0 < p[0] < lat.geo.width and 0 < p[1] < lat.geo.height and zone.contains(p):
                total += 1
                k = lat.key(p)
                if k in lat.nodes:
                    inside.append(k)
            j += 1
        i += 1
    return inside, total


def coverage(geo: Geo, band: float = 0.5) -> float:
    """Share of the table inside a platform or solid block, or within `band` of a wall, low wall
    or door: the footprint of terrain that blocks sight or gives cover."""
    n = hit = 0
    segs = [(s.a, s.b) for s in geo.walls + geo.low_walls + geo.doors]
    y = 0.25
    while y < geo.height:
        x = 0.25
        while x < geo.width:
            n += 1
            p = (x, y)
            if in_wall_rect(geo, p) or any(pl.contains(p) for pl in geo.platforms) or \
                    any(seg_dist(p, a, b) <= band for a, b in segs):
                hit += 1
            x += 0.5
        y += 0.5
    return hit / n
