"""The computer's decisions on the battle screen: worked out a slice per frame while the last command's pictures
play, landing one per beat; a computer player that fails is shown as the bug it is and plays nothing in its
place."""
import pygame

from game.ai.common import Controller
from game.match import commands as C
from game.persistence.save_format import AUTOSAVE, save_path
from game.persistence.save_loading import load_match

from .driver import Driver
from .test_screens import battle


class _Slow(Controller):
    """Ends its activation after `slices` slices of thought (prompts: accepts the dice)."""

    def __init__(self, side, slices=40, fail=None):
        self.side = side
        self.slices = slices
        self.fail = fail
        self.thought = 0

    def think(self, match):
        for _ in range(self.slices):
            self.thought += 1
            yield
        if self.fail is not None:
            raise self.fail
        if match.prompt is not None:
            return C.AcceptDice(self.side)
        if match.activation is None:
            return next(c for c in match.legal_commands(self.side) if isinstance(c, C.Activate))
        return C.EndActivation(self.side)


def _to_npc_turn(d, sc):
    m = sc.match
    d.key(pygame.K_TAB)
    d.end_activation()
    assert m.waiting_for() == "npc"


def test_a_decision_is_thought_over_several_frames_and_lands_at_the_pace(make_app, monkeypatch):
    import game.ui.battle.turns as turns
    monkeypatch.setattr(turns, "THINK_MS", 0.0)  # a slice a frame
    app = make_app(npc_speed="fast")
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match
    ctl = _Slow("npc", slices=30)
    sc.play_by_computer("npc", ctl)
    _to_npc_turn(d, sc)
    n = len(m.log)
    d.step(10)
    assert ctl.thought >= 5 and len(m.log) == n and sc.session.thinking  # thinking, nothing landed
    d.step(60)
    assert len(m.log) > n  # landed once made
    assert ctl.thought >= 30


def test_a_failing_computer_player_stops_names_the_failure_and_keeps_the_game(make_app, saves_dir):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match
    sc.play_by_computer("npc", _Slow("npc", slices=2, fail=KeyError("spot")))
    _to_npc_turn(d, sc)
    n = len(m.log)
    d.step(6)
    assert len(m.log) == n, "nothing is played in the failed decision's place"
    assert sc.turns.failed == "KeyError: 'spot'"
    assert "The computer player could not go on" in app.last_dialog and "KeyError: 'spot'" in app.last_dialog
    assert "autosave keeps the battle" in app.last_dialog
    saved = load_match(save_path(AUTOSAVE, saves_dir))
    try:
        assert len(saved.log) == n and saved.state_hash() == m.state_hash()
    finally:
        saved.close()
    d.shot("computer-player-failed")
    d.step(10)
    assert len(m.log) == n and not sc.computer_acting()  # it does not try again every frame
    from game.ui.battle.texts import hint_text, top_status
    assert "stopped: the computer player failed" in top_status(sc)[0]
    assert "computer player failed and stopped" in hint_text(sc)
    d.shot("computer-player-stopped")


def test_a_refused_computer_command_is_a_failure_too(make_app):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match

    class Wrong(_Slow):
        def think(self, match):
            yield
            return C.EndActivation("player")  # not the side the match waits for
    sc.play_by_computer("npc", Wrong("npc"))
    _to_npc_turn(d, sc)
    n = len(m.log)
    d.step(4)
    assert len(m.log) == n and sc.turns.failed.startswith("RefusedCommand: Wrong (npc) proposed")


def test_the_hint_line_says_who_acts_while_the_npcs_act(make_app):
    """After the person ends an activation through the confirm dialog, the NPCs act: the hint line drawn says so in
    every frame. It kept the person's last hint ("Click a highlighted spot to Move ...") through the NPCs' whole
    turn: the frame drawn under the dialog left the panel's regions read, and the change was never painted."""
    from game.ui.battle.texts import hint_text
    app = make_app(npc_speed="normal")
    d = Driver(app)
    sc = battle(d, seed=5)
    m = sc.match
    d.key(pygame.K_TAB)
    assert d.end_activation(), "the game asks before the ACT left is lost"
    frames = 0
    for _ in range(120):
        d.step(1)
        if m.waiting_for() == sc.side:
            break
        frames += 1
        shown = sc.painter.panel._keys["hint"][0][0]
        assert shown == hint_text(sc) and "NPCs are acting" in shown, shown
    assert frames > 20, "the NPCs acted at the game's pace"
