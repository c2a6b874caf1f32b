"""Free deployment spots (Match.zone_spots): kept apart through cells of the table instead of against every spot kept
so far, and cut short at `limit`; the same spots, in the same order, as the plain way over every zone of real maps."""
import math

import pytest

from game.content import default_squad
from game.headless import build_scenario
from game.modes import create_match


def plain_zone_spots(m, side, radius, taken=(), gap=0.2):
    """The plain way: each lattice point against every spot kept so far."""
    out, spots = [], [tuple(t[:2]) for t in taken]
    for z in m.deployment_zones(side) or [None]:
        for x, y in m._zone_lattice(z):
            if any(math.hypot(x - sx, y - sy) < 2 * radius + gap - 1e-9 for sx, sy in spots):
                continue
            zz = m.table.surface_z(x, y, 0.0)
            if m.table.can_stand(radius, x, y, zz):
                out.append((x, y, zz))
                spots.append((x, y))
    return out


@pytest.mark.parametrize("mission", ["pvp-secure-the-zone", "pvp-evac-point", "pvp-assassinate", "horde"])
@pytest.mark.parametrize("measure", ["inches", "grid"])
def test_zone_spots_are_those_of_the_plain_way_and_a_limit_takes_the_first(mission, measure):
    if mission == "horde":
        sc = build_scenario("horde", default_squad("interdictors"), map_name="horde-last-stand.tmx", measure=measure)
    else:
        sc = build_scenario(mission, default_squad("interdictors"), default_squad("krumpfists"), measure=measure)
    m = create_match(sc, 5)
    try:
        sides = [s.side for s in sc.sides]
        checked = 0
        for side in sides:
            for radius, gap in ((0.5, 0.2), (0.63, 0.6), (1.0, 0.0)):
                for taken in ((), ((6.1, 1.3),), ((12.0, 22.5, 0.0), (3.3, 3.3, 0.0))):
                    want = plain_zone_spots(m, side, radius, taken, gap)
                    assert m.zone_spots(side, radius, taken, gap) == want, (side, radius, gap, taken)
                    for limit in (1, 3, len(want) + 1):
                        assert m.zone_spots(side, radius, taken, gap, limit=limit) == want[:limit]
                    checked += len(want)
        assert checked > 50
    finally:
        m.close()
