"""The Settings screen: sound, NPC speed, palette, interface scale."""
from __future__ import annotations

from dataclasses import replace

import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

from .scene import Scene, dd_value
from .settings import NPC_SPEEDS, PALETTE_NAMES, UI_SCALES
from .theme import rect


SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


class SettingsScene(Scene):
    name = "settings"

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        st = self.app.settings
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(640))
        x0 = (w - pw) // 2
        lw, rh = px(200), px(36)
        fw = pw - lw
        gap = px(12) if px(40 + 60 + 7 * 48 + 50 + 46) <= h - px(8) else px(4)  # 7 rows: closer on a low window
        y = px(40) if gap == px(12) else px(16)
        UILabel(rect(x0, y, pw, px(40)), "Settings", m, container=root, object_id="#heading")
        y += px(60) if gap == px(12) else px(48)

        def row(label, options, current, tip=None):
            nonlocal y
            UILabel(rect(x0, y, lw, rh), label, m, container=root)
            dd = UIDropDownMenu(options, current, rect(x0 + lw, y, fw, rh), m, container=root)
            y += rh + gap
            return dd

        self.dd_scale = row("UI scale", [f"{int(s * 100)}%" for s in UI_SCALES], f"{int(st.ui_scale * 100)}%")
        self.dd_speed = row("NPC speed", [SPEED_LABELS[k] for k in NPC_SPEEDS], SPEED_LABELS[st.npc_speed])
        self.dd_palette = row("Colours", list(PALETTE_NAMES.values()), PALETTE_NAMES[st.palette])
        self.dd_grid = row("Grid and ruler", ["Off", "On"], "On" if st.show_grid else "Off")
        self.dd_names = row("Unit names", ["Off", "On"], "On" if st.show_names else "Off")
        self.dd_sound = row("Sound", ["On", "Muted"], "Muted" if st.muted else "On")
        UILabel(rect(x0, y, lw, rh), "Volume", m, container=root)
        self.volume = int(round(st.volume * 100))
        self.sl_volume = UIHorizontalSlider(rect(x0 + lw, y, fw - px(70), rh), self.volume, (0, 100), m,
                                            container=root, click_increment=5)
        self.l_volume = UILabel(rect(x0 + lw + fw - px(64), y, px(64), rh), f"{self.volume}%", m, container=root)
        y += rh + gap
        for i, line in enumerate(("Every palette also uses shapes: your bases are round with a chevron,",
                                  "an opposing squad's bases have a notch, NPCs are spiky, items are hexagons.")):
            UILabel(rect(x0, y + i * px(22), pw, px(24)), line, m, container=root, object_id="#dim")
        y += px(60)
        self.b_back = UIButton(rect(x0, y, px(200), px(46)), "Done", m, container=root, object_id="#primary")

    def apply(self) -> None:
        st = self.app.settings
        scale = next((s for s in UI_SCALES if f"{int(s * 100)}%" == dd_value(self.dd_scale)), st.ui_scale)
        speed = next((k for k, v in SPEED_LABELS.items() if v == dd_value(self.dd_speed)), st.npc_speed)
        pal = next((k for k, v in PALETTE_NAMES.items() if v == dd_value(self.dd_palette)), st.palette)
        new = replace(st, ui_scale=scale, npc_speed=speed, palette=pal, show_grid=dd_value(self.dd_grid) == "On",
                      show_names=dd_value(self.dd_names) == "On", volume=self.volume / 100,
                      muted=dd_value(self.dd_sound) == "Muted")
        self.app.pop()
        self.app.apply_settings(new)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_back:
            self.apply()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.sl_volume:
            self.volume = int(round(self.sl_volume.get_current_value()))
            self.l_volume.set_text(f"{self.volume}%")
            self.app.sound.set_volume(self.volume / 100)  # heard at once: the click is the sample
            self.app.sound.play("click")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_sound:
            self.app.sound.set_muted(dd_value(self.dd_sound) == "Muted")

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.apply()
            return True
        return False

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
