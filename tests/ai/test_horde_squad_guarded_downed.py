"""The Horde squad's computer player and a Downed squadmate an enemy stood by (horde_squad._to_downed). A revive is
refused while an enemy is Adjacent to the Downed unit; the unit that stood by it, able to pay, gave it up for the rest
of the wave, and once the enemy was gone walked off to a Downed squadmate across the table instead (seed 247's fourth
wave: a lone shooter at 1 HIT, 13 Turns). It is given up only while an enemy stands by it."""
from game.ai.common import Sights
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C

from tests.modes.horde.horde_helpers import activate, begin, clear_horde, matches, put, spawn, squad  # noqa: F401

STALKER = "HRD-MED01"


def test_a_downed_squadmate_is_walked_back_to_once_no_enemy_stands_by_it(matches):
    m = begin(matches())
    clear_horde(m)
    me, down, *rest = squad(m)
    for i, u in enumerate(rest):
        put(m, u, 22, 2 + 2.5 * i)  # standing, far off: more of the squad stands than lies Downed
    put(m, down, 6, 14)
    m.health(down).hit = 0
    m.down(down)
    r = m.base(down).radius
    put(m, me, 6, 14 - r - m.base(me).radius - 0.05)
    foe = spawn(m, STALKER, 6, 20)
    with m._in_world():
        m.place(foe, 6, 14 + r + m.base(foe).radius + 0.05, m.base(foe).z)
    m.mission_state["wave_turn"] = 6
    activate(m, me)
    assert m.adjacent(me, down) and m.adjacent(foe, down) and not m.adjacent_enemies(me)
    assert m.mission_action_reason(me, "revive", None, down) is not None  # an enemy by it
    ctl = HordeSquadController("player")
    ctl.sight = Sights(m.table)
    assert ctl._to_downed(m, me) is None  # here already, the revive refused: not walked about
    clear_horde(m)  # the enemy by it falls
    put(m, me, 10, 14)  # 4" away: within a Move
    assert ctl._revive(m, me) is None and not m.adjacent(me, down)
    cmd = ctl._to_downed(m, me)
    assert isinstance(cmd, C.Move), cmd  # before: given up for the rest of the wave
    assert m.table.distance(m.base(me).moved(cmd.x, cmd.y, cmd.z), m.base(down)) < 1.0
