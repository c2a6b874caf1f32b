"""Control (Core Rules: Mission Actions and Control): a side Controls a marker when one of its units does, and a
unit Controls it when it is Adjacent to it, not Adjacent to an enemy, and no enemy is Adjacent to the marker. The
match asks only the units Adjacent to the marker; the answer must be the one every unit's own reason gives, at every
moment of seeded games with markers (PvP zones, the Beacon, PvE objectives)."""
import pytest

from game.content import default_squad
from game.headless import build_scenario
from game.modes import create_match
from game.modes.session import Session, make_controller


def by_every_unit(m, side, mid) -> bool:
    return any(m.control_reason(u, mid) is None for u in m.units(side))


@pytest.mark.parametrize("mission, seed, kw", [
    ("pvp-secure-the-zone", 3, {}),
    ("pvp-relay-run", 5, {}),
    ("pve", 11, {"squad": default_squad("interdictors")}),
])
def test_a_sides_control_is_what_its_units_own_reasons_say(mission, seed, kw):
    m = create_match(build_scenario(mission, **kw), seed)
    s = Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer") for sp in m.scenario.sides})
    asked = controlled = 0
    try:
        while m.phase != "over" and len(m.log) < 160:
            s.step()
            for mid in m.state.marker_ids:
                for side in m.sides:
                    want = by_every_unit(m, side, mid)
                    assert m.side_controls(side, mid) == want, (len(m.log), mid, side)
                    asked += 1
                    controlled += want
                owner = m.controller_of(mid)
                assert owner is None or by_every_unit(m, owner, mid)
    finally:
        m.close()
    assert asked > 200 and controlled > 0  # markers were there, and some were Controlled
