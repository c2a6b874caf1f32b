"""The work a Table keeps: the movement graph shared by every Table of a map, reach kept until the table
changes, path() answered from the reach that found the spot, sight shortcuts. Each must answer exactly
what the work done afresh answers."""
import random
import re
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield
from game.battlefield import movement as movement_mod
from game.battlefield import search_memo
from game.battlefield.lattice import clear_graph_cache
from game.battlefield.model import MoveRule

from .conftest import MAPS

ROOT = Path(__file__).resolve().parents[2]
FLYING = MoveRule(ignore_vertical=True, any_face=True)
CLIMBER = MoveRule(2.0, 4.0)


def spots(t, m, budget=6.0):
    t._changed()  # from scratch, whatever was kept
    return t.reach(m, budget).spots


def test_tables_of_one_map_share_one_movement_graph():
    bf = load_battlefield(MAPS / "climb.tmx")
    a, b = Table(bf), Table(load_battlefield(MAPS / "climb.tmx"))  # loaded twice: the same terrain
    m = Base(1, "player", 5.5, 2)
    a.set_bases([m])
    b.set_bases([m])
    assert spots(a, m) == spots(b, m)
    shared = a._lattice(0.5).shared
    assert shared is not None and b._lattice(0.5).shared is shared
    assert Table(bf, measure="grid")._lattice(0.5).shared is not shared  # per measure
    assert a._lattice(0.75).shared is not shared  # per base radius
    alone = Table(bf, share_graph=False)
    alone.set_bases([m])
    assert alone._lattice(0.5).shared is None and spots(alone, m) == spots(a, m)


def test_a_changed_map_file_gets_its_own_graph(tmp_path):
    """The cache is keyed by the terrain, not the file name: edit the file and the new terrain is used."""
    src = (MAPS / "walls.tmx").read_text()
    (tmp_path / "test.tsx").write_text((MAPS / "test.tsx").read_text())
    (tmp_path / "test.png").write_bytes((MAPS / "test.png").read_bytes())
    path = tmp_path / "m.tmx"
    path.write_text(src)
    m = Base(1, "player", 8.5, 3)
    before = Table(load_battlefield(path))
    before.set_bases([m])
    first = spots(before, m)
    # move every wall 3" east (x in pixels + 96) and load the file again
    path.write_text(re.sub(r'(<object [^>]*type="wall"[^>]* x=")(\d+)', lambda g: f"{g.group(1)}{int(g.group(2)) + 96}", src))
    after = Table(load_battlefield(path))
    after.set_bases([m])
    assert after._lattice(0.5).shared is not before._lattice(0.5).shared
    fresh = Table(load_battlefield(path), share_graph=False)
    fresh.set_bases([m])
    assert spots(after, m) == spots(fresh, m) != first


@pytest.mark.parametrize("rule", [MoveRule(), CLIMBER, FLYING], ids=["core", "climber", "flying"])
def test_doors_are_the_table_s_own_whatever_the_shared_graph(rule):
    """doors.tmx: the gate closed or open, in any order, on tables sharing the graph: every reach is the
    reach of a table that builds its graph alone."""
    bf = load_battlefield(MAPS / "doors.tmx")
    m = Base(1, "player", 4.5, 4, move=rule)
    tables = [Table(bf), Table(bf)]
    alone = Table(bf, share_graph=False)
    for t in tables + [alone]:
        t.set_bases([m])
    for step, state in enumerate([False, True, False, True]):
        t = tables[step % 2]
        t.set_door("gate", state)
        alone.set_door("gate", state)
        assert spots(t, m) == spots(alone, m), (step, state)
    clear_graph_cache()
    late = Table(bf)
    late.set_bases([m])
    late.set_door("gate", True)
    assert spots(late, m) == spots(alone, m)


def test_reach_is_kept_until_a_base_or_a_door_moves():
    t = Table(load_battlefield(MAPS / "doors.tmx"))
    m, other = Base(1, "player", 4.5, 4), Base(2, "npc", 4.5, 6)
    t.set_bases([m, other])
    r = t.reach(m, 6.0)
    assert t.reach(m, 6.0) is r  # asked again: the same answer, no search
    v = t.version
    t.set_bases([m, other])  # nothing changed
    assert t.version == v and t.reach(m, 6.0) is r
    t.update_base(Base(2, "npc", 2.5, 4))  # the enemy moves into the way
    r2 = t.reach(m, 6.0)
    assert t.version > v and r2 is not r and r2.spots != r.spots
    t.set_door("gate", True)
    assert t.reach(m, 6.0) is not r2


