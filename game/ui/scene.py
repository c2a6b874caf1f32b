"""Scenes: enter / exit / handle / update / draw. Draw never changes the game.

Each scene keeps its pygame-gui elements in one root container, built by `build_ui` and rebuilt when
the window or the UI scale changes. A scene under an overlay is suspended: its widgets are hidden,
its picture is still drawn (dimmed by the overlay).
"""
from __future__ import annotations

import copy

import pygame
import pygame_gui


class Scene:
    opaque = True  # False: the scene below is drawn first (pause, help, dialogs)
    name = "scene"
    help_mode: str | None = None  # the play mode of this screen: F1 opens its help (assets/data/help/<mode>.md)

    TIP_DELAY = 0.25  # seconds the mouse rests on a chip before its hover text shows

    def __init__(self, app) -> None:
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None
        self.suspended = False
        self.chip_tooltip = None  # the hover text of the chip under the mouse (a pygame-gui tooltip), while shown
        self._tip_key = None
        self._tip_t = 0.0
        from .drawn import Drawn
        self.drawn = Drawn()  # what it drew that must be readable: labels placed, texts cut (drawn.py)

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.kill_ui()

    def suspend(self) -> None:
        self.suspended = True
        self.hover_chip(None, 0.0)
        if self.root is not None:
            # showing a container shows everything in it: remember what the scene had hidden itself
            self._hidden = [el for el in _elements(self.root) if not el.visible]
            self.root.hide()

    def resume(self) -> None:
        self.suspended = False
        if self.root is not None:
            self.root.show()
            for el in getattr(self, "_hidden", ()):
                if el.alive() and el.visible:
                    el.hide()
        self._hidden = []

    def new_root(self) -> pygame_gui.core.UIContainer:
        """A new container for all the scene's widgets (the old one and everything in it killed first)."""
        self.kill_ui()
        w, h = self.app.size
        self.root = pygame_gui.core.UIContainer(pygame.Rect(0, 0, w, h), self.app.manager)
        self.app.own_ui(self, self.root)
        return self.root

    def build_ui(self) -> None:
        self.new_root()

    def kill_ui(self) -> None:
        self.hover_chip(None, 0.0)
        if self.root is not None:
            self.root.kill()
            self.root = None

    def hover_chip(self, chip, dt: float) -> None:
        """Each frame, the chip under the mouse: (where it is, its hover text html) or None. Its text shows in a tooltip once the
        mouse has rested on it a moment; it goes when the mouse leaves, and with the scene's widgets."""
        if chip is None or self.suspended or chip != self._tip_key:
            self._tip_key = chip
            self._tip_t = 0.0
            if self.chip_tooltip is not None:
                self.chip_tooltip.kill()
                self.chip_tooltip = None
            if chip is None or self.suspended:
                return
        if self.chip_tooltip is None:
            self._tip_t += dt
            if self._tip_t >= self.TIP_DELAY:
                self.chip_tooltip = self.app.manager.create_tool_tip(chip[1], self.app.mouse, (0, 18), None, None,
                                                                     wrap_width=self.px(320))

    def before_quit(self) -> str | None:
        """The window is being closed: keep what can be kept, and say what would still be lost (or why the player
        should be asked) in a sentence for the question; None: nothing to ask."""
        return None

    def relayout(self) -> None:
        """The window size or UI scale changed."""
        self.build_ui()
        if self.suspended and self.root is not None:
            self.root.hide()

    # -- frame -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        pass

    def intent(self, name: str) -> bool:
        """A hotkey intent; True if the scene used it."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        pass

    def draw_over(self, screen: pygame.Surface) -> None:
        """Drawn after the widgets (banners, floating labels)."""

    def redraw_state(self) -> tuple[str, object]:
        """How the screen needs drawing while no input comes: ("moving" | "pulsing" | "still", key). "moving":
        every frame; "pulsing": a slow pulse, a few frames a second; "still": only when `key` changes (the
        App also draws on any input, for a moment after it, and while toasts show)."""
        return "still", None

    @property
    def busy(self) -> bool:
        """Timers run (NPC steps, a results countdown): the loop keeps ticking even when nothing is drawn."""
        return False

    def toast_anchor(self):
        """(centre x, top y) of the toasts on this screen, or None to hold them (they wait, unseen and
        not ageing, e.g. while a banner is read)."""
        return self.app.size[0] // 2, self.px(56)

    # -- helpers -----------------------------------------------------------------------------------
    @property
    def s(self) -> float:
        return self.app.settings.ui_scale

    def px(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))


def _elements(container):
    """Every element inside a container, nested containers (panels, scrolling containers) included."""
    out = []
    stack = [container]
    while stack:
        c = stack.pop()
        for el in list(getattr(c, "elements", ())):
            out.append(el)
            inner = el.get_container() if hasattr(el, "get_container") else None
            if inner is not None and inner is not el and inner is not c:
                stack.append(inner)
            elif hasattr(el, "elements") and el is not c:
                stack.append(el)
    return out


class FormScene(Scene):
    """A setup, briefing or list screen: Esc goes back, Enter does what its main button does (`confirm`), and it
    is drawn on the plain background under its widgets."""

    def confirm(self) -> None:
        raise NotImplementedError

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        if name == "confirm":
            self.confirm()
            return True
        return False

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)


class SetupForm(FormScene):
    """A form that sets up a mission: the dice seed it offers (App.new_seed; the player may type another) and the
    picks it keeps when it is made again (a window resize, a row that appears): `_remember` reads them back first.
    The picks named in KEEP are also kept when the form is left (Back, Start, a closed window) and offered again the
    next time it opens, in this run or the next (App.keep_picks); `valid_pick` takes only today's choices. The seed
    is never kept: a new mission gets a new one."""

    KEEP: tuple[str, ...] = ()
    MAX_NAME = 24

    def __init__(self, app) -> None:
        super().__init__(app)
        self.seed = app.new_seed()
        self.e_seed = None
        self.e_names = None
        self.names = [f"Player {i + 1}" for i in range(4)]  # the people sharing a squad (co-op), as they are called

    def names_entry(self, r, container, people: int):
        """The people's names field (co-op): "Ana, Ben" for `people` people at rect `r`."""
        from pygame_gui.elements import UITextEntryLine
        self.e_names = UITextEntryLine(r, self.app.manager, container=container,
                                       initial_text=", ".join(self.names[:people]))
        self.e_names.set_text_length_limit(4 * (self.MAX_NAME + 2))
        return self.e_names

    @classmethod
    def valid_names(cls, value) -> list[str] | None:
        """Four names, each 1-24 characters and all different; None if `value` is not that."""
        if not isinstance(value, list) or len(value) != 4 or not all(
                isinstance(n, str) and 0 < len(n.strip()) <= cls.MAX_NAME for n in value):
            return None
        names = [n.strip() for n in value]
        return names if len(set(names)) == 4 else None

    def read_names(self, text: str) -> None:
        """The names typed ("Ana, Ben"): each replaces one in order; an empty, too long or repeated one is left as
        it was."""
        typed = [t.strip() for t in text.split(",")]
        for i, name in enumerate(typed[:4]):
            if 0 < len(name) <= self.MAX_NAME and name not in self.names[:i] + self.names[i + 1:]:
                self.names[i] = name

    def name_people(self, scenario, side: str):
        """`scenario` with the names typed for the people sharing `side` (co-op)."""
        from dataclasses import replace
        spec = scenario.side(side)
        if not spec.players:
            return scenario
        named = replace(spec, players=tuple(self.names[:len(spec.players)]))
        return replace(scenario, sides=tuple(named if s.side == side else s for s in scenario.sides))

    def valid_pick(self, key: str, value):
        """The kept `value` of pick `key` if the form offers it today, else None (the form's default stays)."""
        return None

    @staticmethod
    def one_of(value, choices):
        """`value` if it is one of `choices` (labels), else None."""
        return value if isinstance(value, str) and value in choices else None

    def enter(self) -> None:
        kept = self.app.picks_for(self.name)
        for key in self.KEEP:
            value = self.valid_pick(key, kept.get(key)) if key in kept else None
            if value is not None:
                setattr(self, key, value)
        super().enter()

    def exit(self) -> None:
        if self.root is not None:
            self._remember()
        if self.KEEP:
            self.app.keep_picks(self.name, {key: copy.deepcopy(getattr(self, key)) for key in self.KEEP})
        super().exit()

    def columns(self, root, xs, y: int, label_w: int, field_w: int, row_h: int, gap: int) -> "FormColumns":
        """Rows of the form in columns starting at `xs` (a label, then its field); `self.dd` collects the drop-downs
        of the form's `choices`, showing its `values`."""
        self.dd = {}
        return FormColumns(self, root, xs, y, label_w, field_w, row_h, gap)

    def seed_entry(self, r, container):
        """The seed field (digits only) at rect `r`."""
        from pygame_gui.elements import UITextEntryLine
        self.e_seed = UITextEntryLine(r, self.app.manager, container=container, initial_text=str(self.seed))
        self.e_seed.set_allowed_characters("numbers")
        return self.e_seed

    def _remember(self) -> None:
        """Read the widgets back into the form's values (each form reads its own picks, then calls this)."""
        if self.e_seed is not None:
            txt = self.e_seed.get_text().strip()
            self.seed = int(txt) if txt.isdigit() else self.seed
        if self.e_names is not None and self.e_names.alive():
            self.read_names(self.e_names.get_text())

    def relayout(self) -> None:
        if self.root is not None:
            self._remember()
        super().relayout()


