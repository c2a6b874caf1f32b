#!/usr/bin/env python3
"""Generate every Ruinstars battlefield as a Tiled map (maps/*.tmx).

Usage:  python tools/make_maps.py [--out DIR] [--only SLUG ...]      (default DIR: maps/)

The maps are written as TMX 1.10 (Tiled 1.10.2) files using the external tileset
assets/tilesets/ruinstars.tsx (generate it first with tools/make_tileset.py). The output is
deterministic: the only randomness is a local random.Random seeded from the map's slug, used to pick
ground variations and scatter flat decals. Run it twice and the files are byte-identical.

Map format (what game/battlefield reads; 1 tile = 1 inch, 32 px):
  map properties   title (string), format (int 1), description (string)
  tile layers      ground, detail            (pictures only; rules ignore them)
  object layers    terrain  wall, low_wall, platform, ladder, door
                   zones    deployment
                   markers  spawn, anchor, objective, item
Every map is described below in inches with a small builder; see docs/maps-catalogue.md.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "maps"
TSX = ROOT / "assets" / "tilesets" / "ruinstars.tsx"
TSX_REF = "../assets/tilesets/ruinstars.tsx"
PX = 32
SIDES = "nesw"
ANCHOR_NAMES = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")


# ----------------------------------------------------------------------------------------------
# tileset lookup (by the tiles' custom properties, so ids are never hard-coded here)

def load_tileset_index(path: Path = TSX) -> dict:
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    index: dict = {}
    for tile in root.findall("tile"):
        tid = int(tile.get("id"))
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        key = (props["terrain"], props.get("edges", ""), int(props.get("variant", "0")))
        index[key] = tid
    return index


# ----------------------------------------------------------------------------------------------
# map model

@dataclass
class Obj:
    layer: str                     # terrain / zones / markers
    kind: str                      # the object's type
    shape: str                     # polyline, rect, ellipse, point, polygon
    pts: list                      # inches: polyline/polygon points; rect: [(x0,y0),(x1,y1)]; point: [(x,y)]
    name: str = ""
    props: dict = field(default_factory=dict)
    paint: bool = True             # draw edge bands in the detail layer


@dataclass
class Theme:
    ground: str                    # default ground terrain
    floor: str                     # raised floor material: deck / stone / resin
    solid: str                     # fill for closed wall blocks
    decals: tuple                  # flat decals scattered at random
    decal_rate: float = 0.06


THEMES = {
    "city": Theme("rubble", "deck", "solid_concrete", ("crack", "debris", "debris", "stain")),
    "facility": Theme("plating", "deck", "solid_machine", ("grate", "stain", "crack", "hazard_edge")),
    "jungle": Theme("jungle", "stone", "solid_canopy", ("moss", "moss", "bones", "stain"), 0.08),
    "hive": Theme("resin", "resin", "solid_resin", ("pods", "pods", "bones", "stain")),
    "temple": Theme("temple", "stone", "solid_stone", ("glyph", "crack", "debris", "bones", "moss")),
    "lab": Theme("lab", "deck", "solid_machine", ("grate", "stain", "hazard_edge", "crack")),
}


def _attr(value: str) -> str:
    """An XML attribute value in double quotes, the way Tiled writes it."""
    return '"' + escape(str(value), {'"': "&quot;"}) + '"'


def _fmt(v: float) -> str:
    v = round(v * PX, 3)
    if v == int(v):
        return str(int(v))
    return f"{v:g}"


def _prop(name: str, value) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'    <property name="{name}" type="float" value="{value:g}"/>'
    return f'    <property name="{name}" value={_attr(value)}/>'


class Map:
    def __init__(self, slug: str, title: str, description: str, width: int, height: int, theme: str,
                 **extra_props):
        self.slug = slug
        self.title = title
        self.description = description
        self.w = width
        self.h = height
        self.theme = THEMES[theme]
        self.extra_props = extra_props
        self.objects: list[Obj] = []
        self.decals: list[tuple[int, int, str]] = []          # forced decals (cell, terrain)
        self.paints: list[tuple[float, float, float, float, str]] = []
        self.no_scatter: list[tuple[float, float, float, float]] = []
        self._xf = lambda x, y: (x, y)
        self._counters: dict[str, int] = {}

    # -- transforms: build half a map, then replay it rotated by 180 degrees ------------------
    @contextmanager
    def rot180(self):
        old = self._xf
        self._xf = lambda x, y: (self.w - x, self.h - y)
        try:
            yield
        finally:
            self._xf = old

    @contextmanager
    def mirror_y(self):
        old = self._xf
        self._xf = lambda x, y: (x, self.h - y)
        try:
            yield
        finally:
            self._xf = old

    @contextmanager
    def mirror_x(self):
        old = self._xf
        self._xf = lambda x, y: (self.w - x, y)
        try:
            yield
        finally:
            self._xf = old

    def _p(self, x, y):
        return self._xf(x, y)

    def _rect(self, x0, y0, x1, y1):
        ax, ay = self._p(x0, y0)
        bx, by = self._p(x1, y1)
        return [(min(ax, bx), min(ay, by)), (max(ax, bx), max(ay, by))]

    def _name(self, prefix: str) -> str:
        n = self._counters.get(prefix, 0) + 1
        self._counters[prefix] = n
        return f"{prefix}{n}"

    # -- terrain -------------------------------------------------------------------------------
    def wall(self, *pts, h: float, base: float = 0.0, climbable: bool = False, name: str = ""):
        props = {"wall_height": float(h)}
        if base:
            props["wall_base"] = float(base)
        if climbable:
            props["climbable"] = True
        self.objects.append(Obj("terrain", "wall", "polyline", [self._p(*p) for p in pts], name, props))

    def low_wall(self, *pts, h: float = 1.0, base: float = 0.0, name: str = ""):
        props = {"wall_height": float(h)}
        if base:
            props["wall_base"] = float(base)
        self.objects.append(Obj("terrain", "low_wall", "polyline", [self._p(*p) for p in pts], name, props))

    def block(self, x0, y0, x1, y1, h: float, name: str = "", fill: str | None = None):
        """A solid obstacle: a closed wall rectangle; its cells are painted with a solid tile."""
        o = Obj("terrain", "wall", "rect", self._rect(x0, y0, x1, y1), name, {"wall_height": float(h)},
                paint=False)
        o.fill = fill or self.theme.solid
        self.objects.append(o)

    def crate(self, x0, y0, x1=None, y1=None, h: float = 1.0):
        """Crates / barrels: a low-wall rectangle drawn with crate tiles."""
        x1 = x0 + 1 if x1 is None else x1
        y1 = y0 + 1 if y1 is None else y1
        o = Obj("terrain", "low_wall", "rect", self._rect(x0, y0, x1, y1), "", {"wall_height": float(h)},
                paint=False)
        o.fill = "crate" if (x1 - x0) * (y1 - y0) == 1 else "crate_stack"
        self.objects.append(o)

    def platform(self, x0, y0, x1, y1, elev: float, climbable: bool = False, name: str = "",
                 floor: str | None = None):
        """A raised block; `floor` overrides the theme's floor material for its tiles."""
        props = {"elevation": float(elev)}
        if climbable:
            props["climbable"] = True
        o = Obj("terrain", "platform", "rect", self._rect(x0, y0, x1, y1), name or self._name("P"), props)
        o.floor = floor or self.theme.floor
        self.objects.append(o)

    def heap(self, x0, y0, x1, y1, elev: float = 3.0):
        """A rubble heap: a platform climbable from every side."""
        self.platform(x0, y0, x1, y1, elev, climbable=True, floor="stone")

    def ladder(self, p0, p1):
        self.objects.append(Obj("terrain", "ladder", "polyline", [self._p(*p0), self._p(*p1)],
                                self._name("L")))

    def door(self, p0, p1, h: float = 3.0, base: float = 0.0):
        props = {"wall_height": float(h)}
        if base:
            props["wall_base"] = float(base)
        props["open"] = False
        self.objects.append(Obj("terrain", "door", "polyline", [self._p(*p0), self._p(*p1)],
                                self._name("D"), props))

    def room(self, x0, y0, x1, y1, h: float, base: float = 0.0, openings=(), name: str = ""):
        """Walls around a rectangle with openings: (side, a, b, kind) with kind 'door' or 'gap';
        a, b are coordinates along the side (x for n/s, y for e/w)."""
        corners = {"n": ((x0, y0), (x1, y0)), "e": ((x1, y0), (x1, y1)),
                   "s": ((x1, y1), (x0, y1)), "w": ((x0, y1), (x0, y0))}
        runs: list[list] = []
        for side in SIDES:
            (ax, ay), (bx, by) = corners[side]
            horiz = side in "ns"
            lo, hi = (min(ax, bx), max(ax, bx)) if horiz else (min(ay, by), max(ay, by))
            cuts = sorted((a, b, k) for s, a, b, k in openings if s == side)
            pieces, cur = [], lo
            for a, b, kind in cuts:
                if a > cur:
                    pieces.append((cur, a))
                if kind == "door":
                    if horiz:
                        self.door((a, ay), (b, ay), h=min(h, 3.0) if not base else 3.0, base=base)
                    else:
                        self.door((ax, a), (ax, b), h=min(h, 3.0) if not base else 3.0, base=base)
                cur = b
            if cur < hi:
                pieces.append((cur, hi))
            for a, b in pieces:
                seg = [(a, ay), (b, ay)] if horiz else [(ax, a), (ax, b)]
                runs.append(seg)
        # merge runs that continue around corners into polylines
        merged: list[list] = []
        for seg in runs:
            for m in merged:
                if m[-1] == seg[0]:
                    m.append(seg[1])
                    break
                if m[0] == seg[1]:
                    m.insert(0, seg[0])
                    break
                if m[-1] == seg[1]:
                    m.append(seg[0])
                    break
                if m[0] == seg[0]:
                    m.insert(0, seg[1])
                    break
            else:
                merged.append(list(seg))
        for m in merged:
            pts = [m[0]]
            for p in m[1:]:  # drop collinear middle points
                if len(pts) >= 2 and (pts[-2][0] == pts[-1][0] == p[0] or pts[-2][1] == pts[-1][1] == p[1]):
                    pts[-1] = p
                else:
                    pts.append(p)
            self.wall(*pts, h=h, base=base, name=name)

    # -- zones and markers ---------------------------------------------------------------------
    def deployment(self, name: str, side: str, x0, y0, x1, y1):
        self.objects.append(Obj("zones", "deployment", "rect", self._rect(x0, y0, x1, y1), name,
                                {"side": side}))

    def deployment_circle(self, name: str, side: str, cx, cy, r):
        x, y = self._p(cx, cy)
        self.objects.append(Obj("zones", "deployment", "ellipse", [(x - r, y - r), (x + r, y + r)], name,
                                {"side": side, "shape": "circle"}))

    def spawn(self, name: str, x, y):
        self.objects.append(Obj("markers", "spawn", "point", [self._p(x, y)], name))

    def anchors(self):
        w, h = self.w, self.h
        xs = (4, w / 2, w - 4)
        ys = (4, h / 2, h - 4)
        names = iter(ANCHOR_NAMES)
        for y in ys:
            for x in xs:
                self.objects.append(Obj("markers", "anchor", "point", [(x, y)], next(names)))

    def standard_insertion(self):
        """PvE deployment 1 (Standard Insertion): Player within 4" of SW, S or SE; NPC within 4" of
        NW, N or NE. Drawn as three 4" circles per side."""
        w, h = self.w, self.h
        for name, x in (("SW", 4), ("S", w / 2), ("SE", w - 4)):
            self.objects.append(Obj("zones", "deployment", "ellipse", [(x - 4, h - 8), (x + 4, h)],
                                    f"DU-{name}", {"side": "player", "shape": "circle"}))
        for name, x in (("NW", 4), ("N", w / 2), ("NE", w - 4)):
            self.objects.append(Obj("zones", "deployment", "ellipse", [(x - 4, 0), (x + 4, 8)],
                                    f"DN-{name}", {"side": "npc", "shape": "circle"}))

    # -- pictures ------------------------------------------------------------------------------
    def paint(self, x0, y0, x1, y1, terrain: str):
        (ax, ay), (bx, by) = self._rect(x0, y0, x1, y1)
        self.paints.append((ax, ay, bx, by, terrain))

    def decal(self, x, y, terrain: str):
        """A decal in the cell whose top-left corner is (x, y) (before the transform)."""
        (ax, ay), (bx, by) = self._rect(x, y, x + 1, y + 1)
        self.decals.append((int(ax), int(ay), terrain))

    def keep_clear(self, x0, y0, x1, y1):
        (ax, ay), (bx, by) = self._rect(x0, y0, x1, y1)
        self.no_scatter.append((ax, ay, bx, by))

    # ------------------------------------------------------------------------------------------
    def _platform_level(self, cx: float, cy: float) -> tuple[float, str]:
        lvl, floor = 0.0, ""
        for o in self.objects:
            if o.kind == "platform":
                (x0, y0), (x1, y1) = o.pts
                if x0 < cx < x1 and y0 < cy < y1 and o.props["elevation"] > lvl:
                    lvl, floor = o.props["elevation"], o.floor
        return lvl, floor

    def tile_layers(self, index: dict):
        rng = random.Random(zlib.crc32(self.slug.encode()))
        W, H = self.w, self.h
        ground = [[0] * W for _ in range(H)]
        level = [[0.0] * W for _ in range(H)]
        floor = [[""] * W for _ in range(H)]
        for y in range(H):
            for x in range(W):
                level[y][x], floor[y][x] = self._platform_level(x + 0.5, y + 0.5)
        for y in range(H):
            for x in range(W):
                lvl = level[y][x]
                r = rng.random()
                if lvl > 0:
                    e = 3 if lvl < 4.5 else 6
                    v = 0 if r < 0.7 else 1
                    ground[y][x] = index[(f"floor_{floor[y][x]}_{e}", "", v)] + 1
                    continue
                terrain = self.theme.ground
                for (ax, ay, bx, by, t) in self.paints:
                    if ax <= x + 0.5 <= bx and ay <= y + 0.5 <= by:
                        terrain = t
                v = 0 if r < 0.55 else 1 if r < 0.82 else 2
                ground[y][x] = index[(terrain, "", v)] + 1

        # edge bands
        wall_m = [[set() for _ in range(W)] for _ in range(H)]
        low_m = [[set() for _ in range(W)] for _ in range(H)]
        door_m = [[set() for _ in range(W)] for _ in range(H)]
        ladder_m = [[set() for _ in range(W)] for _ in range(H)]
        fill = [[None] * W for _ in range(H)]
        junctions: dict[tuple[int, int], set] = {}

        def mark(masks, a, b, record_junction=False):
            (x0, y0), (x1, y1) = a, b
            if y0 == y1:  # horizontal on grid line y0
                y = int(round(y0))
                for x in range(int(math.floor(min(x0, x1))), int(math.ceil(max(x0, x1)))):
                    if 0 <= x < W:
                        if y - 1 >= 0:
                            masks[y - 1][x].add("s")
                        if y < H:
                            masks[y][x].add("n")
                if record_junction:
                    junctions.setdefault((int(min(x0, x1)), y), set()).add("e")
                    junctions.setdefault((int(max(x0, x1)), y), set()).add("w")
            elif x0 == x1:
                x = int(round(x0))
                for y in range(int(math.floor(min(y0, y1))), int(math.ceil(max(y0, y1)))):
                    if 0 <= y < H:
                        if x - 1 >= 0:
                            masks[y][x - 1].add("e")
                        if x < W:
                            masks[y][x].add("w")
                if record_junction:
                    junctions.setdefault((x, int(min(y0, y1))), set()).add("s")
                    junctions.setdefault((x, int(max(y0, y1))), set()).add("n")

        for o in self.objects:
            if o.layer != "terrain":
                continue
            if getattr(o, "fill", None):
                (x0, y0), (x1, y1) = o.pts
                for y in range(int(y0), int(math.ceil(y1))):
                    for x in range(int(x0), int(math.ceil(x1))):
                        if 0 <= x < W and 0 <= y < H:
                            fill[y][x] = o.fill
                continue
            if not o.paint:
                continue
            if o.kind in ("wall", "low_wall", "door") and o.shape == "polyline":
                masks = {"wall": wall_m, "low_wall": low_m, "door": door_m}[o.kind]
                for a, b in zip(o.pts, o.pts[1:]):
                    mark(masks, a, b, record_junction=(o.kind == "wall"))
            elif o.kind == "ladder":
                (x0, y0), (x1, y1) = o.pts
                if y0 == y1:
                    y = int(y0)
                    for x in range(int(min(x0, x1)), int(math.ceil(max(x0, x1)))):
                        up, down = (level[y - 1][x] if y > 0 else -1), (level[y][x] if y < H else -1)
                        if up > down:
                            ladder_m[y][x].add("n")
                        else:
                            ladder_m[y - 1][x].add("s")
                else:
                    x = int(x0)
                    for y in range(int(min(y0, y1)), int(math.ceil(max(y0, y1)))):
                        left, right = (level[y][x - 1] if x > 0 else -1), (level[y][x] if x < W else -1)
                        if left > right:
                            ladder_m[y][x].add("w")
                        else:
                            ladder_m[y][x - 1].add("e")

        corner_dots: dict[tuple[int, int], str] = {}
        for (px, py), dirs in junctions.items():
            if not (dirs & {"e", "w"} and dirs & {"n", "s"}):
                continue
            for (cx, cy, need, corner) in ((px, py - 1, {"n", "e"}, "sw"), (px - 1, py - 1, {"n", "w"}, "es"),
                                           (px - 1, py, {"s", "w"}, "ne"), (px, py, {"s", "e"}, "nw")):
                if not (dirs & need) and 0 <= cx < W and 0 <= cy < H:
                    corner_dots[(cx, cy)] = corner

        forced = {(x, y): t for x, y, t in self.decals}
        detail = [[0] * W for _ in range(H)]

        def spelled(s):
            return "".join(c for c in SIDES if c in s)

        def shadow(x, y):
            here = level[y][x]
            n = y > 0 and level[y - 1][x] > here
            w = x > 0 and level[y][x - 1] > here
            return ("n" if n else "") + ("w" if w else "")

        free_cells = []
        for y in range(H):
            for x in range(W):
                gid = 0
                if fill[y][x]:
                    gid = index[(fill[y][x], "", 0)] + 1
                elif (x, y) in forced:
                    gid = index[(forced[(x, y)], "", 0)] + 1
                elif wall_m[y][x]:
                    gid = index[("wall_top", spelled(wall_m[y][x]), 0)] + 1
                elif door_m[y][x]:
                    gid = index[("door", spelled(door_m[y][x])[0], 0)] + 1
                elif low_m[y][x]:
                    gid = index[("low_wall", spelled(low_m[y][x]), 0)] + 1
                elif ladder_m[y][x]:
                    gid = index[("ladder", spelled(ladder_m[y][x])[0], 0)] + 1
                elif (x, y) in corner_dots:
                    gid = index[("wall_corner", corner_dots[(x, y)], 0)] + 1
                elif shadow(x, y):
                    gid = index[("shadow", shadow(x, y), 0)] + 1
                else:
                    if not any(ax <= x + 0.5 <= bx and ay <= y + 0.5 <= by for ax, ay, bx, by in self.no_scatter):
                        free_cells.append((x, y))
                detail[y][x] = gid
        n = int(len(free_cells) * self.theme.decal_rate)
        for (x, y) in rng.sample(free_cells, n):
            kinds = [k for k in self.theme.decals if not (level[y][x] > 0 and k in ("moss", "crater"))]
            detail[y][x] = index[(rng.choice(kinds), "", 0)] + 1
        return ground, detail

    # ------------------------------------------------------------------------------------------
    def to_tmx(self, index: dict) -> str:
        ground, detail = self.tile_layers(index)
        layers_objs = {"terrain": [], "zones": [], "markers": []}
        for o in self.objects:
            layers_objs[o.layer].append(o)
        order = {"platform": 0, "wall": 1, "low_wall": 2, "door": 3, "ladder": 4}
        layers_objs["terrain"].sort(key=lambda o: order[o.kind])   # stable: keeps build order inside a kind

        out = ['<?xml version="1.0" encoding="UTF-8"?>']
        n_objects = sum(len(v) for v in layers_objs.values())
        out.append(f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
                   f'width="{self.w}" height="{self.h}" tilewidth="{PX}" tileheight="{PX}" infinite="0" '
                   f'nextlayerid="6" nextobjectid="{n_objects + 1}">')
        props = {"title": self.title, "format": 1, "description": self.description, **self.extra_props}
        out.append(' <properties>')
        for k in sorted(props):
            out.append(_prop(k, props[k])[2:])
        out.append(' </properties>')
        out.append(f' <tileset firstgid="1" source="{TSX_REF}"/>')
        for lid, (lname, data) in enumerate((("ground", ground), ("detail", detail)), start=1):
            out.append(f' <layer id="{lid}" name="{lname}" width="{self.w}" height="{self.h}">')
            out.append('  <data encoding="csv">')
            rows = [",".join(str(g) for g in row) for row in data]
            out.append(",\n".join(rows))
            out.append('</data>')
            out.append(' </layer>')
        oid = 1
        for lid, lname in ((3, "terrain"), (4, "zones"), (5, "markers")):
            out.append(f' <objectgroup id="{lid}" name="{lname}">')
            for o in layers_objs[lname]:
                out.extend(self._object_xml(o, oid))
                oid += 1
            out.append(' </objectgroup>')
        out.append('</map>')
        return "\n".join(out) + "\n"

    @staticmethod
    def _object_xml(o: Obj, oid: int) -> list[str]:
        name = f' name={_attr(o.name)}' if o.name else ""
        head = f'  <object id="{oid}"{name} type="{o.kind}"'
        if o.shape in ("rect", "ellipse"):
            (x0, y0), (x1, y1) = o.pts
            head += f' x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(x1 - x0)}" height="{_fmt(y1 - y0)}"'
        else:
            x0, y0 = o.pts[0]
            head += f' x="{_fmt(x0)}" y="{_fmt(y0)}"'
        body = []
        if o.props:
            body.append('   <properties>')
            for k in sorted(o.props):
                body.append(_prop(k, o.props[k]))
            body.append('   </properties>')
        if o.shape == "ellipse":
            body.append('   <ellipse/>')
        elif o.shape == "point":
            body.append('   <point/>')
        elif o.shape in ("polyline", "polygon"):
            x0, y0 = o.pts[0]
            pts = " ".join(f"{_fmt(x - x0)},{_fmt(y - y0)}" for x, y in o.pts)
            body.append(f'   <{o.shape} points="{pts}"/>')
        if not body:
            return [head + "/>"]
        return [head + ">", *body, '  </object>']


