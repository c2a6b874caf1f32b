"""Walking distance to a set of bases over the whole table: a distance field on the movement graph.

`walking_field(table, goals, radius, rule)` answers, for every lattice spot a base of `radius` moving by `rule` can
stand on, the inches it must walk to end Adjacent to the nearest goal base (terrain and doors as they are now; other
bases are left out: they move, and a search around them is the mover's own reach). One search over the whole graph,
run backwards from the goals, however long the way round a wall is. Computer players ask it once and read it for
every unit of that base size: `field.at(x, y, z)`.
"""
from __future__ import annotations

import math
import time
import weakref
from collections import OrderedDict
from itertools import islice

from . import search

from .model import CORE_MOVE, Base, MoveRule
from .terrain import EPS, SAME_LEVEL, ZTOL

_INF = math.inf
# Both caches below are keyed by the graph a Table's lattice reads (the map's shared graph when it has one: the same
# for every Table of that terrain, measure and base radius), the terrain rule and the doors as they stand: a Table's
# own lattice differs from the shared graph only near closed doors, and the same doors give the same nodes there.
REVERSED_KEPT = 8  # reversed graphs kept per graph (door states and rules)
FIELDS_KEPT = 48  # walking fields kept per graph (goals, door states, rules)
# graph -> {(terrain rule, doors): for each node, the nodes that step into it with the step's cost}
_REVERSED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
# graph -> {(rule, doors, radius, goals, areas): the distances of that field}
_FIELDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
# graph -> {the same keys: a field's spread begun inside `search.sliced` and stopped at a slice's end}
_BEGUN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
# graph -> {(terrain rule, doors): a reversed graph's building begun inside `search.sliced`, stopped at a slice's end}
_BUILDING: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
BEGUN_KEPT = 8
CHECK_EVERY = 256  # nodes spread between looks at the clock
BUILD_CHECK_EVERY = 32  # nodes of a reversed graph built between looks (a node's steps may be worked out first)


class WalkField:
    """Inches from each lattice spot to the nearest goal (math.inf: no way there)."""

    def __init__(self, lat, dist: list[float]) -> None:
        self._lat = lat
        self.dist = dist
        self._asked: dict = {}  # (x, y, z) -> at()'s answer (the distances never change): computer players ask
        # about the same spots again and again

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
        key = (x, y, z)
        got = self._asked.get(key)
        if got is None:
            if len(self._asked) >= 4096:
                self._asked.clear()
            got = self._asked[key] = self._at(x, y, z)
        return got

    def _at(self, x: float, y: float, z: float) -> float:
        dist = self.dist
        return min((dist[v] if h is None else dist[v] + h for v, h in nodes_around(self._lat, x, y, z)),
                   default=_INF)


def nodes_around(lat, x: float, y: float, z: float) -> list:
    """The lattice nodes a field reads for a spot, with the straight way to each: [(node, inches)]; a lattice spot
    exactly: [(its node, None)]; any other point: the nodes around it on its level."""
    fi = (x - lat.off) / lat.step
    fj = (y - lat.off) / lat.step
    i, j = round(fi), round(fj)
    if abs(fi - i) <= 1e-6 and abs(fj - j) <= 1e-6 and 0 <= i < lat.nx and 0 <= j < lat.ny:
        u = j * lat.nx + i
        zu = lat.z[u]
        if zu is False:
            zu = lat.zof(u)
        if zu is not None and abs(zu - z) <= ZTOL:
            return [(u, None)]
    step = lat.step
    i0 = int(math.floor((x - lat.off) / step))
    j0 = int(math.floor((y - lat.off) / step))
    out = []
    for j in range(j0, j0 + 2):
        for i in range(i0, i0 + 2):
            if not (0 <= i < lat.nx and 0 <= j < lat.ny):
                continue
            v = j * lat.nx + i
            zv = lat.zof(v)
            if zv is None or abs(zv - z) > ZTOL:
                continue
            vx, vy = lat.xy(v)
            out.append((v, math.hypot(vx - x, vy - y)))
    return out


