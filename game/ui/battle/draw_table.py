"""Drawing what stands on the table: the deployment ghost base, tokens of skills (smoke, Scan markers, Dark
Gaze), the units with their rings (selected, active, what a question is about), their names.

Reads the scene and the match; changes neither. Its surfaces are cached here, keyed by what changes them.
"""
from __future__ import annotations

import math

import pygame

from ..sprites import mix
from .labels import Want

TOKEN_NAMES = {"smoke": "Smoke", "scan": "Scan marker", "gaze": "Dark Gaze"}


class SurfaceCache:
    """A small cache of surfaces (or wrapped lines), emptied when it grows past `limit`."""

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._d: dict = {}

    def get(self, key, make):
        got = self._d.get(key)
        if got is None:
            if len(self._d) > self.limit:
                self._d.clear()
            got = self._d[key] = make()
        return got


def disc(cache: SurfaceCache, r_px: int, fill, edge) -> pygame.Surface:
    """A filled translucent circle of radius r_px (with an edge), cached."""
    def make():
        surf = pygame.Surface((2 * r_px + 4, 2 * r_px + 4), pygame.SRCALPHA)
        c = r_px + 2
        pygame.draw.circle(surf, fill, (c, c), r_px)
        if edge is not None:
            pygame.draw.circle(surf, edge, (c, c), r_px, 2)
        return surf
    return cache.get(("disc", r_px, fill, edge), make)


def prompt_rings(sc) -> dict:
    """Units a prompt of the player's is about, uid -> (colour, clickable): the ones to click (a reticle in the
    selection colour), the unit attacked or deciding (white), the attacker (the "bad" colour)."""
    m = sc.match
    p = m.prompt
    if p is None or p.side != sc.side:
        return {}
    pal = sc.app.palette
    white = (240, 240, 240)
    out = {}
    try:
        if p.kind == "devoted":
            out[p.attacker] = (pal.bad, False)
            out[p.target] = (white, False)
            for u in p.options:
                out[u] = (pal.select, True)
        elif p.kind == "react":
            if m.active_unit is not None:
                out[m.active_unit] = (pal.bad, False)
            for c in p.options:
                if getattr(c, "uid", None) is not None:
                    out[c.uid] = (pal.select, True)
        elif p.kind == "counter":
            out[p.target] = (white, False)
            out[p.attacker] = (pal.bad, False)
        elif p.decision is not None:
            out[p.decision.uid] = (white, False)
            if m.active_unit is not None and m.active_unit != p.decision.uid:
                out[m.active_unit] = (pal.bad, False)
    except Exception:
        return {}
    return out


class TablePainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.cache = SurfaceCache()
        self._units_plan = None  # (key, the units in drawing order with their blits): see _plan

    # -- deployment ----------------------------------------------------------------------------------------
    def ghost(self, screen) -> None:
        """Where the next unit would deploy: green when it may stand there, red and crossed when not (the zones
        themselves are the mission's: draw_mission)."""
        sc = self.sc
        cam, pal = sc.camera, sc.app.palette
        g = sc.sel.ghost
        if g is None or sc.sel.deploy_uid is None:
            return
        x, y, ok, reason, r = g
        col = pal.good if ok else pal.bad
        s = pygame.Surface((cam.length(r) * 2 + 4,) * 2, pygame.SRCALPHA)
        c = s.get_width() // 2
        pygame.draw.circle(s, col + (110,), (c, c), cam.length(r))
        pygame.draw.circle(s, col + (255,), (c, c), cam.length(r), 2)
        if not ok:
            d = int(cam.length(r) * 0.6)
            pygame.draw.line(s, col, (c - d, c - d), (c + d, c + d), 3)
            pygame.draw.line(s, col, (c - d, c + d), (c + d, c - d), 3)
        screen.blit(s, s.get_rect(center=cam.to_screen(x, y)))

    # -- tokens ---------------------------------------------------------------------------------------------
    def tokens(self, screen) -> list:
        """Smoke (a grey cloud), Scan markers and Dark Gaze tokens (their area as a ring); their names' labels."""
        sc = self.sc
        wants = []
        app, cam = sc.app, sc.camera
        pal = app.palette
        for t in sc.match.tokens:
            kind = t.get("kind")
            c = cam.to_screen(t["x"], t["y"])
            r = max(4, cam.length(t.get("radius", 1.0)))
            if kind == "smoke":
                if r <= 900:
                    d = disc(self.cache, r, (150, 156, 166, 120), (215, 220, 228, 210))
                    screen.blit(d, d.get_rect(center=c))
                col = (225, 228, 235)
            else:
                col = pal.warn if kind == "scan" else pal.item
                pygame.draw.circle(screen, (0, 0, 0), c, r, 4)
                pygame.draw.circle(screen, col, c, r, 2)
            diamond = [(c[0], c[1] - 7), (c[0] + 7, c[1]), (c[0], c[1] + 7), (c[0] - 7, c[1])]
            pygame.draw.polygon(screen, col, diamond)
            pygame.draw.polygon(screen, (0, 0, 0), diamond, 1)
            wants.append(Want(TOKEN_NAMES.get(kind, kind), c[0], c[1], r, 11, col, "token", rank=3,
                              sides=("above", "below", "right", "left")))
        return wants

    # -- units ------------------------------------------------------------------------------------------
    def _plan(self) -> list:
        """The units in drawing order (lowest first, then top to bottom of the table), each with where it stands
        on screen and what to blit for it: (view, (sx, sy), r_px, dim, ready, blits). Made again when the match,
        the zoom, the pan, the active unit or the palette changes."""
        sc = self.sc
        cam, m = sc.camera, sc.match
        battle = m.phase == "battle"
        active = m.active_unit
        key = (sc.version, id(sc.units), cam.ppi, cam.ox, cam.oy, battle, active, sc.app.palette.name,
               id(sc.renderer))
        if self._units_plan is not None and self._units_plan[0] == key:
            return self._units_plan[1]
        plan = []
        for v in sorted(sc.units, key=lambda q: (q.z, q.y)):
            dim = battle and not v.item and not v.ready and v.uid != active
            ready = battle and v.ready and not v.item and v.uid != active
            plan.append((v, cam.to_screen(v.x, v.y), max(5, int(round(v.r * cam.ppi))), dim, ready,
                         sc.renderer.unit_blits(cam, v, dim, ready=ready)))
        self._units_plan = (key, plan)
        return plan

    def units(self, screen) -> tuple[list, list]:
        """The bases with their rings; (the labels of their names, the bases' rectangles on screen)."""
        sc = self.sc
        app, cam, m = sc.app, sc.camera, sc.match
        pal = app.palette
        active = m.active_unit
        pulse = 0.5 + 0.5 * math.sin(sc.time * 4)
        pick = m.prompt.options if (m.prompt is not None and m.prompt.kind == "pick_npc") else ()
        mine = prompt_rings(sc)
        names = app.settings.show_names and cam.ppi >= 40
        sel = sc.sel
        anims = sc.feed.anims
        labels = []
        bases = []
        white = (240, 240, 240)
        for a in anims.values():  # a moving base: the rest of its path, faint, ahead of it
            rest = a.ahead()
            if len(rest) >= 2:
                pygame.draw.lines(screen, mix(pal.select, (40, 40, 40), 0.4), False,
                                  [cam.to_screen(x, y) for x, y in rest], 2)
        marked = {active, sel.selected, sel.hover_uid}
        batch = []  # bases with nothing around them, blitted together
        for v, (sx, sy), r_px, dim, ready, blits in self._plan():
            uid = v.uid
            a = anims.get(uid)
            if a is None and uid not in marked and uid not in pick and uid not in mine:
                batch += blits
                bases.append(pygame.Rect(int(sx - r_px), int(sy - r_px), 2 * r_px, 2 * r_px))
                if names:
                    labels.append(Want(v.name, sx, sy, r_px, 10, white, "unit"))
                continue
            if batch:
                screen.blits(batch, False)
                batch = []
            at = None
            if a is not None:
                at = a.pos()
                sx, sy = cam.to_screen(*at)
            if uid == active:
                pygame.draw.circle(screen, pal.select, (sx, sy), r_px + 6, 3)
            elif uid == sel.selected:
                pygame.draw.circle(screen, mix(pal.select, (255, 255, 255), pulse * 0.4), (sx, sy), r_px + 5, 2)
            if uid in pick:
                pygame.draw.circle(screen, mix(pal.npc, (255, 255, 255), pulse), (sx, sy), r_px + 7, 3)
            elif uid in mine:
                col, clickable = mine[uid]
                if clickable:
                    ring = app.sprites.ring(r_px + 5, mix(col, (255, 255, 255), 0.3), 3, ticks=True)
                    screen.blit(ring, ring.get_rect(center=(sx, sy)))
                else:
                    pygame.draw.circle(screen, mix(col, (255, 255, 255), pulse * 0.4), (sx, sy), r_px + 6, 3)
            if at is None:
                screen.blits(blits, False)
            else:
                sc.renderer.draw_unit(screen, cam, v, dim, at=at, ready=ready)
            if uid == sel.hover_uid:
                pygame.draw.circle(screen, (255, 255, 255), (sx, sy), r_px + 3, 1)
            bases.append(pygame.Rect(int(sx - r_px), int(sy - r_px), 2 * r_px, 2 * r_px))
            if uid in (sel.selected, active, sel.hover_uid) or names:
                labels.append(Want(v.name, sx, sy, r_px, 10, white, "unit",
                                   rank=0 if uid in (sel.selected, active, sel.hover_uid) else 2))
        if batch:
            screen.blits(batch, False)
        return labels, bases  # (the names are placed after all bases and markers: labels.py)
