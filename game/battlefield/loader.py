"""Load a Tiled .tmx map (docs/maps.md) into a plain Battlefield.

Every problem becomes a MapError "<file>: <object>: <problem>"; no pytmx or ElementTree traceback
escapes. The file is checked before pytmx parses it: size limit, no DOCTYPE/ENTITY declarations
(entity expansion tricks), well-formed XML; then an ElementTree pre-pass checks what pytmx would
reject with an unhelpful message (reserved property names, typed property values, rotation,
templates), so that the error names the object.
"""
from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET

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

PX = 32  # pixels per inch (= per tile)
MAX_BYTES = 5 * 1024 * 1024
MIN_SIZE, MAX_SIZE = 6, 48  # table size limits in inches (24x24 and 30x22 are the usual ones)
FORMAT = 1
KINDS = ("wall", "low_wall", "platform", "ladder", "door", "deployment", "spawn", "anchor", "objective", "item")
SIDES = ("player", "npc", "A", "B")
LADDER_TOL = 0.25
SPAWN_MIN_GAP = 1.0  # spawn points closer than a standard base (1") overlap
# names pytmx refuses as custom properties (they clash with its own attributes)
OBJECT_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "rotation", "visible", "gid", "closed",
                   "template", "image", "parent", "points", "properties", "class", "custom_types"}
MAP_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "version", "tiledversion", "orientation",
                "renderorder", "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex",
                "backgroundcolor", "nextobjectid", "nextlayerid", "infinite", "layers", "tilesets", "filename",
                "images", "class", "visible", "properties", "parent"}
LAYER_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "opacity", "visible", "offsetx", "offsety",
                  "data", "parent", "properties", "class", "color", "draworder", "tintcolor", "locked"}


def _label(kind, name, oid) -> str:
    kind = kind or "object"
    return f"{kind} '{name}' (#{oid})" if name else f"{kind} #{oid}"


def _el_label(el: ET.Element) -> str:
    kind = el.get("type") or el.get("class")
    return _label(kind, el.get("name"), el.get("id"))


def _guard_xml(fname: str, path: str, what: str) -> ET.Element:
    try:
        size = os.path.getsize(path)
    except OSError as e:
        raise MapError(fname, what, f"cannot read {path}: {e.strerror or e}") from None
    if size > MAX_BYTES:
        raise MapError(fname, what, f"file is {size} bytes, over the {MAX_BYTES // (1024 * 1024)} MB limit")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise MapError(fname, what, f"cannot read {path}: {e.strerror or e}") from None
    low = data.lower()
    if b"<!doctype" in low or b"<!entity" in low:
        raise MapError(fname, what, "DOCTYPE/ENTITY declarations are not allowed in map files")
    try:
        return ET.fromstring(data)
    except ET.ParseError as e:
        raise MapError(fname, what, f"malformed XML: {e}") from None


_CAST = {"int": int, "float": float}


def _check_properties(fname: str, el: ET.Element, label: str, reserved: set[str]) -> None:
    for props in el.findall("properties"):
        for p in props.findall("property"):
            name = p.get("name") or ""
            if name in reserved:
                raise MapError(fname, label, f"property name '{name}' is reserved by the map reader; rename it "
                                             f"(e.g. 'wall_{name}')" if name in ("height", "width") else
                               f"property name '{name}' is reserved by the map reader; rename it")
            ptype = p.get("type", "string")
            value = p.get("value")
            if value is None:
                value = p.text or ""
            if ptype in _CAST:
                try:
                    _CAST[ptype](value)
                except ValueError:
                    raise MapError(fname, label, f"property '{name}' is not a valid {ptype}: {value!r}") from None
            elif ptype == "bool" and value.strip().lower() not in ("true", "false", "1", "0"):
                raise MapError(fname, label, f"property '{name}' is not a valid bool: {value!r}")
            elif ptype == "class":
                raise MapError(fname, label, f"property '{name}': class-typed properties are not supported")


