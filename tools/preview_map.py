#!/usr/bin/env python3
"""Render maps headless to PNG previews (tile layers + an overlay of the rules objects).

Usage:  python tools/preview_map.py [MAP.tmx ...] [--out /tmp/map-previews] [--scale 1.0] [--no-overlay]

Default: every maps/*.tmx, written to /tmp/map-previews/<name>.png (never into the repository).
Overlay: walls red (label = height, "+base" when standing on a platform), low walls yellow, doors
orange, ladders green, platform outlines white with their elevation, deployment zones tinted
(player blue, npc red), spawn points red rings, anchors white crosses; magenta dots mark base
positions that cannot be reached from the first player deployment zone.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pytmx  # noqa: E402
from pytmx.util_pygame import load_pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "maps"))
import mapcheck  # noqa: E402

PX = 32


def render(path: Path, out_dir: Path, overlay: bool = True, scale: float = 1.0) -> Path:
    tm = load_pygame(str(path))
    W, H = tm.width * PX, tm.height * PX
    title_h = 28
    surf = pygame.Surface((W, H + title_h))
    surf.fill((16, 16, 18))
    board = surf.subsurface((0, title_h, W, H))
    for layer in tm.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, img in layer.tiles():
                board.blit(img, (x * PX, y * PX))
    font = pygame.font.Font(None, 18)
    big = pygame.font.Font(None, 24)
    surf.blit(big.render(f"{tm.properties.get('title')}  ({tm.width}x{tm.height})  {path.name}", True,
                         (230, 230, 230)), (6, 6))
    if overlay:
        geo = mapcheck.load_geo(path)
        tint = pygame.Surface((W, H), pygame.SRCALPHA)
        for z in geo.zones:
            col = (60, 120, 255, 60) if z.side in ("player", "A") else (255, 70, 70, 60)
            edge = col[:3] + (200,)
            if z.shape == "circle":
                (x0, y0), (x1, y1) = z.pts
                r = (x1 - x0) / 2 * PX
                c = ((x0 + x1) / 2 * PX, (y0 + y1) / 2 * PX)
                pygame.draw.circle(tint, col, c, r)
                pygame.draw.circle(tint, edge, c, r, 2)
            elif z.shape == "rect":
                (x0, y0), (x1, y1) = z.pts
                rr = pygame.Rect(x0 * PX, y0 * PX, (x1 - x0) * PX, (y1 - y0) * PX)
                tint.fill(col, rr)
                pygame.draw.rect(tint, edge, rr, 2)
            else:
                pts = [(x * PX, y * PX) for x, y in z.pts]
                pygame.draw.polygon(tint, col, pts)
                pygame.draw.polygon(tint, edge, pts, 2)
        board.blit(tint, (0, 0))

        def P(p):
            return (p[0] * PX, p[1] * PX)

        for pl in geo.platforms:
            pygame.draw.polygon(board, (240, 240, 240), [P(p) for p in pl.pts], 1)
            x = min(p[0] for p in pl.pts)
            y = min(p[1] for p in pl.pts)
            lab = f'{pl.elevation:g}"' + ("c" if pl.climbable else "")
            board.blit(font.render(lab, True, (255, 255, 255), (20, 20, 20)), (x * PX + 3, y * PX + 3))
        for s in geo.walls:
            pygame.draw.line(board, (235, 50, 40), P(s.a), P(s.b), 2)
        for (x0, y0), (x1, y1) in geo.wall_rects:
            pass
        labelled = set()
        for s in geo.walls:
            key = (s.name, s.height, s.base, s.a)
            mid = ((s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2)
            if key in labelled:
                continue
            labelled.add(key)
            lab = f"{s.height:g}" + (f"+{s.base:g}" if s.base else "")
            t = font.render(lab, True, (255, 200, 200))
            board.blit(t, (mid[0] * PX - t.get_width() / 2, mid[1] * PX - 7))
        for s in geo.low_walls:
            pygame.draw.line(board, (250, 220, 60), P(s.a), P(s.b), 2)
        for s in geo.doors:
            pygame.draw.line(board, (255, 140, 0), P(s.a), P(s.b), 4)
        for s in geo.ladders:
            pygame.draw.line(board, (60, 230, 90), P(s.a), P(s.b), 5)
        lat = mapcheck.Lattice(geo)
        player = [z for z in geo.zones if z.side in ("player", "A")]
        if player:
            starts = []
            for z in player:
                starts += mapcheck.zone_nodes(lat, z)[0]
            seen = lat.reach(starts)
            for k in lat.nodes:
                if k not in seen:
                    pygame.draw.circle(board, (255, 0, 255), P(lat.pos(k)), 2)
        for name, p in geo.anchors.items():
            x, y = P(p)
            pygame.draw.line(board, (255, 255, 255), (x - 7, y), (x + 7, y), 2)
            pygame.draw.line(board, (255, 255, 255), (x, y - 7), (x, y + 7), 2)
            board.blit(font.render(name, True, (255, 255, 255)), (x + 5, y + 4))
        for name, p in geo.spawns.items():
            pygame.draw.circle(board, (255, 40, 40), P(p), 12, 3)
            board.blit(font.render(name, True, (255, 120, 120), (20, 0, 0)), (P(p)[0] - 8, P(p)[1] - 26))
        cov = mapcheck.coverage(geo)
        t = big.render(f"terrain {cov:.0%}", True, (230, 230, 230))
        surf.blit(t, (W - t.get_width() - 6, 6))
    if scale != 1.0:
        surf = pygame.transform.smoothscale(surf, (int(surf.get_width() * scale), int(surf.get_height() * scale)))
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / (path.stem + ".png")
    pygame.image.save(surf, str(out))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="*", type=Path)
    ap.add_argument("--out", type=Path, default=Path("/tmp/map-previews"))
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--no-overlay", action="store_true")
    args = ap.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    maps = args.maps or sorted((ROOT / "maps").glob("*.tmx"))
    for m in maps:
        print(render(m, args.out, not args.no_overlay, args.scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
