"""The movement searches a map's Tables keep for each other (search_memo.py): another Table asking the same search
is given the very state its own search would make, without running one; a different door, or a base the search
meets, is a different search; inside a slice of work the search runs (and stops) as before."""
import random

from game.battlefield import Base, Table, load_battlefield
from game.battlefield import movement as movement_mod
from game.battlefield import search

from .conftest import MAPS
from .test_search_exact import ROOT, _movers


def _counting(monkeypatch):
    runs = []
    real = movement_mod.TableMovement._search
    monkeypatch.setattr(movement_mod.TableMovement, "_search",
                        lambda self, *a, **k: runs.append(self) or real(self, *a, **k))
    return runs


def _state(t: Table, m: Base, budget: float):
    _, _, dist, (prev, kind), start, settled = t._searches[(m, budget)]
    return dist, prev, kind, start, settled


def test_another_table_of_the_map_is_given_the_search_its_own_would_make(monkeypatch):
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    first, second = Table(bf), Table(bf)
    bases = _movers(first, random.Random(11), 16)
    first.set_bases(bases)
    second.set_bases(bases)
    movers = [b for b in bases if b.side != "item"][:8]
    for m in movers:
        first.reach(m, 6.0)
    runs = _counting(monkeypatch)
    for m in movers:
        r = second.reach(m, 6.0)
        own = Table(bf, share_graph=False)  # (a graph of its own: nothing kept for it)
        own.set_bases(bases)
        ref = own.reach(m, 6.0)
        assert r.spots == ref.spots
        assert _state(second, m, 6.0) == _state(own, m, 6.0)
        for x, y, z, _ in r.spots[::9]:
            assert second.path(m, x, y, z, 6.0) == own.path(m, x, y, z, 6.0)
    assert [t for t in runs if t is second] == []  # every one was given
    assert len(runs) == len(movers)  # (the tables of their own ran theirs)


def test_a_door_or_a_base_the_search_meets_is_another_search(monkeypatch):
    bf = load_battlefield(MAPS / "doors.tmx")
    m = Base(1, "player", 3.0, 4.0, 0.0, 0.5)
    foe = Base(2, "npc", 4.5, 5.5, 0.0, 0.5)
    first = Table(bf)
    first.set_bases([m, foe])
    first.reach(m, 8.0)
    runs = _counting(monkeypatch)

    def asked(bases, gate):
        t = Table(bf)
        t.set_door("gate", gate)
        t.set_bases(bases)
        own = Table(bf, share_graph=False)
        own.set_door("gate", gate)
        own.set_bases(bases)
        n = len(runs)
        assert t.reach(m, 8.0).spots == own.reach(m, 8.0).spots
        assert _state(t, m, 8.0) == _state(own, m, 8.0)
        return sum(1 for r in runs[n:] if r is t)

    assert asked([m, foe], False) == 0  # the same question: given
    assert asked([m, foe], True) == 1  # the gate open: run
    assert asked([m, foe], True) == 0  # (and kept in its turn)
    assert asked([m, foe.moved(5.0, 5.5, 0.0)], False) == 1  # the enemy elsewhere in its way: run
    big = Base(2, "npc", 4.5, 5.5, 0.0, 0.75)
    assert asked([m, big], False) == 1
    assert asked([m, big.moved(4.501, 5.5, 0.0)], False) == 1  # a hair away (the same nodes blocked): run
    assert asked([m, foe, Base(3, "npc", 40.0, 40.0, 0.0, 0.5)], False) == 0  # a base it cannot meet: given
    # a squadmate in the reach: the same search (it may be crossed), but not the same spots (none ends on it)
    assert asked([m, foe, Base(3, "player", 2.0, 6.0, 0.0, 0.5)], False) == 0


def test_inside_a_slice_the_search_runs_and_stops_as_before(monkeypatch):
    bf = load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    first, second = Table(bf), Table(bf)
    bases = _movers(first, random.Random(4), 14)
    first.set_bases(bases)
    second.set_bases(bases)
    m = next(b for b in bases if b.side != "item")
    whole = first.reach(m, 6.0)
    monkeypatch.setattr(search, "CHECK_EVERY", 7)
    gen = search.sliced(lambda: second.reach(m, 6.0), note="paused")
    pauses = 0
    with search.work_slice(0.0):
        while True:
            try:
                next(gen)
                pauses += 1
            except StopIteration as stop:
                got = stop.value
                break
    assert pauses >= 3 and got.spots == whole.spots


