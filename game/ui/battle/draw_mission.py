"""Drawing the mission on the battle screen: its zones (deployment, extraction... as the mission reports them), the
colours of the sides that Control markers, where a carried marker's token sits on its carrier, the tooltip of the
marker under the mouse. (The markers themselves are entities of the table's world: game/ui/view.) (The summary box:
draw_summary.py.)

Reads the scene and the match; changes neither. Its surfaces are cached here, keyed by what changes them.
"""
from __future__ import annotations

import math

import pygame

from ..board import _Translucent, dashed_polygon, side_styles
from ..sprites import mix
from ..cache import SurfaceCache
from .labels import Want
from ..view.looks import MarkerLook
from .mission_view import KindStyles, marker_lines


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
        self.look = MarkerLook()  # the markers' tokens, a shape and colour per kind (the table's world draws them)

    @property
    def kinds(self) -> KindStyles:
        return self.look.kinds

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
    def zones(self, screen) -> None:
        """The zones' fill and outline (where the player deploys now pulses)."""
        sc = self.sc
        zones = sc.mission_zones()
        if not zones:
            return
        cam = sc.camera
        pal = sc.app.palette
        key = ("zones", tuple((dz.purpose, dz.side, dz.zone) for dz in zones), cam.ppi, pal.name, sc.side)
        surf, origin = self.cache.get(key, lambda: self._zones_surface(zones, cam.ppi))
        if surf is not None:
            screen.blit(surf, (cam.ox + origin[0], cam.oy + origin[1]))
        pulse = 0.5 + 0.5 * math.sin(sc.time * 3)
        deploying = sc.match.phase == "deploy"
        for dz in zones:
            pts = zone_points(dz.zone, cam.ppi, (cam.ox, cam.oy))
            if len(pts) >= 3 and deploying and dz.purpose == "deploy" and dz.side == sc.side:
                pygame.draw.polygon(screen, mix(self.zone_colour(dz), (255, 255, 255), 0.3 * pulse), pts, 3)

    def zone_wants(self) -> list:
        """The labels of the zones' names (Want), the player's own deployment zone in capitals while deploying."""
        sc = self.sc
        zones = sc.mission_zones()
        wants: list = []
        cam = sc.camera
        deploying = sc.match.phase == "deploy"
        for dz in zones:
            if not dz.label:
                continue
            pts = zone_points(dz.zone, cam.ppi, (cam.ox, cam.oy))
            if len(pts) < 3:
                continue
            own = deploying and dz.purpose == "deploy" and dz.side == sc.side
            top = min(pts, key=lambda q: q[1])
            cx = sum(q[0] for q in pts) / len(pts)
            wants.append(Want(dz.label.upper() if own else dz.label, cx, top[1], 0, 13 if own else 11,
                              self.zone_colour(dz), "zone", rank=4, sides=("above", "below")))
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

    # -- markers (drawn by the table's world: game/ui/view) ----------------------------------------------------------
    def badge_at(self, mv):
        """Screen position of a carried marker's token: on the upper left of its carrier's base."""
        sc = self.sc
        v = sc.by_uid.get(mv.carrier)
        if v is None:
            return None
        x, y = sc.table_view.world.place_of(v.uid) or (v.x, v.y)  # (mid-glide while it moves)
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
