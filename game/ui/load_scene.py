"""Lists of files to open: saves (the Load screen) and, through `FileListScene`, campaigns."""
from __future__ import annotations


import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList

from .launch import load_into_battle
from .scene import FormScene
from .theme import rect


class FileListScene(FormScene):
    """A list of files to open (saves, campaigns): the good ones newest first, a damaged one greyed with its reason
    (it never hides the good ones, and the game leaves the file alone), a line about the one picked, Back and the
    buttons of the kind (`add_buttons`); double-click or Enter opens (`open_selected`)."""

    opaque = True
    heading = ""
    empty = ""  # what the list says when there is nothing in it
    noun = "save"  # how the damaged ones are counted ("3 damaged saves are greyed")
    width = 760

    def list_files(self) -> list:
        raise NotImplementedError

    def item_text(self, info) -> str:
        raise NotImplementedError

    def describe(self, info) -> str:
        """The line under the list about a good file picked."""
        raise NotImplementedError

    def add_buttons(self, root, x0: int, y: int, pw: int, bw: int, bh: int) -> None:
        """The kind's buttons beside Back (Load, Open, Watch as replay...)."""

    def open_selected(self) -> None:
        raise NotImplementedError

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.infos = self.list_files()
        pw = min(w - px(40), px(self.width))
        x0 = (w - pw) // 2
        UILabel(rect(x0, px(40), pw, px(40)), self.heading, m, container=root, object_id="#heading")
        self.items = [(f"{i.path.name}: {i.problem}", "#broken_save") if i.broken else (self.item_text(i), "#save_item")
                      for i in self.infos]
        lh = h - px(270)
        self.list = UISelectionList(rect(x0, px(92), pw, lh), self.items or [], m, container=root)
        if not self.items:
            UILabel(rect(x0, px(100), pw, px(30)), self.empty, m, container=root, object_id="#dim")
        y = px(92) + lh + px(8)
        broken = sum(1 for i in self.infos if i.broken)
        note = (f"{broken} damaged {self.noun}{'s are' if broken > 1 else ' is'} greyed: the game cannot load "
                f"{'them' if broken > 1 else 'it'} and leaves the file{'s' if broken > 1 else ''} as "
                f"{'they are' if broken > 1 else 'it is'}." if broken else "")
        self.detail = UILabel(rect(x0, y, pw, px(40)), note or " ", m, container=root, object_id="#dim")
        y += px(48)
        bw, bh = px(200), px(46)
        self.b_back = UIButton(rect(x0, y, bw, bh), "Back", m, container=root)
        self.add_buttons(root, x0, y, pw, bw, bh)

    def selected(self):
        """The file picked in the list (the only one, if there is just one), or None."""
        sel = self.list.get_single_selection()
        if sel is None:
            return self.infos[0] if len(self.infos) == 1 else None
        return next((i for (text, _), i in zip(self.items, self.infos) if text == sel), None)

    def selected_path(self):
        i = self.selected()
        return None if i is None else i.path

    def show_selected(self) -> None:
        """The line under the list: why the picked file cannot be loaded, or what it holds."""
        i = self.selected()
        if i is None:
            return
        if i.broken:
            sep = " " if i.problem.startswith(("is ", "has ", "was ")) else ": "  # "x.json is damaged", "x.json: ..."
            self.detail.set_text(f"Cannot be loaded: {i.path.name}{sep}{i.problem}")
        else:
            self.detail.set_text(self.describe(i))

    def on_button(self, el) -> None:
        """A button of the kind was pressed."""

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            else:
                self.on_button(event.ui_element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.open_selected()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.show_selected()

    def confirm(self) -> None:
        self.open_selected()


class LoadScene(FileListScene):
    name = "load"
    heading = "Load a saved game"
    empty = ("No saves yet: saves appear here when you save from the pause menu, and as soon as a battle starts (the "
             "autosave).")

    @property
    def saves(self) -> list:
        return self.infos

    def list_files(self) -> list:
        from game.persistence.save_listing import list_saves
        return list_saves(self.app.saves_dir)

    def item_text(self, s) -> str:
        when = s.saved_at.replace("T", " ")[:16]
        res = f" · {s.outcome}" if s.outcome else ""
        name = s.label if s.label == s.path.stem else f"{s.label} ({s.path.stem})"
        return f"{name}  ·  {s.title or s.mission}  ·  Turn {s.turn}{res}  ·  {when}"

    def describe(self, s) -> str:
        return f"{s.label}: {s.title or s.mission}, Turn {s.turn}{', ' + s.outcome if s.outcome else ''}"

    def add_buttons(self, root, x0, y, pw, bw, bh) -> None:
        m = self.app.manager
        self.b_replay = UIButton(rect(x0 + (pw - bw) // 2, y, bw, bh), "Watch as replay", m, container=root,
                                 tool_tip_text="Watch the picked save from its first action, step by step")
        self.b_load = UIButton(rect(x0 + pw - bw, y, bw, bh), "Load", m, container=root, object_id="#primary")
        if not self.items:
            self.b_load.disable()
            self.b_replay.disable()

    def open_selected(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a save first")
            return
        load_into_battle(self.app, path)

    def load_selected(self) -> None:
        self.open_selected()

    def replay_selected(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a save first")
            return
        from .replay import open_save_as_replay
        open_save_as_replay(self.app, path)

    def on_button(self, el) -> None:
        if el is self.b_load:
            self.open_selected()
        elif el is self.b_replay:
            self.replay_selected()