# ==============================================================================================
# the maps

MAPS: dict[str, callable] = {}


def register(fn):
    MAPS[fn.__name__.replace("_", "-")] = fn
    return fn


@contextmanager
def _nullctx():
    yield


def each(m: Map, how: str):
    """The identity, then one symmetry of the table ("rot180", "mirror_x" or "mirror_y"): the body
    of `for c in each(m, how): with c: ...` builds half the map and its symmetric copy."""
    yield _nullctx()
    yield getattr(m, how)()


@register
def first_mission_survive() -> Map:
    m = Map("first-mission-survive", "Survive",
            "First Mission. A ruined city block with a cleared strongpoint in the middle. The squad "
            "deploys within 4\" of the centre; three Bug nests sit near the north-west, north-east and "
            "south edges. Light scatter: broken walls, sandbag lines, two small two-storey ruins.",
            24, 24, "city", mode="first-mission")
    m.paint(0, 10, 24, 14, "plating")          # an old boulevard east-west
    m.paint(10, 0, 14, 24, "plating")          # and north-south
    m.paint(8, 8, 16, 16, "dirt")              # the strongpoint yard
    m.keep_clear(8, 8, 16, 16)
    for c in each(m, "mirror_x"):
        with c:
            # sandbag arc on the west of the strongpoint (outside the 4" circle)
            m.low_wall((7, 10), (7, 14))
            # two-storey ruin west
            m.platform(1, 14, 5, 18, 3)
            m.wall((1, 18), (1, 14), (3, 14), h=3, base=3)
            m.ladder((5, 16), (5, 17))
            m.crate(1, 12)
            # broken facade north of the boulevard
            m.wall((3, 7), (6, 7), (6, 9), h=4)
            # rubble wall near the north nests
            m.wall((8, 2), (8, 5), h=3)
            m.low_wall((6, 5), (8, 5))
            # south-west scatter
            m.wall((5, 22), (8, 22), h=3)
            m.low_wall((8, 18), (10, 18))
            m.crate(9, 19)
    m.low_wall((10, 7), (14, 7))
    m.low_wall((10, 17), (14, 17))
    m.deployment_circle("DU", "player", 12, 12, 4)
    m.spawn("S1", 3, 3)
    m.spawn("S2", 21, 3)
    m.spawn("S3", 12, 21)
    m.anchors()
    return m


