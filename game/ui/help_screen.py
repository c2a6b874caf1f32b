"""The F1 help over any screen: the controls, how to play, how the game reads the rules, and each play mode's own
help (assets/data/help/*.md, a list on the left when the "Modes" tab is open)."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UISelectionList, UITextBox

from .help_text import TABS, help_file_html, help_files
from .scene import Scene
from .theme import rect

MODES_TAB = "Modes"


class HelpScene(Scene):
    name = "help"
    opaque = False  # over the screen it was opened on, dimmed

    def __init__(self, app, mode: str | None = None) -> None:
        """`mode`: the play mode of the screen it is opened over: it opens on that mode's help (its file's name)."""
        super().__init__(app)
        self.tab = 0
        self.files = help_files()
        self.file = 0  # the mode help shown in the Modes tab
        self.file_list = None
        own = [i for i, (_, path) in enumerate(self.files) if mode is not None and path.stem == mode]
        if own:
            self.file = own[0]
            self.tab = self.tab_names.index(MODES_TAB)

    @property
    def tab_names(self) -> list[str]:
        return [name for name, _ in TABS] + ([MODES_TAB] if self.files else [])

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw, ph = min(w - px(60), px(900)), h - px(80)
        x0, y0 = (w - pw) // 2, px(40)
        UIPanel(rect(x0, y0, pw, ph), manager=m, container=root)
        self.tabs = []
        names = self.tab_names
        tw = min(px(170), (pw - px(160) - px(8) * len(names)) // len(names))
        for i, name in enumerate(names):
            b = UIButton(rect(x0 + px(16) + i * (tw + px(8)), y0 + px(14), tw, px(36)), name, m, container=root,
                         object_id="#primary" if i == self.tab else None)
            self.tabs.append(b)
        self.b_close = UIButton(rect(x0 + pw - px(136), y0 + px(14), px(120), px(36)), "Close (F1)", m,
                                container=root)
        box = rect(x0 + px(16), y0 + px(62), pw - px(32), ph - px(78))
        self.file_list = None
        if names[self.tab] == MODES_TAB:
            lw = px(200)
            titles = [t for t, _ in self.files]
            self.file_list = UISelectionList(rect(box.x, box.y, lw, box.h), titles, m, container=root,
                                             default_selection=titles[self.file])
            html = help_file_html(self.files[self.file][1], self.app.settings.ui_scale)
            box = rect(box.x + lw + px(8), box.y, box.w - lw - px(8), box.h)
        else:
            html = TABS[self.tab][1](self.app.settings.ui_scale)
        self.box = UITextBox(html, box, m, container=root)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.file_list:
            titles = [t for t, _ in self.files]
            if event.text in titles and titles.index(event.text) != self.file:
                self.file = titles.index(event.text)
                self.build_ui()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.b_close:
            self.app.pop()
            return
        for i, b in enumerate(self.tabs):
            if event.ui_element is b and i != self.tab:
                self.tab = i
                self.build_ui()

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        return True  # the game below does not react to keys while help is open

    def draw(self, screen) -> None:
        dim = pygame.Surface(self.app.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 170))
        screen.blit(dim, (0, 0))
