"""Core Rules section 2 (dice) and R1/R2."""
import pytest

from game.rules.dice import Dice, Die, ScriptedDice, d3_from


@pytest.mark.parametrize("face,stat,ok", [(1, 1, True), (3, 3, True), (4, 3, False), (6, 6, False), (6, 9, False),
                                          (1, 0, True), (2, 5, True), (5, 5, True)])
def test_roll_under_six_fails_one_succeeds(face, stat, ok):
    assert Die(face).succeeds(stat) is ok


def test_natural_one_is_critical_only_unchanged():
    assert Die(1).critical
    assert not Die(2).critical
    changed = Die(2).shifted(-1)  # R2: a die changed to 1 is not a Critical
    assert changed.value == 1 and not changed.critical and changed.succeeds(3)
    assert not Die(1).shifted(+1).critical  # R2: a changed natural 1 stops being a Critical


def test_changed_six_still_fails():
    d = Die(6).shifted(-2)
    assert d.value == 4 and not d.succeeds(5)


def test_changed_die_succeeds_on_new_value():
    assert not Die(5).succeeds(4)
    assert Die(5).shifted(-1).succeeds(4)


@pytest.mark.parametrize("face,expected", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_table(face, expected):
    assert d3_from(face) == expected
    assert ScriptedDice([face]).d3() == expected


def test_seeded_dice_repeat_and_count():
    a, b = Dice(42), Dice(42)
    assert a.roll(20) == b.roll(20)
    assert a.rolled == 20 and a.fingerprint() == "42:20"
    assert set(Dice(1).roll(600)) == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_run_out_loudly():
    s = ScriptedDice([3])
    assert s.d6() == 3
    with pytest.raises(AssertionError):
        s.d6()
    with pytest.raises(ValueError):
        ScriptedDice([0])
    s = ScriptedDice([7, 10])
    with pytest.raises(AssertionError, match="not on a D6"):
        s.d6()  # a 7 was scripted for a D10, not a D6
    assert s.d(10) == 7 and s.d(10) == 10


def test_d10_covers_its_faces():
    d = Dice(3)
    assert {d.d(10) for _ in range(400)} == set(range(1, 11))
