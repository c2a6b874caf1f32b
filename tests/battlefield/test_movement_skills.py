"""Movement skills on the table (docs/rules-notes.md N53-N57): a base's MoveRule changes what its paths cost
and where they may go. Climber (CMB): height up counts 2" less, down 4" less. Jump Pack: climbing costs no
height. Flying / Nebulant: no height, over any terrain. Nebulant / Small: through enemy bases.

skills.tmx (16x8"): 'trench-lip' low wall (1") at x=2; 'tower' x 4-8, y 0-4, 6" high, climbable; 'block'
x 4-8, y 6-8, 5" high, not climbable; 'rough' wall x=10, 3" high, climbable, across the table; 'bulkhead'
x=12, 4" high, not climbable, with the closed door 'hatch' (y 3-5) in it."""
import math

import pytest

from game.battlefield import Base, MoveRule, Table, climb_cost, grid_climb_cost, open_table

CORE = MoveRule()
CLIMBER = MoveRule(climb_up_less=2.0, climb_down_less=4.0)
JUMP_PACK = MoveRule(ignore_vertical=True)
FLYING = MoveRule(ignore_vertical=True, any_face=True)
NEBULANT = MoveRule(ignore_vertical=True, any_face=True, through_enemies=True)
SMALL = MoveRule(through_enemies=True)
RULES = {"core": CORE, "climber": CLIMBER, "jump pack": JUMP_PACK, "flying": FLYING, "nebulant": NEBULANT}


def mover(x, y, z=0.0, rule=CORE, uid=1, side="player", radius=0.5):
    return Base(uid, side, x, y, z, radius, rule)


def costs(t, start, goal, budget=30.0):
    """{rule name: path cost or None} for one move."""
    out = {}
    for name, rule in RULES.items():
        p = t.path(mover(*start, rule=rule), *goal, budget)
        out[name] = None if p is None else p.cost
    return out


def test_the_core_rule_is_the_default():
    assert Base(1, "A", 0, 0).move == CORE == MoveRule(0.0, 2.0, False, False, False)
    assert Base(1, "A", 0, 0, 0, 0.5, CLIMBER).moved(3, 4, 1).move == CLIMBER
    assert NEBULANT.terrain == FLYING and CLIMBER.terrain is CLIMBER


def test_climb_cost_with_skills():
    assert climb_cost(1.0, 3.0, 0.0, 2.0, 4.0) == 2.0  # Climber up 3": 1" crest + (3 - 2)"
    assert climb_cost(1.0, 0.0, 3.0, 2.0, 4.0) == 1.0  # Climber down 3": only the edge
    assert climb_cost(1.0, 0.0, 6.0, 2.0, 4.0) == 3.0  # Climber down 6": 1" + (6 - 4)"
    assert climb_cost(1.0, 1.0, 0.0, 2.0, 4.0) == 1.0  # never below 0
    assert climb_cost(1.0, 3.0, 3.0, 2.0, 4.0) == 2.0  # over a 3" wall
    assert grid_climb_cost(3.0, 0.0, 2.0, 4.0) == 4.0  # grid: 2 squares up, 1 free
    assert grid_climb_cost(0.0, 6.0, 2.0, 4.0) == 4.0  # 3 squares down, 2 free
    assert grid_climb_cost(2.0, 2.0, 2.0, 4.0) == 2.0  # only the square moved onto


def test_up_and_down_a_6_inch_platform(table):
    t = table("skills.tmx")
    assert costs(t, (3.5, 2, 0.0), (4.5, 2, 6.0)) == {
        "core": 7.0, "climber": 5.0, "jump pack": 1.0, "flying": 1.0, "nebulant": 1.0}
    assert costs(t, (4.5, 2, 6.0), (3.5, 2, 0.0)) == {
        "core": 5.0, "climber": 3.0, "jump pack": 1.0, "flying": 1.0, "nebulant": 1.0}
    # from further away the horizontal inches count as always
    assert costs(t, (2.5, 2, 0.0), (6.5, 2, 6.0)) == {
        "core": 10.0, "climber": 8.0, "jump pack": 4.0, "flying": 4.0, "nebulant": 4.0}


def test_over_walls_and_low_walls(table):
    t = table("skills.tmx")
    # 'rough' 3" climbable wall, ground to ground: core 1 + 3 + (3 - 2); Climber 1 + 1 + 0
    assert costs(t, (9.5, 5, 0.0), (10.5, 5, 0.0)) == {
        "core": 5.0, "climber": 2.0, "jump pack": 1.0, "flying": 1.0, "nebulant": 1.0}
    # the 1" low wall: 2" for anyone, 1" (the crest) with any skill
    assert costs(t, (1.5, 5, 0.0), (2.5, 5, 0.0)) == {
        "core": 2.0, "climber": 1.0, "jump pack": 1.0, "flying": 1.0, "nebulant": 1.0}


