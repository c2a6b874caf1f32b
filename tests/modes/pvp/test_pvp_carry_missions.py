"""Missions about carrying something (play-modes digest 4.2 #8, #9 and 4.3 C3): Relay Run's Beacon (-1 ACT, out over
the own edge), Ambush's secret Intel, The Flag (Pick Up 2 ACT, 2" less per Move, nearer edge wins)."""
import pytest

from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice

from tests.modes.pvp.conftest import TURN, card, end_turn, units


def test_relay_run_the_beacon_slows_its_carrier_and_scores_six_over_the_own_edge(make_pvp):
    m = make_pvp("relay-run", [(card(act=2), 12, 13.2), (card(), 2, 2)], [(card(), 20, 22)], dice=TURN * 2)
    a, b = units(m, "player")
    m.submit(C.Activate("player", a))
    m.submit(C.PickUp("player", "beacon"))
    assert m.marker("beacon").carrier == a
    m.submit(C.EndActivation("player"))
    end_turn(m)
    m.submit(C.Activate("player", a))
    started = [e for e in m.events if isinstance(e, E.ActivationStarted) and e.uid == a][-1]
    assert started.act == 1  # ACT 2 - 1 for the Beacon
    assert "own deployment strip" in m.mission_action_reason(a, "exit-with-beacon")
    m.place(a, 12, 23.5)  # the enemy's strip is no way out
    assert "own deployment strip" in m.mission_action_reason(a, "exit-with-beacon")
    m.place(a, 12, 0.6)
    assert m.mission_action_reason(b, "exit-with-beacon") == "only a unit carrying the Beacon may leave with it"
    m.submit(C.UseMissionAction("player", "exit-with-beacon"))
    assert m.score["player"] == 6 and not m.standing(a) and a not in m.units("player")
    assert m.marker("beacon").carrier == a and m.markers(on_table=True) == []  # it left with the unit
    assert m.active_unit is None  # its activation ended as it left


def test_ambush_the_defender_wins_with_the_intel_on_the_east_edge(make_pvp):
    m = make_pvp("ambush", [(card("Leader", leader=True), 2, 2), (card("Runner"), 23.5, 12)],
                 [(card("Hunter"), 12, 2)], places={"player": "defender", "opponent": "attacker"},
                 secrets={"player": 2}, dice=([6] * 8 + [1, 2]) * 4)  # the Leader rolls 5 TO dice
    assert m.mission_state["carrier"] == 2
    for _ in range(4):
        end_turn(m)
    assert m.prompt.kind == "choice" and m.prompt.side == "player"
    assert any(isinstance(e, E.MissionEvent) and e.message == "Runner was carrying it" for e in m.events)
    m.submit(C.Choose("player", "0"))
    assert m.result.winner == "player"
    assert m.mission.result_line(m) == "result: player wins (Runner carried the Intel to the east edge)"


def test_ambush_a_fallen_carrier_drops_the_intel_and_the_attacker_can_take_it(make_pvp):
    m = make_pvp("ambush", [(card("Leader", leader=True), 2, 2), (card("Runner", hit=1, arm=1), 12, 12)],
                 [(card("Hunter", act=3, melee=(4, 1)), 13.2, 12)], places={"player": "defender",
                                                                            "opponent": "attacker"},
                 secrets={"player": 2}, dice=[6, 6, 6, 6, 6, 6, 6, 6, 2, 1], first="opponent")
    hunter = units(m, "opponent")[0]
    assert "Intel" not in m.markers()
    m.submit(C.Activate("opponent", hunter))
    m.dice = ScriptedDice([1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6])
    m.submit(C.MeleeAttack("opponent", "mel", 2))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(2) and m.marker_position("intel")[:2] == (12, 12)
    assert any(isinstance(e, E.MissionEvent) and "Runner was carrying it" in e.message for e in m.events)
    m.submit(C.PickUp("opponent", "intel"))
    assert m.marker("intel").carrier == hunter
    from game.modes.pvp import rules as R
    assert R.intel_holder(m) == hunter


def test_ambush_the_secret_is_not_on_the_markers_before_it_falls(make_pvp):
    m = make_pvp("ambush", [(card("Leader", leader=True), 2, 2), (card("Runner"), 12, 12)], [(card(), 12, 2)],
                 places={"player": "defender", "opponent": "attacker"}, secrets={"player": 2},
                 dice=[6] * 8 + [1, 2])
    assert m.markers() == [] and m.carried_by(2) == []
    texts = " ".join(o.status for o in m.mission.summary(m).objectives)
    assert "Runner" not in texts


def test_the_flag_costs_two_act_slows_its_carrier_and_the_nearer_edge_wins(make_pvp):
    m = make_pvp("climax-the-flag", [(card(act=3), 12, 10.8)], [(card(), 20, 22)], dice=TURN * 4)
    a = units(m, "player")[0]
    m.submit(C.Activate("player", a))
    m.submit(C.PickUp("player", "flag"))
    assert m.act_left() == 1 and m.move_budget("move") == 4.0
    with pytest.raises(IllegalCommand):
        m.submit(C.Move("player", 12, 4.0))  # 6.8" away: more than 4"
    m.submit(C.Move("player", 12, 7.0))
    m.submit(C.EndActivation("player"))
    for _ in range(4):
        end_turn(m)
    assert m.result.winner == "player" and m.mission.result_line(m).startswith("result: player wins (the Flag is "
                                                                              "nearer Ana's edge")
    assert m.mission_state.get("rewards") is None  # no Campaign Rewards after a Climax