@register
def pve_ruined_city() -> Map:
    m = Map("pve-ruined-city", "The Ruined City",
            "PvE battlefield 1. Collapsed city blocks: two gutted tenements with a 3\" floor and a 6\" "
            "top storey, two roofless shops with doors, rubble heaps, burnt-out transports and "
            "sandbag lines across the old streets. Lanes run between the nine Anchors.",
            24, 24, "city", mode="pve", battlefield="CITY")
    m.paint(0, 10, 24, 14, "plating")
    m.paint(10, 0, 14, 24, "plating")
    m.paint(10, 10, 14, 14, "dirt")
    for c in each(m, "rot180"):
        with c:
            # tenement: 3" floor, 6" top storey, broken walls on both levels
            m.platform(6, 6, 11, 10, 3)
            m.platform(6, 6, 9, 8, 6)
            m.wall((6, 8), (6, 6), (9, 6), h=2, base=6)
            m.wall((9, 6), (11, 6), (11, 7), h=3, base=3)
            m.wall((6, 9), (6, 10), (7, 10), h=2, base=3)
            m.ladder((8, 10), (9, 10))
            m.ladder((11, 8), (11, 9))
            m.ladder((7, 8), (8, 8))
            # roofless shop with a door
            m.room(14, 6, 19, 10, h=4, openings=[("s", 15, 17, "door"), ("n", 16, 18, "gap"),
                                               ("e", 7, 9, "gap")])
            m.crate(17, 7)
            m.low_wall((15, 8), (16, 8))
            # rubble heap (climbable all round)
            m.heap(0, 7, 3, 10)
            # broken corner walls
            m.wall((21, 6), (21, 9), (23, 9), h=3)
            # barricades and wreckage in the northern deployment
            m.low_wall((7, 2), (10, 2))
            m.wall((16, 1), (16, 3), h=3)
            m.crate(17, 1)
            m.low_wall((7, 12), (9, 12))       # wrecked transport, low enough to shoot over
            m.decal(3, 3, "crater")
    m.standard_insertion()
    m.anchors()
    return m


