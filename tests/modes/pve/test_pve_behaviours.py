"""The PvE Behaviours (play-modes digest 2.2): every line of Melee, Mixed and Ranged, the Priority Enemy (carrier,
then closest to an objective, then fewest HIT), the Protect override, no repeat cost, and the explanation of each
decision. Units placed by hand on the open table; B is the NPC side."""
import pytest

from game.battlefield import Base
from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.rules.model import UnitCard
from game.ai.pve import PveNpcController
from tests.match.conftest import Skirmish, card

from .conftest import DATA

START = [6, 6, 6, 1]  # A: no Tactical Orders (3 dice); B is an NPC side: A has the Initiative
ASSET = UnitCard("asset", "The Asset", 0, 3, 3, 0, 0, ())


class Behaviours(Skirmish):
    """A test mission with the hooks the PvE controller reads: Behaviour per unit, objectives, the Asset."""

    turns = 4

    def __init__(self, behaviour="melee", markers=(), asset=None):
        self.behaviour = behaviour
        self.spots = markers
        self.asset_at = asset

    def setup(self, match):
        for i, (x, y) in enumerate(self.spots, 1):
            match.place_marker(f"objective-{i}", "objective", f"Objective {i}", x, y, portable=True)
        if self.asset_at:
            match.place_marker("asset", "protect", "The Asset", *self.asset_at, card=ASSET, item_side="A")

    def no_repeat_cost(self, match, uid):
        return match.unit(uid).side == "B"

    def npc_behaviour(self, match, uid):
        return DATA.behaviours[self.behaviour]

    def objective_markers(self, match):
        return match.markers(kind="objective")

    def asset_unit(self, match):
        uid = match.marker_uid("asset") if "asset" in match.markers() else None
        return uid if uid is not None and match.standing(uid) else None


MELEE = card("Brute", act=2, melee=(3, 4), ranged=None)
GUNNER = card("Gunner", act=2, melee=(2, 3), ranged=(3, 4))
TARGET = card("Target", hit=3)


def npc_turn(make_skirmish, a, b, behaviour="melee", markers=(), asset=None):
    """A activates and ends; B's unit is then the active NPC."""
    m, ua, ub = make_skirmish(a, b, dice=START, npc_b=True, mission=Behaviours(behaviour, markers, asset))
    m.submit(C.Activate("A", ua[0]))
    m.submit(C.EndActivation("A"))
    assert m.active_unit == ub[0]
    return m, ua, ub


def decide(m):
    ctl = PveNpcController("B")
    cmd = ctl.decide(m)
    return cmd, ctl.explanation


# -- Melee ---------------------------------------------------------------------------------------------------
def test_melee_line_1_attacks_an_adjacent_enemy(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 10, 10)], [(MELEE, 11.2, 10)])
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[0])
    assert why.startswith("Brute (Melee Behaviour), line 1 (If it can attack an enemy in Melee") and "Target" in why


def test_melee_line_1_repeats_with_no_extra_act(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Target", hit=9, arm=1), 10, 10)], [(MELEE, 11.2, 10)])
    m.dice = ScriptedDice([6, 6, 6])
    m.submit(decide(m)[0])
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[0]) and m.act_left() == 1  # the repeat costs 1, not 2


def test_melee_line_2_moves_toward_the_closest_priority_enemy(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 12, 18), (card("Near objective", hit=3), 4, 4)],
                       [(MELEE, 12, 4)], markers=[(2, 4)])
    cmd, why = decide(m)
    assert isinstance(cmd, C.Move)
    assert "line 2" in why and "Moves toward Near objective" in why and "closest to an objective (Objective 1" in why
    dest = Base(0, "B", cmd.x, cmd.y, cmd.z, 0.5)
    assert m.table.distance(dest, m.base(a[1])) < m.table.distance(m.base(b[0]), m.base(a[1]))


def test_melee_with_nothing_to_do_ends_and_says_why(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 10, 10)], [(MELEE, 11.2, 10)])
    m.activation.act_spent = 2
    cmd, why = decide(m)
    assert cmd == C.EndActivation("B") and "no line applies" in why and "cannot pay" in why


# -- Priority Enemy ---------------------------------------------------------------------------------------------
def test_priority_enemy_a_carrier_comes_first(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Weak", hit=1), 10, 10), (card("Carrier", hit=5), 11.2, 11.2)],
                       [(MELEE, 11.2, 10)], markers=[(20, 20)])
    with m._in_world():
        m.carry("objective-1", a[1])
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[1]) and "it carries Objective 1" in why


def test_priority_enemy_then_the_unit_closest_to_an_objective(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Weak", hit=1), 10, 10), (card("Near", hit=5), 11.2, 11.2)],
                       [(MELEE, 11.2, 10)], markers=[(11.2, 13)])
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[1]) and "closest to an objective (Objective 1" in why


