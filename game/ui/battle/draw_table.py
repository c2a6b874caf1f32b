"""Drawing on the table for the painters: the deployment ghost base, which units a question is about (their rings:
the table's world draws them, game/ui/view).

Reads the scene and the match; changes neither. Its surfaces are cached here, keyed by what changes them.
"""
from __future__ import annotations

import pygame

from ..cache import SurfaceCache


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