class NearField:
    """A walking field (walking_field's distances) spread only as far as the questions asked of it need: at() is
    exact below `limit`; a spot farther than that gets a finite number at least `limit` (a way longer than that),
    or math.inf (no way there, as walking_field says). For a reader that only cares how near a goal is: the spread
    stops where the farthest spot asked lies, not at the far end of the table."""

    def __init__(self, lat, run: "_Spread", limit: float) -> None:
        self._lat = lat
        self._run = run
        self.limit = limit
        self._asked: dict = {}

    def at(self, x: float, y: float, z: float) -> float:
        """As WalkField.at below `limit`. Asked inside `search.sliced`, the spread it needs stops at the slice's end
        (raising search.SearchPaused) and goes on where it stopped when asked again."""
        key = (x, y, z)
        got = self._asked.get(key)
        if got is None:
            got = self._at(nodes_around(self._lat, x, y, z))
            if len(self._asked) >= 4096:
                self._asked.clear()
            self._asked[key] = got
        return got

    def _at(self, around: list) -> float:
        run, dist = self._run, self._run.dist
        while True:
            below = run.final_below()
            best = spread = _INF  # the least of the final distances (+ the way to them), of the others as spread so far
            waiting = False
            for v, h in around:
                d = dist[v]
                if d < below:
                    d = d if h is None else d + h
                    if d < best:
                        best = d
                else:
                    waiting = True
                    if d < _INF:
                        d = d if h is None else d + h
                        if d < spread:
                            spread = d
            if not waiting or best <= below:
                return best  # (a node not final is at least `below` away: it cannot come nearer)
            if below >= self.limit:
                if best < _INF or spread < _INF:
                    return min(best, spread)  # at least `limit`, and a way there
                upto = None  # no node met yet: whether there is a way at all takes the whole spread
            else:
                upto = run.k + 1
            deadline = search.pause_at()
            if not run.advance(deadline, upto) or deadline is not None and time.perf_counter() >= deadline:
                raise search.SearchPaused  # (a band is often shorter than CHECK_EVERY nodes: the clock between them)


def near_field(table, goals: list[Base], radius: float, rule: MoveRule = CORE_MOVE, limit: float = 24.0) -> NearField:
    """walking_field's distances to the nearest of `goals`, exact below `limit` (NearField): seeded now, spread
    only as far as the questions asked of it need. Asked inside `search.sliced`, the building of the reversed graph
    stops at the slice's end as walking_field's does."""
    lat = table._lattice(radius)
    return NearField(lat, _field(table, lat, goals, radius, rule.terrain, ()), limit)


def _doors_key(table) -> tuple:
    return tuple(sorted(table.doors_open.items()))


def _graph_of(lat):
    """The graph whose answers a Table's lattice gives: the shared one of its map, or its own."""
    return lat.shared if lat.shared is not None else lat


def _kept(cache: "weakref.WeakKeyDictionary", lat) -> OrderedDict:
    got = cache.get(_graph_of(lat))
    if got is None:
        got = cache[_graph_of(lat)] = OrderedDict()
    return got


def _reversed_edges(table, lat, rule: MoveRule) -> tuple[list, float]:
    """For each node, the nodes that step into it with the step's cost, and the cheapest step of all (built once per
    graph, rule and doors, for every Table of the map). Asked inside `search.sliced`, the building stops at the
    slice's end (raising search.SearchPaused) and goes on from the node it stopped at when asked again: the same
    lists, in the same order, as built whole."""
    per_graph = _kept(_REVERSED, lat)
    key = (rule, _doors_key(table))
    got = per_graph.get(key)
    if got is not None:
        per_graph.move_to_end(key)
        return got
    n = lat.nx * lat.ny
    building = _kept(_BUILDING, lat)
    run = building.get(key)
    if run is None:
        run = building[key] = [[[] for _ in range(n)], _INF, 0]  # the lists, the cheapest step, the next node
        while len(building) > BEGUN_KEPT:
            building.popitem(last=False)
    rev, cheapest, first = run
    out = lat.out_edges
    deadline = search.pause_at()
    clock = time.perf_counter
    for u in range(first, n):
        if deadline is not None and u > first and not (u - first) % BUILD_CHECK_EVERY and clock() >= deadline:
            run[1], run[2] = cheapest, u
            raise search.SearchPaused
        if lat.zof(u) is None:
            continue
        for v, c, _ in out(u, rule):
            rev[v].append((u, c))
            if c < cheapest:
                cheapest = c
    building.pop(key, None)
    got = per_graph[key] = (rev, cheapest)
    while len(per_graph) > REVERSED_KEPT:
        per_graph.popitem(last=False)
    return got