def test_the_spots_next_to_a_base_are_kept_for_the_map_by_the_doors(monkeypatch):
    """spots_adjacent_to: what the terrain allows around a base is worked out once for every Table of the map with
    those doors; the bases (crowding the spots or not) are applied on every Table; the answer is always the one
    worked out from scratch."""
    from .test_graph_cache import _spots_adjacent_afresh
    bf = load_battlefield(MAPS / "doors.tmx")
    target = Base(1, "npc", 5.3, 4.0)  # by the gate: the spots beyond it depend on the door
    crowd = [Base(2, "player", 4.0, 4.0), Base(3, "player", 6.9, 4.6, radius=0.75), Base(4, "player", 5.3, 5.6)]
    rings = []
    real = movement_mod.TableMovement._terrain_ring
    monkeypatch.setattr(movement_mod.TableMovement, "_terrain_ring",
                        lambda self, *a: rings.append(1) or real(self, *a))
    answers = []
    for door, bases, worked in [(False, [], 1), (False, crowd, 0), (True, crowd, 1), (True, crowd[:1], 0),
                                (False, crowd[1:], 0)]:
        t = Table(bf)
        t.set_door("gate", door)
        t.set_bases([target] + bases)
        n = len(rings)
        got = t.spots_adjacent_to(target, 0.5, "npc")
        assert got == _spots_adjacent_afresh(t, target, 0.5), (door, len(bases))
        assert len(rings) - n == worked, (door, len(bases))
        answers.append(got)
    assert len(answers[0]) > len(answers[1]) and len(answers[2]) > len(answers[1])  # the bases and the door count


def test_the_steps_from_a_start_by_a_door_are_kept_by_the_doors():
    """The terrain's steps from a mover's start into the graph are kept for the map with the doors as they stand: a
    start by the gate steps through it only while it is open, on every Table."""
    bf = load_battlefield(MAPS / "doors.tmx")
    m = Base(1, "player", 5.0, 4.0, 0.0, 0.5)  # by the gate (x = 6)
    states = []
    for gate in (False, True, False, True):
        t, own = Table(bf), Table(bf, share_graph=False)
        for table in (t, own):
            table.set_door("gate", gate)
            table.set_bases([m])
        assert t.reach(m, 2.0).spots == own.reach(m, 2.0).spots
        assert _state(t, m, 2.0) == _state(own, m, 2.0)
        states.append(_state(t, m, 2.0))
    assert states[0] == states[2] != states[1] == states[3]


def test_a_path_is_kept_for_the_map_by_the_enemies_it_passes(monkeypatch):
    """path(): the answer another Table of the map worked out from the same search is given again, unless an enemy
    whose Adjacency the path may leave stands elsewhere (a mover passing through enemies: the same search)."""
    from game.battlefield import open_table
    from game.battlefield.model import MoveRule
    bf = open_table(24, 24)
    m = Base(1, "player", 4.0, 12.0, 0.0, 0.5, MoveRule(through_enemies=True))
    worked = []
    real = movement_mod.TableMovement._path_in_tree
    monkeypatch.setattr(movement_mod.TableMovement, "_path_in_tree",
                        lambda self, *a: worked.append(1) or real(self, *a))
    answers = []
    for foe_y, works in ((13.5, 1), (13.5, 0), (15.0, 1), (13.5, 0), (15.0, 0)):
        bases = [m, Base(2, "npc", 6.5, foe_y, 0.0, 0.5)]
        t, own = Table(bf), Table(bf, share_graph=False)
        t.set_bases(bases)
        own.set_bases(bases)
        n = len(worked)
        got = t.path(m, 9.0, 12.0, 0.0, 6.0)
        assert len(worked) - n == works, foe_y
        assert got == own.path(m, 9.0, 12.0, 0.0, 6.0)
        answers.append(got.left_adjacency)
    assert answers == [(2,), (2,), (), (2,), ()]  # passed by, then left; never met


def test_only_the_last_graphs_used_keep_their_answers(monkeypatch):
    from game.battlefield import search_memo
    monkeypatch.setattr(search_memo, "GRAPHS_KEPT", 1)
    doors, last = load_battlefield(MAPS / "doors.tmx"), load_battlefield(ROOT / "maps" / "horde-last-stand.tmx")
    m = Base(1, "player", 3.0, 4.0, 0.0, 0.5)
    runs = _counting(monkeypatch)

    def searched(bf):
        t = Table(bf)
        t.set_bases([m])
        n = len(runs)
        t.reach(m, 4.0)
        return len(runs) - n

    assert [searched(doors), searched(doors)] == [1, 0]
    assert [searched(last), searched(last)] == [1, 0]
    assert searched(doors) == 1  # its answers were dropped for the other map's
