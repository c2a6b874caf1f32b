"""The squad builder's dialogs, as overlay scenes pushed over it: save a roster (name prompt), open a roster,
import a squad code, export a squad code, and a yes / no confirmation."""
from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UILabel, UIPanel, UISelectionList, UITextBox, UITextEntryBox,
                                 UITextEntryLine)

from game.content.squad_code import SquadCodeError, decode
from game.persistence.rosters import RosterError, delete_roster, list_rosters, read_roster, roster_budget, roster_path

from . import builder_model as bm
from .builder import _hex
from .scene import Scene
from .theme import rect


def copy_to_clipboard(text: str) -> bool:
    """Put text on the system clipboard; False when there is none (some headless or old systems)."""
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
        return True
    except Exception:  # no clipboard: the code is still shown to select and copy by hand
        return False


def paste_from_clipboard() -> str:
    try:
        import pygame.scrap as scrap
        return scrap.get_text() or ""
    except Exception:
        return ""


class Dialog(Scene):
    """A panel in the middle of the screen over the dimmed builder."""

    opaque = False
    title = ""
    size = (560, 300)

    def __init__(self, app, builder=None) -> None:
        super().__init__(app)
        self.builder = builder

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw = min(w - self.px(40), self.px(self.size[0]))
        ph = min(h - self.px(40), self.px(self.size[1]))
        return rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def build_ui(self) -> None:
        root = self.new_root()
        r = self.panel_rect()
        self.panel = r
        UIPanel(r, manager=self.app.manager, container=root)
        UILabel(rect(r.x + self.px(20), r.y + self.px(14), r.w - self.px(40), self.px(34)), self.title,
                self.app.manager, container=root, object_id="#heading")
        self.build_body(root, r)

    def build_body(self, root, r: pygame.Rect) -> None:
        pass

    def buttons(self, root, r, labels: list[str], primary: str | None = None) -> list[UIButton]:
        """A row of buttons along the bottom of the panel, right-aligned, the first one at the left."""
        px = self.px
        bh, gap = px(42), px(10)
        bw = min(px(170), (r.w - px(40) - (len(labels) - 1) * gap) // len(labels))
        y = r.bottom - px(18) - bh
        out = []
        for i, lab in enumerate(labels):
            if i == 0:
                x = r.x + px(20)
            else:
                x = r.right - px(20) - (len(labels) - i) * bw - (len(labels) - 1 - i) * gap
            out.append(UIButton(rect(x, y, bw, bh), lab, self.app.manager, container=root,
                                object_id="#primary" if lab == primary else None))
        return out

    def draw(self, screen) -> None:
        dim = pygame.Surface(self.app.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 170))
        screen.blit(dim, (0, 0))

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        if name == "confirm":
            self.confirm()
            return True
        return True  # the builder below does not react to keys while a dialog is open

    def confirm(self) -> None:
        pass


class ConfirmDialog(Dialog):
    size = (520, 230)

    def __init__(self, app, title: str, text: str, yes: str, on_yes, on_no=None) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.yes = yes
        self.on_yes = on_yes
        self.on_no = on_no

    def build_body(self, root, r) -> None:
        px = self.px
        UITextBox(escape(self.text), rect(r.x + px(20), r.y + px(56), r.w - px(40), r.h - px(56) - px(76)),
                  self.app.manager, container=root)
        self.b_no, self.b_yes = self.buttons(root, r, ["Cancel", self.yes], primary=self.yes)

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.cancel()
            return True
        return super().intent(name)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_yes:
                self.confirm()
            elif event.ui_element is self.b_no:
                self.cancel()