def test_only_flyers_pass_terrain_that_is_not_climbable(table):
    t = table("skills.tmx")
    walkers = {"core": None, "climber": None, "jump pack": None}
    # 'bulkhead' wall (4", not climbable), its closed door 'hatch', and the 5" 'block' without a ladder
    for start, goal in (((11.5, 1.5, 0.0), (12.5, 1.5, 0.0)), ((11.5, 4, 0.0), (12.5, 4, 0.0)),
                        ((3.5, 7, 0.0), (4.5, 7, 5.0))):
        assert costs(t, start, goal) == {**walkers, "flying": 1.0, "nebulant": 1.0}
    # from the tower's top straight over the gap onto the block: 3" of horizontal travel
    assert costs(t, (6, 3.5, 6.0), (6, 6.5, 5.0)) == {**walkers, "flying": 3.0, "nebulant": 3.0}


def test_reach_with_skills(table):
    t = table("skills.tmx")
    tops = {}
    for name, rule in RULES.items():
        m = mover(3.5, 2, rule=rule)
        t.set_bases([m])
        r = t.reach(m, 6.0)
        tops[name] = {(x, y): c for x, y, z, c in r.spots if z == 6.0}
        assert any(z == 5.0 for x, y, z, c in r.spots) == rule.any_face  # the block: flyers only
        for (x, y), c in tops[name].items():
            p = r.path_to(x, y, 6.0)
            assert p is not None and p.cost <= c + 1e-6 and p.climbs == 1
    assert tops["core"] == {}  # 7" to get onto the tower
    assert tops["climber"][(4.5, 2.0)] == 5.0 and tops["climber"][(5.5, 2.0)] == 6.0
    assert (6.0, 2.0) not in tops["climber"]
    assert tops["jump pack"][(4.5, 2.0)] == 1.0 and tops["jump pack"][(7.5, 2.0)] == 4.0
    assert tops["flying"] == tops["nebulant"] == tops["jump pack"]


def test_flying_over_the_bulkhead_in_reach_and_the_door_still_matters_for_walkers(table):
    t = table("skills.tmx")
    for rule, over in ((CORE, False), (CLIMBER, False), (JUMP_PACK, False), (FLYING, True)):
        m = mover(11.5, 1.5, rule=rule)
        t.set_bases([m])
        east = [s for s in t.reach(m, 6.0).spots if s[0] > 12]
        assert bool(east) == over
    t.set_door("hatch", True)  # open: everyone walks through (and the edges of every rule were refreshed)
    m = mover(11.5, 4)
    assert t.path(m, 12.5, 4, 0.0, 6).cost == 1.0
    t.set_door("hatch", False)
    assert t.path(m, 12.5, 4, 0.0, 30) is None
    assert t.path(mover(11.5, 4, rule=FLYING), 12.5, 4, 0.0, 6).cost == 1.0


def test_climber_still_needs_a_climbable_face_or_ladder(table):
    t = table("climb.tmx")  # 'pillar' (3") has no climbable edge; 'crate' (2") only along its ladder
    assert t.path(mover(13, 2, rule=CLIMBER), 16, 2, 3.0, 50) is None
    assert t.path(mover(13, 2, rule=JUMP_PACK), 16, 2, 3.0, 50) is None
    assert t.path(mover(13, 2, rule=FLYING), 16, 2, 3.0, 50).cost == 3.0
    assert t.path(mover(5.5, 6.5, rule=CLIMBER), 6.5, 6.5, 2.0, 6).cost == 1.0  # up the ladder: 1 + (2 - 2)
    assert t.path(mover(6.5, 6.5, 2.0, rule=CLIMBER), 5.5, 6.5, 0.0, 6).cost == 1.0
    away = t.path(mover(5.5, 5.5, rule=CLIMBER), 6.5, 5.5, 2.0, 6)  # straight across misses the ladder
    assert away is not None and away.cost > 1.0
    assert t.path(mover(5.5, 5.5, rule=FLYING), 6.5, 5.5, 2.0, 6).cost == 1.0


@pytest.mark.parametrize("rule", [NEBULANT, SMALL])
def test_through_enemy_bases_never_onto_them_nor_through_items(rule):
    t = Table(open_table())
    a = mover(2, 5, rule=rule)
    t.set_bases([a, Base(2, "npc", 5, 5)])
    assert t.path(mover(2, 5), 8, 5, 0, 6) is None  # the detour does not fit in 6"
    p = t.path(a, 8, 5, 0, 6)
    assert p.cost == 6.0 and p.points == ((2, 5, 0.0), (8, 5, 0))
    assert p.left_adjacency == (2,)  # it did pass by the enemy (Nebulant and Small provoke no AoO: game/match/skills/move_rules.py)
    assert t.path(a, 5, 5, 0, 6) is None and t.path(a, 5.5, 5, 0, 6) is None  # may not end on it
    r = t.reach(a, 6)
    assert r.contains(8, 5, 0.0) and not r.contains(5, 5, 0.0)
    assert all(math.hypot(x - 5, y - 5) >= 1.0 - 1e-9 for x, y, z, c in r.spots)
    t.set_bases([a, Base(9, "item", 5, 5)])  # an item is no unit
    assert t.path(a, 8, 5, 0, 6) is None


