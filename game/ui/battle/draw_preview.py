"""Drawing the previews on the table: the Move or Dash area (one cached surface per preview and zoom), the
hovered path with its cost and warnings, the targets of an attack with the weapon's range and the sight lines,
a skill's area, spots and choices.

Reads the scene and the match; changes neither. Its caches are its own.
"""
from __future__ import annotations

import math

import pygame

from ..board import _dashed_line
from ..sprites import mix
from ..cache import SurfaceCache
from .draw_table import disc


class PreviewPainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.cache = SurfaceCache()
        self._reach = None  # (surface or None, (x0, y0)) of the Move area ...
        self._reach_key = None  # ... for this preview, zoom, mode and palette

    # -- Move and Dash -------------------------------------------------------------------------------------
    def _reach_surface(self, pv):
        sc = self.sc
        cam = sc.camera
        key = (sc.sel.preview_serial, cam.ppi, sc.mode, sc.app.palette.name)
        if self._reach_key == key and self._reach is not None:
            return self._reach
        self._reach_key = key
        pal = sc.app.palette
        spots = pv.spots
        if not spots:
            self._reach = (None, (0, 0))
            return self._reach
        step = pv.step
        xs = [s[0] for s in spots]
        ys = [s[1] for s in spots]
        x0, y0 = min(xs) - step, min(ys) - step
        W = int((max(xs) - x0 + step) * cam.ppi) + 2
        H = int((max(ys) - y0 + step) * cam.ppi) + 2
        surf = pygame.Surface((W, H), pygame.SRCALPHA)
        col = pal.reach if sc.mode == "move" else pal.dash
        half = step * cam.ppi / 2
        size = max(2, int(math.ceil(step * cam.ppi)))
        z0 = pv.start_z
        for x, y, z, cost in spots:
            px_ = int((x - x0) * cam.ppi - half)
            py_ = int((y - y0) * cam.ppi - half)
            climbed = abs(z - z0) > 0.01
            a = 120 if climbed else 62
            c = mix(col, (255, 255, 255), 0.35) if climbed else col
            surf.fill(c + (a,), (px_, py_, size, size))

        # an outline of the area: cells with a missing neighbour
        def cell(x, y):
            return int(math.floor(x / step + 1e-6)), int(math.floor(y / step + 1e-6))

        have = {cell(s[0], s[1]) for s in spots}
        edge = mix(col, (255, 255, 255), 0.4) + (230,)
        for x, y, z, cost in spots:
            i, j = cell(x, y)
            cx = (x - x0) * cam.ppi
            cy = (y - y0) * cam.ppi
            if (i - 1, j) not in have:
                pygame.draw.line(surf, edge, (cx - half, cy - half), (cx - half, cy + half), 2)
            if (i + 1, j) not in have:
                pygame.draw.line(surf, edge, (cx + half, cy - half), (cx + half, cy + half), 2)
            if (i, j - 1) not in have:
                pygame.draw.line(surf, edge, (cx - half, cy - half), (cx + half, cy - half), 2)
            if (i, j + 1) not in have:
                pygame.draw.line(surf, edge, (cx - half, cy + half), (cx + half, cy + half), 2)
        self._reach = (surf, (x0, y0))
        return self._reach

    def reach(self, screen, pv) -> None:
        surf, (x0, y0) = self._reach_surface(pv)
        if surf is not None:
            screen.blit(surf, self.sc.camera.to_screen(x0, y0))

    def path(self, screen, pv) -> None:
        sc = self.sc
        app, cam = sc.app, sc.camera
        pal = app.palette
        path = sc.hover_path
        if path is None or sc.hover_spot is None:
            return
        pts = [cam.to_screen(p[0], p[1]) for p in path.points]
        threats = pv.aoo_threats(path)
        col = pal.bad if threats else pal.select
        if len(pts) >= 2:
            pygame.draw.lines(screen, (0, 0, 0), False, pts, 5)
            pygame.draw.lines(screen, col, False, pts, 3)
        for p in path.points[1:-1]:
            pygame.draw.circle(screen, col, cam.to_screen(p[0], p[1]), 4)
        x, y, z = path.points[-1]
        v = sc.by_uid.get(sc.selected)
        r = v.r if v is not None else 0.5
        ghost = self._ghost(cam.length(r), col)
        gp = cam.to_screen(x, y)
        screen.blit(ghost, ghost.get_rect(center=gp))
        # the cost right by the cursor
        txt = f'{path.cost:.1f}" of {pv.budget:g}"'
        if path.climbs:
            txt += f"  ·  {path.climbs} climb{'s' if path.climbs > 1 else ''}"
        if abs(z - pv.start_z) > 0.01:
            txt += f'  ·  ends {z:g}" up' if z > 0 else "  ·  ends on the ground"
        t = app.text.render(txt, 13, (255, 255, 255), True)
        r_ = t.get_rect(midbottom=(gp[0], gp[1] - cam.length(r) - 6)).inflate(10, 4)
        pygame.draw.rect(screen, (10, 12, 16), r_, border_radius=5)
        pygame.draw.rect(screen, col, r_, 1, border_radius=5)
        screen.blit(t, t.get_rect(center=r_.center))
        if threats:
            names = ", ".join(sc.by_uid[e].name for e in threats if e in sc.by_uid)
            w = app.sprites.warning(18)
            t2 = app.text.render(f"Attack of Opportunity: {names}", 12, pal.warn, True)
            r2 = pygame.Rect(0, 0, t2.get_width() + 30, max(22, t2.get_height() + 6))
            r2.midtop = (gp[0], gp[1] + cam.length(r) + 6)
            pygame.draw.rect(screen, (10, 12, 16), r2, border_radius=5)
            pygame.draw.rect(screen, pal.warn, r2, 1, border_radius=5)
            screen.blit(w, (r2.x + 5, r2.centery - 9))
            screen.blit(t2, (r2.x + 26, r2.centery - t2.get_height() // 2))

    def _ghost(self, r_px: int, col) -> pygame.Surface:
        """The base at the end of the path: a translucent disc with a rim (cached by size and colour)."""
        def make():
            ghost = pygame.Surface((r_px * 2 + 4,) * 2, pygame.SRCALPHA)
            c = ghost.get_width() // 2
            pygame.draw.circle(ghost, tuple(col) + (90,), (c, c), r_px)
            pygame.draw.circle(ghost, tuple(col) + (255,), (c, c), r_px, 2)
            return ghost
        return self.cache.get(("ghost", r_px, tuple(col)), make)

    # -- attacks ------------------------------------------------------------------------------------------
    def targets(self, screen, pv) -> None:
        """Targets: a reticle on every valid one, a crossed ring on the others; the weapon's range."""
        sc = self.sc
        app, cam = sc.app, sc.camera
        pal = app.palette
        me = sc.by_uid.get(sc.selected)
        w = pv.weapon
        if me is not None and w is not None and w.range_inches is not None and sc.match.table.measure != "grid":
            pygame.draw.circle(screen, pal.sight, cam.to_screen(me.x, me.y), cam.length(w.range_inches + me.r), 1)
        rings = []
        for uid, info in pv.targets.items():
            v = sc.by_uid.get(uid)
            if v is None:
                continue
            r_px = max(5, int(v.r * cam.ppi))
            if info.reason is None:
                ring = app.sprites.ring(r_px + 3, pal.good, 3, ticks=True)
            else:
                ring = app.sprites.ring(r_px + 2, (150, 150, 150), 2, crossed=True)
            rings.append((ring, ring.get_rect(center=cam.to_screen(v.x, v.y))))
        for uid, dice in pv.spread_dice():  # Spread: the targets chosen, each with the dice it gets
            v = sc.by_uid.get(uid)
            if v is None:
                continue
            r_px = max(5, int(v.r * cam.ppi))
            ring = app.sprites.ring(r_px + 7, pal.select, 2)
            cx, cy = cam.to_screen(v.x, v.y)
            rings.append((ring, ring.get_rect(center=(cx, cy))))
            if len(pv.spread) > 1:
                t = app.text.render(f"{dice}D", 13, pal.select, True)
                rings.append((t, t.get_rect(midleft=(cx + r_px + 9, cy - r_px))))
        screen.blits(rings, False)

    def sight(self, screen, info) -> None:
        sc = self.sc
        app, cam = sc.app, sc.camera
        pal = app.palette
        s = info.sight
        if s is None:  # melee: a line between the bases
            a, b = sc.by_uid.get(sc.selected), sc.by_uid.get(info.uid)
            if a and b:
                pygame.draw.line(screen, pal.good if info.reason is None else pal.bad, cam.to_screen(a.x, a.y),
                                 cam.to_screen(b.x, b.y), 3)
            return
        col = pal.sight if s.visible else pal.bad
        if s.visible and s.cover:
            col = pal.cover
        for a, b in s.lines:
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            if s.visible:
                pygame.draw.line(screen, (0, 0, 0), pa, pb, 4)
                pygame.draw.line(screen, col, pa, pb, 2)
            else:
                _dashed_line(screen, col, pa, pb, 2, 7, 5)
            pygame.draw.circle(screen, col, pb, 4)
        if not s.lines:
            a, b = sc.by_uid.get(sc.selected), sc.by_uid.get(info.uid)
            if a and b:
                _dashed_line(screen, col, cam.to_screen(a.x, a.y), cam.to_screen(b.x, b.y), 2, 7, 5)

    # -- skills -------------------------------------------------------------------------------------------
    def skill_choices(self, screen) -> None:
        """While a skill's unit or spot is chosen: the area it may reach, the spots listed, the units to click."""
        sc = self.sc
        app, cam, t = sc.app, sc.camera, sc.skill
        pal = app.palette
        area = t.area()
        if area is not None:
            c = cam.to_screen(area[0], area[1])
            r = cam.length(area[2])
            if r <= 700:
                d = disc(self.cache, r, pal.select + (26,), None)
                screen.blit(d, d.get_rect(center=c))
            pygame.draw.circle(screen, (0, 0, 0), c, r, 4)
            pygame.draw.circle(screen, pal.select, c, r, 2)
        for uid in t.units():
            v = sc.by_uid.get(uid)
            if v is None:
                continue
            r_px = max(5, int(v.r * cam.ppi))
            ring = app.sprites.ring(r_px + 4, mix(pal.select, (255, 255, 255), 0.3), 3, ticks=True)
            screen.blit(ring, ring.get_rect(center=cam.to_screen(v.x, v.y)))
        choosable = set(t.markers()) if hasattr(t, "markers") else set()
        for mv in sc.markers:
            if mv.mid not in choosable:
                continue
            at = sc.painter.mission.badge_at(mv) if mv.carrier is not None else cam.to_screen(mv.x, mv.y)
            if at is None:
                continue
            r_px = max(6, cam.length(mv.r)) if mv.carrier is None else max(5, int(cam.ppi * 0.28))
            ring = app.sprites.ring(r_px + 4, mix(pal.select, (255, 255, 255), 0.3), 3, ticks=True)
            screen.blit(ring, ring.get_rect(center=at))
        if t.first is not None:
            v = sc.by_uid.get(t.first)
            if v is not None:
                pygame.draw.circle(screen, pal.select, cam.to_screen(v.x, v.y), max(5, int(v.r * cam.ppi)) + 8, 4)

    def _spot_marker(self, col) -> pygame.Surface:
        """A spot a skill may be used on: a small ringed cross."""
        def make():
            mark = pygame.Surface((22, 22), pygame.SRCALPHA)
            pygame.draw.circle(mark, (0, 0, 0), (11, 11), 9, 4)
            pygame.draw.circle(mark, col, (11, 11), 8, 2)
            pygame.draw.line(mark, col, (7, 11), (15, 11), 2)
            pygame.draw.line(mark, col, (11, 7), (11, 15), 2)
            return mark
        return self.cache.get(("spot", col), make)

    def skill_hover(self, screen) -> None:
        """Over the bases: the spots listed, and what the hovered spot would do."""
        sc = self.sc
        app, cam, t = sc.app, sc.camera, sc.skill
        pal = app.palette
        spots = t.spots()
        if spots:
            mark = self._spot_marker(pal.select)
            half = mark.get_width() // 2
            for x, y in spots:
                c = cam.to_screen(x, y)
                screen.blit(mark, (c[0] - half, c[1] - half))
        h = sc.skill_hover
        if h is None:
            return
        x, y, listed = h
        c = cam.to_screen(x, y)
        col = pal.select if listed else mix(pal.select, (255, 255, 255), 0.4)
        eff = t.effect_radius
        if eff:
            pygame.draw.circle(screen, (0, 0, 0), c, cam.length(eff), 3)
            pygame.draw.circle(screen, col, c, cam.length(eff), 2)
        mover = t.lander
        if mover is not None:
            v = sc.by_uid.get(mover)
            if v is not None:
                r = cam.length(v.r)
                pygame.draw.line(screen, col, cam.to_screen(v.x, v.y), c, 2)
                pygame.draw.circle(screen, col, c, r, 2)
        for u in sc.skill_victims:
            v = sc.by_uid.get(u)
            if v is not None:
                ring = app.sprites.ring(max(5, int(v.r * cam.ppi)) + 3, pal.bad, 3, ticks=True)
                screen.blit(ring, ring.get_rect(center=cam.to_screen(v.x, v.y)))
        pygame.draw.circle(screen, (0, 0, 0), c, 6)
        pygame.draw.circle(screen, col, c, 4)