class FormColumns:
    """A setup form's rows in columns: each row a label and the field `make(rect)` builds; `dd` makes a drop-down of
    the form's `choices[key]` showing `values[key]` and keeps it in the form's `dd`."""

    def __init__(self, form, root, xs, y: int, label_w: int, field_w: int, row_h: int, gap: int) -> None:
        self.form, self.root, self.xs = form, root, list(xs)
        self.ys = [y] * len(self.xs)
        self.lw, self.fw, self.rh, self.gap = label_w, field_w, row_h, gap

    def row(self, col: int, label: str, make):
        from pygame_gui.elements import UILabel
        x, y = self.xs[col], self.ys[col]
        UILabel(pygame.Rect(x, y, self.lw, self.rh), label, self.form.app.manager, container=self.root)
        el = make(pygame.Rect(x + self.lw, y, self.fw, self.rh))
        self.ys[col] += self.rh + self.gap
        return el

    def dd(self, col: int, key: str, label: str):
        from pygame_gui.elements import UIDropDownMenu
        f = self.form
        f.dd[key] = self.row(col, label, lambda r: UIDropDownMenu(f.choices[key], f.values[key], r, f.app.manager,
                                                                  container=self.root))
        return f.dd[key]

    @property
    def bottom(self) -> int:
        return max(self.ys)


def dd_value(dd) -> str:
    """The option a pygame-gui drop-down shows (its id when options are (text, id) pairs)."""
    opt = dd.selected_option
    return opt[0] if isinstance(opt, tuple) else opt
