"""The PvE computer squad gets a unit held in base contact by the Extraction Point clear, so that it can extract
(bench: units in the zone stayed to fight an Adjacent enemy, could not leave, and the squad was wiped out with an
objective met). With Activate met at the end of Turn 4, a Trooper 1.5" from the Extraction Point with a Melee
Elite in base contact activates after its squadmates (the Elite, the NPC nearest a player unit, has activated by
then), steps away inside the zone, takes the blunted Attack of Opportunity and extracts. And once the squad
leaves, a unit short of the Extraction Point moves before it shoots (bench: a lone unit shot first, made one Move a
Turn and fell short of the zone). Scripted dice, the open table at Blacksite (tests/modes/pve)."""
from game.ai.common import answer_prompt
from game.ai.pve_clear import aoo_risk, clear_spot, held_in_contact
from game.ai.pve_plan import Plan
from game.ai.pve_squad import PveSquadController
from game.match import commands as C
from game.match import events as E

from tests.modes.pve.conftest import NO_TO, pve, roll  # noqa: F401
from tests.modes.pve.test_pve_extraction import at_turn_4


def held_at_turn_4(pve):  # noqa: F811
    m = at_turn_4(pve)  # Extraction Point on C (12, 12); three Melee Elites standing
    m.mission_state["status"]["activate"] = "met"
    a, b, c = m.units("player")
    m.place(a, 12, 13.5)  # in the zone
    m.place(b, 2, 22)  # two Moves and more from it: they cannot get there this Turn
    m.place(c, 22, 22)
    elite = m.units("npc")[0]
    m.place(elite, 12, 15.0)  # in base contact with A
    assert m.adjacent_enemies(a) == [elite]
    return m, (a, b, c), elite


def play_turn(m, ctl):
    """The computer squad plays the Turn out; the enemy only ends its activations and makes its Attacks of
    Opportunity; every die a 6 (every attack misses)."""
    roll(m, *[6] * 300)
    turn = m.turn
    for _ in range(400):
        if m.phase == "over" or m.turn != turn:
            return
        if m.waiting_for() == "npc":
            m.submit(answer_prompt(m, "npc") if m.prompt is not None else C.EndActivation("npc"))
        else:
            m.submit(ctl.decide(m))
    raise AssertionError("the Turn did not end")


def test_a_unit_held_in_the_zone_steps_clear_and_the_squad_extracts(pve):  # noqa: F811
    m, (a, b, c), elite = held_at_turn_4(pve)
    ctl = PveSquadController("player")
    plan = ctl.plan(m)
    assert plan.tasks[a] == ("extract",) and held_in_contact(m, plan.g, a, plan.tasks[a])
    assert ctl._next_unit(m) != a  # its squadmates first: the Elite holding it is still Ready
    play_turn(m, ctl)
    assert [e for e in m.events if isinstance(e, E.Moved) and e.uid == a], "A never left base contact"
    assert m.phase == "over" and m.result.outcome == "victory", m.result
    assert m.mission_state["extracted"] == [a]


def test_it_steps_away_only_once_the_enemy_holding_it_has_activated(pve):  # noqa: F811
    m, (a, b, c), elite = held_at_turn_4(pve)
    m.submit(C.Activate("player", a))
    cmd, _ = Plan(m, "player").act(a)  # the Elite is Ready: it would only come back, so A fights
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == elite


def test_the_step_keeps_inside_the_zone_and_clear_of_every_enemy(pve):  # noqa: F811
    m, (a, b, c), elite = held_at_turn_4(pve)
    m.readiness(elite).ready = False  # it has activated this Turn
    m.submit(C.Activate("player", a))
    plan = Plan(m, "player")
    x, y, z, spare = clear_spot(m, plan.g, a, "move")
    assert ((x - 12) ** 2 + (y - 12) ** 2) ** 0.5 - m.base(a).radius <= 3.0
    assert spare >= 4.0  # a short step: two Attack dice blunted
    assert aoo_risk(m, a, int(spare // 2)) < aoo_risk(m, a, 0)
    cmd, why = plan.act(a)
    assert isinstance(cmd, C.Move) and (cmd.x, cmd.y) == (x, y) and "base contact" in why


def test_a_unit_on_its_way_out_moves_before_it_shoots(pve):  # noqa: F811
    m = at_turn_4(pve)
    m.mission_state["status"]["activate"] = "met"  # met; No Survivors hopeless: the squad leaves
    a, b, c = m.units("player")
    m.place(a, 12, 20.5)  # 8" from the Extraction Point
    elite = m.units("npc")[0]
    m.place(elite, 12, 9)  # across it, in the open
    m.submit(C.Activate("player", a))
    plan = Plan(m, "player")
    assert {t[0] for t in plan.tasks.values()} == {"extract"}
    assert plan._shoot(a, plan.tasks[a]) is not None  # it could shoot from where it stands
    cmd, why = plan.act(a)
    assert isinstance(cmd, C.Move) and why == "heads for the Extraction Point"
