"""Turning points: each attack's outcome against its exact odds; units Taken Out with the Turn and by whom."""
import pytest

from game.match import commands as C
from game.report import attack_swings, facts_of, taken_out, turning_points
from game.rules.dice import ScriptedDice
from game.rules.odds import AttackSetup, exact_odds
from tests.match.conftest import card

START = [4, 4, 4, 4, 4, 4, 2, 5]


def test_a_ranged_attack_against_its_exact_odds(make_skirmish):
    m, a, b = make_skirmish([(card(ranged=(3, 4)), 5, 5)], [(card(arm=4, hit=3), 15, 5)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 1, 6, 6, 6, 6, 6])  # 2 Critical Strikes: 4 Damage; every save fails: 3 HIT lost
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert not m.standing(b[0])
    facts = facts_of(m)
    (s,) = attack_swings(facts)
    odds = exact_odds(AttackSetup(att=3, skl=4, arm=4, target_hit=3))
    assert s.expected_dealt == pytest.approx(odds.expected_target_loss)
    assert s.dealt == 3 and s.taken == 0 and s.expected_taken == 0
    assert s.swing == pytest.approx(3 - odds.expected_target_loss)
    assert s.p_taken_out == pytest.approx(odds.p_taken_out)
    assert s.taken_out == ("Trooper",) and s.turn == 1
    assert s.describe().startswith(f"Turn 1: Trooper attacks Trooper with Rifle: expected "
                                   f"{odds.expected_target_loss:.1f} HIT, dealt 3 - Trooper Taken Out, a ")
    (t,) = taken_out(facts)
    assert (t.turn, t.name, t.side, t.by, t.item) == (1, "Trooper", "B", "Trooper", False)


def test_melee_counts_returned_damage_against_the_attacker(make_skirmish):
    m, a, b = make_skirmish([(card(act=1, melee=(2, 4), arm=3, hit=3), 10, 10)],
                            [(card(arm=3, hit=3), 11.2, 10), (card(act=1), 20, 20)], dice=START)
    m.submit(C.Activate("A", a[0]))
    # 2 Strikes (2, 3): 2 Damage; B saves 1 (Critical: blocks 1 and returns 1) and 5; A saves the return with a 6
    m.dice = ScriptedDice([2, 3, 1, 5, 6])
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    (s,) = attack_swings(facts_of(m))
    odds = exact_odds(AttackSetup(att=2, skl=4, arm=3, melee=True, attacker_arm=3, target_hit=3, attacker_hit=3))
    assert (s.dealt, s.taken) == (1, 1) and s.melee
    assert s.expected_dealt == pytest.approx(odds.expected_target_loss)
    assert s.expected_taken == pytest.approx(odds.expected_attacker_loss)
    assert s.swing == pytest.approx((1 - odds.expected_target_loss) - (1 - odds.expected_attacker_loss))


def test_turning_points_rank_the_biggest_swings_either_way(make_skirmish):
    m, a, b = make_skirmish([(card(act=3, ranged=(3, 4)), 5, 5)],
                            [(card(arm=4, hit=3), 15, 5), (card(arm=4, hit=3), 15, 12)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([6, 6, 6])  # nothing: below expectation
    m.submit(C.RangedAttack("A", "rng", b[0]))
    m.dice = ScriptedDice([1, 1, 1, 6, 6, 6, 6, 6, 6])  # 3 Criticals, every save fails: far above
    m.submit(C.RangedAttack("A", "rng", b[1]))
    facts = facts_of(m)
    swings = attack_swings(facts)
    assert [s.dealt for s in swings] == [0, 3]
    top = turning_points(facts, n=2)
    assert [s.index for s in top] == [1, 0]  # the bigger swing first
    assert top[0].swing > 0 > top[1].swing
    assert turning_points(facts, n=1) == top[:1]


def test_a_chance_reads_with_its_article():
    from game.report.turning import _a_chance
    assert _a_chance(0.34) == "a 34% chance" and _a_chance(0.08) == "an 8% chance"
    assert _a_chance(0.82) == "an 82% chance" and _a_chance(0.11) == "an 11% chance"
    assert _a_chance(0.004) == "a chance under 1%" and _a_chance(0.996) == "a chance over 99%"