@register
def pve_facility() -> Map:
    m = Map("pve-facility", "The Facility",
            "PvE battlefield 2. A rusted industrial plant of small chambers and tight corridors: four "
            "machine halls with doors, two catwalk gantries (3\" with a 6\" control booth), seized "
            "machinery blocks and pipe runs to hide behind.",
            24, 24, "facility", mode="pve", battlefield="FAC")
    m.paint(9, 0, 15, 24, "lab")
    for c in each(m, "rot180"):
        with c:
            # machine hall north-west
            m.room(1, 6, 7, 10, h=4, openings=[("e", 7, 9, "door"), ("s", 2, 4, "gap")])
            m.block(2, 7, 4, 8, h=3)
            # machine hall north-east
            m.room(17, 6, 23, 10, h=4, openings=[("w", 7, 9, "door"), ("s", 20, 22, "gap")])
            m.block(21, 7, 22, 9, h=3)
            # gantry with control booth
            m.platform(9, 6, 15, 8, 3)
            m.platform(11, 6, 13, 8, 6)
            m.wall((11, 6), (13, 6), h=2, base=6)
            m.wall((9, 6), (11, 6), h=1.5, base=3)
            m.ladder((9, 7), (9, 8))
            m.ladder((15, 6), (15, 7))
            m.ladder((11, 7), (11, 8))
            # machinery and pipes around the centre
            m.block(6, 11, 8, 13, h=3)
            m.low_wall((14, 10), (16, 10))
            m.low_wall((8, 15), (9, 15))
            # northern edge: stores
            m.crate(7, 2, 9, 3)
            m.block(15, 1, 17, 2, h=3)
            m.crate(1, 2)
            m.decal(10, 2, "hazard_stripes")
            m.decal(13, 2, "hazard_stripes")
    m.standard_insertion()
    m.anchors()
    return m


