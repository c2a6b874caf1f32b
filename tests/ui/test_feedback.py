"""Units that read at a glance, feedback, and care, driven with posted events: role pictograms and unique labels
on the bases, HIT bars, Ready and Downed states, the faction's emblem on the card; moves animated along their path,
shots and blows drawn, saves and HIT lost where they land, dice that tumble before they land, all skippable (Space)
and following the speed setting; the camera following the computer; the question box leaving its units in view;
a confirmation before ACT are lost and before quitting with unsaved progress."""
import pygame

from game.match import commands as C
from game.modes import create_match, first_mission_scenario
from game.rules.dice import ScriptedDice
from game.ui.battle import BattleScene
from game.ui.board import snapshot_units, unit_role
from game.ui.builder_dialogs import ConfirmDialog
from tests.match.conftest import card

from .driver import Driver
from .test_skills_ui import scene_on, select, small_match


def first_mission(app, seed=5):
    m = create_match(first_mission_scenario(), seed, app.catalog, prepare=True)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.click(sc.b_auto)
    d.click(sc.b_start)
    d.wait_banners()
    return d, sc, m


def test_bases_show_role_label_hit_and_state(app):
    d, sc, m = first_mission(app)
    roles = {v.name: v.role for v in sc.units if not v.item}
    assert roles["Leader"] == "leader" and roles["Fighter"] == "melee" and roles["Shooter"] == "ranged"
    assert all(r == "melee" for name, r in roles.items() if name.startswith("Bug"))
    labels = [v.label for v in sc.units if v.side == "player"]
    assert len(set(labels)) == len(labels), "labels are unique within a squad"
    # the sprite of a Ready unit carries the Ready light, a spent one does not; the HIT bar follows the HIT
    v = next(v for v in sc.units if v.name == "Fighter")
    ready = sc.renderer.unit_sprite(v, 40, False, ready=True)
    spent = sc.renderer.unit_sprite(v, 40, True)
    assert ready is not spent and ready.get_size() == spent.get_size()
    hurt = sc.renderer.unit_sprite(_with(v, hit=1), 40, False, ready=True)
    assert pygame.image.tobytes(hurt, "RGBA") != pygame.image.tobytes(ready, "RGBA")
    # the card: the faction's emblem beside the name
    from game.ui.cardview import _emblem
    assert _emblem(m.catalog, m.unit(v.uid).card) is not None
    sc.camera.zoom_at(6, *sc.camera.to_screen(v.x, v.y))
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    d.shot("bases-at-a-glance")


def _with(v, **kw):
    from dataclasses import replace
    return replace(v, **kw)


def test_roles_from_the_card():
    from dataclasses import replace

    from game.rules.model import Special
    c = card()
    assert unit_role(c, True) == "leader"
    assert unit_role(card(melee=(4, 4), ranged=(3, 3)), False) == "melee"
    assert unit_role(card(melee=(2, 3), ranged=(4, 4)), False) == "ranged"
    heavy = replace(c, weapons=(replace(c.weapons[1], specials=(Special("HVY"),)),))
    assert unit_role(heavy, False) == "heavy"
    assert unit_role(card(skills=("INT-MED", "INT-RO")), False) == "special"


def test_a_downed_unit_stays_on_the_table_and_reads_as_downed(app):
    m, p, n = small_match([(card(name="Hero"), 4, 12), (card(name="Mate"), 6, 12)], [(card(name="Bug"), 20, 20)],
                          dice=[4, 4, 4] + [6] * 20)
    with m._in_world():
        m.down(p[1])
    views = {v.uid: v for v in snapshot_units(m)}
    assert p[1] in views and views[p[1]].downed and not views[p[0]].downed


def test_a_move_is_animated_along_its_path_and_space_skips(make_app):
    app = make_app(npc_speed="slow")
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug"), 22, 22)], dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    spot = sc.preview.spot_near(9, 12)
    d.click_board(spot[0], spot[1])
    assert isinstance(m.log[-1], C.Move)
    anim = sc.anims[p[0]]
    d.step(int(anim.duration * 60 * 0.4) - 2)
    x, y = sc.table_view.world.place_of(p[0])
    assert 4.5 < x < spot[0] - 0.5, "mid-move, the base is between its start and its end"
    d.shot("animation-mid-move")
    d.key(pygame.K_SPACE)
    assert not sc.anims