def test_priority_enemy_then_the_fewest_hit_left(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Tough", hit=5), 10, 10), (card("Weak", hit=2), 11.2, 11.2)],
                       [(MELEE, 11.2, 10)])
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[1]) and "fewest HIT left (2)" in why


# -- Mixed --------------------------------------------------------------------------------------------------------
def test_mixed_line_1_melee_before_shooting(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 10, 10), (TARGET, 10, 20)], [(GUNNER, 11.2, 10)], "mixed")
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", a[0]) and "line 1" in why


def test_mixed_line_2_shoots_the_priority_enemy(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Tough", hit=5), 4, 10), (card("Weak", hit=1), 20, 10)],
                       [(GUNNER, 12, 4)], "mixed")
    cmd, why = decide(m)
    assert cmd == C.RangedAttack("B", "rng", a[1]) and "line 2" in why and "fewest HIT" in why


# -- Ranged -------------------------------------------------------------------------------------------------------
def test_ranged_line_1_moves_away_from_every_enemy(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 10, 10)], [(GUNNER, 11.2, 10)], "ranged")
    cmd, why = decide(m)
    assert isinstance(cmd, C.Move) and "line 1" in why and "Moves away from every enemy" in why
    dest = Base(b[0], "B", cmd.x, cmd.y, cmd.z, 0.5)
    assert not m.table.adjacent(dest, m.base(a[0]))
    assert m.table.distance(dest, m.base(a[0])) >= 5.0


def test_ranged_line_2_shoots(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(TARGET, 10, 20)], [(GUNNER, 10, 4)], "ranged")
    cmd, why = decide(m)
    assert cmd == C.RangedAttack("B", "rng", a[0]) and "line 2" in why


def walled(behaviour):
    """The NPC at (12, 4), its only enemy at (12, 20), a 3\" wall between them from (10, 12) to (14, 12)."""
    from game.battlefield.model import Battlefield, Wall, default_anchors
    from game.match.match import Match
    from game.match.scenario import Scenario, SideSpec
    bf = Battlefield(name="t", width=24, height=24, anchors=default_anchors(24, 24),
                     walls=(Wall("wall 'screen'", (10.0, 12.0), (14.0, 12.0), 3.0),))
    sc = Scenario(mission="t", sides=(SideSpec("A"), SideSpec("B", npc=True)))
    m = Match(sc, 0, Behaviours(behaviour), bf, {"A": [("Target", TARGET)], "B": [("Gunner", GUNNER)]})
    m.submit(C.Deploy("A", 1, 12, 20))
    m.submit(C.EndDeployment("A"))
    m.submit(C.Deploy("B", 2, 12, 4))
    m.dice = ScriptedDice(list(START))
    m.submit(C.EndDeployment("B"))
    m.submit(C.Activate("A", 1))
    m.submit(C.EndActivation("A"))
    return m


@pytest.mark.parametrize("behaviour", ["mixed", "ranged"])
def test_line_3_moves_to_a_spot_from_which_the_priority_enemy_can_be_shot(behaviour):
    m = walled(behaviour)
    try:
        assert m.active_unit == 2 and m.ranged_target_reason(2, GUNNER.weapon("rng"), 1) is not None
        cmd, why = decide(m)
        assert isinstance(cmd, C.Move) and "line 3" in why and "from which it can shoot Target" in why
        m.submit(cmd)
        assert m.ranged_target_reason(2, m.unit(2).card.weapon("rng"), 1) is None
        cmd, why = decide(m)
        assert cmd == C.RangedAttack("B", "rng", 1) and "line 2" in why  # and now it shoots
    finally:
        m.close()


# -- Protect --------------------------------------------------------------------------------------------------------
def test_protect_the_asset_comes_before_any_unit_in_melee(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Weak", hit=1), 10, 10)], [(MELEE, 11.2, 10)], asset=(12.4, 10))
    cmd, why = decide(m)
    assert cmd == C.MeleeAttack("B", "mel", m.marker_uid("asset")) and "Protect: the Asset comes first" in why


def test_protect_the_asset_comes_first_at_range_and_as_the_goal_of_a_move(make_skirmish):
    m, a, b = npc_turn(make_skirmish, [(card("Weak", hit=1), 4, 12)], [(GUNNER, 12, 4)], "ranged", asset=(20, 12))
    cmd, why = decide(m)
    assert cmd == C.RangedAttack("B", "rng", m.marker_uid("asset")) and "Protect" in why
    m2, a2, b2 = npc_turn(make_skirmish, [(card("Weak", hit=1), 12, 6)], [(MELEE, 12, 20)], asset=(20, 20))
    cmd, why = decide(m2)
    assert isinstance(cmd, C.Move) and "Moves toward The Asset (Protect: the Asset comes first)" in why


def test_every_line_of_the_data_has_an_implementation():
    for beh in DATA.behaviours.values():
        for line, _ in beh.lines:
            assert hasattr(PveNpcController, "_" + line.replace("-", "_"))
