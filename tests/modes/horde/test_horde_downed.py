"""Downed and Revive (H1): a unit of the squad at 0 HIT is Downed, not removed: ignored and untargetable by the
Horde, it may only Move, Dash or Revive (no Attack of Opportunity); Revive (2 ACT) stands it up with 1 HIT and a
random Injury (E1 table); a repeat Injury is Deceased; the run fails when every unit is Downed or Deceased."""
import pytest

from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.modes.horde import downed, waves
from game.rules import actions as act
from game.rules.dice import Dice, ScriptedDice

from tests.modes.horde.horde_helpers import (accept_all, begin, clear_horde, downed_beside, horde,  # noqa: F401
                                             matches, put, spawn, spread, squad)


def knocked_down(m, uid):
    """The Ruin Stalker Adjacent to `uid` takes its last HIT (a Critical Strike and failed saves)."""
    card = waves.horde_card(m.mission, "HRD-MED01")
    b = m.base(uid)
    with m._in_world():
        foe = m.spawn("horde", "Ruin Stalker", card, b.x + 1.2, b.y, 0.0)
        m.health(uid).hit = 1
    return foe


def test_a_unit_at_zero_hit_is_downed_ignored_and_untargetable(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]
    put(m, a, 10, 10)
    foe = knocked_down(m, a)
    m.submit(C.Activate("player", b))
    m.submit(C.EndActivation("player"))
    assert m.active_unit == foe
    m.dice = ScriptedDice([1, 6, 6, 6, 6, 6])
    m.submit(C.MeleeAttack("horde", m.unit(foe).card.weapons[0].id, a))
    accept_all(m)
    assert m.standing(a) and m.conditions(a).downed and m.health(a).hit == 0
    assert any(isinstance(e, E.Downed) and e.uid == a for e in m.events)
    assert a not in m.enemies_of(foe)
    assert m.melee_target_reason(foe, m.unit(foe).card.weapons[0], a) == "a Downed unit cannot be targeted"
    assert m.result is None  # others still stand


