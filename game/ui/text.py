"""Fonts and a cache of rendered text: unchanged text is rendered again only when it has not been used for long."""
from __future__ import annotations

from pathlib import Path

import pygame

from .cache import SurfaceCache

from game.paths import ASSETS_DIR

FONT_DIR = ASSETS_DIR / "fonts"
REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
BOLD = FONT_DIR / "NotoSans-Bold.ttf"


def _font_file(bold: bool) -> Path | None:
    p = BOLD if bold else REGULAR
    return p if p.exists() else None


class Text:
    """Renders text with the bundled Noto Sans (pygame's default font if it is missing), cached."""

    MAX_ENTRIES = 3000

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache = SurfaceCache(self.MAX_ENTRIES)
        self._warm: set = set()  # (px, bold) of the fonts made ready (warm)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(round(size * self.scale)))
        key = (px, bold)
        f = self._fonts.get(key)
        if f is None:
            path = _font_file(bold)
            f = pygame.font.Font(str(path) if path else None, px)
            if path is None and bold:
                f.set_bold(True)
            self._fonts[key] = f
        return f

    def warm(self, sizes) -> None:
        """Make the fonts of `sizes` ((size, bold) pairs) ready now: a font's first text costs about 5 ms (the
        face set up at that size), better paid when a screen opens than in the middle of its frames."""
        for size, bold in sizes:
            px = max(6, int(round(size * self.scale)))
            if (px, bold) not in self._warm:
                self._warm.add((px, bold))
                self.font(size, bold).size("0")

    def render(self, text: str, size: int = 14, colour=(230, 230, 230), bold: bool = False) -> pygame.Surface:
        """The text's picture, kept: the texts used least lately go first when too many are kept (emptying the
        whole cache made every name, card and log line on screen be rendered again in one frame)."""
        return self._cache.get((text, size, tuple(colour), bold),
                               lambda: self.font(size, bold).render(text, True, colour))

    def size(self, text: str, size: int = 14, bold: bool = False) -> tuple[int, int]:
        return self.font(size, bold).size(text)

    def line_height(self, size: int = 14, bold: bool = False) -> int:
        return self.font(size, bold).get_linesize()

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines that fit `width` pixels (words kept whole when they fit)."""
        f = self.font(size, bold)
        out: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                cand = w if not line else line + " " + w
                if f.size(cand)[0] <= width or not line:
                    line = cand
                else:
                    out.append(line)
                    line = w
            out.append(line)
        return out

    def blit(self, surface: pygame.Surface, text: str, pos, size: int = 14, colour=(230, 230, 230),
             bold: bool = False, anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
        s = self.render(text, size, colour, bold)
        r = s.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if shadow:
            sh = self.render(text, size, (0, 0, 0), bold)
            surface.blit(sh, r.move(1, 1))
        surface.blit(s, r)
        return r
