"""The Horde squad's computer player and its last ACT: a Move that leaves no ACT for an attack does not walk toward
the Horde (before the wave's long Turns, PRESS_TURN). It ended its activation nearer the enemy without hurting it, and
the enemy struck first: in seed 192's fourth wave a unit shot the Broodmind twice, then walked Adjacent to it with its
last ACT and was Downed by its two Melee attacks before it could fight back. Over seeds 0-199 the squads Downed in
their fourth wave went from 47 to 35 with this alone."""
from game.ai.horde_squad import PRESS_TURN, REINFORCED_TURN, HordeSquadController
from game.match import commands as C
from game.rules import actions as act

from tests.modes.horde.horde_helpers import (activate, begin, clear_horde, matches, out_of_the_way, put,  # noqa: F401
                                             spawn, squad)

MAP = "horde-last-stand.tmx"  # a block of wall at x 6-10, y 5-8


def walled_off(matches, foe_type="HRD-HVY01", at=(8, 2.5), boss=False):
    """The Leader (3 ACT) south of the western block, a Horde unit north of it (a Razorhowl Reaver, Melee only, unless
    told), out of its sight; the rest of the squad far off in the south-east. `boss`: that unit is the wave's Boss and
    it is the wave's Turn 5 (reinforcements every Turn: the squad goes for the Boss). The Leader has taken a short
    step: a second Move (2 ACT, R17) would be its last action."""
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader = squad(m)[0]
    out_of_the_way(m, [u for u in squad(m) if u != leader])
    put(m, leader, 8, 10)
    foe = spawn(m, foe_type, *at)
    if boss:
        m.mission_state["boss"] = foe
        m.mission_state["wave_turn"] = REINFORCED_TURN
    assert not m.table.sight(m.base(leader), m.base(foe)).visible
    activate(m, leader)
    m.submit(C.Move("player", 8.0, 9.5, m.base(leader).z))
    assert m.act_left() == 2 == m.cost_of(act.MOVE)
    return m, leader, foe


def test_the_last_act_is_not_a_walk_toward_the_horde(matches):
    m, leader, foe = walled_off(matches)
    cmd = HordeSquadController("player").decide(m)
    # before: a Move round the block toward the Reaver, which then charged it and fought first
    assert isinstance(cmd, C.EndActivation), cmd


def test_in_a_long_wave_the_last_act_still_closes_in(matches):
    m, leader, foe = walled_off(matches)
    m.mission_state["wave_turn"] = PRESS_TURN  # reinforcements every Turn: the wave ends only with the Horde gone
    before = m.table.distance(m.base(leader), m.base(foe))
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd
    m.submit(cmd)
    assert m.table.distance(m.base(leader), m.base(foe)) < before
