from game.rules.actions import (DASH, MELEE_COMBAT, MOVE, RANGED_COMBAT, SKILL, Performed, action_cost,
                                split_payment)
from game.rules.dice import ScriptedDice
from game.rules.model import MELEE, RANGED, Special, UnitCard, WeaponCard
from game.rules.orders import roll_initiative, roll_tactical_orders, tactical_order_dice

KNIFE = WeaponCard("knife", "Combat Knife", MELEE, 2, 4, (Special("2MC"),))
REAPER = WeaponCard("reaper", "Reaper", RANGED, 4, 5, (Special("2RC"),))
RIFLE = WeaponCard("rifle", "Rifle", RANGED, 3, 4)
SNIPER = WeaponCard("sniper", "Sniper Rifle", RANGED, 5, 4, (Special("ACC", 1), Special("HVY")))


def card(*weapons, specials=()):
    return UnitCard("T", "Test", 3, 4, 4, 3, 4, tuple(weapons), specials=tuple(specials))


def test_repeat_cost_rulebook_example():
    # "a Unit with 3 ACT may perform 2 Moves: the first costs 1 ACT, the second 2 ACT"
    c = card(RIFLE)
    assert action_cost(c, MOVE) == 1
    assert action_cost(c, MOVE, (Performed(MOVE),)) == 2
    assert action_cost(c, DASH, (Performed(MOVE),)) == 1  # Move and Dash are different Actions


def test_ranged_with_two_weapons_is_the_same_action():
    c = card(RIFLE, REAPER)
    assert action_cost(c, RANGED_COMBAT, (Performed(RANGED_COMBAT, "rifle"),), weapon=REAPER) == 2


def test_double_ranged_and_melee():
    c = card(KNIFE, REAPER)
    assert action_cost(c, RANGED_COMBAT, (Performed(RANGED_COMBAT, "reaper"),), weapon=REAPER) == 1
    assert action_cost(c, MELEE_COMBAT, (Performed(MELEE_COMBAT, "knife"),), weapon=KNIFE) == 1
    third = (Performed(MELEE_COMBAT, "knife"), Performed(MELEE_COMBAT, "knife"))
    assert action_cost(c, MELEE_COMBAT, third, weapon=KNIFE) == 3


def test_heavy_after_move_and_move_after_heavy():
    c = card(SNIPER)
    assert action_cost(c, RANGED_COMBAT, (Performed(MOVE),), weapon=SNIPER) == 2
    assert action_cost(c, RANGED_COMBAT, (Performed(DASH),), weapon=SNIPER) == 1  # Dash has no penalty
    assert action_cost(c, MOVE, (Performed(RANGED_COMBAT, "sniper"),)) == 2
    assert action_cost(c, MOVE, (Performed(RANGED_COMBAT, "sniper"), Performed(DASH))) == 2


def test_swift_dash():
    bug = card(KNIFE, specials=[Special("SWF")])
    assert action_cost(bug, DASH) == 0
    assert action_cost(bug, DASH, (Performed(DASH),)) == 1


def test_skill_repeats_are_per_skill():
    c = card(RIFLE)
    assert action_cost(c, SKILL, (Performed(SKILL, skill="a"),), skill="b") == 1
    assert action_cost(c, SKILL, (Performed(SKILL, skill="a"),), skill="a") == 2


def test_tactical_orders_pay_costs():
    assert split_payment(2, 1, 1) == (1, 1)  # "1 ACT + 1 TO" example
    assert split_payment(2, 0, 1) is None
    assert split_payment(1, 3, 0, to_only=True) is None
    assert split_payment(1, 3, 2, to_only=True) == (0, 1)


def test_tactical_order_dice_and_roll():
    assert tactical_order_dice(True, 2) == 5
    assert tactical_order_dice(False, 2) == 3
    assert tactical_order_dice(True, 3) == 6
    faces, to = roll_tactical_orders(ScriptedDice([1, 3, 4, 6, 2]), 5, taken_out=2)
    assert faces == [1, 3, 4, 6, 2] and to == 3 + 2


def test_initiative_lowest_wins_ties_reroll():
    rounds, winner = roll_initiative(ScriptedDice([3, 3, 5, 2]), ["A", "B"])
    assert rounds == [{"A": 3, "B": 3}, {"A": 5, "B": 2}] and winner == "B"
