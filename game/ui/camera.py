"""Board camera: inches on the table <-> pixels in the board view, with zoom (wheel) and pan."""
from __future__ import annotations

import pygame

MIN_ZOOM = 0.6
MAX_ZOOM = 3.5
ZOOM_STEP = 1.18


class Camera:
    def __init__(self, view: pygame.Rect, board_w: float, board_h: float) -> None:
        self.view = pygame.Rect(view)
        self.bw = board_w
        self.bh = board_h
        self.zoom = 1.0
        self.fit_ppi = 30.0
        self.ppi = 30
        self.ox = 0.0  # screen x of the table's (0, 0)
        self.oy = 0.0
        self.reserved_left = 0  # pixels at the view's left kept clear by a fitted table (a box drawn there) ...
        self.reserved_top = 0  # ... or, when that would shrink the table too much, at its top (the box folded)
        self.fitted = True  # the table is fitted to the view (not zoomed or panned by hand): refitted on a resize
        self.fit()

    # -- layout ------------------------------------------------------------------------------------
    def set_view(self, view: pygame.Rect) -> None:
        """The board view moved or was resized: a fitted table is fitted again (it fills the room it has now);
        else the same table point stays at the view's centre."""
        cx, cy = self.to_board(*self.view.center)
        self.view = pygame.Rect(view)
        if self.fitted:
            self.fit()
            return
        self.fit_ppi = self._fit_ppi()
        self.ppi = max(4, int(round(self.fit_ppi * self.zoom)))
        self.centre_on(cx, cy)

    @property
    def cramped(self) -> bool:
        """Keeping the left strip clear would shrink the table by more than a sixth: the box there folds to its
        title line and the table is fitted under it instead."""
        return self._areas()[1]

    def _fit_area(self) -> pygame.Rect:
        return self._areas()[0]

    def _areas(self) -> tuple[pygame.Rect, bool]:
        """(where a fitted table goes, cramped?): the view less the reserved strip on the left, unless keeping it
        clear would shrink the table by more than a sixth; then the view less the reserved strip at its top."""
        margin = 16
        full = self.view.inflate(-2 * margin, -2 * margin)
        if self.reserved_left <= 0:
            return full, False
        part = pygame.Rect(full.x + self.reserved_left, full.y, full.w - self.reserved_left, full.h)

        def ppi(r):
            return min(r.w / self.bw, r.h / self.bh) if r.w > 0 and r.h > 0 else 0.0
        if ppi(part) >= ppi(full) * 5 / 6:
            return part, False
        top = max(0, self.reserved_top - margin)
        return pygame.Rect(full.x, full.y + top, full.w, full.h - top), True

    def _fit_ppi(self) -> float:
        a = self._fit_area()
        return max(4.0, min(a.w / self.bw, a.h / self.bh))

    def reserve_left(self, px: int, top: int = 0) -> None:
        """Keep `px` on the view's left clear when the table is fitted (the mission's summary box), or, when the view
        is too narrow for that, `top` pixels at its top (the box folded to its title line)."""
        if (px, top) != (self.reserved_left, self.reserved_top):
            self.reserved_left, self.reserved_top = px, top
            if self.fitted:
                self.fit()

    def fit(self) -> None:
        self.fitted = True
        self.fit_ppi = self._fit_ppi()
        self.zoom = 1.0
        self.ppi = max(4, int(self.fit_ppi))
        a = self._fit_area()
        self.ox = a.centerx - self.bw / 2 * self.ppi
        self.oy = a.centery - self.bh / 2 * self.ppi
        self._clamp()

    def centre_on(self, x: float, y: float) -> None:
        """Table point (x, y) at the view's centre (the table is no longer fitted: see `fit`)."""
        self.fitted = False
        self.ox = self.view.centerx - x * self.ppi
        self.oy = self.view.centery - y * self.ppi
        self._clamp()

    # -- transforms --------------------------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return int(round(self.ox + x * self.ppi)), int(round(self.oy + y * self.ppi))

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.ox) / self.ppi, (sy - self.oy) / self.ppi

    def length(self, inches: float) -> int:
        return max(1, int(round(inches * self.ppi)))

    def on_board(self, sx: float, sy: float) -> bool:
        x, y = self.to_board(sx, sy)
        return self.view.collidepoint(sx, sy) and 0 <= x <= self.bw and 0 <= y <= self.bh

    @property
    def origin(self) -> tuple[int, int]:
        return int(round(self.ox)), int(round(self.oy))

    # -- zoom and pan ------------------------------------------------------------------------------
    def zoom_at(self, steps: float, sx: float, sy: float) -> bool:
        """Zoom by ZOOM_STEP**steps keeping the table point under (sx, sy) in place. True if it changed."""
        z = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * ZOOM_STEP ** steps))
        new_ppi = max(4, int(round(self.fit_ppi * z)))
        if new_ppi == self.ppi:
            self.zoom = z
            return False
        bx, by = self.to_board(sx, sy)
        self.glide = None
        self.fitted = False
        self.zoom = z
        self.ppi = new_ppi
        self.ox = sx - bx * self.ppi
        self.oy = sy - by * self.ppi
        self._clamp()
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.glide = None  # the player's hand wins over a glide
        self.fitted = False
        self.ox += dx
        self.oy += dy
        self._clamp()

    # -- gliding (the camera follows the computer's actions) ---------------------------------------------------
    glide = None  # (ox, oy) the camera glides to

    def glide_to(self, x: float, y: float, instant: bool = False) -> None:
        """Bring table point (x, y) to the view's centre, smoothly (see `update`), as far as the table fills the view:
        a glide toward a unit at the table's edge stops where that edge meets the view's (no empty strip beyond it)."""
        ox, oy = self.ox, self.oy
        self.centre_on(x, y)
        self._fill(ox, oy)
        target = (self.ox, self.oy)
        if instant:
            self.glide = None
            return
        self.ox, self.oy = ox, oy
        self.glide = target

    def glide_by(self, dx: float, dy: float) -> None:
        """Shift the picture by (dx, dy) pixels, smoothly."""
        self.fitted = False
        ox, oy = self.ox, self.oy
        self.ox += dx
        self.oy += dy
        self._clamp()
        self.glide, self.ox, self.oy = (self.ox, self.oy), ox, oy

    def update(self, dt: float) -> bool:
        """One step of a glide; True while gliding."""
        if self.glide is None:
            return False
        tx, ty = self.glide
        k = 1.0 - pow(0.002, dt)  # about 1 s to settle
        self.ox += (tx - self.ox) * k
        self.oy += (ty - self.oy) * k
        if abs(tx - self.ox) < 0.6 and abs(ty - self.oy) < 0.6:
            self.ox, self.oy = tx, ty
            self.glide = None
        return True

    def _fill(self, ox: float, oy: float) -> None:
        """A glide's target: along each axis where the table is longer than the view, the view kept on the table (no
        empty strip beyond its edge); along one where it fits, the table where it was (`ox`, `oy`), moved only as
        far as it takes to show it whole."""
        w, h = self.bw * self.ppi, self.bh * self.ppi
        v = self.view
        self.ox = min(max(self.ox, v.right - w), v.left) if w >= v.w else min(max(ox, v.left), v.right - w)
        self.oy = min(max(self.oy, v.bottom - h), v.top) if h >= v.h else min(max(oy, v.top), v.bottom - h)

    def _clamp(self) -> None:
        """Keep at least a third of the view covered by the table."""
        w, h = self.bw * self.ppi, self.bh * self.ppi
        keep_x = min(w, self.view.w) / 3
        keep_y = min(h, self.view.h) / 3
        self.ox = min(max(self.ox, self.view.left + keep_x - w), self.view.right - keep_x)
        self.oy = min(max(self.oy, self.view.top + keep_y - h), self.view.bottom - keep_y)
