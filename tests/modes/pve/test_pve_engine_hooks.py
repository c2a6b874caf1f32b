"""The generic engine hooks PvE needs, each on a small match: no repeat cost (PvE Behaviours), paid grants
(Opportunity), Damage with no source (the battlefield), terrain taken away (Collapse), the agreed Squad Leader
(R27), carrying restrictions, and a mission fixing its scenario from its first dice."""
import pytest

from game.battlefield import Base, Table
from game.battlefield.model import Battlefield, Door, LowWall, Wall, default_anchors
from game.content import load_catalog
from game.match import commands as C
from game.match import events as E
from game.match import skills as S
from game.match.errors import IllegalCommand
from game.match.scenario import Scenario, SideSpec
from game.rules import actions as act
from game.rules.dice import Dice, ScriptedDice
from game.rules.model import MELEE, RANGED, Special
from tests.match.conftest import Skirmish, card

START = [6, 6, 6, 6, 6, 6, 1, 2]  # no TO for either side; A has the Initiative


class NoRepeat(Skirmish):
    def no_repeat_cost(self, match, uid):
        return match.unit(uid).side == "B"


def test_no_repeat_cost_keeps_every_action_at_its_listed_cost(make_skirmish):
    m, a, b = make_skirmish([(card(act=3), 2, 2)], [(card(act=3, weapon_specials=(Special("2MC"),)), 20, 20)],
                            dice=START, mission=NoRepeat())
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 4, 2))
    assert m.cost_of(act.MOVE) == 2  # side A pays the repeat as usual
    m.submit(C.EndActivation("A"))
    m.submit(C.Activate("B", b[0]))
    assert m.activation.no_repeat
    m.submit(C.Move("B", 18, 20))
    assert m.cost_of(act.MOVE) == 1  # no +1 for the second Move
    m.place(b[0], 5.1, 2)
    w = m.unit(b[0]).card.weapon("mel")
    m.dice = ScriptedDice([6, 6, 6])
    m.submit(C.MeleeAttack("B", "mel", a[0]))
    assert m.cost_of(act.MELEE_COMBAT, w) == 1  # 2MC has no repeat to take back: not 0


def test_a_paid_grant_spends_only_its_own_act(make_skirmish):
    m, a, b = make_skirmish([(card(act=2), 2, 2)], [(card(), 20, 20)], dice=START)
    m.to["A"] = 3
    with m._in_world():
        m.grant(a[0], "opportunity", [S.BASIC_OR_MISSION] * 4, act=2)
        m._after_step()
    assert m.active_unit == a[0] and m.activation.grant == "opportunity" and m.act_left() == 2
    assert any(isinstance(e, E.ActivationStarted) and "up to 2 ACT" in e.text for e in m.events)
    assert m.cost_of(act.MOVE) == 1
    m.submit(C.Move("A", 4, 2))
    assert m.cost_of(act.MOVE) == 2 and m.payment(2) is None  # 1 ACT left, and no Tactical Orders in it
    assert not any(isinstance(c, C.Move) for c in m.legal_commands("A"))
    m.submit(C.Dash("A", 5, 2))
    assert m.to["A"] == 3
    assert m.active_unit is None and m.readiness(a[0]).ready  # its 2 ACT spent, it is over; not its activation


def test_damage_with_no_source_is_saved_and_returns_nothing(make_skirmish):
    m, a, b = make_skirmish([(card(arm=3, hit=3), 2, 2)], [(card(), 20, 20)], dice=START)
    m.dice = ScriptedDice([1, 4])  # a Critical Save blocks one; a 4 fails against ARM 3
    with m._in_world():
        m.deal_damage(None, [(2, [a[0]])], MELEE, "Falling rubble")
        m._after_step()
    assert m.health(a[0]).hit == 2
    assert any(isinstance(e, E.DirectDamage) and e.why == "Falling rubble" for e in m.events)
    assert any(isinstance(e, E.ReturnedDamageLost) for e in m.events)


def test_damage_with_no_source_can_take_a_unit_out(make_skirmish):
    m, a, b = make_skirmish([(card(arm=3, hit=1), 2, 2), (card(), 4, 4)], [(card(), 20, 20)], dice=START)
    m.dice = ScriptedDice([5, 6])
    with m._in_world():
        m.deal_damage(None, [(2, [a[0]])], RANGED, "Noxious Gas")
        m._after_step()
    assert not m.standing(a[0]) and m.taken_out_count["A"] == 1


def walled():
    bf = Battlefield(name="walled", width=24, height=24, anchors=default_anchors(24, 24),
                     walls=(Wall("wall 'long'", (2.0, 12.0), (22.0, 12.0), 3.0),),
                     low_walls=(LowWall("low wall", (12.0, 6.0), (12.0, 9.0)),),
                     doors=(Door("gate", "door 'gate'", (11.0, 15.0), (13.0, 15.0)),))
    return Table(bf)


