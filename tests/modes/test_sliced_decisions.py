"""A computer decision worked out a slice at a time (the battle screen's Session.work, with the screen's own
questions asked of the match between the slices) is the decision made at once (Session.step: the headless runner,
the lab, replays): the same commands, command for command, over seeded games of every mode."""
import importlib.util
from pathlib import Path

import pytest

from game.ai.common import Controller, thinking
from game.stepwise import run_to_end
from game.modes.session import RefusedCommand, Session

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("compare_games", ROOT / "tools" / "compare_games.py")
compare_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare_games)

GAMES = compare_games.games()
# First Mission (inches, grid), PvE (two NPC factions), PvP (the tactical player on several missions), Horde
PICKED = [0, 10, 90, 137, 270, 299, 437]
COMMANDS = 150  # deployment, a few Turns, prompts, the first of a Horde wave


@pytest.mark.parametrize("index", PICKED)
def test_a_sliced_decision_is_the_decision_made_at_once(index):
    game = GAMES[index]
    whole = compare_games.play(game, sliced=False, max_commands=COMMANDS)
    sliced = compare_games.play(game, sliced=True, max_commands=COMMANDS)
    assert whole["commands"] > 50, game
    assert sliced["log"] == whole["log"], game
    assert (sliced["result"], sliced["places"], sliced["hash"]) == (whole["result"], whole["places"], whole["hash"])


class _Counting(Controller):
    """Thinks in three slices, then proposes its first legal command (or, given `of`, that side's EndDeployment)."""

    def __init__(self, side, fail=False, of=None):
        self.side = side
        self.fail = fail
        self.of = of
        self.slices = 0

    def think(self, match):
        for _ in range(3):
            self.slices += 1
            yield
        if self.fail:
            raise RuntimeError("no idea")
        if self.of is not None:
            from game.match import commands as C
            return C.EndDeployment(self.of)
        return match.legal_commands(self.side)[0]


def _deploying_match():
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    m = create_match(build_scenario("first-mission", default_squad("interdictors")), 5)
    assert m.phase == "deploy" and m.prompt is None
    return m


def test_work_lands_the_command_only_once_it_is_made_and_may_hold_it():
    m = _deploying_match()
    try:
        side = m.waiting_for()
        ctl = _Counting(side)
        s = Session(m, {side: ctl})
        assert s.work(0.0) is None and s.thinking and ctl.slices == 1 and not m.log
        assert s.work(0.0) is None and s.work(0.0) is None and ctl.slices == 3
        assert s.work(0.0, land=False) is None and s.thinking and not m.log  # made, held
        cmd = s.work(0.0)
        assert cmd is not None and m.log[-1] == cmd and not s.thinking and ctl.slices == 3
    finally:
        m.close()


def test_a_decision_that_gives_no_reason_shows_none_not_the_last_ones():
    """The screen logs `explain()` beside each computer command: a stale reason would name another unit's plan."""
    m = _deploying_match()
    try:
        side = m.waiting_for()
        ctl = _Counting(side)
        s = Session(m, {side: ctl})
        ctl.explanation = "Castius: to downed"  # (the reason of a decision before)
        assert s.step() is not None
        assert s.explain() == ""
    finally:
        m.close()


def test_a_decision_open_when_the_match_changes_is_begun_again():
    m = _deploying_match()
    try:
        side = m.waiting_for()
        ctl = _Counting(side)
        s = Session(m, {side: ctl})
        s.work(0.0)
        s.work(0.0)
        m.version += 1  # (as a command would)
        s.work(0.0)
        assert ctl.slices == 3  # the open decision was dropped: a new one began
        s.cancel()
        assert not s.thinking
    finally:
        m.close()


def test_a_failing_or_refused_decision_raises_and_is_dropped():
    m = _deploying_match()
    try:
        side = m.waiting_for()
        s = Session(m, {side: _Counting(side, fail=True)})
        with pytest.raises(RuntimeError, match="no idea"):
            s.step()
        assert not s.thinking and not m.log
        other = next(x.side for x in m.scenario.sides if x.side != side)
        s = Session(m, {side: _Counting(side, of=other)})  # the other side's command: the match refuses it
        with pytest.raises(RefusedCommand):
            s.step()
        assert not s.thinking and not m.log
    finally:
        m.close()


def test_a_controller_without_think_is_one_slice_and_drain_runs_a_decision():
    class Plain:
        side = "x"

        def decide(self, match):
            return "the command"
    gen = thinking(Plain(), None)
    assert run_to_end(gen) == "the command"
