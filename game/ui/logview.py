"""The scrolling battle log: every event line, with the dice of each roll drawn as faces.

A pygame-gui UITextBox re-lays its whole text on every append (10-140 ms measured for 20-80 lines) and
cannot show dice, so the log is one drawn panel: each entry is rendered once into a Surface when it
arrives; a frame blits the visible ones. Mouse wheel scrolls; new lines follow when at the bottom.
"""
from __future__ import annotations

import pygame

from .dicelog import LogEntry
from .text import Text

FS = 12


class LogView:
    def __init__(self, text: Text, sprites, palette) -> None:
        self.text = text
        self.sprites = sprites
        self.palette = palette
        self.entries: list[LogEntry] = []
        self._rendered: list[pygame.Surface | None] = []
        self._width = 0
        self.scroll = 0  # pixels up from the bottom
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._total = 0
        self.text_rect = pygame.Rect(0, 0, 0, 0)  # where the lines were drawn (last draw)
        self.hint_rect: pygame.Rect | None = None  # the "more below" strip under them, when scrolled up

    def clear(self) -> None:
        self.entries = []
        self._rendered = []
        self.scroll = 0
        self._total = 0

    def add(self, entries: list[LogEntry]) -> None:
        for e in entries:
            self.entries.append(e)
            s = self._render(e) if self._width else None
            self._rendered.append(s)
            if s is not None:
                self._total += s.get_height()
                if self.scroll > 0:
                    self.scroll += s.get_height()  # keep the view where the reader left it

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        w = rect.w - 10
        if w != self._width:
            self._width = w
            self._rendered = [self._render(e) for e in self.entries]
            self._total = sum(s.get_height() for s in self._rendered)

    def on_wheel(self, dy: int) -> None:
        step = self.text.line_height(FS) * 3
        self.scroll = max(0, min(self.scroll + dy * step, max(0, self._total - self.rect.h + 8)))

    # -- rendering ---------------------------------------------------------------------------------
    def _style(self, style: str):
        p = self.palette
        return {"turn": (p.select, True), "roll": (p.text, False), "detail": (p.text_dim, False),
                "move": (p.text_dim, False), "info": (p.text_dim, False), "npc": (p.npc, False),
                "result": (p.select, True), "taken_out": (p.bad, True), "activation": (p.text, True),
                "ui": (p.good, False), "player": (p.player, True), "npc_act": (p.npc, True)}.get(style, (p.text, False))

    def _render(self, e: LogEntry) -> pygame.Surface:
        T = self.text
        colour, bold = self._style(e.style)
        lh = T.line_height(FS) + 1
        dsz = max(10, lh - 5)
        width = max(40, self._width)
        x0 = 4 + e.indent * 12
        items: list[tuple[pygame.Surface, int, int]] = []  # surface, x, row
        x, row = x0, 0
        space = T.size(" ", FS)[0]

        def place(surf, gap=0):
            nonlocal x, row
            if x + surf.get_width() > width and x > x0:
                x, row = x0 + 10, row + 1
            items.append((surf, x, row))
            x += surf.get_width() + gap

        for seg in e.segments:
            if seg.kind == "text":
                words = seg.text.split(" ")
                for i, w in enumerate(words):
                    if w:
                        place(T.render(w, FS, colour, bold))
                    if i < len(words) - 1:
                        x += space
            elif seg.kind in ("dice", "die"):
                for d in seg.dice:
                    ok = seg.plain or d.succeeds(seg.stat)
                    place(self.sprites.die(dsz, d.natural, d.shift, ok, ok and d.critical, d.rerolled, d.auto,
                                           sides=seg.sides, plain=seg.plain), -2)
                x += 3
            elif seg.kind == "arrow":
                place(T.render("->", FS, colour, True), 2)
        rows = row + 1
        h = rows * lh + (6 if e.style == "turn" else 2)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        top = 4 if e.style == "turn" else 1
        if e.style == "turn":
            pygame.draw.line(surf, self.palette.panel_edge, (0, 1), (width, 1), 1)
        for s, ix, r in items:
            y = top + r * lh + (lh - s.get_height()) // 2
            surf.blit(s, (ix, y))
        return surf

    def draw(self, screen: pygame.Surface) -> None:
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        pygame.draw.rect(screen, (16, 19, 24), r, border_radius=6)
        pygame.draw.rect(screen, self.palette.panel_edge, r, 1, border_radius=6)
        prev = screen.get_clip()
        inner = r.inflate(-4, -6)
        self.hint_rect = None
        if self.scroll > 0:  # a strip of its own for "more below", under the lines, never over them
            hh = self.text.line_height(10) + 4
            self.hint_rect = pygame.Rect(inner.x, inner.bottom - hh, inner.w, hh)
            inner = pygame.Rect(inner.x, inner.y, inner.w, inner.h - hh)
        self.text_rect = inner
        screen.set_clip(inner)
        y = inner.bottom + self.scroll
        for s in reversed(self._rendered):
            if s is None:
                continue
            y -= s.get_height()
            if y > inner.bottom:
                continue
            if y + s.get_height() < inner.top:
                break
            screen.blit(s, (inner.x + 2, y))
        screen.set_clip(prev)
        if self._total > inner.h:
            # a thin scroll indicator on the right edge
            frac_h = inner.h / self._total
            bar_h = max(16, int(inner.h * frac_h))
            pos = 1 - (self.scroll + inner.h) / self._total
            by = inner.top + int((inner.h - bar_h) * max(0.0, min(1.0, pos / max(1e-6, 1 - frac_h))))
            pygame.draw.rect(screen, self.palette.panel_edge, (r.right - 5, by, 3, bar_h), border_radius=2)
        if self.hint_rect is not None:
            hr = self.hint_rect
            pygame.draw.line(screen, self.palette.panel_edge, (hr.x + 4, hr.y), (hr.right - 8, hr.y))
            self.text.blit(screen, "more below - scroll down", (hr.centerx, hr.centery + 1), 10, self.palette.select,
                           anchor="center")
