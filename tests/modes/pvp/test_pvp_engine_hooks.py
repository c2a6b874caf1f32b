"""The generic hooks the PvP missions need from the engine: a mission's +ATT/+SKL and +ARM reach the attack,
carrying restrictions, Damage from a mission, who took a unit out and where, the "each" deployment order
starting with `deploy_first`, the Beast/Mindless/Weirdo restrictions."""
import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from game.rules.records import AttackRolled, SavesRolled

from tests.match.conftest import Skirmish, card

TURN_ONE = [6, 6, 6, 6, 6, 6, 1, 2]  # no TO for either side; A wins the Initiative


class Bonuses(Skirmish):
    turns = 4

    def setup(self, match):
        match.place_marker("core", "data_core", "Data Core", 12, 12)
        match.place_marker("beacon", "beacon", "Beacon", 6, 6, portable=True)

    def attack_bonus(self, match, attacker, target, weapon):
        return (1, 1) if match.unit(attacker).side == "A" else (0, 0)

    def arm_bonus(self, match, uid, attacker, ranged):
        return 1 if ranged and match.unit(uid).side == "B" else 0

    def carry_reason(self, match, uid, mid):
        return "one thing at a time" if match.carried_by(uid) else None


def test_attack_bonus_adds_dice_and_skill_and_arm_bonus_adds_armor(make_skirmish):
    m, a, b = make_skirmish([(card(ranged=(3, 3)), 4, 4)], [(card(arm=3), 4, 14)], dice=TURN_ONE,
                            mission=Bonuses())
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5])
    m.submit(C.RangedAttack("A", "rng", b[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    rolled = [e for e in m.events if isinstance(e, AttackRolled)][-1]
    assert len(rolled.dice) == 4 and rolled.stat == 4  # ATT 3+1, SKL 3+1: the fours hit
    saves = [e for e in m.events if isinstance(e, SavesRolled)][-1]
    assert saves.stat == 4  # ARM 3+1 against a ranged attack


def test_carry_reason_limits_pick_up_and_give(make_skirmish):
    m, a, b = make_skirmish([(card(act=3), 6, 7.2), (card(), 7.2, 7.2)], [(card(), 20, 20)], dice=TURN_ONE,
                            mission=Bonuses())
    m.submit(C.Activate("A", a[0]))
    m.submit(C.PickUp("A", "beacon"))
    with m._in_world():
        m.carry("core", a[1])
    assert m.give_reason(a[0], "beacon", a[1]) == "one thing at a time"
    with pytest.raises(IllegalCommand, match="one thing at a time"):
        m.submit(C.Give("A", "beacon", a[1]))


def test_mission_damage_is_saved_and_taken_out_by_names_no_enemy(make_skirmish):
    m, a, b = make_skirmish([(card(hit=1, arm=2), 4, 4)], [(card(), 20, 20)], dice=TURN_ONE, mission=Bonuses())
    m.dice = ScriptedDice([6, 6])  # both saves fail
    with m._in_world():
        m.mission_damage([a[0]], 2, "radiation")
        m._after_step()
    assert not m.standing(a[0])
    assert m.taken_out_by(a[0]) == a[0] and m.fell_at(a[0]) == (4, 4, 0.0)
    assert any(isinstance(e, E.DirectDamage) and e.why == "radiation" for e in m.events)


def test_taken_out_by_names_the_attacker(make_skirmish):
    m, a, b = make_skirmish([(card(melee=(4, 1)), 10, 10)], [(card(hit=1, arm=1), 11.2, 10)], dice=TURN_ONE)
    m.submit(C.Activate("A", a[0]))
    m.dice = ScriptedDice([1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6])
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert not m.standing(b[0]) and m.taken_out_by(b[0]) == a[0] and m.fell_at(b[0])[:2] == (11.2, 10)
    assert m.taken_out_by(a[0]) is None


class DefenderFirst(Skirmish):
    def setup(self, match):
        match.mission_state["deploy_first"] = "B"


def test_each_deployment_order_starts_with_deploy_first():
    sc = Scenario(mission="test", sides=(SideSpec("A"), SideSpec("B")))
    m = Match(sc, 3, DefenderFirst(), open_table(), {"A": [("a1", card())], "B": [("b1", card()), ("b2", card())]})
    try:
        assert m.waiting_for() == "B"
        m.submit(C.Deploy("B", 2, 12, 22))
        assert m.waiting_for() == "B"  # all of B first
        m.submit(C.Deploy("B", 3, 14, 22))
        m.submit(C.EndDeployment("B"))
        assert m.waiting_for() == "A"
    finally:
        m.close()


def test_beasts_cannot_control_carry_or_take_mission_actions(make_skirmish):
    beast = card(skills=("DES-BST-BST",))
    m, a, b = make_skirmish([(beast, 6, 7.2)], [(card(), 20, 20)], dice=TURN_ONE, mission=Bonuses())
    assert "cannot Control objectives" in m.control_reason(a[0], "beacon")
    assert "cannot carry" in m.pick_up_reason(a[0], "beacon")


def _zone_spots_everywhere(m, side, radius, gap=0.2):
    """zone_spots as it was: every lattice point of the table tested against the zones."""
    import math
    out, spots = [], []
    for z in m.deployment_zones(side):
        cx = sum(p[0] for p in z.polygon) / len(z.polygon) if z.circle is None else z.circle[0]
        cy = sum(p[1] for p in z.polygon) / len(z.polygon) if z.circle is None else z.circle[1]
        cands = sorted((math.hypot(x - cx, y - cy), x, y) for x in [0.5 + 0.5 * i for i in range(49)]
                       for y in [0.5 + 0.5 * j for j in range(49)] if z.contains(x, y))
        for _, x, y in cands:
            if any(math.hypot(x - sx, y - sy) < 2 * radius + gap - 1e-9 for sx, sy in spots):
                continue
            zz = m.table.surface_z(x, y, 0.0)
            if m.table.can_stand(radius, x, y, zz):
                out.append((x, y, zz))
                spots.append((x, y))
    return out


def test_zone_spots_looks_only_inside_each_zone_and_finds_the_same_spots():
    from game.battlefield import load_battlefield
    from game.modes.pvp.script import PvpMission
    from game.paths import MAPS_DIR
    sc = Scenario(mission="pvp-evac-point", sides=(SideSpec("player"), SideSpec("opponent")))
    m = Match(sc, 2, PvpMission(None, {"mission": "evac-point"}), load_battlefield(MAPS_DIR / "pve-ruined-city.tmx"),
              {"player": [("a", card())], "opponent": [("b", card())]})
    try:
        m.submit(C.Choose(m.prompt.side, "attacker"))
        for side in ("player", "opponent"):
            assert m.zone_spots(side, 0.5) == _zone_spots_everywhere(m, side, 0.5)
    finally:
        m.close()
