"""Drawing what the player can know before acting (foresight.py, worked out ahead by lookahead.py): the enemies'
threat areas (melee and ranged reach, a crosshair on units in an enemy's line of fire, a legend), what a hovered
Move destination would see (an eye or a shield over each enemy, a red ring on those that could shoot the unit
there, a shield on the ghost base), and an NPC's intent under the mouse (its Behaviour line and an arrow to its
likely target).

Reads the scene and the finished work; changes neither. The scaled threat layers are cached per match version
and zoom.
"""
from __future__ import annotations

import pygame

from ..sprites import mix
from .foresight import RES


class ForesightPainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self._layers = None  # (key, the board's static picture with the threat areas)
        self._legend_pic = None  # (key, surface)

    # -- threat areas ---------------------------------------------------------------------------------------
    def board_with_threat(self):
        """The board's static picture with the threat areas of the last pass finished painted in (made once per pass
        and zoom, so a frame blits one picture as it would without them), or None before the first pass is done."""
        sc = self.sc
        got = sc.ahead.threat_now()
        if got is None:
            return None
        t = got[0]
        cam = sc.camera
        pal = sc.app.palette
        key = (cam.ppi, pal.name, id(t), id(sc.renderer.static_surface(cam.ppi)))
        if self._layers is None or self._layers[0] != key:
            pic = sc.renderer.static_surface(cam.ppi).copy()
            pic.blit(self._picture(t, cam.ppi), (0, 0))
            self._layers = (key, pic)
        return self._layers[1]

    def _picture(self, t, ppi: int) -> pygame.Surface:
        """Both areas and their edges in one picture at this zoom."""
        pal = self.sc.app.palette
        pic = self._tint(t.ranged, pal.warn, 34, ppi)
        pic.blit(self._tint(t.melee, pal.bad, 70, ppi), (0, 0))
        for pts in self._outline(t.ranged, ppi):
            pygame.draw.lines(pic, mix(pal.warn, (0, 0, 0), 0.15) + (255,), True, pts, 1)
        for pts in self._outline(t.melee, ppi):
            pygame.draw.lines(pic, pal.bad + (255,), True, pts, 2)
        return pic

    @staticmethod
    def _tint(layer: pygame.Surface, colour, alpha: int, ppi: int) -> pygame.Surface:
        w, h = layer.get_size()
        scaled = pygame.transform.smoothscale(layer, (max(1, w * ppi // RES), max(1, h * ppi // RES)))
        scaled.fill(tuple(colour) + (alpha,), special_flags=pygame.BLEND_RGBA_MULT)
        return scaled

    @staticmethod
    def _outline(layer: pygame.Surface, ppi: int) -> list:
        mask = pygame.mask.from_surface(layer, 127)
        k = ppi / RES
        out = []
        for comp in mask.connected_components(minimum=4):
            pts = comp.outline(2)
            if len(pts) >= 3:
                out.append([(x * k, y * k) for x, y in pts])
        return out

    def threat_marks(self, screen) -> None:
        """Over the units: a crosshair on each of the player's units an enemy could shoot now; the legend."""
        sc = self.sc
        got = sc.ahead.threat_now()
        app, cam, pal = sc.app, sc.camera, sc.app.palette
        view = sc.layout["view"]
        if got is None:
            box = sc.painter.summary.rect
            app.text.blit(screen, "Working out the threat...", (view.x + sc.px(12), box.bottom + sc.px(10)), 12,
                          pal.text_dim, shadow=True)
            return
        t, fresh = got
        size = max(12, int(cam.ppi * 0.55))
        for uid in t.line_of_fire:
            v = sc.by_uid.get(uid)
            if v is None:
                continue
            c = cam.to_screen(v.x, v.y)
            ico = app.sprites.icon("target", size, pal.warn)
            screen.blit(ico, ico.get_rect(center=(c[0] + cam.length(v.r), c[1] - cam.length(v.r))))
        self._legend(screen, t, fresh)

    def _legend(self, screen, t, fresh: bool = True) -> None:
        sc = self.sc
        pal, px = sc.app.palette, sc.px
        view = sc.layout["view"]
        rows = [(pal.bad, "fill", "a Move, then a melee strike"),
                (pal.warn, "line", "a Move, then in gun range"),
                (pal.warn, "target", "in their line of fire now")]
        if t.unlimited:
            rows.append((pal.text_dim, None, f"{len(set(t.unlimited))} with guns of no range limit"))
        box = sc.painter.summary.rect  # under the mission's summary, in the strip the table leaves clear
        top = box.bottom + px(8) if box.h else view.y + px(8)
        key = (tuple(r[2] for r in rows), pal.name, sc.app.settings.ui_scale, fresh)
        if self._legend_pic is None or self._legend_pic[0] != key:
            self._legend_pic = (key, self._legend_surface(rows, fresh))
        screen.blit(self._legend_pic[1], (view.x + px(8), top))

    def _legend_surface(self, rows, fresh: bool = True) -> pygame.Surface:
        sc = self.sc
        T, pal, px = sc.app.text, sc.app.palette, sc.px
        h = T.line_height(12) * (len(rows) + 1) + px(12)
        w = max(T.size(r[2], 12)[0] for r in rows) + px(44)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        r = surf.get_rect()
        surf.fill((13, 16, 21, 220))
        pygame.draw.rect(surf, pal.panel_edge, r, 1, border_radius=6)
        y = r.y + px(6)
        T.blit(surf, "Enemy threat (T; hold Alt)" if fresh else "Enemy threat (updating)", (r.x + px(8), y), 12,
               pal.text, True)
        y += T.line_height(12)
        screen = surf
        for col, kind, text in rows:
            sw = pygame.Rect(r.x + px(8), y + px(3), px(22), T.line_height(12) - px(6))
            if kind == "fill":
                pygame.draw.rect(screen, mix(col, (20, 20, 20), 0.4), sw)
                pygame.draw.rect(screen, col, sw, 2)
            elif kind == "line":
                pygame.draw.rect(screen, col, sw, 1)
            elif kind == "target":
                ico = sc.app.sprites.icon("target", sw.h + px(4), col)
                screen.blit(ico, ico.get_rect(center=sw.center))
            T.blit(screen, text, (r.x + px(36), y), 12, pal.text_dim)
            y += T.line_height(12)
        return surf

    # -- a Move destination ---------------------------------------------------------------------------------
    def destination(self, screen) -> None:
        sc = self.sc
        key = sc.ahead.destination_key()
        job = sc.ahead.look.get(key) if key is not None else None
        if job is None or not job.done or not job.value:
            return
        app, cam, pal = sc.app, sc.camera, sc.app.palette
        size = max(16, int(cam.ppi * 0.7))
        gx, gy = cam.to_screen(*key[3][:2])
        for look in job.value:
            v = sc.by_uid.get(look.uid)
            if v is None:
                continue
            c = cam.to_screen(v.x, v.y)
            rp = cam.length(v.r)
            if look.could_shoot:
                pygame.draw.line(screen, pal.bad, c, (gx, gy), 1)
                ring = app.sprites.ring(rp + 4, pal.bad, 2, ticks=True)
                screen.blit(ring, ring.get_rect(center=c))
            if look.sees_it:
                ico = app.sprites.icon("shield" if look.its_cover else "eye", size,
                                       pal.cover if look.its_cover else (240, 240, 240))
            else:
                ico = app.sprites.icon("noeye", size, (150, 154, 160))
            screen.blit(ico, ico.get_rect(midbottom=(c[0], c[1] - rp - 2)))
        seen = [lk for lk in job.value if lk.seen_by]
        covered = [lk for lk in seen if lk.unit_in_cover]
        if seen:
            name = "shield" if len(covered) == len(seen) else ("halfshield" if covered else "noshield")
            col = pal.cover if covered else pal.bad
            ico = app.sprites.icon(name, size + 4, col)
            v = sc.by_uid.get(sc.selected)
            rp = cam.length(v.r) if v is not None else size // 2
            screen.blit(ico, ico.get_rect(midleft=(gx + rp + 4, gy)))

    # -- an NPC's intent ----------------------------------------------------------------------------------------
    def intent(self, screen) -> None:
        sc = self.sc
        key = sc.ahead.intent_key()
        job = sc.ahead.look.get(key) if key is not None else None
        if job is None or not job.done or job.value is None:
            return
        it = job.value
        v = sc.by_uid.get(it.uid)
        cam, pal = sc.camera, sc.app.palette
        if v is None:
            return
        if it.target is not None and it.target in sc.by_uid:
            tv = sc.by_uid[it.target]
            a, b = cam.to_screen(v.x, v.y), cam.to_screen(tv.x, tv.y)
            pygame.draw.line(screen, (0, 0, 0), a, b, 5)
            pygame.draw.line(screen, pal.npc, a, b, 3)
            ring = sc.app.sprites.ring(cam.length(tv.r) + 4, pal.npc, 3, ticks=True)
            screen.blit(ring, ring.get_rect(center=b))
        dest = getattr(it.command, "x", None), getattr(it.command, "y", None)
        if dest[0] is not None:
            p = cam.to_screen(*dest)
            pygame.draw.circle(screen, pal.npc, p, cam.length(v.r), 2)
