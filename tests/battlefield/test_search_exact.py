"""The movement search (movement.py) against a plain Dijkstra written here: on every real map, both measures,
doors open and shut, many seeded movers among enemies, friends and items, it must give the very same distances
(to the last bit), the same node each node is reached from (ties: the start's own step, then the lower
distance, then the lower node) and the same climbs. The paths, and so the Attacks of Opportunity, follow."""
import heapq
import math
import random
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield
from game.battlefield.model import MoveRule
from game.battlefield.terrain import EPS

ROOT = Path(__file__).resolve().parents[2]
REAL_MAPS = sorted((ROOT / "maps").glob("*.tmx"))
CLIMBER = MoveRule(2.0, 4.0)


def reference(t: Table, mover: Base, budget: float):
    """Dijkstra with a heap of (distance, node), every edge checked against every enemy the mover may not
    cross: (dist, prev, climbs) per node (prev -1: the step from the exact start, -2: the start square)."""
    lat = t._lattice(mover.radius)
    bl = t._blocking(mover, lat, budget)
    sx, sy = t.snap(mover.x, mover.y)
    n = lat.nx * lat.ny
    dist, prev, kind = [math.inf] * n, [-3] * n, [0] * n
    links, start = t._start_links(mover, lat, bl, sx, sy, mover.z)
    heap = []
    lim = budget + EPS
    if start is not None:
        dist[start], prev[start] = 0.0, -2
        heap.append((0.0, start))
    for u, c, k in links:
        if c <= lim and c < dist[u]:
            dist[u], prev[u], kind[u] = c, -1, k
            heapq.heappush(heap, (c, u))
    done = set()
    while heap:
        g, u = heapq.heappop(heap)
        if u in done or g > dist[u]:
            continue
        done.add(u)
        for v, c, k in lat.out_edges(u, mover.move.terrain):
            if v in bl.pass_blocked:
                continue
            nd = g + c
            if nd < dist[v] and nd <= lim and t._clear_of(lat.xy(u), lat.xy(v), bl.enemies):
                dist[v], prev[v], kind[v] = nd, u, k
                heapq.heappush(heap, (nd, v))
    return dist, prev, kind


def _movers(t: Table, rng: random.Random, count: int):
    bf = t.battlefield
    out = []
    tries = 0
    while len(out) < count and tries < 20000:
        tries += 1
        x, y = round(rng.uniform(0.5, bf.width - 0.5), 1), round(rng.uniform(0.5, bf.height - 0.5), 1)
        if t.measure == "grid":
            x, y = t.snap(x, y)
        z = t.surface_z(x, y)
        if t.can_stand(0.5, x, y, z) and all(math.hypot(b.x - x, b.y - y) >= 1.2 for b in out):
            side = rng.choice(("player", "npc", "player", "item"))
            out.append(Base(len(out) + 1, side, x, y, z, rng.choice((0.5, 0.5, 0.75)) if side != "item" else 0.5))
    return out


def _check(t: Table, bases, budget: float, rule: MoveRule | None = None) -> int:
    checked = 0
    for m in bases:
        if m.side == "item":
            continue
        if rule is not None:
            m = Base(m.uid, m.side, m.x, m.y, m.z, m.radius, move=rule)
        t._changed()
        t._kept.clear()
        lat, bl, dist, (prev, kind), start, settled = t._search(m, budget)
        rdist, rprev, rkind = reference(t, m, budget)
        reached = [u for u in range(len(rdist)) if rdist[u] <= budget + EPS]
        assert sorted(settled) == reached
        for u in reached:
            assert dist[u] == rdist[u], (u, dist[u], rdist[u])
            assert prev[u] == rprev[u] and kind[u] == rkind[u], (u, prev[u], rprev[u])
        _check_cut(t, m, budget, (dist, prev, kind, settled))
        checked += 1
    return checked


def _check_cut(t: Table, m: Base, budget: float, whole) -> None:
    """The same search stopped and resumed gives the very state of the whole one: one pop per call (a cut at
    every possible point), and in uneven pieces."""
    for pieces in ((1,), (3, 17, 64, 5)):
        run = t._search(m, budget, resumable=True)
        calls = 0
        while not run.advance(pops=pieces[calls % len(pieces)]):
            calls += 1
        if pieces == (1,):
            assert calls >= len(whole[3]) - 1  # (it was cut after every pop)
        _, _, dist, (prev, kind), _, settled = run.state
        assert (dist, prev, kind, settled) == whole


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("measure", ["inches", "grid"])
def test_the_search_matches_a_plain_dijkstra_on_every_real_map(path, measure):
    bf = load_battlefield(path)
    t = Table(bf, measure=measure)
    rng = random.Random(f"{path.stem}-{measure}")
    bases = _movers(t, rng, 14)
    t.set_bases(bases)
    checked = 0
    for doors_open in (False, True):
        for d in bf.doors:
            t.set_door(d.id, doors_open)
        checked += _check(t, bases[:6], 6.0)
        checked += _check(t, bases[6:9], 8.0 if measure == "inches" else 12.0)
        checked += _check(t, bases[9:11], 6.0, CLIMBER)
    assert checked >= 8


