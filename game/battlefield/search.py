"""The movement search that can stop and go on (R13): Dijkstra from a mover's base over the lattice, run whole or a
few pops at a time (`SearchRun`), and the slices of work it may stop in: a question asked through `sliced` inside a
`work_slice(end)` has its search stop at the slice's end and go on where it stopped when asked again in the next
slice; the same answer as a search run whole (tests/battlefield/test_search_exact.py). The table's side of a search
(its steps, the bases it meets, the searches kept) is movement.py's."""
from __future__ import annotations

import heapq
import math
import time

from .model import Base
from .terrain import EPS

INF = float("inf")


class SearchPaused(Exception):
    """A movement search asked inside `sliced` ran out of its slice's time: it is kept where it stopped, and the same
    question asked again (in a later slice) goes on from there."""


_slice_end: float | None = None  # when the current slice of work ends (perf_counter), None: no slice (run whole)
_pause_at: float | None = None  # the same, while a search may pause at it (inside `sliced` only)
CHECK_EVERY = 64  # nodes a search pops between looks at the clock (a few tenths of a millisecond)


class work_slice:
    """`with work_slice(end):` a slice of work that should end at `end` (time.perf_counter()); searches asked
    through `sliced` inside it stop there and go on in the next slice. Nests (the inner end wins, then the outer
    comes back)."""

    def __init__(self, end: float | None) -> None:
        self.end = end

    def __enter__(self):
        global _slice_end
        self.outer = _slice_end
        _slice_end = self.end
        return self

    def __exit__(self, *exc) -> None:
        global _slice_end
        _slice_end = self.outer


def sliced(ask, note=None):
    """Generator: `ask()` (a question of the match or the table) with its movement searches allowed to stop at the
    end of the current slice (`work_slice`): each time one stops it yields `note` (the caller's slice ends there) and,
    when resumed, asks again (the search goes on where it stopped); returns the answer. Outside a slice, or for a
    question that needs no new search, the answer comes in the first call: the same answer either way.

        opts = yield from sliced(lambda: match.move_options(uid, MOVE))
    """
    global _pause_at
    while True:
        outer = _pause_at
        _pause_at = _slice_end
        try:
            return ask()
        except SearchPaused:
            pass
        finally:
            _pause_at = outer
        yield note


def pause_at() -> float | None:
    """When a search asked now must stop (time.perf_counter()): the slice's end inside `sliced`, else None (run
    whole)."""
    return _pause_at


class SearchRun:
    """A movement search that can stop and go on: `advance()` pops nodes until the search is done (True; `state`
    holds it) or the deadline / the number of pops given is reached (False). Wherever it is cut, it ends with the
    very state of a search run whole (tests/battlefield/test_search_exact.py cuts it at every pop)."""

    __slots__ = ("table", "mover", "budget", "lat", "bl", "start", "dist", "prev", "kind", "heap", "settled",
                 "state")

    def __init__(self, table, mover: Base, budget: float, bl=None) -> None:
        """bl: table._blocking's answer for this search, when the caller has it."""
        self.table, self.mover, self.budget = table, mover, budget
        lat = self.lat = table._lattice(mover.radius)
        bl = self.bl = bl if bl is not None else table._blocking(mover, lat, budget)
        sx, sy = table.snap(mover.x, mover.y)
        sz = mover.z
        self.start = (sx, sy, sz)
        n = lat.nx * lat.ny
        dist = self.dist = [INF] * n
        for u in bl.pass_blocked:
            dist[u] = -1.0  # never entered (put back to INF at the end): one comparison in the loop instead of two
        prev = self.prev = [-3] * n  # the node each one was reached from (-1: the exact start, -2: the start square)
        kind = self.kind = [0] * n  # climbs of the step that reached it
        heap = self.heap = []
        self.settled = []  # every node within the budget, in the order it was settled
        self.state = None
        links, start_node = table._start_links(mover, lat, bl, sx, sy, sz)
        if start_node is not None:
            dist[start_node] = 0.0
            prev[start_node] = -2
            heap.append((0.0, start_node))
        lim = budget + EPS
        for u, c, k in links:
            if c <= lim and c < dist[u]:
                dist[u] = c
                prev[u] = -1
                kind[u] = k
                heapq.heappush(heap, (c, u))

    @property
    def done(self) -> bool:
        return self.state is not None

    def advance(self, deadline: float | None = None, pops: int | None = None) -> bool:
        """Pop nodes until the search is done (True) or, having popped at least `pops` (or CHECK_EVERY when a
        deadline is given), time.perf_counter() has passed `deadline` / `pops` were popped (False)."""
        if self.state is not None:
            return True
        lat, bl, dist, prev, kind, heap = self.lat, self.bl, self.dist, self.prev, self.kind, self.heap
        cells = bl.cells
        xys = lat.xys
        lim = self.budget + EPS
        heappush, heappop = heapq.heappush, heapq.heappop
        ckeys = lat.cellkeys() if cells else None
        rule = self.mover.move.terrain
        etab = lat.edge_table(rule)
        compute = lat._compute_edges
        clear_of = self.table._clear_of
        hypot = math.hypot
        clock = time.perf_counter
        reach = lat.reach_len + 1e-3  # (a margin: an enemy farther than R + the longest step cannot be touched)
        settle = self.settled.append
        left = pops if pops is not None else (CHECK_EVERY if deadline is not None else -1)
        # A node is pushed only with a distance lower than its last: the entry whose distance is the node's is
        # its only one, popped once (its settling); later entries are stale.
        while heap:
            if left == 0:
                if pops is not None or clock() >= deadline:
                    return False
                left = CHECK_EVERY
            left -= 1
            g, u = heappop(heap)
            if g > dist[u]:
                continue
            settle(u)
            edges = etab[u]
            if edges is None:
                edges = etab[u] = compute(u, rule)
            dang = cells.get(ckeys[u]) if cells else None
            if dang is not None:
                # only the enemies a step from here can come near (a step is no longer than reach)
                pu = xys[u]
                x, y = pu
                dang = [e for e in dang if hypot(e[0] - x, e[1] - y) < e[2] + reach]
            if not dang:
                for v, c, k in edges:
                    nd = g + c
                    if nd < dist[v] and nd <= lim:
                        dist[v] = nd
                        prev[v] = u
                        kind[v] = k
                        heappush(heap, (nd, v))
            else:
                for v, c, k in edges:
                    nd = g + c
                    if nd < dist[v] and nd <= lim and clear_of(pu, xys[v], dang):
                        dist[v] = nd
                        prev[v] = u
                        kind[v] = k
                        heappush(heap, (nd, v))
        for u in bl.pass_blocked:
            if dist[u] == -1.0:
                dist[u] = INF
        self.state = (lat, bl, dist, (prev, kind), self.start, self.settled)
        self.heap = None
        return True
