"""Core Rules section 8 (Combat) with scripted dice: exact outcomes."""
import pytest

from game.rules.combat import (Accept, AttackResolution, AttackSpec, Change, IllegalDiceAction, Reroll, RollAuto,
                               StrikeTarget, resolve_with_policy, strike_damage)
from game.rules.dice import Die, ScriptedDice
from game.rules.model import MELEE, RANGED


def ranged(att, skl, arm, hit=5, cover=False, **kw):
    return AttackSpec.single(1, RANGED, att, skl, StrikeTarget(2, arm, hit, cover=cover), attacker_arm=4, **kw)


def melee(att, skl, arm, hit=5, attacker_arm=3, attacker_hit=5, support=0, target_support=0, **kw):
    rerolls = (("support", support),) if support else ()
    return AttackSpec.single(1, MELEE, att, skl, StrikeTarget(2, arm, hit, support=target_support),
                             attacker_arm=attacker_arm, attacker_hit=attacker_hit, rerolls=rerolls, **kw)


def test_reaper_example_strikes_and_crit():
    # Toland Strak's Reaper: 4 dice, SKL 5. Faces 1 (Critical, 2 Damage), 5 (Strike), 6 (fail), 3 (Strike).
    r = AttackResolution.start(ranged(4, 5, 4), ScriptedDice([1, 5, 6, 3, 2, 4, 6, 5]))
    assert r.decision.stage == "attack"
    r.act(Accept())
    assert r.decision.stage == "save" and len(r.decision.dice) == 4  # one save die per Damage
    r.act(Accept())  # saves 2, 4 succeed; 6, 5 fail against ARM 4
    assert r.done and r.outcome() == {2: 2}


def test_ranged_critical_save_counts_as_two():
    r = AttackResolution.start(ranged(3, 4, 3), ScriptedDice([2, 3, 4, 1, 6, 6]))
    r.act(Accept())  # 3 Damage
    r.act(Accept())  # saves [1 6 6]: the Critical counts as 2 saves
    assert r.outcome() == {2: 1}


def test_ranged_critical_save_cannot_save_more_than_the_damage():
    r = AttackResolution.start(ranged(1, 4, 3), ScriptedDice([2, 1]))
    r.act(Accept())
    r.act(Accept())
    assert r.outcome() == {}


def test_cover_gives_one_save_reroll_of_a_failed_die():
    r = AttackResolution.start(ranged(2, 4, 3, cover=True), ScriptedDice([2, 3, 5, 4, 2]))
    r.act(Accept())
    assert r.decision.free == (("cover", 1),)
    r.act(Reroll(0, "cover"))  # 5 -> 2
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(1, "cover"))  # only one
    r.act(Accept())
    assert r.outcome() == {2: 1}  # [2, 4] vs ARM 3: one save


def test_a_die_is_rerolled_once_only():
    r = AttackResolution.start(ranged(1, 4, 3, rerolls=(("ACC", 1),)), ScriptedDice([5, 6]))
    r.act(Reroll(0, "ACC"))
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(0, "TO"))
    assert r.decision.dice[0] == Die(6, rerolled=True)


def test_tactical_order_change_never_makes_a_critical():
    r = AttackResolution.start(ranged(1, 4, 3), ScriptedDice([2, 6]))
    r.act(Change(0, -1))
    assert r.to_spent == {"attacker": 1}
    r.act(Accept())
    assert len(r.decision.dice) == 1  # 1 Damage, not 2


def test_melee_critical_save_blocks_and_returns_chain():
    # Attack 3 dice SKL 4: [2 3 5] -> 2 Damage. Target ARM 3 saves [1 4]: Critical blocks 1 and returns 1;
    # 4 fails -> target loses 1. Attacker ARM 3 saves the returned Damage: [1] -> blocked and returned again.
    # Target saves [5] -> loses 1 more.
    r = AttackResolution.start(melee(3, 4, 3), ScriptedDice([2, 3, 5, 1, 4, 1, 5]))
    for _ in range(4):
        r.act(Accept())
    assert r.done
    assert r.outcome() == {2: 2}


def test_melee_returned_damage_hurts_the_attacker():
    r = AttackResolution.start(melee(2, 4, 3, attacker_hit=1), ScriptedDice([2, 6, 1, 4]))
    r.act(Accept())
    r.act(Accept())
    assert r.decision.stage == "return_save" and r.decision.role == "attacker" and r.decision.free == ()
    r.act(Accept())
    assert r.outcome() == {1: 1} and r.taken_out() == [1]


def test_support_rerolls_in_melee():
    r = AttackResolution.start(melee(2, 4, 3, support=1, target_support=1), ScriptedDice([6, 5, 2, 6, 1, 4]))
    r.act(Reroll(0, "support"))  # 6 -> 2
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(1, "support"))
    r.act(Accept())
    r.act(Reroll(0, "support"))  # save 6 -> 1: Critical Save on a re-roll
    r.act(Accept())
    assert r.decision.stage == "return_save"


def test_relentless_rerolls_every_six():
    r = AttackResolution.start(ranged(3, 4, 3, rlt=True), ScriptedDice([6, 6, 2, 3, 4, 6, 6, 6, 6]))
    r.act(Reroll(0, "RLT"))
    r.act(Reroll(1, "RLT"))
    with pytest.raises(IllegalDiceAction):
        r.act(Reroll(2, "RLT"))  # a 2 is not a 6
    r.act(Accept())
    assert len(r.decision.dice) == 3


def test_autohit_and_rending():
    dmg, crits = strike_damage([Die(1), Die(1), Die(1, auto=True), Die(4)], 4, rnd=1)
    assert (dmg, crits) == (3 + 2 + 1 + 1, 2)
    r = AttackResolution.start(ranged(3, 4, 3, aut=1), ScriptedDice([6, 6, 4]))
    assert r.decision.dice[2].auto
    r.act(RollAuto(2))
    assert r.decision.dice[2] == Die(4)


def test_multi_target_shares_the_attack_roll():
    spec = AttackSpec(attacker=1, kind=RANGED, att=2, skl=4, attacker_arm=3, attacker_hit=3,
                      groups=((2, (StrikeTarget(2, 3, 2), StrikeTarget(3, 3, 2))),))
    r = resolve_with_policy(spec, ScriptedDice([2, 3, 6, 6, 4, 2]))
    assert r.outcome() == {2: 2, 3: 1}
    assert r.taken_out() == [2]


def test_damage_never_below_zero():
    r = resolve_with_policy(ranged(4, 5, 3, hit=1), ScriptedDice([1, 1, 1, 1] + [6] * 8))
    assert r.outcome() == {2: 1}
