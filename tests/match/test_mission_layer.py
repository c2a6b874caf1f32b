"""The mission layer: markers, Control, Pick Up / Drop / Give, mission actions, Anchors, a mission's own rolls
and questions, Downed units. Core Rules sections 6-7 and the play-modes digest section 1.5, with scripted dice."""
import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match import events as E
from game.match.anchors import ANCHORS, anchor_points
from game.match.errors import IllegalCommand
from game.match.match import Match
from game.match.mission import MissionActionDef
from game.match.scenario import Scenario, SideSpec
from game.rules import actions as act
from game.rules.dice import ScriptedDice
from game.rules.model import UnitCard

from tests.match.conftest import Skirmish, card

CRATE = UnitCard("crate", "Crate", 0, 3, 1, 0, 0, ())


class Objectives(Skirmish):
    """A test mission: a flat objective, a portable beacon, an attackable crate, two mission actions."""

    turns = 4

    def setup(self, match):
        match.place_marker("obj", "objective", "Objective", 12, 12)
        match.place_marker("beacon", "beacon", "Beacon", 6, 6, portable=True, carry_act=-1, carry_move=-2.0)
        match.place_marker("crate", "crate", "Crate", 18, 18, card=CRATE)

    def mission_actions(self, match):
        return [MissionActionDef("activate", "Activate", 2, "Activate an Objective you Control: remove it.",
                                 markers=("objective",)),
                MissionActionDef("search", "Search", 1, "Roll 1D6: found on a 1.", markers=("objective",),
                                 to_dice=False)]

    def do_mission_action(self, match, uid, action, marker, target):
        if action.id == "activate":
            match.remove_marker(marker, "activated")
            match.add_mp(match.side_of(uid), 3, "objective activated")
        else:
            match.roll_table(1, "Search", ("searched", marker), side=match.side_of(uid), to_dice=action.to_dice)

    def on_step(self, match, name, *args):
        if name == "searched":
            marker, faces = args
            match.mission_state["found"] = faces[0] == 1
        elif name == "anchor":
            match.mission_state.setdefault("anchors", []).append(args[-1])
        elif name == "answer":
            match.mission_state["answer"] = args[-1]
        elif name == "crate_roll":
            match.mission_state["crate"] = list(args[-1])
        else:
            super().on_step(match, name, *args)


TURN_ONE = [6, 6, 6, 6, 6, 6, 1, 2]  # no TO for either side (3 dice each, no Leader); A wins the Initiative


def play(make_skirmish, a, b, dice=(), mission=None, **kw):
    m, ua, ub = make_skirmish(a, b, dice=TURN_ONE + list(dice), mission=mission or Objectives(), **kw)
    return m, ua, ub


def test_control_needs_adjacency_and_no_enemy_adjacent_to_either(make_skirmish):
    # A's unit 0.6" from the objective's edge; B far away
    m, a, b = play(make_skirmish, [(card(), 13.1, 12)], [(card(), 20, 3)])
    assert m.controls(a[0], "obj") and m.controller_of("obj") == "A"
    assert m.side_controls("A", "obj") and not m.side_controls("B", "obj")
    m.place(b[0], 11.0 - 0.1, 12)  # an enemy Adjacent to the objective (not to the unit)
    assert "an enemy is Adjacent to it" in m.control_reason(a[0], "obj")
    assert m.controller_of("obj") is None
    m.place(b[0], 14.1, 12.9)  # an enemy Adjacent to the unit only
    assert not m.table.adjacent(m.marker_base("obj"), m.base(b[0]))
    assert "Adjacent to an enemy" in m.control_reason(a[0], "obj")
    m.place(b[0], 20, 3)
    m.place(a[0], 14.2, 12)  # 1.2" between edges: not Adjacent
    assert m.control_reason(a[0], "obj") == "it must be Adjacent to it"


def test_a_unit_controls_a_squadmate_as_it_controls_a_marker(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4), (card(), 5.5, 4)], [(card(), 20, 20)])
    assert m.controls(a[0], a[1])
    m.place(b[0], 7.0, 4)
    assert not m.controls(a[0], a[1])  # the Squadmate is Adjacent to an enemy


