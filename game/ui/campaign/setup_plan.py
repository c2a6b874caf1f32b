"""A PvP campaign's nine missions picked together before it starts (R38): three Operations of three missions, each
one of the book's 17 missions or left to the campaign's dice; no mission twice (the campaign checks it too)."""
from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextBox

from ..scene import FormScene, dd_value
from ..theme import rect
from .common import HELP

ROLL = "Roll the dice"


class PlanPickScene(FormScene):
    name = "campaign_plan_pick"
    help_mode = HELP

    def __init__(self, app, picked, take) -> None:
        super().__init__(app)
        from game.campaign.pvp import missions
        self.book = {d.title: d.id for d in missions()}
        by_id = {v: k for k, v in self.book.items()}
        picked = tuple(picked) + (None,) * 9
        self.values = [by_id.get(m, ROLL) for m in picked[:9]]
        self.take = take
        self.dds: list = []

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        x0, pw = px(20), w - px(40)
        UILabel(rect(x0, px(16), pw, px(40)), "Pick the nine missions together", m, container=root,
                object_id="#heading")
        UITextBox("Each mission is played once. A mission left to the dice is rolled from those not picked when the "
                  "campaign starts; an unplayed one can still be re-rolled on the campaign screen.",
                  rect(x0, px(60), pw, px(60)), m, container=root)
        cw = (pw - 2 * px(16)) // 3
        self.dds = []
        for op in range(3):
            x = x0 + op * (cw + px(16))
            UILabel(rect(x, px(132), cw, px(28)), f"Operation {op + 1}", m, container=root)
            for k in range(3):
                i = op * 3 + k
                self.dds.append(UIDropDownMenu([ROLL, *self.book], self.values[i],
                                               rect(x, px(166) + k * px(42), cw, px(34)), m, container=root,
                                               expansion_height_limit=max(px(120), h - px(300))))
        self.b_back, self.b_done = self.button_row(root)

    def button_row(self, root):
        from pygame_gui.elements import UIButton
        w, h = self.app.size
        px = self.px
        bw = px(220)
        back = UIButton(rect(px(20), h - px(66), bw, px(46)), "Back", self.app.manager, container=root)
        done = UIButton(rect(w - px(20) - bw, h - px(66), bw, px(46)), "Use these missions", self.app.manager,
                        container=root, object_id="#primary")
        return back, done

    def done(self) -> None:
        self.values = [dd_value(dd) for dd in self.dds]
        chosen = [v for v in self.values if v != ROLL]
        twice = sorted({v for v in chosen if chosen.count(v) > 1})
        if twice:
            self.app.message("A mission picked twice", f"{', '.join(twice)}: each mission is played once in a "
                             "campaign.")
            return
        self.take(tuple(self.book.get(v) for v in self.values))
        self.app.pop()

    def confirm(self) -> None:
        self.done()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_done:
                self.done()
            elif event.ui_element is self.b_back:
                self.app.pop()
