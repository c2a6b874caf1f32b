"""The pygame-gui theme: assets/ui/theme.json, its font sizes and corner radii scaled by the UI scale."""
from __future__ import annotations

import copy
import json
import warnings

import pygame
import pygame_gui

from game.paths import ASSETS_DIR

THEME_FILE = ASSETS_DIR / "ui" / "theme.json"
HTML_FONT_SIZES = {1: 8, 1.5: 9, 2: 10, 2.5: 11, 3: 12, 3.5: 13, 4: 14, 4.5: 16, 5: 18, 5.5: 20, 6: 24, 6.5: 32, 7: 48}
# (pygame-gui's <font size=N> -> points: fixed, whatever the UI scale)
HEADINGS = (4, 5)  # the <font size=N> the help's headings use (help_text.heading)


def html_size(size: float, scale: float) -> float:
    """The <font size=N> whose points are nearest to `size`'s scaled by the UI scale (a heading stays larger than
    the scaled body text)."""
    want = HTML_FONT_SIZES[size] * scale
    return min(HTML_FONT_SIZES, key=lambda n: (abs(HTML_FONT_SIZES[n] - want), n))


def load_theme(scale: float = 1.0, palette=None) -> dict:
    try:
        theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        theme = {}
    theme = copy.deepcopy(theme)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, int(round(int(font["size"]) * scale))))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for k in ("shape_corner_radius", "list_item_height", "rect_width"):
                if k in misc:
                    misc[k] = str(max(1, int(round(int(misc[k]) * scale))))
    if palette is not None:
        # focus and hover borders follow the palette's selection colour
        d = theme.setdefault("defaults", {}).setdefault("colours", {})
        d["hovered_border"] = palette.hex["player"]
        d["selected_border"] = palette.hex["player"]
    return theme


class Manager(pygame_gui.UIManager):
    """A UIManager that takes the mouse position from the events it is given (the App tracks it), so
    posted events in headless tests hover and click exactly like a real mouse."""

    def __init__(self, size, theme, mouse_source) -> None:
        self._mouse_source = mouse_source
        super().__init__(size, theme, enable_live_theme_updates=False)

    def _update_mouse_position(self):
        self.mouse_position = self.calculate_scaled_mouse_position(self._mouse_source())


def make_manager(size, scale: float, palette, mouse_source) -> Manager:
    m = Manager(size, load_theme(scale, palette), mouse_source)
    sizes = sorted({max(8, int(round(s * scale))) for s in (12, 13, 14, 15, 17, 18, 22)} |
                   {HTML_FONT_SIZES[html_size(n, scale)] for n in HEADINGS})  # (+ the help's headings: help_text.heading)
    body = max(8, int(round(14 * scale)))  # the size of the text boxes, whose <i> the rules and taglines use
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "already loaded" notices for the theme's own fonts
        m.preload_fonts([{"name": "noto_sans", "point_size": s, "style": st, "antialiased": "1"}
                         for s in sizes for st in ("bold", "regular")] +
                        [{"name": "noto_sans", "point_size": body, "style": st, "antialiased": "1"}
                         for st in ("italic", "bold_italic")])
    return m


def close_dropdown_on_same_pick(event) -> bool:
    """Picking the option a drop-down already shows un-selects it in pygame-gui's list and leaves the drop-down
    open: the next click, meant for the widget under the list, would pick another option instead. Treat that
    pick as a choice of the same option: the drop-down closes, its value unchanged. True if it did."""
    if event.type != pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION:
        return False
    dd = getattr(event.ui_element, "parent_element", None)
    if not isinstance(dd, pygame_gui.elements.UIDropDownMenu) or dd.current_state is not dd.menu_states["expanded"]:
        return False
    dd.current_state.should_transition = True
    return True


def close_open_dropdown(root) -> bool:
    """Esc with a drop-down open under `root` closes the drop-down (its value unchanged), not the screen. True if
    one was open."""
    stack = [root] if root is not None else []
    while stack:
        el = stack.pop()
        if isinstance(el, pygame_gui.elements.UIDropDownMenu) and el.current_state is el.menu_states["expanded"]:
            el.current_state.should_transition = True
            return True
        stack.extend(getattr(el, "elements", None) or ())
    return False


def rect(x, y, w, h) -> pygame.Rect:
    return pygame.Rect(int(x), int(y), int(w), int(h))
