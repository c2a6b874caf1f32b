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
        self._making = None  # (key, stages, ThreatLayers) of the next picture, made a stage a frame
        self.shown = None  # the ThreatLayers the picture shows
        self._staged_at = -1  # the frame (App.frame) that made the last stage
        self._legend_pic = None  # (key, surface)
        self._traced: list = []  # (layer, its outlines, their lines) of the last few threat layers traced

    # -- threat areas ---------------------------------------------------------------------------------------
    def board_with_threat(self):
        """The board's static picture with the threat areas painted in (so a frame blits one picture as it would
        without them), or None before the first is made. A new pass's picture is made a stage a frame (each a
        pass over the picture: stages()), the last one made shown meanwhile (`shown`: its ThreatLayers; the plain
        board before the first); a new zoom or palette makes it at once."""
        sc = self.sc
        got = sc.ahead.threat_now()
        if got is None:
            return None
        t = got[0]
        cam = sc.camera
        pal = sc.app.palette
        look = (cam.ppi, pal.name, id(sc.renderer.static_surface(cam.ppi)))
        key = look + (id(t),)
        if self._layers is not None and self._layers[0] == key:
            return self._layers[1]
        if self._making is None or self._making[0] != key:
            self._making = (key, self.stages(t, cam.ppi), t)
        at_once = self._layers is not None and self._layers[0][:3] != look  # (the first: the plain board meanwhile)
        if not at_once and self._staged_at == sc.app.frame:  # (a stage a frame, however often it is drawn)
            return self.threat_board()
        self._staged_at = sc.app.frame
        for pic in self._making[1]:
            if pic is not None:
                self._layers = (key, pic)
                self.shown = t
                self._making = None
                break
            if not at_once:
                break
        return self._layers[1] if self._layers is not None and self._layers[0][:3] == look else None

    def threat_board(self):
        """The picture board_with_threat last gave (no stage made), or None."""
        sc = self.sc
        cam = sc.camera
        look = (cam.ppi, sc.app.palette.name, id(sc.renderer.static_surface(cam.ppi)))
        got = self._layers
        return got[1] if got is not None and got[0][:3] == look and sc.ahead.threat_now() is not None else None

    @property
    def making(self) -> bool:
        """A new threat picture is being made (the frames go on until it shows)."""
        return self._making is not None and self.sc.ahead.threat_shown

    def stages(self, t, ppi: int):
        """Generator: the board's static picture with both areas and their edges painted in at this zoom, a pass over
        the picture a stage (None after each; the picture last)."""
        pal = self.sc.app.palette
        pic = self._scaled(t.ranged, ppi)
        yield None
        pic.fill(tuple(pal.warn) + (34,), special_flags=pygame.BLEND_RGBA_MULT)
        yield None
        melee = self._scaled(t.melee, ppi)
        yield None
        melee.fill(tuple(pal.bad) + (70,), special_flags=pygame.BLEND_RGBA_MULT)
        yield None
        pic.blit(melee, (0, 0))
        yield None
        for pts in self._outline(t.ranged, ppi):
            pygame.draw.lines(pic, mix(pal.warn, (0, 0, 0), 0.15) + (255,), True, pts, 1)
        for pts in self._outline(t.melee, ppi):
            pygame.draw.lines(pic, pal.bad + (255,), True, pts, 2)
        yield None
        board = self.sc.renderer.static_surface(ppi).copy()
        yield None
        board.blit(pic, (0, 0))
        yield board

    @staticmethod
    def _scaled(layer: pygame.Surface, ppi: int) -> pygame.Surface:
        w, h = layer.get_size()
        return pygame.transform.smoothscale(layer, (max(1, w * ppi // RES), max(1, h * ppi // RES)))

    def _outline(self, layer: pygame.Surface, ppi: int) -> list:
        k = ppi / RES
        return [[(x * k, y * k) for x, y in pts] for pts in self.traced(layer)[0]]

    def traced(self, layer: pygame.Surface) -> tuple:
        """(outlines, the lines they draw) of a threat layer, traced once: a stage of its picture traces them, and the
        frame that shows the picture compares the lines of the two pictures (two pictures draw the same outlines
        where they have the same lines)."""
        for got in self._traced:
            if got[0] is layer:
                return got[1:]
        pts = outlines(layer)
        got = (layer, pts, {line for p in pts for line in zip(p, p[1:] + p[:1])})
        self._traced = [got, *self._traced[:5]]  # (the two pictures' two layers each, and the next one's)
        return got[1:]

    def threat_marks(self, screen) -> None:
        """Over the units: a crosshair on each of the player's units an enemy could shoot now; the legend."""
        screen.blits(self.threat_blits(), False)

    def threat_blits(self) -> list:
        """(picture, rect) of the threat's marks over the table: the crosshairs, then the legend (or the note that the
        first pass is under way, with its shadow)."""
        sc = self.sc
        got = sc.ahead.threat_now()
        app, cam, pal = sc.app, sc.camera, sc.app.palette
        view = sc.layout["view"]
        if got is None:
            box = sc.painter.summary.rect
            text = "Working out the threat..."
            pic = app.text.render(text, 12, pal.text_dim)
            r = pic.get_rect(topleft=(view.x + sc.px(12), box.bottom + sc.px(10)))
            return [(app.text.render(text, 12, (0, 0, 0)), r.move(1, 1)), (pic, r)]
        t, fresh = got
        size = max(12, int(cam.ppi * 0.55))
        out = []
        for uid in t.line_of_fire:
            v = sc.by_uid.get(uid)
            if v is None:
                continue
            c = cam.to_screen(v.x, v.y)
            ico = app.sprites.icon("target", size, pal.warn)
            out.append((ico, ico.get_rect(center=(c[0] + cam.length(v.r), c[1] - cam.length(v.r)))))
        out.append(self._legend(t, fresh))
        return out

    def threat_stamp(self) -> tuple:
        """(look, rects) of the threat's marks (what damage.Stamp compares): the pictures and where they go."""
        blits = self.threat_blits()
        return tuple((id(pic), tuple(r)) for pic, r in blits), [pygame.Rect(r) for _, r in blits]

    def board_change(self, shown, now) -> list | None:
        """Where the board's picture with the threat areas of pass `now` differs from the one with `shown` (both
        ThreatLayers, drawn at this zoom): round each place either area changed and each line of their outlines
        drawn in one picture only, as far as the scaled picture's smoothing and the outlines reach. None when that is
        most of the table (drawn whole)."""
        sc = self.sc
        cam = sc.camera
        diff = None
        for a, b in ((shown.melee, now.melee), (shown.ranged, now.ranged)):
            ma, mb = pygame.mask.from_surface(a, 127), pygame.mask.from_surface(b, 127)
            gone = ma.copy()
            gone.erase(mb, (0, 0))
            mb.erase(ma, (0, 0))
            gone.draw(mb, (0, 0))
            # an outline traces only the outside of each area: one changed in one place (a hole opened to the
            # outside or closed, two areas joined or parted) may gain or lose its outline far from there
            for (x0, y0), (x1, y1) in self.traced(a)[1] ^ self.traced(b)[1]:
                line = pygame.mask.Mask((abs(x1 - x0) + 1, abs(y1 - y0) + 1), fill=True)
                gone.draw(line, (min(x0, x1), min(y0, y1)))
            if diff is None:
                diff = gone
            else:
                diff.draw(gone, (0, 0))
        k = cam.ppi / RES
        pad = int(2 * k) + 4
        return [pygame.Rect(int(cam.ox + r.x * k) - pad, int(cam.oy + r.y * k) - pad, int(r.w * k) + 2 * pad + 1,
                            int(r.h * k) + 2 * pad + 1) for r in diff.get_bounding_rects()]

    def _legend(self, t, fresh: bool = True) -> tuple:
        """(picture, rect) of the threat's legend."""
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
        pic = self._legend_pic[1]
        return pic, pic.get_rect(topleft=(view.x + px(8), top))

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


def outlines(layer: pygame.Surface) -> list:
    """The outline of each area of a threat layer (its pixels at least half opaque, 4 of them at least): the points
    of its outer edge in order, in the layer's pixels (the holes inside an area are not outlined)."""
    mask = pygame.mask.from_surface(layer, 127)
    out = []
    for comp in mask.connected_components(minimum=4):
        pts = comp.outline()  # (every point: the outline is a line from each edge pixel to the next)
        if len(pts) >= 3:
            out.append(pts)
    return out

