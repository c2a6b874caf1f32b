"""Co-op with a shared roster: who commands which unit (DealUnit), before the first mission and at each Homebase."""
from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer

from game.campaign import decisions as D

from ..builder_dialogs import Dialog
from ..theme import rect
from .common import HELP, decide


class DealScene(Dialog):
    title = "Who commands which unit"
    size = (620, 560)
    help_mode = HELP

    def __init__(self, app, campaign) -> None:
        super().__init__(app)
        self.c = campaign
        self.rows: list[tuple[UIDropDownMenu, int]] = []

    def build_body(self, root, r) -> None:
        m = self.app.manager
        px = self.px
        people = list(self.c.setup.options.people)
        area = rect(r.x + px(20), r.y + px(56), r.w - px(40), r.h - px(56) - px(76))
        sc = UIScrollingContainer(area, m, container=root, allow_scroll_x=False)
        self.rows = []
        y = 0
        rh = px(40)
        inner = area.w - px(24)
        for u in self.c.roster_units():
            UILabel(rect(0, y, inner // 2, px(34)), u.name, m, container=sc)
            dd = UIDropDownMenu(people, people[u.owner], rect(inner // 2, y, inner // 2, px(34)), m, container=sc)
            self.rows.append((dd, u.id))
            y += rh
        sc.set_scrollable_area_dimensions((inner, max(1, y)))
        self.b_done, = self.buttons(root, r, ["Done"], primary="Done")

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_done:
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for dd, uid in self.rows:
                if event.ui_element is dd:
                    decide(self.app, self.c, D.DealUnit(uid, list(self.c.setup.options.people).index(event.text)))

    def confirm(self) -> None:
        self.app.pop()
