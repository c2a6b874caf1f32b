"""The PvE computer player in scripted positions (open table, Blacksite, scripted dice): it keeps holding the
Control Points for the Turn that meets Control instead of leaving for the Extraction Point, spare units back the
Control Points up, and it shoots first the enemy closing on the Asset."""
from game.ai import pve_plan
from game.ai.pve_plan import Plan
from game.ai.pve_squad import PveSquadController
from game.match import commands as C
from game.rules.dice import ScriptedDice

from .conftest import NO_TO
from .test_pve_objectives import A, beside, npc_idle, pass_turn, start


class Sixes(ScriptedDice):
    """Every D6 a 6 (shots miss, saves fail: nobody falls); a D10 (a reinforcement's random Anchor) 1, 2, 3, ... in
    turn, so the units of one Spawn Table row never roll the same Anchor again and again."""

    def __init__(self) -> None:
        super().__init__([])
        self.d10s = 0

    def d(self, sides: int) -> int:
        self.rolled += 1
        if sides == 10:
            self.d10s += 1
            return (self.d10s - 1) % 9 + 1
        return min(6, sides)


def play_turn(m, ctl):
    """The computer player plays the squad until the Turn ends (or the mission); the enemy does nothing. Every D6
    rolled from here is a 6 (Sixes)."""
    assert m.dice.remaining == 0
    m.dice = Sixes()
    turn = m.turn
    for _ in range(400):
        if m.turn != turn or m.phase == "over":
            return
        if m.waiting_for() == "npc":
            npc_idle(m)
        else:
            m.submit(ctl.decide(m))
    raise AssertionError("the Turn did not end")


def control_held(m):
    from game.modes.pve.objectives import controllers
    return [bool(controllers(m, mid)) for mid in m.mission_state["markers"]["control"]]


def test_the_player_keeps_holding_the_control_points_for_the_turn_that_meets_control(pve, monkeypatch):
    m = start(pve, "control,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    enemy = m.units("npc")[0]
    pass_turn(m)
    m.place(enemy, A["W"][0] - 1.2, A["W"][1])  # the W point is contested at the end of Turn 2
    pass_turn(m)
    m.place(enemy, 2, 2)
    pass_turn(m, [*NO_TO, 9])  # held at the end of Turn 3; Turn 4 rolls the Extraction Point
    assert m.turn == 4 and m.mission_state["streak"] == 1 and m.mission.goals(m)["extraction"] is not None
    monkeypatch.setattr(pve_plan, "GIVE_UP_TURN", 4)  # a Turn when the player otherwise settles and extracts
    ctl = PveSquadController("player")
    assert {t[0] for t in ctl.plan(m).tasks.values()} == {"marker"}
    assert not ctl._extract_now(m)
    play_turn(m, ctl)
    assert m.mission_state["status"]["control"] == "met"


def test_units_on_control_points_stay_on_them(pve):
    m = start(pve, "control,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    assert control_held(m) == [True, True, True]
    play_turn(m, PveSquadController("player"))
    assert control_held(m) == [True, True, True]
    assert m.mission_state["streak"] == 1


def test_spare_units_back_up_the_control_points(pve):
    m = start(pve, "control,no-survivors", [5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2), None, None],
              squad_size=5)
    tasks = Plan(m, "player").tasks
    on = [t[1] for t in tasks.values() if t[0] == "marker"]
    assert len(on) == 5 and set(on) == {"control-1", "control-2", "control-3"}


def test_the_player_shoots_first_the_enemy_closing_on_the_asset(pve):
    # The Asset on C; Control Points on W, E, SW. A runner beside the W point; one enemy next to that point, one
    # 4" from the Asset: the runner shoots the one closing on the Asset.
    m = start(pve, "protect,control", [5, 4, 6, 7], [beside("W", 1.2, 3.0), None, None])
    near_marker, near_asset, third = m.units("npc")
    m.place(near_marker, A["W"][0] + 1.2, A["W"][1] - 5.0)
    m.place(near_asset, A["C"][0] - 4.0, A["C"][1] - 3.0)
    m.place(third, 2, 2)
    runner = m.units("player")[0]
    plan = Plan(m, "player")
    assert plan.tasks[runner][0] == "marker"
    m.submit(C.Activate("player", runner))
    plan = Plan(m, "player")
    ok = [near_marker, near_asset]
    assert plan.pick_target(ok, plan.task_base(runner)) == near_asset
    # without the Asset to protect the same runner would shoot the enemy by its marker
    m.mission_state["status"]["protect"] = "met"
    plan = Plan(m, "player")
    assert plan.pick_target(ok, plan.task_base(runner)) == near_marker
