"""The Horde squad's computer player and a fleeing Broodmind (horde_brood): a unit's last ACT does not walk toward the
Horde before the wave's long Turns (test_horde_squad_last_move), but the Broodmind never comes to the squad: it births
a Leech, fights what stands Adjacent to it, shoots once and Moves away, 2" a Move. Once the squad went for it, the
rule left each unit half a Move short a Turn while the Boss walked into a corner (seed 165's fourth wave: 8 HIT in a
corner from its Turn 4, first shot in Turn 8, 13 Turns; 9 with this). The last Move now goes toward the Broodmind when
the squad goes for it, to a spot Adjacent to no enemy; toward any other Boss it still waits."""
from game.ai.horde_squad import PRESS_TURN, REINFORCED_TURN, HordeSquadController
from game.match import commands as C

from tests.ai import test_horde_squad_last_move as last_move
from tests.modes.horde.horde_helpers import matches  # noqa: F401

BROODMIND, OSSUARY = "HRD-BOSS3", "HRD-BOSS2"


def walled_off(matches, boss_type, at=(8, 2.5)):
    """test_horde_squad_last_move's table with the wave's Boss north of the block, in the wave's Turn 5: the squad goes
    for it."""
    assert REINFORCED_TURN < PRESS_TURN
    return last_move.walled_off(matches, boss_type, at, boss=True)


def test_the_last_act_closes_in_on_a_broodmind(matches):
    m, leader, boss = walled_off(matches, BROODMIND)
    before = m.table.distance(m.base(leader), m.base(boss))
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: the activation ended half a Move short, Turn after Turn
    m.submit(cmd)
    assert m.table.distance(m.base(leader), m.base(boss)) < before
    assert not m.adjacent_enemies(leader)


def test_it_never_ends_adjacent_to_it(matches):
    m, leader, boss = walled_off(matches, BROODMIND, at=(4.5, 6.5))  # west of the block: the nearest spot by walking
    # is Adjacent to it, where its two Claws attacks would strike first
    before = m.table.distance(m.base(leader), m.base(boss))
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd
    m.submit(cmd)
    assert not m.adjacent_enemies(leader)
    assert m.table.distance(m.base(leader), m.base(boss)) < before


def test_toward_any_other_boss_the_last_act_still_waits(matches):
    m, leader, boss = walled_off(matches, OSSUARY)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.EndActivation), cmd
