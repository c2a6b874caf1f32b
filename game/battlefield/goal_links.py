"""The cheapest way into a path's goal from a finished movement search: path()'s last step (R13, R14), worked out
for only the few nodes that can give it."""
from __future__ import annotations

import math

from .model import Base
from .search import INF as _INF
from .terrain import EPS, MOVE_FILTER, ZTOL


def best_goal_link(table, mover: Base, lat, bl, dist, gx, gy, gz, budget: float):
    """(cost, node, climbs) of the cheapest way into the goal through one of its links (movement.py: _goal_links)
    from a node of the search (`dist`), within the budget; the first in the links' order among equally cheap
    ones; (inf, None, 0): none. Only the links that can be the answer are worked out: a step costs at least its
    length, so a node whose distance plus its length to the goal is past the budget, or past the cheapest
    found, cannot be it (the same answer as every link made: tests/battlefield/test_goal_links.py)."""
    lim = budget + EPS
    r, rule = mover.radius, mover.move
    enemies = table._enemies_near(bl, gx, gy, lat.reach_len)
    g, clear_of = (gx, gy), table._clear_of
    # the nodes _terrain_links would link, in its order (its index), each with the least it can cost
    ext = lat.reach_len
    todo = []
    for n, (u, q, L) in enumerate(lat.nodes_within(gx, gy, ext), 1):
        low = dist[u] + L
        if low > lim:
            continue  # (also every node the search did not reach: inf)
        todo.append((low, n, u, q, L))
    todo.sort()
    best_tot, best_n, best = _INF, 0, (_INF, None, 0)
    near = None
    for low, n, u, q, L in todo:
        if low > best_tot:
            break  # every one left costs more than the cheapest found
        zq = lat.zof(u)
        if zq is None:
            continue
        if near is None:
            near = [(h.shape, h.distance) for h in table._space.point_query(g, r + ext, MOVE_FILTER)]
        shapes = [s for s, d in near if d < r + L] if near else near
        if not shapes:
            if abs(zq - gz) > ZTOL:
                continue
            res = (L, 0)
        else:
            res = table._terrain_step(q, zq, g, gz, r, shapes, rule)
            if res is None:
                continue
        if not clear_of(q, g, enemies):
            continue
        tot = dist[u] + res[0]
        if tot <= lim and (tot < best_tot or (tot == best_tot and n < best_n)):
            best_tot, best_n, best = tot, n, (tot, u, res[1])
    return best
