"""Match core against the Core Rules, with units placed by hand and scripted dice."""
import pytest

from game.match import commands as C
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice
from tests.match.conftest import card

START = [4, 4, 4, 4, 4, 4, 2, 5]  # A: 3 TO dice, B: 3 TO dice (all fail), initiative A 2 - B 5


def test_turn_start_tactical_orders_and_initiative(make_skirmish):
    m, a, b = make_skirmish([(card(leader=True), 5, 5)], [(card(), 15, 15)],
                            dice=[1, 2, 3, 4, 6] + [6, 6, 1] + [3, 3, 5, 2], first="B")
    assert m.to == {"A": 3, "B": 1}  # 5 dice with a Leader Standing; 1-3 succeed
    assert m.next_side == "B"  # B won the re-rolled Initiative (lowest) and chose to go first
    assert m.waiting_for() == "B"


def test_repeat_move_costs_more_and_tactical_orders_pay(make_skirmish):
    m, a, b = make_skirmish([(card(act=2), 5, 5)], [(card(), 20, 20)], dice=[1, 4, 4, 4, 4, 4, 2, 5])
    assert m.to["A"] == 1
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 8, 5))
    assert m.act_left() == 1 and m.cost_of("move") == 2
    m.submit(C.Move("A", 11, 5))  # 1 ACT + 1 TO
    assert m.act_left() == 0 and m.to["A"] == 0
    with pytest.raises(IllegalCommand, match="not enough ACT or TO"):
        m.submit(C.Dash("A", 12, 5))


def test_move_longer_than_six_inches_is_refused(make_skirmish):
    m, a, b = make_skirmish([(card(), 5, 5)], [(card(), 20, 20)], dice=START)
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="cannot get there"):
        m.submit(C.Move("A", 11.5, 5))
    m.submit(C.Move("A", 11, 5))
    assert (m.position(a[0]).x, m.position(a[0]).y) == (11, 5)


def test_ranged_target_rules(make_skirmish):
    # A1 at (5,5), A2 at (14.5,5) next to B1 (15.6,5); B2 far away at (5,20)
    m, a, b = make_skirmish([(card(ranged=(3, 4)), 5, 5), (card(), 14.5, 5)],
                            [(card(), 15.6, 5), (card(), 5, 20)], dice=START)
    rifle = m.unit(a[0]).card.weapon("rng")
    assert "Adjacent to" in m.ranged_target_reason(a[0], rifle, b[0])  # target Adjacent to a squadmate
    assert m.ranged_target_reason(a[0], rifle, b[1]) is None
    rifle2 = m.unit(a[1]).card.weapon("rng")
    assert "Adjacent to an enemy" in m.ranged_target_reason(a[1], rifle2, b[1])


def test_range_and_line_of_sight_through_units(make_skirmish):
    from game.rules.model import RANGED, Special, WeaponCard
    m, a, b = make_skirmish([(card(), 5, 5)], [(card(), 12, 5), (card(), 20, 5)], dice=START)
    short = WeaponCard("short", "Pistol", RANGED, 2, 4, (Special("RNG", 6),))
    assert m.ranged_target_reason(a[0], short, b[0]) is None  # 7" between centres: 6" between bases
    assert "out of range" in m.ranged_target_reason(a[0], short, b[1])
    long = m.unit(a[0]).card.weapon("rng")
    assert "Line of Sight" in m.ranged_target_reason(a[0], long, b[1])  # b[0] stands in the way


