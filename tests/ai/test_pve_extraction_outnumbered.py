"""The PvE computer squad does not chase a second objective while the enemy outnumbers it once the Extraction Point
is open (bench: squads of three stayed at Turns 5 and 6 for a Search or Destroy against four to six enemies and were
wiped out with an objective met). The same table, the same units beside a Console of Activate: against three
Melee Elites the Consoles are worth staying for; against two of them and three Melee Troopers the squad makes for the
Extraction Point and leaves with what is met. Scripted dice, the open table at Blacksite (tests/modes/pve)."""
from game.ai.pve_plan import Plan, objective_in_reach, outnumbered
from game.ai.pve_squad import PveSquadController

from tests.modes.pve.conftest import NO_TO, deploy, pve, two_troopers  # noqa: F401
from tests.modes.pve.test_pve_extraction import OPTS, A
from tests.modes.pve.test_pve_objectives import pass_turn

from tests.ai.test_pve_extraction_choice import end_turn_with

CONSOLES = [8, 7, 9]  # Consoles on S, SW, SE (tests/modes/pve/test_pve_extraction)


def at_turn_4(pve, spawn_faces):  # noqa: F811
    m = pve(OPTS, [*CONSOLES, *spawn_faces], squad=two_troopers(3))
    deploy(m, [(10, 18), (12, 17.5), (14, 18)], NO_TO)
    pass_turn(m)
    pass_turn(m)
    pass_turn(m, [*NO_TO, 8, 5])  # the Extraction Point on C
    assert m.turn == 4 and m.mission_state["extraction"] == "C"
    m.mission_state["status"]["no-survivors"] = "met"  # met; Activate still open
    x, y = A["S"]
    for u, dx in zip(m.units("player"), (-2.4, 0.0, 2.4)):  # around the S Console, a Move from the Extraction Point
        m.place(u, x + dx, y - 1.2)
    return m


def foes(m) -> int:
    return len([e for e in m.units("npc") if not m.unit(e).item])


def test_three_against_three_the_consoles_are_worth_staying_for(pve):  # noqa: F811
    m = at_turn_4(pve, [5, 5, 5])  # TL 2 column: 5 -> one Melee Elite each
    assert foes(m) == 3
    g = m.mission.goals(m)
    assert not outnumbered(m, g, m.units("player"))
    assert objective_in_reach(m, g, "player")
    assert {t[0] for t in Plan(m, "player").tasks.values()} == {"marker"}


def test_outnumbered_after_the_extraction_point_opens_the_squad_leaves_with_what_is_met(pve):  # noqa: F811
    m = at_turn_4(pve, [1, 5, 5])  # 1 -> three Melee Troopers, 5 -> one Melee Elite each
    assert foes(m) == 5
    g = m.mission.goals(m)
    assert outnumbered(m, g, m.units("player"))
    assert not objective_in_reach(m, g, "player")
    ctl = PveSquadController("player")
    assert {t[0] for t in ctl.plan(m).tasks.values()} == {"extract"}
    end_turn_with(m, ctl)  # the enemy stands still; every die a 6
    assert m.phase == "over" and m.result.outcome == "victory", m.result
    assert len(m.mission_state["extracted"]) >= 2


def test_before_the_extraction_point_opens_numbers_do_not_call_the_squad_home(pve):  # noqa: F811
    m = pve(OPTS, [*CONSOLES, 1, 5, 5], squad=two_troopers(3))
    deploy(m, [(10, 18), (12, 17.5), (14, 18)], NO_TO)
    assert m.turn == 1 and foes(m) == 5
    assert not outnumbered(m, m.mission.goals(m), m.units("player"))
