"""A whole mission of each mode played on the battle screen by its people (hot-seat where the mode has it: two people
sharing the squad in PvE and Horde, two rivals in PvP), and at every decision a person meets the screen is read as
its painters drew it: no two labels on the table overlap, and no text a person reads at the decision (top bar,
question box, action buttons and the reasons beside them, the hand-over) was cut to fit. The painters record what
they placed and what they cut (game/ui/drawn.py); no pixel is guessed. The people's answers are the computer
player's, given through the screen's one door (`BattleScene.submit`)."""
from dataclasses import replace

import pytest

from game.headless import build_scenario
from game.modes import create_match
from game.modes.session import make_controller
from game.ui.battle import BattleScene
from game.ui.battle.handover import HandoverScene
from game.ui.drawn import widget_cuts
from game.ui.results_scene import ResultsScene

from .driver import Driver


def people(scenario, names):
    """The player side shared by `names` (co-op at one screen)."""
    return replace(scenario, sides=tuple(replace(s, players=names) if s.side == "player" else s
                                         for s in scenario.sides))


def problems(scene) -> list[str]:
    """What a person could not read on the screen now: labels over labels, texts cut."""
    out = [f"labels overlap: {a.text!r} ({a.about}) and {b.text!r} ({b.about})"
           for a, b in scene.drawn.overlapping_labels()]
    out += [f"cut in the {c.where}: {c.text!r} shown as {c.shown!r}" for c in scene.drawn.cuts]
    out += [f"a {c.where} too narrow for {c.text!r}" for c in widget_cuts(scene.root)]
    return out


def play_on_screen(app, m, name: str, stop=None, limit=6000) -> tuple[list[str], dict]:
    """Play `m` on the battle screen, the people answering as the computer player would; (problems seen at the
    decisions sampled, how many decisions / questions / action panels / hand-overs were seen). `stop(match)`: end
    early (Horde after its first wave)."""
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    deciders = {s.side: make_controller(m, s.side, "computer") for s in m.scenario.sides if s.control == "person"}
    seen: list[str] = []
    count = dict(decisions=0, questions=0, actions=0, handovers=0)
    frame = -1
    for frame in range(limit):
        scene = d.scene
        if isinstance(scene, ResultsScene) or (stop is not None and stop(m)):
            if isinstance(scene, ResultsScene):
                d.step(2)
                d.shot(f"whole-{name}-results")
                seen += [f"results: a {c.where} too narrow for {c.text!r}" for c in widget_cuts(scene.root)]
            break
        if isinstance(scene, HandoverScene):
            d.step(1)
            count["handovers"] += 1
            if count["handovers"] == 2:
                d.shot(f"whole-{name}-handover")
            seen += [f"hand-over to {scene.who.name}: {p}" for p in problems(scene)]
            d.click(scene.b_go)
            continue
        if scene is not sc:
            d.step(1)
            continue
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if sc.my_decision() and not sc.turns.acting() and sc.effects.banner is None:
            side = m.waiting_for()
            with m.reading():
                cmd = deciders[side].decide(m)
            uid = getattr(cmd, "uid", None)
            if m.phase == "battle" and m.prompt is None and isinstance(uid, int) and sc.owns(uid):
                sc.select(uid)  # the unit's card and action buttons, as the person sees them before acting
            d.step(1)
            count["decisions"] += 1
            count["questions"] += sc.prompt_panel.active
            count["actions"] += bool(sc.panel.buttons)
            if sc.prompt_panel.active and count["questions"] in (1, 6):
                d.shot(f"whole-{name}-question-{count['questions']}")
            if count["actions"] in (3, 20) and not sc.prompt_panel.active:
                d.shot(f"whole-{name}-actions-{count['actions']}")
            seen += [f"Turn {m.turn}, {m.phase}, {type(cmd).__name__}: {p}" for p in problems(sc)]
            if not sc.submit(cmd, quiet=True):
                sc.submit(m.legal_commands(side)[0])
        d.step(1)
    assert frame < limit - 1, (f"the mission did not end within {limit} frames: {m.phase}, Turn {m.turn}, waiting for "
                               f"{m.waiting_for()}, prompt {m.prompt and m.prompt.kind}, {type(d.scene).__name__}, "
                               f"decision {sc.my_decision()}, busy {sc.turns.acting(), sc.ahead.busy, sc.result_timer, sc.effects.banners, sc.table_view.world.tray_showing()}, seen {count}")
    return seen, count


def first_wave_over(m) -> bool:
    """The first wave is over and its Upgrades bought: the second one is on the table."""
    return m.mission_state.get("wave", 0) >= 2


@pytest.mark.parametrize("mode,size", [("first-mission", (960, 600)), ("pve", (1280, 800)), ("pvp", (960, 600)),
                                       ("horde", (1280, 800))])
def test_a_whole_mission_of_each_mode_is_readable_at_every_decision(make_app, mode, size):
    """At the smallest window (960x600) and a common one."""
    app = make_app()
    app.resize(*size)
    stop = None
    if mode == "first-mission":
        m = create_match(build_scenario("first-mission", controller="person"), 3, app.catalog, prepare=True)
    elif mode == "pve":
        s = build_scenario("pve", options={"players": 2, "battlefield": "ruined-city"}, controller="person")
        m = create_match(people(s, ("Ana", "Ben")), 4, app.catalog, prepare=True)
    elif mode == "pvp":
        s = build_scenario("pvp-rivals", options={"player_name": "Ana", "opponent_name": "Ben"}, controller="person")
        m = create_match(s, 3, app.catalog, prepare=True)
    else:
        s = build_scenario("horde", options={"players": 2}, controller="person")
        m = create_match(people(s, ("Ana", "Ben")), 3, app.catalog, prepare=True)
        stop = first_wave_over
    seen, count = play_on_screen(app, m, mode, stop)
    print(mode, count)
    assert count["decisions"] >= 10 and count["actions"] >= 5, f"too little was seen: {count}"
    if mode != "first-mission":
        assert count["handovers"] >= 2, f"people at one screen are handed it over: {count}"
    assert not seen, f"{len(seen)} problems at {count}:\n" + "\n".join(dict.fromkeys(seen))
