"""Generic mission hooks the play modes use (Horde Mode first): the mission's ATT/SKL bonus and its changes to an
attack, triggers after an attack and at 0 HIT, Cover by a mission's rule, a Move replaced by a mission's rule, an
attack fired from another place with another weapon, mission actions without the repeat cost, ACT granted out of
turn, Control by a Downed unit for its own Revive, cards changed in play, uses refilled, the Squad Leader (R27),
and catalogs extended by a mode's own squad pack. Scripted dice throughout."""
import json
from dataclasses import replace

import pytest

from game.content import ContentError, extend_catalog, load_catalog
from game.match import commands as C
from game.match import events as E
from game.match.mission import MissionActionDef
from game.rules import actions as act
from game.rules.dice import ScriptedDice
from game.rules.model import RANGED, Special, UnitCard, WeaponCard

from tests.match.conftest import Skirmish, card

NO_TO = [6, 6, 6, 6, 6, 6, 1, 2]  # no TO for either side (3 dice each, no Leader); A wins the Initiative
ITEM = UnitCard("box", "Box", 0, 3, 1, 0, 0, ())


def play(make_skirmish, a, b, mission, dice=(), **kw):
    return make_skirmish(a, b, dice=NO_TO + list(dice), mission=mission, **kw)


def finish(m):
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))


class Bonus(Skirmish):
    turns = 4

    def attack_bonus(self, match, attacker, target, weapon):
        return (1, -1) if match.unit(attacker).side == "A" else (0, 0)

    def attack_spec(self, match, spec, weapon):
        return replace(spec, rnd=spec.rnd + 1) if match.unit(spec.attacker).side == "A" else spec


def test_the_missions_attack_bonus_and_spec_change_reach_the_dice(make_skirmish):
    m, a, b = play(make_skirmish, [(card(melee=(3, 4)), 10, 10)], [(card(arm=6, hit=9), 11.2, 10)], Bonus())
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 6, 6, 6] + [6] * 6)  # 4 dice (3 + 1); the Critical Strike rends: 3 Damage
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    finish(m)
    roll = next(e for e in m.events if isinstance(e, E.AttackRolled))
    assert len(roll.dice) == 4 and roll.stat == 3  # SKL 4 - 1
    assert m.health(b[0]).hit == 9 - 3


class AfterAttack(Skirmish):
    turns = 4

    def after_attack(self, match, attacker, weapon, main, lost):
        return [("mission", "seen", attacker, main, sorted(lost.items()))]

    def on_step(self, match, name, *args):
        match.mission_state.setdefault("seen", []).append(list(args))


def test_after_attack_steps_see_who_lost_hit(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 10, 10)], [(card(arm=1, hit=5), 11.2, 10)], AfterAttack())
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 6, 6] + [6, 6])  # one Strike, no Critical; the save fails
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    finish(m)
    assert m.mission_state["seen"] == [[a[0], b[0], [(b[0], 1)]]]


class Phasing(Skirmish):
    turns = 4

    def always_in_cover(self, match, uid):
        return match.unit(uid).side == "B"


def test_a_mission_can_keep_a_unit_always_in_cover(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 10)], [(card(arm=3, hit=5), 16, 10)], Phasing())
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 6, 6, 5])  # one Strike; B's save 5 fails
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is not None and m.prompt.side == "B" and ("cover", 1) in m.prompt.decision.free


class Exploding(Skirmish):
    turns = 4

    def setup(self, match):
        match.place_marker("box", "crate", "Box", 12, 12, card=ITEM)

    def on_zero_hit(self, match, uid):
        if match.marker_of(uid) == "box":
            match.mission_state["boom_at"] = [match.position(uid).x, match.position(uid).y]
            return [("skill", "death_damage", uid, 2, "The box explodes", RANGED, "all")]
        return []


