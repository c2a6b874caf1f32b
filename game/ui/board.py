"""The battlefield on screen: tile layers and terrain (cached per zoom), doors, units and markers.

The static picture (tiles, platforms with their heights, walls, low walls, ladders, anchors) is rendered once per
zoom level into a Surface; a frame blits it and draws only what moves. (Zones are the mission's: the battle
screen draws the ones it reports.)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .camera import Camera
from .sprites import Sprites, mix
from .text import Text
from .wording import unit_labels

TILE_PPI = 32  # Tiled: 32 px = 1 inch


@dataclass(slots=True)
class UnitView:
    """What the board needs to draw one base (read from the match once per change, not per frame)."""

    uid: int
    name: str
    side: str
    item: bool
    leader: bool
    x: float
    y: float
    z: float
    r: float
    hit: int
    max_hit: int
    ready: bool
    label: str
    style: str = "player"  # how its base is drawn: "player", "rival" (a second squad), "npc" (sides_styles);
    #                        "player:k" for the units of the person in seat k > 0 of a shared side (unit_style)
    role: str = ""  # the pictogram on its base (unit_role)
    downed: bool = False


def unit_role(card, leader: bool) -> str:
    """What the unit is for at a glance, from its card: the Leader, a heavy weapon, several skill actions
    (special: medics, technicians, commanders), else its stronger weapon (ATT times SKL), melee or ranged."""
    from game.match.skills import ACTIONS
    from game.rules.model import MELEE
    if leader:
        return "leader"
    if any(w.has("HVY") for w in card.weapons):
        return "heavy"
    actions = [s for s in card.skills if s in ACTIONS and not ACTIONS[s].anytime]
    if len(actions) + sum(1 for sp in card.specials if sp.code in ACTIONS) >= 2:
        return "special"
    melee = [w.att * w.skl for w in card.weapons if w.kind == MELEE]
    ranged = [w.att * w.skl for w in card.weapons if w.kind != MELEE]
    if ranged and (not melee or max(ranged) >= max(melee)):
        return "ranged"
    return "melee" if melee else ""


def side_styles(match) -> dict[str, str]:
    """How each side's bases look, the same for the whole battle whoever sits at the screen: NPC sides "npc"
    (spiky, orange); squads in the scenario's order "player" (round with a chevron, blue), then "rival" (round
    with a chevron, orange), alternating."""
    out, k = {}, 0
    for s in match.sides:
        if s in match.npc_sides:
            out[s] = "npc"
        else:
            out[s] = "player" if k % 2 == 0 else "rival"
            k += 1
    return out


def unit_style(match, uid: int, styles: dict | None = None) -> str:
    """How a unit's base is drawn: its side's style, in the colour of its person when people share the side."""
    u = match.unit(uid)
    style = (styles or side_styles(match)).get(u.side, "npc")
    if style == "player" and not u.item and match.people(u.side) > 1 and u.owner > 0:
        return f"player:{u.owner}"
    return style


def snapshot_units(match) -> list[UnitView]:
    """Every base on the table as the board draws it (a full reading of the match)."""
    on_table = []
    for uid in match.units(items=None, downed=None):
        u = match.unit(uid)
        p = match.position(uid)
        if p is not None:
            on_table.append((uid, u, p))
    labels = unit_labels([(uid, u.name, u.side, u.item, u.side in match.npc_sides) for uid, u, _ in on_table])
    styles = side_styles(match)
    return [unit_view(match, uid, labels[uid], styles, u, p) for uid, u, p in on_table]


def unit_view(match, uid: int, label: str, styles: dict, u=None, p=None) -> UnitView | None:
    """One base as the board draws it (None: not on the table); `label` from `unit_labels` over the table."""
    u = u if u is not None else match.unit(uid)
    p = p if p is not None else match.position(uid)
    if p is None:
        return None
    h = match.health(uid)
    x, y = (match.table.snap(p.x, p.y) if match.table.measure == "grid" else (p.x, p.y))  # (R21: its square)
    return UnitView(uid, u.name, u.side, u.item, bool(u.leader), x, y, p.z, u.card.base_diameter / 2, h.hit,
                    h.max_hit, match.readiness(uid).ready, label, unit_style(match, uid, styles),
                    "" if u.item else unit_role(u.card, bool(u.leader)), bool(match.conditions(uid).downed))


def _dashed_line(surf, colour, a, b, width=1, dash=8, gap=6):
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    d = 0.0
    while d < length:
        e = min(d + dash, length)
        pygame.draw.line(surf, colour, (ax + ux * d, ay + uy * d), (ax + ux * e, ay + uy * e), width)
        d = e + gap


def dashed_polygon(surf, colour, pts, width=1, dash=8, gap=6):
    for i in range(len(pts)):
        _dashed_line(surf, colour, pts[i], pts[(i + 1) % len(pts)], width, dash, gap)


class _Translucent:
    """A bounding-box-sized SRCALPHA surface for translucent shapes, blitted onto `target` on exit
    (a full-table alpha surface per shape costs tens of ms at high zoom)."""

    def __init__(self, target: pygame.Surface, pts) -> None:
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        self.target = target
        self.x0, self.y0 = int(min(xs)) - 4, int(min(ys)) - 4
        self.surf = pygame.Surface((int(max(xs)) - self.x0 + 8, int(max(ys)) - self.y0 + 8), pygame.SRCALPHA)

    def __enter__(self):
        return self.surf, lambda q: (q[0] - self.x0, q[1] - self.y0)

    def __exit__(self, *exc) -> None:
        self.target.blit(self.surf, (self.x0, self.y0))


class BoardRenderer:
    def __init__(self, battlefield, measure: str, palette, text: Text, sprites: Sprites) -> None:
        self.bf = battlefield
        self.measure = measure
        self.palette = palette
        self.text = text
        self.sprites = sprites
        self._tiles: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._static_ppi = 0
        self._recent: dict[int, pygame.Surface] = {}  # the last few zoom levels
        self._grid: pygame.Surface | None = None
        self._grid_ppi = 0
        self._picture = None  # (static picture, (ppi, doors, grid), it with the grid and the doors painted in)
        self._faces = ()

    def set_faces(self, faces) -> None:
        self._faces = tuple(faces)
        self.invalidate()

    def invalidate(self) -> None:
        self._static = None
        self._recent.clear()
        self._grid = None
        self._picture = None

    # -- tiles ---------------------------------------------------------------------------------------
    def _tile_surface(self) -> pygame.Surface:
        if self._tiles is not None:
            return self._tiles
        bf = self.bf
        W, H = int(round(bf.width * TILE_PPI)), int(round(bf.height * TILE_PPI))
        surf = pygame.Surface((W, H))
        surf.fill((52, 55, 58))
        tl = bf.tile_layers
        images = {}
        for ts in tl.tilesets:
            if ts.image:
                try:
                    images[ts.firstgid] = (ts, pygame.image.load(ts.image).convert_alpha())
                except (pygame.error, FileNotFoundError, OSError):
                    pass
        drawn = False
        if images and tl.layers:
            tw, th = tl.tilewidth, tl.tileheight
            firsts = sorted(images)
            sub: dict[int, pygame.Surface | None] = {}
            for layer in tl.layers:
                if not layer.visible:
                    continue
                for j, row in enumerate(layer.gids):
                    for i, gid in enumerate(row):
                        if gid <= 0:
                            continue
                        img = sub.get(gid, False)
                        if img is False:
                            img = None
                            for f in reversed(firsts):
                                if gid >= f:
                                    ts, sheet = images[f]
                                    local = gid - f
                                    if local < ts.tilecount:
                                        cols = max(1, ts.columns)
                                        rect = pygame.Rect((local % cols) * ts.tilewidth,
                                                           (local // cols) * ts.tileheight,
                                                           ts.tilewidth, ts.tileheight)
                                        if sheet.get_rect().contains(rect):
                                            img = sheet.subsurface(rect)
                                    break
                            sub[gid] = img
                        if img is not None:
                            surf.blit(img, (i * tw, j * th))
                            drawn = True
        if not drawn:
            # the open table: a plain mat with a faint 1" check, deterministic
            for j in range(int(bf.height)):
                for i in range(int(bf.width)):
                    v = ((i * 73856093) ^ (j * 19349663)) % 9
                    c = 58 + v if (i + j) % 2 else 54 + v
                    pygame.draw.rect(surf, (c - 6, c, c - 2), (i * TILE_PPI, j * TILE_PPI, TILE_PPI, TILE_PPI))
        # slightly darkened, so units and overlays stand out (done once, before any scaling)
        surf.fill((214, 216, 220), special_flags=pygame.BLEND_RGB_MULT)
        self._tiles = surf
        return surf

    # -- the static picture at one zoom ------------------------------------------------------------------
    def static_surface(self, ppi: int) -> pygame.Surface:
        if self._static is not None and self._static_ppi == ppi:
            return self._static
        cached = self._recent.get(ppi)
        if cached is not None:  # zooming back to a recent level costs nothing
            self._static, self._static_ppi = cached, ppi
            return cached
        bf = self.bf
        W, H = int(round(bf.width * ppi)), int(round(bf.height * ppi))
        tiles = self._tile_surface()
        if (W, H) == tiles.get_size():
            surf = tiles.copy()
        elif W <= tiles.get_width() * 1.6:
            surf = pygame.transform.smoothscale(tiles, (W, H))
        else:  # close up, nearest-pixel scaling keeps the tiles crisp and is three times faster
            surf = pygame.transform.scale(tiles, (W, H))
        self._draw_terrain(surf, ppi)
        self._static = surf
        self._static_ppi = ppi
        self._recent[ppi] = surf
        while len(self._recent) > 3:
            self._recent.pop(next(iter(self._recent)))
        return surf

    def _draw_terrain(self, surf: pygame.Surface, ppi: int) -> None:
        p = self.palette
        bf = self.bf
        T = self.text

        def P(pt):
            return pt[0] * ppi, pt[1] * ppi

        # platforms: a shadow to the lower right, a lighter top the higher it is, an outline, a height tag
        levels = sorted({pl.elevation for pl in bf.platforms})
        for pl in sorted(bf.platforms, key=lambda q: q.elevation):
            pts = [P(q) for q in pl.polygon]
            off = max(2, int(ppi * min(0.5, 0.08 * pl.elevation + 0.1)))
            shadow = [(x + off, y + off) for x, y in pts]
            k = levels.index(pl.elevation) + 1
            with _Translucent(surf, pts + shadow) as (o, shift):
                pygame.draw.polygon(o, (0, 0, 0, 120), [shift(q) for q in shadow])
                pygame.draw.polygon(o, p.platform + (min(110, 35 + 22 * k),), [shift(q) for q in pts])
                pygame.draw.polygon(o, mix(p.platform, (255, 255, 255), 0.3) + (235,), [shift(q) for q in pts],
                                    max(2, ppi // 12))
        # platform faces that can be climbed: ladder ticks along the edge
        for f in self._faces:
            if f.climbable:
                self._ticks(surf, P(f.a), P(f.b), p.good, ppi)
        # walls
        wall_w = max(3, int(ppi * 0.22))
        for w in bf.walls:
            a, b = P(w.a), P(w.b)
            pygame.draw.line(surf, (8, 9, 12), a, b, wall_w + 4)
            pygame.draw.line(surf, p.wall, a, b, wall_w)
            pygame.draw.line(surf, mix(p.wall_top, p.wall, max(0.0, 0.5 - w.top * 0.06)), a, b, max(1, wall_w // 3))
            for q in (a, b):
                pygame.draw.circle(surf, p.wall, q, wall_w // 2 + 1)
            if w.climbable:
                self._ticks(surf, a, b, p.good, ppi)
        # low walls: sandbag-coloured, dotted
        lw_w = max(3, int(ppi * 0.18))
        for w in bf.low_walls:
            a, b = P(w.a), P(w.b)
            pygame.draw.line(surf, p.low_wall_dark, a, b, lw_w + 3)
            pygame.draw.line(surf, p.low_wall, a, b, lw_w)
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            n = int(length / max(6, ppi * 0.5))
            for k in range(1, n):
                t = k / n
                pygame.draw.circle(surf, p.low_wall_dark, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t),
                                   max(1, lw_w // 4))
        for lad in bf.ladders:
            self._ladder(surf, P(lad.a), P(lad.b), ppi)
        # anchors
        for name, (ax, ay) in bf.anchors.items():
            x, y = P((ax, ay))
            s = max(3, ppi // 6)
            col = (200, 205, 215)
            pygame.draw.line(surf, col, (x - s, y), (x + s, y), 1)
            pygame.draw.line(surf, col, (x, y - s), (x, y + s), 1)
            if ppi >= 18:
                T.blit(surf, name, (x + s + 2, y + s), 9, (170, 178, 190))
        # labels last, so nothing covers them: platform heights and wall heights
        fs = 11 if ppi >= 22 else 9
        for pl in bf.platforms:
            xs = [q[0] for q in pl.polygon]
            ys = [q[1] for q in pl.polygon]
            self._tag(surf, P((min(xs) + 0.15, min(ys) + 0.15)), f'{pl.elevation:g}"', fs, up=True,
                      anchor="topleft")
        done = set()
        groups: dict[str, list] = {}
        for w in bf.walls:
            groups.setdefault(w.label, []).append(w)
        for label, ws in groups.items():
            w = max(ws, key=lambda q: math.hypot(q.b[0] - q.a[0], q.b[1] - q.a[1]))
            if label in done:
                continue
            done.add(label)
            mid = P(((w.a[0] + w.b[0]) / 2, (w.a[1] + w.b[1]) / 2))
            txt = f'{w.height:g}"' if w.base <= 0 else f'{w.base:g}+{w.height:g}"'
            self._tag(surf, mid, txt, fs, up=False, anchor="center")
        # the table's edge
        pygame.draw.rect(surf, (10, 11, 14), surf.get_rect(), 2)

    def _tag(self, surf, pos, txt, fs, up: bool, anchor: str) -> None:
        t = self.text.render(txt, fs, (15, 17, 20), True)
        tri = t.get_height() * 0.6 if up else 0
        r = pygame.Rect(0, 0, t.get_width() + 6 + tri, t.get_height())
        setattr(r, anchor, (int(pos[0]), int(pos[1])))
        pygame.draw.rect(surf, (236, 240, 244), r, border_radius=4)
        pygame.draw.rect(surf, (20, 22, 26), r, 1, border_radius=4)
        x = r.x + 3
        if up:
            h = t.get_height()
            pygame.draw.polygon(surf, (15, 17, 20), [(x, r.y + h * 0.72), (x + tri * 0.9, r.y + h * 0.72),
                                                     (x + tri * 0.45, r.y + h * 0.25)])
            x += tri
        surf.blit(t, (x, r.y))

    def _ticks(self, surf, a, b, colour, ppi) -> None:
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = -uy, ux
        step = max(5, ppi * 0.35)
        k = step / 2
        h = max(3, ppi * 0.16)
        while k < length:
            x, y = a[0] + ux * k, a[1] + uy * k
            pygame.draw.line(surf, colour, (x - nx * h, y - ny * h), (x + nx * h, y + ny * h), 2)
            k += step

    def _ladder(self, surf, a, b, ppi) -> None:
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = -uy, ux
        w = max(3, ppi * 0.2)
        col = self.palette.good
        for s in (-1, 1):
            pygame.draw.line(surf, col, (a[0] + nx * w * s, a[1] + ny * w * s),
                             (b[0] + nx * w * s, b[1] + ny * w * s), 2)
        k = 0.0
        while k <= length:
            x, y = a[0] + ux * k, a[1] + uy * k
            pygame.draw.line(surf, col, (x - nx * w, y - ny * w), (x + nx * w, y + ny * w), 2)
            k += max(4, ppi * 0.3)

    # -- grid / ruler overlay --------------------------------------------------------------------------
    def grid_surface(self, ppi: int) -> pygame.Surface:
        if self._grid is not None and self._grid_ppi == ppi:
            return self._grid
        bf = self.bf
        W, H = int(round(bf.width * ppi)), int(round(bf.height * ppi))
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        step = 2
        for i in range(0, int(bf.width) + 1):
            strong = i % step == 0
            if self.measure == "grid" and not strong:
                continue
            col = (235, 240, 245, 95 if strong else 35)
            pygame.draw.line(s, col, (i * ppi, 0), (i * ppi, H), 1)
        for j in range(0, int(bf.height) + 1):
            strong = j % step == 0
            if self.measure == "grid" and not strong:
                continue
            col = (235, 240, 245, 95 if strong else 35)
            pygame.draw.line(s, col, (0, j * ppi), (W, j * ppi), 1)
        # inch ruler along the top and left edges
        fs = 9 if ppi < 26 else 10
        for i in range(0, int(bf.width) + 1, 2):
            if 0 < i < bf.width:
                self.text.blit(s, f'{i}"', (i * ppi + 2, 2), fs, (240, 240, 240), shadow=True)
        for j in range(2, int(bf.height), 2):
            self.text.blit(s, f'{j}"', (2, j * ppi + 1), fs, (240, 240, 240), shadow=True)
        self._grid = s
        self._grid_ppi = ppi
        return s

    # -- per frame ---------------------------------------------------------------------------------------
    def board_picture(self, ppi: int, doors_open: dict[str, bool], show_grid: bool,
                      static: pygame.Surface | None = None, cleared=()) -> pygame.Surface:
        """The static picture (or `static`: one with something painted into it, the threat areas) with the grid,
        the doors as they stand and the rubble of terrain a mission took away (`cleared`: the table's
        `cleared_terrain`) painted in: made again when the picture, the zoom, a door, the rubble or the grid
        changes, so a frame blits one opaque picture."""
        static = static if static is not None else self.static_surface(ppi)
        doors = tuple(bool(doors_open.get(d.id, d.open)) for d in self.bf.doors)
        cleared = tuple(cleared)
        key = (ppi, doors, bool(show_grid), cleared)
        got = self._picture
        if got is not None and got[0] is static and got[1] == key:
            return got[2]
        if not doors and not show_grid and not cleared:
            pic = static
        else:
            pic = static.copy()
            if show_grid:
                pic.blit(self.grid_surface(ppi), (0, 0))
            to_px = lambda x, y: (int(round(x * ppi)), int(round(y * ppi)))  # noqa: E731
            self._draw_doors(pic, doors, to_px, ppi)
            self._draw_rubble(pic, cleared, to_px, ppi)
        self._picture = (static, key, pic)
        return pic

    def _draw_rubble(self, surf, cleared, to_px, ppi: int) -> None:
        """Where a wall, low wall or door came down: its stretch covered with rubble (broken stones along it), so
        nobody reads a wall that is no longer there."""
        w = max(6, int(ppi * 0.4))
        for _kind, _label, a, b in cleared:
            pa, pb = to_px(*a), to_px(*b)
            pygame.draw.line(surf, (52, 47, 42), pa, pb, w + 2)
            length = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
            n = max(2, int(length / max(4, ppi * 0.3)))
            for i in range(n + 1):
                t = i / n
                x, y = pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t
                off = ((i * 7) % 5 - 2) * w / 8  # a fixed scatter: the same picture every time
                size = max(2, w // 3 + (i % 3) - 1)
                pygame.draw.rect(surf, (122, 110, 96), (x + off - size / 2, y - off - size / 2, size, size))

    def _draw_doors(self, surf, doors, to_px, ppi: int) -> None:
        """The doors, open (a dashed line) or closed (a thick bar), at `to_px` of their ends."""
        p = self.palette
        for d, open_ in zip(self.bf.doors, doors):
            a, b = to_px(*d.a), to_px(*d.b)
            if open_:
                _dashed_line(surf, p.door, a, b, 2, 5, 4)
                pygame.draw.circle(surf, p.door, a, 4)
            else:
                w = max(4, int(ppi * 0.24))
                pygame.draw.line(surf, (10, 10, 10), a, b, w + 4)
                pygame.draw.line(surf, p.door, a, b, w)
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                pygame.draw.circle(surf, (10, 10, 10), (mx, my), max(3, w // 2))

    def draw_board(self, screen: pygame.Surface, cam: Camera, doors_open: dict[str, bool], show_grid: bool,
                   static: pygame.Surface | None = None, cleared=()) -> pygame.Rect:
        """`static`: the static picture with something painted into it (the threat areas), else the plain one;
        `cleared`: terrain a mission took away (drawn as rubble). Returns the part of the screen the (opaque)
        table covers."""
        return screen.blit(self.board_picture(cam.ppi, doors_open, show_grid, static, cleared), cam.origin)

    def unit_sprite(self, v: UnitView, ppi: int, dim: bool, ready: bool = False) -> pygame.Surface:
        r_px = max(5, int(round(v.r * ppi)))
        # a role pictogram when the base is big enough to read it; the label alone on small bases
        role = v.role if r_px >= 9 else ""
        return self.sprites.base("item" if v.item else "unit", v.style, r_px, v.label, v.hit, v.max_hit,
                                 v.leader, dim, role, ready, v.downed)

    def unit_blits(self, cam: Camera, v: UnitView, dim: bool, at=None, ready: bool = False) -> list:
        """(surface, rect) to blit, in order, for one base: its sprite, then its elevation tag (a unit standing on a
        platform shows how high it is)."""
        spr = self.unit_sprite(v, cam.ppi, dim, ready)
        x, y = at if at is not None else (v.x, v.y)
        rect = spr.get_rect(center=cam.to_screen(x, y))
        out = [(spr, rect)]
        if v.z > 0.01 and cam.ppi >= 14:
            tag = f'{v.z:g}"'
            t = self.text.render(tag, 9, (250, 250, 250), True)
            tr = t.get_rect(topleft=(rect.right - 4, rect.top + 2))
            out += [(self.text.render(tag, 9, (0, 0, 0), True), tr.move(1, 1)), (t, tr)]
        return out

    def draw_unit(self, screen: pygame.Surface, cam: Camera, v: UnitView, dim: bool, at=None, alpha=None,
                  ready: bool = False) -> None:
        blits = self.unit_blits(cam, v, dim, at, ready)
        if alpha is not None:
            spr = blits[0][0].copy()
            spr.set_alpha(alpha)
            blits[0] = (spr, blits[0][1])
        screen.blits(blits, False)