def test_a_search_paused_in_slices_answers_as_one_run_whole(monkeypatch):
    """A reach asked through `sliced` inside a slice that is always over stops after each few pops, is asked
    again in the next slice and goes on where it stopped: the same spots and paths as a table that ran it whole;
    outside a slice the same question never pauses."""
    from game.battlefield import search
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    t, whole = Table(bf), Table(bf)
    bases = _movers(t, random.Random(4), 14)
    t.set_bases(bases)
    whole.set_bases(bases)
    monkeypatch.setattr(search, "CHECK_EVERY", 7)
    movers = [b for b in bases if b.side != "item"][:5]
    for m in movers:
        gen = search.sliced(lambda m=m: t.reach(m, 6.0), note="paused")
        pauses = 0
        with search.work_slice(0.0):  # (its end has passed: every search stops at its first look at the clock)
            while True:
                try:
                    assert next(gen) == "paused"
                    pauses += 1
                except StopIteration as stop:
                    got = stop.value
                    break
        assert pauses >= 3
        ref = whole.reach(m, 6.0)
        assert got.spots == ref.spots
        for x, y, z, _ in got.spots[::7]:
            assert t.path(m, x, y, z, 6.0) == whole.path(m, x, y, z, 6.0)
    # outside `sliced` a slice's end stops nothing: a search asked there runs whole at once
    t._kept.clear()
    t._changed()
    with search.work_slice(0.0):
        assert t.reach(movers[0], 6.0).spots == whole.reach(movers[0], 6.0).spots


def test_the_kept_searches_hold_every_base_of_a_crowded_table():
    """Every mover's search is kept while nothing it can meet changes, however many bases stand on the table:
    asking every one again runs no search."""
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    t = Table(bf)
    bases = _movers(t, random.Random(9), 60)
    t.set_bases(bases)
    movers = [b for b in bases if b.side != "item"]
    assert len(movers) > 32
    first = [t.reach(m, 6.0) for m in movers]
    t._reaches.clear()  # (the reaches' own keep: only the kept searches answer now)
    runs = []
    real = t._search
    t._search = lambda *a, **k: runs.append(a) or real(*a, **k)
    again = [t.reach(m, 6.0) for m in movers]
    assert not runs and [r.spots for r in again] == [r.spots for r in first]


def test_a_door_that_opens_changes_the_search_as_the_plain_one():
    bf = load_battlefield(ROOT / "tests" / "battlefield" / "maps" / "doors.tmx")
    t = Table(bf)
    m = Base(1, "player", 3.0, 4.0, 0.0, 0.5)
    t.set_bases([m, Base(2, "npc", 4.5, 5.5, 0.0, 0.5)])
    before = t._search(m, 8.0)[2]
    t.set_door("gate", True)
    _check(t, [m], 8.0)
    after = t._search(m, 8.0)[2]
    assert after != before  # the way through the gate is open now: the kept search was not served


def test_an_enemy_that_moves_blocks_where_it_stands_now():
    """What a base does to a search is kept per spot: a base that moves must block its new spot, not its old."""
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    t = Table(bf)
    m = Base(1, "player", 12.0, 12.0, t.surface_z(12.0, 12.0), 0.5)
    foe = Base(2, "npc", 12.0, 9.0, t.surface_z(12.0, 9.0), 0.5)
    t.set_bases([m, foe])
    first = t._search(m, 6.0)
    assert first[2][first[0].node_at(12.0, 9.0)] == math.inf  # its spot cannot be entered
    assert first[2][first[0].node_at(14.0, 10.0)] < math.inf
    moved = foe.moved(14.0, 10.0, t.surface_z(14.0, 10.0))
    t.set_bases([m, moved])
    _check(t, [m], 6.0)
    lat, _, dist, *_ = t._search(m, 6.0)
    assert dist[lat.node_at(12.0, 9.0)] < math.inf and dist[lat.node_at(14.0, 10.0)] == math.inf


@pytest.mark.parametrize("path", REAL_MAPS[::3], ids=lambda p: p.stem)
@pytest.mark.parametrize("measure", ["inches", "grid"])
def test_a_move_read_from_the_dash_search_is_the_moves_own(path, measure):
    """A reach asked while a search of the same table with a larger budget is kept (a Move after the Dash) is read
    from it, searching nothing: the same spots and costs, and the same path to each, as the Move's own search on a
    table that never searched the Dash."""
    bf = load_battlefield(path)
    own, after_dash = Table(bf, measure=measure), Table(bf, measure=measure)
    rng = random.Random(f"dash {path.stem}-{measure}")
    bases = _movers(own, rng, 12)
    own.set_bases(bases)
    after_dash.set_bases(bases)
    move, dash = (6.0, 8.0) if measure == "inches" else (6.0, 12.0)
    checked = 0
    for m in bases:
        if m.side == "item":
            continue
        after_dash.reach(m, dash)
        searches = dict(after_dash._searches)
        got, want = after_dash.reach(m, move), own.reach(m, move)
        assert after_dash._searches == searches  # no search made for the Move
        assert got.spots == want.spots
        for x, y, z, _ in got.spots[::5]:
            assert got.path_to(x, y, z) == want.path_to(x, y, z) == own.path(m, x, y, z, move)
        checked += 1
    assert checked >= 4