@register
def pve_jungle() -> Map:
    m = Map("pve-jungle", "The Jungle",
            "PvE battlefield 3. Dense alien growth around an overgrown outpost: giant trunks that "
            "block sight, root tangles and fallen logs for cover, two rocky outcrops (3\" climbable, "
            "with a 6\" crag reached by a vine ladder) and two outpost huts with doors.",
            24, 24, "jungle", mode="pve", battlefield="JUNG")
    m.paint(10, 0, 14, 24, "dirt")
    m.paint(0, 11, 24, 13, "dirt")
    for c in each(m, "rot180"):
        with c:
            # rocky outcrop with a crag and a ruined shrine wall on top
            m.heap(6, 6, 10, 10)
            m.platform(7, 6, 9, 8, 6)
            m.wall((7, 6), (9, 6), h=2, base=6)
            m.wall((6, 9), (6, 10), (8, 10), h=2, base=3)
            m.ladder((8, 8), (9, 8))
            # outpost hut
            m.room(14, 6, 19, 10, h=3, openings=[("s", 16, 18, "door"), ("w", 7, 9, "gap")])
            # giant trunks
            m.block(2, 7, 3, 9, h=6)
            m.block(10, 1, 11, 2, h=6)
            m.block(15, 2, 17, 3, h=6)
            m.block(21, 7, 23, 9, h=6)
            m.block(9, 12, 10, 14, h=6)
            m.block(1, 1, 2, 2, h=6)
            # roots and logs
            m.low_wall((5, 2), (7, 2))
            m.low_wall((12, 7), (12, 10))
            m.low_wall((19, 2), (21, 2))
            m.low_wall((20, 10), (22, 10))
    m.standard_insertion()
    m.anchors()
    return m


