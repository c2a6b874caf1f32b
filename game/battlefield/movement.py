"""Movement on the table (R13, R14, B8-B14, B21): steps, the bases' effect on a search, the searches kept, paths and
reach. The search itself, which can stop and go on in slices of work, is search.py's; the answers kept for every Table
of the map search_memo.py's; the free spots next to a base spots_near.py's."""
from __future__ import annotations

import math

from . import search_memo
from .goal_links import best_goal_link
from .lattice import CELL as _CELL
from .lattice import _Lattice, shared_lattice
from .model import CORE_MOVE, Base, MoveRule, Path, Reach
from .search import SearchPaused, SearchRun, pause_at
from .spots_near import TableSpotsNear
from .terrain import (ADJ_GAP, EPS, MOVE_FILTER, SAME_LEVEL, SQUARE, ZTOL, _WALK, climb_cost,
                      grid_climb_cost)


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


class TableMovement(TableSpotsNear):
    """Movement, mixed into Table (uses its Space, terrain info, bases and lattices)."""

    def reset(self, bases=()) -> None:
        """Back to the map as loaded: doors as drawn, no bases but `bases` (set_bases: one standing where it stood
        stays put). The movement lattices built so far are kept (a door put back drops only the nodes around
        it), so a replayed match (undo) starts warm."""
        self.set_bases(bases)
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
            touches = self._q.touches
            touched = [s for s in shapes if touches(s, p, q, r - EPS)]
        if not touched:
            return _WALK
        top = None
        climbable = True
        hits = self._q.hits
        for s in touched:
            h = hits(s, p, q)
            if h is None:
                continue
            info = self._info[s]
            if climbable and not info.climbable_at(h[1], h[2]):
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
            lat = _Lattice(self, radius, shared_lattice(self, radius) if self.share_graph else None)
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
        reach = lat.reach_len
        shapes = self._base_shapes
        if len(shapes) > 4096:
            shapes.clear()
        end_blocked, pass_blocked, cells = bl.end_blocked, bl.pass_blocked, bl.cells
        for b in self._bases.values():
            if b.uid == mover.uid:
                continue
            R = r + b.radius
            if math.hypot(b.x - mover.x, b.y - mover.y) > budget + reach + R + 1.0:
                continue  # nothing the search can touch
            key = (b.x, b.y, R, lat.nx, lat.ny, reach)
            got = shapes.get(key)
            if got is None:
                got = shapes[key] = self._base_shape(lat, b.x, b.y, R)
            disk, cellkeys = got
            end_blocked.update(disk)
            if b.side != mover.side and not (through and b.side != "item"):
                pass_blocked.update(disk)
                e = (b.x, b.y, R)
                bl.enemies.append(e)
                for ck in cellkeys:
                    got = cells.get(ck)
                    if got is None:
                        cells[ck] = [e]
                    else:
                        got.append(e)
        return bl

    @staticmethod
    def _base_shape(lat: _Lattice, x: float, y: float, R: float) -> tuple:
        """What a base at (x, y) does to a search whose bases sum to R with it: the nodes a base there would
        overlap (closer than R), and the CELLs from which a step may pass within R of it."""
        step, nx, ny = lat.step, lat.nx, lat.ny
        ext = R + lat.reach_len
        cellkeys = tuple((ci, cj) for ci in range(int((x - ext) // _CELL), int((x + ext) // _CELL) + 1)
                         for cj in range(int((y - ext) // _CELL), int((y + ext) // _CELL) + 1))
        disk = []
        i0, i1 = max(0, int(math.floor((x - R) / step))), min(nx - 1, int(math.ceil((x + R) / step)))
        j0, j1 = max(0, int(math.floor((y - R) / step))), min(ny - 1, int(math.ceil((y + R) / step)))
        for j in range(j0, j1 + 1):
            dy = j * step - y
            for i in range(i0, i1 + 1):
                if math.hypot(i * step - x, dy) < R - EPS:
                    disk.append(j * nx + i)
        return tuple(disk), cellkeys

    def _enemies_near(self, bl: _Blocking, x, y, ext):
        return [e for e in bl.enemies if math.hypot(e[0] - x, e[1] - y) <= e[2] + ext + EPS]

    @staticmethod
    def _clear_of(p, q, enemies) -> bool:
        """No enemy (x, y, R) closer than R to the segment p-q (geometry.seg_point_dist, inlined: hot)."""
        ax, ay = p
        dx, dy = q[0] - ax, q[1] - ay
        ll = dx * dx + dy * dy
        hypot = math.hypot
        for cx, cy, R in enemies:
            if ll <= 0.0:
                d = hypot(cx - ax, cy - ay)
            else:
                t = ((cx - ax) * dx + (cy - ay) * dy) / ll
                if t < 0.0:
                    t = 0.0
                elif t > 1.0:
                    t = 1.0
                d = hypot(cx - (ax + t * dx), cy - (ay + t * dy))
            if d < R - EPS:
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
        """Edges from the mover's exact position into the lattice. The terrain part is kept in the lattice
        per (position, radius, rule); the bases are applied here."""
        if self._grid:
            i, j = self.square_of(sx, sy)
            return [], j * lat.nx + i
        r = mover.radius
        rule = mover.move
        key = ("start", sx, sy, sz, r, rule)
        terrain = lat.links.get(key)
        if terrain is None:  # (the same for every Table of the map with these doors: search_memo.py)
            mkey = (key, search_memo.doors_key(self))
            terrain = search_memo.recall("start", lat, mkey)
            if terrain is None:
                terrain = self._terrain_links(lat, sx, sy, sz, r, rule, True)
                search_memo.keep("start", lat, mkey, terrain)
            lat.links[key] = terrain
        enemies = self._enemies_near(bl, sx, sy, lat.reach_len)
        pass_blocked, clear_of, p = bl.pass_blocked, self._clear_of, (sx, sy)
        return [(u, c, k) for u, q, c, k in terrain if u not in pass_blocked and clear_of(p, q, enemies)], None

    def _terrain_links(self, lat: _Lattice, px, py, pz, r, rule, outward: bool):
        """[(node, its point, cost, climbs)] of the straight steps (terrain only) between the point and every
        lattice node within the longest step: from the point when outward, else to it."""
        out = []
        ext = lat.reach_len
        p = (px, py)
        # what any of these steps can touch lies within r + ext of the point; a step of length L touches only what
        # lies closer than r + L to it (the capsule it sweeps lies within r - EPS of the segment)
        near = [(h.shape, h.distance) for h in self._space.point_query(p, r + ext, MOVE_FILTER)]
        for u, q, L in lat.nodes_within(px, py, ext):
            zq = lat.zof(u)
            if zq is None:
                continue
            shapes = [s for s, d in near if d < r + L] if near else near
            if not shapes:  # a plain walk (_step_cost's answer with nothing crossed)
                if abs(zq - pz) <= ZTOL:
                    out.append((u, q, L, 0))
                continue
            if outward:
                res = self._terrain_step(p, pz, q, zq, r, shapes, rule)
            else:
                res = self._terrain_step(q, zq, p, pz, r, shapes, rule)
            if res is not None:
                out.append((u, q, res[0], res[1]))
        return out

    def _search(self, mover: Base, budget: float, resumable: bool = False, bl: _Blocking | None = None):
        """Dijkstra from the mover's position over the whole budget. Returns the search state: (lattice,
        blocking, dist, pred = (the node each node was reached from, the climbs of that step), start, settled). Ties
        go to the lower node, so the tree is the same whatever was asked before. `resumable`: the search begun and
        not run (a SearchRun, advanced by its owner; cut anywhere, it ends with the very same state). bl: the
        bases' effect (_blocking), when the caller has it."""
        run = SearchRun(self, mover, budget, bl)
        if resumable:
            return run
        run.advance()
        return run.state

    def _nodes_to_points(self, lat, pred, u, start):
        seq = []
        prevs, kinds = pred
        while True:
            prev, k = prevs[u], kinds[u]
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
                    if self._grid:
                        was = self.adjacent(Base(mover.uid, mover.side, s[0], s[1], s[2], mover.radius), b)
                    else:  # (adjacent() in inches, without building a base for every sample)
                        was = abs(s[2] - b.z) <= SAME_LEVEL + EPS and self._adjacent_at(s[0], s[1], mover.radius, b)
                    if was:
                        break
                if was:
                    break
            if was:
                left.append(b.uid)
        return tuple(sorted(left))

    def _goal_links(self, mover: Base, lat: _Lattice, bl: _Blocking, gx, gy, gz):
        """Edges from lattice nodes into an exact goal point: {node: (cost, climbs)}. The terrain part is
        kept in the lattice per (goal, radius, rule); the bases are applied here. (path() works out only the
        edges that can be its answer: goal_links.py; this, every one, is what the tests hold it to.)"""
        if self._grid:
            i, j = self.square_of(gx, gy)
            return None, j * lat.nx + i
        r, rule = mover.radius, mover.move
        key = ("goal", gx, gy, gz, r, rule)
        terrain = lat.links.get(key)
        if terrain is None:
            terrain = lat.links[key] = self._terrain_links(lat, gx, gy, gz, r, rule, False)
        enemies = self._enemies_near(bl, gx, gy, lat.reach_len)
        g, clear_of = (gx, gy), self._clear_of
        return {u: (c, k) for u, q, c, k in terrain if clear_of(q, g, enemies)}, None

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
        # One answer whatever was asked before: the search of the whole budget (the one reach() keeps), so a
        # Move replayed from a save takes the very path it took when the player or the computer had looked at
        # the spot first (equally cheap paths differ in the enemies they pass: Attacks of Opportunity).
        state = self._reach_search_for(mover, budget)
        if state is None:
            state = self._keep_search(mover, budget)
        return search_memo.path_in_tree(self, mover, budget, state, x, y, z)

    def _keep_search(self, mover: Base, budget: float):
        return self._kept_search(mover, budget)[0]

    def _kept_search(self, mover: Base, budget: float, key=None) -> list:
        """[search state, its Reach or None] of the mover with this budget: a search depends on the terrain and
        on the bases it can meet only (those _blocking keeps), so one made at an earlier version serves while
        only bases farther away have changed. key: (mover, budget, _bases_met), when the caller has it."""
        if key is None:
            key = (mover, budget, self._bases_met(mover, budget))
        kept = self._kept.get(key)
        limit = self._kept_limit()
        if kept is None:
            while len(self._kept) >= limit:
                self._kept.pop(next(iter(self._kept)))
            kept = self._kept[key] = self._begin_search(mover, budget)
        run = kept[0]
        if isinstance(run, SearchRun):  # begun (maybe in an earlier slice): on with it
            if not run.advance(pause_at()):
                raise SearchPaused
            kept[0] = run.state
            if kept[2] is not None:
                search_memo.keep_search(run.lat, kept[2], run.state)
        while len(self._searches) >= limit:
            self._searches.pop(next(iter(self._searches)))
        self._searches[(mover, budget)] = kept[0]
        return kept

    def _begin_search(self, mover: Base, budget: float) -> list:
        """[search state, None, its key among the map's searches or None]: the search another Table of the map made
        for the same question (search_memo.py) when one is kept, else a SearchRun begun (kept there when it ends).
        Inside a slice of work (`search.sliced`: the battle screen) a search is run and not kept: it stops at the
        slice's end as before, and the screen never asks the map's searches (no key made, nothing stored)."""
        lat = self._lattice(mover.radius)
        bl = self._blocking(mover, lat, budget)
        if pause_at() is not None:
            return [self._search(mover, budget, resumable=True, bl=bl), None, None]
        sx, sy = self.snap(mover.x, mover.y)
        key = search_memo.search_key(self, mover, budget, bl, (sx, sy, mover.z))
        state = search_memo.recall_search(lat, key, bl)
        return [state if state is not None else self._search(mover, budget, resumable=True, bl=bl), None, key]

    def _kept_limit(self) -> int:
        """How many searches the table keeps: a few for each base on it (a unit's Move, Dash and Charge, the threat
        areas' of every enemy), never fewer than 32."""
        return max(32, 3 * len(self._bases) + 8)

    def _bases_met(self, mover: Base, budget: float) -> frozenset:
        """The bases _blocking applies to a search of the mover with this budget (the same test)."""
        if self._grid:
            return frozenset(b for b in self._bases.values() if b.uid != mover.uid)
        reach = self._lattice(mover.radius).reach_len
        r, mx, my = mover.radius, mover.x, mover.y
        hypot = math.hypot
        return frozenset(b for b in self._bases.values()
                         if b.uid != mover.uid and not hypot(b.x - mx, b.y - my) > budget + reach + (r + b.radius) + 1.0)

    def _reach_search_for(self, mover: Base, budget: float):
        """A search of this table version from the mover's base with at least this budget (its distances
        within the budget are those of a search with exactly this budget), or None."""
        got = self._searches.get((mover, budget))
        if got is None:
            for (m, b), state in self._searches.items():
                if m == mover and b >= budget:
                    return state
        return got

    def _bigger_search(self, mover: Base, budget: float):
        """A finished search of this table version from the mover's base with a larger budget, or None."""
        for (m, b), state in self._searches.items():
            if b > budget and m == mover:
                return state
        return None

    def _path_in_tree(self, mover: Base, budget: float, state, x, y, z) -> Path | None:
        """path() answered from a reach search already made: the cheapest of the straight step and the tree's
        paths into the goal (the same choice as path()'s own search, from the distances already known)."""
        lat, bl, dist, pred, start, _ = state
        if self._grid:
            i, j = self.square_of(x, y)
            gnode = j * lat.nx + i
            if dist[gnode] > budget + EPS:
                return None
            return self._finish_path(mover, bl, self._nodes_to_points(lat, pred, gnode, start))
        sx, sy, sz = start
        direct = self._full_step((sx, sy), sz, (x, y), z, mover, bl)
        best = None
        if direct is not None and direct[0] <= budget + EPS:
            best = Path(((sx, sy, sz), (x, y, z)), round(direct[0], 9), direct[1],
                        self._left_adjacency(mover, [(sx, sy, sz), (x, y, z)]))
        gbest = best_goal_link(self, mover, lat, bl, dist, x, y, z, budget)
        if gbest[1] is not None:
            seq = self._nodes_to_points(lat, pred, gbest[1], start)
            seq.append(((x, y, z), gbest[2]))
            p = self._finish_path(mover, bl, seq)
            if p.cost <= budget + EPS and (best is None or p.cost < best.cost - EPS):
                best = p
        return best

    def reach(self, mover: Base, budget: float) -> Reach:
        """Every spot the mover can end on within budget (its start excluded). Kept until a base or a door
        changes (Table.version): asking again, or asking path() for a spot of it, reuses the search."""
        key = (mover, budget)
        got = self._reaches.get(key)
        if got is not None and got[0] == self.version:
            return got[1]
        met = (mover, budget, self._bases_met(mover, budget))
        kept = self._kept.get(met)
        bigger = self._bigger_search(mover, budget) if kept is None or isinstance(kept[0], SearchRun) else None
        if bigger is not None:
            # a search of this version with a larger budget (a Dash's, when a Move is asked): its distances within
            # this budget are this search's, and its tree the same (path() reads it the same way)
            r = self._reach_of(mover, budget, bigger)
        else:
            kept = self._kept_search(mover, budget, met)
            if kept[1] is None:
                kept[1] = self._reach_of(mover, budget, kept[0], kept[2])
            r = kept[1]
        while len(self._reaches) >= self._kept_limit():
            self._reaches.pop(next(iter(self._reaches)))
        self._reaches[key] = (self.version, r)
        return r

    def _reach_of(self, mover: Base, budget: float, state, memo_key=None) -> Reach:
        """The Reach of a finished search (its budget this one, or larger). memo_key: the search's key among the
        map's (search_memo.py; a search of exactly this budget): its spots are kept there too."""
        lat, bl, dist, pred, start, settled = state
        end_blocked = bl.end_blocked
        skey = search_memo.spots_key(memo_key, end_blocked, dist, budget + EPS) if memo_key is not None else None
        got = search_memo.recall_spots(lat, skey) if skey is not None else None
        if got is not None:
            index, spots = got
        else:
            index, spots = self._spots_of(lat, budget, state)
            if skey is not None:
                search_memo.keep_spots(lat, skey, index, spots)
        nodes = []
        table = self

        def path_to(x, y, z):
            """The path path() takes to that spot (the same search, the same choice among equal paths)."""
            if table._grid:
                x, y = table.snap(x, y)
            if abs(x - start[0]) < EPS and abs(y - start[1]) < EPS:
                return None
            if not table._grid and not table._goal_ok(mover, x, y, z):
                return None
            return table._path_in_tree(mover, budget, state, x, y, z)

        def contains(x, y, z):
            if table._grid:
                x, y = table.snap(x, y)
            u = lat.node_at(x, y)
            if not nodes:
                nodes.append(frozenset(index))
            if u is not None and u in nodes[0] and abs(lat.zof(u) - z) <= ZTOL:
                return True  # a spot of the reach
            return path_to(x, y, z) is not None

        return Reach(tuple(spots), budget, contains, path_to)

    def _spots_of(self, lat: _Lattice, budget: float, state) -> tuple:
        """(the nodes of a reach's spots in order, the spots (x, y, z, cost)): the nodes settled within the budget
        that a base may end on, staying put (no move) left out."""
        _, bl, dist, _, start, settled = state
        lim = budget + EPS
        end_blocked = bl.end_blocked
        xys, zs, zof = lat.xys, lat.z, lat.zof
        if not settled or dist[settled[-1]] <= lim:  # (settled in order: all within the budget)
            index = sorted(settled)
        else:
            index = sorted([u for u in settled if dist[u] <= lim])
        if end_blocked:
            index = [u for u in index if u not in end_blocked]
        here = self._node_at_start(lat, start)
        if here is not None and here in index:
            index.remove(here)
        return tuple(index), tuple([(xys[u][0], xys[u][1], zof(u) if zs[u] is False else zs[u], c)
                                    for u, c in zip(index, search_memo.rounded([dist[u] for u in index]))])

    @staticmethod
    def _node_at_start(lat: _Lattice, start):
        """The one node within EPS of the start on both axes (its spot is staying put), or None."""
        sx, sy = start[0], start[1]
        i, j = round((sx - lat.off) / lat.step), round((sy - lat.off) / lat.step)
        if not (0 <= i < lat.nx and 0 <= j < lat.ny):
            return None
        u = j * lat.nx + i
        x, y = lat.xys[u]
        return u if -EPS < x - sx < EPS and -EPS < y - sy < EPS else None