def test_an_item_at_zero_hit_runs_the_missions_steps_while_still_on_the_table(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 6, 12)], [(card(arm=1, hit=5), 13.2, 12)], Exploding())
    box = m.marker_uid("box")
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([2, 6, 6, 6] + [6, 6])  # one Strike on the box, its save 6; B's two saves fail
    m.submit(C.RangedAttack("A", "rng", box))
    finish(m)
    assert m.mission_state["boom_at"] == [12, 12] and not m.standing(box)
    assert m.health(b[0]).hit == 3  # 2 Damage from the explosion


class Blink(Skirmish):
    turns = 4

    def instead_of_move(self, match, uid, action):
        if action == act.MOVE and match.unit(uid).side == "B":
            match.place(uid, 2, 2, 0, "blinks")
            return True
        return False


def test_a_mission_may_put_a_unit_somewhere_else_instead_of_its_move(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 20, 20)], [(card(), 10, 10)], Blink())
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 20, 16))
    m.submit(C.EndActivation("A"))
    m.submit(C.Activate("B", b[0]))
    m.submit(C.Move("B", 12, 10))
    assert (m.position(b[0]).x, m.position(b[0]).y) == (2, 2) and m.act_left() == 1
    m.submit(C.Dash("B", 3, 2))  # a Dash is not replaced
    assert m.position(b[0]).x == 3


TURRET = WeaponCard("turret", "Turret", RANGED, 4, 5)


class Turret(Skirmish):
    """A Turret at (10, 4): fire it at a unit (no repeat cost), from the Turret's place."""

    turns = 4

    def setup(self, match):
        match.place_marker("turret", "turret", "Turret", 10, 4)

    def mission_actions(self, match):
        return [MissionActionDef("fire", "Fire the Turret", 1, "Shoot from the Turret.", target="unit",
                                 needs_control=False, repeats=False)]

    def mission_action_reason(self, match, uid, action, marker, target):
        if match.side_of(target) == match.side_of(uid):
            return "an enemy"
        return match.ranged_target_reason(uid, TURRET, target, origin=match.marker_base("turret"))

    def do_mission_action(self, match, uid, action, marker, target):
        match.start_attack(uid, TURRET, [(None, [target])], action=True, origin=match.marker_base("turret"))


def test_an_attack_from_another_place_with_another_weapon(make_skirmish):
    # A at (4, 12) cannot see B at (16, 12): another unit of B stands between them. From (10, 4) it can.
    m, a, b = play(make_skirmish, [(card(act=3), 4, 12)], [(card(arm=6, hit=9), 16, 12), (card(), 10, 12)],
                   Turret())
    w = m.unit(a[0]).card.weapon("rng")
    assert "Line of Sight" in (m.ranged_target_reason(a[0], w, b[0]) or "")
    assert m.ranged_target_reason(a[0], w, b[0], origin=m.marker_base("turret")) is None
    m.submit(C.Activate("A", a[0]))
    assert C.UseMissionAction("A", "fire", None, b[0]) in m.legal_commands("A")
    m.dice = ScriptedDice([2, 2, 6, 6] + [6, 6] * 4)
    m.submit(C.UseMissionAction("A", "fire", None, b[0]))
    finish(m)
    roll = [e for e in m.events if isinstance(e, E.AttackRolled)][-1]
    assert len(roll.dice) == 4 and roll.stat == 5 and m.health(b[0]).hit == 7
    assert m.cost_of(act.MISSION, skill="fire", base=1, repeat=False) == 1  # no repeat cost
    m.submit(C.UseMissionAction("A", "fire", None, b[0]))
    finish(m)
    assert m.act_left() == 1


class Granting(Skirmish):
    turns = 4

    def after_orders(self, match):
        match.grant(match.units("A")[0], "opportunity", [act.BASIC_ACTIONS + (act.MISSION,)] * 4, act=2)


def test_a_grant_of_act_is_spent_at_the_usual_costs(make_skirmish):
    m, a, b = play(make_skirmish, [(card(), 4, 4)], [(card(), 20, 20)], Granting())
    assert m.activation is not None and m.activation.grant == "opportunity" and m.activation.act == 2
    m.to["A"] = 3
    m.submit(C.Move("A", 8, 4))
    assert m.act_left() == 1 and m.cost_of(act.MOVE) == 2
    assert not any(isinstance(c, C.Move) for c in m.legal_commands("A"))  # a second Move costs 2; no TO
    m.submit(C.Dash("A", 9, 4))
    assert m.activation is None and m.readiness(a[0]).ready and m.to["A"] == 3


