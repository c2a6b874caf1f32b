"""The Horde squad's computer player in a long wave: a shooter held in Melee by one of the Horde (horde_press).
A newcomer is set down by its Spawn Point on the free spot nearest the squad (H2), Adjacent to a unit standing there;
R7 bars a Ranged attack by a unit Adjacent to an enemy, so the shooter fought it with its Combat Knife, Turn after Turn
(seed 160's eighth wave: the Leader alone at Spawn Point 2, 15 Turns). From the wave's Turn 7 it steps away and shoots
it; before that, or with a squadmate holding the enemy too (no shot at it, R7), it fights as before."""
from game.ai.horde_squad import PRESS_TURN, HordeSquadController
from game.match import commands as C

from tests.modes.horde.horde_helpers import begin, matches, put, squad  # noqa: F401

from .test_horde_boss_step_away import held as held_by

STALKER = "HRD-MED01"  # Ruin Stalker: a Melee unit of 2 HIT


def held(m, wave_turn):
    """The shooter in the open centre, a Ruin Stalker touching it from the north, the rest of the squad far off."""
    return held_by(m, STALKER, boss=False, wave_turn=wave_turn)


def test_in_a_long_wave_a_shooter_held_by_one_unit_steps_away_and_shoots_it(matches):
    m = begin(matches())
    me, foe = held(m, PRESS_TURN)
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: a Melee attack with its knife
    m.submit(cmd)
    if m.prompt is not None and m.prompt.kind == "aoo":  # the Stalker's Attack of Opportunity: declined here
        m.submit(C.ChooseAttackOfOpportunity("horde", None))
    assert m.active_unit == me and not m.adjacent_enemies(me)
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd


def test_before_the_long_turns_it_fights(matches):
    m = begin(matches())
    me, foe = held(m, PRESS_TURN - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == foe, cmd


def test_with_a_squadmate_also_holding_it_it_fights_on(matches):
    m = begin(matches())
    me, foe = held(m, PRESS_TURN)
    mate = next(u for u in squad(m) if u != me)
    gap = m.base(mate).radius + m.base(foe).radius + 0.05
    put(m, mate, 12, 12 - 2 * gap)  # touching the Stalker from the north: no shot at it from anywhere (R7)
    assert m.adjacent(mate, foe)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == foe, cmd
