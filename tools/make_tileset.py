#!/usr/bin/env python3
"""Draw the project's own tileset: assets/tilesets/ruinstars.png + ruinstars.tsx.

Everything is drawn procedurally with pygame-ce (headless) from a fixed seed, so running this
twice gives the same pixels. The PNG is written by a small encoder of our own (indexed colour when
the picture has at most 256 colours), so the bytes do not depend on the libpng version.

Usage:  python tools/make_tileset.py [--out DIR]      (default DIR: assets/tilesets)

Every tile carries custom properties that the renderer and the map generator look tiles up by:
  terrain  (string)  what the tile shows, e.g. "rubble", "floor_deck_3", "wall_top", "ladder"
  layer    (string)  "ground" or "detail": the tile layer the tile is meant for
  variant  (int)     0, 1, 2 for the variations of one terrain
  edges    (string)  for edge tiles (wall_top, low_wall, door, ladder, wall_corner): the sides of
                     the cell the band is drawn on, letters from "nesw" in that order ("ne", "s")
  elevation (float)  for raised floor tiles: the platform height in inches they stand for
Tile ids are stable: new tiles must be appended, never inserted (maps reference ids).
"""
from __future__ import annotations

import argparse
import os
import random
import struct
import sys
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (tools only; the game layers never import this file)

TILE = 32
COLUMNS = 8
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "tilesets"
SEED = 20260308

# ----------------------------------------------------------------------------------------------
# palette: dark, desaturated grounds so light-coloured unit tokens stand out; raised floors step up
# in lightness per level; walls are light concrete with a dark outline.
GROUND_BASE = {
    "rubble": (60, 57, 54),
    "plating": (50, 56, 64),
    "dirt": (63, 51, 40),
    "jungle": (33, 52, 35),
    "resin": (58, 36, 56),
    "temple": (66, 61, 50),
    "lab": (44, 58, 61),
}
FLOOR_BASE = {  # material -> {elevation: colour}
    "deck": {3: (92, 102, 114), 6: (150, 160, 172)},
    "stone": {3: (112, 102, 84), 6: (158, 146, 122)},
    "resin": {3: (104, 70, 98), 6: (148, 104, 138)},
}
WALL = (178, 174, 166)
WALL_HI = (206, 202, 194)
WALL_DARK = (18, 18, 20)
LOW = (150, 128, 88)
LOW_HI = (182, 160, 114)
DOOR = (214, 150, 40)
DOOR_DARK = (40, 30, 14)
LADDER = (222, 190, 72)
HAZARD_Y = (206, 168, 36)
HAZARD_K = (26, 24, 20)

SIDES = "nesw"


def clamp(v: int) -> int:
    return 0 if v < 0 else 255 if v > 255 else v


def shade(c, d):
    return (clamp(c[0] + d), clamp(c[1] + d), clamp(c[2] + d))