def test_through_enemies_on_the_grid():
    g = Table(open_table(), measure="grid")
    m = Base(1, "player", 1, 1, 0.0, 0.5, SMALL)
    g.set_bases([m, Base(2, "npc", 3, 1), Base(3, "npc", 3, 3)])
    assert g.path(Base(1, "player", 1, 1), 5, 1, 0.0, 4) is None
    assert g.path(m, 5, 1, 0.0, 4).cost == 4.0
    assert g.path(m, 3, 1, 0.0, 4) is None
    g.set_bases([m, Base(8, "item", 3, 1), Base(9, "item", 3, 3)])
    assert g.path(m, 5, 1, 0.0, 4) is None


def test_grid_climbing_with_skills(table):
    t = table("skills.tmx", "grid")
    # tower 3 squares high; rough 3" wall (2 squares); the bulkhead; the block
    assert costs(t, (3, 1, 0.0), (5, 1, 6.0)) == {
        "core": 8.0, "climber": 6.0, "jump pack": 2.0, "flying": 2.0, "nebulant": 2.0}
    assert costs(t, (5, 1, 6.0), (3, 1, 0.0)) == {
        "core": 6.0, "climber": 4.0, "jump pack": 2.0, "flying": 2.0, "nebulant": 2.0}
    assert costs(t, (9, 5, 0.0), (11, 5, 0.0)) == {
        "core": 8.0, "climber": 4.0, "jump pack": 2.0, "flying": 2.0, "nebulant": 2.0}
    assert costs(t, (11, 1, 0.0), (13, 1, 0.0)) == {
        "core": None, "climber": None, "jump pack": None, "flying": 2.0, "nebulant": 2.0}


def test_rules_share_one_lattice_per_radius(table):
    t = table("skills.tmx")
    for rule in (CORE, SMALL, CLIMBER, NEBULANT, FLYING):
        t.reach(mover(3.5, 2, rule=rule), 6.0)
    assert list(t._lattices) == [0.5]
    lat = t._lattices[0.5]
    assert set(lat.edges) == {CORE, CLIMBER, FLYING}  # Small walks the core graph; Nebulant the flyer's
    t.prepare(0.5, rules=(CORE, JUMP_PACK))
    assert all(e is not None for e in lat.edges[JUMP_PACK])


@pytest.mark.parametrize("name", ["climber", "jump pack", "flying"])
def test_reach_spots_have_legal_paths_no_dearer_than_listed(table, name):
    """B12 for every rule: a path to any reach spot, legal leg by leg, costs at most what the spot lists."""
    t = table("skills.tmx")
    rule = RULES[name]
    for start in ((3.5, 2, 0.0), (4.5, 2, 6.0), (9.5, 5, 0.0), (11.5, 4, 0.0)):
        m = mover(*start, rule=rule)
        t.set_bases([m])
        r = t.reach(m, 6.0)
        for sx, sy, sz, cost in r.spots[::17]:
            p = r.path_to(sx, sy, sz)
            assert p is not None and p.cost <= cost + 1e-6 and p.points[-1] == (sx, sy, sz)
            total = 0.0
            for (ax, ay, az), (bx, by, bz) in zip(p.points, p.points[1:]):
                leg = t.path(mover(ax, ay, az, rule=rule), bx, by, bz, 30.0)
                assert leg is not None
                total += leg.cost
            assert total <= p.cost + 1e-6


def test_rules_after_a_door_changed_match_a_fresh_table(table):
    """A door that opens or closes drops the nodes and crossings around it for every rule; a rule's edges
    built afterwards from the core ones (kept farther away) are still right."""
    t, fresh = table("skills.tmx"), table("skills.tmx")
    for rule in (CORE, FLYING):
        t.reach(mover(9.0, 4, rule=rule), 8.0)
    t.set_door("hatch", True)
    t.set_door("hatch", False)
    for rule in (CLIMBER, JUMP_PACK, FLYING, CORE):
        m = mover(9.0, 4, rule=rule)
        assert t.reach(m, 8.0).spots == fresh.reach(m, 8.0).spots
    t.set_door("hatch", True)
    m = mover(9.0, 4, rule=CLIMBER)
    fresh.set_door("hatch", True)
    assert t.reach(m, 8.0).spots == fresh.reach(m, 8.0).spots
