"""The dice view is built from typed records: a re-roll names its die, so the right die changes."""
from game.match import events as E
from game.rules.dice import Die
from game.ui.dicelog import RollReader


def test_reroll_changes_the_named_die_not_the_first_with_that_face():
    r = RollReader()
    r.entry(E.AttackDeclared(1, "Rifle", (2,), melee=False))
    r.entry(E.AttackRolled(1, "Ana", ((2, "Bug"),), "Rifle", (Die(5), Die(2), Die(5)), 4))
    # the second 5 (index 2) is re-rolled with a Tactical Order into a 3
    r.entry(E.DieRerolled(1, E.ATTACK_ROLL, 2, "TO", 5, 3))
    r.entry(E.SavesRolled(2, "Bug", (Die(4),), 3))
    r.entry(E.DieChanged(2, E.SAVE_ROLL, 0, -1, 3))
    r.entry(E.DamageTaken(2, "Bug", 0, 1, 1, "1 saves", False))
    r.entry(E.AttackEnded(1, ()))
    rec = r.last_attack
    attack, saves = rec.groups
    assert [d.natural for d in attack.dice] == [5, 2, 3]
    assert [d.rerolled for d in attack.dice] == [False, False, True]
    assert saves.dice[0].natural == 4 and saves.dice[0].shift == -1
    assert saves.dice[0].succeeds(3)
    assert rec.outcome == ["Bug loses 0 HIT"]


def test_log_entries_show_dice_segments_for_rolls():
    r = RollReader()
    e = r.entry(E.TacticalOrdersRolled("player", "Squad", (Die(1), Die(4), Die(3)), 1, 3))
    kinds = [s.kind for s in e.segments]
    assert "dice" in kinds and [d.natural for d in e.segments[kinds.index("dice")].dice] == [1, 4, 3]
    assert r.entry(E.AttackEnded(1, ())) is None
