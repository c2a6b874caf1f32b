"""The six PvE objectives (play-modes digest 2.1) with scripted dice, on the open table at Blacksite (no Turn
Events in Turns 1-4): Control held two Turns in a row, Activate (2 ACT), Destroy (items ARM 3 HIT 2), Protect (the
Asset ARM 3 HIT 3 at the end of Turn 4), Search (found on 1, then 1-2, then always; no Tactical Orders), No
Survivors."""
import pytest

from game.match import commands as C
from game.match.anchors import anchor_points
from game.match.errors import IllegalCommand
from game.rules import actions as act

from .conftest import NO_TO, events_named, roll

A = anchor_points(24, 24)
BASE = {"npc": "classic", "tl": 1, "battlefield": "blacksite", "deployment": "standard-insertion"}
FAR_NPCS = [5, 5, 5]  # three Melee Troopers near NW, N, NE


def npc_idle(m):
    while m.waiting_for() == "npc" and m.phase != "over":
        if m.prompt is not None:
            m.submit(C.AcceptDice("npc"))
        else:
            m.submit(C.EndActivation("npc"))


def pass_turn(m, next_dice=NO_TO, stay=True, answers=()):
    """Every unit activates and does nothing; questions get `answers` in turn, then "stay" (or "extract"); the
    next Turn starts with `next_dice`."""
    answers = list(answers)
    turn = m.turn
    roll(m, *next_dice)
    while m.turn == turn and m.phase != "over":
        side = m.waiting_for()
        if side == "npc":
            npc_idle(m)
        elif m.prompt is not None and m.prompt.kind == "choice":
            m.submit(C.Choose("player", answers.pop(0) if answers else ("stay" if stay else "extract")))
        elif m.active_unit is None:
            m.submit(m.legal_commands("player")[0])
        else:
            m.submit(C.EndActivation("player"))


def beside(anchor, dx=1.2, dy=0.0):
    return (A[anchor][0] + dx, A[anchor][1] + dy)


def start(pve, objectives, anchors, spots, squad_size=3, spawn=FAR_NPCS):
    from .conftest import deploy, two_troopers
    m = pve(dict(BASE, objectives=objectives), [*anchors, *spawn], squad=two_troopers(squad_size))
    deploy(m, [beside("S", -2 + 2 * i) for i in range(squad_size)], NO_TO)
    for uid, spot in zip(m.units("player"), spots):
        if spot is not None:
            m.place(uid, *spot)
    return m


