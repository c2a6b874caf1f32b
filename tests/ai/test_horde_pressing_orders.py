"""A long Horde wave (from its Turn PRESS_TURN, reinforcements coming every Turn): the squad's computer player spends
its last Tactical Orders on failed attack dice at any target, not only at the Boss. They are lost at the end of the
Turn, and such a wave ends only when the squad takes out everything on the table in one Turn (over seeds 0-399 of
bench_horde's runs: waves of 11 Turns or more 14, now 9)."""
from game.ai.horde_squad import PRESS_TURN, HordeSquadController
from game.match import commands as C
from game.rules.dice import ScriptedDice

from tests.ai.test_horde_boss_focus import activate, shooter, spawn
from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, squad  # noqa: F401


def failed_shot(m, wave_turn: int):
    """The squad's best shooter misses a Ruin Stalker (no Boss on the table) with 2 Tactical Orders left."""
    clear_horde(m)
    me, w = shooter(m)
    for i, u in enumerate(x for x in squad(m) if x != me):
        put(m, u, 2 + 2.5 * i, 22)
    put(m, me, 12, 12)
    stalker = spawn(m, "HRD-MED01", 12, 16)
    m.mission_state["wave_turn"] = wave_turn
    activate(m, me)
    m.to["player"] = 2
    m.dice = ScriptedDice([6] * 40)  # every attack die misses
    m.submit(m.attack_command("player", me, w, stalker))
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    assert m.prompt.decision.stage == "attack" and m.prompt.decision.failed()
    return HordeSquadController("player").decide(m)


def test_a_long_wave_spends_the_last_tactical_orders_on_a_miss(matches):
    cmd = failed_shot(begin(matches()), PRESS_TURN)
    assert isinstance(cmd, (C.RerollDie, C.ChangeDie)), cmd  # before: AcceptDice, the 2 TO kept for saves
    assert not isinstance(cmd, C.RerollDie) or cmd.source == "TO"


def test_earlier_in_the_wave_it_keeps_them_for_the_saves(matches):
    cmd = failed_shot(begin(matches()), PRESS_TURN - 1)
    assert isinstance(cmd, C.AcceptDice), cmd
