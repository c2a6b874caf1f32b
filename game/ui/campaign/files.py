"""Title > Campaign: New, Continue (the newest campaign still being played, where it stands: a mission in progress
resumes), Load (every campaign file, a damaged one greyed with its reason and never changed)."""
from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.persistence.campaigns import list_campaign_files, newest_campaign

from ..load_scene import FileListScene
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
        from ..title import _starfield
        if getattr(self, "_bg", (None,))[0] != self.app.size:
            self._bg = (self.app.size, _starfield(self.app.size, self.app.palette))
        screen.blit(self._bg[1], (0, 0))


class CampaignLoadScene(FileListScene):
    name = "campaign_load"
    help_mode = HELP
    heading = "Load a campaign"
    empty = "No campaign yet: a campaign is saved as soon as it starts, and after every step."
    noun = "campaign file"
    width = 820

    def list_files(self) -> list:
        return list_campaign_files(campaigns_folder(self.app))

    def item_text(self, info) -> str:
        return info_line(info)

    def describe(self, info) -> str:
        return f"{info.name}: {where_words(info)}, {info.mp} MP earned"

    def add_buttons(self, root, x0, y, pw, bw, bh) -> None:
        self.b_load = UIButton(rect(x0 + pw - bw, y, bw, bh), "Open", self.app.manager, container=root,
                               object_id="#primary")
        if not self.items:
            self.b_load.disable()

    def open_selected(self) -> None:
        info = self.selected()
        if info is None:
            self.app.toast("Pick a campaign first")
            return
        open_campaign(self.app, info.path)

    def on_button(self, el) -> None:
        if el is self.b_load:
            self.open_selected()
