"""approach_spot: the end spot a computer unit moves to. A unit too far from its target for any spot of its reach
to be Adjacent gets no spot without a movement search; the answer is the one the search gives."""
import math

from game.ai.common import _approach_spot, approach_spot, out_of_reach
from game.headless import build_scenario
from game.modes import create_match
from game.modes.session import Session, make_controller


def test_a_target_out_of_reach_gets_the_answer_of_the_search():
    m = create_match(build_scenario("first-mission"), 3)
    try:
        s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer")
                        for sp in m.scenario.sides})
        skipped = found = 0
        for _ in range(12):
            for _ in range(25):
                if s.step() is None:
                    break
            units = m.units()
            for uid in units:
                for target in m.enemies_of(uid):
                    for budget in (2.0, 6.0):
                        far = out_of_reach(m.table, m.base(uid), m.base(target), budget)
                        got = approach_spot(m, uid, target, budget, True, False)
                        assert got == _approach_spot(m, uid, target, budget, True, False), (uid, target, budget)
                        skipped += far
                        found += got is not None
                        assert not (far and got is not None)
        assert skipped > 20 and found > 5  # both cases were met
    finally:
        m.close()


def _band_of_every_spot(table, me, tb, spots, need_adjacent):
    """The best band worked out for every spot of the reach, one by one (what _band answers)."""
    from game.battlefield import Base
    band, scored = None, []
    for x, y, z, cost in spots:
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = max(0.0, math.hypot(x - tb.x, y - tb.y) - (me.radius + tb.radius))
        adjacent = d <= 1.0 and table.adjacent(cand, tb)
        if need_adjacent and not adjacent:
            continue
        k = (0 if adjacent else 1, round(d * 2) / 2)
        if band is None or k < band:
            band, scored = k, [(k, cost, (x, y, z))]
        elif k == band:
            scored.append((k, cost, (x, y, z)))
    return scored


def test_the_best_band_is_the_one_every_spot_weighed_gives():
    from game.ai.common import _band
    m = create_match(build_scenario("first-mission"), 5)
    try:
        s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer")
                        for sp in m.scenario.sides})
        adjacent = banded = 0
        for _ in range(8):
            for _ in range(25):
                if s.step() is None:
                    break
            for uid in m.units():
                me = m.base(uid)
                for target in m.enemies_of(uid) + m.units(items=True):
                    tb = m.base(target)
                    for budget in (4.0, 8.0):
                        spots = m.table.reach(me, budget).spots
                        for need in (True, False):
                            got = [(k, c, (p.x, p.y, p.z) if hasattr(p, "x") else p)
                                   for k, c, p in _band(m.table, me, tb, spots, need)]
                            assert got == _band_of_every_spot(m.table, me, tb, spots, need), (uid, target, budget)
                            adjacent += bool(got) and got[0][0][0] == 0
                            banded += len(got) > 1
        assert adjacent > 5 and banded > 5  # Adjacent spots and bands of several spots were both met
    finally:
        m.close()
