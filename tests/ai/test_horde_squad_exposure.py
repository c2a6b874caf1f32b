"""The Horde squad's computer player and the Horde's shooters: after it has fought, a shooter steps out of the sight
of the Horde's guns, not only of the nearest foes. The Horde's Ranged units shoot from where they stand, else Move to
a spot in Cover that sees an enemy and shoot from there (H6); their weapons reach across the table. The nearest foes
are mostly Melee units whose sight does not matter: a shooter hidden from three Leeches stood in the open before an
Ashline Gunner 14" away."""
from game.ai.common import Sights
from game.ai.horde_exposure import Guns, exposure
from game.ai.horde_squad import HordeSquadController
from game.battlefield import Base
from game.match import commands as C
from game.rules import actions as act
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import matches  # noqa: F401
from tests.modes.horde.horde_helpers import accept_all, activate, begin, clear_horde, put, spawn, squad

MAP = "horde-last-stand.tmx"  # a block of wall at x 6-10, y 5-8


def test_a_shooter_that_fought_steps_out_of_the_sight_of_the_hordes_guns(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader, trooper, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 22)
    put(m, leader, 8, 9.5)
    leeches = [spawn(m, "HRD-LCH01", x, 3.0) for x in (6.5, 8.0, 9.5)]  # north of the block: out of its sight
    gunner = spawn(m, "HRD-MED02", 22, 9.5)  # east, down the open row: it sees the Leader
    assert not any(m.table.sight(m.base(leader), m.base(e)).visible for e in leeches)
    assert m.table.sight(m.base(gunner), m.base(leader)).visible
    activate(m, leader)
    gun = next(w for w in m.unit(leader).card.weapons if w.kind == "ranged")
    m.dice = ScriptedDice([6] * 20)  # every attack die fails: the Gunner stands
    m.submit(m.attack_command("player", leader, gun, gunner))
    accept_all(m)
    put(m, trooper, 21.0, 8.3)  # now a squadmate holds it: no more shots at it (R7)
    assert m.shot_barred_reason(leader, gunner) is not None
    me = m.base(leader)
    assert exposure(m, me, me.x, me.y, me.z, Guns(m, leader)) > 0
    ctl = HordeSquadController("player")
    ctl.sight = Sights(m.table)
    cmd = ctl._take_cover(m, leader)
    # before: hidden from the three nearest foes (the Leeches), it did not take cover from the Gunner (None)
    assert isinstance(cmd, C.Move), cmd
    spot = Base(uid=me.uid, side=me.side, x=cmd.x, y=cmd.y, z=cmd.z, radius=me.radius)
    seen = m.table.sight(m.base(gunner), spot)
    assert not seen.visible or seen.cover, (cmd, seen)


def test_a_spot_to_shoot_from_is_one_the_hordes_guns_do_not_see(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 23)
    put(m, leader, 8, 9.5)
    leeches = [spawn(m, "HRD-LCH01", x, 3.0) for x in (6.5, 8.0, 9.5, 11.0)]  # north of the block: no shot from here
    gunner = spawn(m, "HRD-MED02", 22, 9.5)  # east, down the open row
    assert not any(m.table.sight(m.base(leader), m.base(e)).visible for e in leeches)
    activate(m, leader)
    ctl = HordeSquadController("player")
    ctl.sight = Sights(m.table)
    spot = ctl._shot_spot(m, leader, m.move_budget(act.MOVE))
    assert spot is not None
    me = m.base(leader)
    probe = Base(uid=me.uid, side=me.side, x=spot[0], y=spot[1], z=spot[2], radius=me.radius)
    assert any(m.table.sight(probe, m.base(e)).visible for e in leeches), "a shot from there"
    # before: the spot most hidden from the four nearest foes, the Leeches: (10, 9), in the open before the Gunner
    seen = m.table.sight(m.base(gunner), probe)
    assert not seen.visible or seen.cover, (spot, seen)
