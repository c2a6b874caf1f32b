"""Overlays on the battle: the pause menu."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from .load_scene import LoadScene
from .scene import Scene
from .settings_scene import SettingsScene
from .theme import rect


class Overlay(Scene):
    opaque = False

    def draw(self, screen) -> None:
        dim = pygame.Surface(self.app.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 170))
        screen.blit(dim, (0, 0))


class PauseScene(Overlay):
    name = "pause"

    def __init__(self, app, battle) -> None:
        super().__init__(app)
        self.battle = battle

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw, ph = px(380), px(452)
        x0, y0 = (w - pw) // 2, (h - ph) // 2
        UIPanel(rect(x0, y0, pw, ph), manager=m, container=root)
        UILabel(rect(x0, y0 + px(14), pw, px(36)), "Paused", m, container=root,
                object_id="#heading_center")
        bx, bw, bh, gap = x0 + px(30), pw - px(60), px(42), px(10)
        y = y0 + px(64)
        self.b_resume = UIButton(rect(bx, y, bw, bh), "Resume", m, container=root, object_id="#primary")
        y += bh + gap * 2
        m_ = self.battle.match
        # a battle kept in a file of its own (a campaign's mission) says why it offers no copy under another name
        refused = getattr(self.battle, "save_refused", None)
        self.e_name = UITextEntryLine(rect(bx, y, bw, px(36)), m, container=root,
                                      initial_text=f"turn-{m_.turn}-{m_.scenario.mission}")
        y += px(36) + gap // 2
        self.b_save = UIButton(rect(bx, y, bw, bh), "Save game", m, container=root,
                               tool_tip_text=refused or "Save under the name above, in your saves folder")
        if refused:
            self.e_name.disable()
            self.b_save.disable()
        y += bh + gap
        self.b_load = UIButton(rect(bx, y, bw, bh), "Load game", m, container=root)
        y += bh + gap
        self.b_settings = UIButton(rect(bx, y, bw, bh), "Settings", m, container=root)
        y += bh + gap
        self.b_help = UIButton(rect(bx, y, bw, bh), "Help (F1)", m, container=root)
        y += bh + gap
        self.b_quit = UIButton(rect(bx, y, bw, bh), "Quit to title", m, container=root, object_id="#danger",
                               tool_tip_text="The battle is autosaved after every action: Continue resumes it")

    def save(self) -> None:
        from game.persistence.save_writing import save_match
        name = self.e_name.get_text().strip() or "save"
        try:
            path = save_match(self.battle.match, name, self.app.saves_dir)
        except OSError as e:
            self.app.message("Cannot save", str(e))
            return
        self.battle.mark_saved()
        self.app.toast(f"Saved: {path.name}", "ok")

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_resume:
            self.app.pop()
        elif el is self.b_save and self.b_save.is_enabled:
            self.save()
        elif el is self.b_load:
            self.app.push(LoadScene(self.app))
        elif el is self.b_settings:
            self.app.push(SettingsScene(self.app))
        elif el is self.b_help:
            self.app.open_help()
        elif el is self.b_quit:
            self.battle.quit_to_title()  # it asks first when there is unsaved progress

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        return name != "help"
