"""Load a Tiled .tmx map (docs/maps.md) into a plain Battlefield.

Every problem becomes a MapError "<file>: <object>: <problem in words>"; no pytmx or ElementTree traceback
escapes. tmx_checks reads and checks the file (and its tilesets) before pytmx sees anything, and hands pytmx
a tree it can read without opening any file; this module then reads the objects into the rules' terms.
"""
from __future__ import annotations

import math
import os
import re

from .geometry import point_in_polygon, seg_point_dist, signed_area
from .model import (
    ANCHOR_NAMES,
    Battlefield,
    Door,
    Ladder,
    LowWall,
    MapError,
    Marker,
    Platform,
    TileLayerInfo,
    TileLayers,
    TilesetInfo,
    Wall,
    Zone,
    default_anchors,
)
from .tmx_checks import KINDS, PX, check_map_file, label as _label, read_xml

FORMAT = 1
SIDES = ("player", "npc", "A", "B")
LADDER_TOL = 0.25
SPAWN_MIN_GAP = 1.0  # spawn points closer than a standard base (1") overlap
_MODE_WORDS = {"pve", "pvp", "horde", "map"}  # file-name prefixes that say which mode, not which place


def tidy_title(stem: str) -> str:
    """A player-facing name from a map's file name, for maps without a `title`: "pve-rift-30x22" ->
    "Rift (30x22)", "ruined_outpost" -> "Ruined Outpost"."""
    words = [w for w in re.split(r"[-_\s.]+", stem) if w]
    while len(words) > 1 and words[0].lower() in _MODE_WORDS:
        words.pop(0)
    sizes = [w.lower() for w in words if re.fullmatch(r"\d+x\d+", w, re.I)]
    words = [w[:1].upper() + w[1:] for w in words if w.lower() not in sizes]
    title = " ".join(words) or "Battlefield"
    return f"{title} ({sizes[0]})" if sizes else title


def map_title(path) -> str:
    """The title of a map file without loading it (for lists of maps): its `title` property, else a tidy
    name from the file name. Never raises: a broken map is reported when it is loaded."""
    return map_summary(path)[0]


def map_summary(path) -> tuple[str, float | None, float | None]:
    """(title, width, height in inches) of a map file without loading it, for lists of maps; the size is None
    when the file cannot be read. Never raises: a broken map is reported when it is loaded."""
    fname = os.fspath(path)
    stem = os.path.splitext(os.path.basename(fname))[0]
    try:
        root = read_xml(fname, fname, "map")
    except MapError:
        return tidy_title(stem), None, None
    try:
        width, height = float(root.get("width")), float(root.get("height"))  # a tile is an inch
    except (TypeError, ValueError):
        width = height = None
    for props in root.findall("properties"):
        for p in props.findall("property"):
            if p.get("name") == "title" and p.get("type", "string") == "string":
                value = p.get("value") if p.get("value") is not None else p.text
                if value and value.strip():
                    return value.strip(), width, height
    return tidy_title(stem), width, height