def test_melee_support_and_attack_of_opportunity_with_blunting(make_skirmish):
    # A mover at (10,10) Adjacent to B1 (11.2,10). It moves away; B chooses the AoO, A blunts 1 die.
    m, a, b = make_skirmish([(card(act=2, hit=3), 10, 10)], [(card(melee=(3, 4)), 11.2, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 6, 10))  # 4" used: 2" spare
    assert m.prompt.kind == "aoo" and m.prompt.side == "B"
    assert C.ChooseAttackOfOpportunity("B", b[0], "mel") in m.legal_commands("B")
    m.submit(C.ChooseAttackOfOpportunity("B", b[0], "mel"))
    assert m.prompt.kind == "blunt" and m.prompt.options == (1,)
    m.dice = ScriptedDice([2, 6] + [5])  # 2 attack dice after blunting: one Strike; save 5 fails
    m.submit(C.Blunt("A", 1))
    assert m.health(a[0]).hit == 2
    assert (m.position(a[0]).x, m.position(a[0]).y) == (6, 10)  # the move completes
    assert m.readiness(b[0]).aoo_used


def test_attack_of_opportunity_once_per_turn_and_declinable(make_skirmish):
    m, a, b = make_skirmish([(card(act=3), 10, 10)], [(card(), 11.2, 10)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Dash("A", 8.5, 10))  # out of Adjacency
    m.submit(C.ChooseAttackOfOpportunity("B", None))
    assert m.prompt is None and m.position(a[0]).x == 8.5
    assert not m.readiness(b[0]).aoo_used


def test_melee_support_rerolls_and_tactical_order_from_defender(make_skirmish):
    # A1 attacks B1 in melee with A2 also Adjacent to B1: one Support re-roll. B has 1 TO and re-rolls a save.
    m, a, b = make_skirmish([(card(act=2), 10, 10), (card(), 11.1, 11.1)], [(card(arm=3), 11.2, 10)],
                            dice=[4, 4, 4, 1, 4, 4, 2, 5])
    assert m.to == {"A": 0, "B": 1}
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([6, 6, 6, 2, 5, 3])
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "dice" and m.prompt.side == "A"
    assert m.prompt.decision.free == (("support", 1),)
    m.submit(C.RerollDie("A", 0, "support"))  # 6 -> 2: a Strike; nothing else A can do: accepted
    assert m.prompt.side == "B" and m.prompt.decision.stage == "save"  # B has a TO: it may decide
    m.submit(C.RerollDie("B", 0, "TO"))  # save 5 -> 3: saved
    assert m.to["B"] == 0 and m.prompt is None  # nothing left to decide: the attack resolved
    assert m.health(b[0]).hit == 3 and m.waiting_for() == "A"


def test_taken_out_units_add_tactical_orders_next_turn(make_skirmish):
    m, a, b = make_skirmish([(card(act=1), 10, 10)], [(card(hit=1), 11.2, 10), (card(act=1), 20, 20)],
                            dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 6, 6, 6, 6])  # Critical Strike: 2 Damage, saves fail
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert not m.standing(b[0]) and m.taken_out_count["B"] == 1
    m.submit(C.EndActivation("A"))
    assert m.waiting_for() == "B"
    m.submit(C.Activate("B", b[1]))
    m.dice = ScriptedDice([4, 4, 4, 4, 4, 4, 2, 5])
    m.submit(C.EndActivation("B"))  # end of Turn 1
    assert m.turn == 2 and m.to["B"] == 1  # no success, +1 for the unit Taken Out


def test_ranged_critical_strike_with_cover_is_not_in_melee(make_skirmish):
    m, a, b = make_skirmish([(card(), 5, 5)], [(card(arm=4), 15, 5)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 5, 6, 4, 4])
    m.submit(C.RangedAttack("A", "rng", b[0]))  # 1 Critical = 2 Damage; no TO and no free re-roll: no prompts
    assert m.prompt is None and m.health(b[0]).hit == 3


def test_npc_activates_after_each_player_unit_nearest_first(make_skirmish):
    m, a, b = make_skirmish([(card(), 5, 5), (card(), 6, 20)], [(card(), 20, 20), (card(), 8, 5)],
                            dice=[4, 4, 4, 2, 5], npc_b=True)
    assert m.waiting_for() == "A"  # R19: the player squad has Initiative
    m.submit(C.Activate("A", a[0]))
    m.submit(C.EndActivation("A"))
    assert m.active_unit == b[1] and m.waiting_for() == "B"  # the NPC nearest to a player unit
    with pytest.raises(IllegalCommand):
        m.submit(C.Activate("B", b[0]))


def test_undo_only_dice_free_commands_and_replay_hash(make_skirmish):
    m, a, b = make_skirmish([(card(), 5, 5)], [(card(), 15, 5)], dice=START + [3, 3, 3, 6, 6, 6])
    m.submit(C.Activate("A", a[0]))
    assert m.can_undo()
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert not m.can_undo()
    assert m.rolls_per_command[-1] == 6


def test_commands_round_trip_through_dicts():
    cmds = [C.Move("A", 1.5, 2.0, 0.0), C.RangedAttack("A", "rng", 3, (4,), (2, 1)), C.AcceptDice("B"),
            C.ChooseAttackOfOpportunity("B", None)]
    assert [C.command_from_dict(c.to_dict()) for c in cmds] == cmds
    with pytest.raises(C.CommandFormatError):
        C.command_from_dict({"type": "Explode", "side": "A"})
    with pytest.raises(C.CommandFormatError):
        C.command_from_dict({"type": "Move", "side": "A", "x": 1})


def test_duty_before_death_gives_one_free_action_then_taken_out(make_skirmish):
    dbd = card(name="Strike Trooper", act=3, hit=1, skills=("INT-DBD",))
    m, a, b = make_skirmish([(card(act=2), 10, 10)], [(dbd, 15, 10), (card(), 22, 22)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 6, 6, 5])  # 1 Strike; save 5 fails: B1 reaches 0 HIT
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.waiting_for() == "B" and m.active_unit == b[0] and m.health(b[0]).hit == 0
    assert m.standing(b[0])
    cmds = m.legal_commands("B")
    assert C.EndActivation("B") in cmds and any(isinstance(c, C.RangedAttack) for c in cmds)
    with pytest.raises(IllegalCommand):
        m.submit(C.Move("B", 15, 3.5))  # a Move is fine, but this one is too long
    m.dice = ScriptedDice([1, 6, 6, 6, 6])  # the dying unit shoots back: 1 Critical = 2 Damage
    m.submit(C.RangedAttack("B", "rng", a[0]))
    assert not m.standing(b[0]) and m.health(a[0]).hit == 1
    assert m.active_unit == a[0] and m.waiting_for() == "A"  # A's activation resumes
    assert m.result is None and m.taken_out_count["B"] == 1


def test_duty_before_death_can_be_declined(make_skirmish):
    dbd = card(hit=1, skills=("INT-DBD",))
    m, a, b = make_skirmish([(card(act=2), 10, 10)], [(dbd, 15, 10), (card(), 20, 20)], dice=START)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 6, 6, 5])
    m.submit(C.RangedAttack("A", "rng", b[0]))
    m.submit(C.EndActivation("B"))
    assert not m.standing(b[0]) and m.active_unit == a[0] and m.act_left() == 1
