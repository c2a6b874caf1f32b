"""A wave placed in a row (waves.Placing: what the table found taken stays taken) puts every unit where placing it
alone would: on each Horde map, a crowded wave of four kinds, Adjacent spots and the nearest free ones."""
import math

import pytest

from game.headless import build_scenario
from game.match import commands as C
from game.modes import create_match
from game.modes.horde import waves

MAPS = ("horde-last-stand.tmx", "horde-weapons-manufacture.tmx", "horde-containment-breach.tmx",
        "horde-supply-corridor.tmx")
KINDS = ("HRD-HVY03", "HRD-MED02", "HRD-LCH01", "HRD-HVY02")


def _places(map_name: str, in_a_row: bool, n: int = 64):
    m = create_match(build_scenario("horde", map_name=map_name), 100)
    for spot in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", *spot))
    m.submit(C.EndDeployment("player"))
    out = []
    placing = waves.Placing(m) if in_a_row else None
    with m._in_world():
        for k in range(n):
            got = waves.place_at_spawn_point(m, m.mission, KINDS[k % len(KINDS)], placing)
            out.append(None if got is None else (got[1], m.base(got[0]).x, m.base(got[0]).y, m.base(got[0]).z))
    m.close()
    return out


@pytest.mark.parametrize("map_name", MAPS)
def test_a_crowded_wave_placed_in_a_row_takes_the_places_one_by_one_would(map_name):
    alone = _places(map_name, False)
    assert _places(map_name, True) == alone
    assert all(p is not None for p in alone)
    # the wave overflows the Spawn Points' Adjacent spots
    m = create_match(build_scenario("horde", map_name=map_name), 100)
    points = {i + 1: m.marker_base(p) for i, p in enumerate(m.markers("spawn_point"))}
    # past Adjacent (1" bases, R15's 1"): the nearest free spot further out
    far = [p for p in alone if math.dist(p[1:3], (points[p[0]].x, points[p[0]].y)) > points[p[0]].radius + 2.0 + 1e-6]
    m.close()
    assert far
