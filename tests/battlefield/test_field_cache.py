"""Walking fields are kept for every Table of a map (per graph, terrain rule, doors, goals and zones): a field
asked again, on the same Table or another of the same map, is the one worked out before, and a door that opens or
closes, or a goal that moves, gets a field of its own. Each kept answer must be what the work done afresh gives."""
import math
import random
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield
from game.battlefield import field as field_mod
from game.battlefield.field import clear_field_cache, walking_field
from game.battlefield.model import MoveRule

from .conftest import MAPS

ROOT = Path(__file__).resolve().parents[2]
WEST, EAST = (3.0, 4.0), (9.0, 4.0)  # doors.tmx: a wall at x = 6" with the gate between y = 3" and 5"


def goal_at(x, y):
    return Base(uid=-5, side="player", x=x, y=y, z=0.0, radius=0.5)


def afresh(bf, doors: dict, goals, areas=()):
    """The field on a Table of its own, with nothing kept from before."""
    clear_field_cache()
    t = Table(bf, share_graph=False)
    for d, state in doors.items():
        t.set_door(d, state)
    return walking_field(t, goals, 0.5, areas=areas).dist


def test_a_door_that_opens_or_closes_gets_its_own_field_on_every_table():
    bf = load_battlefield(MAPS / "doors.tmx")
    a, b = Table(bf), Table(bf)
    goal = [goal_at(*EAST)]
    closed = walking_field(a, goal, 0.5)
    assert closed.at(*WEST, 0.0) == math.inf  # the gate shut: no way from the west half
    a.set_door("gate", True)
    opened = walking_field(a, goal, 0.5)
    assert opened.at(*WEST, 0.0) < 8.0  # through the gate
    assert walking_field(b, goal, 0.5).dist is closed.dist  # the other table, gate shut: the field kept
    b.set_door("gate", True)
    assert walking_field(b, goal, 0.5).dist is opened.dist
    a.set_door("gate", False)
    again = walking_field(a, goal, 0.5)
    assert again.dist is closed.dist and again.at(*WEST, 0.0) == math.inf
    assert closed.dist == afresh(bf, {"gate": False}, goal)
    assert opened.dist == afresh(bf, {"gate": True}, goal)


def test_a_goal_that_moves_or_a_zone_gets_its_own_field():
    bf = load_battlefield(MAPS / "doors.tmx")
    t = Table(bf)
    t.set_door("gate", True)
    here = walking_field(t, [goal_at(*EAST)], 0.5)
    there = walking_field(t, [goal_at(9.0, 6.0)], 0.5)
    assert there.dist != here.dist
    assert there.dist == afresh(bf, {"gate": True}, [goal_at(9.0, 6.0)])
    zone = walking_field(t, [], 0.5, areas=((8.0, 0.0, 12.0, 2.0),))
    assert zone.at(9.0, 1.0, 0.0) == 0.0 and zone.dist != here.dist
    assert zone.dist == afresh(bf, {"gate": True}, [], areas=((8.0, 0.0, 12.0, 2.0),))


def test_the_reversed_graph_is_kept_per_rule_and_doors():
    """Built once per graph, terrain rule and doors, whichever Table asks; a Climber's is its own."""
    clear_field_cache()
    bf = load_battlefield(MAPS / "doors.tmx")
    a, b = Table(bf), Table(bf)
    walking_field(a, [goal_at(*EAST)], 0.5)
    kept = field_mod._REVERSED[a._lattice(0.5).shared]
    assert len(kept) == 1
    walking_field(b, [goal_at(9.0, 6.0)], 0.5)  # another table, another goal: the same reversed graph
    assert len(kept) == 1
    b.set_door("gate", True)
    walking_field(b, [goal_at(*EAST)], 0.5)
    assert len(kept) == 2
    walking_field(b, [goal_at(*EAST)], 0.5, MoveRule(2.0, 4.0))
    assert len(kept) == 3


def _dijkstra(rev, dist, seeds):
    """The textbook search with a heap, for reference."""
    import heapq
    heap = [(0.0, u) for u in seeds]
    heapq.heapify(heap)
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u, c in rev[v]:
            if d + c < dist[u]:
                dist[u] = d + c
                heapq.heappush(heap, (d + c, u))
    return dist


@pytest.mark.parametrize("map_name, measure, rule", [
    ("horde-weapons-manufacture.tmx", "inches", MoveRule()),
    ("horde-weapons-manufacture.tmx", "inches", MoveRule(2.0, 4.0)),
    ("horde-last-stand.tmx", "grid", MoveRule()),
    ("horde-containment-breach.tmx", "inches", MoveRule(ignore_vertical=True, any_face=True)),
], ids=["core", "climber", "grid", "flying"])
def test_the_banded_spread_gives_the_numbers_of_a_heap_search(map_name, measure, rule):
    """Every distance equal to the last bit, from goals spread over real maps with platforms, climbs and doors."""
    t = Table(load_battlefield(ROOT / "maps" / map_name), measure=measure)
    lat = t._lattice(0.5)
    rev, cheapest = field_mod._reversed_edges(t, lat, rule.terrain)
    rng = random.Random(3)
    standing = [u for u in range(lat.nx * lat.ny) if lat.zof(u) is not None]
    for _ in range(4):
        seeds = rng.sample(standing, rng.choice((1, 3, 12)))
        got = field_mod._spread(rev, [math.inf if u not in seeds else 0.0 for u in range(len(rev))], seeds, cheapest)
        want = _dijkstra(rev, [math.inf if u not in seeds else 0.0 for u in range(len(rev))], seeds)
        assert got == want
        assert sum(d < math.inf for d in got) > len(standing) // 2  # most of the table is reached


