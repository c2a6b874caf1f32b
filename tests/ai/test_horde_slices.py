"""The Horde on the battle screen: a Behaviour decision's walking field (and the reversed movement graph it is searched
on, built once per map) stops at the slice's end and goes on in the next slice, instead of one long slice the first
time a Horde unit walks toward the squad; the squad's shot weighs a few targets a slice. The same commands as whole."""
from game.ai.horde_squad import HordeSquadController
from game.ai.simple import TARGETS_PER_SLICE
from game.battlefield import field
from game.battlefield.model import CORE_MOVE
from game.battlefield.search import sliced, work_slice
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.match.flow import OVER
from game.modes import create_match
from game.modes.horde import waves
from game.modes.session import Session
from game.rules.model import RANGED

from tests.ai.test_sliced_searches import _pieces
from tests.modes.horde.horde_helpers import begin, clear_horde, new_match, put, squad


def in_slices(ask) -> tuple[int, object]:
    """(slices it stopped in, answer) of `ask` through `sliced`, each slice ending at once."""
    gen = sliced(ask)
    slices = 0
    while True:
        try:
            with work_slice(0.0):
                next(gen)
        except StopIteration as done:
            return slices, done.value
        slices += 1


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
        slices, cut = in_slices(lambda: field._reversed_edges(m.table, lat, rule))
        assert slices > 3
        assert cut == whole
    finally:
        m.close()


def test_the_squads_shot_weighs_its_targets_a_few_a_slice():
    """Eight Horde units, each Adjacent to a squadmate (no valid target, R7): the shooter asks about every one, a few
    between two slices of the screen's work, and then does something else."""
    m = begin(new_match())
    try:
        clear_horde(m)
        units = squad(m)
        for i, u in enumerate(units):
            put(m, u, 3 + 2.5 * i, 22)
        shooter = next(u for u in units if any(w.kind == RANGED for w in m.unit(u).card.weapons))
        mates = [u for u in units if u != shooter][:2]
        put(m, shooter, 4, 4)
        put(m, mates[0], 10, 12)
        put(m, mates[1], 16, 12)
        card = waves.horde_card(m.mission, "HRD-MED01")
        with m._in_world():
            for mate in mates:
                for dx, dy in ((-1.2, 0), (1.2, 0), (0, -1.2), (0, 1.2)):
                    b = m.base(mate)
                    m.spawn("horde", "Ruin Stalker", card, b.x + dx, b.y + dy, 0.0)
        m.submit(C.Activate("player", shooter))
        asked = []
        inner = m.ranged_target_reason

        def counted(*a, **kw):
            asked[-1] += 1
            return inner(*a, **kw)
        m.ranged_target_reason = counted
        gen = HordeSquadController("player").think(m)
        asked.append(0)
        while True:
            try:
                next(gen)
            except StopIteration:
                break
            asked.append(0)
        assert sum(asked) >= 8
        assert max(asked) <= TARGETS_PER_SLICE
    finally:
        m.close()


def test_a_decisions_sight_lines_stop_at_the_slices_end_one_new_line_a_slice_with_the_same_answers():
    """common.Sights: asked inside `sliced`, a line not yet known is not worked out past the slice's end; the question
    asked again finds the lines already seen, works out one more, and so on: the answers of the table's own sight."""
    from game.ai.common import Sights
    m = begin(new_match())
    try:
        units = squad(m)
        for i, u in enumerate(units):
            put(m, u, 3 + 4 * i, 6 + 3 * i)
        bases = [m.base(u) for u in units]
        pairs = [(a, b) for a in bases for b in bases if a is not b]
        table_says = [m.table.sight(a, b) for a, b in pairs]
        sights = Sights(m.table)
        slices, got = in_slices(lambda: [sights(a, b) for a, b in pairs])
        assert slices == len(pairs) - 1  # a slice for each line after the first
        assert got == table_says
        assert [sights(a, b) for a, b in pairs] == table_says  # outside a slice: at once
    finally:
        m.close()