def test_a_downed_unit_may_only_move_dash_or_revive_and_provokes_no_aoo(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    put(m, a, 10, 10)
    foe = knocked_down(m, a)
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    m.submit(C.Activate("player", a))
    kinds = {type(c).__name__ for c in m.legal_commands("player")}
    assert kinds <= {"Move", "Dash", "EndActivation", "UseMissionAction"}
    w = m.unit(a).card.weapons[0]
    with pytest.raises(IllegalCommand, match="Downed"):
        m.submit(C.MeleeAttack("player", w.id, foe))
    m.submit(C.Move("player", 6, 10, 0.0))  # leaves the Stalker's Adjacency
    assert m.prompt is None and m.base(a).x == 6  # no Attack of Opportunity


def test_revive_a_squadmate_one_hit_and_an_injury(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]  # a: the Leader (MSK 4)
    put(m, a, 10, 10)
    put(m, b, 11.2, 10)
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    m.submit(C.Activate("player", b))
    assert C.UseMissionAction("player", "revive", None, a) in m.legal_commands("player")
    m.dice = ScriptedDice([2])  # Broken Arm: melee SKL -1
    m.submit(C.UseMissionAction("player", "revive", None, a))
    assert not m.conditions(a).downed and m.health(a).hit == 1 and m.act_left() == 0
    assert m.unit(a).card.msk == 3 and m.unit(a).card.weapons[0].skl == 3
    assert m.mission_state["injuries"][str(a)] == ["HRD-INJ-BI"]


def test_a_downed_unit_revives_itself_when_it_controls_a_standing_squadmate(matches):
    m = begin(matches())
    a, b = downed_beside(m)
    m.submit(C.Activate("player", a))
    assert C.UseMissionAction("player", "revive-self", None, b) in m.legal_commands("player")
    m.dice = ScriptedDice([6])  # Deep Wound: 1 HIT less
    m.submit(C.UseMissionAction("player", "revive-self", None, b))
    assert not m.conditions(a).downed and m.health(a).hit == 1 and m.health(a).max_hit == 3


def test_no_revive_with_an_enemy_adjacent(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]
    put(m, a, 10, 10)
    put(m, b, 11.2, 10)
    knocked_down(m, b)  # a Ruin Stalker next to b
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    assert "Adjacent to an enemy" in m.mission_action_reason(b, "revive", None, a)


def test_a_repeated_injury_is_deceased(matches):
    m = begin(matches())
    clear_horde(m)
    a = squad(m)[0]
    m.mission_state["injuries"][str(a)] = ["HRD-INJ-DA"]
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
        m.dice = ScriptedDice([5])  # Damaged Armor again
        m.state.front_cursor = 0
        downed.stand_up(m.mission, m, a, 1, "Revive")
        m._after_step()
    assert not m.standing(a) and a in m.mission_state["deceased"]
    assert m.mission_state["units_lost"] == [m.unit(a).name]
    assert any(isinstance(e, E.TakenOut) and e.uid == a for e in m.events)


def test_recovered_and_immune_units_take_no_injury(matches):
    m = begin(matches())
    a = squad(m)[0]
    with m._in_world():
        m.dice = ScriptedDice([1])
        assert downed.roll_injury(m.mission, m, a, "Revive")
    assert m.mission_state["injuries"].get(str(a), []) == []


def test_crushed_leg_shortens_each_move(matches):
    m = begin(matches())
    a = squad(m)[0]
    m.mission_state["injuries"][str(a)] = ["HRD-INJ-IM"]
    with m._in_world():
        downed.rebuild_card(m.mission, m, a, "test")
    assert m.move_budget(act.MOVE, a) == 4.0 and m.move_budget(act.DASH, a) == 2.0


def test_the_run_fails_when_every_unit_is_downed_or_deceased(matches):
    m = begin(matches())
    units = squad(m)
    with m._in_world():
        for u in units[:-1]:
            m.health(u).hit = 0
            m.down(u)
        m._after_step()
    assert m.result is None
    with m._in_world():
        m.mission_state["deceased"].append(units[-1])
        m._take_out(units[-1])
        m._after_step()
    assert m.result is not None and m.result.outcome == "defeat"
    assert m.mission.result_line(m) == "result: defeat (wave 1, turn 1, MP 0)"


def test_the_squad_card_rebuilt_keeps_its_gear(matches):
    from game.content import default_squad
    m = begin(matches(default_squad("interdictors")), [6] * 5 + [6, 6, 6, 3, 3, 4])
    lead = squad(m)[0]
    before = m.unit(lead).card
    m.mission_state["injuries"][str(lead)] = ["HRD-INJ-DA"]
    with m._in_world():
        downed.rebuild_card(m.mission, m, lead, "test")
    after = m.unit(lead).card
    assert after.arm == before.arm - 1 and after.weapons == before.weapons and after.is_leader
    assert [h for h in horde(m)]


def test_revive_and_medpack_reasons_name_the_unit_they_are_about(matches):
    """Far from the Downed unit, Revive on a nearer Standing Squadmate says that one is not Downed (never that the
    reviver must Control it); a Medpack on a Downed unit names it; each reason names the unit it is about."""
    from game.modes.horde.common import key
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a, b, c = squad(m)[0], squad(m)[1], squad(m)[2]
    put(m, a, 4, 4)
    put(m, b, 12, 12)
    put(m, c, 16, 12)  # not Adjacent to b: its Control would fail
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
        m.health(c).hit = 1
    m.mission_state.setdefault("items", {})[key(b)] = ["medpack"]
    name = m.unit
    assert m.mission_action_reason(b, "revive", None, c) == f"{name(c).name} is not Downed"
    assert name(a).name in m.mission_action_reason(b, "revive", None, a)  # Downed, but b must Control it
    assert m.mission_action_reason(b, "revive-self", None, c) == f"{name(b).name} is not Downed"
    assert m.mission_action_reason(a, "revive", None, b) == "a Downed unit may only Move, Dash or be revived"
    assert m.mission_action_reason(b, "medpack", None, a) == f"{name(a).name} is Downed: Revive it first"
    assert m.mission_action_reason(b, "medpack-self") == f"{name(b).name} has lost no HIT"
    assert m.mission_action_reason(c, "medpack", None, b) == f"{name(c).name} carries no Medpack"
    assert "Control" in m.mission_action_reason(b, "medpack", None, c) and name(c).name in \
        m.mission_action_reason(b, "medpack", None, c)


def test_a_downed_unit_is_ready_again_each_turn(matches):
    """H1: a Downed unit acts in its activation (Move, Dash, Revive), every Turn it stays Downed, not only in the Turn
    it fell: the Turn's start makes it Ready like every other unit."""
    m = begin(matches())
    a, b = downed_beside(m)
    spawn(m, "HRD-MED01", 20, 3)  # far off: the wave goes on
    with m._in_world():
        m.readiness(a).ready = False  # it fell after it had acted this Turn
    m.dice = Dice(7)  # the rest of the Turn and the next one's start (Tactical Orders, the Turn Event...)
    turn = m.turn
    while m.turn == turn:
        if m.prompt is not None:
            accept_all(m) if m.prompt.kind in ("dice",) else m.submit(m.legal_commands(m.prompt.side)[0])
            continue
        side = m.waiting_for()
        if m.activation is None:
            m.submit(next(c for c in m.legal_commands(side) if isinstance(c, C.Activate)))
        else:
            m.submit(C.EndActivation(side))
    assert m.turn == turn + 1 and m.conditions(a).downed
    assert m.readiness(a).ready
    while m.prompt is not None:
        m.submit(m.legal_commands(m.prompt.side)[0])
    assert m.waiting_for() == "player" and C.Activate("player", a) in m.legal_commands("player")
    m.submit(C.Activate("player", a))
    assert C.UseMissionAction("player", "revive-self", None, b) in m.legal_commands("player")