def test_path_to_a_spot_of_the_last_reach_runs_no_new_search(monkeypatch):
    """B12: the path comes from the reach's search tree; a table that never ran the reach runs that same search
    once and gives the very same paths (a replayed Move takes the path it took when played)."""
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    rng = random.Random(5)
    t, fresh = Table(bf), Table(bf)
    bases = []
    while len(bases) < 12:
        x, y = rng.randrange(2, 46) / 2, rng.randrange(2, 46) / 2
        z = t.surface_z(x, y)
        if t.can_stand(0.5, x, y, z) and all((b.x - x) ** 2 + (b.y - y) ** 2 >= 1 for b in bases):
            bases.append(Base(len(bases) + 1, "player" if len(bases) < 4 else "npc", x, y, z))
    t.set_bases(bases)
    fresh.set_bases(bases)
    mover = bases[0]
    r = t.reach(mover, 6.0)
    goals = rng.sample(r.spots, 15)
    search_memo.forget()  # (the map's kept searches would give the fresh table t's: it runs its own here)
    searches = []
    real = movement_mod.TableMovement._search
    monkeypatch.setattr(movement_mod.TableMovement, "_search",
                        lambda self, *a, **k: searches.append(1) or real(self, *a, **k))
    for x, y, z, cost in goals:
        p = t.path(mover, x, y, z, 6.0)
        own = fresh.path(mover, x, y, z, 6.0)  # a table that never ran the reach
        assert p is not None and p.points[-1] == (x, y, z) and p.cost <= cost + 1e-6
        assert own == p and r.path_to(x, y, z) == p
    assert len(searches) == 1  # the fresh table's one search, kept for the other goals


def test_sight_shortcuts_agree_with_trying_every_point(monkeypatch):
    """The proofs that every line is cut (rails, corners, one edge point's cone) and the flat cover test
    give what trying every point of the attacker's base gives, on a crowded Horde table."""
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    rng = random.Random(11)
    t = Table(bf)
    bases = []
    while len(bases) < 26:
        x, y = rng.uniform(0.6, 23.4), rng.uniform(0.6, 23.4)
        z = t.surface_z(x, y)
        r = rng.choice([0.5, 0.5, 0.75])
        if t.can_stand(r, x, y, z) and all((b.x - x) ** 2 + (b.y - y) ** 2 >= (b.radius + r) ** 2 for b in bases):
            bases.append(Base(len(bases) + 1, "player" if len(bases) < 6 else "npc", x, y, z, r))
    t.set_bases(bases)
    pairs = [(a, b) for a in bases for b in bases if a is not b]
    quick = [t.sight(a, b) for a, b in pairs]
    monkeypatch.setattr(type(t), "_all_lines_cut", lambda *a, **k: False)
    t._changed()
    slow = [t.sight(a, b) for a, b in pairs]
    assert [(s.visible, s.cover, s.high_ground, s.lines) for s in quick] == \
        [(s.visible, s.cover, s.high_ground, s.lines) for s in slow]
    assert sum(s.visible for s in quick) > 50 and sum(not s.visible for s in quick) > 50


def test_fast_queries_answer_what_pymunk_answers():
    from game.battlefield.spacequery import SpaceQueries
    from game.battlefield.terrain import SIGHT_MASK, UNIT
    from pymunk import ShapeFilter

    t = Table(load_battlefield(ROOT / "maps" / "pve-facility.tmx"))
    fast, slow = t._q, SpaceQueries(t._space, fast=False)
    assert fast.fast and not slow.fast
    rng = random.Random(3)
    flt = ShapeFilter(mask=SIGHT_MASK | UNIT)
    shapes = list(t._space.shapes)
    for _ in range(300):
        a, b = (rng.uniform(0, 24), rng.uniform(0, 24)), (rng.uniform(0, 24), rng.uniform(0, 24))
        assert fast.first(a, b, flt) == slow.first(a, b, flt)
        s = rng.choice(shapes)
        assert fast.hits(s, a, b) == slow.hits(s, a, b)
        assert fast.touches(s, a, b, 0.4) == slow.touches(s, a, b, 0.4)
        assert fast.first_shape(a, b, flt) is slow.first_shape(a, b, flt)
        if fast.first_shape(a, b, flt) is not None:
            slow.first_shape(a, b, flt)
            assert fast.last_point() == slow.last_point()
        assert fast.any_near(a, 0.7, flt) == slow.any_near(a, 0.7, flt)


def test_a_table_keeps_working_when_the_shared_graphs_are_forgotten():
    """clear_graph_cache() (a benchmark's cold start) must not pull the graph from under a live Table: it
    goes on building new areas of its graph as a Table of its own would."""
    bf = load_battlefield(ROOT / "maps" / "pve-facility.tmx")
    t, alone = Table(bf), Table(bf, share_graph=False)
    here, there = Base(1, "player", 2.5, 21.5), Base(1, "player", 21.5, 2.5)
    for tab in (t, alone):
        tab.set_bases([here])
    assert spots(t, here) == spots(alone, here)
    clear_graph_cache()
    for tab in (t, alone):
        tab.set_bases([there])
    assert spots(t, there) == spots(alone, there)


