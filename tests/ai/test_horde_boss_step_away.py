"""The Horde squad's computer player and a Boss Adjacent to one of its shooters (horde_boss.step_away): R7 bars every
Ranged attack on a target Adjacent to a squadmate, so while a shooter fought the Boss with its Combat Knife or Fists,
none of the squad could shoot it, and a blow that did not hurt it was struck back (the Shadow Fiend's Counter) or
birthed a Leech (the Broodmind's Spawn Sacs). The shooter now steps away (the Boss's Attack of Opportunity) and
shoots it; the Ossuary Engine with all its HIT may not be shot (Null Construct), so it is still fought."""
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C

from tests.modes.horde.horde_helpers import activate, begin, clear_horde, matches, put, spawn, squad  # noqa: F401

FIEND, OSSUARY, LEECH = "HRD-BOSS1", "HRD-BOSS2", "HRD-LCH01"


def shooter(m):
    """The unit of the squad whose best Ranged weapon beats its best Melee weapon the most."""
    def best(u, kind):
        return max((w.att * w.skl for w in m.unit(u).card.weapons if w.kind == kind), default=0)
    return max(squad(m), key=lambda u: (best(u, "ranged") - best(u, "melee"), -u))


def held(m, unit_type, boss: bool = True, wave_turn: int = 2):
    """The shooter in the open centre, a unit of `unit_type` (the wave's Boss, or not) touching it from the north, the
    rest of the squad far off."""
    clear_horde(m)
    me = shooter(m)
    for i, u in enumerate(x for x in squad(m) if x != me):
        put(m, u, 2 + 2.5 * i, 22)
    put(m, me, 12, 12)
    foe = spawn(m, unit_type, 12, 12)
    gap = m.base(me).radius + m.base(foe).radius + 0.05
    with m._in_world():
        m.place(foe, 12, 12 - gap, m.base(foe).z)
    m.mission_state["boss"] = foe if boss else None
    m.mission_state["wave_turn"] = wave_turn
    activate(m, me)
    assert m.adjacent_enemies(me) == [foe]
    return me, foe


def test_a_shooter_held_by_the_shadow_fiend_steps_away_and_shoots_it(matches):
    m = begin(matches())
    me, boss = held(m, FIEND)
    ctl = HordeSquadController("player")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: a Melee attack with its knife, struck back by Counter
    m.submit(cmd)
    if m.prompt is not None and m.prompt.kind == "aoo":  # the Boss's Attack of Opportunity: declined here
        m.submit(C.ChooseAttackOfOpportunity("horde", None))
    assert m.active_unit == me and not m.adjacent_enemies(me)
    leech = spawn(m, LEECH, 17, 12)  # 1 HIT, in the open: the weakest target, shot first by any other shooter
    for i in range(len(squad(m))):  # more of the Horde than the squad: the squad does not go for the Boss first yet
        spawn(m, LEECH, 2 + 1.5 * i, 2)
    w = m.unit(me).card.weapon(next(w.id for w in m.unit(me).card.weapons if w.kind == "ranged"))
    assert m.ranged_target_reason(me, w, leech) is None and m.ranged_target_reason(me, w, boss) is None
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == boss, cmd
    again = HordeSquadController("player").decide(m)  # a new player (a loaded game) reads it from the match
    assert isinstance(again, C.RangedAttack) and again.target == boss, again


def test_the_unhurt_ossuary_engine_is_still_fought(matches):
    m = begin(matches())
    me, boss = held(m, OSSUARY)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == boss, cmd  # no shot at it while it has all its HIT


def test_with_a_squadmate_also_holding_the_boss_it_fights_on(matches):
    m = begin(matches())
    me, boss = held(m, FIEND)
    mate = next(u for u in squad(m) if u != me)
    gap = m.base(mate).radius + m.base(boss).radius + 0.05
    put(m, mate, 12, 12 - 2 * gap)  # touching the Fiend from the north: stepping away would not free it for shots
    assert m.adjacent(mate, boss)
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == boss, cmd