def walking_field(table, goals: list[Base], radius: float, rule: MoveRule = CORE_MOVE,
                  areas: tuple = ()) -> WalkField:
    """The field of walking distances to the nearest of `goals` (inches) for a base of `radius` moving by `rule`:
    a spot from which the base is Adjacent to a goal (R15: within 1", no wall between, same level) is 0, and so is
    a spot inside one of `areas` (x0, y0, x1, y1: a zone to stand in).

    The same field asked again on any Table of the map, with the doors as they were, is the one worked out before.
    Asked inside `search.sliced` (a slice of the screen's work), its spread stops at the slice's end (raising
    search.SearchPaused) and goes on where it stopped when asked again: the same distances as spread whole."""
    lat = table._lattice(radius)
    rule = rule.terrain
    kept = _kept(_FIELDS, lat)
    key = (rule, _doors_key(table), radius, tuple((g.x, g.y, g.z, g.radius) for g in goals), tuple(areas))
    dist = kept.get(key)
    if dist is None:
        begun = _kept(_BEGUN, lat)
        run = begun.get(key)
        if run is None:
            run = _field(table, lat, goals, radius, rule, areas)
            if search.pause_at() is not None:
                begun[key] = run
                while len(begun) > BEGUN_KEPT:
                    begun.popitem(last=False)
        if not run.advance(search.pause_at()):
            raise search.SearchPaused
        begun.pop(key, None)
        dist = kept[key] = run.dist
        while len(kept) > FIELDS_KEPT:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return WalkField(lat, dist)


def _field(table, lat, goals: list[Base], radius: float, rule: MoveRule, areas: tuple) -> "_Spread":
    """The field's spread, seeded (not yet spread)."""
    rev, cheapest = _reversed_edges(table, lat, rule)
    n = lat.nx * lat.ny
    dist = [_INF] * n
    seeds: list = []
    step = lat.step
    for x0, y0, x1, y1 in areas:
        i0, i1 = max(0, int(math.ceil((x0 - lat.off) / step - 1e-9))), min(lat.nx - 1, int((x1 - lat.off) / step + 1e-9))
        j0, j1 = max(0, int(math.ceil((y0 - lat.off) / step - 1e-9))), min(lat.ny - 1, int((y1 - lat.off) / step + 1e-9))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                u = j * lat.nx + i
                if dist[u] != 0.0 and lat.zof(u) is not None:
                    dist[u] = 0.0
                    seeds.append(u)
    grid = table.measure == "grid"
    level = SAME_LEVEL + EPS
    for g in goals:
        reach = radius + g.radius + 1.0 + (step if grid else 0.0)
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
                if not grid and g.uid != -31:  # (Table.adjacent's test, without a Base made for each spot)
                    if abs(z - g.z) > level or not table._adjacent_at(x, y, radius, g):
                        continue
                elif not table.adjacent(Base(uid=-31, side="field", x=x, y=y, z=z, radius=radius), g):
                    continue
                dist[u] = 0.0
                seeds.append(u)
    return _Spread(rev, dist, seeds, cheapest)


def _spread(rev: list, dist: list, seeds: list, cheapest: float) -> list:
    """The distances from the seeds (dist 0) over the reversed steps, into `dist` (spread whole)."""
    run = _Spread(rev, dist, seeds, cheapest)
    run.advance(None)
    return run.dist


