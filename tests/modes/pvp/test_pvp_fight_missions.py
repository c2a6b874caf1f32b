"""Missions decided by fighting and standing (play-modes digest 4.2 #12-#17, 4.3 C1-C2): Attrition, Last Stand,
Assassinate, Rivals, Encroach, Evac Point, Scorched Earth and Last Signal, with scripted positions and dice."""
from dataclasses import replace

import pytest

from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice
from game.rules.model import Special
from game.rules.records import AttackRolled

from tests.modes.pvp.conftest import TURN, card, end_turn, units


def fv(c, n):
    return replace(c, gp=10 * n)  # FV = GP / 10 (R24)


KILL = [1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6]  # four Critical Strikes, every save fails


def melee_kill(m, side, attacker, target):
    m.submit(C.Activate(side, attacker))
    m.dice = ScriptedDice(KILL)
    m.submit(C.MeleeAttack(side, "mel", target))
    while m.prompt is not None and m.prompt.kind in ("dice", "parry"):
        m.submit(C.AcceptDice(m.prompt.side))


def test_attrition_each_unit_taken_out_gives_the_other_squad_its_fv(make_pvp):
    m = make_pvp("attrition", [(card(melee=(4, 1)), 12, 12)], [(fv(card(hit=1, arm=1), 3), 13.2, 12)], dice=TURN)
    p, o = units(m, "player")[0], units(m, "opponent")[0]
    melee_kill(m, "player", p, o)
    assert not m.standing(o) and m.score == {"player": 3, "opponent": 0}
    assert any(isinstance(e, E.ScoreChanged) and "FV 3" in e.why for e in m.events)


def test_last_stand_two_mp_to_the_higher_standing_fv(make_pvp):
    m = make_pvp("last-stand", [(fv(card(), 2), 2, 2), (fv(card(), 2), 4, 2)], [(fv(card(), 3), 20, 22)],
                 dice=TURN * 2)
    end_turn(m)
    assert m.score == {"player": 2, "opponent": 0}


def test_last_stand_equal_fv_scores_nothing(make_pvp):
    m = make_pvp("last-stand", [(fv(card(), 3), 2, 2)], [(fv(card(), 3), 20, 22)], dice=TURN * 2)
    end_turn(m)
    assert m.score == {"player": 0, "opponent": 0}


def test_assassinate_leaders_have_one_more_act_and_their_fall_scores_six(make_pvp):
    m = make_pvp("assassinate", [(card(melee=(4, 1), act=2), 12, 12)],
                 [(card("Boss", hit=1, arm=1, leader=True, act=2), 13.2, 12)],
                 dice=[6] * 3 + [6] * 5 + [2, 1], first="opponent")
    p, o = units(m, "player")[0], units(m, "opponent")[0]
    m.submit(C.Activate("opponent", o))
    assert m.act_left() == 3  # ACT 2 + 1 for a Leader
    m.submit(C.EndActivation("opponent"))
    melee_kill(m, "player", p, o)
    assert m.score == {"player": 6, "opponent": 0}


def test_rivals_bonus_against_each_other_and_only_the_rival_may_target_a_rival(make_pvp):
    m = make_pvp("rivals", [(card("Ana One", melee=(2, 3)), 12, 12), (card("Ana Two"), 14, 8)],
                 [(card("Ben One", hit=1, arm=1), 13.2, 12), (card("Ben Two"), 2, 20)],
                 secrets={"player": 1, "opponent": 3}, dice=TURN)
    a1, a2 = units(m, "player")
    b1, b2 = units(m, "opponent")
    assert m.ranged_target_reason(a2, m.unit(a2).card.weapons[1], b2) is None  # others are fair game
    m.submit(C.Activate("player", a2))
    assert C.RangedAttack("player", "rng", b1) not in m.legal_commands("player")
    with pytest.raises(IllegalCommand, match="only the enemy Rival"):
        m.submit(C.RangedAttack("player", "rng", b1))
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", b2))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", a1))
    m.dice = ScriptedDice([4, 4, 4, 6, 6, 6])  # ATT 2+1 dice, SKL 3+1: the fours hit; Ben One saves nothing
    m.submit(C.MeleeAttack("player", "mel", b1))
    while m.prompt is not None and m.prompt.kind in ("dice", "parry"):
        m.submit(C.AcceptDice(m.prompt.side))
    rolled = [e for e in m.events if isinstance(e, AttackRolled)][-1]
    assert len(rolled.dice) == 3 and rolled.stat == 4
    assert not m.standing(b1) and m.score == {"player": 6, "opponent": 0}