def test_shots_saves_and_dice_tumble_then_skip(make_app):
    app = make_app(npc_speed="normal")
    # the Hero shoots the Bug: 3 Strikes (1, 2, 2); the Bug saves two of its 4 Damage (3, 3, 6, 6)
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug", hit=9), 14, 12)],
                          dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.key(pygame.K_r)
    m.dice = ScriptedDice([1, 2, 2] + [3, 3, 6, 6] + [6] * 20)
    t = m.position(n[0])
    d.click_board(t.x, t.y)
    while m.prompt is not None and m.prompt.side == "player":
        d.key(pygame.K_RETURN)
    w = sc.table_view.world  # what the table shows is the entities of its world
    shots = w.pictures("shot")
    assert shots and not shots[0][0][4], "the shot is drawn from the Hero to the Bug"
    numbers = [text for (text, _colour), _life in w.pictures("number")]
    assert "2 saves" in numbers and "-2 HIT" in numbers
    (tray, life), = w.pictures("tray")
    assert life.t < tray.tray_roll, "the dice tumble before they land"
    d.step(3)
    d.shot("shot-and-dice-rolling")
    d.key(pygame.K_SPACE)
    assert not w.pictures("shot") and not w.pictures("number")
    (tray, life), = w.pictures("tray")
    assert life.t >= tray.tray_roll


def test_instant_speed_animates_nothing(app):  # the app fixture plays at "instant"
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug", hit=9), 5.2, 12)],
                          dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.key(pygame.K_f)
    d.click_board(5.2, 12)
    assert not sc.table_view.world.pictures("shot") and not sc.anims


def _hand_to_the_bug(d, m, hero) -> bool:
    """The Hero ends its activation; frames step until the Bug (the NPC) has moved. True if it did."""
    select(d, hero)
    assert d.end_activation()
    for _ in range(200):
        d.step(1)
        if any(c.side == "npc" and isinstance(c, (C.Move, C.Dash)) for c in m.log):
            return True
    return False