def _prepass(fname: str, root: ET.Element) -> dict[int, str]:
    """Checks on the raw XML. Returns {object id: shape} with shape in rect/point/ellipse/polygon/polyline."""
    if root.tag != "map":
        raise MapError(fname, "map", f"not a Tiled map (root element <{root.tag}>)")
    if root.get("orientation", "orthogonal") != "orthogonal":
        raise MapError(fname, "map", f"orientation must be orthogonal, not {root.get('orientation')}")
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(fname, "map", "infinite maps are not supported")
    for attr in ("tilewidth", "tileheight"):
        if root.get(attr) != str(PX):
            raise MapError(fname, "map", f"{attr} must be {PX} px (1 tile = 1 inch), not {root.get(attr)}")
    for attr in ("width", "height"):
        v = root.get(attr)
        if v is None or not v.isdigit() or not (MIN_SIZE <= int(v) <= MAX_SIZE):
            raise MapError(fname, "map", f"map {attr} must be {MIN_SIZE}-{MAX_SIZE} tiles (1 tile = 1 inch), not {v}")
    _check_properties(fname, root, "map", MAP_RESERVED)
    shapes: dict[int, str] = {}
    for layer in root.iter():
        if layer.tag in ("objectgroup", "group", "layer", "imagelayer"):
            lname = f"layer '{layer.get('name', '')}'"
            _check_properties(fname, layer, lname, LAYER_RESERVED)
            if layer.tag in ("objectgroup", "group"):
                for attr in ("offsetx", "offsety"):
                    try:
                        off = float(layer.get(attr, "0"))
                    except ValueError:
                        off = 1.0
                    if off != 0.0:
                        raise MapError(fname, lname, "layer offsets are not supported; move the objects instead")
    for el in root.iter("object"):
        label = _el_label(el)
        if el.get("template"):
            raise MapError(fname, label, "object templates are not supported; detach the template in Tiled")
        try:
            rot = float(el.get("rotation", "0"))
            oid = int(el.get("id", "0"))
            for attr in ("x", "y", "width", "height"):
                v = float(el.get(attr, "0"))
                if not math.isfinite(v):
                    raise ValueError
        except ValueError:
            raise MapError(fname, label, "bad number in the object's position or size") from None
        if rot != 0.0:
            raise MapError(fname, label, "rotated objects are not supported")
        _check_properties(fname, el, label, OBJECT_RESERVED)
        if el.find("ellipse") is not None:
            shape = "ellipse"
        elif el.find("point") is not None:
            shape = "point"
        elif el.find("polygon") is not None:
            shape = "polygon"
        elif el.find("polyline") is not None:
            shape = "polyline"
        elif el.get("gid"):
            shape = "tile"
        elif float(el.get("width", "0")) == 0 and float(el.get("height", "0")) == 0:
            shape = "point"
        else:
            shape = "rect"
        for tag in ("polygon", "polyline"):
            sub = el.find(tag)
            if sub is not None:
                try:
                    pts = [tuple(float(c) for c in pair.split(",")) for pair in (sub.get("points") or "").split()]
                except ValueError:
                    pts = []
                if not pts or any(len(p) != 2 or not all(math.isfinite(c) for c in p) for p in pts):
                    raise MapError(fname, label, f"malformed {tag} points")
        shapes[oid] = shape
    return shapes


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
    except Exception as e:  # a case the checks above did not foresee: still a MapError, never a traceback
        raise MapError(fname, "map", f"cannot read the map: {type(e).__name__}: {e}") from None


def _load(fname: str) -> Battlefield:
    root = _guard_xml(fname, fname, "map")
    shapes = _prepass(fname, root)
    base_dir = os.path.dirname(os.path.abspath(fname))
    tsx_sources = []
    for ts in root.findall("tileset"):
        src = ts.get("source")
        if src:
            tpath = os.path.normpath(os.path.join(base_dir, src))
            troot = _guard_xml(fname, tpath, f"tileset '{src}'")
            _check_properties(fname, troot, f"tileset '{src}'", set())
            tsx_sources.append((int(ts.get("firstgid", "0") or 0), tpath))
        else:
            tsx_sources.append((int(ts.get("firstgid", "0") or 0), None))
    try:
        import pytmx  # imported here: pytmx pulls pygame in at import time

        tm = pytmx.TiledMap(fname, allow_duplicate_names=False)
    except MapError:
        raise
    except Exception as e:  # pytmx raises bare Exception/ValueError/KeyError for many things
        raise MapError(fname, "map", f"the map reader failed: {type(e).__name__}: {e}") from None

    width, height = float(tm.width), float(tm.height)
    rd = _Reader(fname, width, height)
    props = dict(tm.properties)
    title = props.get("title")
    if not isinstance(title, str) or not title.strip():
        raise rd.err("map", "map property 'title' (string) is required")
    fmt = props.get("format", FORMAT)
    if isinstance(fmt, bool) or fmt != FORMAT or not isinstance(fmt, int):
        raise rd.err("map", f"map property 'format' must be the int {FORMAT}, not {fmt!r}")

    # ---- picture layers
    tile_layers = []
    for layer in tm.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            gids = tuple(tuple(tm.tiledgidmap.get(g, 0) if g else 0 for g in row) for row in layer.data)
            tile_layers.append(TileLayerInfo(layer.name, bool(layer.visible), gids))
    if not any(layer.name == "ground" for layer in tile_layers):
        raise rd.err("map", "the tile layer 'ground' is required")
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