class _Reader:
    def __init__(self, fname: str, width: float, height: float):
        self.fname = fname
        self.width = width
        self.height = height

    def err(self, label: str, problem: str) -> MapError:
        return MapError(self.fname, label, problem)

    def num(self, obj, label, key, default=None, required=False, minimum=None):
        props = obj.properties
        if key not in props:
            if required:
                raise self.err(label, f"required property '{key}' (float) is missing")
            return default
        v = props[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.err(label, f"property '{key}' must be a float, not {type(v).__name__} {v!r}")
        v = float(v)
        if not math.isfinite(v):
            raise self.err(label, f"property '{key}' must be a finite number")
        if minimum is not None and v < minimum:
            raise self.err(label, f"property '{key}' must be at least {minimum:g}, not {v:g}")
        return v

    def flag(self, obj, label, key, default=False):
        v = obj.properties.get(key, default)
        if not isinstance(v, bool):
            raise self.err(label, f"property '{key}' must be a bool, not {type(v).__name__} {v!r}")
        return v

    def text(self, obj, label, key, default=None, required=False):
        props = obj.properties
        if key not in props:
            if required:
                raise self.err(label, f"required property '{key}' (string) is missing")
            return default
        v = props[key]
        if not isinstance(v, str):
            raise self.err(label, f"property '{key}' must be a string, not {type(v).__name__} {v!r}")
        return v

    def inside(self, label, pts):
        for x, y in pts:
            if not (-1e-6 <= x <= self.width + 1e-6 and -1e-6 <= y <= self.height + 1e-6):
                raise self.err(label, f"point ({x:g}, {y:g}) is outside the {self.width:g}x{self.height:g}\" table")
        return pts


def load_battlefield(path) -> Battlefield:
    """Read a .tmx map. Raises MapError("<file>: <object>: <problem>") and nothing else."""
    fname = os.fspath(path)
    try:
        return _load(fname)
    except MapError:
        raise
    except RecursionError:
        raise MapError(fname, "map", "the file is nested too deeply") from None
    except MemoryError:
        raise MapError(fname, "map", "the map is too large to read") from None
    except Exception:  # a case the checks did not foresee: still a MapError in words, never a traceback
        raise MapError(fname, "map", "part of the file is not in a form the map reader understands; it may be "
                                     "damaged, or made with a Tiled feature battlefields do not use") from None


def _load(fname: str) -> Battlefield:
    checked = check_map_file(fname)
    shapes = checked.shapes
    tsx_sources = checked.tilesets
    base_dir = os.path.dirname(os.path.abspath(fname))
    import pytmx  # imported here: pytmx pulls pygame in at import time

    tm = pytmx.TiledMap(allow_duplicate_names=False)
    tm.filename = fname
    tm.parse_xml(checked.root)  # the checked tree: pytmx opens no file and unpacks nothing

    width, height = float(tm.width), float(tm.height)
    rd = _Reader(fname, width, height)
    props = dict(tm.properties)
    title = props.get("title")
    if title is not None and not isinstance(title, str):
        raise rd.err("map", f"map property 'title' must be text, not {type(title).__name__} {title!r}")
    if not title or not title.strip():
        title = tidy_title(os.path.splitext(os.path.basename(fname))[0])
    fmt = props.get("format", FORMAT)
    if isinstance(fmt, bool) or fmt != FORMAT or not isinstance(fmt, int):
        raise rd.err("map", f"map property 'format' must be the int {FORMAT}, not {fmt!r}")

    # ---- picture layers
    tile_layers = []
    for layer in tm.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            gids = tuple(tuple(tm.tiledgidmap.get(g, 0) if g else 0 for g in row) for row in layer.data)
            tile_layers.append(TileLayerInfo(layer.name, bool(layer.visible), gids))
    tilesets = []
    for ts, (firstgid, tsx) in zip(sorted(tm.tilesets, key=lambda t: t.firstgid), sorted(tsx_sources, key=lambda s: s[0])):
        image = os.path.normpath(os.path.join(base_dir, ts.source)) if ts.source else None
        tilesets.append(TilesetInfo(int(ts.firstgid), ts.name or "", tsx, image, int(ts.tilewidth or 0),
                                    int(ts.tileheight or 0), int(ts.tilecount or 0), int(ts.columns or 0)))

    # ---- objects
    walls, low_walls, platforms, doors, ladders = [], [], [], [], []
    zones: dict[str, Zone] = {}
    spawns: list[tuple[int, Marker, str]] = []
    anchors: dict[str, tuple[float, float]] = {}
    markers: list[Marker] = []
    door_ids: set[str] = set()
    ladder_objs = []
    wall_objs = []
    for obj in tm.objects:
        kind = obj.type or obj.__dict__.get("class")
        name = obj.name or ""
        label = _label(kind, name, obj.id)
        if not kind:
            raise rd.err(label, f"object has no type (class); give it one of: {', '.join(KINDS)}")
        if kind not in KINDS:
            raise rd.err(label, f"unknown object kind '{kind}'; expected one of: {', '.join(KINDS)}")
        shape = shapes.get(int(obj.id), "rect")
        if shape in ("polygon", "polyline"):
            pts = [(p[0] / PX, p[1] / PX) for p in obj.points]
        elif shape in ("rect", "ellipse", "tile"):
            x, y, w, h = obj.x / PX, obj.y / PX, obj.width / PX, obj.height / PX
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        else:
            pts = [(obj.x / PX, obj.y / PX)]
        rd.inside(label, pts)

        def segments_of(accept_polygon=True):
            if shape == "polyline":
                if len(pts) < 2:
                    raise rd.err(label, "a polyline needs at least 2 points")
                segs = list(zip(pts, pts[1:]))
            elif shape == "rect" or (shape == "polygon" and accept_polygon):
                segs = list(zip(pts, pts[1:] + pts[:1]))
            else:
                raise rd.err(label, f"must be a polyline or a rectangle, not a {shape}")
            segs = [(a, b) for a, b in segs if a != b]
            if not segs:
                raise rd.err(label, "has no length")
            return segs

        if kind == "wall":
            h = rd.num(obj, label, "wall_height", required=True, minimum=0.0)
            base = rd.num(obj, label, "wall_base", 0.0, minimum=0.0)
            climb = rd.flag(obj, label, "climbable")
            if h <= 0:
                raise rd.err(label, "property 'wall_height' must be more than 0")
            segs = segments_of()
            wall_objs.append((label, segs, base + h))
            walls.extend(Wall(label, a, b, h, base, climb) for a, b in segs)
        elif kind == "low_wall":
            h = rd.num(obj, label, "wall_height", 1.0, minimum=0.0)
            base = rd.num(obj, label, "wall_base", 0.0, minimum=0.0)
            if h <= 0:
                raise rd.err(label, "property 'wall_height' must be more than 0")
            segs = segments_of()
            wall_objs.append((label, segs, base + h))
            low_walls.extend(LowWall(label, a, b, h, base) for a, b in segs)
        elif kind == "platform":
            if shape not in ("rect", "polygon"):
                raise rd.err(label, f"must be a rectangle or a polygon, not a {shape}")
            elev = rd.num(obj, label, "elevation", required=True)
            if elev <= 0:
                raise rd.err(label, "property 'elevation' must be more than 0")
            climb = rd.flag(obj, label, "climbable")
            poly = [p for i, p in enumerate(pts) if p != pts[i - 1]]
            if len(poly) < 3 or abs(signed_area(poly)) < 1e-6:
                raise rd.err(label, "the platform has no area")
            platforms.append(Platform(label, tuple(poly), elev, climb))
        elif kind == "ladder":
            if shape != "polyline" or len(pts) != 2:
                raise rd.err(label, "a ladder must be a polyline of exactly 2 points")
            ladder_objs.append((label, pts[0], pts[1]))
        elif kind == "door":
            if shape != "polyline" or len(pts) != 2 or pts[0] == pts[1]:
                raise rd.err(label, "a door must be a polyline of exactly 2 distinct points")
            h = rd.num(obj, label, "wall_height", 3.0, minimum=0.0)
            base = rd.num(obj, label, "wall_base", 0.0, minimum=0.0)
            is_open = rd.flag(obj, label, "open")
            did = name or f"door-{obj.id}"
            if did in door_ids:
                raise rd.err(label, f"duplicate door id '{did}'")
            door_ids.add(did)
            doors.append(Door(did, label, pts[0], pts[1], h, base, is_open))
        elif kind == "deployment":
            side = rd.text(obj, label, "side", required=True)
            if side not in SIDES:
                raise rd.err(label, f"property 'side' must be one of {', '.join(SIDES)}, not {side!r}")
            if not name:
                raise rd.err(label, "a deployment zone needs a name")
            if name in zones:
                raise rd.err(label, f"duplicate deployment zone name '{name}'")
            circle_prop = rd.text(obj, label, "shape", None)
            if circle_prop not in (None, "circle"):
                raise rd.err(label, f"property 'shape' must be \"circle\" if set, not {circle_prop!r}")
            if shape == "ellipse" or circle_prop == "circle":
                if shape not in ("rect", "ellipse"):
                    raise rd.err(label, "a circle zone must be drawn as an ellipse or a rectangle")
                w, hh = obj.width / PX, obj.height / PX
                if w <= 0 or abs(w - hh) > 1e-6:
                    raise rd.err(label, f"a circle zone must be as wide as high ({w:g}x{hh:g}\")")
                zones[name] = Zone(name, side, None, (obj.x / PX + w / 2, obj.y / PX + w / 2, w / 2))
            elif shape in ("rect", "polygon"):
                if abs(signed_area(pts)) < 1e-6:
                    raise rd.err(label, "the zone has no area")
                zones[name] = Zone(name, side, tuple(pts), None)
            else:
                raise rd.err(label, f"a deployment zone must be a rectangle, polygon or circle, not a {shape}")
        else:  # point kinds
            if shape != "point":
                raise rd.err(label, f"must be a point object, not a {shape}")
            x, y = pts[0]
            if kind == "spawn":
                m = re.fullmatch(r"S([1-9][0-9]*)", name)
                if not m:
                    raise rd.err(label, "a spawn point must be named S1, S2, ...")
                spawns.append((int(m.group(1)), Marker("spawn", name, x, y), label))
            elif kind == "anchor":
                if name not in ANCHOR_NAMES:
                    raise rd.err(label, f"an anchor must be named one of {' '.join(ANCHOR_NAMES)}")
                if name in anchors:
                    raise rd.err(label, f"duplicate anchor '{name}'")
                anchors[name] = (x, y)
            else:
                item = rd.text(obj, label, "item", None)
                markers.append(Marker(kind, name or f"{kind}-{obj.id}", x, y, item))

    # ---- cross-checks
    spawns.sort(key=lambda s: s[0])
    for k, (n, m, label) in enumerate(spawns):
        if k and spawns[k - 1][0] == n:
            raise rd.err(label, f"duplicate spawn point name '{m.name}'")
        for n2, m2, _ in spawns[:k]:
            if math.hypot(m.x - m2.x, m.y - m2.y) < SPAWN_MIN_GAP - 1e-9:
                raise rd.err(label, f"overlaps spawn point {m2.name} (closer than {SPAWN_MIN_GAP:g}\")")
    edges = [(a, b) for w in walls for a, b in [(w.a, w.b)]]
    for p in platforms:
        edges.extend(zip(p.polygon, p.polygon[1:] + p.polygon[:1]))
    for label, a, b in ladder_objs:
        if not any(all(seg_point_dist(ea[0], ea[1], eb[0], eb[1], px, py) <= LADDER_TOL for px, py in (a, b))
                   for ea, eb in edges):
            raise rd.err(label, "a ladder must lie along a wall or a platform edge")
        ladders.append(Ladder(label, a, b))
    for label, segs, top in wall_objs:
        for a, b in segs:
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            for p in platforms:
                if p.elevation >= top - 1e-9 and point_in_polygon(p.polygon, mx, my) > 0:
                    raise rd.err(label, f"its top ({top:g}\") is not above {p.label} (elevation {p.elevation:g}\") "
                                        f"it stands on: set wall_base")
    full_anchors = default_anchors(width, height)
    full_anchors.update(anchors)
    return Battlefield(
        name=title.strip(), source=fname, width=width, height=height,
        walls=tuple(walls), low_walls=tuple(low_walls), platforms=tuple(platforms), doors=tuple(doors),
        ladders=tuple(ladders), zones=zones, spawn_points=tuple(m for _, m, _ in spawns),
        anchors={k: full_anchors[k] for k in ANCHOR_NAMES}, markers=tuple(markers),
        tile_layers=TileLayers(PX, PX, tuple(tilesets), tuple(tile_layers)), properties=props)