def test_the_camera_follows_the_computer(make_app):
    app = make_app(npc_speed="normal")
    m, p, n = small_match([(card(name="Hero"), 2, 2)], [(card(name="Bug"), 22, 22)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    sc.camera.zoom_at(8, *sc.camera.to_screen(2, 2))  # close up on the Hero: the Bug is far off the view
    assert not sc.layout["view"].collidepoint(sc.camera.to_screen(22, 22))
    _hand_to_the_bug(d, m, p[0])
    d.step(1)  # (the frame after the one that resolved it: the screen reads the move, landing.py)
    assert sc.camera.glide is not None, "the camera glides to the Bug's move"
    for _ in range(120):
        d.step(1)
    b = m.position(n[0])
    assert sc.layout["view"].collidepoint(sc.camera.to_screen(b.x, b.y))


def _table_shows_whole(sc) -> bool:
    cam = sc.camera
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(cam.bw, cam.bh)
    return sc.layout["view"].contains(pygame.Rect(x0, y0, x1 - x0, y1 - y0))


def test_the_camera_keeps_a_whole_table_still(make_app):
    """The whole table shows (fitted): the computer moving a unit along the table's edge leaves the camera where it
    is. Following it used to centre the view on the edge, half the table out of the view and an empty strip beside
    it."""
    app = make_app(npc_speed="normal")
    m, p, n = small_match([(card(name="Hero"), 2, 0.6)], [(card(name="Bug"), 22, 0.6)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    assert _table_shows_whole(sc)
    before = sc.camera.origin
    assert _hand_to_the_bug(d, m, p[0])
    d.step(60)
    assert sc.camera.glide is None and sc.camera.origin == before
    assert _table_shows_whole(sc)


def test_a_glide_to_the_table_edge_leaves_no_empty_strip(make_app):
    """Zoomed in, the camera follows the computer to a unit at the table's corner: it glides until the table's
    edges meet the view's, not on to put the corner at the view's centre."""
    app = make_app(npc_speed="normal")
    m, p, n = small_match([(card(name="Hero"), 12, 12)], [(card(name="Bug"), 23.4, 23.4)], dice=[4, 4, 4] + [6] * 30)
    d, sc = scene_on(app, m)
    cam, view = sc.camera, sc.layout["view"]
    cam.zoom_at(8, *cam.to_screen(12, 12))
    assert not _table_shows_whole(sc)
    sc.framing.follow(23.4, 23.4)
    assert cam.glide is not None
    for _ in range(180):
        d.step(1)
    right, bottom = cam.to_screen(24, 24)
    assert abs(right - view.right) <= 1 and abs(bottom - view.bottom) <= 1, (right, bottom, view)
    assert view.collidepoint(cam.to_screen(23.4, 23.4))


def test_ending_an_activation_with_act_left_asks_first(app):
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug"), 22, 22)], dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.key(pygame.K_e)
    assert isinstance(d.scene, ConfirmDialog) and "2 ACT" in d.scene.text
    d.shot("confirm-end-activation")
    d.key(pygame.K_ESCAPE)  # keep acting
    assert d.scene is sc and m.waiting_for() == "player" and not any(isinstance(c, C.EndActivation) for c in m.log)
    # a unit with nothing left to do ends at once
    spot = sc.preview.spot_near(9, 12)
    d.click_board(spot[0], spot[1])
    d.key(pygame.K_d)
    spot = sc.preview.spot_near(m.position(p[0]).x + 1.5, 12)
    d.click_board(spot[0], spot[1])
    assert m.act_left() == 0
    d.key(pygame.K_e)
    assert d.scene is sc and isinstance(m.log[-1], C.EndActivation)


def test_quitting_with_unsaved_progress_asks_first(app, monkeypatch):
    """The battle is autosaved after every command, so quitting to the title loses nothing and asks nothing; when
    the autosave cannot be written, what would be lost is said first."""
    from game.ui.pause import PauseScene
    from game.ui.title import TitleScene
    import game.persistence.save_writing as saves
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug"), 22, 22)], dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    real_write = saves.write_text_atomic

    def full_disk(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(saves, "write_text_atomic", full_disk)
    select(d, p[0])
    spot = sc.preview.spot_near(9, 12)
    d.click_board(spot[0], spot[1])
    d.step(30)
    assert sc.autosave.error is not None and "No space left" in sc.autosave.error
    d.key(pygame.K_ESCAPE)  # the active unit stays selected: Esc opens the pause menu
    assert isinstance(d.scene, PauseScene)
    d.click(d.scene.b_quit)
    assert isinstance(d.scene, ConfirmDialog) and "autosave cannot be written" in d.scene.text
    assert "2 actions since the last save" in d.scene.text
    d.step(2)
    d.shot("quit-when-the-autosave-fails")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, PauseScene)
    monkeypatch.setattr(saves, "write_text_atomic", real_write)  # room on the disk again: kept, nothing to ask
    d.click(d.scene.b_quit)
    assert isinstance(d.scene, TitleScene)


def test_the_question_box_leaves_its_units_in_view(app):
    # a Defender low on the table: a question box at the bottom would hide it, so the table glides up
    m, p, n = small_match([(card(name="Hero"), 12, 21)], [(card(name="Bug"), 12, 3)], dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    sc.camera.zoom_at(3, *sc.camera.to_screen(12, 21))
    d.step(2)
    view = sc.layout["view"]
    box = pygame.Rect(view.x + 20, view.bottom - 300, view.w - 40, 290)
    at = sc.camera.to_screen(12, 21)
    if not box.collidepoint(at):  # (bring it under the box first)
        sc.camera.pan(0, box.centery - at[1])
        at = sc.camera.to_screen(12, 21)
    assert box.collidepoint(at)
    sc.framing.make_room([at], box)
    assert sc.camera.glide is not None
    for _ in range(120):
        d.step(1)
    x, y = sc.camera.to_screen(12, 21)
    assert view.top < y < box.top, "the unit stands in the part of the view the box leaves free"


def test_a_shot_on_the_battle_screen_sounds(app):
    # the Hero shoots the Bug: the dice, a hit and a save are heard, from the match's own events
    m, p, n = small_match([(card(name="Hero"), 4, 12)], [(card(name="Bug", hit=9), 14, 12)],
                          dice=[4, 4, 4] + [6] * 20)
    d, sc = scene_on(app, m)
    app.sound.set_muted(False)
    app.sound.set_volume(0.5)
    select(d, p[0])
    d.key(pygame.K_r)
    m.dice = ScriptedDice([1, 2, 2] + [3, 3, 6, 6] + [6] * 20)
    app.sound.played.clear()
    t = m.position(n[0])
    d.click_board(t.x, t.y)
    while m.prompt is not None and m.prompt.side == "player":
        d.key(pygame.K_RETURN)
    d.step(60)
    heard = list(app.sound.played)
    assert "dice" in heard and "critical" in heard and "hit" in heard, heard
    assert heard.count("dice") == 1  # once for the batch of one command