class SaveRosterDialog(Dialog):
    title = "Save roster"
    size = (560, 280)

    def __init__(self, app, builder) -> None:
        super().__init__(app, builder)
        self.name = builder.roster_name or builder.spec.name or builder.squad_type.name

    def build_body(self, root, r) -> None:
        px = self.px
        m = self.app.manager
        x, w = r.x + px(20), r.w - px(40)
        UILabel(rect(x, r.y + px(56), w, px(24)), "Roster name", m, container=root, object_id="#dim")
        self.e_name = UITextEntryLine(rect(x, r.y + px(82), w, px(36)), m, container=root, initial_text=self.name)
        self.e_name.set_text_length_limit(40)
        self.note = UILabel(rect(x, r.y + px(124), w, px(26)), "", m, container=root, object_id="#dim")
        self.b_cancel, self.b_ok = self.buttons(root, r, ["Cancel", "Save"], primary="Save")
        self.e_name.focus()
        self._update_note()

    def _update_note(self) -> None:
        name = self.e_name.get_text().strip()
        path = roster_path(name or "roster", self.builder.rosters_folder)
        if path.exists():
            self.note.set_text(f"Replaces the roster saved as {path.name}")
        else:
            self.note.set_text(f"Saved as saves/rosters/{path.name}")

    def confirm(self) -> None:
        from game.persistence.rosters import save_roster
        b = self.builder
        name = self.e_name.get_text().strip() or b.spec.name or b.squad_type.name
        try:
            path = save_roster(b.spec, name, b.rosters_folder, budget=b.budget)
        except OSError as e:
            self.app.message("Cannot save the roster", f"{name}: {e.strerror or e}")
            return
        b.roster_name = name
        b.clean_spec = b.spec
        self.app.pop()
        note = "" if b.valid else " (not a valid squad yet)"
        self.app.toast(f"Roster saved: {path.name}{note}", "ok")

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_ok:
                self.confirm()
            elif event.ui_element is self.b_cancel:
                self.app.pop()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.e_name:
            self.confirm()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.e_name:
            self._update_note()