def test_clear_terrain_cuts_walls_at_the_circle_and_reset_puts_them_back():
    t = walled()
    a = Base(1, "A", 12, 10, 0, 0.5)
    b = Base(2, "B", 12, 14, 0, 0.5)
    far_a, far_b = Base(3, "A", 3, 10, 0, 0.5), Base(4, "B", 3, 14, 0, 0.5)
    assert not t.sight(a, b).visible and not t.sight(far_a, far_b).visible
    gone = t.clear_terrain(12, 12, 4)
    assert sorted(g[0] for g in gone) == ["door", "low_wall", "wall"]  # the low wall's end is 3" away
    wall_piece = next(g for g in gone if g[0] == "wall")
    assert wall_piece[2] == pytest.approx((8.0, 12.0)) and wall_piece[3] == pytest.approx((16.0, 12.0))
    assert t.sight(a, b).visible  # the middle of the wall is gone
    assert not t.sight(far_a, far_b).visible  # its ends stand
    assert t.adjacent_doors(Base(5, "A", 12, 15.9, 0, 0.5)) == []
    assert t.cleared_terrain == gone
    t.reset()
    assert not t.sight(a, b).visible and t.cleared_terrain == []
    assert t.adjacent_doors(Base(5, "A", 12, 15.9, 0, 0.5)) == ["gate"]
    t.close()


def test_clear_terrain_takes_low_walls_within_reach():
    t = walled()
    gone = t.clear_terrain(12, 6, 1.5)
    assert [g[0] for g in gone] == ["low_wall"]
    assert gone[0][2] == pytest.approx((12.0, 6.0)) and gone[0][3] == pytest.approx((12.0, 7.5))
    t.close()


def test_the_agreed_squad_leader_alone_decides_the_tactical_order_dice():
    from game.match.match import Match
    from game.battlefield import open_table
    sides = (SideSpec("P", players=("Ana", "Ben"), owners=(0, 1)), SideSpec("N", npc=True))
    m = Match(Scenario(mission="t", sides=sides), 1, Skirmish(), open_table(),
              {"P": [("Ana's Leader", card(leader=True)), ("Ben's Leader", card(leader=True))],
               "N": [("n", card())]})
    try:
        m.submit(C.Deploy("P", 1, 2, 2))
        m.submit(C.Deploy("P", 2, 4, 2))
        with m._in_world():
            m.set_squad_leader("P", 2)
            assert S.leader_dice(m, "P") == 2
            assert not m.unit(1).leader and m.unit(2).leader
            m._take_out(2)
            assert S.leader_dice(m, "P") == 0  # Ana's Leader still stands, but it is not the Squad Leader
        with pytest.raises(ValueError, match="not a Leader"):
            m.set_squad_leader("P", 3)
    finally:
        m.close()


class Beacon(Skirmish):
    def setup(self, match):
        match.place_marker("beacon", "beacon", "Beacon", 6, 6, portable=True)


def test_a_beast_cannot_pick_up_or_be_given_a_marker(make_skirmish):
    beast = card(name="Gorebeast", skills=("DES-BST-BST",), act=3)
    m, a, b = make_skirmish([(beast, 6, 7.2), (card(act=3), 7.2, 6)], [(card(), 20, 20)], dice=START,
                            mission=Beacon(), catalog=load_catalog())
    assert "cannot carry" in m.pick_up_reason(a[0], "beacon")
    m.submit(C.Activate("A", a[1]))
    m.submit(C.PickUp("A", "beacon"))
    m.place(a[0], 7.2, 7.4)
    assert "cannot carry" in m.give_reason(a[1], "beacon", a[0])
    with pytest.raises(IllegalCommand, match="cannot carry"):
        m.submit(C.Give("A", "beacon", a[0]))


def test_create_match_plays_the_scenario_the_mission_prepares(monkeypatch):
    from game.modes import MissionEntry, create_match
    from game.modes.first_mission import FirstMission

    class Prepared(FirstMission):
        id = "test-prepared"

        def prepare_scenario(self, scenario, seed):
            from dataclasses import replace
            first = Dice(seed).d(6)
            return replace(scenario, map=None, sides=tuple(
                replace(s, name=f"Bugs of {first}") if s.npc else s for s in scenario.sides))

        def setup(self, match):
            match.mission_state["first"] = match.dice.d(6)
            super().setup(match)

    import game.modes as modes
    monkeypatch.setitem(modes._REGISTRY, Prepared.id, MissionEntry(Prepared.id, "first-mission", "prepared", Prepared))
    from game.modes import first_mission_scenario
    from dataclasses import replace
    sc = replace(first_mission_scenario(), mission=Prepared.id)
    m = create_match(sc, 11)
    try:
        assert m.scenario.map is None and m.side_name("npc") == f"Bugs of {m.mission_state['first']}"
    finally:
        m.close()
