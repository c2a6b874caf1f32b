"""Missions scored by Control (play-modes digest 4.2 #1, #2, #5, #6): Secure the Zone, Hold the Line, Push the Line,
Centerpoint, with units placed where each test wants them and scripted dice."""
from game.battlefield.model import Battlefield, LowWall, default_anchors
from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.rules.records import SavesRolled

from tests.modes.pvp.conftest import TURN, card, end_turn, units



def test_secure_the_zone_one_mp_per_objective_and_the_bonus_once_per_squad(make_pvp):
    m = make_pvp("secure-the-zone", [(card(), 6, 13.2), (card(), 12, 13.2), (card(), 18, 13.2)],
                 [(card(), 2, 22), (card(), 4, 22), (card(), 6, 22)], dice=TURN * 4)
    end_turn(m)
    assert m.score == {"player": 4, "opponent": 0}  # 3 Objectives + 1 for all three at once
    end_turn(m)
    assert m.score == {"player": 7, "opponent": 0}  # the bonus only once
    o = units(m, "opponent")
    m.place(o[0], 6, 10.8)  # Adjacent to the West Objective: nobody Controls it
    m.place(o[1], 17.0, 14.9)  # Adjacent to the unit at the East Objective: it Controls nothing
    end_turn(m)
    assert m.score == {"player": 8, "opponent": 0}


def test_secure_the_zone_each_squad_can_earn_the_bonus(make_pvp):
    m = make_pvp("secure-the-zone", [(card(), 6, 13.2), (card(), 12, 13.2), (card(), 18, 13.2)],
                 [(card(), 2, 22), (card(), 4, 22), (card(), 6, 22)], dice=TURN * 3)
    end_turn(m)
    p, o = units(m, "player"), units(m, "opponent")
    for i, x in enumerate((6, 12, 18)):
        m.place(p[i], x, 1 + i * 2)
        m.place(o[i], x, 10.8)
    end_turn(m)
    assert m.score == {"player": 4, "opponent": 4}


def test_hold_the_line_scores_two_per_objective_from_turn_two(make_pvp):
    m = make_pvp("hold-the-line", [(card(), 12, 7.2)], [(card(), 12, 19.2)], dice=TURN * 3)
    end_turn(m)
    assert m.score == {"player": 0, "opponent": 0}
    end_turn(m)
    assert m.score == {"player": 2, "opponent": 2}


def _cover_table():
    """The open table with a low wall 1" north of the South Objective (12, 18)."""
    return Battlefield(name="Low wall", low_walls=(LowWall("low wall 'sandbags'", (9.0, 16.0), (15.0, 16.0)),),
                       anchors=default_anchors(24, 24))


def test_hold_the_line_cover_and_an_objective_give_plus_one_arm_against_shots(make_pvp):
    shooter = card("Shooter", ranged=(2, 5))
    m = make_pvp("hold-the-line", [(shooter, 12, 8)], [(card("Holder", arm=3), 12, 16.8)], dice=TURN,
                 table=_cover_table())
    p, o = units(m, "player"), units(m, "opponent")
    assert m.mission.arm_bonus(m, o[0], p[0], True) == 1
    assert m.mission.arm_bonus(m, o[0], p[0], False) == 0  # not against melee
    m.submit(C.Activate("player", p[0]))
    m.dice = ScriptedDice([2, 2, 4, 4])  # two Strikes; saves of 4 pass only against ARM 3 + 1
    m.submit(C.RangedAttack("player", "rng", o[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    saves = [e for e in m.events if isinstance(e, SavesRolled)][-1]
    assert saves.stat == 4 and m.health(o[0]).hit == 3
    m.place(o[0], 12, 14.4)  # still in Cover, but no longer Adjacent to the Objective
    assert m.mission.arm_bonus(m, o[0], p[0], True) == 0


def test_push_the_line_own_centre_and_enemy_objectives_and_the_early_bonus(make_pvp):
    # player on the North edge: its own Objective is North (12, 0.5)
    m = make_pvp("push-the-line", [(card(), 13.5, 0.5), (card(), 12, 13.2), (card(), 12, 22.3)],
                 [(card(), 2, 22), (card(), 4, 22), (card(), 6, 22)], dice=TURN * 4)
    assert m.marker("objective-north").side == "player" and m.marker("objective-south").side == "opponent"
    end_turn(m)
    assert m.score["player"] == 1 + 2 + 3 + 1  # own, centre, enemy's, and the bonus for the enemy's by Turn 3
    end_turn(m)
    assert m.score["player"] == 7 + 6  # the bonus only once
    p = units(m, "player")
    m.place(p[1], 22, 8)
    m.place(p[2], 20, 8)
    end_turn(m)
    end_turn(m)
    assert m.score["player"] == 13 + 1 + 1


def test_push_the_line_bonus_needs_turn_three_or_earlier(make_pvp):
    m = make_pvp("push-the-line", [(card(), 2, 2)], [(card(), 22, 22)], dice=TURN * 4)
    for _ in range(3):
        end_turn(m)
    m.place(units(m, "player")[0], 12, 22.3)
    end_turn(m)
    assert m.score["player"] == 3  # Turn 4: 3 MP for the enemy's Objective, no bonus


def test_centerpoint_six_mp_at_the_end_of_turn_four_only(make_pvp):
    m = make_pvp("centerpoint", [(card(), 12, 13.2)], [(card(), 2, 22)], dice=TURN * 4)
    for _ in range(3):
        end_turn(m)
    assert m.score["player"] == 0
    end_turn(m)
    assert m.score["player"] == 6 and m.prompt.kind == "choice"  # the Campaign Reward
