"""The live table: bases on a battlefield, and the geometric questions the rules ask about them.

One `Table` per match. It builds a pymunk Space (static only, never stepped) holding:
  - terrain segments: walls (WALL), low walls (LOW_WALL), doors (DOOR; an open door's category is
    switched to OPEN_DOOR so no query sees it) and platform faces (FACE),
  - one static body per base (UNIT): a circle, or in grid measure the box of its square.
Line of sight, cover, adjacency and movement use segment / point queries on that Space.
Movement is a Dijkstra search over a lattice (0.5" in inches, the squares in grid measure) whose
terrain edges are computed lazily and cached per base radius (a door change drops the nodes around it);
bases are applied per query (they move all the time). The mover's `Base.move` (a MoveRule: Climber,
Jump Pack, Flying, passing through enemies) changes the climbing steps: the lattice keeps the standing
nodes and the terrain each step crosses once per radius, and one edge table per terrain rule.

Two measures behind one interface (RULINGS R21):
  - "inches": freeform measurement, R8-R16.
  - "grid": 2" squares (rules section 9). A base occupies the square containing its centre.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

import pymunk
from pymunk import ShapeFilter

from .geometry import clip_segment_outside_circle, outward_normal, point_in_polygon, polygon_edges, seg_point_dist
from .model import CORE_MOVE, Base, Battlefield, MoveRule, Path, Reach, Sight, default_anchors

# pymunk categories
WALL, LOW_WALL, DOOR, UNIT, FACE, OPEN_DOOR = 1, 2, 4, 8, 16, 32
SIGHT_MASK = WALL | DOOR | FACE  # terrain that can block a sight line (by height, R10)
COVER_MASK = WALL | DOOR | FACE | LOW_WALL  # terrain that can give cover (R11)
MOVE_MASK = WALL | LOW_WALL | DOOR | FACE  # terrain a base may not overlap
ADJ_MASK = WALL | LOW_WALL | DOOR  # terrain that breaks adjacency (R15)

MOVE_FILTER = ShapeFilter(mask=MOVE_MASK)
ADJ_FILTER = ShapeFilter(mask=ADJ_MASK)
COVER_FILTER = ShapeFilter(mask=COVER_MASK)

EPS = 1e-6
ZTOL = 0.01  # two elevations closer than this are the same surface
SAME_LEVEL = 0.5  # R15: "same surface level (heights within 0.5")"
ADJ_GAP = 1.0  # R15: closest base edges within 1"
COVER_DIST = 1.0  # R11: blocking point within 1" of the target's base
HIGH_GROUND = 4.0  # R11
EYE = 1.0  # R10: a unit's eye is 1" above its surface
LADDER_TOL = 0.25  # a crossing within 0.25" of a ladder uses the ladder
LATTICE_STEP = 0.5  # inches between movement lattice points
SQUARE = 2.0  # grid measure: 2" squares
MEASURES = ("inches", "grid")

_INF = float("inf")


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


class _Terrain:
    """What a terrain shape in the Space stands for."""

    __slots__ = ("kind", "label", "a", "b", "top", "bottom", "climbable", "ladders", "door_id")

    def __init__(self, kind, label, a, b, top, bottom=0.0, climbable=False, door_id=None):
        self.kind = kind  # "wall", "low_wall", "door", "face"
        self.label = label
        self.a = a
        self.b = b
        self.top = top
        self.bottom = bottom
        self.climbable = climbable
        self.ladders: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.door_id = door_id

    @property
    def can_climb_somewhere(self) -> bool:
        return self.kind == "low_wall" or (self.kind != "door" and (self.climbable or bool(self.ladders)))

    def climbable_at(self, x: float, y: float) -> bool:
        if self.kind == "low_wall":
            return True  # R14: low walls are climbable by any unit
        if self.kind == "door":
            return False  # a closed door is not a climbable face
        if self.climbable:
            return True
        for (ax, ay), (bx, by) in self.ladders:
            if seg_point_dist(ax, ay, bx, by, x, y) <= LADDER_TOL:
                return True
        return False


@dataclass(frozen=True, slots=True)
class Face:
    """A platform edge as a vertical face from `bottom` (the surface outside) to `top` (the platform)."""

    label: str
    a: tuple[float, float]
    b: tuple[float, float]
    top: float
    bottom: float
    climbable: bool


def platform_faces(battlefield: Battlefield) -> list[Face]:
    """The faces of all platforms: each edge from the surface just outside it up to the platform's elevation.
    An edge with nothing lower outside it (e.g. shared with a platform as high) is no face."""
    faces = []
    for plat in battlefield.platforms:
        for a, b in polygon_edges(plat.polygon):
            if a == b:
                continue
            nx, ny = outward_normal(plat.polygon, a, b)
            ox, oy = (a[0] + b[0]) / 2 + nx * 0.01, (a[1] + b[1]) / 2 + ny * 0.01
            bottom = 0.0
            for other in battlefield.platforms:
                if other is not plat and other.elevation > bottom and point_in_polygon(other.polygon, ox, oy) >= 0:
                    bottom = other.elevation
            if bottom < plat.elevation - EPS:
                faces.append(Face(plat.label, a, b, plat.elevation, bottom, plat.climbable))
    return faces


def _lat_offsets(max_len_steps: float, min_len_steps: float = 0.0):
    m = int(math.floor(max_len_steps))
    out = []
    for di in range(-m, m + 1):
        for dj in range(-m, m + 1):
            if di == 0 and dj == 0:
                continue
            ln = math.hypot(di, dj)
            if min_len_steps - 1e-9 <= ln <= max_len_steps + 1e-9:
                out.append((di, dj, ln))
    out.sort(key=lambda o: (o[2], o[0], o[1]))
    return out


# 16 neighbours: orthogonal, diagonal and knight moves (length in lattice steps)
_WALK16 = [(di, dj, math.hypot(di, dj)) for di, dj in
           ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
            (2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2))]
_GRID8 = [(di, dj, 1.0) for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))]


class _Lattice:
    """Movement graph over terrain only, for one base radius. Built lazily, node by node; a door that opens
    or closes drops the nodes around it (forget_near). Standing (z, near) and what each step crosses
    (cross) are shared by every MoveRule; the edges with their costs are kept per terrain rule."""

    def __init__(self, table: "Table", radius: float):
        self.t = table
        self.r = radius
        self.grid = table.measure == "grid"
        bf = table.battlefield
        if self.grid:
            self.step, self.off = SQUARE, SQUARE / 2
            self.nx, self.ny = int(bf.width // SQUARE), int(bf.height // SQUARE)
            self.walk = _GRID8
            self.jumps = []
            self.reach_len = SQUARE * math.sqrt(2)
        else:
            self.step, self.off = LATTICE_STEP, 0.0
            self.nx = int(round(bf.width / LATTICE_STEP)) + 1
            self.ny = int(round(bf.height / LATTICE_STEP)) + 1
            self.walk = _WALK16
            jump_max = (2 * radius + 1.0) / LATTICE_STEP
            walkset = {(o[0], o[1]) for o in _WALK16}
            self.jumps = [o for o in _lat_offsets(jump_max, 1.5) if (o[0], o[1]) not in walkset]
            self.reach_len = max(jump_max, math.hypot(2, 1)) * LATTICE_STEP
        n = self.nx * self.ny
        self.z: list = [False] * n  # False = not computed, None = no standing there, else elevation
        self.near: list = [None] * n  # terrain near a node: list of (shape, distance, gradient)
        self.edges: dict[MoveRule, list] = {CORE_MOVE: [None] * n}  # terrain rule -> per node [(v, cost, climbs)]
        self.cross: dict = {}  # (lower node, higher node) -> Table._terrain_cross result (same both ways)

    def forget_near(self, a, b) -> None:
        """Drop what was computed for nodes whose standing or steps could involve the segment a-b (a door
        that opened or closed): nodes within radius + the longest step of it."""
        ext = (self.r if not self.grid else SQUARE) + self.reach_len + EPS
        step, off = self.step, self.off
        i0 = max(0, int(math.floor((min(a[0], b[0]) - ext - off) / step)))
        i1 = min(self.nx - 1, int(math.ceil((max(a[0], b[0]) + ext - off) / step)))
        j0 = max(0, int(math.floor((min(a[1], b[1]) - ext - off) / step)))
        j1 = min(self.ny - 1, int(math.ceil((max(a[1], b[1]) + ext - off) / step)))
        dropped = set()
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                x, y = off + i * step, off + j * step
                if seg_point_dist(a[0], a[1], b[0], b[1], x, y) <= ext:
                    u = j * self.nx + i
                    self.z[u] = False
                    self.near[u] = None
                    for tab in self.edges.values():
                        tab[u] = None
                    dropped.add(u)
        if dropped and self.cross:
            self.cross = {k: v for k, v in self.cross.items() if k[0] not in dropped and k[1] not in dropped}

    def _cross(self, u, v, p, r, shapes):
        key = (u, v) if u < v else (v, u)
        got = self.cross.get(key, self)
        if got is self:
            got = self.t._terrain_cross(p, self.xy(v), r, shapes)
            self.cross[key] = got
        return got

    def xy(self, u: int) -> tuple[float, float]:
        j, i = divmod(u, self.nx)
        return self.off + i * self.step, self.off + j * self.step

    def node_at(self, x: float, y: float) -> int | None:
        i = (x - self.off) / self.step
        j = (y - self.off) / self.step
        ri, rj = round(i), round(j)
        if abs(i - ri) > 1e-6 or abs(j - rj) > 1e-6 or not (0 <= ri < self.nx and 0 <= rj < self.ny):
            return None
        return rj * self.nx + ri

    def zof(self, u: int):
        z = self.z[u]
        if z is False:
            z = self._compute_node(u)
        return z

    def _compute_node(self, u: int):
        x, y = self.xy(u)
        t = self.t
        if self.grid:
            z = t._surface_top(x, y) if not t._space.point_query((x, y), SQUARE / 2 - 0.1, MOVE_FILTER) else None
            self.near[u] = []
        else:
            r = self.r
            bf = t.battlefield
            if x < r - EPS or y < r - EPS or x > bf.width - r + EPS or y > bf.height - r + EPS:
                z = None
            else:
                near = t._space.point_query((x, y), r + self.reach_len, MOVE_FILTER)
                if any(q.distance < r - EPS for q in near):
                    z = None
                else:
                    z = t._surface_top(x, y)
                    self.near[u] = [(q.shape, q.distance, q.gradient) for q in near]
        self.z[u] = z
        return z

    def edge_table(self, rule: MoveRule) -> list:
        """The per-node edge lists of a terrain rule (None = not computed yet)."""
        tab = self.edges.get(rule)
        if tab is None:
            tab = self.edges[rule] = [None] * (self.nx * self.ny)
        return tab

    def out_edges(self, u: int, rule: MoveRule = CORE_MOVE):
        tab = self.edges.get(rule) or self.edge_table(rule)
        e = tab[u]
        if e is None:
            e = tab[u] = self._compute_edges(u, rule)
        return e

    def _compute_edges(self, u: int, rule: MoveRule = CORE_MOVE):
        if not rule.any_face and not self.grid and rule != CORE_MOVE:
            return self._rule_edges(u, rule)
        z = self.zof(u)
        if z is None:
            return []
        nx, ny = self.nx, self.ny
        j, i = divmod(u, nx)
        x, y = self.xy(u)
        t = self.t
        out = []
        if self.grid:
            for di, dj, _ in self.walk:
                ii, jj = i + di, j + dj
                if not (0 <= ii < nx and 0 <= jj < ny):
                    continue
                v = jj * nx + ii
                zv = self.zof(v)
                if zv is None:
                    continue
                res = t._grid_step((x, y), z, self.xy(v), zv, rule)
                if res is not None:
                    # a hair more for diagonals so that equal-cost paths run straight (paths are re-measured)
                    out.append((v, res[0] + (1e-9 if di and dj else 0.0), res[1]))
            return out
        r, step = self.r, self.step
        near = self.near[u]
        for di, dj, ln in self.walk:
            ii, jj = i + di, j + dj
            if not (0 <= ii < nx and 0 <= jj < ny):
                continue
            v = jj * nx + ii
            zv = self.zof(v)
            if zv is None:
                continue
            L = ln * step
            shapes = [s for s, d, _ in near if d < r + L]
            if not shapes:
                if abs(zv - z) <= ZTOL:
                    out.append((v, L, 0))
                continue
            res = t._step_cost((x, y), z, self.xy(v), zv, self._cross(u, v, (x, y), r, shapes), rule)
            if res is not None:
                out.append((v, res[0], res[1]))
        # climbing moves: only toward terrain that can be climbed somewhere (any terrain for a rule with
        # any_face) and is close enough to be crossed (a face the centre can cross on a jump of length L lies
        # closer than L - r, in the jump's direction)
        any_face = rule.any_face
        cands = [(d + r - EPS, -g.x, -g.y) for s, d, g in near
                 if d <= r + 1.0 + EPS and (any_face or t._info[s].can_climb_somewhere)]
        if cands:
            for di, dj, ln in self.jumps:
                L = ln * step
                ux, uy = di / ln, dj / ln
                for thr, gx, gy in cands:
                    if L > thr and ux * gx + uy * gy > 0.0:
                        break
                else:
                    continue
                ii, jj = i + di, j + dj
                if not (0 <= ii < nx and 0 <= jj < ny):
                    continue
                v = jj * nx + ii
                zv = self.zof(v)
                if zv is None:
                    continue
                shapes = [s for s, d, _ in near if d < r + L]
                res = t._step_cost((x, y), z, self.xy(v), zv, self._cross(u, v, (x, y), r, shapes), rule)
                if res is not None and res[1] > 0:
                    out.append((v, res[0], res[1]))
        return out

    def _rule_edges(self, u: int, rule: MoveRule):
        """A rule that climbs only where anyone may (Climber, Jump Pack) has the core rule's steps: only the
        climbing steps cost otherwise, recosted from the cached crossings."""
        core = self.edges[CORE_MOVE]
        base = core[u]
        if base is None:
            base = core[u] = self._compute_edges(u, CORE_MOVE)
        if not base:
            return base
        p, z = self.xy(u), self.z[u]
        cross, step_cost = self.cross, self.t._step_cost
        out = []
        for v, c, k in base:
            if k:
                key = (u, v) if u < v else (v, u)
                got = cross.get(key)
                if got is None:  # dropped with a door's neighbourhood while this node kept its edges
                    got = cross[key] = self.t._terrain_cross(p, self.xy(v), self.r)
                res = step_cost(p, z, self.xy(v), self.zof(v), got, rule)
                out.append((v, res[0], res[1]))
            else:
                out.append((v, c, k))
        return out


_WALK = object()  # _terrain_cross: the move touches no terrain
_CELL = 2.0  # cell size of the hash of bases a step must keep clear of


class _Blocking:
    """The bases' effect on one mover's search."""

    __slots__ = ("pass_blocked", "end_blocked", "cells", "enemies")

    def __init__(self):
        self.pass_blocked: set[int] = set()  # nodes whose base would overlap an enemy's (unless the mover
        # passes through enemies) or an item's
        self.end_blocked: set[int] = set()  # nodes whose base would overlap any base
        self.cells: dict[tuple[int, int], list] = {}  # cell -> enemies (x, y, R) a step from there may touch
        self.enemies: list = []  # (x, y, R) of bases the mover may not overlap (R = sum of radii)

    def near(self, x: float, y: float):
        return self.cells.get((int(x // _CELL), int(y // _CELL)))


class Table:
    def __init__(self, battlefield: Battlefield, measure: str = "inches"):
        if measure not in MEASURES:
            raise ValueError(f"measure must be one of {MEASURES}, not {measure!r}")
        self.battlefield = battlefield
        self.measure = measure
        self._grid = measure == "grid"
        if self._grid and (battlefield.width % SQUARE or battlefield.height % SQUARE):
            raise ValueError(f"grid measure needs a table size in whole 2\" squares, not {battlefield.width}x{battlefield.height}")
        self._space = pymunk.Space()
        self._info: dict = {}
        self._door_shapes: dict[str, pymunk.Shape] = {}
        self._doors_open: dict[str, bool] = {}
        self._bases: dict[int, Base] = {}
        self._unit_bodies: dict[int, tuple[pymunk.Body, pymunk.Shape, float]] = {}
        self._unit_of_shape: dict = {}
        self._lattices: dict = {}
        self._sight_cache: dict = {}  # (attacker, target) -> Sight; cleared whenever a base or a door changes
        self._plat_boxes = []
        self._cleared: list[tuple] = []  # clear_terrain: (shape, info) taken away, shapes put instead, pieces gone
        self._doors_gone: set[str] = set()
        self._next_group = 0  # every shape has its own pymunk group, so one query can leave one shape out
        self._terrain_group: dict = {}
        self._unit_group: dict[int, int] = {}
        for p in battlefield.platforms:
            xs = [q[0] for q in p.polygon]
            ys = [q[1] for q in p.polygon]
            self._plat_boxes.append((min(xs), min(ys), max(xs), max(ys), p))
        self.faces = tuple(platform_faces(battlefield))
        body = self._space.static_body
        for w in battlefield.walls:
            self._add_terrain(body, WALL, _Terrain("wall", w.label, w.a, w.b, w.top, w.base, w.climbable))
        for w in battlefield.low_walls:
            self._add_terrain(body, LOW_WALL, _Terrain("low_wall", w.label, w.a, w.b, w.top, w.base, True))
        for f in self.faces:
            self._add_terrain(body, FACE, _Terrain("face", f.label, f.a, f.b, f.top, f.bottom, f.climbable))
        for d in battlefield.doors:
            shape = self._add_terrain(body, OPEN_DOOR if d.open else DOOR,
                                      _Terrain("door", d.label, d.a, d.b, d.top, d.base, False, d.id))
            self._door_shapes[d.id] = shape
            self._doors_open[d.id] = d.open
        for lad in battlefield.ladders:
            for shape, info in self._info.items():
                if info.kind in ("wall", "face") and all(
                        seg_point_dist(info.a[0], info.a[1], info.b[0], info.b[1], px, py) <= LADDER_TOL
                        for px, py in (lad.a, lad.b)):
                    info.ladders.append((lad.a, lad.b))


    def close(self) -> None:
        """Release the pymunk Space now: left to interpreter shutdown, its finalizers may crash the process."""
        space = self._space
        if space is None:
            return
        for shape in list(space.shapes):
            space.remove(shape)
        for body in list(space.bodies):
            space.remove(body)
        self._space = None
        self._unit_bodies.clear()
        self._unit_of_shape.clear()
        self._door_shapes.clear()
        self._sight_cache.clear()
        self._lattices.clear()
    def _capsule_shapes(self, a, b, r, flt):
        """Shapes touching the capsule a->b of radius r. (Space.segment_query with a radius > 0 misses
        shapes whose bounding box the thin segment does not cross, so the index is asked with bb_query and
        each candidate is tested on its own.)"""
        bb = pymunk.BB(min(a[0], b[0]) - r, min(a[1], b[1]) - r, max(a[0], b[0]) + r, max(a[1], b[1]) + r)
        return [s for s in self._space.bb_query(bb, flt) if s.segment_query(a, b, r) is not None]

    def _add_terrain(self, body, category, info: _Terrain):
        s = pymunk.Segment(body, info.a, info.b, 0.0)
        self._next_group += 1
        self._terrain_group[s] = self._next_group
        s.filter = ShapeFilter(group=self._next_group, categories=category)
        self._space.add(s)
        self._info[s] = info
        return s

    # ------------------------------------------------------------------ bases
    @property
    def width(self) -> float:
        return self.battlefield.width

    @property
    def height(self) -> float:
        return self.battlefield.height

    @property
    def bases(self) -> tuple[Base, ...]:
        return tuple(self._bases.values())

    def base(self, uid: int) -> Base:
        return self._bases[uid]

    def set_bases(self, bases) -> None:
        """Replace all live bases (units and items). Only moved or resized bases are reindexed."""
        new = {}
        for b in bases:
            if b.uid in new:
                raise ValueError(f"two bases with uid {b.uid}")
            new[b.uid] = b
        for uid in list(self._unit_bodies):
            if uid not in new:
                body, shape, _ = self._unit_bodies.pop(uid)
                self._space.remove(body, shape)
                del self._unit_of_shape[shape]
        for uid, b in new.items():
            self._place(b)
        if new != self._bases:
            self._sight_cache.clear()
        self._bases = new

    def update_base(self, base: Base) -> None:
        """Add or move one base."""
        if self._bases.get(base.uid) != base:
            self._sight_cache.clear()
        self._place(base)
        self._bases[base.uid] = base

    def remove_base(self, uid: int) -> None:
        self._sight_cache.clear()
        if uid in self._unit_bodies:
            body, shape, _ = self._unit_bodies.pop(uid)
            self._space.remove(body, shape)
            del self._unit_of_shape[shape]
        self._bases.pop(uid, None)

    def _place(self, b: Base) -> None:
        pos = self.snap(b.x, b.y) if self._grid else (b.x, b.y)
        cur = self._unit_bodies.get(b.uid)
        if cur is not None and cur[2] == b.radius:
            body, shape, _ = cur
            if tuple(body.position) != pos:
                body.position = pos
                self._space.reindex_shapes_for_body(body)
            return
        if cur is not None:
            self._space.remove(cur[0], cur[1])
            del self._unit_of_shape[cur[1]]
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.position = pos
        if self._grid:
            shape = pymunk.Poly.create_box(body, (SQUARE - 0.1, SQUARE - 0.1))
        else:
            shape = pymunk.Circle(body, b.radius)
        if b.uid not in self._unit_group:
            self._next_group += 1
            self._unit_group[b.uid] = self._next_group
        shape.filter = ShapeFilter(group=self._unit_group[b.uid], categories=UNIT)
        self._space.add(body, shape)
        self._unit_bodies[b.uid] = (body, shape, b.radius)
        self._unit_of_shape[shape] = b.uid

    # ------------------------------------------------------------------ doors
    def set_door(self, door_id: str, open: bool) -> None:
        shape = self._door_shapes[door_id]
        if self._doors_open[door_id] == bool(open) or door_id in self._doors_gone:
            return
        self._doors_open[door_id] = bool(open)
        self._sight_cache.clear()
        shape.filter = ShapeFilter(group=self._terrain_group[shape], categories=OPEN_DOOR if open else DOOR)
        info = self._info[shape]
        for lat in self._lattices.values():
            lat.forget_near(info.a, info.b)

    def door_open(self, door_id: str) -> bool:
        return self._doors_open[door_id]

    # ------------------------------------------------------------------ terrain taken away
    def clear_terrain(self, x: float, y: float, r: float) -> list[tuple[str, str, tuple, tuple]]:
        """Take away the walls, low walls and doors within `r` of (x, y) (a collapse): each stretch is cut
        where it enters the circle and the part inside is gone; a door reaching into it is gone whole;
        platforms stay. Returns the pieces taken away as (kind, label, a, b); `reset()` puts them back."""
        body = self._space.static_body
        gone = []
        for shape, info in list(self._info.items()):
            if info.kind not in ("wall", "low_wall", "door"):
                continue
            outside, inside = clip_segment_outside_circle(info.a, info.b, x, y, r)
            if inside is None:
                continue
            self._space.remove(shape)
            del self._info[shape]
            added = []
            if info.kind == "door":
                self._doors_gone.add(info.door_id)
                gone.append(("door", info.label, info.a, info.b))
            else:
                cat = WALL if info.kind == "wall" else LOW_WALL
                for a, b in outside:
                    piece = _Terrain(info.kind, info.label, a, b, info.top, info.bottom, info.climbable)
                    piece.ladders = list(info.ladders)
                    added.append(self._add_terrain(body, cat, piece))
                gone.append((info.kind, info.label, inside[0], inside[1]))
            self._cleared.append((shape, info, added, gone[-1]))
            for lat in self._lattices.values():
                lat.forget_near(info.a, info.b)
        if gone:
            self._sight_cache.clear()
        return gone

    @property
    def cleared_terrain(self) -> list[tuple[str, str, tuple, tuple]]:
        """The pieces of terrain taken away so far (kind, label, a, b), for the screen."""
        return [c[3] for c in self._cleared]

    def _restore_terrain(self) -> None:
        for shape, info, added, _ in reversed(self._cleared):
            for s in added:
                self._space.remove(s)
                del self._info[s]
            self._space.add(shape)
            self._info[shape] = info
            for lat in self._lattices.values():
                lat.forget_near(info.a, info.b)
        if self._cleared:
            self._sight_cache.clear()
        self._cleared.clear()
        self._doors_gone.clear()

    @property
    def doors_open(self) -> dict[str, bool]:
        return dict(self._doors_open)

    def adjacent_doors(self, base: Base) -> list[str]:
        """Doors a base can open or close: within 1" of its base edge (grid: on an edge of its square),
        standing on the base's level."""
        out = []
        if self._grid:
            cx, cy = self.snap(base.x, base.y)
            reach = SQUARE / 2 + EPS
        else:
            cx, cy = base.x, base.y
            reach = base.radius + ADJ_GAP + EPS
        for d in self.battlefield.doors:
            if d.id in self._doors_gone:
                continue
            if abs(d.base - base.z) <= SAME_LEVEL + EPS and seg_point_dist(d.a[0], d.a[1], d.b[0], d.b[1], cx, cy) <= reach:
                out.append(d.id)
        return sorted(out)

    # ------------------------------------------------------------------ grid helpers
    def square_of(self, x: float, y: float) -> tuple[int, int]:
        """The 2" square (column, row) containing a point (clamped to the table)."""
        i = min(max(int(math.floor(x / SQUARE)), 0), int(self.width // SQUARE) - 1)
        j = min(max(int(math.floor(y / SQUARE)), 0), int(self.height // SQUARE) - 1)
        return i, j

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """Grid measure: the centre of the square containing (x, y). Inches: (x, y) unchanged."""
        if not self._grid:
            return (x, y)
        i, j = self.square_of(x, y)
        return (i * SQUARE + SQUARE / 2, j * SQUARE + SQUARE / 2)

    def _cheb(self, a: Base, b: Base) -> int:
        ai, aj = self.square_of(a.x, a.y)
        bi, bj = self.square_of(b.x, b.y)
        return max(abs(ai - bi), abs(aj - bj))

    # ------------------------------------------------------------------ distance, range, adjacency
    def distance(self, a: Base, b: Base) -> float:
        """R12: horizontal distance between the closest points of the bases (inches).
        Grid: squares counted as moving (diagonals allowed) x 2"."""
        if self._grid:
            return self._cheb(a, b) * SQUARE
        return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)

    def in_range(self, a: Base, b: Base, rng_inches: float | None) -> bool:
        if rng_inches is None:
            return True
        if self._grid:
            return self._cheb(a, b) <= math.ceil(rng_inches / SQUARE - 1e-9)
        return self.distance(a, b) <= rng_inches + 1e-9

    def adjacent(self, a: Base, b: Base) -> bool:
        """R15 (grid: contiguous squares incl. diagonal, same level, no wall between)."""
        if a.uid == b.uid:
            return False
        if abs(a.z - b.z) > SAME_LEVEL + EPS:
            return False
        if self._grid:
            if self._cheb(a, b) > 1:
                return False
            pa, pb = self.snap(a.x, a.y), self.snap(b.x, b.y)
            return pa == pb or not self._space.segment_query(pa, pb, 0.0, ADJ_FILTER)
        return self._adjacent_at(a.x, a.y, a.radius, b)

    def _adjacent_at(self, x, y, r, b: Base) -> bool:
        if math.hypot(x - b.x, y - b.y) - r - b.radius > ADJ_GAP + EPS:
            return False
        return not self._space.segment_query((x, y), (b.x, b.y), 0.0, ADJ_FILTER)

    # ------------------------------------------------------------------ surfaces
    def _surface_top(self, x: float, y: float) -> float:
        """The top surface at a point strictly off platform edges (platforms are solid blocks)."""
        z = 0.0
        for x0, y0, x1, y1, p in self._plat_boxes:
            if p.elevation > z and x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(p.polygon, x, y) >= 0:
                z = p.elevation
        return z

    def surface_z(self, x: float, y: float, near_z: float = 0.0) -> float:
        """The standing surface at (x, y): the top of the solid terrain there (ground 0 or the highest
        platform containing the point). On a platform edge both sides qualify: the one closest to near_z."""
        inside = 0.0
        edge = []
        for x0, y0, x1, y1, p in self._plat_boxes:
            if x0 - EPS <= x <= x1 + EPS and y0 - EPS <= y <= y1 + EPS:
                k = point_in_polygon(p.polygon, x, y)
                if k > 0:
                    inside = max(inside, p.elevation)
                elif k == 0:
                    edge.append(p.elevation)
        cands = [inside] + [e for e in edge if e > inside]
        return min(cands, key=lambda e: (abs(e - near_z), -e))

    def can_stand(self, radius: float, x: float, y: float, z: float, ignore_uid: int | None = None) -> bool:
        """On the table, not overlapping walls, low walls, closed doors or platform faces, z a real surface
        there, not overlapping any live base (but ignore_uid). Grid: (x, y) names its square."""
        if self._grid:
            if not (0 <= x < self.width and 0 <= y < self.height):
                return False
            cx, cy = self.snap(x, y)
            if self._space.point_query((cx, cy), SQUARE / 2 - 0.1, MOVE_FILTER):
                return False
            if abs(self._surface_top(cx, cy) - z) > ZTOL:
                return False
            sq = self.square_of(x, y)
            return not any(b.uid != ignore_uid and self.square_of(b.x, b.y) == sq for b in self._bases.values())
        if x < radius - EPS or y < radius - EPS or x > self.width - radius + EPS or y > self.height - radius + EPS:
            return False
        if self._space.point_query((x, y), radius - EPS, MOVE_FILTER):
            return False
        if abs(self._surface_top(x, y) - z) > ZTOL:
            return False
        for b in self._bases.values():
            if b.uid != ignore_uid and math.hypot(b.x - x, b.y - y) < radius + b.radius - EPS:
                return False
        return True

    # ------------------------------------------------------------------ line of sight
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
        near_target = [(q.shape, self._info[q.shape].top)
                       for q in self._space.point_query((tx, ty), rt + COVER_DIST + EPS, COVER_FILTER)]
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
            if not near_target or not self._has_cover(pnt, target, ha, ht, near_target):
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
    def _has_cover(p, target: Base, ha, ht, near_target) -> bool:
        tx, ty, rt = target.x, target.y, target.radius
        pts = [(tx, ty)]
        for k in range(16):
            a = k * math.pi / 8
            pts.append((tx + rt * math.cos(a), ty + rt * math.sin(a)))
        for q in pts:
            for s, top in near_target:
                h = s.segment_query(p, q, 0.0)
                if h is None or h.alpha >= 1.0 - 1e-6:
                    continue
                if top >= ha + (ht - ha) * h.alpha - 1e-9 and \
                        math.hypot(h.point.x - tx, h.point.y - ty) <= rt + COVER_DIST + EPS:
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

    def reset(self) -> None:
        """Back to the map as loaded: no bases, doors as drawn. The movement lattices built so far are kept
        (a door put back drops only the nodes around it), so a replayed match (undo) starts warm."""
        self.set_bases([])
        self._restore_terrain()
        for d in self.battlefield.doors:
            self.set_door(d.id, d.open)

    def prepare(self, radius: float = 0.5, rules=(CORE_MOVE,)) -> None:
        """Build the whole movement lattice for bases of this radius now (otherwise it is built lazily, area
        by area, by the first searches there: about 0.1 s per new area), with the edges of each MoveRule
        in `rules` (the standing and crossings are shared: a further rule costs far less). For a loading
        screen."""
        lat = self._lattice(radius)
        for rule in {r.terrain for r in rules}:
            tab = lat.edge_table(rule)
            for u in range(lat.nx * lat.ny):
                if tab[u] is None:
                    tab[u] = lat._compute_edges(u, rule)

    # ------------------------------------------------------------------ movement steps
    def _terrain_step(self, p, zp, q, zq, r, shapes=None, rule: MoveRule = CORE_MOVE):
        """Terrain legality and cost of moving a base centre straight from p to q.
        Returns (cost, climbs) or None. A step that touches terrain must cross it with the centre,
        and every crossed stretch must be climbable there (R13, R14), unless the rule passes any face."""
        return self._step_cost(p, zp, q, zq, self._terrain_cross(p, q, r, shapes, rule.any_face), rule)

    @staticmethod
    def _step_cost(p, zp, q, zq, cross, rule: MoveRule = CORE_MOVE):
        if cross is None:
            return None
        L = math.hypot(q[0] - p[0], q[1] - p[1])
        if cross is _WALK:
            return (L, 0) if abs(zq - zp) <= ZTOL else None
        top, climbable = cross
        if not climbable and not rule.any_face:
            return None
        if rule.ignore_vertical:
            return (climb_cost(L, 0.0, 0.0), 1)
        top = max(zp, zq, top)
        return (climb_cost(L, top - zp, top - zq, rule.climb_up_less, rule.climb_down_less), 1)

    def _terrain_cross(self, p, q, r, shapes=None, any_face=True):
        """What a straight move of a base (radius r) from p to q meets, the same both ways: None (not
        allowed: it touches terrain its centre does not cross, or, unless any_face, crosses terrain where it
        is not climbable), _WALK (no terrain), or (the highest top of the terrain crossed, whether every
        crossing is climbable there) for a climb."""
        if shapes is None:
            touched = self._capsule_shapes(p, q, r - EPS, MOVE_FILTER)
        else:
            touched = [s for s in shapes if s.segment_query(p, q, r - EPS) is not None]
        if not touched:
            return _WALK
        top = None
        climbable = True
        for s in touched:
            h = s.segment_query(p, q, 0.0)
            if h is None:
                continue
            info = self._info[s]
            if climbable and not info.climbable_at(h.point.x, h.point.y):
                if not any_face:
                    return None
                climbable = False
            top = info.top if top is None else max(top, info.top)
        return None if top is None else (top, climbable)

    def _grid_step(self, p, zp, q, zq, rule: MoveRule = CORE_MOVE):
        hits = self._space.segment_query(p, q, 0.0, MOVE_FILTER)
        if not hits:
            return (SQUARE, 0) if abs(zq - zp) <= ZTOL else None
        top = max(zp, zq)
        for h in hits:
            info = self._info[h.shape]
            if not rule.any_face and not info.climbable_at(h.point.x, h.point.y):
                return None
            top = max(top, info.top)
        if rule.ignore_vertical:
            return (grid_climb_cost(0.0, 0.0), 1)
        return (grid_climb_cost(top - zp, top - zq, rule.climb_up_less, rule.climb_down_less), 1)

    def _lattice(self, radius: float) -> _Lattice:
        key = 0.0 if self._grid else radius
        lat = self._lattices.get(key)
        if lat is None:
            if len(self._lattices) >= 8:
                self._lattices.pop(next(iter(self._lattices)))
            lat = _Lattice(self, radius)
            self._lattices[key] = lat
        return lat

    def _blocking(self, mover: Base, lat: _Lattice, budget: float) -> _Blocking:
        bl = _Blocking()
        r = mover.radius
        through = mover.move.through_enemies  # Nebulant, Small: enemy units may be crossed, items not
        if self._grid:
            for b in self._bases.values():
                if b.uid == mover.uid:
                    continue
                i, j = self.square_of(b.x, b.y)
                u = j * lat.nx + i
                bl.end_blocked.add(u)
                if b.side != mover.side and not (through and b.side != "item"):
                    bl.pass_blocked.add(u)
            return bl
        step, nx, ny = lat.step, lat.nx, lat.ny
        reach = lat.reach_len
        for b in self._bases.values():
            if b.uid == mover.uid:
                continue
            R = r + b.radius
            if math.hypot(b.x - mover.x, b.y - mover.y) > budget + reach + R + 1.0:
                continue  # nothing the search can touch
            enemy = b.side != mover.side and not (through and b.side != "item")
            if enemy:
                e = (b.x, b.y, R)
                bl.enemies.append(e)
                ext = R + reach
                for ci in range(int((b.x - ext) // _CELL), int((b.x + ext) // _CELL) + 1):
                    for cj in range(int((b.y - ext) // _CELL), int((b.y + ext) // _CELL) + 1):
                        bl.cells.setdefault((ci, cj), []).append(e)
            i0, i1 = max(0, int(math.floor((b.x - R) / step))), min(nx - 1, int(math.ceil((b.x + R) / step)))
            j0, j1 = max(0, int(math.floor((b.y - R) / step))), min(ny - 1, int(math.ceil((b.y + R) / step)))
            for j in range(j0, j1 + 1):
                dy = j * step - b.y
                for i in range(i0, i1 + 1):
                    if math.hypot(i * step - b.x, dy) < R - EPS:
                        u = j * nx + i
                        bl.end_blocked.add(u)
                        if enemy:
                            bl.pass_blocked.add(u)
        return bl

    def _enemies_near(self, bl: _Blocking, x, y, ext):
        return [e for e in bl.enemies if math.hypot(e[0] - x, e[1] - y) <= e[2] + ext + EPS]

    @staticmethod
    def _clear_of(p, q, enemies) -> bool:
        for cx, cy, R in enemies:
            if seg_point_dist(p[0], p[1], q[0], q[1], cx, cy) < R - EPS:
                return False
        return True

    def _full_step(self, p, zp, q, zq, mover: Base, bl: _Blocking, enemies=None):
        """A straight step between two arbitrary points (terrain and bases)."""
        if self._grid:
            return self._grid_step(p, zp, q, zq, mover.move)
        if not self._clear_of(p, q, bl.enemies if enemies is None else enemies):
            return None
        return self._terrain_step(p, zp, q, zq, mover.radius, None, mover.move)

    def _start_links(self, mover: Base, lat: _Lattice, bl: _Blocking, sx, sy, sz):
        """Edges from the mover's exact position into the lattice."""
        if self._grid:
            i, j = self.square_of(sx, sy)
            return [], j * lat.nx + i
        out = []
        r = mover.radius
        rule = mover.move
        ext = lat.reach_len
        near = [h.shape for h in self._space.point_query((sx, sy), r + ext, MOVE_FILTER)]
        enemies = self._enemies_near(bl, sx, sy, ext)
        step = lat.step
        i0, i1 = max(0, int(math.floor((sx - ext) / step))), min(lat.nx - 1, int(math.ceil((sx + ext) / step)))
        j0, j1 = max(0, int(math.floor((sy - ext) / step))), min(lat.ny - 1, int(math.ceil((sy + ext) / step)))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                u = j * lat.nx + i
                q = (i * step, j * step)
                L = math.hypot(q[0] - sx, q[1] - sy)
                if L > ext + EPS or u in bl.pass_blocked:
                    continue
                zq = lat.zof(u)
                if zq is None or not self._clear_of((sx, sy), q, enemies):
                    continue
                res = self._terrain_step((sx, sy), sz, q, zq, r, near, rule)
                if res is not None:
                    out.append((u, res[0], res[1]))
        return out, None

    def _search(self, mover: Base, budget: float, goal=None, lat=None, bl=None):
        """Dijkstra (A* toward goal when given) from the mover's position. Returns the search state."""
        if lat is None:
            lat = self._lattice(mover.radius)
            bl = self._blocking(mover, lat, budget)
        sx, sy = self.snap(mover.x, mover.y)
        sz = mover.z
        n = lat.nx * lat.ny
        dist = [_INF] * n
        pred = [None] * n  # (prev node or -1 for the start, climbs)
        heap = []
        links, start_node = self._start_links(mover, lat, bl, sx, sy, sz)
        if start_node is not None:
            dist[start_node] = 0.0
            pred[start_node] = (-2, 0)
            heapq.heappush(heap, (0.0, 0.0, start_node))
        gx = gy = None
        if goal is not None:
            gx, gy = goal[0], goal[1]

        grid = self._grid

        def h(u):
            if gx is None:
                return 0.0
            x, y = lat.xy(u)
            if grid:  # 2" per square, diagonals included
                return max(abs(x - gx), abs(y - gy))
            return math.hypot(x - gx, y - gy)

        for u, c, k in links:
            if c <= budget + EPS and c < dist[u]:
                dist[u] = c
                pred[u] = (-1, k)
                heapq.heappush(heap, (c + h(u), c, u))
        done = bytearray(n)
        pass_blocked, near = bl.pass_blocked, bl.near
        rule = mover.move.terrain
        etab = lat.edge_table(rule)
        compute = lat._compute_edges
        clear_of = self._clear_of
        goal_links = goal[3] if goal is not None else None
        best_goal = [(_INF, None, 0)]
        while heap:
            f, g, u = heapq.heappop(heap)
            if done[u] or g > dist[u]:
                continue
            if best_goal[0][0] <= f:
                break
            done[u] = 1
            if goal_links is not None and u in goal_links:
                c, k = goal_links[u]
                if g + c < best_goal[0][0] and g + c <= budget + EPS:
                    best_goal[0] = (g + c, u, k)
            pu = lat.xy(u)
            dang = near(pu[0], pu[1]) if bl.cells else None
            edges = etab[u]
            if edges is None:
                edges = etab[u] = compute(u, rule)
            for v, c, k in edges:
                nd = g + c
                if nd > budget + EPS or nd >= dist[v] or v in pass_blocked:
                    continue
                if dang is not None and not clear_of(pu, lat.xy(v), dang):
                    continue
                dist[v] = nd
                pred[v] = (u, k)
                heapq.heappush(heap, (nd + h(v), nd, v))
        return lat, bl, dist, pred, (sx, sy, sz), best_goal[0]

    def _nodes_to_points(self, lat, pred, u, start):
        seq = []
        while True:
            prev, k = pred[u]
            if prev == -2:  # u is the start square itself (grid)
                break
            x, y = lat.xy(u)
            seq.append(((x, y, lat.zof(u)), k))
            if prev == -1:
                break
            u = prev
        seq.append((start, 0))
        seq.reverse()
        # seq[i] = (point, climbs of the step that arrived at it)
        return seq

    def _finish_path(self, mover: Base, bl: _Blocking, seq) -> Path:
        """Straighten walking stretches (any-angle), then measure the path and its adjacency losses."""
        pts = [p for p, _ in seq]
        kinds = [k for _, k in seq]  # climbs of the step arriving at index i
        out = [pts[0]]
        out_k = [0]
        i = 0
        n = len(pts)
        while i < n - 1:
            j = i + 1
            if not self._grid and kinds[j] == 0:
                # farthest point reachable by one straight walking step from pts[i], through walking steps only
                best = j
                for m in range(n - 1, i + 1, -1):
                    if any(kinds[t] for t in range(i + 1, m + 1)):
                        continue
                    p, q = pts[i], pts[m]
                    if abs(p[2] - q[2]) > ZTOL:
                        continue
                    res = self._full_step((p[0], p[1]), p[2], (q[0], q[1]), q[2], mover, bl)
                    if res is not None and res[1] == 0:
                        best = m
                        break
                j = best
            out.append(pts[j])
            out_k.append(kinds[j])
            i = j
        cost = 0.0
        climbs = 0
        for a in range(len(out) - 1):
            p, q = out[a], out[a + 1]
            if self._grid:
                res = self._grid_step((p[0], p[1]), p[2], (q[0], q[1]), q[2], mover.move)
            else:
                res = self._terrain_step((p[0], p[1]), p[2], (q[0], q[1]), q[2], mover.radius, None, mover.move)
            cost += res[0]
            climbs += res[1]
        return Path(tuple(out), round(cost, 9), climbs, self._left_adjacency(mover, out))

    def _left_adjacency(self, mover: Base, pts) -> tuple[int, ...]:
        x0 = min(p[0] for p in pts) - mover.radius - ADJ_GAP - 2.0
        x1 = max(p[0] for p in pts) + mover.radius + ADJ_GAP + 2.0
        y0 = min(p[1] for p in pts) - mover.radius - ADJ_GAP - 2.0
        y1 = max(p[1] for p in pts) + mover.radius + ADJ_GAP + 2.0
        others = [b for b in self._bases.values()
                  if b.uid != mover.uid and b.side != mover.side and b.side != "item"
                  and x0 - b.radius <= b.x <= x1 + b.radius and y0 - b.radius <= b.y <= y1 + b.radius]
        if not others:
            return ()
        ex, ey, ez = pts[-1]
        end = Base(mover.uid, mover.side, ex, ey, ez, mover.radius)
        left = []
        for b in others:
            if self.adjacent(end, b):
                continue
            was = False
            for a in range(len(pts)):
                p = pts[a]
                samples = [p]
                if a + 1 < len(pts) and not self._grid:
                    q = pts[a + 1]
                    if abs(p[2] - q[2]) <= ZTOL:
                        L = math.hypot(q[0] - p[0], q[1] - p[1])
                        k = max(1, int(math.ceil(L / 0.25)))
                        samples = [(p[0] + (q[0] - p[0]) * t / k, p[1] + (q[1] - p[1]) * t / k, p[2]) for t in range(k)]
                for s in samples:
                    if self.adjacent(Base(mover.uid, mover.side, s[0], s[1], s[2], mover.radius), b):
                        was = True
                        break
                if was:
                    break
            if was:
                left.append(b.uid)
        return tuple(sorted(left))

    def _goal_links(self, mover: Base, lat: _Lattice, bl: _Blocking, gx, gy, gz):
        """Edges from lattice nodes into an exact goal point: {node: (cost, climbs)}."""
        if self._grid:
            i, j = self.square_of(gx, gy)
            return None, j * lat.nx + i
        links = {}
        ext = lat.reach_len
        enemies = self._enemies_near(bl, gx, gy, ext)
        step = lat.step
        i0, i1 = max(0, int(math.floor((gx - ext) / step))), min(lat.nx - 1, int(math.ceil((gx + ext) / step)))
        j0, j1 = max(0, int(math.floor((gy - ext) / step))), min(lat.ny - 1, int(math.ceil((gy + ext) / step)))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                u = j * lat.nx + i
                p = (i * step, j * step)
                if math.hypot(p[0] - gx, p[1] - gy) > ext + EPS:
                    continue
                zp = lat.zof(u)
                if zp is None:
                    continue
                res = self._full_step(p, zp, (gx, gy), gz, mover, bl, enemies)
                if res is not None:
                    links[u] = res
        return links, None

    def _goal_ok(self, mover: Base, x, y, z) -> bool:
        return self.can_stand(mover.radius, x, y, z, ignore_uid=mover.uid)

    def path(self, mover: Base, x: float, y: float, z: float, budget: float) -> Path | None:
        """The cheapest legal path of the mover's base centre to (x, y, z) within budget inches (R13, R14),
        or None. Grid: (x, y) names a square; the path runs square centre to square centre."""
        if self._grid:
            x, y = self.snap(x, y)
        if not self._goal_ok(mover, x, y, z):
            return None
        sx, sy = self.snap(mover.x, mover.y)
        if (x, y) == (sx, sy) and abs(z - mover.z) <= ZTOL:
            return Path(((sx, sy, mover.z),), 0.0, 0, ())
        lat = self._lattice(mover.radius)
        bl = self._blocking(mover, lat, budget)
        if self._grid:
            _, gnode = self._goal_links(mover, lat, bl, x, y, z)
            lat, bl, dist, pred, start, _ = self._search(mover, budget, (x, y, z, None), lat, bl)
            if dist[gnode] > budget + EPS:
                return None
            return self._finish_path(mover, bl, self._nodes_to_points(lat, pred, gnode, start))
        links, _ = self._goal_links(mover, lat, bl, x, y, z)
        direct = self._full_step((sx, sy), mover.z, (x, y), z, mover, bl)
        lat, bl, dist, pred, start, (gcost, gnode, gk) = self._search(mover, budget, (x, y, z, links), lat, bl)
        best = None
        if direct is not None and direct[0] <= budget + EPS:
            best = Path(((sx, sy, mover.z), (x, y, z)), round(direct[0], 9), direct[1],
                        self._left_adjacency(mover, [(sx, sy, mover.z), (x, y, z)]))
        if gnode is not None:
            seq = self._nodes_to_points(lat, pred, gnode, start)
            seq.append(((x, y, z), gk))
            p = self._finish_path(mover, bl, seq)
            if p.cost <= budget + EPS and (best is None or p.cost < best.cost - EPS):
                best = p
        return best

    def reach(self, mover: Base, budget: float) -> Reach:
        """Every spot the mover can end on within budget (its start excluded)."""
        lat, bl, dist, pred, start, _ = self._search(mover, budget)
        spots = []
        index = {}
        for u in range(len(dist)):
            d = dist[u]
            if d <= budget + EPS and u not in bl.end_blocked:
                x, y = lat.xy(u)
                if abs(x - start[0]) < EPS and abs(y - start[1]) < EPS:
                    continue  # staying put is no move
                z = lat.zof(u)
                index[u] = len(spots)
                spots.append((x, y, z, round(d, 6)))
        table = self

        def path_to(x, y, z):
            if table._grid:
                x, y = table.snap(x, y)
            if abs(x - start[0]) < EPS and abs(y - start[1]) < EPS:
                return None
            u = lat.node_at(x, y)
            if u is not None and u in index and abs(lat.zof(u) - z) <= ZTOL:
                return table._finish_path(mover, bl, table._nodes_to_points(lat, pred, u, start))
            if table._grid or not table._goal_ok(mover, x, y, z):
                return None
            best = None
            direct = table._full_step((start[0], start[1]), start[2], (x, y), z, mover, bl)
            if direct is not None and direct[0] <= budget + EPS:
                best = (direct[0], None, direct[1])
            links, _ = table._goal_links(mover, lat, bl, x, y, z)
            for v, (c, k) in links.items():
                tot = dist[v] + c
                if tot <= budget + EPS and (best is None or tot < best[0] - EPS):
                    best = (tot, v, k)
            if best is None:
                return None
            if best[1] is None:
                pts = [start, (x, y, z)]
                return Path(tuple(pts), round(best[0], 9), best[2], table._left_adjacency(mover, pts))
            seq = table._nodes_to_points(lat, pred, best[1], start)
            seq.append(((x, y, z), best[2]))
            return table._finish_path(mover, bl, seq)

        def contains(x, y, z):
            return path_to(x, y, z) is not None

        return Reach(tuple(spots), budget, contains, path_to)

    def spots_adjacent_to(self, target: Base, radius: float, mover_side: str) -> list[tuple[float, float, float]]:
        """Free standing spots (for a base of `radius`) Adjacent to target, nearest ring first, then by
        angle clockwise from east. Grid: the free contiguous squares. mover_side is informational
        (no spot overlaps any base, whatever its side)."""
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
                if self.can_stand(radius, x, y, z) and self._adjacent_at(x, y, radius, target):
                    out.append((x, y, z))
        return out


def climb_cost(horizontal: float, up: float, down: float, up_less: float = 0.0, down_less: float = 2.0) -> float:
    """R14 in inches for one straight step that crosses terrain: the horizontal travel (at least the 1"
    crest) + the height climbed up + the height climbed down minus 2" (not below 0).
    up/down are measured from the step's start/end surface to the highest crossed top. A Climber counts the
    height up 2" less and down 4" less (up_less=2, down_less=4; N53), never below 0."""
    return max(horizontal, 1.0) + max(0.0, up - up_less) + max(0.0, down - down_less)


def grid_climb_cost(up: float, down: float, up_less: float = 0.0, down_less: float = 2.0) -> float:
    """Rules section 9 in inches: the square moved onto (the crest, 2") + 2" per square of height climbed
    up + 2" per square of height climbed down beyond the first (free) one. Heights in squares round up.
    up_less/down_less: inches of height (a square per 2") that cost nothing; Climber: 2 and 4 (N53)."""
    up_sq = max(0, math.ceil(up / SQUARE - 1e-9))
    down_sq = max(0, math.ceil(down / SQUARE - 1e-9))
    return SQUARE * (1 + max(0.0, up_sq - up_less / SQUARE) + max(0.0, down_sq - down_less / SQUARE))


def open_table(width: float = 24.0, height: float = 24.0, name: str = "Open table"):
    """A battlefield with no terrain."""
    return Battlefield(name=name, source="", width=float(width), height=float(height),
                       anchors=default_anchors(width, height), properties={"title": name, "format": 1})
