"""The Horde's "Move to cover with Line of Sight to an enemy" line: the unit must see an enemy from its spot (its
own Line of Sight, not the enemy's of it), in Cover from every enemy that sees it. Sight is one-way (a unit on
higher ground sees over a wall that hides it from the one below): a Ranged unit that stood in Cover, seen by the
squad but seeing nobody, stayed there and neither shot nor moved for five Turns (seed 136's sixth wave)."""
from game.ai.horde import HordeController, _Look
from game.battlefield.model import Sight
from game.match import commands as C
from game.rules import actions as act

from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, spawn, squad  # noqa: F401


def test_a_unit_seen_in_cover_but_seeing_nobody_moves_to_a_spot_that_sees_an_enemy(matches):
    m = begin(matches(map_name="horde-last-stand.tmx"))
    clear_horde(m)
    for i, u in enumerate(squad(m)):
        put(m, u, 4 + 2.5 * i, 3)
    uid = spawn(m, "HRD-MED02", 12.0, 14.0)
    here = m.base(uid)
    look = _Look(m, uid)

    def one_way(a, b):
        """From where it stands the unit sees nobody; every enemy sees it, in Cover, wherever it stands; from any
        other spot it sees them."""
        if a.uid == uid:
            return Sight(visible=(a.x, a.y) != (here.x, here.y))
        return Sight(visible=True, cover=b.uid == uid)
    look.sight = one_way
    with m.as_if_active(uid):
        cmd = HordeController("horde")._cover_sight(m, look, act.MOVE)
    assert isinstance(cmd, C.Move) and (cmd.x, cmd.y) != (here.x, here.y), \
        "seen in Cover but seeing no enemy, it moves to a spot that sees one"
