"""The Horde squad's computer player down to its last one or two Standing units (horde_lone). From a wave's Turn 5 a
newcomer arrives every Turn and the wave ends only when the squad takes out everything on the table in one Turn; the
last unit kept 3 Tactical Orders for its saves, worked Wave Objective markers, and held on, Turn after Turn, until it
fell (seed 196's seventh wave: the Leader alone at 1 HIT for 9 Turns, 15 Turns in all). Now its last units spend them
all on their attacks and leave the markers while the Horde is on the table; with three standing they keep them."""
from game.ai.horde_lone import LAST_UNITS, REINFORCED_TURN
from game.ai.horde_squad import KEEP_TO, HordeSquadController
from game.match import commands as C
from game.modes.horde import crates
from game.modes.horde.downed import deceased
from game.rules import actions as act
from game.rules.dice import ScriptedDice
from game.rules.model import RANGED

from tests.modes.horde.horde_helpers import (activate, begin, clear_horde, matches, put, run,  # noqa: F401
                                             spawn, spread, squad)

STALKER = "HRD-MED01"  # Ruin Stalker: a Melee unit of 2 HIT
MISS = 6  # an attack die of 6 fails any SKL


def last_unit(matches, mates_left=0, wave_turn=REINFORCED_TURN, downed=0, map_name=None, at=(12, 12), foe_at=(12, 6)):
    """The Leader in the open centre, a Ruin Stalker 6" north of it in its sight, the rest of the squad Deceased but
    `mates_left` Standing and `downed` Downed (off along the south edge), in the wave's Turn `wave_turn`; the Leader
    active."""
    m = begin(matches(map_name=map_name))
    clear_horde(m)
    spread(m)
    leader, *others = squad(m)
    kept = others[:mates_left + downed]
    run(m, lambda _mission, match: [deceased(match, u, "test") for u in others[len(kept):]])
    assert squad(m) == [leader] + kept
    with m._in_world():
        for u in kept[mates_left:]:
            m.health(u).hit = 0
            m.down(u)
    put(m, leader, *at)
    foe = spawn(m, STALKER, *foe_at)
    m.mission_state["wave_turn"] = wave_turn
    activate(m, leader)
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


def test_with_three_standing_they_keep_them_for_the_saves(matches):
    m, leader, foe = last_unit(matches, mates_left=LAST_UNITS)
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


def test_so_do_the_last_two_with_a_squadmate_downed(matches):
    m, leader, foe = last_unit(matches, mates_left=LAST_UNITS - 1, downed=1)
    spent(m, leader, foe, KEEP_TO)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, cmd


def test_before_the_reinforced_turns_it_keeps_them(matches):
    m, leader, foe = last_unit(matches, wave_turn=REINFORCED_TURN - 1)
    spent(m, leader, foe, KEEP_TO)
    cmd = HordeSquadController("player").decide(m)
    assert not isinstance(cmd, C.RangedAttack), cmd


def by_a_crate(matches, wave_turn=REINFORCED_TURN):
    """The Leader alone south of Last Stand's western block (x 6-10, y 5-8), a Crate Adjacent to it, a Ruin Stalker
    north of the block out of its sight."""
    m, leader, foe = last_unit(matches, wave_turn=wave_turn, map_name="horde-last-stand.tmx", at=(8, 10.5),
                               foe_at=(8, 2.5))
    assert not m.table.sight(m.base(leader), m.base(foe)).visible
    with m._in_world():
        m.place_marker("crate-1", crates.CRATE, "Crate 1", 9.5, 10.5, 0.0, card=crates.crate_card(m.mission),
                       item_side="neutral", where="test", rules="")
    assert m.mission_action_reason(leader, "open-crate", "crate-1", None) is None
    return m, leader


def test_the_last_unit_leaves_a_crate_while_the_horde_is_on_the_table(matches):
    m, leader = by_a_crate(matches)
    cmd = HordeSquadController("player").decide(m)
    assert not isinstance(cmd, C.UseMissionAction), cmd  # before: it opened the Crate (1 ACT)


def test_before_the_reinforced_turns_it_opens_it(matches):
    m, leader = by_a_crate(matches, wave_turn=REINFORCED_TURN - 1)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.UseMissionAction) and cmd.action == "open-crate", cmd
