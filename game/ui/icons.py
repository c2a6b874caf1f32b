"""Small pictograms drawn in code (no image files): unit roles on the bases (Leader, melee, ranged, heavy,
special), what a Move destination would see (an eye, an eye struck out, a shield full, half or empty), a
crosshair for a unit in an enemy's line of fire, a faction emblem for the unit card. Each is drawn on a square of
side `s` (supersampled by the caller) in `col`."""
from __future__ import annotations

import math

import pygame

ROLES = ("leader", "melee", "ranged", "heavy", "special")


def _star(cx, cy, ro, ri, n=5, rot=-math.pi / 2):
    return [(cx + (ro if k % 2 == 0 else ri) * math.cos(rot + math.pi * k / n),
             cy + (ro if k % 2 == 0 else ri) * math.sin(rot + math.pi * k / n)) for k in range(2 * n)]


def draw(surf: pygame.Surface, name: str, s: float, col, back=(10, 12, 16)) -> None:
    """Draw pictogram `name` filling a square of side s at the surface's origin."""
    c = s / 2
    w = max(2, int(s * 0.11))
    if name == "leader":  # a crown
        pts = [(s * 0.14, s * 0.74), (s * 0.14, s * 0.32), (s * 0.34, s * 0.52), (c, s * 0.2), (s * 0.66, s * 0.52),
               (s * 0.86, s * 0.32), (s * 0.86, s * 0.74)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.rect(surf, col, (s * 0.14, s * 0.78, s * 0.72, s * 0.1))
    elif name == "melee":  # a blade with its guard
        pygame.draw.line(surf, col, (s * 0.22, s * 0.78), (s * 0.78, s * 0.22), w + 1)
        pygame.draw.polygon(surf, col, [(s * 0.78, s * 0.22), (s * 0.88, s * 0.12), (s * 0.84, s * 0.28)])
        pygame.draw.line(surf, col, (s * 0.18, s * 0.56), (s * 0.44, s * 0.82), w)
    elif name == "ranged":  # a crosshair
        pygame.draw.circle(surf, col, (c, c), s * 0.3, w)
        for a, b in (((c, s * 0.06), (c, s * 0.3)), ((c, s * 0.7), (c, s * 0.94)), ((s * 0.06, c), (s * 0.3, c)),
                     ((s * 0.7, c), (s * 0.94, c))):
            pygame.draw.line(surf, col, a, b, w)
        pygame.draw.circle(surf, col, (c, c), s * 0.07)
    elif name == "heavy":  # a heavy gun: a thick barrel on a mount
        pygame.draw.rect(surf, col, (s * 0.12, s * 0.36, s * 0.62, s * 0.2), border_radius=int(s * 0.04))
        pygame.draw.rect(surf, col, (s * 0.74, s * 0.31, s * 0.14, s * 0.3))
        pygame.draw.polygon(surf, col, [(s * 0.3, s * 0.56), (s * 0.5, s * 0.56), (s * 0.62, s * 0.86),
                                        (s * 0.18, s * 0.86)])
    elif name == "special":  # a bolt
        pygame.draw.polygon(surf, col, [(s * 0.56, s * 0.08), (s * 0.22, s * 0.56), (s * 0.46, s * 0.56),
                                        (s * 0.38, s * 0.92), (s * 0.78, s * 0.4), (s * 0.54, s * 0.4)])
    elif name in ("eye", "noeye"):
        box = pygame.Rect(s * 0.08, s * 0.26, s * 0.84, s * 0.48)
        pygame.draw.ellipse(surf, col, box, w)
        pygame.draw.circle(surf, col, (c, c), s * 0.13)
        if name == "noeye":
            pygame.draw.line(surf, back, (s * 0.12, s * 0.88), (s * 0.88, s * 0.12), w + 3)
            pygame.draw.line(surf, col, (s * 0.12, s * 0.88), (s * 0.88, s * 0.12), w)
    elif name in ("shield", "halfshield", "noshield"):
        pts = [(c, s * 0.06), (s * 0.86, s * 0.2), (s * 0.8, s * 0.6), (c, s * 0.94), (s * 0.2, s * 0.6),
               (s * 0.14, s * 0.2)]
        if name == "shield":
            pygame.draw.polygon(surf, col, pts)
        elif name == "halfshield":
            pygame.draw.polygon(surf, col, [(c, s * 0.06), (c, s * 0.94), (s * 0.2, s * 0.6), (s * 0.14, s * 0.2)])
        pygame.draw.polygon(surf, col, pts, w)
        if name == "noshield":
            pygame.draw.line(surf, col, (s * 0.26, s * 0.3), (s * 0.74, s * 0.72), w)
    elif name == "target":  # a unit in an enemy's line of fire
        pygame.draw.circle(surf, col, (c, c), s * 0.36, w)
        pygame.draw.circle(surf, col, (c, c), s * 0.12)
        for a in range(4):
            ang = math.pi / 2 * a
            pygame.draw.line(surf, col, (c + s * 0.24 * math.cos(ang), c + s * 0.24 * math.sin(ang)),
                             (c + s * 0.48 * math.cos(ang), c + s * 0.48 * math.sin(ang)), w)
    elif name == "downed":  # a unit down: a cross of bandages
        pygame.draw.line(surf, col, (s * 0.2, s * 0.2), (s * 0.8, s * 0.8), w + 2)
        pygame.draw.line(surf, col, (s * 0.2, s * 0.8), (s * 0.8, s * 0.2), w + 2)
    else:  # unknown: a dot
        pygame.draw.circle(surf, col, (c, c), s * 0.2)


def emblem(surf: pygame.Surface, s: float, key: str, col, initials: str) -> None:
    """A faction's emblem: a shield in the faction's colour with its initials; the shape varies with the faction
    so two factions of near colours still differ."""
    shapes = (
        [(s * 0.5, s * 0.04), (s * 0.94, s * 0.2), (s * 0.86, s * 0.62), (s * 0.5, s * 0.96), (s * 0.14, s * 0.62),
         (s * 0.06, s * 0.2)],
        _star(s / 2, s / 2, s * 0.48, s * 0.36, 8, 0),
        [(s * (0.5 + 0.46 * math.cos(math.pi / 3 * k)), s * (0.5 + 0.46 * math.sin(math.pi / 3 * k)))
         for k in range(6)],
        [(s * 0.5, s * 0.03), (s * 0.97, s * 0.5), (s * 0.5, s * 0.97), (s * 0.03, s * 0.5)],
    )
    h = sum(ord(ch) for ch in key)
    pts = shapes[h % len(shapes)]
    pygame.draw.polygon(surf, (10, 12, 16), pts)
    inner = [(s / 2 + (x - s / 2) * 0.86, s / 2 + (y - s / 2) * 0.86) for x, y in pts]
    pygame.draw.polygon(surf, col, inner)
    del initials  # drawn by the caller with the game's font


def faction_colour(key: str) -> tuple[int, int, int]:
    """A colour for a faction, from its id (stable, bright enough to read dark text on)."""
    h = 0
    for ch in key:
        h = (h * 131 + ord(ch)) % 3600
    hue = h / 10.0
    col = pygame.Color(0)
    col.hsla = (hue, 55, 55, 100)
    return col.r, col.g, col.b