def test_only_the_enemy_rival_may_make_an_attack_of_opportunity_on_a_rival(make_pvp):
    # Ana One (the player's Rival) stands between Ben One (their Rival) and Ben Two; both could strike as she leaves
    m = make_pvp("rivals", [(card("Ana One"), 12, 12), (card("Ana Two"), 2, 2)],
                 [(card("Ben One"), 13.2, 12), (card("Ben Two"), 10.8, 12)],
                 secrets={"player": 1, "opponent": 3}, dice=TURN)
    a1, a2 = units(m, "player")
    b1, b2 = units(m, "opponent")
    path = m.move_options(a1, "move").reach.path_to(12, 16, 0.0)
    assert set(path.left_adjacency) == {b1, b2}
    assert [e for e, _ in m.aoo_candidates(a1, path.left_adjacency)] == [b1]
    m.submit(C.Activate("player", a1))
    m.submit(C.Move("player", 12, 16))
    assert m.prompt.kind == "aoo" and [e for e, _ in m.prompt.options] == [b1]
    # a unit that is not a Rival is fair game for every enemy
    assert m.mission.target_reason(m, b1, a2) is None


def test_a_blast_leaves_out_a_rival_its_firer_may_not_target(make_pvp):
    """N75: the units a Blast adds are targets too, so a Rival Adjacent to the target is hit only by the enemy Rival's
    Blast; nor is it offered to a Chain Reaction by another hand."""
    def blast(name):
        return card(name, arm=1, melee=None, ranged=(3, 4), weapon_specials=(Special("BLS"),))
    m = make_pvp("rivals", [(card("Ana One"), 4, 13.2), (blast("Ana Two"), 4, 12)],
                 [(blast("Ben One"), 15.2, 12), (card("Ben Two", arm=1), 14, 12)],
                 secrets={"player": 1, "opponent": 3}, dice=TURN)
    a1, a2 = units(m, "player")
    b1, b2 = units(m, "opponent")
    assert m.adjacent(b1, b2) and m.adjacent(a1, a2)
    assert m.attack_preview(a2, "rng", b2).also_hit == ()  # Ben One, their Rival, is not among those it strikes
    chain = card(weapon_specials=(Special("CHR", 1),)).weapons[1]
    assert m.chain_targets(a2, chain, b2) == ()
    with pytest.raises(IllegalCommand, match="only the enemy Rival"):
        m._target_groups(chain, b2, (b1,), (), melee=False, attacker=a2)
    m.submit(C.Activate("player", a2))
    m.dice = ScriptedDice([1, 1, 1] + [6] * 12)  # three Critical Strikes; every save fails
    m.submit(C.RangedAttack("player", "rng", b2))
    while m.prompt is not None and m.prompt.kind in ("dice", "parry"):
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(b2)
    assert m.standing(b1) and m.health(b1).hit == 3
    # their Rival's Blast on Ana Two strikes ours beside her: the Rivals' duel
    assert m.attack_preview(b1, "rng", a2).also_hit == (a1,)


def test_rivals_both_standing_at_the_end_is_a_draw_whatever_the_mp(make_pvp):
    m = make_pvp("rivals", [(card(), 2, 2), (card(), 4, 2)], [(card(), 20, 22), (card(), 18, 22)],
                 secrets={"player": 2, "opponent": 4}, dice=TURN * 4 + [1])
    m.score["player"] = 3
    for _ in range(4):
        end_turn(m)
    assert m.result.outcome == "draw" and m.result.text == "both Rivals are still standing"


def test_encroach_counts_units_in_the_enemy_half_not_adjacent_to_enemies(make_pvp):
    # the player is north: the enemy's half is y > 12
    m = make_pvp("encroach", [(fv(card(), 2), 6, 14), (fv(card(), 3), 18, 20)],
                 [(fv(card(), 4), 18, 21.2), (fv(card(), 1), 6, 4)], dice=TURN * 2)
    end_turn(m)
    # player: 2 (the unit at y 20 is Adjacent to an enemy); opponent: 1 (north of the centre line)
    assert m.score == {"player": 2, "opponent": 0}


