"""Walking distance to a set of bases over the whole table: a distance field on the movement graph.

`walking_field(table, goals, radius, rule)` answers, for every lattice spot a base of `radius` moving by `rule` can
stand on, the inches it must walk to end Adjacent to the nearest goal base (terrain and doors as they are now; other
bases are left out: they move, and a search around them is the mover's own reach). One search over the whole graph,
run backwards from the goals, however long the way round a wall is. Computer players ask it once and read it for
every unit of that base size: `field.at(x, y, z)`.
"""
from __future__ import annotations

import heapq
import math
import weakref

from .model import CORE_MOVE, Base, MoveRule
from .terrain import ZTOL

_INF = math.inf
# the reversed edges of each lattice and terrain rule, with the doors they were built for
_REVERSED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class WalkField:
    """Inches from each lattice spot to the nearest goal (math.inf: no way there)."""

    def __init__(self, lat, dist: list[float]) -> None:
        self._lat = lat
        self.dist = dist

    def node(self, x: float, y: float, z: float) -> int | None:
        lat = self._lat
        u = lat.node_at(x, y)
        if u is None:
            return None
        zu = lat.zof(u)
        return u if zu is not None and abs(zu - z) <= ZTOL else None

    def at(self, x: float, y: float, z: float) -> float:
        """The walking distance from a spot (a lattice spot exactly; any other point: the nearest spots around it
        on its level, plus the straight way to them)."""
        lat = self._lat
        fi = (x - lat.off) / lat.step
        fj = (y - lat.off) / lat.step
        i, j = round(fi), round(fj)
        if abs(fi - i) <= 1e-6 and abs(fj - j) <= 1e-6 and 0 <= i < lat.nx and 0 <= j < lat.ny:
            u = j * lat.nx + i
            zu = lat.z[u]
            if zu is False:
                zu = lat.zof(u)
            if zu is not None and abs(zu - z) <= ZTOL:
                return self.dist[u]
        step = lat.step
        i0 = int(math.floor((x - lat.off) / step))
        j0 = int(math.floor((y - lat.off) / step))
        best = _INF
        for j in range(j0, j0 + 2):
            for i in range(i0, i0 + 2):
                if not (0 <= i < lat.nx and 0 <= j < lat.ny):
                    continue
                v = j * lat.nx + i
                zv = lat.zof(v)
                if zv is None or abs(zv - z) > ZTOL:
                    continue
                vx, vy = lat.xy(v)
                best = min(best, self.dist[v] + math.hypot(vx - x, vy - y))
        return best


def _doors_key(table) -> tuple:
    return tuple(sorted(table.doors_open.items()))


def _reversed_edges(table, lat, rule: MoveRule) -> list:
    """For each node, the nodes that step into it with the step's cost (built once per lattice, rule and doors)."""
    per_lat = _REVERSED.setdefault(lat, {})
    key = _doors_key(table)
    got = per_lat.get(rule)
    if got is not None and got[0] == key:
        return got[1]
    n = lat.nx * lat.ny
    rev: list[list] = [[] for _ in range(n)]
    out = lat.out_edges
    for u in range(n):
        if lat.zof(u) is None:
            continue
        for v, c, _ in out(u, rule):
            rev[v].append((u, c))
    per_lat[rule] = (key, rev)
    return rev


def walking_field(table, goals: list[Base], radius: float, rule: MoveRule = CORE_MOVE,
                  areas: tuple = ()) -> WalkField:
    """The field of walking distances to the nearest of `goals` (inches) for a base of `radius` moving by `rule`:
    a spot from which the base is Adjacent to a goal (R15: within 1", no wall between, same level) is 0, and so is
    a spot inside one of `areas` (x0, y0, x1, y1: a zone to stand in)."""
    lat = table._lattice(radius)
    rule = rule.terrain
    rev = _reversed_edges(table, lat, rule)
    n = lat.nx * lat.ny
    dist = [_INF] * n
    heap: list = []
    step = lat.step
    for x0, y0, x1, y1 in areas:
        i0, i1 = max(0, int(math.ceil((x0 - lat.off) / step - 1e-9))), min(lat.nx - 1, int((x1 - lat.off) / step + 1e-9))
        j0, j1 = max(0, int(math.ceil((y0 - lat.off) / step - 1e-9))), min(lat.ny - 1, int((y1 - lat.off) / step + 1e-9))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                u = j * lat.nx + i
                if dist[u] != 0.0 and lat.zof(u) is not None:
                    dist[u] = 0.0
                    heap.append((0.0, u))
    for g in goals:
        reach = radius + g.radius + 1.0 + (step if table.measure == "grid" else 0.0)
        i0 = max(0, int(math.floor((g.x - reach - lat.off) / step)))
        i1 = min(lat.nx - 1, int(math.ceil((g.x + reach - lat.off) / step)))
        j0 = max(0, int(math.floor((g.y - reach - lat.off) / step)))
        j1 = min(lat.ny - 1, int(math.ceil((g.y + reach - lat.off) / step)))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                u = j * lat.nx + i
                if dist[u] == 0.0:
                    continue
                z = lat.zof(u)
                if z is None:
                    continue
                x, y = lat.xy(u)
                if math.hypot(x - g.x, y - g.y) > reach + 1e-6:
                    continue
                if table.adjacent(Base(uid=-31, side="field", x=x, y=y, z=z, radius=radius), g):
                    dist[u] = 0.0
                    heap.append((0.0, u))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, v = pop(heap)
        if d > dist[v]:
            continue
        for u, c in rev[v]:
            nd = d + c
            if nd < dist[u]:
                dist[u] = nd
                push(heap, (nd, u))
    return WalkField(lat, dist)


def beside_terrain(table, radius: float, x: float, y: float) -> bool:
    """Whether terrain stands within a step of a base of `radius` at the lattice spot (x, y): where Cover and
    blocked sight are to be found (the movement graph keeps what is near each spot)."""
    lat = table._lattice(radius)
    u = lat.node_at(x, y)
    if u is None or lat.zof(u) is None:
        return False
    owner = lat.shared if lat.shared is not None and not lat.dirty[u] else lat
    near = owner.near[u]
    return bool(near)
