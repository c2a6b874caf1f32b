"""The pure parts of skills in game/rules: save re-rolls, Hardened, Parry, Life Drain, Shield, Stealthy,
Protect, Mindstab, Damage from skills, and action costs (Technician, Venomous Bonespurs)."""
import pytest

from game.rules import actions as act
from game.rules.combat import (ATTACK, DEFENDER, DRAIN, PARRY, SAVE, SHIELD, Accept, AttackResolution, AttackSpec,
                               Convert, IllegalDiceAction, Reroll, StrikeTarget, drained_damage, is_critical,
                               reroll_failed_policy, save_succeeds, warded)
from game.rules.dice import Die, ScriptedDice
from game.rules.model import MELEE, RANGED, Special, UnitCard


def spec(kind=MELEE, att=2, skl=4, **target_kw):
    t = StrikeTarget(uid=2, arm=target_kw.pop("arm", 3), hit=target_kw.pop("hit", 5), **target_kw)
    return AttackSpec.single(1, kind, att, skl, t, attacker_arm=3, attacker_hit=5)


def run(s, faces, *answers):
    r = AttackResolution.start(s, ScriptedDice(faces))
    for a in answers:
        r.act(a)
    while not r.done:
        r.act(Accept())
    return r


def test_critical_and_hardened_saves():
    assert is_critical(Die(1)) and not is_critical(Die(2)) and is_critical(Die(2), 2)
    assert not is_critical(Die(1, shift=1)) and not is_critical(Die(1, auto=True))
    assert save_succeeds(Die(2), 1, hardened=True) and not save_succeeds(Die(2), 1)


def test_hardened_two_returns_damage_in_melee():
    r = run(spec(hardened=True), [2, 2, 2, 6, 6])  # 2 Damage; saves 2 (Critical) and 6; attacker saves 6
    assert r.outcome() == {2: 1, 1: 1}


def test_save_rerolls_from_skills_are_offered():
    r = AttackResolution.start(spec(kind=RANGED, save_rerolls=(("DOD", 1), ("aegis", 1))), ScriptedDice([2, 6, 5]))
    r.act(Accept())
    assert r.decision.stage == SAVE and r.decision.free == (("DOD", 1), ("aegis", 1))


def test_parry_rerolls_one_attack_die_before_saves():
    r = AttackResolution.start(spec(parry=True), ScriptedDice([1, 5, 6, 6]))
    r.act(Accept())
    assert r.decision.stage == PARRY and r.decision.role == DEFENDER
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(0, "TO"))
    r.act(Reroll(0, "PAR"))  # the Critical 1 -> 6
    r.act(Accept())
    assert r.done and r.outcome() == {}


def test_parry_not_asked_when_nothing_strikes():
    r = AttackResolution.start(spec(parry=True), ScriptedDice([5, 5]))
    r.act(Accept())
    assert r.done


def test_life_drain_turns_criticals_into_healing():
    s = AttackSpec.single(1, MELEE, 2, 4, StrikeTarget(2, 3, 5), attacker_arm=3, attacker_hit=2, drain=True,
                          attacker_max_hit=4)
    r = AttackResolution.start(s, ScriptedDice([1, 1, 6, 6]))
    r.act(Accept())
    assert r.decision.stage == DRAIN and r.decision.free == (("LFD", 2),)
    r.act(Convert(1))
    while not r.done:
        r.act(Accept())
    assert r.hit_left[1] == 3 and r.healed == {1: 1} and r.outcome() == {2: 2}


def test_drained_damage_takes_the_plain_criticals_first():
    assert drained_damage(crits=3, rnd=1, drained=2) == 4
    assert drained_damage(crits=2, rnd=2, drained=1) == 3


def test_shield_counts_critical_saves_as_two():
    r = AttackResolution.start(spec(att=3, shield=True), ScriptedDice([2, 2, 2, 1, 6, 6]))
    r.act(Accept())
    assert r.decision.stage == SAVE
    r.act(Accept())
    assert r.decision.stage == SHIELD and r.decision.free == (("shield", 1),)
    r.act(Convert(1))
    assert r.done and r.outcome() == {2: 1}  # 1 + 1 saves; nothing returned


def test_stealthy_automatic_save_only_in_cover():
    assert run(spec(kind=RANGED, cover=True, auto_saves=1), [2, 2, 6, 6, 6, 6]).outcome() == {2: 1}
    assert run(spec(kind=RANGED, cover=False, auto_saves=1), [2, 2, 6, 6]).outcome() == {2: 2}


def test_protect_keeps_hits_on_one_or_two():
    assert warded([1, 5, 2], 3) == 1
    r = run(spec(kind=RANGED, ward=True), [2, 2, 6, 6, 2, 4])
    assert r.outcome() == {2: 1}


def test_mindstab_no_rerolls_at_all():
    s = AttackSpec.single(1, MELEE, 2, 4, StrikeTarget(2, 3, 5), attacker_arm=3, attacker_hit=5,
                          rerolls=(("BRU", 1),), attacker_no_reroll=True)
    r = AttackResolution.start(s, ScriptedDice([5, 5]))
    assert r.decision.stage == ATTACK and r.decision.free == () and r.decision.no_reroll
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(0, "TO"))


def test_direct_damage_ranged_and_melee_kinds():
    targets = (StrikeTarget(2, 3, 5), StrikeTarget(3, 3, 5))
    grenade = AttackSpec(attacker=1, kind=RANGED, att=0, skl=0, attacker_arm=3, attacker_hit=5,
                         groups=((2, targets),), direct=True)
    r = run(grenade, [1, 6, 6, 6])  # a Critical Save counts as 2; the other takes both
    assert r.outcome() == {3: 2}
    fot = AttackSpec(attacker=1, kind=MELEE, att=0, skl=0, attacker_arm=3, attacker_hit=5,
                     groups=((1, targets[:1]),), direct=True)
    r = run(fot, [1, 6])  # Melee Damage: a Critical Save returns 1 Damage to the source
    assert r.outcome() == {1: 1}


def test_policy_answers_the_skill_decisions():
    r = AttackResolution.start(spec(parry=True), ScriptedDice([1, 5]))
    r.act(Accept())
    assert reroll_failed_policy(r.decision) == Reroll(0, "PAR")


def test_technician_and_venomous_bonespurs_costs():
    plain = UnitCard("T", "T", 2, 3, 3, 4, 4, ())
    tch = UnitCard("T", "T", 2, 3, 3, 4, 4, (), specials=(Special("TCH"),))
    once = UnitCard("T", "T", 2, 3, 3, 4, 4, (), skills=("STD-TECH",))
    assert act.action_cost(plain, act.MISSION) == 1 and act.action_cost(tch, act.MISSION) == 0
    assert act.action_cost(once, act.MISSION) == 0
    assert act.action_cost(once, act.MISSION, [act.Performed(act.MISSION)]) == 2
    assert act.action_cost(plain, act.MOVE, move_tax=1) == 2 and act.action_cost(plain, act.DASH, move_tax=1) == 1
