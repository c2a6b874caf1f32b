"""Title > Campaign: New, Continue (the newest campaign still being played, where it stands: a mission in progress
resumes), Load (every campaign file, a damaged one greyed with its reason and never changed)."""
from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from game.persistence.campaigns import list_campaign_files, newest_campaign

from ..scene import FormScene
from ..theme import rect
from .common import HELP, campaigns_folder, open_campaign

STAGES = {"briefing": "before mission {label}", "mission": "mission {label} in progress",
          "homebase": "Homebase after Operation {op}", "complete": "complete", "lost": "lost after mission {label}"}


def where_words(info) -> str:
    at = info.at
    return STAGES.get(at.stage, at.stage).format(label=at.label, op=at.operation) if at is not None else ""


def info_line(info) -> str:
    when = info.saved_at.replace("T", " ")[:16]
    iron = "  ·  Ironman" if info.ironman else ""
    return f"{info.name}  ·  {where_words(info)}  ·  MP {info.mp}{iron}  ·  {when}"


class CampaignMenuScene(FormScene):
    name = "campaign_menu"
    help_mode = HELP

    def build_ui(self) -> None:
        from game.campaign import campaign_kinds
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.files = list_campaign_files(campaigns_folder(self.app))
        self.newest = newest_campaign(self.files)
        pw = min(w - px(40), px(680))
        x0 = (w - pw) // 2
        y = int(h * 0.08)
        UILabel(rect(0, y, w, px(80)), "CAMPAIGN", m, container=root, object_id="#title")
        kind = campaign_kinds()[0]
        box = UITextBox(f"<b>{kind.title}.</b> {kind.text} F1: how to play a campaign.", rect(x0, y + px(90), pw, -1),
                        m, container=root, wrap_to_height=True)
        y = box.rect.bottom + px(24)
        bw, bh, gap = min(px(320), pw), px(48), px(12)
        bx = x0 + (pw - bw) // 2
        tip = f"Open {info_line(self.newest)}" if self.newest else "No campaign being played yet"
        self.b_continue = UIButton(rect(bx, y, bw, bh), "Continue", m, container=root, object_id="#primary",
                                   tool_tip_text=tip)
        if self.newest is None:
            self.b_continue.disable()
        y += bh + gap
        self.b_new = UIButton(rect(bx, y, bw, bh), "New campaign", m, container=root, object_id="#primary",
                              tool_tip_text="Name it, bring a squad, choose the people, Ironman and the enemies")
        y += bh + gap
        self.b_load = UIButton(rect(bx, y, bw, bh), "Load", m, container=root, object_id="#primary",
                               tool_tip_text="Every campaign saved, finished ones too")
        y += bh + gap
        self.b_back = UIButton(rect(bx, y, bw, bh), "Back", m, container=root)
        y += bh + gap
        if self.newest is not None:
            UILabel(rect(x0, y, pw, px(24)), f"Continue: {info_line(self.newest)}", m, container=root,
                    object_id="#dim")

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_back:
            self.app.pop()
        elif el is self.b_continue and self.newest is not None:
            open_campaign(self.app, self.newest.path)
        elif el is self.b_new:
            from .setup import CampaignSetupScene
            self.app.push(CampaignSetupScene(self.app))
        elif el is self.b_load:
            self.app.push(CampaignLoadScene(self.app))

    def resume(self) -> None:
        super().resume()
        self.build_ui()

    def confirm(self) -> None:
        if self.newest is not None:
            open_campaign(self.app, self.newest.path)

    def draw(self, screen) -> None:
        from ..menus import _starfield
        if getattr(self, "_bg", (None,))[0] != self.app.size:
            self._bg = (self.app.size, _starfield(self.app.size, self.app.palette))
        screen.blit(self._bg[1], (0, 0))


class CampaignLoadScene(FormScene):
    name = "campaign_load"
    help_mode = HELP

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.files = list_campaign_files(campaigns_folder(self.app))
        pw = min(w - px(40), px(820))
        x0 = (w - pw) // 2
        UILabel(rect(x0, px(40), pw, px(40)), "Load a campaign", m, container=root, object_id="#heading")
        self.items = []
        for f in self.files:
            if f.broken:  # greyed, with the reason: the file is never changed
                self.items.append((f"{f.path.name}: {f.problem}", "#broken_save"))
            else:
                self.items.append((info_line(f), "#save_item"))
        lh = h - px(270)
        self.list = UISelectionList(rect(x0, px(92), pw, lh), self.items or [], m, container=root)
        if not self.items:
            UILabel(rect(x0, px(100), pw, px(30)), "No campaign yet: a campaign is saved as soon as it starts, and "
                    "after every step.", m, container=root, object_id="#dim")
        y = px(92) + lh + px(8)
        broken = sum(1 for f in self.files if f.broken)
        note = (f"{broken} damaged campaign file{'s are' if broken > 1 else ' is'} greyed: the game cannot load "
                f"{'them' if broken > 1 else 'it'} and leaves the file{'s' if broken > 1 else ''} as "
                f"{'they are' if broken > 1 else 'it is'}." if broken else "")
        self.detail = UILabel(rect(x0, y, pw, px(40)), note or " ", m, container=root, object_id="#dim")
        y += px(48)
        bw, bh = px(200), px(46)
        self.b_back = UIButton(rect(x0, y, bw, bh), "Back", m, container=root)
        self.b_load = UIButton(rect(x0 + pw - bw, y, bw, bh), "Open", m, container=root, object_id="#primary")
        if not self.items:
            self.b_load.disable()

    def selected(self):
        sel = self.list.get_single_selection()
        if sel is None:
            return self.files[0] if len(self.files) == 1 else None
        return next((f for (text, _), f in zip(self.items, self.files) if text == sel), None)

    def show_selected(self) -> None:
        f = self.selected()
        if f is None:
            return
        self.detail.set_text(f"Cannot be loaded: {f.path.name}: {f.problem}" if f.broken else
                             f"{f.name}: {where_words(f)}, {f.mp} MP earned")

    def load_selected(self) -> None:
        f = self.selected()
        if f is None:
            self.app.toast("Pick a campaign first")
            return
        open_campaign(self.app, f.path)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_load:
                self.load_selected()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_selected()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.show_selected()

    def confirm(self) -> None:
        self.load_selected()