def test_pick_up_drop_give_cost_one_act_and_the_carrier_changes(make_skirmish):
    m, a, b = play(make_skirmish, [(card(act=3), 6, 7.2), (card(), 7.2, 7.2)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    assert C.PickUp("A", "beacon") in m.legal_commands("A")
    assert C.PickUp("A", "obj") not in m.legal_commands("A")  # not portable
    with pytest.raises(IllegalCommand, match="cannot be picked up"):
        m.submit(C.PickUp("A", "obj"))
    m.submit(C.PickUp("A", "beacon"))
    assert m.act_left() == 2 and m.marker("beacon").carrier == a[0] and m.carried_by(a[0]) == ["beacon"]
    assert m.marker_position("beacon") == (6, 7.2, 0.0)
    assert any(isinstance(e, E.MarkerPickedUp) and e.uid == a[0] for e in m.events)
    assert C.Give("A", "beacon", a[1]) in m.legal_commands("A")
    m.submit(C.Give("A", "beacon", a[1]))
    assert m.marker("beacon").carrier == a[1] and m.act_left() == 1
    with pytest.raises(IllegalCommand, match="does not carry"):
        m.submit(C.Drop("A", "beacon"))


def test_carrier_restrictions_come_from_the_marker(make_skirmish):
    m, a, b = play(make_skirmish, [(card(act=3), 6, 7.2)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.PickUp("A", "beacon"))
    assert m.move_budget(act.MOVE) == 4.0 and m.move_budget(act.DASH) == 2.0
    m.submit(C.EndActivation("A"))


def test_a_carried_marker_moves_with_its_carrier_and_falls_where_it_is_taken_out(make_skirmish):
    m, a, b = play(make_skirmish, [(card(act=3, hit=1, arm=1), 6, 7.2)], [(card(melee=(6, 1)), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.PickUp("A", "beacon"))
    m.submit(C.Move("A", 10, 7.2))
    assert m.marker_position("beacon")[:2] == (10, 7.2)
    m.submit(C.EndActivation("A"))
    m.place(b[0], 11.2, 7.2)
    m.dice = ScriptedDice([1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    m.submit(C.Activate("B", b[0]))
    m.submit(C.MeleeAttack("B", "mel", a[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(a[0])
    assert m.marker("beacon").carrier is None and m.marker_position("beacon")[:2] == (10, 7.2)
    dropped = [e for e in m.events if isinstance(e, E.MarkerDropped)]
    assert dropped and dropped[-1].taken_out


def test_a_marker_with_arm_and_hit_is_a_target_and_can_be_taken_out(make_skirmish):
    m, a, b = play(make_skirmish, [(card(ranged=(3, 4)), 12, 18)], [(card(), 2, 2)])
    crate = m.marker_uid("crate")
    assert crate is not None and m.unit(crate).item and m.marker_of(crate) == "crate"
    m.submit(C.Activate("A", a[0]))
    assert C.RangedAttack("A", "rng", crate) in m.legal_commands("A")
    m.dice = ScriptedDice([1, 6, 6, 6, 6])  # a Critical Strike: 2 Damage; saves 6, 6
    m.submit(C.RangedAttack("A", "rng", crate))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(crate) and "crate" not in m.markers()
    assert any(isinstance(e, E.TakenOut) and e.uid == crate and e.item for e in m.events)


def test_mission_actions_are_listed_paid_and_need_control(make_skirmish):
    m, a, b = play(make_skirmish, [(card(act=2), 13.1, 12)], [(card(), 20, 3)])
    m.submit(C.Activate("A", a[0]))
    cmds = m.legal_commands("A")
    assert C.UseMissionAction("A", "activate", "obj") in cmds
    assert C.UseMissionAction("A", "search", "obj") in cmds
    m.place(b[0], 11.0 - 0.1, 12)
    assert "must Control" in m.mission_action_reason(a[0], "activate", "obj")
    assert C.UseMissionAction("A", "activate", "obj") not in m.legal_commands("A")
    m.place(b[0], 20, 3)
    m.submit(C.UseMissionAction("A", "activate", "obj"))
    assert m.act_left() == 0 and "obj" not in m.markers() and m.score["A"] == 3
    assert any(isinstance(e, E.MissionActionTaken) and e.action == "activate" for e in m.events)


def test_tactical_orders_pay_for_an_extra_mission_action(make_skirmish):
    # 2 ACT: Search (1), then Search again: repeat +1 = 2, paid 1 ACT + 1 TO
    m, a, b = play(make_skirmish, [(card(act=2), 13.1, 12)], [(card(), 20, 3)])
    m.to["A"] = 1
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([4, 2])
    m.submit(C.UseMissionAction("A", "search", "obj"))
    assert m.mission_state["found"] is False and m.act_left() == 1
    assert m.cost_of(act.MISSION, skill="search") == 2
    m.submit(C.UseMissionAction("A", "search", "obj"))
    assert m.to["A"] == 0 and m.act_left() == 0


def test_a_roll_that_tactical_orders_may_not_touch_gives_no_choice(make_skirmish):
    m, a, b = play(make_skirmish, [(card(act=2), 13.1, 12)], [(card(), 20, 3)])
    m.to["A"] = 3
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2])
    m.submit(C.UseMissionAction("A", "search", "obj"))
    assert m.prompt is None and m.mission_state["found"] is False and m.to["A"] == 3


def test_a_mission_roll_with_tactical_orders_can_be_rerolled_and_changed(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4)], [(card(), 20, 3)])
    m.to["A"] = 2
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([5, 3])
    with m._in_world():
        m.roll_table(1, "Open Crate", ("crate_roll",), side="A", to_dice=True)
    assert m.prompt.kind == "mission_dice" and m.prompt.side == "A"
    cmds = m.legal_commands("A")
    assert C.RerollDie("A", 0, "TO") in cmds and C.ChangeDie("A", 0, -1) in cmds and C.ChangeDie("A", 0, 1) in cmds
    m.submit(C.RerollDie("A", 0, "TO"))
    assert C.RerollDie("A", 0, "TO") not in m.legal_commands("A")  # R1: once
    m.submit(C.ChangeDie("A", 0, -1))
    assert m.to["A"] == 0
    m.submit(C.AcceptDice("A"))
    assert m.mission_state["crate"] == [2] and m.prompt is None


def test_a_mission_roll_of_a_d10_is_rerolled_and_changed_as_a_d10(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4)], [(card(), 20, 3)])
    m.to["A"] = 2
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([6, 9])
    with m._in_world():
        m.roll_table(1, "Random Anchor (1D10)", ("crate_roll",), sides=10, side="A", to_dice=True)
    assert m.prompt.sides == 10 and C.ChangeDie("A", 0, 1) in m.legal_commands("A")  # a 6 is no top face of a D10
    chances = {face: pr for answer in m.prompt_answers("A") if isinstance(answer.command, C.RerollDie)
               for pr, face, _ in answer.chances}
    assert set(chances) == set(range(1, 11)) and all(pr * 10 == 1 for pr in chances.values())
    m.submit(C.RerollDie("A", 0, "TO"))  # the re-roll is a D10 too: a 9 (a D6 could not roll it)
    assert m.prompt.decision.dice[0].value == 9
    m.submit(C.ChangeDie("A", 0, 1))
    m.submit(C.AcceptDice("A"))
    assert m.mission_state["crate"] == [10] and m.prompt is None


def test_anchors_on_24_and_30_by_22_tables():
    assert anchor_points(24, 24) == {"NW": (4, 4), "N": (12, 4), "NE": (20, 4), "W": (4, 12), "C": (12, 12),
                                     "E": (20, 12), "SW": (4, 20), "S": (12, 20), "SE": (20, 20)}
    p = anchor_points(30, 22)
    assert (p["NW"], p["N"], p["NE"], p["W"], p["C"], p["E"], p["SW"], p["S"], p["SE"]) == \
        ((4, 4), (15, 4), (26, 4), (4, 11), (15, 11), (26, 11), (4, 18), (15, 18), (26, 18))


def test_within_and_adjacent_to_an_anchor(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 12, 9.5)], [(card(), 20, 3)])
    assert m.within_anchor(a[0], "C", 2.0) and not m.within_anchor(a[0], "C", 1.9)
    assert not m.adjacent_to_anchor(a[0], "C")
    m.place(a[0], 12, 10.6)  # base edge 0.9" from the point
    assert m.adjacent_to_anchor(a[0], "C")


def test_random_anchor_follows_r25_and_rolls_again_when_taken(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4)], [(card(), 20, 3)])
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([3, 3, 10, 9])  # NE; NE again (taken): re-roll; 10 for nobody: re-roll; SE
    with m._in_world():
        m.random_anchor("Objective", ("anchor",))
        m.random_anchor("Objective", ("anchor",), exclude=("NE",))
        m._after_step()
    assert m.mission_state["anchors"] == ["NE", "SE"]
    rolls = [e for e in m.events if isinstance(e, E.DiceRolled) and e.why == "Objective"]
    assert [r.outcome for r in rolls] == ["NE", "NE is taken: rolled again", "10: rolled again", "SE"]
    assert ANCHORS[0] == "NW" and len(ANCHORS) == 9