def mix(a, b, t):
    return tuple(clamp(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


class Sheet:
    def __init__(self):
        self.tiles: list[tuple[pygame.Surface, dict]] = []

    def add(self, surf: pygame.Surface, **props) -> int:
        self.tiles.append((surf, props))
        return len(self.tiles) - 1


def new_tile(fill=None) -> pygame.Surface:
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA, 32)
    s.fill((0, 0, 0, 0) if fill is None else (*fill, 255))
    return s


def noise(s: pygame.Surface, rng: random.Random, base, amp=4, block=2):
    """Blocky value noise in a few fixed steps (keeps the colour count and the PNG small)."""
    steps = [-amp, -amp // 2, 0, 0, amp // 2, amp]
    for y in range(0, TILE, block):
        for x in range(0, TILE, block):
            s.fill((*shade(base, rng.choice(steps)), 255), (x, y, block, block))


# ----------------------------------------------------------------------------------------------
# ground tiles

def ground_rubble(rng, v):
    b = GROUND_BASE["rubble"]
    s = new_tile(b)
    noise(s, rng, b, 6)
    for _ in range(7 + 3 * v):
        x, y = rng.randrange(2, 30), rng.randrange(2, 30)
        r = rng.choice([1, 1, 2, 2, 3])
        c = shade(b, rng.choice([-14, 10, 16, 22]))
        pts = [(x + rng.randint(-r, r), y + rng.randint(-r, r)) for _ in range(4)]
        pygame.draw.polygon(s, c, pts)
    if v == 2:  # a crack
        x, y = 4, rng.randrange(8, 24)
        for _ in range(6):
            nx, ny = x + rng.randint(3, 6), y + rng.randint(-3, 3)
            pygame.draw.line(s, shade(b, -22), (x, y), (nx, ny))
            x, y = nx, ny
    return s


def ground_plating(rng, v):
    b = GROUND_BASE["plating"]
    s = new_tile(b)
    noise(s, rng, b, 4)
    seam = shade(b, -16)
    hi = shade(b, 12)
    pygame.draw.line(s, seam, (0, 0), (31, 0))
    pygame.draw.line(s, seam, (0, 0), (0, 31))
    pygame.draw.line(s, hi, (1, 1), (31, 1))
    if v == 0:
        pygame.draw.line(s, seam, (16, 1), (16, 31))
    for (x, y) in [(3, 3), (28, 3), (3, 28), (28, 28)]:
        s.fill((*shade(b, 18), 255), (x, y, 2, 2))
    if v == 1:  # tread pattern
        for y in range(6, 28, 5):
            for x in range(6 + (y // 5 % 2) * 3, 27, 6):
                pygame.draw.line(s, shade(b, 10), (x, y), (x + 3, y + 2))
    if v == 2:  # scorch
        for r, d in [(7, -4), (4, -7)]:
            pygame.draw.circle(s, shade(b, d), (18, 15), r)
    return s


def ground_dirt(rng, v):
    b = GROUND_BASE["dirt"]
    s = new_tile(b)
    noise(s, rng, b, 6)
    for _ in range(10 + 4 * v):
        x, y = rng.randrange(0, 31), rng.randrange(0, 31)
        s.fill((*shade(b, rng.choice([-12, 12, 18])), 255), (x, y, rng.choice([1, 2]), 1))
    if v == 1:
        pygame.draw.ellipse(s, shade(b, -6), (6, 9, 20, 12))
    if v == 2:
        for x0 in (5, 19):
            for y in range(0, 32, 4):
                s.fill((*shade(b, -10), 255), (x0, y, 3, 2))
    return s


def ground_jungle(rng, v):
    b = GROUND_BASE["jungle"]
    s = new_tile(b)
    noise(s, rng, b, 6)
    for _ in range(9 + 3 * v):
        x, y = rng.randrange(0, 32), rng.randrange(0, 32)
        c = shade(b, rng.choice([-10, 10, 16]))
        pygame.draw.line(s, c, (x, y), (x + rng.randint(-3, 3), y - rng.randint(2, 4)))
    if v == 2:  # a root
        pygame.draw.lines(s, (58, 46, 32), False, [(0, 20), (9, 17), (17, 21), (31, 15)], 2)
    if v == 1:  # glowing spores
        for _ in range(3):
            s.fill((92, 168, 120, 255), (rng.randrange(3, 29), rng.randrange(3, 29), 1, 1))
    return s


def ground_resin(rng, v):
    b = GROUND_BASE["resin"]
    s = new_tile(b)
    noise(s, rng, b, 6)
    vein = shade(b, 16)
    x, y = rng.randrange(0, 10), rng.randrange(0, 32)
    pts = [(x, y)]
    for _ in range(5):
        x, y = x + rng.randint(4, 8), y + rng.randint(-6, 6)
        pts.append((x, y))
    pygame.draw.lines(s, vein, False, pts, 1)
    if v >= 1:
        for _ in range(v):
            cx, cy = rng.randrange(5, 27), rng.randrange(5, 27)
            pygame.draw.circle(s, shade(b, -10), (cx, cy), 3)
            s.fill((84, 128, 106, 255), (cx, cy, 1, 1))
    return s


def ground_temple(rng, v):
    b = GROUND_BASE["temple"]
    s = new_tile(b)
    noise(s, rng, b, 4)
    grout = shade(b, -18)
    if v == 0:  # four slabs
        pygame.draw.line(s, grout, (0, 15), (31, 15))
        pygame.draw.line(s, grout, (15, 0), (15, 31))
    elif v == 1:  # running bond
        for y in (0, 10, 21):
            pygame.draw.line(s, grout, (0, y), (31, y))
        for x, y0, y1 in [(12, 0, 10), (26, 0, 10), (5, 10, 21), (20, 10, 21), (12, 21, 31)]:
            pygame.draw.line(s, grout, (x, y0), (x, y1))
    else:  # carved glyph slab
        pygame.draw.rect(s, grout, (0, 0, 32, 32), 1)
        g = shade(b, -12)
        pygame.draw.circle(s, g, (16, 16), 8, 1)
        pygame.draw.line(s, g, (16, 8), (16, 24))
        pygame.draw.line(s, g, (10, 12), (22, 20))
    for _ in range(4):
        x, y = rng.randrange(1, 30), rng.randrange(1, 30)
        s.fill((*shade(b, 10), 255), (x, y, 2, 1))
    return s


def ground_lab(rng, v):
    b = GROUND_BASE["lab"]
    s = new_tile(b)
    noise(s, rng, b, 2)
    line = shade(b, -12)
    hi = shade(b, 10)
    for p in (0, 16):
        pygame.draw.line(s, line, (0, p), (31, p))
        pygame.draw.line(s, line, (p, 0), (p, 31))
    for p in (1, 17):
        pygame.draw.line(s, hi, (1, p), (15 if p == 1 else 31, p))
    if v == 1:
        s.fill((*shade(b, -8), 255), (19, 19, 10, 10))
        for y in range(20, 29, 2):
            pygame.draw.line(s, shade(b, -18), (20, y), (27, y))
    if v == 2:
        pygame.draw.line(s, (70, 140, 150), (3, 8), (13, 8))
        pygame.draw.line(s, (70, 140, 150), (19, 24), (29, 24))
    return s


# ----------------------------------------------------------------------------------------------
# raised floors

def floor_tile(rng, material, elevation, v):
    b = FLOOR_BASE[material][elevation]
    s = new_tile(b)
    noise(s, rng, b, 4)
    dark = shade(b, -20)
    hi = shade(b, 14)
    if material == "deck":
        pygame.draw.line(s, dark, (0, 0), (31, 0))
        pygame.draw.line(s, dark, (0, 0), (0, 31))
        pygame.draw.line(s, hi, (1, 1), (30, 1))
        if v == 0:
            for y in range(5, 30, 6):
                pygame.draw.line(s, shade(b, -8), (4, y), (27, y))
        else:
            for x, y in [(4, 4), (26, 4), (4, 26), (26, 26)]:
                s.fill((*hi, 255), (x, y, 2, 2))
            pygame.draw.line(s, dark, (16, 1), (16, 31))
    elif material == "stone":
        pygame.draw.line(s, dark, (0, 0), (31, 0))
        pygame.draw.line(s, dark, (0, 0), (0, 31))
        if v == 0:
            pygame.draw.line(s, dark, (0, 16), (31, 16))
        else:
            pygame.draw.line(s, dark, (16, 0), (16, 31))
            for _ in range(5):
                s.fill((*shade(b, -10), 255), (rng.randrange(2, 30), rng.randrange(2, 30), 2, 1))
    else:  # resin
        for _ in range(3 + v):
            cx, cy = rng.randrange(4, 28), rng.randrange(4, 28)
            pygame.draw.circle(s, shade(b, 10), (cx, cy), rng.choice([3, 4, 5]), 1)
        pygame.draw.lines(s, dark, False, [(0, 8 + 10 * v), (12, 12), (20, 6 + 8 * v), (31, 14)])
    # elevation pips: one chevron per 3" in the corner, so levels read even in grey scale
    for i in range(elevation // 3):
        x = 25 - i * 5
        pygame.draw.lines(s, shade(b, 36), False, [(x, 30), (x + 2, 27), (x + 4, 30)])
    return s


# ----------------------------------------------------------------------------------------------
# detail tiles: edge bands (walls on cell edges)

def band_rect(side, t):
    return {
        "n": (0, 0, TILE, t),
        "s": (0, TILE - t, TILE, t),
        "w": (0, 0, t, TILE),
        "e": (TILE - t, 0, t, TILE),
    }[side]


def wall_tile(mask: str):
    s = new_tile()
    t = 6
    for side in mask:
        s.fill((*WALL, 255), band_rect(side, t))
    for side in mask:  # inner outline (the face that looks into the cell) + top highlight
        x, y, w, h = band_rect(side, t)
        if side == "n":
            s.fill((*WALL_DARK, 255), (0, t, TILE, 1))
            s.fill((*WALL_HI, 255), (0, 1, TILE, 1))
        elif side == "s":
            s.fill((*WALL_DARK, 255), (0, TILE - t - 1, TILE, 1))
            s.fill((*WALL_HI, 255), (0, TILE - t + 1, TILE, 1))
        elif side == "w":
            s.fill((*WALL_DARK, 255), (t, 0, 1, TILE))
            s.fill((*WALL_HI, 255), (1, 0, 1, TILE))
        else:
            s.fill((*WALL_DARK, 255), (TILE - t - 1, 0, 1, TILE))
            s.fill((*WALL_HI, 255), (TILE - t + 1, 0, 1, TILE))
    for side in mask:  # re-fill the bands so outlines of one side do not cut another band
        x, y, w, h = band_rect(side, t)
        if side in "ns":
            s.fill((*WALL, 255), (x, y + (2 if side == "n" else 0), w, h - 2))
        else:
            s.fill((*WALL, 255), (x + (2 if side == "w" else 0), y, w - 2, h))
    # broken-concrete speckle on the bands
    rng = random.Random(hash_mask(mask))
    for side in mask:
        x, y, w, h = band_rect(side, t)
        for _ in range(5):
            px, py = x + rng.randrange(w), y + rng.randrange(h)
            s.fill((*shade(WALL, -30), 255), (px, py, 1, 1))
    return s


def hash_mask(mask: str) -> int:
    return sum((i + 1) * 31 ** i for i, c in enumerate(SIDES) if c in mask)


def wall_corner_tile(corner: str):
    s = new_tile()
    t = 6
    x = 0 if "w" in corner else TILE - t
    y = 0 if "n" in corner else TILE - t
    s.fill((*WALL, 255), (x, y, t, t))
    return s


def low_wall_tile(mask: str):
    s = new_tile()
    t = 4
    for side in mask:
        x, y, w, h = band_rect(side, t)
        s.fill((*LOW, 255), (x, y, w, h))
        # sandbag / block joints
        if side in "ns":
            for jx in range(3, TILE, 7):
                s.fill((*shade(LOW, -40), 255), (jx, y, 1, h))
            s.fill((*LOW_HI, 255), (x, y + (0 if side == "n" else h - 1), w, 1))
        else:
            for jy in range(3, TILE, 7):
                s.fill((*shade(LOW, -40), 255), (x, jy, w, 1))
            s.fill((*LOW_HI, 255), (x + (0 if side == "w" else w - 1), y, 1, h))
    return s


def door_tile(side: str):
    s = new_tile()
    t = 5
    x, y, w, h = band_rect(side, t)
    s.fill((*DOOR, 255), (x, y, w, h))
    if side in "ns":
        for jx in range(0, TILE, 6):
            pygame.draw.line(s, DOOR_DARK, (jx, y), (jx + h - 1, y + h - 1))
        s.fill((*DOOR_DARK, 255), (0, y + (h if side == "n" else -1), TILE, 1))
        s.fill((*DOOR_DARK, 255), (0, y, 2, h))
        s.fill((*DOOR_DARK, 255), (TILE - 2, y, 2, h))
    else:
        for jy in range(0, TILE, 6):
            pygame.draw.line(s, DOOR_DARK, (x, jy), (x + w - 1, jy + w - 1))
        s.fill((*DOOR_DARK, 255), (x + (w if side == "w" else -1), 0, 1, TILE))
        s.fill((*DOOR_DARK, 255), (x, 0, w, 2))
        s.fill((*DOOR_DARK, 255), (x, TILE - 2, w, 2))
    return s


def ladder_tile(side: str):
    """Ladder in the cell outside a face: `side` is the side of the cell where the face is."""
    s = new_tile()
    shadow = (0, 0, 0, 110)
    if side in "ns":
        s.fill(shadow, (9, 0, 14, TILE))
        for x in (9, 21):
            s.fill((*LADDER, 255), (x, 0, 2, 24 if side == "n" else TILE))
            if side == "s":
                s.fill((0, 0, 0, 0), (x, 0, 2, 8))
        rungs = range(3, 24, 5) if side == "n" else range(10, 31, 5)
        if side == "s":
            s.fill((0, 0, 0, 0), (9, 0, 14, 8))
        else:
            s.fill((0, 0, 0, 0), (9, 24, 14, 8))
        for y in rungs:
            s.fill((*shade(LADDER, -30), 255), (11, y, 10, 2))
    else:
        s.fill(shadow, (0, 9, TILE, 14))
        for y in (9, 21):
            s.fill((*LADDER, 255), (0, y, TILE, 2))
        if side == "w":
            s.fill((0, 0, 0, 0), (24, 9, 8, 14))
            rungs = range(3, 24, 5)
        else:
            s.fill((0, 0, 0, 0), (0, 9, 8, 14))
            rungs = range(10, 31, 5)
        for x in rungs:
            s.fill((*shade(LADDER, -30), 255), (x, 11, 2, 10))
    return s


# ----------------------------------------------------------------------------------------------
# solid fills (the inside of closed wall rectangles) and decals

def solid_tile(rng, kind):
    if kind == "solid_concrete":
        b = (96, 92, 88)
        s = new_tile(b)
        noise(s, rng, b, 8, 4)
        for _ in range(6):
            x, y = rng.randrange(0, 28), rng.randrange(0, 28)
            pygame.draw.rect(s, shade(b, rng.choice([-24, 18])), (x, y, rng.randint(3, 7), rng.randint(2, 5)))
        for x in range(4, 32, 9):  # rebar
            pygame.draw.line(s, (120, 76, 52), (x, 0), (x + 3, 8))
    elif kind == "solid_canopy":
        b = (28, 70, 38)
        s = new_tile(b)
        for _ in range(16):
            cx, cy = rng.randrange(0, 32), rng.randrange(0, 32)
            pygame.draw.circle(s, shade(b, rng.choice([-10, 8, 18, 26])), (cx, cy), rng.choice([3, 4, 5, 6]))
        for _ in range(4):
            s.fill((120, 200, 140, 255), (rng.randrange(2, 30), rng.randrange(2, 30), 1, 1))
    elif kind == "solid_resin":
        b = (34, 18, 34)
        s = new_tile(b)
        noise(s, rng, b, 6, 2)
        for _ in range(5):  # chitin ridges
            x, y = rng.randrange(0, 28), rng.randrange(0, 28)
            pygame.draw.line(s, (78, 48, 74), (x, y), (x + rng.randint(3, 8), y + rng.randint(-4, 4)), 2)
        pygame.draw.circle(s, (20, 10, 20), (16, 16), 6)
        pygame.draw.circle(s, (70, 150, 120), (16, 16), 2)
    elif kind == "solid_stone":
        b = (104, 96, 80)
        s = new_tile(b)
        noise(s, rng, b, 6, 2)
        pygame.draw.rect(s, shade(b, -26), (0, 0, 32, 32), 1)
        pygame.draw.line(s, shade(b, -26), (0, 15), (31, 15))
        pygame.draw.line(s, shade(b, -26), (10, 0), (10, 15))
        pygame.draw.line(s, shade(b, -26), (22, 16), (22, 31))
    else:  # solid_machine
        b = (70, 78, 84)
        s = new_tile(b)
        noise(s, rng, b, 4, 2)
        pygame.draw.rect(s, shade(b, -24), (2, 2, 28, 28), 1)
        pygame.draw.circle(s, shade(b, -18), (12, 12), 7)
        pygame.draw.circle(s, shade(b, 20), (12, 12), 7, 1)
        for y in range(22, 29, 2):
            pygame.draw.line(s, shade(b, -20), (18, y), (28, y))
        s.fill((200, 80, 60, 255), (24, 6, 3, 3))
        s.fill((80, 200, 120, 255), (24, 11, 3, 3))
    return s


def decal_tile(rng, kind):
    s = new_tile()
    if kind == "crack":
        x, y = 0, 12
        for _ in range(7):
            nx, ny = x + rng.randint(3, 6), y + rng.randint(-3, 4)
            pygame.draw.line(s, (20, 20, 20, 200), (x, y), (nx, ny), 1)
            x, y = nx, ny
    elif kind == "debris":
        for _ in range(9):
            x, y = rng.randrange(3, 28), rng.randrange(3, 28)
            c = rng.choice([(120, 114, 104), (86, 82, 76), (140, 130, 116)])
            pygame.draw.polygon(s, c, [(x, y), (x + rng.randint(2, 4), y + 1), (x + 1, y + rng.randint(2, 4))])
    elif kind == "stain":
        pygame.draw.ellipse(s, (12, 14, 18, 120), (4, 8, 24, 16))
        pygame.draw.ellipse(s, (12, 14, 18, 90), (9, 5, 12, 9))
    elif kind == "moss":
        for _ in range(14):
            x, y = rng.randrange(2, 30), rng.randrange(4, 30)
            pygame.draw.line(s, rng.choice([(60, 110, 58), (80, 130, 70), (48, 92, 50)]), (x, y),
                             (x + rng.randint(-2, 2), y - rng.randint(3, 5)))
    elif kind == "pods":
        for cx, cy in [(10, 12), (20, 20), (22, 9)]:
            pygame.draw.circle(s, (80, 44, 74), (cx, cy), 4)
            pygame.draw.circle(s, (120, 200, 160), (cx, cy), 2)
    elif kind == "glyph":
        c = (150, 60, 50, 200)
        pygame.draw.circle(s, c, (16, 16), 10, 1)
        pygame.draw.polygon(s, c, [(16, 7), (24, 21), (8, 21)], 1)
        s.fill(c, (15, 15, 3, 3))
    elif kind == "grate":
        s.fill((24, 28, 32, 255), (6, 6, 20, 20))
        for x in range(8, 25, 3):
            pygame.draw.line(s, (84, 92, 100), (x, 7), (x, 24))
        pygame.draw.rect(s, (96, 104, 112), (6, 6, 20, 20), 1)
    elif kind == "hazard_stripes":
        for k in range(-32, 32, 8):
            pygame.draw.polygon(s, HAZARD_Y, [(k, 32), (k + 4, 32), (k + 36, 0), (k + 32, 0)])
        bg = new_tile(HAZARD_K)
        bg.blit(s, (0, 0))
        s = bg
    elif kind == "hazard_edge":
        for k in range(-8, 32, 8):
            pygame.draw.polygon(s, HAZARD_Y, [(k, 6), (k + 4, 6), (k + 10, 0), (k + 6, 0)])
        for k in range(-8, 32, 8):
            pygame.draw.polygon(s, HAZARD_K, [(k + 4, 6), (k + 8, 6), (k + 14, 0), (k + 10, 0)])
    elif kind in ("crate", "crate_stack"):
        boxes = [(5, 5, 22, 22)] if kind == "crate" else [(2, 2, 16, 16), (14, 13, 16, 16), (2, 19, 11, 11)]
        for (x, y, w, h) in boxes:
            pygame.draw.rect(s, (0, 0, 0, 120), (x + 2, y + 2, w, h))
            pygame.draw.rect(s, (122, 96, 58), (x, y, w, h))
            pygame.draw.rect(s, (66, 50, 30), (x, y, w, h), 1)
            pygame.draw.line(s, (66, 50, 30), (x, y), (x + w - 1, y + h - 1))
            pygame.draw.line(s, (66, 50, 30), (x + w - 1, y), (x, y + h - 1))
            pygame.draw.line(s, (156, 126, 80), (x + 1, y + 1), (x + w - 2, y + 1))
    elif kind == "crater":
        pygame.draw.circle(s, (20, 18, 16, 110), (16, 16), 13)
        pygame.draw.circle(s, (12, 10, 10, 90), (17, 17), 8)
        pygame.draw.circle(s, (110, 102, 92, 200), (16, 16), 13, 1)
    elif kind == "bones":
        for (a, b) in [((6, 20), (16, 14)), ((14, 24), (26, 18)), ((10, 8), (20, 10))]:
            pygame.draw.line(s, (196, 186, 160), a, b, 2)
            for p in (a, b):
                pygame.draw.circle(s, (196, 186, 160), p, 2)
    elif kind == "console":
        pygame.draw.rect(s, (0, 0, 0, 110), (6, 8, 22, 18))
        pygame.draw.rect(s, (58, 66, 72), (4, 6, 22, 18))
        pygame.draw.rect(s, (30, 90, 100), (7, 9, 16, 8))
        for x in range(8, 23, 4):
            s.fill((200, 190, 90, 255), (x, 20, 2, 2))
    return s


# ----------------------------------------------------------------------------------------------

def masks():
    """All non-empty subsets of "nesw", in a fixed order, each spelled in n-e-s-w order."""
    out = []
    for bits in range(1, 16):
        out.append("".join(c for i, c in enumerate(SIDES) if bits & (1 << i)))
    return out


def build() -> Sheet:
    sheet = Sheet()
    rng = random.Random(SEED)
    makers = {
        "rubble": ground_rubble, "plating": ground_plating, "dirt": ground_dirt,
        "jungle": ground_jungle, "resin": ground_resin, "temple": ground_temple, "lab": ground_lab,
    }
    for name, fn in makers.items():
        for v in range(3):
            sheet.add(fn(rng, v), terrain=name, layer="ground", variant=v)
    for material in ("deck", "stone", "resin"):
        for elevation in (3, 6):
            for v in range(2):
                sheet.add(floor_tile(rng, material, elevation, v), terrain=f"floor_{material}_{elevation}",
                          layer="ground", variant=v, elevation=float(elevation))
    for m in masks():
        sheet.add(wall_tile(m), terrain="wall_top", layer="detail", edges=m)
    for corner in ("ne", "es", "sw", "nw"):
        spelled = "".join(c for c in SIDES if c in corner)
        sheet.add(wall_corner_tile(spelled), terrain="wall_corner", layer="detail", edges=spelled)
    for m in masks():
        sheet.add(low_wall_tile(m), terrain="low_wall", layer="detail", edges=m)
    for side in SIDES:
        sheet.add(door_tile(side), terrain="door", layer="detail", edges=side)
    for side in SIDES:
        sheet.add(ladder_tile(side), terrain="ladder", layer="detail", edges=side)
    for kind in ("solid_concrete", "solid_canopy", "solid_resin", "solid_stone", "solid_machine"):
        sheet.add(solid_tile(rng, kind), terrain=kind, layer="detail")
    for kind in ("crack", "debris", "stain", "moss", "pods", "glyph", "grate", "hazard_stripes",
                 "hazard_edge", "crate", "crate_stack", "crater", "bones", "console"):
        sheet.add(decal_tile(rng, kind), terrain=kind, layer="detail")
    # appended later (ids above are stable): drop shadows cast by a higher neighbour to the n / w
    for edges in ("n", "w", "nw"):
        sheet.add(shadow_tile(edges), terrain="shadow", layer="detail", edges=edges)
    return sheet


def shadow_tile(edges: str):
    s = new_tile()
    fade = (160, 130, 100, 70, 45, 20)
    k = len(fade)
    for i, a in enumerate(fade):
        if "n" in edges:
            s.fill((0, 0, 0, a), (0 if "w" not in edges else k, i, TILE, 1))
        if "w" in edges:
            s.fill((0, 0, 0, a), (i, 0 if "n" not in edges else k, 1, TILE))
    if edges == "nw":
        s.fill((0, 0, 0, fade[0]), (0, 0, k, k))
    return s


# ----------------------------------------------------------------------------------------------
# output

def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """Deterministic PNG encoder: indexed colour (with tRNS) when <= 256 colours, else RGBA."""
    px = [rgba[i:i + 4] for i in range(0, len(rgba), 4)]
    colours = sorted(set(px))
    rows = []
    if len(colours) <= 256:
        index = {c: i for i, c in enumerate(colours)}
        for y in range(height):
            rows.append(b"\x00" + bytes(index[px[y * width + x]] for x in range(width)))
        ihdr = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        plte = b"".join(c[:3] for c in colours)
        trns = bytes(c[3] for c in colours)
        while trns and trns[-1] == 255:
            trns = trns[:-1]
        extra = [(b"PLTE", plte)] + ([(b"tRNS", trns)] if trns else [])
    else:
        stride = width * 4
        for y in range(height):
            rows.append(b"\x00" + rgba[y * stride:(y + 1) * stride])
        ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
        extra = []

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    for tag, data in extra:
        out += chunk(tag, data)
    out += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    return out


def prop_xml(name: str, value) -> str:
    if isinstance(value, bool):
        return f'   <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'   <property name="{name}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'   <property name="{name}" type="float" value="{value:g}"/>'
    return f'   <property name="{name}" value={quoteattr(str(value))}/>'


def tsx_text(sheet: Sheet, width: int, height: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="ruinstars" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{len(sheet.tiles)}" columns="{COLUMNS}">',
        f' <image source="ruinstars.png" width="{width}" height="{height}"/>',
    ]
    for i, (_, props) in enumerate(sheet.tiles):
        lines.append(f' <tile id="{i}">')
        lines.append('  <properties>')
        for k in sorted(props):
            lines.append(prop_xml(k, props[k]))
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def write(out_dir: Path) -> tuple[Path, Path]:
    sheet = build()
    n = len(sheet.tiles)
    rows = (n + COLUMNS - 1) // COLUMNS
    width, height = COLUMNS * TILE, rows * TILE
    atlas = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    atlas.fill((0, 0, 0, 0))
    for i, (surf, _) in enumerate(sheet.tiles):
        atlas.blit(surf, ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE))
    rgba = pygame.image.tobytes(atlas, "RGBA")
    out_dir.mkdir(parents=True, exist_ok=True)
    png = out_dir / "ruinstars.png"
    tsx = out_dir / "ruinstars.tsx"
    png.write_bytes(png_bytes(width, height, rgba))
    tsx.write_text(tsx_text(sheet, width, height), encoding="utf-8", newline="\n")
    return png, tsx


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    png, tsx = write(args.out)
    print(f"wrote {png} ({png.stat().st_size} bytes) and {tsx}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
