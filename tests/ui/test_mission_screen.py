"""The mission on the battle screen, driven with posted events: markers drawn from `match.markers()` with their
tooltips, the mission's zones, its summary box (always there, updated as the match changes) and the results
screen's summary and MP; Pick Up, Give, Drop and mission actions as buttons with their cost or reason, their
marker and unit picked on the table; a mission roll that Tactical Orders may re-roll or change."""
import pygame

from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.match.mission import DrawnZone, MissionActionDef, MissionSummary, ObjectiveStatus, circle_zone
from game.ui.battle import BattleScene
from tests.match.conftest import card, skirmish
from tests.match.test_mission_layer import Objectives

from .driver import Driver, drawn_texts

A_TO = [1, 1, 1, 6, 6, 6, 1, 2]  # A rolls 3 TO, B none; A wins the Initiative


class Mission(Objectives):
    """The mission layer's test mission, with an extraction zone, a summary and a Search whose die TO may touch."""

    title = "Test Objectives"

    def setup(self, match):
        super().setup(match)
        match.place_marker("intel", "intel", "Intel", 16, 6, portable=True, rules="Carry it off the table.")

    def mission_actions(self, match):
        return [MissionActionDef("activate", "Activate", 2, "Activate an Objective you Control: remove it.",
                                 markers=("objective",)),
                MissionActionDef("search", "Search", 1, "Roll 1D6: found on a 1.", markers=("objective",))]

    def zones(self, match):
        return [DrawnZone(circle_zone("exit", "A", 20, 20, 2.5), "extract", "Extraction")] + super().zones(match)

    def summary(self, match):
        left = len(match.markers(kind="objective"))
        return MissionSummary(self.title, f"Turn {match.turn} of 4",
                              (ObjectiveStatus("Activate the Objective", f"{1 - left} of 1 activated",
                                               True if left == 0 else None),),
                              tuple((match.side_name(s), match.score[s]) for s in ("A",)), ("Search it first",))


def scene(app, a, b, dice=A_TO):
    m, ua, ub = skirmish(a, b, dice=list(dice) + [6] * 40, mission=Mission(), npc_b=True)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.wait_banners()
    d.step(2)
    return d, sc, m, ua, ub


def click_action(d, sc, key):
    d.click(next(b for b, k in sc.panel.buttons.items() if k == key))


def test_markers_zones_and_the_summary_box(app):
    d, sc, m, a, b = scene(app, [(card(act=3), 13.1, 12)], [(card(), 22, 3)])
    kinds = {mv.mid: mv.kind for mv in sc.markers}
    assert kinds == {"obj": "objective", "beacon": "beacon", "crate": "crate", "intel": "intel"}
    crate = next(mv for mv in sc.markers if mv.mid == "crate")
    assert crate.item == m.marker_uid("crate")  # an item: drawn as a base that can be attacked
    shapes = {sc.painter.mission.kinds.shape(k) for k in kinds.values()}
    assert len(shapes) == 4, "each kind of marker has its own shape"
    assert [z.label for z in sc.mission_zones()] == ["Extraction"]  # no deployment zones in battle
    # the objective is Controlled by A's unit next to it; its tooltip says so, and what it is
    obj = next(mv for mv in sc.markers if mv.mid == "obj")
    assert obj.controller == "A"
    d.hover_board(12, 12)
    assert sc.sel.hover_marker == "obj"
    shot = d.shot("mission-marker-tooltip")
    assert shot.exists()
    from game.ui.battle.mission_view import marker_lines
    assert marker_lines(m, obj) == ["Controlled by A"]
    d.hover_board(16, 6)
    assert sc.sel.hover_marker == "intel"
    intel = next(mv for mv in sc.markers if mv.mid == "intel")
    assert marker_lines(m, intel)[-1] == "Carry it off the table."
    # the summary box: always there, the mission's words
    box = sc.painter.summary.rect
    assert box.w > 0 and sc.layout["view"].contains(box)
    s = sc.mission_summary()
    assert s.title == "Test Objectives" and s.objectives[0].status == "0 of 1 activated" and s.scores == (("A", 0),)
    # Activate (2 ACT) from its button: the summary follows the match
    p = m.position(a[0])
    d.click_board(p.x, p.y)
    st = sc.panel.state("mission:activate")
    assert st.enabled and st.cost == "2 ACT"
    click_action(d, sc, "mission:activate")
    assert m.log[-1] == C.UseMissionAction("A", "activate", "obj")
    s = sc.mission_summary()
    assert s.objectives[0].done is True and s.scores == (("A", 3),)
    with drawn_texts(sc.app) as texts:  # the box draws each side's MP as "name: MP" ("Player 1 0" read as 10)
        sc.painter.summary._render(s, sc.painter.summary.width(), False)
    assert any(t.startswith("MP") and "A: 3" in t for t in texts), texts
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    d.shot("mission-summary-after-activation")
    # a click on the box folds it to its title line
    h = box.h
    d.click(box.center)
    d.step(1)
    assert sc.painter.summary.rect.h < h
    # the results screen tells the objectives and the MP
    html = sc.summary_html()
    assert "Test Objectives" in html and "Activate the Objective: 1 of 1 activated (met)" in html
    assert "A 3 MP" in html