def test_a_ten_lets_the_rolling_player_choose(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4)], [(card(), 20, 3)])
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([10])
    with m._in_world():
        m.random_anchor("Asset", ("anchor",), exclude=("C",), chooser="A")
    assert m.prompt.kind == "choice" and m.prompt.side == "A"
    options = [c.option for c in m.legal_commands("A")]
    assert "C" not in options and len(options) == 8
    with pytest.raises(IllegalCommand):
        m.submit(C.Choose("A", "C"))
    m.submit(C.Choose("A", "SW"))
    assert m.mission_state["anchors"] == ["SW"]


class AlternateDeploy(Skirmish):
    def setup(self, match):
        match.mission_state["deploy_first"] = "B"

    def deployment_order(self, match):
        return "alternate"


def test_alternate_deployment_one_unit_at_a_time_loser_first():
    sc = Scenario(mission="test", sides=(SideSpec("A"), SideSpec("B")))
    m = Match(sc, 3, AlternateDeploy(), open_table(), {"A": [("a1", card()), ("a2", card())],
                                                        "B": [("b1", card())]})
    try:
        assert m.phase == "deploy" and m.waiting_for() == "B"
        assert m.to_deploy("B") == [3] and m.to_deploy("A") == []  # whose placement it is, asked of the match
        with pytest.raises(IllegalCommand):
            m.submit(C.Deploy("A", 1, 12, 2))
        m.submit(C.Deploy("B", 3, 12, 22))
        assert m.waiting_for() == "A"
        assert m.to_deploy("A") == [1, 2] and m.to_deploy("B") == []
        m.submit(C.Deploy("A", 1, 12, 2))
        assert m.waiting_for() == "A"  # B has nobody left to place
        assert m.to_deploy("A") == [2]
        m.submit(C.Deploy("A", 2, 14, 2))
        assert m.to_deploy("A") == [] and m.to_deploy("B") == []
        m.submit(C.EndDeployment("A"))
        m.submit(C.EndDeployment("B"))
        assert m.phase == "battle"
    finally:
        m.close()


