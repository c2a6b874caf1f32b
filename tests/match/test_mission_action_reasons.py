"""Match.mission_action_reasons: the reasons of one mission action for many markers and units at once (the action
buttons ask it of everything on the table) are those asked one by one."""
from game.match import commands as C
from game.modes.horde import waves

from tests.modes.horde.horde_helpers import begin, matches, squad  # noqa: F401


def test_the_reasons_asked_at_once_are_those_asked_one_by_one(matches):
    m = begin(matches())
    with m._in_world():
        for _ in range(6):
            waves.place_at_spawn_point(m, m.mission, "HRD-MED01")
    m.health(squad(m)[1]).hit = 0
    m.down(squad(m)[1])
    m.submit(C.Activate("player", squad(m)[0]))
    units = m.units(items=None, downed=None)
    targets = [(mid, None) for mid in m.markers(on_table=True)] + [(None, u) for u in units] + [(None, None)]
    compared = allowed = 0
    for uid in units:
        for d in m.mission_action_defs():
            at_once = m.mission_action_reasons(uid, d.id, targets)
            assert at_once == [m.mission_action_reason(uid, d.id, mid, t) for mid, t in targets], (uid, d.id)
            compared += len(targets)
            allowed += at_once.count(None)
    assert m.mission_action_reasons(units[0], "no-such-action", targets[:2]) == ["this mission has no such action"] * 2
    assert compared > 500 and allowed > 0
