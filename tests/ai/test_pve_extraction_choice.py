"""The PvE computer squad extracts when the objective it can still meet is met or out of reach: with Activate met
and No Survivors hopeless (three Melee Elites standing, reinforcements every Turn from Turn 5), every unit makes for
the Extraction Point and the squad extracts at the end of the Turn; with a Console of a second objective one Move
from a unit, it goes for it first. Scripted dice, the open table at Blacksite (tests/modes/pve)."""
from game.ai.pve_plan import Plan, objective_in_reach
from game.ai.pve_squad import PveSquadController
from game.match import commands as C

from tests.modes.pve.conftest import NO_TO, pve, roll  # noqa: F401
from tests.modes.pve.test_pve_extraction import A, at_turn_4
from tests.modes.pve.test_pve_objectives import npc_idle


def end_turn_with(m, ctl):
    """The computer squad plays its units to the end of the Turn; the enemy does nothing; every die is a 6."""
    roll(m, *[6] * 300)
    turn = m.turn
    for _ in range(400):
        if m.phase == "over" or m.turn != turn:
            return
        if m.waiting_for() == "npc":
            npc_idle(m)
        else:
            m.submit(ctl.decide(m))
    raise AssertionError("the Turn did not end")


def test_with_an_objective_met_and_the_other_hopeless_the_squad_extracts(pve):
    m = at_turn_4(pve)  # Extraction Point on C; three Melee Elites standing
    m.mission_state["status"]["activate"] = "met"
    a, b, c = m.units("player")
    m.place(a, 12, 14.5)  # in the zone
    m.place(b, 12, 19)
    m.place(c, 15, 19)
    g = m.mission.goals(m)
    assert not objective_in_reach(m, g, "player")
    ctl = PveSquadController("player")
    assert {t[0] for t in ctl.plan(m).tasks.values()} == {"extract"}
    end_turn_with(m, ctl)
    assert m.phase == "over" and m.result.outcome == "victory"
    assert set(m.mission_state["extracted"]) >= {a}


def test_a_second_objective_within_reach_is_worth_staying_for(pve):
    m = at_turn_4(pve)
    m.mission_state["status"]["no-survivors"] = "met"  # met; Activate still open, its Consoles on S, SW, SE
    a, b, c = m.units("player")
    for u, anchor in zip((a, b, c), ("S", "SW", "SE")):
        m.place(u, A[anchor][0] + 1.2, A[anchor][1])
    g = m.mission.goals(m)
    assert objective_in_reach(m, g, "player")
    plan = Plan(m, "player")
    assert {t[0] for t in plan.tasks.values()} == {"marker"}
    assert not PveSquadController("player")._extract_now(m)
    m.submit(C.Activate("player", a))
    cmd, _ = Plan(m, "player").act(a)
    assert isinstance(cmd, C.UseMissionAction) and cmd.action == "activate"


def test_nothing_met_means_no_extraction_yet(pve):
    m = at_turn_4(pve)
    a = m.units("player")[0]
    m.place(a, 12, 14.5)
    assert not PveSquadController("player")._extract_now(m)  # extracting now would count nothing
