"""path()'s last step into its goal (goal_links.best_goal_link) works out only the links that can be the cheapest: it
must pick the very link that the old way picked from every link of the goal (movement.py: _goal_links, the first
among equally cheap ones), on every real map, doors open and shut, seeded movers among enemies, friends and items,
goals on the lattice (the spots of a reach) and off it (any point a player may click)."""
import math
import random

import pytest

from game.battlefield import Table, load_battlefield
from game.battlefield.goal_links import best_goal_link
from game.battlefield.model import Base
from game.battlefield.search import INF
from game.battlefield.terrain import EPS

from .test_search_exact import CLIMBER, REAL_MAPS, _movers


def every_link(t: Table, mover: Base, lat, bl, dist, x, y, z, budget: float):
    """The choice as path() made it from every link of the goal."""
    links, _ = t._goal_links(mover, lat, bl, x, y, z)
    best = (INF, None, 0)
    for v, (c, k) in links.items():
        tot = dist[v] + c
        if tot <= budget + EPS and tot < best[0]:
            best = (tot, v, k)
    return best


def _goals(t: Table, m: Base, budget: float, rng: random.Random, spots) -> list:
    goals = [s[:3] for s in spots[::5]]
    for _ in range(12):  # off the lattice, within and past the budget
        a, d = rng.uniform(0, 2 * math.pi), rng.uniform(0.3, budget + 1.5)
        x, y = m.x + d * math.cos(a), m.y + d * math.sin(a)
        if 0.5 < x < t.battlefield.width - 0.5 and 0.5 < y < t.battlefield.height - 0.5:
            goals.append((round(x, 3), round(y, 3), t.surface_z(x, y, m.z)))
    return goals


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
def test_the_goals_link_is_the_one_every_link_gives(path):
    bf = load_battlefield(path)
    t = Table(bf)
    rng = random.Random(f"goal-{path.stem}")
    bases = _movers(t, rng, 14)
    t.set_bases(bases)
    checked = found = 0
    for doors_open in (False, True):
        for d in bf.doors:
            t.set_door(d.id, doors_open)
        movers = [b for b in bases if b.side != "item"][:5]
        for n, m in enumerate(movers):
            budget = (6.0, 12.0, 6.0)[n % 3]
            if n % 3 == 2:
                m = Base(m.uid, m.side, m.x, m.y, m.z, m.radius, move=CLIMBER)
            lat, bl, dist, _, _, settled = state = t._search(m, budget)
            spots = t._reach_of(m, budget, state).spots
            for x, y, z in _goals(t, m, budget, rng, spots):
                got = best_goal_link(t, m, lat, bl, dist, x, y, z, budget)
                assert got == every_link(t, m, lat, bl, dist, x, y, z, budget), (m, budget, (x, y, z))
                checked += 1
                found += got[1] is not None
    assert checked >= 40 and found >= 20  # (goals that have a link, and some that have none)
    assert found < checked