@register
def pve_alien_hive() -> Map:
    m = Map("pve-alien-hive", "The Alien Hive",
            "PvE battlefield 4. Resin caverns and tight tunnels: chitin pillars and resin masses that "
            "block sight, two brood mounds (3\" with a 6\" spire deck), two membrane-sealed brood "
            "chambers and low ridges of hardened resin for cover.",
            24, 24, "hive", mode="pve", battlefield="HIVE")
    for c in each(m, "rot180"):
        with c:
            # resin masses forming a cavern wall
            m.block(6, 5, 9, 7, h=6)
            m.block(6, 7, 8, 10, h=6)
            # brood mound with a spire deck and a resin crest on top
            m.platform(12, 6, 17, 10, 3)
            m.platform(14, 7, 17, 9, 6)
            m.wall((14, 7), (17, 7), h=2, base=6)
            m.wall((12, 6), (14, 6), h=2, base=3)
            m.ladder((12, 8), (12, 9))
            m.ladder((14, 8), (14, 9))
            m.ladder((15, 10), (16, 10))
            # brood chamber against the east edge, sealed by a membrane door
            m.room(19, 6, 24, 10, h=4, openings=[("w", 7, 9, "door"), ("s", 21, 23, "gap"),
                                               ("e", 6, 10, "gap")])
            # chitin pillars and ridges
            m.block(2, 8, 3, 10, h=5)
            m.block(15, 1, 16, 3, h=5)
            m.block(9, 12, 10, 13, h=5)
            m.low_wall((8, 2), (11, 2))
            m.low_wall((16, 12), (16, 13))
            m.low_wall((20, 2), (22, 2))
    m.standard_insertion()
    m.anchors()
    return m


@register
def pve_cursed_temple() -> Map:
    m = Map("pve-cursed-temple", "The Cursed Temple",
            "PvE battlefield 5. A ruined temple precinct: two stepped terraces (3\" with a 6\" altar "
            "top), two pillared halls entered through gateway doors, broken colonnades and toppled "
            "statues around an open central court.",
            24, 24, "temple", mode="pve", battlefield="TEMPLE")
    m.paint(9, 9, 15, 15, "rubble")
    for c in each(m, "rot180"):
        with c:
            # stepped terrace with altar
            m.platform(5, 5, 11, 10, 3)
            m.platform(6, 6, 9, 8, 6)
            m.wall((6, 6), (9, 6), h=3, base=6)
            m.wall((5, 5), (6, 5), h=3, base=3)
            m.wall((9, 5), (11, 5), (11, 7), h=3, base=3)
            m.ladder((7, 10), (8, 10))
            m.ladder((5, 8), (5, 9))
            m.ladder((7, 8), (8, 8))
            # pillared hall with gateway
            m.room(14, 6, 20, 10, h=5, openings=[("s", 16, 18, "door"), ("w", 7, 9, "gap")])
            m.block(16, 8, 17, 9, h=5)
            m.block(18, 7, 19, 8, h=5)
            # colonnade
            for x in (1, 3):
                m.block(x, 14, x + 1, 15, h=5)
            m.block(1, 9, 2, 10, h=5)
            # toppled statues and broken walls
            m.low_wall((6, 12), (8, 12))
            m.wall((13, 1), (13, 3), (15, 3), h=3)
            m.low_wall((7, 2), (9, 2))
            m.block(21, 6, 23, 7, h=2)
            m.decal(11, 11, "glyph")
    m.standard_insertion()
    m.anchors()
    return m