class Reviving(Skirmish):
    turns = 4

    def downs_instead(self, match, uid):
        return match.unit(uid).side == "A"

    def mission_actions(self, match):
        return [MissionActionDef("revive-self", "Revive", 2, "Revive yourself.", target="unit", downed_ok=True)]

    def mission_action_reason(self, match, uid, action, marker, target):
        return None if match.conditions(uid).downed else "only a Downed unit"

    def do_mission_action(self, match, uid, action, marker, target):
        match.revive(uid, 1, "revived")


def test_a_downed_unit_controls_a_squadmate_for_an_action_it_may_take(make_skirmish):
    m, a, b = play(make_skirmish, [(card(hit=1, arm=1), 10, 10), (card(), 11.2, 10)], [(card(), 20, 20)],
                   Reviving())
    with m._in_world():
        m.down(a[0])
    assert m.control_reason(a[0], a[1]) == "a Downed unit Controls nothing"
    assert m.control_reason(a[0], a[1], downed_ok=True) is None
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseMissionAction("A", "revive-self", None, a[1]))
    assert not m.conditions(a[0]).downed and m.health(a[0]).hit == 1


def test_change_card_refill_and_squad_leader(make_skirmish):
    lim = WeaponCard("lim", "Missile", RANGED, 3, 4, (Special("LIM"),))
    base = card(hit=4, leader=True)
    m, a, b = make_skirmish([(replace(base, weapons=base.weapons + (lim,)), 4, 4), (card(leader=True), 6, 4)],
                            [(card(), 20, 20)], dice=[6] * 8 + [1, 2], mission=Skirmish())  # 5 TO dice, 3, 1 v 2
    with m._in_world():
        m.change_card(a[0], replace(m.unit(a[0]).card, hit=3, arm=2), "Deep Wound")
    assert m.health(a[0]).max_hit == 3 and m.health(a[0]).hit == 3 and m.unit(a[0]).card.arm == 2
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([6] * 12)
    m.submit(C.RangedAttack("A", "lim", b[0]))
    finish(m)
    assert m.spent_uses(a[0]) == ("lim",)
    assert m.ranged_target_reason(a[0], lim, b[0]) == "Limited Ammo: already used this mission"
    with m._in_world():
        assert m.refill(a[0], "lim") and not m.refill(a[0], "lim")
    assert m.spent_uses(a[0]) == ()
    with m._in_world():
        m.set_squad_leader("A", a[1])
    assert not m.unit(a[0]).leader and m.unit(a[1]).leader


def test_extend_catalog_adds_a_pack_and_names_the_file_on_errors(tmp_path):
    cat = load_catalog()
    pack = {"format": 1, "squad_type": {"id": "XTST", "faction": "SPEC", "name": "Test", "slug": "x-test",
                                        "playable": False},
            "weapons": [{"id": "XTST-W", "name": "Claw", "kind": "melee", "att": 3}],
            "skills": [{"id": "XTST-INJ", "name": "Hurt", "hook": "passive-card", "effects": ["unit.ARM-1 min 1"],
                        "text": "Worse armour."}],
            "unit_types": [{"id": "XTST-U", "name": "Thing", "act": 2, "arm": 3, "hit": 1, "msk": 3, "rsk": 0,
                            "gp": 0, "defaults": ["XTST-W"], "recruitable": False}]}
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack))
    more = extend_catalog(cat, [path])
    assert "XTST-U" in more.unit_types and "XTST-INJ" in more.skills and "XTST-U" not in cat.unit_types
    assert set(cat.unit_types) < set(more.unit_types)
    pack["weapons"][0]["id"] = "INT-CK"  # an id the game already has
    path.write_text(json.dumps(pack))
    with pytest.raises(ContentError, match="pack.json: weapon INT-CK"):
        extend_catalog(cat, [path])
