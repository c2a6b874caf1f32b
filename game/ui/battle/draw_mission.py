"""Drawing the mission on the battle screen: its zones (deployment, extraction... as the mission reports them), its
markers (a shape and colour per kind, the label under it, a ring in the colour of the side that Controls it; a
carried marker as a small token on its carrier), the tooltip of the marker under the mouse. (The summary box:
draw_summary.py.)

Reads the scene and the match; changes neither. Its surfaces are cached here, keyed by what changes them.
"""
from __future__ import annotations

import math

import pygame

from ..board import _Translucent, dashed_polygon, side_styles
from ..sprites import mix
from .draw_table import SurfaceCache
from .labels import Want
from .mission_view import KindStyles, marker_lines, shape_points


def zone_points(zone, ppi: float, cam_origin=(0, 0)) -> list:
    ox, oy = cam_origin
    if zone.circle is not None:
        cx, cy, r = zone.circle
        n = max(24, int(r * ppi / 5))
        angles = [2 * math.pi * k / n for k in range(n)]
        return [(ox + (cx + r * math.cos(a)) * ppi, oy + (cy + r * math.sin(a)) * ppi) for a in angles]
    return [(ox + x * ppi, oy + y * ppi) for x, y in (zone.polygon or ())]


class MissionPainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.cache = SurfaceCache(32)
        self.kinds = KindStyles()

    # -- colours --------------------------------------------------------------------------------------------
    def side_colour(self, side: str | None):
        pal = self.sc.app.palette
        if side is None:
            return pal.good
        style = side_styles(self.sc.match).get(side, "npc")
        return pal.player if style == "player" else pal.npc

    def zone_colour(self, dz):
        pal = self.sc.app.palette
        if dz.purpose == "deploy":
            return pal.zone if dz.side == self.sc.side else self.side_colour(dz.side)
        return pal.good if dz.side is None else self.side_colour(dz.side)

    # -- zones ------------------------------------------------------------------------------------------------
    def zones(self, screen) -> list:
        """The zones' fill and outline; the labels of their names."""
        sc = self.sc
        zones = sc.mission_zones()
        wants: list = []
        if not zones:
            return wants
        cam = sc.camera
        pal = sc.app.palette
        key = ("zones", tuple((dz.purpose, dz.side, dz.zone) for dz in zones), cam.ppi, pal.name, sc.side)
        surf, origin = self.cache.get(key, lambda: self._zones_surface(zones, cam.ppi))
        if surf is not None:
            screen.blit(surf, (cam.ox + origin[0], cam.oy + origin[1]))
        pulse = 0.5 + 0.5 * math.sin(sc.time * 3)
        deploying = sc.match.phase == "deploy"
        for dz in zones:
            col = self.zone_colour(dz)
            pts = zone_points(dz.zone, cam.ppi, (cam.ox, cam.oy))
            if len(pts) < 3:
                continue
            own = deploying and dz.purpose == "deploy" and dz.side == sc.side
            if own:  # where the player deploys now pulses
                pygame.draw.polygon(screen, mix(col, (255, 255, 255), 0.3 * pulse), pts, 3)
            if dz.label:
                top = min(pts, key=lambda q: q[1])
                cx = sum(q[0] for q in pts) / len(pts)
                wants.append(Want(dz.label.upper() if own else dz.label, cx, top[1], 0, 13 if own else 11, col, "zone",
                                  rank=4, sides=("above", "below")))
        return wants

    def _zones_surface(self, zones, ppi):
        """The zones' translucent fill and outline at this zoom, in table pixels (x0, y0 of the surface)."""
        allpts = [p for dz in zones for p in zone_points(dz.zone, ppi)]
        if not allpts:
            return None, (0, 0)
        xs, ys = [p[0] for p in allpts], [p[1] for p in allpts]
        x0, y0 = int(min(xs)) - 4, int(min(ys)) - 4
        surf = pygame.Surface((int(max(xs)) - x0 + 8, int(max(ys)) - y0 + 8), pygame.SRCALPHA)
        for dz in zones:
            col = self.zone_colour(dz)
            pts = [(x - x0, y - y0) for x, y in zone_points(dz.zone, ppi)]
            if len(pts) < 3:
                continue
            with _Translucent(surf, pts) as (o, shift):
                q = [shift(pt) for pt in pts]
                pygame.draw.polygon(o, col + (40,), q)
                if dz.purpose == "deploy":
                    dashed_polygon(o, col + (210,), q, 2)
                else:
                    pygame.draw.polygon(o, col + (230,), q, 3)
        return surf, (x0, y0)

    # -- markers ---------------------------------------------------------------------------------------------
    def token(self, kind: str, r_px: int, dim: bool = False) -> pygame.Surface:
        """A marker's token: its kind's shape and colour, a dark edge, (r_px + 3) * 2 square."""
        pal = self.sc.app.palette

        def make():
            size = (r_px + 3) * 2
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            col = self.kinds.colour(kind, pal)
            if dim:
                col = mix(col, (90, 94, 100), 0.5)
            pts = shape_points(self.kinds.shape(kind), c, c, r_px)
            if pts is None:
                pygame.draw.circle(s, (10, 12, 16), (c, c), r_px + 2)
                pygame.draw.circle(s, col, (c, c), r_px)
                pygame.draw.circle(s, (10, 12, 16), (c, c), max(2, r_px // 3))
            else:
                pygame.draw.polygon(s, (10, 12, 16), pts, 0)
                inner = shape_points(self.kinds.shape(kind), c, c, max(2, r_px - 2))
                pygame.draw.polygon(s, col, inner)
                pygame.draw.polygon(s, (10, 12, 16), shape_points(self.kinds.shape(kind), c, c, max(1, r_px * 0.45)), 2)
            return s
        return self.cache.get(("token", kind, r_px, dim, pal.name), make)

    def markers(self, screen) -> None:
        """Markers lying on the table (under the units): their token, a ring in the colour of the side that
        Controls it."""
        sc = self.sc
        cam = sc.camera
        hover = sc.sel.hover_marker
        for mv in sc.markers:
            if mv.carrier is not None or mv.item is not None:
                continue
            c = cam.to_screen(mv.x, mv.y)
            r_px = max(6, cam.length(mv.r))
            if mv.controller is not None:
                pygame.draw.circle(screen, (0, 0, 0), c, r_px + 6, 4)
                pygame.draw.circle(screen, self.side_colour(mv.controller), c, r_px + 5, 2)
            tok = self.token(mv.kind, r_px)
            screen.blit(tok, tok.get_rect(center=c))
            if mv.mid == hover:
                pygame.draw.circle(screen, (255, 255, 255), c, r_px + 3, 1)

    def over_units(self, screen) -> list:
        """After the units: the markers carried by a unit as a small token on its carrier's base (it follows the base
        as it moves); the labels of the markers on the table and their states (placed with the units' names, so
        none covers another: labels.py)."""
        sc = self.sc
        cam = sc.camera
        wants = []
        light = (230, 232, 236)
        for mv in sc.markers:
            if mv.carrier is None and mv.item is None:
                c = cam.to_screen(mv.x, mv.y)
                r_px = max(6, cam.length(mv.r))
                col = self.kinds.colour(mv.kind, sc.app.palette)
                wants.append(Want(mv.label, c[0], c[1], r_px, 10, col, "marker", rank=1))
                if mv.state:
                    wants.append(Want(mv.state, c[0], c[1], r_px, 9, light, "state", rank=1, bold=False,
                                      sides=("above", "right", "left", "below")))
                continue
            if mv.item is not None:
                v = sc.by_uid.get(mv.item)
                if v is not None and mv.state:
                    x, y = self.base_at(v)
                    c = cam.to_screen(x, y)
                    wants.append(Want(mv.state, c[0], c[1], cam.length(v.r) + 1, 9, light, "state", rank=1, bold=False,
                                      sides=("above", "right", "left", "below")))
                continue
            if mv.carrier is None:
                continue
            pos = self.badge_at(mv)
            if pos is None:
                continue
            r_px = max(5, int(cam.ppi * 0.28))
            tok = self.token(mv.kind, r_px)
            screen.blit(tok, tok.get_rect(center=pos))
        return wants

    def base_at(self, v):
        a = self.sc.feed.anims.get(v.uid)
        return a.pos() if a is not None else (v.x, v.y)

    def badge_at(self, mv):
        """Screen position of a carried marker's token: on the upper left of its carrier's base."""
        sc = self.sc
        v = sc.by_uid.get(mv.carrier)
        if v is None:
            return None
        x, y = self.base_at(v)
        cx, cy = sc.camera.to_screen(x, y)
        d = sc.camera.length(v.r) * 0.78
        k = [m.mid for m in sc.markers if m.carrier == mv.carrier].index(mv.mid)
        return int(cx - d + k * sc.camera.ppi * 0.5), int(cy - d)

    # -- the tooltip of the marker under the mouse --------------------------------------------------------
    def tooltip(self, screen) -> bool:
        """The hovered marker's label and rules by the cursor. True if drawn."""
        sc = self.sc
        mid = sc.sel.hover_marker
        mv = next((m for m in sc.markers if m.mid == mid), None)
        if mv is None or sc.effects.banner is not None:
            return False
        app = sc.app
        T, pal = app.text, app.palette
        col = self.kinds.colour(mv.kind, pal)
        body = []
        for line in marker_lines(sc.match, mv):
            body += T.wrap(line, 12, sc.px(304))
        w = max([T.size(mv.label, 14, True)[0]] + [T.size(b, 12)[0] for b in body]) + sc.px(16)
        h = T.line_height(14) + len(body) * T.line_height(12) + sc.px(14)
        mx, my = app.mouse
        r = pygame.Rect(mx + sc.px(18), my - h - sc.px(8), w, h)
        view = sc.layout["view"]
        if r.right > view.right:
            r.right = mx - sc.px(8)
        if r.top < view.top:
            r.top = my + sc.px(18)
        pygame.draw.rect(screen, (10, 12, 16), r, border_radius=6)
        pygame.draw.rect(screen, col, r, 1, border_radius=6)
        y = r.y + sc.px(6)
        T.blit(screen, mv.label, (r.x + sc.px(8), y), 14, col, True)
        y += T.line_height(14)
        for line in body:
            T.blit(screen, line, (r.x + sc.px(8), y), 12, pal.text)
            y += T.line_height(12)
        return True
