"""The numbers the battle screen shows next to its buttons come from the match: who may give orders now (co-op
turns), how far a unit's Move and Dash go, where a skill's spot may be (the same reach its own check enforces),
what a Grenade's spot hits, how near a melee attack reaches, what a spot out of reach needs, the D3 a Medpack
rolls, what each face of the PvE Turn Event die means."""
import math

import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules import actions as act
from game.ui.battle.actions import action_states
from tests.match.conftest import Skirmish, card
from tests.match.test_skills import CAT, START, make, roll, unit


class Limping(Skirmish):
    """A mission rule like Horde Mode's Crushed Leg: the named unit Moves 2" less."""

    def move_bonus(self, match, uid, action):
        return -2.0 if action == act.MOVE and match.unit(uid).name == "Limper" else 0.0


def test_the_move_button_says_the_units_own_inches():
    m, a, b = make([(card(name="Limper"), 5, 5), (card(), 5, 10)], [(card(), 20, 20)], mission=Limping())
    try:
        labels = {s.key: s.label for s in action_states(m, a[0], "A")}
        assert labels["move"] == 'Move 4"' and labels["dash"] == 'Dash 2"'
        assert {s.key: s.label for s in action_states(m, a[1], "A")}["move"] == 'Move 6"'
        # and the Move really goes no further than it says
        m.submit(C.Activate("A", a[0]))
        assert max(s.cost for s in m.move_options(a[0], act.MOVE).spots) <= 4.0 + 1e-6
        with pytest.raises(IllegalCommand):
            m.submit(C.Move("A", 10.5, 5))
    finally:
        m.close()


def test_who_may_give_orders_follows_the_co_op_turns():
    sides = (SideSpec("P", players=("Ana", "Ben"), owners=(0, 1)), SideSpec("N", npc=True))
    m = Match(Scenario(mission="test", sides=sides), 4, Skirmish(), open_table(),
              {"P": [("a", card()), ("b", card())], "N": [("n", card())]})
    try:
        for uid, x in ((1, 2), (2, 4)):
            m.submit(C.Deploy("P", uid, x, 2))
        m.submit(C.EndDeployment("P"))
        m.submit(C.Deploy("N", 3, 20, 22))
        m.submit(C.EndDeployment("N"))
        assert m.person_to_act() == ("P", 0)
        assert m.order_reason(1, "P") is None
        why = m.order_reason(2, "P")
        assert why is not None and "Ana" in why  # Ben's unit waits for Ana's turn
        with pytest.raises(IllegalCommand):
            m.submit(C.Activate("P", 2))
        assert m.order_reason(3, "P") == "not one of your units"
        assert next(s for s in action_states(m, 2, "P") if s.key == "move").reason == why
        assert m.order_reason(1, "N") == "not one of your units"
        m.phase = "over"  # (as a result sets it)
        assert m.order_reason(1, "P") == "the mission is over"
    finally:
        m.close()


def test_a_skills_spot_area_is_the_reach_its_own_check_enforces():
    cases = {"STD-GRN": "edge", "INT-SG": "edge", "PRX-VEC-SCN": "edge", "PRX-VOR-JPA": "centre", "CWB-JP": "centre"}
    for sid, frm in cases.items():
        m, a, b = make([(unit(sid), 10, 12)], [(card(), 20, 22)])
        try:
            spot = m.skill_spot(sid)
            assert spot is not None and spot.measured_from == frm, sid
            r = m.base(a[0]).radius if frm == "edge" else 0.0
            m.submit(C.Activate("A", a[0]))
            impl_check = __import__("game.match.skills", fromlist=["ACTIONS"]).ACTIONS[sid].check

            def why(d):
                cmd = C.UseSkill("A", sid, x=round(10 + d, 3), y=12.0)
                with m._in_world():
                    return impl_check(m, a[0], cmd) or ""
            inside, outside = why(spot.inches + r - 0.05), why(spot.inches + r + 0.3)
            assert "within" not in inside and "further" not in inside, (sid, inside)
            assert ("within" in outside or "further" in outside), (sid, outside)
        finally:
            m.close()
    assert m.skill_spot("INT-SG").radius > 0 and m.skill_spot("STD-GRN").hits_adjacent
    assert m.skill_spot("CWB-PUSH").lands == "target" and m.skill_spot("INT-STRAT") is None


def test_a_grenades_victims_are_the_ones_it_hits():
    m, a, b = make([(unit("STD-GRN"), 5, 10)], [(card(hit=9), 9, 10), (card(hit=9), 9, 11.2), (card(hit=9), 9, 16)])
    try:
        x, y = 8.0, 10.6
        said = set(m.spot_victims(a[0], "STD-GRN", x, y))
        assert said == {b[0], b[1]}
        m.submit(C.Activate("A", a[0]))
        roll(m, *([6] * 20))
        start = len(m.events)
        m.submit(C.UseSkill("A", "STD-GRN", x=x, y=y))
        hit = {e.uid for e in m.events[start:] if isinstance(e, E.DamageTaken)}
        assert hit == said
    finally:
        m.close()


