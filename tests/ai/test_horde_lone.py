"""The Horde squad's computer player down to its last unit (horde_lone). From a wave's Turn 5 a newcomer arrives every
Turn and the wave ends only when the squad takes out everything on the table in one Turn; the last unit kept 3
Tactical Orders for its saves and held on, Turn after Turn, until it fell (seed 196's seventh wave: the Leader alone at
1 HIT for 9 Turns, 15 Turns in all). Alone, it spends them all on its attacks; with a squadmate left it keeps them."""
from game.ai.horde_lone import REINFORCED_TURN
from game.ai.horde_squad import KEEP_TO, HordeSquadController
from game.match import commands as C
from game.modes.horde.downed import deceased
from game.rules import actions as act
from game.rules.dice import ScriptedDice
from game.rules.model import RANGED

from tests.modes.horde.horde_helpers import (activate, begin, clear_horde, matches, put, run,  # noqa: F401
                                             spawn, spread, squad)

STALKER = "HRD-MED01"  # Ruin Stalker: a Melee unit of 2 HIT
MISS = 6  # an attack die of 6 fails any SKL


def last_unit(matches, mates_left=0, wave_turn=REINFORCED_TURN):
    """The Leader in the open centre, a Ruin Stalker 6" north of it in its sight, the rest of the squad Deceased but
    `mates_left` (Standing, off along the south edge), in the wave's Turn `wave_turn`; the Leader active."""
    m = begin(matches())
    clear_horde(m)
    spread(m)
    leader, *others = squad(m)
    gone = others[mates_left:]
    run(m, lambda _mission, match: [deceased(match, u, "test") for u in gone])
    assert squad(m) == [leader] + others[:mates_left]
    put(m, leader, 12, 12)
    foe = spawn(m, STALKER, 12, 6)
    m.mission_state["wave_turn"] = wave_turn
    activate(m, leader)
    assert m.table.sight(m.base(leader), m.base(foe)).visible
    return m, leader, foe


def rifle(m, uid):
    return max((w for w in m.unit(uid).card.weapons if w.kind == RANGED), key=lambda w: (w.att * w.skl, w.id))


def missed_shot(m, uid, foe, orders):
    """`uid` shoots `foe` with every die a miss, `orders` Tactical Orders in hand (with some, the attack's dice prompt
    is left open)."""
    w = rifle(m, uid)
    m.to["player"] = orders
    m.dice = ScriptedDice([MISS] * w.att)
    m.submit(C.RangedAttack("player", w.id, foe))
    assert (m.prompt is not None and m.prompt.kind == "dice") == (orders > 0), m.prompt


def test_the_last_unit_re_rolls_a_missed_attack_die_with_its_last_tactical_orders(matches):
    m, leader, foe = last_unit(matches)
    missed_shot(m, leader, foe, KEEP_TO - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RerollDie), cmd  # before: accepted, 2 Tactical Orders kept for the saves


def test_with_a_squadmate_left_it_keeps_them_for_the_saves(matches):
    m, leader, foe = last_unit(matches, mates_left=1)
    missed_shot(m, leader, foe, KEEP_TO - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.AcceptDice), cmd


def spent(m, leader, foe, orders):
    """Two missed shots: the Leader's ACT spent (the second shot is a repeat, R17), `orders` Tactical Orders left."""
    for _ in range(2):
        missed_shot(m, leader, foe, 0)
    assert m.act_left() == 0 and m.active_unit == leader
    m.to["player"] = orders
    pay = m.payment(m.cost_of(act.RANGED_COMBAT, rifle(m, leader)))
    assert pay is not None and pay[1] == orders  # a third shot takes every Tactical Order left


def test_the_last_unit_pays_a_shot_beyond_its_act_with_every_tactical_order(matches):
    m, leader, foe = last_unit(matches)
    spent(m, leader, foe, KEEP_TO)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd  # before: the activation ended


def test_before_the_reinforced_turns_it_keeps_them(matches):
    m, leader, foe = last_unit(matches, wave_turn=REINFORCED_TURN - 1)
    spent(m, leader, foe, KEEP_TO)
    cmd = HordeSquadController("player").decide(m)
    assert not isinstance(cmd, C.RangedAttack), cmd