@register
def pve_blacksite() -> Map:
    m = Map("pve-blacksite", "Blacksite",
            "PvE battlefield 6. A sealed research compound: two secured labs behind blast doors, "
            "sensor gantries (3\" with a 6\" observation deck), server stacks and containment tanks "
            "that block sight, and crates and barriers left by the evacuation.",
            24, 24, "lab", mode="pve", battlefield="BLACKSITE")
    m.paint(0, 10, 24, 14, "plating")
    for c in each(m, "rot180"):
        with c:
            # secured lab
            m.room(3, 6, 9, 10, h=4, openings=[("s", 5, 7, "door"), ("e", 7, 9, "door")])
            m.block(4, 7, 5, 9, h=3)
            # gantry with observation deck
            m.platform(14, 6, 20, 10, 3)
            m.platform(17, 6, 20, 8, 6)
            m.wall((17, 6), (20, 6), (20, 8), h=2, base=6)
            m.wall((14, 6), (16, 6), h=2, base=3)
            m.ladder((15, 10), (16, 10))
            m.ladder((14, 8), (14, 9))
            m.ladder((18, 8), (19, 8))
            # server stacks and tanks
            m.block(11, 6, 12, 9, h=4)
            m.block(22, 8, 23, 10, h=4)
            # evacuation clutter
            m.low_wall((7, 12), (9, 12))
            m.crate(0, 11)
            m.crate(10, 1, 12, 2)
            m.low_wall((17, 2), (19, 2))
            for x in range(3, 9):
                m.decal(x, 10, "hazard_edge")
    m.standard_insertion()
    m.anchors()
    return m


@register
def horde_last_stand() -> Map:
    m = Map("horde-last-stand", "Last Stand",
            "Horde map 1. A dead metropolis: the squad holds a cleared square in the middle (4\" "
            "circle) while the horde pours in from two northern corners and the southern avenue. "
            "Gutted tenements with a 3\" floor and 6\" top storey, walled shells, sandbags, "
            "overturned transports and craters.",
            24, 24, "city", mode="horde", horde_map=1)
    m.paint(0, 10, 24, 14, "plating")
    m.paint(10, 14, 14, 24, "plating")
    m.paint(8, 8, 16, 16, "dirt")
    m.keep_clear(8, 8, 16, 16)
    for c in each(m, "mirror_x"):
        with c:
            m.platform(6, 5, 10, 8, 3)
            m.platform(6, 5, 8, 7, 6)
            m.wall((6, 7), (6, 5), (8, 5), h=2, base=6)
            m.wall((8, 5), (10, 5), h=3, base=3)
            m.ladder((8, 8), (9, 8))
            m.ladder((8, 6), (8, 7))
            m.ladder((6, 7), (6, 8))
            m.room(1, 10, 6, 15, h=4, openings=[("e", 12, 14, "door"), ("n", 2, 4, "gap")])
            m.block(8, 17, 10, 18, h=2, fill="solid_machine")       # overturned transport
            m.wall((1, 17), (4, 17), h=3)
            m.low_wall((7, 11), (7, 13))
            m.crate(3, 22)
            m.heap(0, 19, 2, 22)       # rubble heap
            m.wall((8, 20), (8, 23), h=3)
            m.wall((1, 6), (1, 8), (3, 8), h=3)
            m.low_wall((9, 2), (11, 2))
            m.decal(3, 7, "crater")
            m.decal(8, 21, "crater")
    m.low_wall((10, 7), (14, 7))
    m.low_wall((10, 17), (14, 17))
    m.deployment_circle("DU", "player", 12, 12, 4)
    m.spawn("S1", 4, 4)
    m.spawn("S2", 20, 4)
    m.spawn("S3", 12, 20)
    m.anchors()
    return m


@register
def horde_weapons_manufacture() -> Map:
    m = Map("horde-weapons-manufacture", "Weapons Manufacture",
            "Horde map 2. A weapons plant of long corridors and bulkheads. The squad holds a 1\" strip "
            "along the east edge behind barricades and work gantries (3\" with a 6\" crane cab); the "
            "horde breaks out of the containment bays along the west edge.",
            24, 24, "facility", mode="horde", horde_map=2)
    m.paint(0, 9, 24, 15, "lab")
    for c in each(m, "mirror_y"):
        with c:
            # assembly hall with bulkhead doors
            m.room(8, 2, 16, 8, h=4, openings=[("w", 4, 6, "door"), ("e", 5, 7, "door"), ("s", 10, 12, "gap")])
            m.block(9, 6, 11, 7, h=3)
            m.crate(13, 6)
            # gantry with crane cab near the squad's strip
            m.platform(17, 6, 21, 9, 3)
            m.platform(19, 6, 21, 8, 6)
            m.wall((19, 6), (21, 6), (21, 8), h=2, base=6)
            m.wall((17, 6), (19, 6), h=1.5, base=3)
            m.ladder((17, 7), (17, 8))
            m.ladder((18, 9), (19, 9))
            m.ladder((19, 7), (19, 8))
            # corridor wall between the containment bays
            m.wall((2, 8), (6, 8), h=4)
            m.block(17, 1, 19, 2, h=3)
            # barricades in front of the strip
            m.low_wall((22, 2), (22, 4))
            m.low_wall((22, 10), (22, 11))
            m.decal(1, 3, "hazard_stripes")
            m.decal(1, 4, "hazard_stripes")
            for x in range(2, 7):
                m.decal(x, 7, "hazard_edge")
    m.block(9, 11, 10, 13, h=3)
    m.block(14, 11, 15, 13, h=3)
    m.decal(1, 11, "hazard_stripes")
    m.decal(1, 12, "hazard_stripes")
    m.deployment("DU", "player", 23, 0, 24, 24)
    m.spawn("S1", 4, 4)
    m.spawn("S2", 4, 12)
    m.spawn("S3", 4, 20)
    m.anchors()
    return m