def test_melee_reach_and_a_spot_out_of_reach():
    m, a, b = make([(card(), 5, 5)], [(card(), 20, 20)])
    try:
        assert m.melee_reach() == 1.0
        needed, budget = m.move_needs(a[0], act.MOVE, 13.0, 5.0)
        assert budget == 6.0 and needed == pytest.approx(8.0, abs=0.6)
        assert m.active_unit is None  # asked without activating it
    finally:
        m.close()


def test_a_medpack_rolls_its_d3_as_a_die():
    m, a, b = make([(unit("INT-MED"), 5, 10), (card(hit=4), 5, 11.2)], [(card(), 20, 20)])
    try:
        m.health(a[1]).hit = 1
        m.submit(C.Activate("A", a[0]))
        roll(m, 4)  # a D3 of 2
        m.submit(C.UseSkill("A", "INT-MED", target=a[1]))
        rolled = [e for e in m.events if isinstance(e, E.DiceRolled)][-1]
        assert rolled.sides == 3 and [d.natural for d in rolled.dice] == [2] and m.health(a[1]).hit == 3
    finally:
        m.close()


def test_the_pve_turn_event_die_names_the_events():
    from game.modes.pve.data import load_pve_data
    data = load_pve_data(CAT)
    m, a, b = make([(card(), 5, 5)], [(card(), 20, 20)])
    try:
        meaning = tuple((f, data.by_roll(data.turn_events, f).name) for f in range(1, 7))
        m.to["A"] = 1
        roll(m, 5)
        m.roll_table(1, "Turn Event", ("x",), side="A", to_dice=True, meaning=meaning)
        assert m.prompt.meaning == meaning
        answers = {type(a.command).__name__ + str(getattr(a.command, "delta", "")): a for a in m.prompt_answers("A")}
        v = m.prompt.decision.dice[0].value
        assert answers["AcceptDice"].certain == (v, dict(meaning)[v])
        reroll = answers["RerollDie"]
        assert sum(p for p, _, _ in reroll.chances) == 1
        assert {w for _, _, w in reroll.chances} == set(dict(meaning).values())
    finally:
        m.close()


def test_each_spot_skill_does_what_its_preview_draws():
    """The hovered spot's drawing (a circle of the skill's radius, the unit that lands there) is what using the
    skill there does: the smoke and the Scan marker have that radius, the jumper and the pushed enemy land there."""
    for sid in ("INT-SG", "PRX-VEC-SCN"):
        m, a, b = make([(unit(sid), 5, 12)], [(card(hit=9), 9, 12)])
        try:
            spot = m.skill_spot(sid)
            m.submit(C.Activate("A", a[0]))
            roll(m, *([6] * 10))
            m.submit(C.UseSkill("A", sid, x=8.0, y=12.0))
            token = m.tokens[-1]
            assert (token.x, token.y, token.radius) == (8.0, 12.0, spot.radius) and spot.radius > 0, sid
        finally:
            m.close()
    for sid, enemy, to in (("CWB-JP", (20, 20), (12.0, 12.0)), ("PRX-VOR-JPA", (14, 12), (12.8, 12.0))):
        m, a, b = make([(unit(sid), 5, 12)], [(card(hit=9), *enemy)])
        try:
            assert m.skill_spot(sid).lands == "user"
            m.submit(C.Activate("A", a[0]))
            m.submit(C.UseSkill("A", sid, x=to[0], y=to[1]))
            p = m.position(a[0])
            assert (p.x, p.y) == to, sid
        finally:
            m.close()
    m, a, b = make([(unit("CWB-PUSH"), 10, 12)], [(card(hit=9), 11.2, 12)])
    try:
        spot = m.skill_spot("CWB-PUSH")
        assert spot.lands == "target" and spot.measured_from == "target"
        m.submit(C.Activate("A", a[0]))
        roll(m, *([1] * 10))  # saves the Push's 2 Damage
        with pytest.raises(IllegalCommand):  # no further than the area the screen draws
            m.submit(C.UseSkill("A", "CWB-PUSH", target=b[0], x=11.2 + spot.inches + 0.5, y=12.0))
        to = (11.2 + spot.inches, 12.0)
        m.submit(C.UseSkill("A", "CWB-PUSH", target=b[0], x=to[0], y=to[1]))
        p = m.position(b[0])
        assert (round(p.x, 3), p.y) == (round(to[0], 3), to[1])
    finally:
        m.close()
