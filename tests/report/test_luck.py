"""Luck: every attack and save die against its chance (Core Rules 2), re-rolls as they happened."""
from fractions import Fraction

import pytest

from game.match import commands as C
from game.match import events as E
from game.report import facts_of, luck_of
from game.report.luck import Tally, poisson_binomial, side_luck, success_chance, trials_of
from game.rules.dice import Die, ScriptedDice
from tests.match.conftest import card

START = [4, 4, 4, 4, 4, 4, 2, 5]  # A and B roll 3 TO dice each (all fail), Initiative A 2 - B 5


def dice(*faces):
    return tuple(Die(f) for f in faces)


SIDES = {1: "A", 2: "B"}


def test_chance_of_a_die_follows_the_core_rules():
    assert success_chance(4) == pytest.approx(4 / 6)
    assert success_chance(0) == pytest.approx(1 / 6)  # a natural 1 always succeeds
    assert success_chance(7) == pytest.approx(5 / 6)  # a natural 6 always fails
    assert success_chance(1, crit_faces=2) == pytest.approx(2 / 6)  # Hardened: a 2 is a Critical Save


def test_each_die_and_each_reroll_is_one_trial_against_its_stat():
    events = [
        E.AttackRolled(1, "Shooter", ((2, "Bug"),), "Rifle", dice(1, 5, 6), 4),
        E.DieRerolled(1, E.ATTACK_ROLL, 1, "ACC", 5, 3),  # the 5 re-rolled: a 3, a second trial
        E.DieChanged(1, E.ATTACK_ROLL, 2, -1, 5),  # a Tactical Order's change is not a roll
        E.SavesRolled(2, "Bug", dice(2, 4), 3, hardened=True),
    ]
    trials = trials_of(events, SIDES.get)
    assert [(t.side, t.kind, t.face, t.success, t.crit) for t in trials] == [
        ("A", "attack", 1, True, True), ("A", "attack", 5, False, False), ("A", "attack", 6, False, False),
        ("A", "attack", 3, True, False), ("B", "save", 2, True, True), ("B", "save", 4, False, False)]
    a, b = side_luck(events, (("A", "Squad"), ("B", "Bugs")), SIDES.get)
    assert (a.attack.dice, a.attack.successes, a.attack.crits) == (4, 2, 1)
    assert a.attack.expected == pytest.approx(4 * 4 / 6) and a.attack.expected_crits == pytest.approx(4 / 6)
    assert (b.save.dice, b.save.successes, b.save.crits) == (2, 1, 1)
    assert b.save.expected == pytest.approx(1.0) and b.save.expected_crits == pytest.approx(4 / 6)
    # 4 dice at 2/3: P(fewer than 2) = 9/81, P(exactly 2) = 24/81 -> luckier than (9 + 12) / 81 of battles
    assert a.attack.percentile == pytest.approx(100 * 21 / 81)
    assert a.overall.percentile == pytest.approx(100 * 21 / 81)  # A rolled no saves
    assert a.verdict() == "luckier than 26% of battles"
    z = (2 - 8 / 3) / (4 * (2 / 3) * (1 / 3)) ** 0.5
    assert a.attack.z == pytest.approx(z)


def test_automatic_strikes_count_only_when_rolled():
    auto = Die(1, auto=True)
    events = [E.AttackRolled(1, "Gunner", ((2, "Bug"),), "Cannon", (Die(3), auto), 3),
              E.AutoStrikeRolled(1, 1, 6)]
    (a,) = side_luck(events, (("A", "Squad"),), SIDES.get)
    assert (a.attack.dice, a.attack.successes) == (2, 1)  # the 3, then the automatic Strike rolled as a 6


def test_poisson_binomial_is_exact():
    dist = poisson_binomial([Fraction(1, 2), Fraction(1, 3)])
    assert dist == [Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)]
    assert Tally().percentile is None and Tally().z is None


def test_luck_of_a_played_attack_with_scripted_dice(make_skirmish):
    m, a, b = make_skirmish([(card(ranged=(3, 4)), 5, 5)], [(card(arm=4), 15, 5)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 5, 6, 4, 5])  # 1 Critical Strike (2 Damage); saves 4 (saved) and 5 (failed)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 2
    luck = {s.side: s for s in luck_of(facts_of(m))}
    assert (luck["A"].attack.dice, luck["A"].attack.successes, luck["A"].attack.crits) == (3, 1, 1)
    assert luck["A"].attack.expected == pytest.approx(2.0)
    assert (luck["B"].save.dice, luck["B"].save.successes) == (2, 1)
    assert luck["B"].save.expected == pytest.approx(4 / 3)
    assert luck["A"].save.dice == 0 and luck["B"].attack.dice == 0
    # 3 dice at 2/3, 1 success: P(0) = 1/27, P(1) = 6/27 -> (1 + 3) / 27
    assert luck["A"].attack.percentile == pytest.approx(100 * 4 / 27)


def test_the_verdict_never_says_luckier_than_0_or_100_percent():
    """Every die failed: the percentile rounds to 0 but is not impossible ("under 1%"); every die hit: "over 99%"."""
    events = [E.AttackRolled(1, "Shooter", ((2, "Bug"),), "Rifle", dice(*[6] * 12), 4),
              E.AttackRolled(2, "Bug", ((1, "Shooter"),), "Claws", dice(*[1] * 12), 4)]
    a, b = side_luck(events, (("A", "Squad"), ("B", "Bugs")), SIDES.get)
    assert 0 < a.overall.percentile < 1 and a.verdict() == "luckier than under 1% of battles"
    assert 99 < b.overall.percentile < 100 and b.verdict() == "luckier than over 99% of battles"