@register
def horde_containment_breach() -> Map:
    m = Map("horde-containment-breach", "Containment Breach",
            "Horde map 3. A research station whose central containment cell has ruptured: the "
            "breach (spawn point 3) sits inside a broken ring of cell walls at the centre, two more "
            "breaches open in opposite corners, and the squad holds 1\" strips along all four edges. "
            "Two labs with doors and two sensor gantries (3\" with a 6\" deck).",
            24, 24, "lab", mode="horde", horde_map=3)
    m.paint(9, 9, 15, 15, "plating")
    for c in each(m, "rot180"):
        with c:
            # broken containment ring around the central breach
            m.wall((11, 9), (9, 9), (9, 11), h=4)
            m.wall((13, 9), (15, 9), (15, 11), h=4)
            # lab with two doors
            m.room(3, 6, 7, 10, h=4, openings=[("n", 4, 6, "door"), ("e", 7, 9, "door")])
            m.block(4, 8, 5, 9, h=3)
            m.decal(5, 7, "console")
            # sensor gantry
            m.platform(17, 6, 21, 9, 3)
            m.platform(19, 6, 21, 8, 6)
            m.wall((19, 6), (21, 6), (21, 8), h=2, base=6)
            m.wall((17, 6), (19, 6), h=1.5, base=3)
            m.ladder((17, 7), (17, 8))
            m.ladder((18, 9), (19, 9))
            m.ladder((19, 7), (19, 8))
            # clutter
            m.block(9, 2, 10, 3, h=4)
            m.block(16, 2, 18, 3, h=4)
            m.crate(13, 1)
            m.low_wall((2, 13), (2, 15))
            m.low_wall((11, 6), (13, 6))
    for name, rect in (("DU-N", (0, 0, 24, 1)), ("DU-E", (23, 1, 24, 23)),
                       ("DU-S", (0, 23, 24, 24)), ("DU-W", (0, 1, 1, 23))):
        m.deployment(name, "player", *rect)
    m.spawn("S1", 4, 4)
    m.spawn("S2", 20, 20)
    m.spawn("S3", 12, 12)
    m.anchors()
    return m


@register
def horde_supply_corridor() -> Map:
    m = Map("horde-supply-corridor", "Supply Corridor",
            "Horde map 4. A convoy road across contested ruins: the squad holds a 4\" band across the "
            "middle of the table among wrecked cargo haulers while the horde comes from both northern "
            "corners and the southern ruins. Two-storey ruins (3\" and 6\") on the north flank, "
            "walled depots with doors on the south flank.",
            24, 24, "city", mode="horde", horde_map=4)
    m.paint(0, 10, 24, 14, "dirt")
    for c in each(m, "mirror_x"):
        with c:
            # north flank: two-storey ruin
            m.platform(6, 5, 10, 8, 3)
            m.platform(6, 5, 8, 7, 6)
            m.wall((6, 7), (6, 5), (8, 5), h=2, base=6)
            m.wall((8, 5), (10, 5), (10, 6), h=3, base=3)
            m.ladder((8, 8), (9, 8))
            m.ladder((8, 6), (8, 7))
            m.wall((1, 7), (1, 9), (3, 9), h=3)
            m.heap(8, 1, 10, 3)        # rubble heap
            # wrecked convoy in the corridor
            m.crate(7, 11, 9, 12)
            m.low_wall((1, 13), (2, 13))
            # south flank: walled depot
            m.room(6, 16, 10, 21, h=4, openings=[("n", 7, 9, "door"), ("e", 17, 19, "gap")])
            m.crate(7, 19)
            m.low_wall((1, 16), (3, 16))
            m.wall((2, 22), (2, 23), (4, 23), h=3)
    m.wall((11, 7), (13, 7), h=3)
    m.block(11, 15, 13, 16, h=2, fill="solid_machine")
    m.deployment("DU", "player", 0, 10, 24, 14)
    m.spawn("S1", 4, 4)
    m.spawn("S2", 20, 4)
    m.spawn("S3", 12, 20)
    m.anchors()
    return m


@register
def pve_rift_30x22() -> Map:
    m = Map("pve-rift-30x22", "The Rift (30x22)",
            "A 30\"x22\" battlefield for the wide table and for the E2+ battlefield The Rift: "
            "patches of city, temple, lab and hive ground fused together, hab blocks (3\" and 6\"), "
            "a temple shell with a gate, resin masses, broken transit pylons and scattered cover.",
            30, 22, "city", mode="pve", battlefield="RIFT")
    for c in each(m, "rot180"):
        with c:
            m.paint(6, 5, 13, 10, "plating")
            m.paint(17, 4, 24, 10, "temple")
            m.paint(0, 6, 4, 10, "resin")
            m.paint(11, 0, 15, 3, "lab")
            # hab block
            m.platform(7, 6, 12, 9, 3)
            m.platform(7, 6, 9, 8, 6)
            m.wall((7, 8), (7, 6), (9, 6), h=2, base=6)
            m.wall((9, 6), (12, 6), h=2, base=3)
            m.ladder((10, 9), (11, 9))
            m.ladder((9, 7), (9, 8))
            m.ladder((12, 7), (12, 8))
            # temple shell
            m.room(18, 5, 23, 9, h=4, openings=[("s", 19, 21, "door"), ("e", 6, 8, "gap")])
            m.block(21, 6, 22, 7, h=4, fill="solid_stone")
            # resin mass and machinery
            m.block(1, 7, 3, 9, h=5, fill="solid_resin")
            m.block(12, 1, 13, 3, h=4, fill="solid_machine")
            # broken transit pylons
            m.wall((26, 7), (28, 7), h=5)
            m.block(16, 1, 17, 2, h=5)
            # cover
            m.low_wall((5, 2), (8, 2))
            m.low_wall((22, 2), (24, 2))
            m.low_wall((8, 11), (10, 11))
            m.heap(14, 14, 16, 16)     # rubble heap
    m.standard_insertion()
    m.anchors()
    return m


# MAP DESIGNS GO HERE


def write_all(out_dir: Path, only=None) -> list[Path]:
    index = load_tileset_index()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for slug, fn in MAPS.items():
        if only and slug not in only:
            continue
        m = fn()
        assert m.slug == slug, (m.slug, slug)
        path = out_dir / f"{slug}.tmx"
        path.write_text(m.to_tmx(index), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args(argv)
    for p in write_all(args.out, args.only):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
