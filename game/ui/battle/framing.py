"""Where the battle's camera looks and where the question box goes: the camera follows what the computer does,
brings the person's units into view when their decision starts, and glides the units a question is about clear of
the question box; the box keeps below the summary's title line."""
from __future__ import annotations

import pygame


class Framing:
    def __init__(self, scene) -> None:
        self.sc = scene

    def whole_table_in_view(self) -> bool:
        """The whole table shows in the view (fitted, or zoomed out): following anything would only push part of it
        off the screen."""
        cam = self.sc.camera
        ox, oy = cam.origin
        return self.sc.layout["view"].contains(pygame.Rect(ox, oy, cam.length(cam.bw), cam.length(cam.bh)))

    def follow(self, x: float, y: float) -> None:
        """The computer acts at (x, y): glide there if it is not well inside the view (never while the whole table
        shows: a unit at its edge would have pushed half the table out of the view)."""
        sc = self.sc
        cam = sc.camera
        if cam is None or self.whole_table_in_view():
            return
        view = sc.layout["view"]
        inner = view.inflate(-int(view.w * 0.3), -int(view.h * 0.3))
        if not inner.collidepoint(cam.to_screen(x, y)):
            cam.glide_to(x, y, instant=sc.effects.speed <= 0)

    def own_units_in_view(self) -> None:
        """Their decision starts: bring the person's units into view if most of them are out of it."""
        sc = self.sc
        cam = sc.camera
        pts = [(sc.by_uid[u].x, sc.by_uid[u].y) for u in sc.own_units() if u in sc.by_uid]
        if cam is None or not pts or self.whole_table_in_view():
            return
        view = self.prompt_area()
        inside = sum(1 for x, y in pts if view.collidepoint(cam.to_screen(x, y)))
        if inside * 2 >= len(pts):
            return
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        cam.glide_to(cx, cy, instant=sc.effects.speed <= 0)

    def make_room(self, points, box) -> None:
        """The question box would hide the units it is about (`points` on screen): glide the table so they stand
        in the part of the view the box leaves free."""
        view = self.sc.layout["view"]
        free = pygame.Rect(view.x, view.y, view.w, box.top - view.y) if box.centery > view.centery else \
            pygame.Rect(view.x, box.bottom, view.w, view.bottom - box.bottom)
        if free.h <= 0 or not points:
            return
        cy = sum(p[1] for p in points) / len(points)
        self.sc.camera.glide_by(0, free.centery - cy)

    def prompt_area(self) -> pygame.Rect:
        """Where the question box may go: the table view below the summary's title line (it stays in view)."""
        sc = self.sc
        view = sc.layout["view"]
        top = sc.painter.summary.header_height() + sc.px(8)
        return pygame.Rect(view.x, view.y + top, view.w, view.h - top)

    def prompt_where(self) -> str:
        """Where the question box is: "at the top" or "at the bottom" of the table view."""
        sc = self.sc
        view = sc.layout.get("view")
        r = sc.prompt_panel.rect
        if view is not None and sc.prompt_panel.active and r.centery < view.centery:
            return "at the top"
        return "at the bottom"