class _Spread:
    """The distances from the seeds (dist 0) over the reversed steps, into `dist`, spread by `advance` until done or
    until a deadline (then it goes on where it stopped).

    Nodes are taken in bands as wide as the cheapest step (a node's distance is final once every band below its own
    is done: whatever it could still be reached from is in a later band), and within a band in any order, a node
    taken again whenever its distance falls. The result is the least sum over every way of adding the steps up from
    the seeds: the very numbers a Dijkstra search with a heap gives (tests/battlefield/test_field_cache.py), with
    no heap to keep; where it stopped makes no difference to the order nodes are taken in."""

    __slots__ = ("rev", "dist", "inv", "width", "bands", "done", "k", "i")

    def __init__(self, rev: list, dist: list, seeds: list, cheapest: float) -> None:
        if not cheapest > 0.0 or cheapest == _INF:
            cheapest = 1.0  # (no step, or a free one: the bands only order the work, any width gives the same numbers)
        self.rev, self.dist = rev, dist
        self.width = cheapest
        self.inv = 1.0 / cheapest
        self.bands: list = [list(seeds)]
        self.done = [-1.0] * len(dist)  # the distance each node last spread from
        self.k = 0  # the band being walked
        self.i = 0  # the next node of it

    def final_below(self) -> float:
        """Every distance below this is final, and a node not spread yet, or spread further, is at least this far:
        every band below the one being walked is done (a hair short of its lower edge, so the rounding of a
        distance into its band cannot have put one below it into the band still to walk)."""
        return _INF if self.k >= len(self.bands) else (self.k - 1e-6) * self.width

    def advance(self, deadline: float | None, upto: int | None = None) -> bool:
        """Spread until done or, given `upto`, until every band below that one is done (True), or until, every
        CHECK_EVERY nodes, time.perf_counter() is past `deadline` (False)."""
        if deadline is None:
            return self._advance_whole(upto)
        rev, dist, inv, bands, done = self.rev, self.dist, self.inv, self.bands, self.done
        k, i = self.k, self.i
        clock = time.perf_counter
        left = CHECK_EVERY if deadline is not None else -1
        last = _INF if upto is None else upto
        while k < len(bands) and k < last:
            band = bands[k]
            while i < len(band):  # (the band grows while it is walked: a node put back into it is taken again)
                if left == 0:
                    if clock() >= deadline:
                        self.k, self.i = k, i
                        return False
                    left = CHECK_EVERY
                left -= 1
                v = band[i]
                i += 1
                d = dist[v]
                if done[v] == d:
                    continue
                done[v] = d
                for u, c in rev[v]:
                    nd = d + c
                    if nd < dist[u]:
                        dist[u] = nd
                        b = int(nd * inv)
                        if b <= k:
                            band.append(u)
                        else:
                            while b >= len(bands):
                                bands.append([])
                            bands[b].append(u)
            bands[k] = None
            k += 1
            i = 0
        self.k, self.i = k, i
        return True

    def _advance_whole(self, upto: int | None) -> bool:
        """advance without a deadline: the same steps in the same order, with no clock to look at (a band is walked
        by its iterator, which takes the nodes put back into it while it is walked, as the index does)."""
        rev, dist, inv, bands, done = self.rev, self.dist, self.inv, self.bands, self.done
        k, i = self.k, self.i
        last = _INF if upto is None else upto
        while k < len(bands) and k < last:
            band = bands[k]
            push = band.append
            for v in (islice(band, i, None) if i else band):
                d = dist[v]
                if done[v] == d:
                    continue
                done[v] = d
                for u, c in rev[v]:
                    nd = d + c
                    if nd < dist[u]:
                        dist[u] = nd
                        b = int(nd * inv)
                        if b <= k:
                            push(u)
                        else:
                            while b >= len(bands):
                                bands.append([])
                            bands[b].append(u)
            bands[k] = None
            k += 1
            i = 0
        self.k, self.i = k, i
        return True


def clear_field_cache() -> None:
    """Forget every walking field and reversed graph worked out (benchmarks measuring a cold start; tests)."""
    _FIELDS.clear()
    _REVERSED.clear()
    _BEGUN.clear()
    _BUILDING.clear()


_BESIDE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # lattice -> {doors: {(x, y): beside_terrain}}


def besides(table, radius: float):
    """beside_terrain for bases of `radius` as a function of (x, y), its answers kept for the terrain and the doors as
    they stand (a computer player asks it for every spot of each reach)."""
    lat = table._lattice(radius)
    per = _BESIDE.get(lat)
    if per is None:
        per = _BESIDE[lat] = {}
    doors = _doors_key(table)
    known = per.get(doors)
    if known is None:
        known = per[doors] = {}

    def beside(x: float, y: float) -> bool:
        got = known.get((x, y))
        if got is None:
            got = known[(x, y)] = beside_terrain(table, radius, x, y)
        return got
    return beside


def beside_terrain(table, radius: float, x: float, y: float) -> bool:
    """Whether terrain stands within a step of a base of `radius` at the lattice spot (x, y): where Cover and
    blocked sight are to be found (the movement graph keeps what is near each spot)."""
    lat = table._lattice(radius)
    u = lat.node_at(x, y)
    if u is None or lat.zof(u) is None:
        return False
    owner = lat.shared if lat.shared is not None and not lat.dirty[u] else lat
    near = owner.near[u]
    if near is None:  # a node near a closed door whose standing came from the shared graph (another Table's work)
        owner._node_here(u)
        near = owner.near[u]
    return bool(near)