def test_evac_point_the_defender_holds_with_equal_fv_in_the_zone(make_pvp):
    m = make_pvp("evac-point", [(fv(card(), 2), 10, 10), (fv(card(), 1), 2, 2)],
                 [(fv(card(), 2), 14, 14), (fv(card(), 3), 20, 22)],
                 places={"player": "defender", "opponent": "attacker"}, dice=TURN * 4)
    for _ in range(4):
        end_turn(m)
    m.submit(C.Choose(m.prompt.side, "1"))
    assert m.result.winner == "player" and "FV 2 to 2" in m.result.text
    assert m.mission.result_line(m) == "result: player wins (the Defender holds the Evac Zone (FV 2 to 2))"


def test_scorched_earth_has_no_turn_limit_and_ends_when_a_squad_is_gone(make_pvp):
    m = make_pvp("climax-scorched-earth", [(card(melee=(4, 1), hit=5), 12, 12)], [(card(hit=1, arm=1), 2, 22)],
                 dice=TURN * 5)
    p, o = units(m, "player")[0], units(m, "opponent")[0]
    for _ in range(4):
        with m._in_world():
            m.lose_hit(p, 1)  # some HIT lost every Turn: no stalemate
        end_turn(m)
    assert m.turn == 5 and m.phase == "battle"
    m.place(o, 13.2, 12)
    melee_kill(m, "player", p, o)
    assert m.phase == "over" and m.result.winner == "player" and m.result.turn == 5
    assert m.mission.result_line(m) == "result: player wins (every unit of Ben is Taken Out)"


def test_scorched_earth_the_last_units_falling_together_is_a_draw(make_pvp):
    m = make_pvp("climax-scorched-earth", [(card(melee=(1, 1), hit=1, arm=1), 12, 12)],
                 [(card(hit=1, arm=1), 13.2, 12)], dice=TURN)
    p, o = units(m, "player")[0], units(m, "opponent")[0]
    m.submit(C.Activate("player", p))
    m.dice = ScriptedDice([1, 1, 6, 6])  # a Critical Strike (2 Damage); a Critical Save returns 1; no save
    m.submit(C.MeleeAttack("player", "mel", o))
    while m.prompt is not None and m.prompt.kind in ("dice", "parry"):
        m.submit(C.AcceptDice(m.prompt.side))
    assert m.phase == "over" and m.result.outcome == "draw"
    assert m.mission.result_line(m) == "result: draw (the last units of both squads fell at the same moment)"


def test_last_signal_claims_lapse_every_turn_and_both_held_win(make_pvp):
    m = make_pvp("climax-last-signal", [(card(act=2), 6, 13.2), (card(act=2), 18, 13.2)], [(card(), 2, 22)],
                 dice=TURN * 3)
    a, b = units(m, "player")
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "claim-beacon", "beacon-west"))
    assert m.act_left() == 0 and m.mission_state["claims"] == {"beacon-west": "player"}
    m.submit(C.EndActivation("player"))
    end_turn(m)  # only one Beacon claimed: the Turn passes
    assert m.turn == 2 and m.mission_state["claims"] == {} and m.marker("beacon-west").state == ""
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "claim-beacon", "beacon-west"))
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", units(m, "opponent")[0]))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", b))
    m.submit(C.UseMissionAction("player", "claim-beacon", "beacon-east"))
    m.submit(C.EndActivation("player"))
    assert m.phase == "over" and m.result.winner == "player" and m.result.turn == 2


def test_last_signal_an_enemy_controlling_a_claimed_beacon_stops_the_win(make_pvp):
    m = make_pvp("climax-last-signal", [(card(), 2, 2), (card(), 18, 13.2)], [(card(), 6, 10.8)], dice=TURN * 2)
    m.mission_state["claims"] = {"beacon-west": "player", "beacon-east": "player"}
    assert m.controller_of("beacon-west") == "opponent"
    end_turn(m)
    assert m.phase == "battle" and m.turn == 2


def test_last_signal_contesting_is_not_controlling(make_pvp):
    m = make_pvp("climax-last-signal", [(card(), 6, 13.2), (card(), 18, 13.2)], [(card(), 6, 10.8)], dice=TURN)
    m.mission_state["claims"] = {"beacon-west": "player", "beacon-east": "player"}
    assert m.controller_of("beacon-west") is None
    end_turn(m)
    assert m.result.winner == "player"


def test_a_climax_without_a_turn_limit_that_stands_still_is_a_draw(make_pvp):
    m = make_pvp("climax-scorched-earth", [(card(), 2, 2)], [(card(), 20, 22)], dice=TURN * 3)
    for _ in range(3):
        end_turn(m)
    assert m.result.outcome == "draw" and m.result.turn == 3 and "stalemate" in m.result.text
