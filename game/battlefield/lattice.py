"""The movement graph: a lattice of base-centre positions over the terrain only (bases are applied per
search, in movement.py). See _Lattice.

The graph depends only on the terrain, the measure and the base radius, so it is built once per map and
shared by every Table of that map (shared_lattice): each match's Table keeps its own lattice on top of the
shared one, computing locally only the nodes near a closed door (doors and bases are the live state;
the shared graph is built with every door open). The cache is keyed by the terrain itself, not a file
name, so a changed map is never served an old graph.
"""
from __future__ import annotations

import atexit
import dataclasses
import math
import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING

from .geometry import seg_point_dist
from .model import CORE_MOVE, MoveRule
from .terrain import EPS, LATTICE_STEP, MOVE_FILTER, SQUARE, ZTOL

if TYPE_CHECKING:
    from .table import Table

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


CELL = 2.0  # cell size of the hash of bases a step must keep clear of (movement.py)


class _Lattice:
    """Movement graph over terrain only, for one base radius. Built lazily, node by node; a door that opens
    or closes drops the nodes around it (forget_near). Standing (z, near) and what each step crosses
    (cross) are shared by every MoveRule; the edges with their costs are kept per terrain rule.

    With `shared` (the map's graph with every door open, see shared_lattice), a node with no closed door
    within a base radius + the longest step ("dirty" otherwise) takes its standing and edges from the shared
    graph, which computes them once for every Table of the map; dirty nodes are computed here."""

    def __init__(self, table: "Table", radius: float, shared: "_Lattice | None" = None):
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
        self.shared = shared
        self.dirty = bytearray(n)  # 1: a closed door is near, the node is not the shared graph's
        self.doors_near: list = [None] * n  # the closed doors near a dirty node (frozenset of door ids)
        self.overlay: dict = {}  # on a shared graph: (doors near, node) -> {"z": z, rule: edges} for the nodes
        # near closed doors, computed by whichever Table first had those doors closed, for every other one
        self.z: list = [False] * n if shared is None else list(shared.z)  # False = not computed, None = no
        # standing there, else elevation
        self.near: list = [None] * n  # terrain near a node: list of (shape, distance, gradient)
        self.edges: dict[MoveRule, list] = {}  # terrain rule -> per node [(v, cost, climbs)]
        self.cross: dict = {}  # (lower node, higher node) -> Table._terrain_cross result (same both ways)
        self.links: dict = {}  # ("start"/"goal", x, y, z, radius, rule) -> terrain steps to or from the point
        self.xys = shared.xys if shared is not None else [
            (self.off + (u % self.nx) * self.step, self.off + (u // self.nx) * self.step) for u in range(n)]
        if shared is not None:
            for did, a, b in table._closed_door_segments():
                self._mark_dirty(did, a, b)
        self.edge_table(CORE_MOVE)

    def _region(self, a, b):
        """Nodes whose standing or steps could involve the segment a-b: within radius + the longest step."""
        ext = (self.r if not self.grid else SQUARE) + self.reach_len + EPS
        step, off = self.step, self.off
        i0 = max(0, int(math.floor((min(a[0], b[0]) - ext - off) / step)))
        i1 = min(self.nx - 1, int(math.ceil((max(a[0], b[0]) + ext - off) / step)))
        j0 = max(0, int(math.floor((min(a[1], b[1]) - ext - off) / step)))
        j1 = min(self.ny - 1, int(math.ceil((max(a[1], b[1]) + ext - off) / step)))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                x, y = off + i * step, off + j * step
                if seg_point_dist(a[0], a[1], b[0], b[1], x, y) <= ext:
                    yield j * self.nx + i

    def _mark_dirty(self, did, a, b, only=None) -> None:
        for u in self._region(a, b):
            if only is None or u in only:
                self.dirty[u] = 1
                self.z[u] = False
                self.doors_near[u] = (self.doors_near[u] or frozenset()) | {did}

    def forget_near(self, a, b) -> None:
        """Drop what was computed for nodes whose standing or steps could involve the segment a-b (a door
        that opened or closed): nodes within radius + the longest step of it. With a shared graph, those
        nodes are dirty again exactly when a closed door is near them."""
        dropped = set(self._region(a, b))
        closed = self.t._closed_door_segments() if self.shared is not None else ()
        for u in dropped:
            self.z[u] = False
            self.near[u] = None
            for tab in self.edges.values():
                tab[u] = None
            self.dirty[u] = 0
            self.doors_near[u] = None
        for did, ca, cb in closed:
            self._mark_dirty(did, ca, cb, dropped)
        if dropped and self.cross:
            self.cross = {k: v for k, v in self.cross.items() if k[0] not in dropped and k[1] not in dropped}
        if dropped:
            self.links.clear()

    def _cross(self, u, v, p, r, shapes):
        key = (u, v) if u < v else (v, u)
        got = self.cross.get(key, self)
        if got is self:
            got = self.t._terrain_cross(p, self.xy(v), r, shapes)
            self.cross[key] = got
        return got

    def cellkeys(self) -> list:
        """The CELL-sized cell of every node (the hash of bases in movement.py)."""
        keys = getattr(self, "_cellkeys", None)
        if keys is None:
            if self.shared is not None:
                keys = self._cellkeys = self.shared.cellkeys()
            else:
                keys = self._cellkeys = [(int(x // CELL), int(y // CELL)) for x, y in self.xys]
        return keys

    def xy(self, u: int) -> tuple[float, float]:
        return self.xys[u]

    def node_at(self, x: float, y: float) -> int | None:
        i = (x - self.off) / self.step
        j = (y - self.off) / self.step
        ri, rj = round(i), round(j)
        if abs(i - ri) > 1e-6 or abs(j - rj) > 1e-6 or not (0 <= ri < self.nx and 0 <= rj < self.ny):
            return None
        return rj * self.nx + ri

    def nodes_within(self, px: float, py: float, ext: float) -> list:
        """[(node, its point, its distance)] of every node within `ext` of (px, py), row by row: the nodes a step
        from or to that point can link (movement._terrain_links, goal_links)."""
        step, nx = self.step, self.nx
        hypot = math.hypot
        i0, i1 = max(0, int(math.floor((px - ext) / step))), min(nx - 1, int(math.ceil((px + ext) / step)))
        j0, j1 = max(0, int(math.floor((py - ext) / step))), min(self.ny - 1, int(math.ceil((py + ext) / step)))
        out = []
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                q = (i * step, j * step)
                d = hypot(q[0] - px, q[1] - py)
                if d <= ext + EPS:
                    out.append((j * nx + i, q, d))
        return out

    def zof(self, u: int):
        z = self.z[u]
        if z is False:
            z = self._compute_node(u)
        return z

    def _compute_node(self, u: int):
        if self.shared is not None:
            if not self.dirty[u]:
                z = self.z[u] = self.shared.zof(u)
                return z
            ov = self._overlay(u)
            if "z" in ov:
                z = self.z[u] = ov["z"]
                return z
            z = ov["z"] = self._node_here(u)
            return z
        return self._node_here(u)

    def _overlay(self, u: int) -> dict:
        key = (self.doors_near[u], u)
        ov = self.shared.overlay.get(key)
        if ov is None:
            ov = self.shared.overlay[key] = {}
        return ov

    def _node_here(self, u: int):
        """Standing (z) and the terrain near a node, from this Table's Space."""
        x, y = self.xy(u)
        t = self.t
        if self.grid:
            z = t._surface_top(x, y) if not t._q.any_near((x, y), SQUARE / 2 - 0.1, MOVE_FILTER) else None
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
        """The per-node edge lists of a terrain rule (None = not computed yet). With a shared graph it starts
        as a copy of the shared table (the lists themselves are shared: they are never changed in place)."""
        tab = self.edges.get(rule)
        if tab is None:
            if self.shared is None:
                tab = [None] * (self.nx * self.ny)
            else:
                tab = list(self.shared.edge_table(rule))
                for u, d in enumerate(self.dirty):
                    if d:
                        tab[u] = None
            self.edges[rule] = tab
        return tab

    def out_edges(self, u: int, rule: MoveRule = CORE_MOVE):
        tab = self.edges.get(rule) or self.edge_table(rule)
        e = tab[u]
        if e is None:
            e = tab[u] = self._compute_edges(u, rule)
        return e

    def _compute_edges(self, u: int, rule: MoveRule = CORE_MOVE):
        if self.shared is None:
            return self._edges_here(u, rule)
        if not self.dirty[u]:
            return self.shared.out_edges(u, rule)
        ov = self._overlay(u)
        got = ov.get(rule)
        if got is None:
            if self.near[u] is None and self.zof(u) is not None:
                self._node_here(u)  # the standing came from the overlay: the terrain near it is needed here
            got = ov[rule] = self._edges_here(u, rule)
        return got

    def _edges_here(self, u: int, rule: MoveRule):
        """The out-edges of a node under a terrain rule, from this Table's Space."""
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
        core = self.edge_table(CORE_MOVE)
        base = core[u]
        if base is None:
            base = core[u] = self._compute_edges(u, CORE_MOVE)
        if not base:
            return base
        p, z = self.xy(u), self.zof(u)
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



# ---------------------------------------------------------------------------------------------- shared graphs
GRAPH_CACHE_SIZE = 16  # (map, measure, base radius) graphs kept; a game uses a few at a time
_GRAPHS: "OrderedDict[tuple, _Lattice]" = OrderedDict()
_TERRAIN_TABLES: dict = {}  # (terrain key, measure) -> the private Table the shared graphs are built on


def terrain_key(battlefield) -> tuple:
    """What the movement graph depends on: the table's size and its terrain (doors by geometry only)."""
    bf = battlefield
    return (bf.width, bf.height, bf.walls, bf.low_walls, bf.platforms,
            tuple((d.id, d.a, d.b, d.height, d.base) for d in bf.doors), bf.ladders)


def shared_lattice(table, radius: float) -> _Lattice:
    """The shared graph of this table's terrain, measure and base radius, built (lazily) on a private Table
    of the same terrain with every door open."""
    grid = table.measure == "grid"
    tkey = (table.terrain_key, table.measure)
    key = (tkey, 0.0 if grid else radius)
    lat = _GRAPHS.get(key)
    if lat is not None:
        _GRAPHS.move_to_end(key)
        return lat
    private = _TERRAIN_TABLES.get(tkey)
    if private is None:
        bf = table.battlefield
        opened = dataclasses.replace(bf, doors=tuple(dataclasses.replace(d, open=True) for d in bf.doors))
        private = _TERRAIN_TABLES[tkey] = type(table)(opened, table.measure, share_graph=False)
        for x, y, r in table._clearings:  # the terrain a collapse took away, gone here too
            private.clear_terrain(x, y, r)
        _PRIVATE_TABLES.add(private)
    lat = _GRAPHS[key] = _Lattice(private, radius)
    while len(_GRAPHS) > GRAPH_CACHE_SIZE:
        (old_tkey, _), _ = _GRAPHS.popitem(last=False)
        if not any(k[0] == old_tkey for k in _GRAPHS):
            _TERRAIN_TABLES.pop(old_tkey, None)  # no close(): a live Table may still read its graph
    return lat


def clear_graph_cache() -> None:
    """Forget every shared movement graph (benchmarks measuring a cold start; tests). Tables already using
    one keep it (their private Table stays open until they are gone, or the interpreter exits)."""
    _GRAPHS.clear()
    _TERRAIN_TABLES.clear()


def _close_private_tables() -> None:
    for t in list(_PRIVATE_TABLES):
        t.close()


_PRIVATE_TABLES = weakref.WeakSet()  # every private Table made, to close at exit
atexit.register(_close_private_tables)  # pymunk Spaces left to interpreter shutdown may crash it
