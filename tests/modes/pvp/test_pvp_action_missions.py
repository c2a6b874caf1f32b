"""Missions with Mission actions (play-modes digest 4.2 #3, #4, #7, #10, #11): Power Cycle's Toggle Node, reset
and radiation; Sabotage; Recover Intel's Collect Intel; Search and Recover's Search; Commitment Protocol's Uplink
and Transmit in Turns 3-4, with scripted positions and dice."""
import pytest

from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice

from tests.modes.pvp.conftest import TURN, card, end_turn, units


def test_power_cycle_toggle_score_radiation_and_reset(make_pvp):
    m = make_pvp("power-cycle", [(card(arm=3), 6, 13.2)], [(card(), 20, 22)], dice=TURN + [6] + TURN)
    p = units(m, "player")[0]
    assert m.marker("node-west").state == "inactive"
    m.submit(C.Activate("player", p))
    m.submit(C.UseMissionAction("player", "toggle-node", "node-west"))
    assert m.marker("node-west").state == "active"
    m.submit(C.EndActivation("player"))
    end_turn(m)
    assert m.score == {"player": 1, "opponent": 0}  # scored before the radiation
    assert m.health(p).hit == 2  # 1 Damage, the save (6) failed
    assert any(isinstance(e, E.DirectDamage) and e.amount == 1 for e in m.events)
    assert m.turn == 2 and m.marker("node-west").state == "inactive"  # reset at the start of the Turn


def test_power_cycle_an_inactive_node_scores_nothing(make_pvp):
    m = make_pvp("power-cycle", [(card(), 6, 13.2)], [(card(), 20, 22)], dice=TURN * 2)
    end_turn(m)
    assert m.score == {"player": 0, "opponent": 0}


def test_sabotage_brings_a_structure_down_with_damage_around_it(make_pvp):
    # the player is the Attacker (north); the West structure is x 0-8, y 8-16
    m = make_pvp("sabotage", [(card("Saboteur", arm=3), 8, 6.8)], [(card("Guard", arm=3), 4, 12),
                                                                   (card("Far"), 20, 22)],
                 places={"player": "attacker", "opponent": "defender"}, dice=TURN)
    p = units(m, "player")[0]
    guard, far = units(m, "opponent")
    assert m.mission_action_reason(guard, "sabotage", "west-structure-ne") == "only Ana may Sabotage"
    m.submit(C.Activate("player", p))
    m.dice = ScriptedDice([6, 6, 1, 6])  # the Saboteur fails both saves; the Guard saves with a Critical
    m.submit(C.UseMissionAction("player", "sabotage", "west-structure-ne"))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert m.mission_state["structures"] == {"west-structure": "down", "east-structure": "standing"}
    assert not [x for x in m.markers() if x.startswith("west-structure")]
    assert len(m.markers("sabotage")) == 4
    assert m.health(p).hit == 1 and m.health(guard).hit == 3 and m.health(far).hit == 3
    m.submit(C.EndActivation("player"))
    m.dice = ScriptedDice(TURN * 3 + [2])  # the last die shares the rewards of the draw out
    for _ in range(4):
        end_turn(m)
    assert m.score == {"player": 3, "opponent": 3} and m.result.outcome == "draw"


def test_recover_intel_collect_one_core_each_dropped_when_taken_out(make_pvp):
    m = make_pvp("recover-intel", [(card(act=3), 6, 13.2), (card(), 12, 13.2)], [(card(), 20, 22)], dice=TURN * 4)
    a, b = units(m, "player")
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "collect-intel", "data_core-west"))
    assert m.carried_by(a) == ["data_core-west"]
    m.place(a, 10.8, 13.2)  # next to the centre core and to b
    assert "already carries a Data Core" in m.mission_action_reason(a, "collect-intel", "data_core-centre")
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", units(m, "opponent")[0]))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", b))
    m.submit(C.UseMissionAction("player", "collect-intel", "data_core-centre"))
    with pytest.raises(IllegalCommand, match="already carries"):
        m.submit(C.Give("player", "data_core-centre", a))
    m.submit(C.EndActivation("player"))
    for _ in range(4):
        end_turn(m)
    assert m.score == {"player": 4, "opponent": 0}


def test_search_first_on_a_one_second_on_one_or_two_third_always(make_pvp):
    m = make_pvp("search-and-recover", [(card(), 12, 13.2), (card(), 18, 13.2)], [(card(), 20, 22)],
                 dice=TURN * 2)
    a, b = units(m, "player")
    m.to["player"] = 3
    m.submit(C.Activate("player", a))
    m.dice = ScriptedDice([2])
    m.submit(C.UseMissionAction("player", "search", "search-centre"))
    assert m.prompt is None and m.to["player"] == 3  # Tactical Orders cannot touch it
    assert "search-centre" not in m.markers() and "artifact" not in m.markers()
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", units(m, "opponent")[0]))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", b))
    m.dice = ScriptedDice([2] + TURN)
    m.submit(C.UseMissionAction("player", "search", "search-east"))
    assert m.carried_by(b) == ["artifact"] and m.markers("search") == []  # the others go too
    m.submit(C.EndActivation("player"))  # every unit has activated: the Turn ends
    assert m.turn == 2 and m.score == {"player": 2, "opponent": 0}
    rolls = [e for e in m.events if isinstance(e, E.DiceRolled) and e.why.startswith("Search")]
    assert [r.why for r in rolls] == ["Search (first marker: found on a 1)", "Search (second marker: found on 1-2)"]


def test_search_the_third_marker_holds_it_without_a_roll(make_pvp):
    m = make_pvp("search-and-recover", [(card(), 6, 13.2)], [(card(), 20, 22)], dice=TURN)
    m.mission_state["searches"] = 2
    m.submit(C.Activate("player", units(m, "player")[0]))
    rolled = m.dice.rolled
    m.submit(C.UseMissionAction("player", "search", "search-west"))
    assert m.dice.rolled == rolled and m.carried_by(units(m, "player")[0]) == ["artifact"]


def test_commitment_protocol_uplink_then_transmit_in_turns_three_and_four(make_pvp):
    m = make_pvp("commitment-protocol", [(card(act=3), 6, 13.2), (card(), 12, 13.2)], [(card(), 20, 22)],
                 dice=TURN * 4)
    a, b = units(m, "player")
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "uplink", "uplink-west"))
    m.submit(C.UseMissionAction("player", "uplink", "uplink-west"))  # the same action again: 2 ACT (R17)
    assert m.mission_state["packets"] == {"player": 2, "opponent": 0} and m.act_left() == 0
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", units(m, "opponent")[0]))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", b))
    assert m.mission_action_reason(b, "transmit", "transmit") == "Transmit only in Turns 3 and 4"
    m.submit(C.EndActivation("player"))  # the Turn ends
    end_turn(m)
    assert m.turn == 3
    m.submit(C.Activate("player", b))
    m.submit(C.UseMissionAction("player", "transmit", "transmit"))
    assert m.score["player"] == 1 and m.mission_state["packets"]["player"] == 1
    m.submit(C.EndActivation("player"))


def test_commitment_protocol_equal_mp_goes_to_more_data_packets(make_pvp):
    m = make_pvp("commitment-protocol", [(card(), 2, 2)], [(card(), 20, 22)], dice=TURN * 4)
    m.mission_state["packets"] = {"player": 0, "opponent": 2}
    for _ in range(4):
        end_turn(m)
    m.submit(C.Choose(m.prompt.side, "0"))
    assert m.result.winner == "opponent" and "Data Packets" in m.result.text
    assert m.mission.result_line(m) == "result: opponent wins (MP 0-0)"