def test_co_op_players_take_turns_activating_their_own_units():
    sides = (SideSpec("P", players=("Ana", "Ben"), owners=(0, 1, 0)), SideSpec("N", npc=True))
    sc = Scenario(mission="test", sides=sides)
    m = Match(sc, 4, Skirmish(), open_table(), {"P": [("a", card()), ("b", card()), ("c", card())],
                                                 "N": [("n", card())]})
    try:
        for uid, x in ((1, 2), (2, 4), (3, 6)):
            m.submit(C.Deploy("P", uid, x, 2))
        m.submit(C.EndDeployment("P"))
        m.submit(C.Deploy("N", 4, 20, 22))
        m.submit(C.EndDeployment("N"))
        assert m.person_to_act() == ("P", 0)
        assert {c.uid for c in m.legal_commands("P")} == {1, 3}
        with pytest.raises(IllegalCommand, match="another player's turn"):
            m.submit(C.Activate("P", 2))
        m.submit(C.Activate("P", 1))
        m.submit(C.EndActivation("P"))
        # the NPC activates (R19), then Ben's turn
        while m.waiting_for() == "N":
            m.submit(C.EndActivation("N"))
        assert m.person_to_act() == ("P", 1) and [c.uid for c in m.legal_commands("P")] == [2]
    finally:
        m.close()


class Downing(Skirmish):
    def downs_instead(self, match, uid):
        return match.unit(uid).side == "A"


def test_a_downed_unit_stays_is_ignored_and_may_only_move_dash_or_be_revived(make_skirmish):
    m, a, b = play(make_skirmish, [(card(hit=1, arm=1), 10, 10), (card(), 4, 4)],
                   [(card(melee=(3, 1)), 11.2, 10)], mission=Downing())
    m.submit(C.Activate("A", a[1]))
    m.submit(C.EndActivation("A"))
    m.dice = ScriptedDice([1, 1, 1, 6, 6, 6, 6, 6, 6])
    m.submit(C.Activate("B", b[0]))
    m.submit(C.MeleeAttack("B", "mel", a[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert m.standing(a[0]) and m.conditions(a[0]).downed and m.health(a[0]).hit == 0
    assert a[0] not in m.units("A") and a[0] in m.units("A", downed=None)
    assert m.enemies_of(b[0]) == [a[1]]  # enemies ignore it
    assert m.melee_target_reason(b[0], m.unit(b[0]).card.weapons[0], a[0]) == "a Downed unit cannot be targeted"
    m.submit(C.EndActivation("B"))
    m.submit(C.Activate("A", a[0]))
    kinds = {type(c).__name__ for c in m.legal_commands("A")}
    assert kinds <= {"Move", "Dash", "EndActivation", "UseMissionAction"} and "Move" in kinds
    with pytest.raises(IllegalCommand, match="Downed"):
        m.submit(C.MeleeAttack("A", "mel", b[0]))
    with m._in_world():
        m.revive(a[0], 1, "revived")
    assert not m.conditions(a[0]).downed and m.health(a[0]).hit == 1


def test_mission_state_markers_and_scores_are_in_the_state_hash(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 13.1, 12)], [(card(), 20, 3)])
    h = m.state_hash()
    m.mission_state["x"] = 1
    assert m.state_hash() != h
    h = m.state_hash()
    m.score["A"] += 1
    assert m.state_hash() != h
    h = m.state_hash()
    m.set_marker("obj", state="active")
    assert m.state_hash() != h
