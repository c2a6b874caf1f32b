"""The Horde squad's computer player in a long wave's tail (horde_tail). From the wave's Turn 7 one Horde unit arrives
each Turn and the wave ends only when the squad takes out everything on the table in one Turn (seed 142's eighth
wave: 14 Turns). There:
- the ACT left and the spare Tactical Orders (beyond KEEP_TO) pay for a Move to a spot the unit shoots from, and the
  shot: a unit with 1 ACT left (a second Move costs 2, R17) and no shot from where it stood ended its activation, and
  the Tactical Orders were lost at the end of the Turn;
- a shooter with no shot from where it stands walks to one before it walks to a Downed squadmate;
- a shooter that stepped away from an enemy to shoot it shoots before it walks to a Downed squadmate (seed 210's
  fourth wave: it walked back with its last 2 ACT and could not pay for the revive)."""
from game.ai.horde_squad import KEEP_TO, PRESS_TURN, HordeSquadController
from game.match import commands as C
from game.rules import actions as act

from tests.modes.horde.horde_helpers import (activate, begin, clear_horde, matches, out_of_the_way, put,  # noqa: F401
                                             spawn, squad)

MAP = "horde-last-stand.tmx"  # a block of wall at x 6-10, y 5-8
STALKER = "HRD-MED01"  # Ruin Stalker: a Melee unit of 2 HIT


def one_act_left(matches, wave_turn=PRESS_TURN, orders=KEEP_TO + 2):
    """The Leader south of the western block with 1 ACT left (a short Move and a short Dash), a Ruin Stalker north
    of the block, out of its sight; the rest of the squad far off in the south-east."""
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader = squad(m)[0]
    out_of_the_way(m, [u for u in squad(m) if u != leader])
    put(m, leader, 8, 10.5)
    foe = spawn(m, STALKER, 8, 2.5)
    m.mission_state["wave_turn"] = wave_turn
    assert not m.table.sight(m.base(leader), m.base(foe)).visible
    activate(m, leader)
    z = m.base(leader).z
    m.submit(C.Move("player", 8.0, 10.0, z))
    m.submit(C.Dash("player", 8.0, 9.5, z))
    m.to["player"] = orders
    assert m.act_left() == 1 and m.cost_of(act.MOVE) == 2
    return m, leader, foe


def test_in_a_long_wave_the_last_act_walks_to_a_shot_paid_with_tactical_orders(matches):
    m, leader, foe = one_act_left(matches)
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: the activation ended, the Tactical Orders lost with the Turn
    m.submit(cmd)
    assert m.active_unit == leader and m.to["player"] == KEEP_TO + 1  # the Move: 1 ACT and 1 Tactical Order
    assert m.table.sight(m.base(leader), m.base(foe)).visible
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd


def test_with_no_order_left_for_the_shot_it_stays(matches):
    m, leader, foe = one_act_left(matches, orders=KEEP_TO + 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.EndActivation), cmd


def test_before_the_long_turns_it_stays(matches):
    m, leader, foe = one_act_left(matches, wave_turn=PRESS_TURN - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.EndActivation), cmd


def downed_by(matches, wave_turn):
    """The Leader south of the western block with all its ACT, a Ruin Stalker north of the block out of its sight, a
    Downed squadmate 4" east of the Leader (one Move away), the other three far off in the south-east."""
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    leader, down, *rest = squad(m)
    out_of_the_way(m, rest)
    put(m, leader, 8, 10.5)
    put(m, down, 12, 12)
    m.health(down).hit = 0
    m.down(down)
    foe = spawn(m, STALKER, 8, 2.5)
    m.mission_state["wave_turn"] = wave_turn
    assert not m.table.sight(m.base(leader), m.base(foe)).visible
    activate(m, leader)
    return m, leader, down, foe


def test_in_a_long_wave_a_shot_comes_before_the_walk_to_a_downed_squadmate(matches):
    m, leader, down, foe = downed_by(matches, PRESS_TURN)
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd
    m.submit(cmd)
    assert m.table.sight(m.base(leader), m.base(foe)).visible  # before: it walked to the Downed squadmate
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd


def test_before_the_long_turns_it_walks_to_the_downed_squadmate(matches):
    m, leader, down, foe = downed_by(matches, PRESS_TURN - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd
    m.submit(cmd)
    assert m.adjacent(leader, down)


def stepped_away(matches):
    """In a long wave the Leader (3 ACT) alone in the open centre, held by a Ruin Stalker from the north, the rest of
    the squad Downed, one of them 5" south of it; it steps away from the Stalker to shoot it (horde_press)."""
    m = begin(matches())
    clear_horde(m)
    me, *others = squad(m)
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 22)
        m.health(u).hit = 0
        m.down(u)
    put(m, others[0], 12, 17)
    put(m, me, 12, 12)
    foe = spawn(m, STALKER, 12, 12)
    gap = m.base(me).radius + m.base(foe).radius + 0.05
    put(m, foe, 12, 12 - gap)
    m.mission_state["wave_turn"] = PRESS_TURN
    activate(m, me)
    assert m.adjacent_enemies(me) == [foe]
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd
    m.submit(cmd)
    if m.prompt is not None and m.prompt.kind == "aoo":  # the Stalker's Attack of Opportunity: declined here
        m.submit(C.ChooseAttackOfOpportunity("horde", None))
    assert m.active_unit == me and not m.adjacent_enemies(me) and m.act_left() == 2
    return m, ctl, me, foe, others[0]


def test_a_shooter_that_stepped_away_shoots_before_it_walks_to_a_downed_squadmate(matches):
    m, ctl, me, foe, down = stepped_away(matches)
    assert m.table.distance(m.base(me), m.base(down)) <= m.move_budget(act.MOVE) + 1.0 and not m.adjacent(me, down)
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd  # before: a Move back to the Downed squadmate