def test_control_is_met_at_the_end_of_two_turns_in_a_row(pve):
    m = start(pve, "control,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    a, b, c = m.units("player")
    assert [m.mission.objective_markers(m)] == [["control-1", "control-2", "control-3"]]
    pass_turn(m)
    assert m.mission_state["streak"] == 1 and m.mission_state["status"]["control"] == "open"
    enemy = m.units("npc")[0]
    m.place(enemy, A["W"][0] - 1.2, A["W"][1])  # Adjacent to the W marker: nobody Controls it
    pass_turn(m)
    assert m.mission_state["streak"] == 0
    m.place(enemy, 2, 2)
    pass_turn(m, [*NO_TO, 9])  # Turn 4 rolls the Extraction Point
    assert m.mission_state["streak"] == 1
    pass_turn(m, stay=False)  # held again at the end of Turn 4; then the squad extracts
    assert m.mission_state["status"]["control"] == "met" and m.phase == "over"
    assert events_named(m, "Objective met: the Control Points were held at the end of two Turns in a row")


def test_activate_costs_two_act_removes_the_console_and_needs_control(pve):
    m = start(pve, "activate,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    a = m.units("player")[0]
    m.submit(C.Activate("player", a))
    assert m.cost_of(act.MISSION, skill="activate", base=2) == 2
    enemy = m.units("npc")[0]
    m.place(enemy, A["C"][0] - 1.2, A["C"][1])
    assert "must Control" in m.mission_action_reason(a, "activate", "activate-1")
    m.place(enemy, 2, 2)
    m.submit(C.UseMissionAction("player", "activate", "activate-1"))
    assert "activate-1" not in m.markers() and m.act_left() == 0 and m.mission_state["activated"] == 1
    assert m.mission_state["status"]["activate"] == "open"


def test_activate_is_met_when_all_three_are_activated(pve):
    m = start(pve, "activate,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    roll(m, *NO_TO)  # the Turn ends after the last activation
    for uid, mid in zip(m.units("player"), ("activate-1", "activate-2", "activate-3")):
        npc_idle(m)
        m.submit(C.Activate("player", uid))
        m.submit(C.UseMissionAction("player", "activate", mid))
        m.submit(C.EndActivation("player"))
        npc_idle(m)
    assert m.mission_state["status"]["activate"] == "met"


def test_destroy_targets_are_items_arm_3_hit_2_for_the_squad_to_attack(pve):
    m = start(pve, "destroy,no-survivors", [5, 4, 6], [beside("C", 0, 6), None, None])
    targets = [m.marker_uid(f"destroy-{k}") for k in (1, 2, 3)]
    assert all(m.unit(t).item and m.unit(t).card.arm == 3 and m.health(t).hit == 2 for t in targets)
    a = m.units("player")[0]
    m.submit(C.Activate("player", a))
    assert C.RangedAttack("player", "FM-RNG", targets[0]) in m.legal_commands("player")
    roll(m, 1, 6, 6, 6, 6)  # a Critical Strike and two misses: 2 Damage; both saves fail
    m.submit(C.RangedAttack("player", "FM-RNG", targets[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(targets[0]) and "destroy-1" not in m.markers()
    assert m.mission_state["status"]["destroy"] == "open"
    with m._in_world():
        m._take_out(targets[1])
        m._take_out(targets[2])
    assert m.mission_state["status"]["destroy"] == "met"


def test_protect_is_met_if_the_asset_stands_at_the_end_of_turn_4(pve):
    m = start(pve, "protect,no-survivors", [5], [None, None, None])
    asset = m.marker_uid("asset")
    assert m.unit(asset).side == "player" and (m.unit(asset).card.arm, m.health(asset).hit) == (3, 3)
    for _ in range(3):
        pass_turn(m, [*NO_TO, 9] if m.turn == 3 else NO_TO)
    assert m.turn == 4 and m.mission_state["status"]["protect"] == "open"
    pass_turn(m, stay=False)
    assert m.mission_state["status"]["protect"] == "met"
    from game.modes.pve.objectives import status_line
    if m.marker_uid("asset") is not None and m.standing(m.marker_uid("asset")):
        with m._in_world():
            m._take_out(m.marker_uid("asset"))  # (destroyed after it was judged: met all the same)
    line = status_line(m.mission, m, "protect")
    assert line.done is True and line.status.endswith("the Asset stood at the end of Turn 4"), line


def test_protect_fails_when_the_asset_is_destroyed(pve):
    m = start(pve, "protect,no-survivors", [5], [None, None, None])
    with m._in_world():
        m._take_out(m.marker_uid("asset"))
    assert m.mission_state["status"]["protect"] == "failed"
    assert events_named(m, "Objective failed: the Asset is destroyed")


def test_a_decided_objective_says_met_or_failed_once_on_the_results_screen(pve):
    """Before: "Protect: ...: failed: the Asset is destroyed (failed)" (the status said it, the screen again)."""
    from game.ui.battle.results import summary_html
    m = start(pve, "protect,no-survivors", [5], [None, None, None])
    with m._in_world():
        m._take_out(m.marker_uid("asset"))
    html = summary_html(m, "player", {"attacks": {}, "taken_out": {}})
    line = next(t for t in html.split("<br>") if "Protect" in t)
    assert line.endswith(": the Asset is destroyed (failed)") and line.count("failed") == 1, line
    assert "(open)" in next(t for t in html.split("<br>") if "No Survivors" in t)  # (the mission goes on)


def test_search_finds_on_a_1_then_1_2_then_always_and_tactical_orders_cannot_touch_it(pve):
    m = start(pve, "search,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    m.to["player"] = 3
    a, b, c = m.units("player")
    m.submit(C.Activate("player", a))
    roll(m, 2)
    m.submit(C.UseMissionAction("player", "search", "search-1"))
    assert m.prompt is None  # no re-roll or change offered
    assert m.mission_state["searches"] == 1 and m.mission_state["found_by"] is None
    assert "search-1" not in m.markers() and events_named(m, "Search Site 1: nothing here")
    m.submit(C.EndActivation("player"))
    npc_idle(m)
    m.submit(C.Activate("player", b))
    roll(m, 3)
    m.submit(C.UseMissionAction("player", "search", "search-2"))
    assert m.mission_state["found_by"] is None  # the second search needs 1-2
    m.submit(C.EndActivation("player"))
    npc_idle(m)
    m.submit(C.Activate("player", c))
    roll(m, 6)
    m.submit(C.UseMissionAction("player", "search", "search-3"))
    assert m.mission_state["found_by"] == c and m.mission_state["status"]["search"] == "met"
    assert m.marker("artifact").carrier == c and m.to["player"] == 3


def test_the_second_search_finds_on_a_2_and_clears_the_other_sites(pve):
    m = start(pve, "search,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    a, b, _ = m.units("player")
    m.submit(C.Activate("player", a))
    roll(m, 1)
    m.submit(C.UseMissionAction("player", "search", "search-1"))
    assert m.mission_state["found_by"] == a
    assert not [x for x in m.markers() if x.startswith("search")]


def test_beasts_take_no_mission_actions(pve):
    from game.rules.model import SquadSpec, UnitSpec
    from .conftest import deploy
    squad = SquadSpec("DES", "Beasts", (UnitSpec("DES-BST", "Gorebeast"), UnitSpec("DES-BLD", "Blooded")))
    m = pve(dict(BASE, objectives="activate,no-survivors"), [5, 4, 6, *FAR_NPCS], squad=squad)
    deploy(m, [beside("S", -2), beside("S", 0)], NO_TO)
    beast = m.units("player")[0]
    m.place(beast, *beside("C"))
    assert "cannot take Mission Actions" in m.mission_action_reason(beast, "activate", "activate-1")


def test_no_survivors_is_met_when_no_enemy_stands_and_stays_met(pve):
    m = start(pve, "no-survivors,protect", [5], [None, None, None])
    with m._in_world():
        for u in m.units("npc"):
            m._take_out(u)
    assert m.mission_state["status"]["no-survivors"] == "met"


def test_the_objective_panel_reads_each_objective(pve):
    m = start(pve, "control,activate", [5, 4, 6, 1, 2, 3], [beside("C"), None, None])
    s = m.mission.summary(m)
    assert [o.label.split(":")[0] for o in s.objectives] == ["Control", "Activate"]
    assert s.objectives[0].status.startswith("1 of 3 Controlled now")
    assert s.objectives[1].status == "0 of 3 activated" and s.objectives[1].done is None
    assert any("Extraction Point: rolled at the start of Turn 4" in n for n in s.notes)
    with pytest.raises(IllegalCommand):
        m.submit(C.UseMissionAction("player", "activate", "activate-1"))


def test_no_survivors_met_reads_as_met_while_reinforcements_stand(pve):
    """Met when the last enemy on the table fell; an enemy arriving after it does not undo it, and the line says what
    was met (before: "No Survivors: ...: 3 enemy units standing (met)")."""
    from game.modes.pve.objectives import status_line
    m = start(pve, "protect,no-survivors", [5], [None, None, None])
    first = m.units("npc")
    assert first and status_line(m.mission, m, "no-survivors").status == f"{len(first)} enemy units standing"
    with m._in_world():
        for u in first:
            m._take_out(u)
    assert m.mission_state["status"]["no-survivors"] == "met"
    m.spawn("npc", "Reinforcement", m.unit(first[0]).card, 12.0, 12.0)  # (as reinforce_at brings one on)
    assert m.units("npc"), "an enemy stands again"
    line = status_line(m.mission, m, "no-survivors")
    assert m.mission_state["status"]["no-survivors"] == "met"
    assert line.done is True and line.told() == "the table was cleared of enemies (met)", line
