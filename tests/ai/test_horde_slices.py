"""The Horde's Behaviours on the battle screen: a decision's walking field (and the reversed movement graph it is
searched on, built once per map) stops at the slice's end and goes on in the next slice, instead of one long slice
the first time a Horde unit walks toward the squad; the same commands as decided whole."""
from game.battlefield import field
from game.battlefield.model import CORE_MOVE
from game.battlefield.search import sliced, work_slice
from game.content import default_squad
from game.headless import build_scenario
from game.match.flow import OVER
from game.modes import create_match
from game.modes.session import Session

from tests.ai.test_sliced_searches import _pieces


def test_a_horde_decision_on_a_cold_table_is_cut_into_slices_with_the_same_command():
    sc = build_scenario("horde", default_squad("interdictors"), map_name="horde-weapons-manufacture.tmx")
    whole, cut = create_match(sc, 157), create_match(sc, 157)
    try:
        a, b = Session(whole), Session(cut)
        horde = cold = 0
        for _ in range(160):
            if whole.phase == OVER:
                break
            side = whole.waiting_for()
            if side == "horde":
                field.clear_field_cache()  # each Horde decision asks its field and the reversed graph afresh
                a.controllers[side].fields = type(a.controllers[side].fields)()
                b.controllers[side].fields = type(b.controllers[side].fields)()
                n_cut, cmd_cut = _pieces(b.controllers[side], cut, 0.0)
                field.clear_field_cache()
                n_whole, cmd = _pieces(a.controllers[side], whole, None)
                horde += 1
                cold += n_cut > n_whole
            else:
                _, cmd = _pieces(a.controllers[side], whole, None)
                _, cmd_cut = _pieces(b.controllers[side], cut, None)
            assert cmd_cut == cmd, f"decision {len(whole.log)}: sliced {cmd_cut!r}, whole {cmd!r}"
            whole.submit(cmd)
            cut.submit(cmd)
        assert whole.state_hash() == cut.state_hash()
        assert horde >= 20 and cold >= 5, (horde, cold)
    finally:
        whole.close()
        cut.close()


def test_the_reversed_graph_built_in_slices_is_the_one_built_whole():
    m = create_match(build_scenario("horde", default_squad("interdictors"), map_name="horde-last-stand.tmx"), 1)
    try:
        lat = m.table._lattice(0.5)
        rule = CORE_MOVE.terrain
        field.clear_field_cache()
        whole = field._reversed_edges(m.table, lat, rule)
        field.clear_field_cache()
        slices = 0
        gen = sliced(lambda: field._reversed_edges(m.table, lat, rule))
        while True:
            try:
                with work_slice(0.0):
                    next(gen)
            except StopIteration as done:
                cut = done.value
                break
            slices += 1
        assert slices > 3
        assert cut == whole
    finally:
        m.close()
