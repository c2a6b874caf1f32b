"""Knowing before acting, driven with posted events: the enemies' threat overlay (T toggles it, Alt shows it while
held), an NPC's intent on hover (its Behaviour line and likely target, from its controller's own decision), what a
hovered Move destination would see (sight, Cover, who could shoot the unit there), why a spot is out of reach."""
import pygame

from game.ai.npc import NpcController
from game.match import commands as C
from game.rules.model import RANGED, Special, WeaponCard
from game.ui.battle.foresight import RES
from tests.match.conftest import card

from .test_skills_ui import scene_on, select, small_match


def gunner(name="Gunner", rng=10):
    """A card with a 10" gun only."""
    c = card(name=name, melee=None, ranged=None)
    from dataclasses import replace
    return replace(c, weapons=(WeaponCard("gun", "Gun", RANGED, 3, 4, (Special("RNG", rng),)),))


def finish(d, sc, frames=200):
    """Frames until the work ahead is done (the mouse rests a moment first: hovers are asked after a dwell)."""
    d.step(20)
    for _ in range(frames):
        if not sc.ahead.busy:
            return
        d.step(1)
    raise AssertionError("the work ahead did not finish")


def lit(layer, x, y) -> bool:
    return layer.get_at((int(x * RES), int(y * RES)))[3] > 0


def test_threat_overlay_melee_and_ranged_reach_and_line_of_fire(app):
    # our Hero at (4, 12); a Bug (melee) at (16, 4); a Gunner with a 10" gun at (16, 20); Hero 12" from the Gunner
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug", ranged=None), 16, 4),
                                                         (gunner(), 16, 20)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    assert not sc.ahead.threat_shown
    d.key(pygame.K_t)
    assert sc.ahead.threat_shown
    finish(d, sc)
    t = sc.ahead.result(sc.ahead.threat_key())
    assert t is not None
    # the Bug moves 6" and strikes Adjacent: 6" + its 0.5" radius + 1" + a 0.5" target radius = 8" around it
    assert lit(t.melee, 16, 4 + 7.5) and not lit(t.melee, 16, 4 + 10)
    assert not lit(t.melee, 19, 20)  # the Gunner has no melee weapon
    # the Gunner moves 6" and shoots 10": about 16.5" around it
    assert lit(t.ranged, 16 - 15.5, 20) and not lit(t.ranged, 16, 20 - 19)
    assert t.line_of_fire == {}  # the Hero is 12" away: out of the Gunner's range now
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    d.shot("threat-overlay")
    d.key(pygame.K_t)
    assert not sc.ahead.threat_shown
    # Alt shows it while held
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LALT, mod=0, unicode="", scancode=0))
    d.step(1)
    assert sc.ahead.threat_shown
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0))
    d.step(1)
    assert not sc.ahead.threat_shown
    # in range of the gun: the Hero is in its line of fire, worked out again for the new positions
    m.place(p[0], 10, 18)
    sc.changed(dict(sc.by_uid))
    d.key(pygame.K_t)
    finish(d, sc)
    assert sc.ahead.result(sc.ahead.threat_key()).line_of_fire == {p[0]: [n[1]]}
    d.step(2)
    d.shot("threat-line-of-fire")


def test_an_npcs_intent_on_hover_is_its_controllers_own_decision(app):
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug", ranged=None), 14, 12)],
                          dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    b = m.position(n[0])
    d.hover_board(b.x, b.y)
    finish(d, sc)
    it = sc.ahead.result(sc.ahead.intent_key())
    assert it == NpcController("npc").intent(m, n[0])
    assert it.line == 3 and isinstance(it.command, C.Move) and it.target == p[0]  # Move toward the Hero
    from game.ui.battle.texts import hover_label
    text, _ = hover_label(sc)
    assert text.startswith("Bug") and "\nNext: Behaviour line 3: Move toward the closest enemy" in text
    assert "Hero is the closest enemy, 9.0\" away" in text
    d.shot("npc-intent")
    # what it said is what it does when it activates
    select(d, p[0])
    assert d.end_activation(), "the game asks before the Hero's 2 ACT are lost"
    d.step(5)
    assert any(isinstance(c, C.Move) and c.side == "npc" and (c.x, c.y) == (it.command.x, it.command.y)
               for c in m.log)


def test_a_move_destination_shows_what_the_unit_would_see_and_who_could_shoot_it(app):
    # the Gunner's 10" gun does not reach the Hero at (2, 12) (14" between bases); from (8, 12) it would
    m, p, n = small_match([(card(name="Hero"), 2, 12)], [(gunner(), 17, 12)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    select(d, p[0])
    assert sc.mode == "move"
    spot = sc.preview.spot_near(8, 12)
    d.hover_board(spot[0], spot[1])
    assert sc.hover_spot == spot
    finish(d, sc)
    looks = sc.ahead.result(sc.ahead.destination_key())
    assert len(looks) == 1 and looks[0].uid == n[0]
    assert looks[0].sees_it and looks[0].seen_by and looks[0].could_shoot and not looks[0].unit_in_cover
    assert m.position(p[0]).x == 2  # asked without moving it
    from game.ui.battle.texts import info_lines
    text = [t for t, _, _ in info_lines(sc)]
    assert "From there: sees 1 enemy; exposed to the one that sees it" in text
    assert "Could be shot there by: Gunner" in text
    d.shot("destination-preview")
    # a spot nearer home: out of the gun's reach
    spot = sc.preview.spot_near(4, 12)
    d.hover_board(spot[0], spot[1])
    finish(d, sc)
    assert not sc.ahead.result(sc.ahead.destination_key())[0].could_shoot


def test_a_spot_out_of_reach_says_what_it_would_cost(app):
    m, p, n = small_match([(card(name="Hero"), 2, 12)], [(card(name="Bug"), 22, 22)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.hover_board(12, 12)  # 10" away: a Move gives 6"
    assert sc.hover_spot is None
    finish(d, sc)
    from game.ui.battle.texts import hover_label
    text, _ = hover_label(sc)
    assert text == 'Out of reach: 10.0" of movement needed, a Move gives 6"', text
    d.shot("out-of-reach")


def test_a_spot_out_of_reach_is_worked_out_in_slices_with_the_answer_run_whole():
    """The way to a far spot is a search 60" past the Move: on the large map's first look it took 8 ms in one frame.
    Asked in the screen's slices of work ahead, it stops at each slice's end and goes on in the next."""
    import time

    from game.battlefield.search import work_slice
    from game.modes import create_match, first_mission_scenario
    from game.rules import actions as act
    from game.stepwise import run_to_end
    from game.ui.battle.foresight import out_of_reach_work

    def fresh():
        m = create_match(first_mission_scenario(map_name="pve-rift-30x22.tmx"), 1, prepare=True)
        for spot in m.mission.default_deployment(m, "player"):
            m.submit(C.Deploy("player", *spot))
        uid = m.units("player")[0]
        return m, uid, m.table.battlefield.width - 2.0, m.table.battlefield.height - 2.0

    m, uid, x, y = fresh()
    whole = run_to_end(out_of_reach_work(m, uid, x, y, act.MOVE, "Move"))
    assert whole.startswith("out of reach:") and "movement needed" in whole
    m, uid, x, y = fresh()
    gen, slices = out_of_reach_work(m, uid, x, y, act.MOVE, "Move"), 0
    while True:
        try:
            with work_slice(time.perf_counter()):  # a slice already over: the search stops at its first look
                next(gen)
        except StopIteration as done:
            got = done.value
            break
        slices += 1
    assert slices >= 4 and got == whole