def test_terrain_taken_away_gets_the_graph_of_the_terrain_as_it_stands():
    """A collapse (Table.clear_terrain) must not leak into the graph other Tables of the map share, and every
    Table with the same terrain taken away (a replay, an undo) shares the graph of that terrain."""
    from game.battlefield.model import Battlefield, Wall
    bf = Battlefield("walled", 24.0, 24.0, walls=(Wall("long wall", (0.0, 12.0), (24.0, 12.0), 6.0),))
    a, b, c = Table(bf), Table(bf), Table(bf)
    m = Base(1, "player", 12, 10)
    for t in (a, b, c):
        t.set_bases([m])
    before = spots(a, m)
    assert not a.path(m, 12, 14, 0.0, 6.0)  # a 6" high wall: no way over in one Move
    a.clear_terrain(12, 12, 3)
    assert a.path(m, 12, 14, 0.0, 6.0) is not None and a._lattice(0.5).shared is not b._lattice(0.5).shared
    assert not b.path(m, 12, 14, 0.0, 6.0) and spots(b, m) == before  # the others keep the wall
    c.clear_terrain(12, 12, 3)
    assert c._lattice(0.5).shared is a._lattice(0.5).shared and spots(c, m) == spots(a, m)
    alone = Table(bf, share_graph=False)
    alone.set_bases([m])
    alone.clear_terrain(12, 12, 3)
    assert spots(alone, m) == spots(a, m)  # the shared graph answers what one built afresh answers
    a.reset()
    a.set_bases([m])
    assert a._lattice(0.5).shared is b._lattice(0.5).shared and spots(a, m) == before
    for t in (a, b, c, alone):
        t.close()


def _spots_adjacent_afresh(t, target, radius):
    """spots_adjacent_to worked out from scratch: every point of the three rings that can_stand and is
    Adjacent to the target (inches)."""
    import math
    from game.battlefield.terrain import EPS, SAME_LEVEL
    out = []
    for gap in (0.05, 0.5, 0.95):
        d = target.radius + radius + gap
        n = max(8, int(math.ceil(2 * math.pi * d / 0.5)))
        for k in range(n):
            a = 2 * math.pi * k / n
            x, y = round(target.x + d * math.cos(a), 6), round(target.y + d * math.sin(a), 6)
            z = t.surface_z(x, y, target.z)
            if abs(z - target.z) <= SAME_LEVEL + EPS and t.can_stand(radius, x, y, z) and \
                    t.adjacent(Base(-1, "npc", x, y, z, radius), target):
                out.append((x, y, z))
    return out


def test_spots_adjacent_to_keep_the_terrain_and_apply_the_bases_afresh():
    """The spots next to a base: what the terrain allows is kept per position (until a door changes), the
    bases are applied on every call; the answer is always the one worked out from scratch."""
    t = Table(load_battlefield(MAPS / "doors.tmx"))
    target = Base(1, "npc", 5.3, 4.0)  # by the gate: the spots beyond it depend on the door
    others = [Base(2, "player", 4.0, 4.0), Base(3, "player", 6.9, 4.6, radius=0.75)]
    answers = []
    for door, bases in [(False, []), (False, others), (True, others), (True, []), (False, others[1:])]:
        t.set_door("gate", door)
        t.set_bases([target] + bases)
        got = t.spots_adjacent_to(target, 0.5, "player")
        assert got == _spots_adjacent_afresh(t, target, 0.5), (door, len(bases))
        answers.append(got)
    assert answers[0] != answers[1] != answers[2] != answers[3]  # the bases and the door both count
    assert len(answers[3]) > len(answers[0])  # the open gate: spots beyond it


def test_a_search_is_kept_while_only_bases_it_cannot_meet_move(monkeypatch):
    """A reach depends on the terrain and the bases near the mover only: a base moving far away keeps the
    search (no new one); a base moving near it, or a door, gives a new one; every answer (spots, paths) is
    the one a table working it out afresh gives."""
    bf = load_battlefield(MAPS / "doors.tmx")
    t = Table(bf)
    m = Base(1, "player", 4.5, 4)
    far = Base(2, "npc", 11.5, 7.5)
    searches = []
    real = movement_mod.TableMovement._search
    monkeypatch.setattr(movement_mod.TableMovement, "_search",
                        lambda self, *a, **k: searches.append(self is t) or real(self, *a, **k))

    def check(bases, door):
        fresh = Table(bf, share_graph=False)
        fresh.set_door("gate", door)
        fresh.set_bases(bases)
        r = t.reach(m, 2.0)
        assert r.spots == fresh.reach(m, 2.0).spots
        for x, y, z, _ in r.spots[::7]:
            assert t.path(m, x, y, z, 2.0) == fresh.path(m, x, y, z, 2.0)
        return r

    t.set_bases([m, far])
    first = check([m, far], False)
    n = sum(searches)
    moved = [m, Base(2, "npc", 11.5, 6.5)]  # still out of reach of a 2" search
    v = t.version
    t.set_bases(moved)
    assert t.version > v and check(moved, False) is first and sum(searches) == n
    near = [m, Base(2, "npc", 4.5, 5.5)]  # in the way
    t.set_bases(near)
    assert check(near, False).spots != first.spots
    t.set_bases(moved)  # back: the search kept for these bases
    assert check(moved, False) is first
    t.set_door("gate", True)
    assert check(moved, True) is not first
