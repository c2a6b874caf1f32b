"""The live table: bases on a battlefield, and the geometric questions the rules ask about them.

One `Table` per match. It builds a pymunk Space (static only, never stepped) holding:
  - terrain segments: walls (WALL), low walls (LOW_WALL), doors (DOOR; an open door's category is
    switched to OPEN_DOOR so no query sees it) and platform faces (FACE),
  - one static body per base (UNIT): a circle, or in grid measure the box of its square.
Line of sight, cover, adjacency and movement use segment / point queries on that Space. This module holds
the bases, doors, distances, adjacency and surfaces; sight.py the sight and cover questions, movement.py
paths and reach, lattice.py the movement graph, terrain.py what the Space's shapes stand for.
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

import math

import pymunk
from pymunk import ShapeFilter

from .geometry import clip_segment_outside_circle, point_in_polygon, seg_point_dist
from .lattice import terrain_key
from .model import Base, Battlefield, default_anchors
from .movement import TableMovement
from .sight import BASE_CHANGES_KEPT, TableSight
from .sight_cells import cell_grid
from .spacequery import SpaceQueries
from .terrain import (ADJ_GAP, ADJ_MASK, DOOR, EPS, FACE, LADDER_TOL, LOW_WALL, MEASURES, MOVE_MASK,
                      LYING, OPEN_DOOR, SAME_LEVEL, SQUARE, UNIT, WALL, ZTOL, Face, _Terrain, climb_cost,
                      grid_climb_cost, platform_faces)

__all__ = ["Face", "Table", "climb_cost", "grid_climb_cost", "open_table", "platform_faces"]


_FACES: dict[int, tuple] = {}  # id(battlefield) -> (it, its platform faces): worked out once per map (a load, an undo
# and every match build a Table)


def _faces_of(battlefield: Battlefield) -> tuple:
    hit = _FACES.get(id(battlefield))
    if hit is None or hit[0] is not battlefield:
        if len(_FACES) >= 64:
            _FACES.clear()
        hit = _FACES[id(battlefield)] = (battlefield, tuple(platform_faces(battlefield)))
    return hit[1]


class Table(TableSight, TableMovement):
    def __init__(self, battlefield: Battlefield, measure: str = "inches", share_graph: bool = True):
        """share_graph: take the movement graph from the one shared by every Table of this terrain (built
        once per map, base radius and measure; lattice.py) rather than building one of its own."""
        if measure not in MEASURES:
            raise ValueError(f"measure must be one of {MEASURES}, not {measure!r}")
        self.battlefield = battlefield
        self.measure = measure
        self._grid = measure == "grid"
        if self._grid and (battlefield.width % SQUARE or battlefield.height % SQUARE):
            raise ValueError(f"grid measure needs a table size in whole 2\" squares, not {battlefield.width}x{battlefield.height}")
        self._space = pymunk.Space()
        self._q = SpaceQueries(self._space)
        self._adj_filter = self._q.shape_filter(0, ADJ_MASK)  # ADJ_FILTER and MOVE_FILTER as the queries take them
        self._move_filter = self._q.shape_filter(0, MOVE_MASK)
        self._info: dict = {}
        self._door_shapes: dict[str, pymunk.Shape] = {}
        self._doors_open: dict[str, bool] = {}
        self._bases: dict[int, Base] = {}
        self._unit_bodies: dict[int, list] = {}  # uid -> [body, shape, radius, position placed at]
        self._unit_of_shape: dict = {}
        self._lattices: dict = {}
        self.share_graph = share_graph
        self._map_terrain_key = terrain_key(battlefield)
        self.terrain_key = self._map_terrain_key  # the map's, and the terrain taken away (clear_terrain)
        self._cleared: list[tuple] = []  # clear_terrain: (shape, info, shapes put instead, piece gone)
        self._clearings: list[tuple[float, float, float]] = []  # the circles cleared, in order
        self._doors_gone: set[str] = set()
        self._sight_cache: dict = {}  # (attacker, target) -> Sight, grid measure; cleared whenever a base or a door changes
        self.version = 0  # counts the changes of bases and doors: what was worked out for one version holds
        self._searches: dict = {}  # (mover, budget) -> movement search state, for this version (movement.py)
        self._reaches: dict = {}  # (mover, budget) -> (version, Reach)
        self._kept: dict = {}  # (mover, budget, the bases its search can meet) -> [search state, Reach or None]:
        # kept while bases elsewhere change (movement.py); dropped when a door or the terrain changes
        self._cover_near: dict = {}  # target position -> terrain that may cover it, its base points (sight.py);
        # it depends on the doors only
        self._adjacent_spots: dict = {}  # (target, radius) -> spots_adjacent_to, for this version
        self._base_shapes: dict = {}  # (base position, radii summed, lattice size and reach) -> the nodes a
        # base there blocks and the cells whose steps may touch it (movement.py); terrain plays no part
        self._ring_spots: dict = {}  # (target position and radius, radius) -> the spots around it the terrain
        # allows, before the bases (movement.py); it depends on the doors and the terrain only
        self._sights_seen: dict = {}  # sight()'s question -> [base changes counted when last checked, its Sight,
        # the stretches of lines its walk read, the cells they cross], inches, oldest first (sight.py); kept until a
        # door or the terrain changes
        self._trace = None  # while a walk is recorded: the stretches of lines it read (sight.py)
        self._base_changes: list = []  # the bases changed, in order (the last ones), as _placed gives them before
        self._base_changes_from = 0  # how many changes came before the first of _base_changes
        self._cells = cell_grid(battlefield.width, battlefield.height)  # the table's cells (sight_cells.py)
        self._sight_marks = []  # the cells the last base changes marked (sight.py: _marks_since)
        self._sight_marked = 0  # the base changes marked so far
        self._sight_each: list = []  # the cells each of the last base changes marked, the last last (sight.py)
        self._sight_filters: dict = {}  # pymunk group -> the sight-line ShapeFilter leaving that group out
        self._alone_filters: dict = {}  # shape -> the sight-line filter leaving its own group out (sight.py)
        self._blocked_sights: dict = {}  # (high ground, blocker label) -> the Sight saying so (sight.py)
        self._plat_boxes = []
        self._next_group = 0  # every shape has its own pymunk group, so one query can leave one shape out
        self._terrain_group: dict = {}
        self._unit_group: dict[int, int] = {}
        for p in battlefield.platforms:
            xs = [q[0] for q in p.polygon]
            ys = [q[1] for q in p.polygon]
            self._plat_boxes.append((min(xs), min(ys), max(xs), max(ys), p))
        self.faces = _faces_of(battlefield)
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
        self._q = None  # its closures hold the C space (and the filter structs)
        self._sight_filters.clear()
        self._alone_filters.clear()
        self._unit_bodies.clear()
        self._unit_of_shape.clear()
        self._door_shapes.clear()
        self._changed()
        self._kept.clear()
        self._lattices.clear()

    def _placed(self, uid: int):
        """(uid, where its shape stands: (x, y, radius), or None), for the log of base changes."""
        cur = self._unit_bodies.get(uid)
        return uid, None if cur is None else (cur[3][0], cur[3][1], cur[2])

    def _changed(self, bases=()) -> None:
        """A base or a door changed: drop what was worked out for the table as it was. bases: the bases
        placed, moved, changed or taken off, each as _placed gives it before the change (sight.py checks its
        kept answers against them); none given: everything is worked out afresh."""
        self.version += 1
        if bases:
            log = self._base_changes
            log.extend(bases)
            if len(log) > 2 * BASE_CHANGES_KEPT:
                del log[:BASE_CHANGES_KEPT]
                self._base_changes_from += BASE_CHANGES_KEPT
        else:  # a door, the terrain, or anything: no sight answer holds
            self._sights_seen.clear()
        self._sight_cache.clear()
        self._searches.clear()
        self._reaches.clear()
        self._adjacent_spots.clear()

    def _capsule_shapes(self, a, b, r, flt):
        """Shapes touching the capsule a->b of radius r. (Space.segment_query with a radius > 0 misses
        shapes whose bounding box the thin segment does not cross, so the index is asked with bb_query and
        each candidate is tested on its own.)"""
        bb = pymunk.BB(min(a[0], b[0]) - r, min(a[1], b[1]) - r, max(a[0], b[0]) + r, max(a[1], b[1]) + r)
        touches = self._q.touches
        return [s for s in self._space.bb_query(bb, flt) if touches(s, a, b, r)]

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

    def base_or_none(self, uid: int) -> Base | None:
        return self._bases.get(uid)

    def set_bases(self, bases) -> None:
        """Replace all live bases (units and items). Only moved or resized bases are reindexed."""
        new = {}
        for b in bases:
            if b.uid in new:
                raise ValueError(f"two bases with uid {b.uid}")
            new[b.uid] = b
        old = self._bases
        changed = [self._placed(uid) for uid in self._unit_bodies.keys() | old.keys()
                   if uid not in new or old.get(uid) != new[uid]]
        for uid in list(self._unit_bodies):
            if uid not in new:
                body, shape = self._unit_bodies.pop(uid)[:2]
                self._space.remove(body, shape)
                del self._unit_of_shape[shape]
        for uid, b in new.items():
            if uid not in old and uid not in self._unit_bodies:
                changed.append((uid, None))
            self._place(b)
        if changed:
            self._changed(changed)
        self._bases = new

    def update_base(self, base: Base) -> None:
        """Add or move one base."""
        if self._bases.get(base.uid) != base:
            self._changed((self._placed(base.uid),))
        self._place(base)
        self._bases[base.uid] = base

    def remove_base(self, uid: int) -> None:
        if uid in self._bases or uid in self._unit_bodies:
            self._changed((self._placed(uid),))
        if uid in self._unit_bodies:
            body, shape = self._unit_bodies.pop(uid)[:2]
            self._space.remove(body, shape)
            del self._unit_of_shape[shape]
        self._bases.pop(uid, None)

    def _place(self, b: Base) -> None:
        pos = self.snap(b.x, b.y) if self._grid else (b.x, b.y)
        cur = self._unit_bodies.get(b.uid)
        category = LYING if b.lying else UNIT
        if cur is not None and cur[2] == b.radius:
            if cur[3] != pos:
                body = cur[0]
                body.position = pos
                self._space.reindex_shapes_for_body(body)
                cur[3] = pos
            if cur[1].filter.categories != category:  # laid down or stood up: sight lines meet it or not
                cur[1].filter = ShapeFilter(group=self._unit_group[b.uid], categories=category)
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
        shape.filter = ShapeFilter(group=self._unit_group[b.uid], categories=category)
        self._space.add(body, shape)
        self._unit_bodies[b.uid] = [body, shape, b.radius, pos]
        self._unit_of_shape[shape] = b.uid

    # ------------------------------------------------------------------ doors
    def set_door(self, door_id: str, open: bool) -> None:
        shape = self._door_shapes[door_id]
        if self._doors_open[door_id] == bool(open) or door_id in self._doors_gone:
            return
        self._doors_open[door_id] = bool(open)
        self._changed()
        self._cover_near.clear()
        self._ring_spots.clear()
        self._kept.clear()
        shape.filter = ShapeFilter(group=self._terrain_group[shape], categories=OPEN_DOOR if open else DOOR)
        info = self._info[shape]
        for lat in self._lattices.values():
            lat.forget_near(info.a, info.b)

    def _closed_door_segments(self) -> list:
        """[(door id, a, b)] of the closed doors (the movement graph computes their surroundings itself)."""
        return [(did, self._info[s].a, self._info[s].b) for did, s in self._door_shapes.items()
                if not self._doors_open[did] and did not in self._doors_gone]

    def door_open(self, door_id: str) -> bool:
        return self._doors_open[door_id]

    # ------------------------------------------------------------------ terrain taken away
    def clear_terrain(self, x: float, y: float, r: float) -> list[tuple[str, str, tuple, tuple]]:
        """Take away the walls, low walls and doors within `r` of (x, y) (a collapse): each stretch is cut
        where it enters the circle and the part inside is gone; a door reaching into it is gone whole;
        platforms stay. Returns the pieces taken away as (kind, label, a, b); `reset()` puts them back.
        The movement graph is then the shared one of the terrain as it is now (lattice.shared_lattice)."""
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
        if gone:
            self._clearings.append((x, y, r))
            self._terrain_changed()
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
        if self._cleared:
            self._cleared.clear()
            self._doors_gone.clear()
            self._clearings.clear()
            self._terrain_changed()

    def _terrain_changed(self) -> None:
        """Terrain was taken away or put back: a graph of its own for the terrain as it now stands."""
        self.terrain_key = (self._map_terrain_key, tuple(self._clearings)) if self._clearings else self._map_terrain_key
        self._lattices.clear()
        self._cover_near.clear()
        self._ring_spots.clear()
        self._kept.clear()
        self._changed()

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
            return pa == pb or not self._q.meets(pa, pb, self._adj_filter)
        return self._adjacent_at(a.x, a.y, a.radius, b)

    def _adjacent_at(self, x, y, r, b: Base) -> bool:
        if math.hypot(x - b.x, y - b.y) - r - b.radius > ADJ_GAP + EPS:
            return False
        return not self._q.meets((x, y), (b.x, b.y), self._adj_filter)

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
            if self._q.any_near((cx, cy), SQUARE / 2 - 0.1, self._move_filter):
                return False
            if abs(self._surface_top(cx, cy) - z) > ZTOL:
                return False
            sq = self.square_of(x, y)
            return not any(b.uid != ignore_uid and self.square_of(b.x, b.y) == sq for b in self._bases.values())
        return self._stands_on_terrain(radius, x, y, z) and self._clear_of_bases(radius, x, y, ignore_uid)

    def _stands_on_terrain(self, radius: float, x: float, y: float, z: float) -> bool:
        """can_stand without the bases (inches)."""
        if x < radius - EPS or y < radius - EPS or x > self.width - radius + EPS or y > self.height - radius + EPS:
            return False
        if self._q.any_near((x, y), radius - EPS, self._move_filter):
            return False
        return abs(self._surface_top(x, y) - z) <= ZTOL

    def _clear_of_bases(self, radius: float, x: float, y: float, ignore_uid: int | None = None) -> bool:
        """can_stand's bases part (inches): no live base (but ignore_uid) overlapped."""
        hypot = math.hypot
        for b in self._bases.values():
            if b.uid != ignore_uid and hypot(b.x - x, b.y - y) < radius + b.radius - EPS:
                return False
        return True

    # ------------------------------------------------------------------ line of sight


def open_table(width: float = 24.0, height: float = 24.0, name: str = "Open table"):
    """A battlefield with no terrain."""
    return Battlefield(name=name, source="", width=float(width), height=float(height),
                       anchors=default_anchors(width, height), properties={"title": name, "format": 1})
