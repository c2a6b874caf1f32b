"""Pictures the view's drawings share and keep: the marker tokens (a shape and colour per kind, the same for the
whole battle), translucent discs (smoke), cached by what changes them."""
from __future__ import annotations

import pygame

from ..battle.draw_table import disc
from ..battle.mission_view import KindStyles, shape_points
from ..cache import SurfaceCache
from ..sprites import mix


class MarkerLook:
    def __init__(self) -> None:
        self.cache = SurfaceCache(48)
        self.kinds = KindStyles()

    def disc(self, r_px: int, fill, edge) -> pygame.Surface:
        return disc(self.cache, r_px, fill, edge)

    def token(self, kind: str, r_px: int, pal, dim: bool = False) -> pygame.Surface:
        """A marker's token: its kind's shape and colour, a dark edge, (r_px + 3) * 2 square."""
        def make():
            size = (r_px + 3) * 2
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            col = self.kinds.colour(kind, pal)
            if dim:
                col = mix(col, (90, 94, 100), 0.5)
            shape = self.kinds.shape(kind)
            pts = shape_points(shape, c, c, r_px)
            if pts is None:
                pygame.draw.circle(s, (10, 12, 16), (c, c), r_px + 2)
                pygame.draw.circle(s, col, (c, c), r_px)
                pygame.draw.circle(s, (10, 12, 16), (c, c), max(2, r_px // 3))
            else:
                pygame.draw.polygon(s, (10, 12, 16), pts, 0)
                pygame.draw.polygon(s, col, shape_points(shape, c, c, max(2, r_px - 2)))
                pygame.draw.polygon(s, (10, 12, 16), shape_points(shape, c, c, max(1, r_px * 0.45)), 2)
            return s
        return self.cache.get(("token", kind, r_px, dim, pal.name), make)
