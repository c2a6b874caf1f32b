"""What a scene drew that a player must be able to read: the labels it put on the table (where they are) and every
text a painter had to shorten to fit (what was cut). Painters record as they draw; the screen tests read the record
at any frame (no pixel is guessed), and a text that is cut anywhere shows up there.

`fit` is the one way a painter shortens a text to a width: it records the cut. A painter that repaints a region
starts its record again (`start`), so the record says what is on the screen now, whatever was cached.
Widgets (pygame-gui buttons and labels) are measured instead: `widget_cuts` lists those whose text is wider than
they are.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class Cut:
    where: str  # the region of the screen ("top bar", "question", "action reasons", ...)
    text: str  # the whole text
    shown: str  # what was drawn of it ("" when it was left out)


@dataclass(frozen=True, slots=True)
class Label:
    rect: tuple[int, int, int, int]
    text: str
    about: str  # what it names: "unit", "marker", "state", "token", "zone"


class Drawn:
    def __init__(self) -> None:
        self._cuts: dict[str, list[Cut]] = {}
        self.labels: list[Label] = []  # the labels on the table in the last frame drawn

    def start(self, where: str) -> None:
        """`where` is painted again: what it cut before is gone from the screen."""
        self._cuts[where] = []

    def cut(self, where: str, text: str, shown: str) -> None:
        self._cuts.setdefault(where, []).append(Cut(where, text, shown))

    @property
    def cuts(self) -> list[Cut]:
        return [c for cs in self._cuts.values() for c in cs]

    def fit(self, text_renderer, where: str, text: str, size: int, width: int, bold: bool = False) -> str:
        """`text` as it fits `width` pixels: whole, or shortened with "..." (the cut is recorded)."""
        if text_renderer.size(text, size, bold)[0] <= width:
            return text
        shown = text
        while shown and text_renderer.size(shown + "...", size, bold)[0] > width:
            shown = shown[:-1]
        shown = shown.rstrip() + "..." if shown else ""
        self.cut(where, text, shown)
        return shown

    def wrap(self, text_renderer, where: str, text: str, size: int, width: int, max_lines: int,
             bold: bool = False) -> list[str]:
        """`text` wrapped to `width`, at most `max_lines` lines (a longer text is cut at the last line, recorded)."""
        lines = text_renderer.wrap(text, size, width, bold)
        if len(lines) <= max_lines and all(text_renderer.size(line, size, bold)[0] <= width for line in lines):
            return lines
        keep = [self.fit(text_renderer, where, line, size, width, bold) for line in lines[:max_lines]]
        if len(lines) > max_lines:
            last = keep[-1] if keep else ""
            keep[-1:] = [last if last.endswith("...") else last + "..."]
            self.cut(where, text, " ".join(keep))
        return keep

    def overlapping_labels(self) -> list[tuple[Label, Label]]:
        """Pairs of labels on the table that overlap (none should)."""
        out = []
        rects = [pygame.Rect(lb.rect) for lb in self.labels]
        for i, r in enumerate(rects):
            for j in r.collidelistall(rects[i + 1:]):
                out.append((self.labels[i], self.labels[i + 1 + j]))
        return out


def widget_cuts(root) -> list[Cut]:
    """The visible buttons and labels under `root` whose text is wider than they are (pygame-gui clips it)."""
    from pygame_gui.elements import UIButton, UILabel
    out = []
    stack = [root] if root is not None else []
    while stack:
        el = stack.pop()
        kids = getattr(el, "elements", None)
        if kids is not None:
            stack.extend(kids)
        if not isinstance(el, (UIButton, UILabel)) or not el.visible or not el.alive():
            continue
        text = getattr(el, "text", "") or ""
        font = getattr(el, "font", None)
        if not text or font is None:
            continue
        pad = _padding(el)
        room = el.rect.w - 2 * pad
        if font.size(text)[0] > room:
            out.append(Cut(type(el).__name__, text, ""))
    return out


def _padding(el) -> int:
    """The horizontal room a widget keeps around its text (its border and shadow, and the theme's padding)."""
    shape = getattr(el, "drawable_shape", None)
    theming = getattr(shape, "theming", {}) if shape is not None else {}
    border = theming.get("border_width", 1)
    if isinstance(border, dict):  # per edge: the wider of left and right
        border = max(border.get("left", 0), border.get("right", 0))
    shadow = theming.get("shadow_width", 0) or 0
    pad = theming.get("text_horiz_alignment_padding", 0) or 0
    return int(border or 0) + int(shadow) + int(pad)


def big_label(root, manager, r, text: str, styles=("#title", "#heading")) -> list:
    """A headline in the largest of `styles` whose font shows all of `text` in `r` (a squad's long name: a smaller
    one); too long even in the smallest, on two lines of it. Never cut. The labels made."""
    from pygame_gui.elements import UILabel

    def made(rr, words, style):
        with warnings.catch_warnings():  # (a style tried and found too wide is not a problem to report)
            warnings.simplefilter("ignore")
            return UILabel(rr, words, manager, container=root, object_id=style)

    label = None
    for style in styles:
        if label is not None:
            label.kill()
        label = made(r, text, style)
        if not widget_cuts(label):
            return [label]
    room = label.rect.w - 2 * _padding(label)
    words, first = text.split(), []
    while words[len(first):] and label.font.size(" ".join(first + [words[len(first)]]))[0] <= room:
        first.append(words[len(first)])
    first = first or words[:1]
    label.kill()
    r = pygame.Rect(r)
    half = r.h // 2
    return [made(pygame.Rect(r.x, r.y, r.w, half), " ".join(first), styles[-1]),
            made(pygame.Rect(r.x, r.y + half, r.w, r.h - half), " ".join(words[len(first):]), styles[-1])]