def test_a_field_asked_in_slices_stops_at_each_slices_end_and_gives_the_field_spread_whole():
    """Inside `search.sliced` with a slice already over, the spread stops every few hundred nodes and goes on where
    it stopped when asked again (the screen's next slice): the very distances of the field spread whole."""
    from game.battlefield.search import sliced, work_slice
    from game.stepwise import run_to_end
    bf = load_battlefield(ROOT / "maps" / "horde-weapons-manufacture.tmx")
    lat = Table(bf)._lattice(0.5)
    standing = [u for u in range(lat.nx * lat.ny) if lat.zof(u) is not None]
    goals = [Base(uid=-5, side="player", x=lat.xy(u)[0], y=lat.xy(u)[1], z=lat.zof(u), radius=0.5)
             for u in (standing[len(standing) // 5], standing[-len(standing) // 4])]
    clear_field_cache()
    whole = walking_field(Table(bf), goals, 0.5).dist
    clear_field_cache()
    t = Table(bf)
    stops = 0

    def pieces():
        nonlocal stops
        ask = sliced(lambda: walking_field(t, goals, 0.5))
        while True:
            with work_slice(0.0):  # every look at the clock finds the slice over
                try:
                    next(ask)
                except StopIteration as done:
                    return done.value
            stops += 1
            yield
    cut = run_to_end(pieces()).dist
    assert cut == whole and sum(d < math.inf for d in whole) > len(whole) // 3
    assert stops >= 5  # stopped and went on
    assert walking_field(t, goals, 0.5).dist is cut  # kept once made


def test_beside_terrain_near_a_closed_door_is_the_same_whichever_table_worked_the_graph_out():
    """Near a closed door a Table's graph comes from the map's shared graph when another Table with that door closed
    worked it out first: what stands near each spot must still be this Table's (it was read as nothing, and the
    computer's candidate spots then depended on which match the process had played before)."""
    from game.battlefield.field import beside_terrain
    from game.battlefield.lattice import clear_graph_cache
    clear_graph_cache()
    bf = load_battlefield(MAPS / "doors.tmx")
    first, second, alone = Table(bf), Table(bf), Table(bf, share_graph=False)
    lat = first._lattice(0.5)
    near_gate = [u for u in range(lat.nx * lat.ny) if lat.dirty[u]]
    assert near_gate
    for u in near_gate:
        lat.zof(u)  # the first table works out the standing near the gate (for the shared graph)
    spots = [second._lattice(0.5).xy(u) for u in near_gate]
    got = [beside_terrain(second, 0.5, x, y) for x, y in spots]
    assert got == [beside_terrain(alone, 0.5, x, y) for x, y in spots]
    assert any(got)  # the walls each side of the gate


def test_besides_keeps_beside_terrain_for_the_doors_as_they_stand():
    """field.besides (beside_terrain with its answers kept): the same answers, the gate shut, opened, shut again."""
    from game.battlefield.field import beside_terrain, besides
    bf = load_battlefield(MAPS / "doors.tmx")
    t = Table(bf)
    lat = t._lattice(0.5)
    spots = [lat.xy(u) for u in range(0, lat.nx * lat.ny, 3)]
    for gate in (False, True, False):
        t.set_door("gate", gate)
        beside = besides(t, 0.5)
        want = [beside_terrain(t, 0.5, x, y) for x, y in spots]
        assert [beside(x, y) for x, y in spots] == want
        assert [besides(t, 0.5)(x, y) for x, y in spots] == want  # (kept)
        assert any(want) and not all(want)


def test_a_spread_stopped_mid_band_and_then_run_whole_gives_the_numbers_of_one_run_whole():
    """A spread stopped by its deadline (a slice) partway through a band, then run to its end with no deadline (the
    field asked outside any slice), goes on from the very node it stopped at: the distances of a spread run whole."""
    t = Table(load_battlefield(ROOT / "maps" / "horde-weapons-manufacture.tmx"))
    lat = t._lattice(0.5)
    rev, cheapest = field_mod._reversed_edges(t, lat, MoveRule().terrain)
    standing = [u for u in range(lat.nx * lat.ny) if lat.zof(u) is not None]
    seeds = random.Random(5).sample(standing, 3)

    def fresh():
        return field_mod._Spread(rev, [math.inf if u not in seeds else 0.0 for u in range(len(rev))], seeds,
                                 cheapest)
    whole = fresh()
    assert whole.advance(None)
    for stops in (1, 3, 8):
        run = fresh()
        for _ in range(stops):
            assert not run.advance(0.0)  # (a deadline already past: it stops at its first look at the clock)
        assert run.i > 0 and run.k < len(run.bands)  # stopped inside a band, with more to walk
        assert run.advance(None)
        assert run.dist == whole.dist
