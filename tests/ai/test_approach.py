"""approach_spot: the end spot a computer unit moves to. A unit too far from its target for any spot of its reach
to be Adjacent gets no spot without a movement search; the answer is the one the search gives."""
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