def test_pick_up_give_and_drop_through_buttons(app):
    # a unit next to the Beacon, two Squadmates next to it
    d, sc, m, a, b = scene(app, [(card(act=3), 6, 7.2), (card(), 7.3, 7.8), (card(), 4.8, 7.8)], [(card(), 22, 3)])
    p = m.position(a[0])
    d.click_board(p.x, p.y)
    st = sc.panel.state("pickup")
    assert st.enabled and st.cost == "1 ACT" and st.choices == (C.PickUp("A", "beacon"),)
    assert sc.panel.state("drop").reason == "carries nothing"
    click_action(d, sc, "pickup")  # one marker in reach: at once
    assert m.log[-1] == C.PickUp("A", "beacon") and m.marker("beacon").carrier == a[0]
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    d.shot("mission-carried-marker")
    # Give: two Squadmates may take it: they light up, the click on one gives it
    st = sc.panel.state("give")
    assert st.enabled and len(st.choices) == 2
    click_action(d, sc, "give")
    assert sc.skill is not None and sc.skill.units() == sorted(a[1:])
    d.step(2)
    d.shot("mission-give-choose")
    q = m.position(a[2])
    d.click_board(q.x, q.y)
    assert m.log[-1] == C.Give("A", "beacon", a[2]) and m.marker("beacon").carrier == a[2]
    assert sc.skill is None
    assert sc.panel.state("pickup").reason is not None  # nothing portable in reach now


def test_a_mission_roll_with_tactical_orders(app):
    d, sc, m, a, b = scene(app, [(card(act=3), 13.1, 12)], [(card(), 22, 3)])
    p = m.position(a[0])
    d.click_board(p.x, p.y)
    m.dice = ScriptedDice([4] + [6] * 10)  # the Search rolls a 4
    click_action(d, sc, "mission:search")
    assert m.prompt is not None and m.prompt.kind == "mission_dice"
    d.step(2)
    panel = sc.prompt_panel
    assert panel.active and panel.header.startswith("Search")
    labels = sorted(b.text for b in panel.commands)
    assert labels == ["+1 (1 TO)", "-1 (1 TO)", "Accept (Enter)", "Re-roll (1 TO)"]
    d.shot("mission-dice-prompt")
    minus = next(b for b, c in panel.commands.items() if isinstance(c, C.ChangeDie) and c.delta == -1)
    d.click(minus)
    assert m.log[-1] == C.ChangeDie("A", 0, -1) and m.to["A"] == 2
    d.step(2)
    d.key(pygame.K_RETURN)
    assert m.prompt is None and m.mission_state["found"] is False  # 3: not found


def test_a_long_title_keeps_its_words_and_the_turn_goes_below_it(app):
    d, sc, m, a, b = scene(app, [(card(act=3), 13.1, 12)], [(card(), 22, 3)])
    painter = sc.painter.summary
    w = painter.width()
    short = MissionSummary("Horde Mode", "Turn 1", (), (), ())
    long = MissionSummary("Horde Mode", "Wave 1 of 12 (Act 1), Turn 1", (), (), ())
    one, two = painter._render(short, w, False), painter._render(long, w, False)
    assert two.get_height() == one.get_height() + sc.app.text.line_height(12)
    text_w = sc.app.text.size("Horde Mode", 14, True)[0]
    # the title is drawn whole: its pixels reach as far right on both
    def right_edge(surf, row):
        xs = [x for x in range(w) if surf.get_at((x, row))[:3] == tuple(sc.app.palette.select)[:3]]
        return max(xs) if xs else 0
    row = painter.header_height() // 2
    assert abs(right_edge(one, row) - right_edge(two, row)) <= 2 and right_edge(two, row) >= text_w * 0.8


def test_the_top_bar_shows_no_turn_limit_for_a_mission_without_one(app):
    d, sc, m, a, b = scene(app, [(card(act=3), 13.1, 12)], [(card(), 22, 3)])
    m.mission.turns = None
    d.step(2)
    with drawn_texts(sc.app) as texts:
        sc.painter.panel._draw_top(sc.app.screen)
    assert f"TURN {m.turn}" in texts and not any(t.startswith("TURN ") and "None" in t for t in texts)