class OpenRosterDialog(Dialog):
    title = "Open a roster"
    size = (760, 560)

    def build_body(self, root, r) -> None:
        px = self.px
        m = self.app.manager
        cat = self.app.catalog
        folder = self.builder.rosters_folder
        self.rosters = list_rosters(folder, cat)
        listed = {ro.path for ro in self.rosters}
        try:
            files = sorted(p for p in folder.glob("*.json") if p.is_file()) if folder.exists() else []
        except OSError:
            files = []
        self.broken = [p for p in files if p not in listed]  # shown so that opening one names its problem
        self.items = []
        self.paths = []
        for i, ro in enumerate(self.rosters):
            st = cat.squad_types.get(ro.squad_type)
            fac = st.name if st is not None else ro.faction
            mark = "valid" if ro.valid else "NOT VALID"
            budget = "" if ro.budget == 100 else f" (mini squad, {ro.budget} GP)"
            units = f"{ro.units} Unit{'s' if ro.units != 1 else ''}"
            self.items.append(f"{i + 1}. {ro.name}  ·  {fac}  ·  {ro.gp} GP{budget}  ·  {units}  ·  {mark}")
            self.paths.append(ro.path)
        for p in self.broken:
            self.items.append(f"{len(self.items) + 1}. {p.name}  ·  cannot be read (open it to see why)")
            self.paths.append(p)
        x, w = r.x + px(20), r.w - px(40)
        list_h = r.h - px(56) - px(40) - px(76)
        self.list = UISelectionList(rect(x, r.y + px(56), w, list_h), self.items, m, container=root)
        note = ""
        if not self.items:
            note = "No rosters yet: use Save roster in the builder to keep a squad here."
        elif self.broken:
            n = len(self.broken)
            note = f"{n} file{'s' if n != 1 else ''} in saves/rosters cannot be read; they are left as they are."
        UILabel(rect(x, r.y + px(60) + list_h, w, px(28)), note, m, container=root, object_id="#dim")
        self.b_cancel, self.b_delete, self.b_ok = self.buttons(root, r, ["Cancel", "Delete", "Open"],
                                                               primary="Open")
        if not self.items:
            self.b_ok.disable()
            self.b_delete.disable()

    def selected_path(self):
        sel = self.list.get_single_selection()
        if sel is None:
            return self.paths[0] if len(self.paths) == 1 else None
        if sel in self.items:
            return self.paths[self.items.index(sel)]
        return None

    def confirm(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a roster first")
            return
        self.open(path)

    def open(self, path) -> bool:
        try:
            spec, data = read_roster(path, self.app.catalog)
        except RosterError as e:
            self.app.message("This roster cannot be opened", str(e))
            return False
        name = data.get("name") if isinstance(data.get("name"), str) else path.stem
        b = self.builder
        self.app.pop()
        b.roster_name = name
        b.set_spec(spec, clean=True, budget=roster_budget(data))
        self.app.toast(f"Opened roster: {name}", "ok")
        return True

    def ask_delete(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a roster first")
            return
        ro = next((r for r in self.rosters if r.path == path), None)
        label = f"{ro.name} ({path.name})" if ro is not None else path.name

        def delete() -> None:
            try:
                delete_roster(path)
            except RosterError as e:
                self.app.message("Cannot delete the roster", str(e))
                return
            self.app.toast(f"Deleted roster: {label}")
            self.build_ui()

        self.app.push(ConfirmDialog(self.app, "Delete this roster?", f"{label} is deleted for good.", "Delete",
                                    delete))

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_ok:
                self.confirm()
            elif event.ui_element is self.b_cancel:
                self.app.pop()
            elif event.ui_element is self.b_delete:
                self.ask_delete()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.confirm()


class ImportCodeDialog(Dialog):
    title = "Import a squad code"
    size = (640, 340)

    def __init__(self, app, builder) -> None:
        super().__init__(app, builder)
        self.text = ""
        self.error: str | None = None

    def build_body(self, root, r) -> None:
        px = self.px
        m = self.app.manager
        x, w = r.x + px(20), r.w - px(40)
        UILabel(rect(x, r.y + px(54), w, px(24)), "Paste or type the code (it starts with RS1-)", m, container=root,
                object_id="#dim")
        pw = px(90)
        self.e_code = UITextEntryLine(rect(x, r.y + px(80), w - pw - px(8), px(36)), m, container=root,
                            initial_text=self.text, placeholder_text="RS1-...")
        self.e_code.set_text_length_limit(8192)
        self.b_paste = UIButton(rect(x + w - pw, r.y + px(80), pw, px(36)), "Paste", m, container=root,
                                tool_tip_text="Paste the code from the clipboard")
        self.err_box = UITextBox(self._error_html(), rect(x, r.y + px(126), w, r.h - px(126) - px(76)), m,
                                 container=root)
        self.b_cancel, self.b_ok = self.buttons(root, r, ["Cancel", "Import"], primary="Import")
        self.e_code.focus()

    def _error_html(self) -> str:
        if not self.error:
            return ("A squad code holds a whole squad: its faction, units, names and gear. The squad you are "
                    "building is replaced.")
        p = self.app.palette
        return (f"<font color='{_hex(p.bad)}'><b>This code cannot be imported.</b></font><br>"
                f"{escape(self.error)}")

    def confirm(self) -> None:
        self.text = self.e_code.get_text()
        cat = self.app.catalog
        try:
            spec = decode(self.text, cat)
            st = cat.squad_types[spec.squad_type]
            if not st.playable:
                raise SquadCodeError(f"The code holds a {st.name} squad, which is not a player squad type.")
        except SquadCodeError as e:
            self.error = str(e)
            self.err_box.set_text(self._error_html())
            return
        b = self.builder
        self.app.pop()
        b.roster_name = None
        b.set_spec(spec)
        problems = bm.check(cat, spec, b.budget)
        extra = "" if not problems else f"; {len(problems)} rule problem{'s' if len(problems) != 1 else ''} to fix"
        self.app.toast(f"Imported {spec.name or st.name}{extra}", "ok" if not problems else "info")

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_ok:
                self.confirm()
            elif event.ui_element is self.b_cancel:
                self.app.pop()
            elif event.ui_element is self.b_paste:
                txt = paste_from_clipboard().strip()
                if txt:
                    self.e_code.set_text(txt[:8192])
                else:
                    self.app.toast("The clipboard is empty")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.e_code:
            self.confirm()


class ExportCodeDialog(Dialog):
    title = "Squad code"
    size = (640, 360)

    def __init__(self, app, builder, code: str) -> None:
        super().__init__(app, builder)
        self.code = code
        self.copied = copy_to_clipboard(code)

    def build_body(self, root, r) -> None:
        px = self.px
        m = self.app.manager
        x, w = r.x + px(20), r.w - px(40)
        if self.copied:
            note = "Copied to the clipboard. Anyone can paste it into Import code to get this squad."
        else:
            note = "No clipboard here: select the code (Ctrl+A) and copy it (Ctrl+C)."
        UILabel(rect(x, r.y + px(54), w, px(24)), note, m, container=root, object_id="#dim")
        box_h = r.h - px(84) - px(76) - px(30)
        self.box = UITextEntryBox(rect(x, r.y + px(82), w, box_h), self.code, m, container=root)
        b = self.builder
        if b is not None and not b.valid:
            msg = f"This squad is not valid yet ({len(b.reasons)} problem{'s' if len(b.reasons) != 1 else ''}); " \
                  "the code keeps it as it is."
        else:
            msg = f"{len(self.code)} characters."
        UILabel(rect(x, r.y + px(86) + box_h, w, px(24)), msg, m, container=root, object_id="#dim")
        self.b_copy, self.b_ok = self.buttons(root, r, ["Copy again", "Done"], primary="Done")

    def confirm(self) -> None:
        self.app.pop()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_ok:
                self.app.pop()
            elif event.ui_element is self.b_copy:
                self.copied = copy_to_clipboard(self.code)
                self.app.toast("Copied" if self.copied else "No clipboard available", "ok" if self.copied else "error")
