"""The tactical computer opponent: legal commands only, its own random stream (never the match's dice), the odds
behind its choices, Tactical Orders where a life hangs on them, answers to every prompt, no peeking at secrets."""
from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.match import commands as C
from game.match.errors import IllegalCommand
from game.rules.dice import ScriptedDice

from tests.modes.pvp.conftest import TURN, card, units


def test_it_takes_the_attack_most_likely_to_take_a_unit_out(make_pvp):
    m = make_pvp("attrition", [(card("Gunner", ranged=(4, 4)), 12, 4)],
                 [(card("Tough", hit=5, arm=4), 8, 16), (card("Hurt", hit=1, arm=3), 16, 16)], dice=TURN)
    ai = TacticalController("player", seed=1)
    m.submit(C.Activate("player", units(m, "player")[0]))
    cmd = ai.decide(m)
    assert isinstance(cmd, C.RangedAttack) and cmd.target == units(m, "opponent")[1]


def test_it_goes_for_the_objective_when_nothing_can_be_shot(make_pvp):
    m = make_pvp("centerpoint", [(card("Runner", ranged=None), 12, 8)], [(card(ranged=None), 2, 22)],
                 dice=TURN * 4)
    for _ in range(3):  # Turn 4: the Objective decides the mission
        m.submit(C.Activate("player", units(m, "player")[0]))
        m.submit(C.EndActivation("player"))
        m.submit(C.Activate("opponent", units(m, "opponent")[0]))
        m.submit(C.EndActivation("opponent"))
        if m.prompt is not None:
            m.submit(C.ChooseFirst(m.prompt.side, "player"))
    ai = TacticalController("player", seed=1)
    m.submit(C.Activate("player", units(m, "player")[0]))
    cmd = ai.decide(m)
    assert isinstance(cmd, C.Move)
    m.submit(cmd)
    assert m.controls(units(m, "player")[0], "objective-centre")


def test_it_spends_a_tactical_order_to_save_a_unit_from_falling(make_pvp):
    m = make_pvp("attrition", [(card("Gunner", ranged=(2, 5)), 12, 4)], [(card("Last", hit=1, arm=4), 12, 16)],
                 dice=TURN, first="player")
    m.to["opponent"] = 2
    m.submit(C.Activate("player", units(m, "player")[0]))
    m.dice = ScriptedDice([2, 6, 5])  # one Strike; the save fails with a 5 (ARM 4): a -1 makes it a 4
    m.submit(C.RangedAttack("player", "rng", units(m, "opponent")[0]))
    assert m.prompt.kind == "dice" and m.prompt.side == "opponent"
    ai = TacticalController("opponent", seed=1)
    assert ai.decide(m) == C.ChangeDie("opponent", 0, -1)


def test_it_keeps_its_tactical_orders_when_nothing_hangs_on_a_die(make_pvp):
    m = make_pvp("attrition", [(card("Gunner", ranged=(2, 5)), 12, 4)], [(card("Big", hit=5, arm=4), 12, 16)],
                 dice=TURN, first="player")
    m.to["opponent"] = 1
    m.submit(C.Activate("player", units(m, "player")[0]))
    m.dice = ScriptedDice([2, 6, 5])
    m.submit(C.RangedAttack("player", "rng", units(m, "opponent")[0]))
    assert TacticalController("opponent", seed=1).decide(m) == C.AcceptDice("opponent")


def test_it_answers_the_setup_questions_and_never_rolls_the_match_dice():
    from game.battlefield import open_table
    from game.match.match import Match
    from game.match.scenario import Scenario, SideSpec
    from game.modes.pvp.script import PvpMission
    sc = Scenario(mission="pvp-rivals", sides=(SideSpec("player"), SideSpec("opponent")))
    m = Match(sc, 4, PvpMission(None, {"mission": "rivals"}), open_table(),
              {"player": [("Boss", card("Boss", leader=True)), ("Brawler", card("Brawler", melee=(5, 4)))],
               "opponent": [("Ben", card("Ben")), ("Bo", card("Bo"))]})
    try:
        ais = {s: TacticalController(s, seed=9) for s in m.sides}
        while m.phase in ("setup", "deploy"):
            side = m.waiting_for()
            rolled = m.dice.rolled
            cmd = ais[side].decide(m)
            assert m.dice.rolled == rolled  # it thinks with its own random stream
            m.submit(cmd)
        assert m.mission_state["rival"]["player"] == 2  # the Brawler: its strongest non-Leader
    finally:
        m.close()


def test_the_ambush_attacker_does_not_know_the_carrier(make_pvp):
    m = make_pvp("ambush", [(card("Boss", leader=True), 2, 2), (card("Runner"), 1, 12), (card("Decoy"), 1, 16)],
                 [(card("Hunter"), 12, 2)], places={"player": "defender", "opponent": "attacker"},
                 secrets={"player": 2}, dice=[6] * 8 + [1, 2])
    b = brief_for(m, "opponent")
    assert b.kill_bonus[2] == b.kill_bonus[3]
    assert brief_for(m, "player").keep_bonus.get(2, 0) > brief_for(m, "player").keep_bonus.get(3, 0)


def test_a_whole_game_of_legal_commands():
    from game.modes import create_match
    from game.modes.pvp.script import PvpMission
    from game.content import default_squad, load_catalog
    from game.modes import mission_entry
    catalog = load_catalog()
    entry = mission_entry("pvp-power-cycle")
    sc = PvpMission.make_scenario(entry, default_squad("relict-wardens", catalog),
                                  default_squad("hunter-killers", catalog), controller="computer")
    m = create_match(sc, 11, catalog)
    try:
        ais = {s: TacticalController(s, seed=11) for s in m.sides}
        while m.phase != "over":
            side = m.waiting_for()
            cmd = ais[side].decide(m)
            try:
                m.submit(cmd)
            except IllegalCommand as e:  # pragma: no cover - the failure message
                raise AssertionError(f"the computer gave an illegal command {cmd}: {e}")
        assert m.result is not None and m.turn == 4
    finally:
        m.close()
