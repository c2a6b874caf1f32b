"""Screens, hotkeys, undo, resizing and scaling; and drawing never changes the game."""
from dataclasses import replace

import pygame
import pytest

from game.match import commands as C
from game.ui.battle import BattleScene
from game.ui.help_screen import HelpScene
from game.ui.pause import PauseScene
from game.ui.settings_scene import SettingsScene
from game.ui.setup_scene import SetupScene
from game.ui.title import TitleScene

from .driver import Driver


def colour_count(surface, colour, tol=10) -> int:
    mask = pygame.mask.from_threshold(surface, tuple(colour) + (255,), (tol, tol, tol, 255))
    return mask.count()


def not_one_colour(surface) -> bool:
    w, h = surface.get_size()
    return colour_count(surface, surface.get_at((w // 2, h // 2))[:3], 3) < 0.9 * w * h


def battle(d: Driver, seed=11, measure_label=None, order_label=None) -> BattleScene:
    d.step(2)
    d.click(d.scene.b_new)
    setup = d.scene
    assert isinstance(setup, SetupScene)
    if measure_label or order_label:
        setup._remember()
        setup.measure_label = measure_label or setup.measure_label
        setup.order_label = order_label or setup.order_label
        setup.build_ui()
    setup.e_seed.set_text(str(seed))
    d.click(setup.b_start)
    sc = d.scene
    d.click(sc.b_auto)
    d.click(sc.b_start)
    d.wait_banners()
    return sc


def test_main_screens_have_content(app):
    d = Driver(app)
    d.step(2)
    shot = d.shot("title")
    surf = pygame.image.load(str(shot))
    assert not_one_colour(surf)
    assert colour_count(surf, (0xF0, 0xE4, 0x42), 30) > 500  # the yellow title
    sc = battle(d)
    d.step(3)
    surf = app.screen
    assert not_one_colour(surf)
    pal = app.palette
    assert colour_count(surf, pal.player, 12) > 200, "player bases drawn in the player colour"
    assert colour_count(surf, pal.npc, 12) > 100, "Bugs drawn in the NPC colour"
    assert colour_count(surf, pal.item, 12) > 50, "Spawn Points drawn in the item colour"
    d.shot("battle")
    # F1: the help overlay, then back
    d.key(pygame.K_F1)
    assert isinstance(d.scene, HelpScene)
    d.shot("help")
    for b in d.scene.tabs[1:]:
        d.click(b)
    d.shot("help-rulings")
    d.key(pygame.K_F1)
    assert d.scene is sc


def test_hotkeys_modes_undo(app):
    d = Driver(app)
    sc = battle(d)
    m = sc.match
    # G: grid overlay and ruler
    g = app.settings.show_grid
    d.key(pygame.K_g)
    assert app.settings.show_grid is not g
    d.step(2)
    d.shot("battle-grid")
    d.key(pygame.K_g)
    # Tab selects the next Ready unit; M / D switch the preview
    d.key(pygame.K_TAB)
    first = sc.selected
    assert first is not None and m.readiness(first).ready
    d.key(pygame.K_TAB)
    assert sc.selected != first
    d.key(pygame.K_d)
    assert sc.mode == "dash"
    d.key(pygame.K_m)
    assert sc.mode == "move"
    # a move, then Ctrl+Z: the match is rebuilt without it
    before = m.state_hash()
    uid = sc.selected
    spot = max(sc.preview.spots, key=lambda s: (s[3], s[0], s[1]))
    d.click_board(spot[0], spot[1])
    assert m.active_unit == uid and isinstance(m.log[-1], C.Move)
    d.step(30)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    m2 = sc.match
    assert m2 is not m
    assert isinstance(m2.log[-1], C.Activate)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert sc.match.state_hash() == before
    assert sc.match.active_unit is None
    # Esc backs out of a mode, then opens the pause menu
    d.key(pygame.K_TAB)
    d.key(pygame.K_r)
    for _ in range(3):
        if isinstance(d.scene, PauseScene):
            break
        d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, PauseScene)
    d.shot("pause")
    d.key(pygame.K_ESCAPE)
    assert d.scene is sc


def test_drawing_never_changes_the_game(app):
    d = Driver(app)
    sc = battle(d)
    m = sc.match
    d.key(pygame.K_TAB)
    h = m.state_hash()
    n = len(m.log)
    for x in range(2, 22, 3):
        d.hover_board(x, 12)
    d.key(pygame.K_r)
    for t in m.units("npc", items=None):
        p = m.position(t)
        d.hover_board(p.x, p.y)
    d.step(60)
    assert m.state_hash() == h and len(m.log) == n


def test_resize_and_ui_scale(app):
    d = Driver(app)
    sc = battle(d)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    d.step(3)
    assert app.size == (1024, 700)
    assert sc.layout["view"].right + sc.layout["panel"].w == 1024
    assert sc.camera.view == sc.layout["view"]
    d.shot("battle-1024x700")
    app.apply_settings(replace(app.settings, ui_scale=1.25))
    d.step(3)
    assert app.text.scale == 1.25
    assert sc.b_menu.rect.h > 32
    d.shot("battle-scale-125")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    app.apply_settings(replace(app.settings, ui_scale=1.0, palette="high-contrast"))
    d.step(3)
    assert colour_count(app.screen, app.palette.npc, 12) > 100
    d.shot("battle-high-contrast")


def test_settings_scene_applies(app):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_settings)
    st = d.scene
    assert isinstance(st, SettingsScene)
    d.shot("settings")
    d.click(st.b_back)
    assert isinstance(d.scene, TitleScene)
    assert (app.saves_dir / "settings.json").exists()


def test_player_picks_the_npc(make_app):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = battle(d, seed=4, order_label="I pick which NPC acts")
    m = sc.match
    assert m.scenario.npc_order == "player-picks"
    d.key(pygame.K_TAB)
    d.end_activation()  # the unit activates and ends at once
    assert m.prompt is not None and m.prompt.kind == "pick_npc" and m.prompt.side == "player"
    d.step(2)
    d.shot("pick-npc")
    npc = m.prompt.options[-1]
    p = m.position(npc)
    d.click_board(p.x, p.y)
    picked = [c for c in m.log if isinstance(c, C.PickNpc)]
    assert picked and picked[-1].uid == npc


@pytest.mark.parametrize("label", ["Grid (2\" squares)"])
def test_grid_measure_moves_square_to_square(make_app, label):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = battle(d, seed=9, measure_label=label)
    m = sc.match
    assert m.table.measure == "grid"
    d.key(pygame.K_TAB)
    spots = sc.preview.spots
    assert spots and all((s[0] - 1) % 2 == 0 and (s[1] - 1) % 2 == 0 for s in spots)
    spot = spots[len(spots) // 2]
    d.hover_board(spot[0] + 0.6, spot[1] - 0.6)  # anywhere in the square
    assert sc.hover_spot is not None and sc.hover_spot[:2] == spot[:2]
    d.shot("battle-grid-measure")
    d.click_board(spot[0] + 0.6, spot[1] - 0.6)
    assert isinstance(m.log[-1], C.Move)
