"""A computer's command read over the frames after it lands (landing.py): on a crowded table the side's legal
commands and the selected unit's action buttons are several ms each, so they are asked in two frames, the legal
commands first; the hint line, which reads the buttons, waits for them and then says what it would have said at
once."""
from game.headless import build_scenario
from game.match import commands as C
from game.match.match import Match
from game.modes import create_match
from game.ui.battle import panel as P
from game.ui.battle.texts import hint_text

from .driver import open_battle


def test_legal_commands_and_the_buttons_are_asked_in_separate_frames_as_a_command_is_read(make_app, monkeypatch):
    app = make_app(npc_speed="normal")  # (a command a beat, read over the frames after it)
    m = create_match(build_scenario("horde", map_name="horde-weapons-manufacture.tmx"), 7, app.catalog, prepare=True)
    for spot in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", *spot))
    m.submit(C.EndDeployment("player"))
    d, sc = open_battle(app, m, frames=2)
    sc.effects.banners.clear()
    asked: list[str] = []
    legal_commands, action_states = Match.legal_commands, P.action_states
    monkeypatch.setattr(Match, "legal_commands", lambda self, side: asked.append("legal") or legal_commands(self, side))
    monkeypatch.setattr(P, "action_states", lambda *a: asked.append("buttons") or action_states(*a))
    read = 0
    for _ in range(2000):
        if m.waiting_for() == "player" and m.active_unit is None and not sc.landing.pending and read >= 3:
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if sc.selected is None and m.units("player"):
            sc.select(m.units("player")[0])
        n, pending = len(m.log), sc.landing.pending
        asked.clear()
        d.step(1)
        if pending or len(m.log) > n:  # a frame of a command landing or being read
            assert asked.count("legal") + asked.count("buttons") <= 1 or \
                set(asked) == {"legal"}, f"a frame asked {asked}"
            if pending and not sc.landing.pending and "buttons" in asked:
                read += 1
                hint = hint_text(sc)
                sc.landing.finish()
                assert hint == hint_text(sc)
    assert read >= 3, "the Horde's commands were read with a unit of the squad selected"
