"""The memorial: each fallen unit with where, when and by whom it fell, and its service record (the Homebase's
first step shows the fallen of its Operation the same way; the campaign screen and the end open it for all)."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from ..theme import rect
from .common import CampaignScreen, hexc
from .unit import service_html


def memorial_html(campaign, units, dim: str, none: str) -> str:
    """Each fallen unit's service record (where, when, by whom it fell first), or `none`."""
    if not units:
        return f"<font color='{dim}'>{none}</font>"
    return "<br>".join(service_html(campaign, u, dim, full=False) for u in units)


class MemorialScene(CampaignScreen):
    """Every unit the campaign lost; picking one opens it (its card as it was and its whole record)."""

    name = "campaign_memorial"

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.heading(root, "Memorial", self.mp_line())
        self.fallen = sorted(self.c.fallen(), key=lambda u: (u.fell.mission if u.fell else "", u.id))
        lw = max(px(240), int(w * 0.26))
        self.items = [f"{u.name} ({u.fell.mission})" if u.fell else u.name for u in self.fallen]
        self.list = UISelectionList(rect(px(20), px(84), lw, h - px(84) - px(80)),
                                    [(t, "#save_item") for t in self.items], m, container=root)
        self.box = UITextBox(memorial_html(self.c, self.fallen, hexc(self.app.palette.text_dim),
                                           "Nobody has fallen. May it stay so."),
                             rect(px(20) + lw + px(16), px(84), w - lw - px(56), h - px(84) - px(80)), m,
                             container=root)
        self.b_back, = self.button_row(root, [("Back", "Back to the campaign", True, "right")])

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_back:
            self.back()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            if event.text in self.items:
                from .unit import UnitScene
                self.app.push(UnitScene(self.app, self.c, self.fallen[self.items.index(event.text)].id))

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
        pygame.draw.line(screen, self.app.palette.panel_edge, (self.px(20), self.px(76)),
                         (self.app.size[0] - self.px(20), self.px(76)))
