"""The Tiled XML of a map, checked before pytmx reads any of it (docs/maps.md, "Damaged and foreign files").

`check_map_file(path)` reads the map and its .tsx tilesets with limits (file size, UTF-8, no DOCTYPE/ENTITY,
element depth and count), refuses maps made for other games with everything a Ruinstars battlefield misses,
checks every attribute and property pytmx would cast, every tile layer's data against the map's width x
height (CSV or Base64, zlib/gzip unpacked with a cap) and every file path (inside the game's maps and assets
folders or the map's own folder), and returns a tree that is safe for pytmx: external tilesets inlined,
tile data as CSV, image paths absolute, tile collision shapes dropped. pytmx then opens no file itself.

Every problem is a MapError "<file>: <object>: <problem in words>".
"""
from __future__ import annotations

import base64
import binascii
import math
import os
import re
import stat
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass

from .model import MapError

PX = 32  # pixels per inch (= per tile)
MIN_SIZE, MAX_SIZE = 6, 48  # table size limits in inches (24x24 and 30x22 are the usual ones)
KINDS = ("wall", "low_wall", "platform", "ladder", "door", "deployment", "spawn", "anchor", "objective", "item")

MAX_BYTES = 5 * 1024 * 1024  # a map or tileset file
MAX_DEPTH = 16  # element nesting (a Tiled map is 5-7 deep; groups add one each)
MAX_ELEMENTS = 20_000  # per file (the largest map in maps/ has about 1,300)
MAX_OBJECTS = 500  # objects on a map (the maps in maps/ have 35-60)
MAX_SHAPE_POINTS = 256  # points of one polygon or polyline
MAX_LAYERS = 32  # tile, object, image and group layers
MAX_TILESETS = 8
MAX_TILES = 4096  # tiles in one tileset (the game's has 97)
MAX_IMAGE_PX = 8192  # width or height of a tileset image
MAX_NUMBER = 1e7  # any number in the file (pixels, ids, opacity...): beyond it the file is damaged
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")

# attributes pytmx casts with int(), float() or its bool reader, on the elements it reads
_INT_ATTRS = {"columns", "duration", "firstgid", "gid", "id", "margin", "nextobjectid", "offsetx", "offsety",
              "spacing", "tile", "tilecount", "tileheight", "tileid", "tilewidth"}
_FLOAT_ATTRS = {"height", "hexsidelength", "opacity", "pixelsize", "probability", "rotation", "width", "x", "y"}
_BOOL_ATTRS = {"bold", "italic", "kerning", "strikeout", "underline", "visible", "wrap"}
_CAST_TAGS = {"map", "tileset", "layer", "group", "objectgroup", "imagelayer", "object", "tile"}
_INT_RE = re.compile(r"[+-]?[0-9]{1,10}")
_FLOAT_RE = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
_GID_RE = re.compile(r"[0-9]{1,10}")

# names pytmx refuses as custom properties (its own attributes; the element's XML attributes are added)
_OBJECT_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "rotation", "visible", "gid", "closed",
                    "template", "image", "parent", "points", "properties", "class", "custom_types"}
_MAP_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "version", "tiledversion", "orientation",
                 "renderorder", "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex",
                 "backgroundcolor", "background_color", "nextobjectid", "infinite", "layers", "tilesets", "filename",
                 "images", "class", "visible", "properties", "parent", "custom_property_filename", "custom_types",
                 "gidmap", "image_loader", "imagemap", "invert_y", "layernames", "load_all_tiles", "maxgid",
                 "objects_by_id", "objects_by_name", "optional_gids", "tile_properties", "tiledgidmap"}
_LAYER_RESERVED = {"height", "width", "x", "y", "name", "type", "id", "opacity", "visible", "offsetx", "offsety",
                   "data", "parent", "properties", "class", "color", "draworder", "tintcolor", "locked",
                   "custom_types", "source", "trans", "gid"}
_TILESET_RESERVED = {"parent", "offset", "firstgid", "source", "name", "tilewidth", "tileheight", "spacing",
                     "margin", "tilecount", "columns", "trans", "width", "height", "properties"}


def label(kind, name, oid) -> str:
    kind = kind or "object"
    return f"{kind} '{name}' (#{oid})" if name else f"{kind} #{oid}"


_LABEL = re.compile(r"^(?P<kind>[a-z_]+)(?: '(?P<name>.*)' \(#\d+\)| #\d+)$")
_KIND_WORDS = {"wall": "wall", "low_wall": "low wall", "platform": "platform", "door": "door"}


def player_label(map_label: str) -> str:
    """What a player reads for a piece of terrain `label()` named (map authors read the label itself, with the
    object's id): "the wall 'North ruin'", or "a low wall" for one without a name or with an author's short code
    for a name ("P3", "W12")."""
    m = _LABEL.match(map_label)
    if m is None:
        return map_label
    kind = _KIND_WORDS.get(m.group("kind"), "piece of terrain")
    name = m.group("name")
    return f"the {kind} '{name}'" if name and not _CODE_NAME.fullmatch(name) else f"a {kind}"


_CODE_NAME = re.compile(r"[A-Z]{1,3}\d*")  # a map author's short name for an object: P3, W12, DU


def element_label(el: ET.Element) -> str:
    tag = el.tag
    if tag == "object":
        return label(el.get("type") or el.get("class"), el.get("name"), el.get("id"))
    if tag == "map":
        return "map"
    if tag in ("layer", "objectgroup", "group", "imagelayer"):
        return f"layer '{el.get('name', '')}'"
    if tag == "tileset":
        return f"tileset '{el.get('name') or el.get('source') or ''}'"
    if tag == "tile":
        return f"tile #{el.get('id')}"
    return f"<{tag}>"


@dataclass
class CheckedMap:
    root: ET.Element  # the tree to hand to pytmx
    shapes: dict[int, str]  # object id -> rect, point, ellipse, polygon, polyline, tile
    tilesets: list[tuple[int, str | None]]  # (firstgid, absolute .tsx path or None when embedded), file order


# ---------------------------------------------------------------------------------------------- files
def _is_inside(path: str, roots) -> bool:
    real = os.path.realpath(path)
    for root in roots:
        try:
            if os.path.commonpath([real, root]) == root:
                return True
        except ValueError:  # different drives
            continue
    return False


def allowed_roots(map_path: str, extra=()) -> tuple[str, ...]:
    """The folders a map's files may come from: the game's maps and assets folders and the map's own folder."""
    from game.paths import ASSETS_DIR, MAPS_DIR

    dirs = [MAPS_DIR, ASSETS_DIR, os.path.dirname(os.path.abspath(map_path)), *extra]
    return tuple(dict.fromkeys(os.path.realpath(d) for d in dirs))


def read_xml(fname: str, path: str, what: str) -> ET.Element:
    """Parse one file of a map with limits. `what` names it in messages ("map", "tileset 'x.tsx'")."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise MapError(fname, what, f"cannot read {path}: {(e.strerror or 'unreadable').lower()}") from None
    if not stat.S_ISREG(st.st_mode):
        raise MapError(fname, what, f"{path} is not a file")
    if st.st_size > MAX_BYTES:
        raise MapError(fname, what, f"the file is {st.st_size:,} bytes, over the {MAX_BYTES // (1024 * 1024)} MB "
                                    f"limit for a map")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise MapError(fname, what, f"cannot read {path}: {(e.strerror or 'unreadable').lower()}") from None
    if len(data) > MAX_BYTES:
        raise MapError(fname, what, f"the file is over the {MAX_BYTES // (1024 * 1024)} MB limit for a map")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MapError(fname, what, f"the file is not UTF-8 text (at byte {e.start}); Tiled saves maps as UTF-8, "
                                    f"so it is damaged or not a map") from None
    m = re.match(r"\s*<\?xml[^>]*?encoding\s*=\s*[\"']([^\"']*)", text)
    if m and m.group(1).strip().lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise MapError(fname, what, f"the file says it is {m.group(1)!r} text; maps must be saved as UTF-8")
    low = text.lower()
    if "<!doctype" in low or "<!entity" in low:
        raise MapError(fname, what, "DOCTYPE/ENTITY declarations are not allowed in map files")
    parser = ET.XMLPullParser(events=("start", "end"))
    root = None
    depth = count = 0
    try:
        for k in range(0, len(data), 1 << 16):
            parser.feed(data[k:k + (1 << 16)])
            for event, el in parser.read_events():
                if event == "start":
                    depth += 1
                    count += 1
                    if root is None:
                        root = el
                    if depth > MAX_DEPTH:
                        raise MapError(fname, what, f"elements are nested more than {MAX_DEPTH} deep; no map made "
                                                    f"in Tiled is, so the file is damaged")
                    if count > MAX_ELEMENTS:
                        raise MapError(fname, what, f"the file has more than {MAX_ELEMENTS:,} elements; far more "
                                                    f"than a battlefield needs")
                else:
                    depth -= 1
        parser.close()
        for _ in parser.read_events():
            pass
    except ET.ParseError as e:
        line, col = getattr(e, "position", (0, 0))
        reason = str(e).split(":")[0].strip() or "damaged"
        raise MapError(fname, what, f"malformed XML ({reason}) at line {line}, column {col + 1}: the file is "
                                    f"damaged or not a map") from None
    if root is None:
        raise MapError(fname, what, "the file is empty")
    return root


# ---------------------------------------------------------------------------------------------- values
def _int(fname, where, name, v, minimum=None, maximum=None) -> int:
    if v is None or not _INT_RE.fullmatch(v.strip()):
        raise MapError(fname, where, f"{name} must be a whole number, not {_show(v)}")
    n = int(v)
    if minimum is not None and n < minimum or maximum is not None and n > maximum:
        rng = (f"at least {minimum}" if maximum is None else f"at most {maximum}" if minimum is None
               else f"{minimum}-{maximum}")
        raise MapError(fname, where, f"{name} must be {rng}, not {n}")
    return n


def _float(fname, where, name, v) -> float:
    if v is None or not _FLOAT_RE.fullmatch(v.strip()):
        raise MapError(fname, where, f"{name} must be a number, not {_show(v)}")
    x = float(v)
    if not math.isfinite(x) or abs(x) > MAX_NUMBER:
        raise MapError(fname, where, f"{name} is too large a number ({_show(v)})")
    return x


def _show(v) -> str:
    if v is None:
        return "missing"
    v = str(v)
    return repr(v if len(v) <= 24 else v[:20] + "...")


def _check_attributes(fname: str, el: ET.Element) -> None:
    """The attributes pytmx casts (int(), float(), its bool reader) on the elements it reads."""
    where = element_label(el)
    for k, v in el.items():
        if k in _INT_ATTRS:
            _int(fname, where, f"attribute '{k}'", v)
        elif k in _FLOAT_ATTRS:
            _float(fname, where, f"attribute '{k}'", v)
        elif k in _BOOL_ATTRS and v.strip().lower() not in ("0", "1", "true", "false"):
            raise MapError(fname, where, f"attribute '{k}' must be 0 or 1, not {_show(v)}")


def _reserved_names(el: ET.Element) -> set[str]:
    import pytmx  # imported here: pytmx pulls pygame in at import time

    cls, names = {
        "map": (pytmx.TiledMap, _MAP_RESERVED), "object": (pytmx.TiledObject, _OBJECT_RESERVED),
        "layer": (pytmx.TiledTileLayer, _LAYER_RESERVED), "objectgroup": (pytmx.TiledObjectGroup, _LAYER_RESERVED),
        "group": (pytmx.pytmx.TiledGroupLayer, _LAYER_RESERVED), "imagelayer": (pytmx.TiledImageLayer, _LAYER_RESERVED),
        "tileset": (pytmx.TiledTileset, _TILESET_RESERVED),
    }.get(el.tag, (None, set()))
    if cls is None:
        return set()
    return names | set(dir(cls)) | set(el.keys())


def _check_properties(fname: str, root: ET.Element) -> None:
    """Every <property> anywhere: a name, a type Tiled writes (class-typed ones are refused), a value that
    reads as its type, and no name the map reader keeps for itself."""
    for owner in root.iter():
        props_els = owner.findall("properties")
        if not props_els:
            continue
        where = element_label(owner)
        if owner.tag == "property":
            raise MapError(fname, f"property '{owner.get('name', '')}'",
                           "class-typed (nested) properties are not supported")
        reserved = _reserved_names(owner)
        for props in props_els:
            for p in props:
                if p.tag != "property":
                    continue
                name = p.get("name")
                if not name or not name.strip():
                    raise MapError(fname, where, "a property has no name")
                if name in reserved:
                    hint = f" (e.g. 'wall_{name}')" if name in ("height", "width") else ""
                    raise MapError(fname, where, f"property name '{name}' is reserved by the map reader; "
                                                 f"rename it{hint}")
                ptype = p.get("type", "string")
                if ptype == "class" or p.find("properties") is not None:
                    raise MapError(fname, where, f"property '{name}': class-typed properties are not supported")
                if ptype not in PROPERTY_TYPES:
                    raise MapError(fname, where, f"property '{name}' has the type {_show(ptype)}, which Tiled does "
                                                 f"not write; use one of {', '.join(PROPERTY_TYPES)}")
                value = p.get("value")
                if ptype == "string":
                    continue
                if value is None:
                    raise MapError(fname, where, f"property '{name}' ({ptype}) has no value")
                if ptype in ("int", "object"):
                    if not _INT_RE.fullmatch(value.strip()):
                        raise MapError(fname, where, f"property '{name}' is not a valid int: {value!r}")
                elif ptype == "float":
                    if not _FLOAT_RE.fullmatch(value.strip()) and value.strip().lower() not in (
                            "nan", "inf", "-inf", "+inf", "infinity", "-infinity"):
                        raise MapError(fname, where, f"property '{name}' is not a valid float: {_show(value)}")
                elif ptype == "bool" and value.strip().lower() not in ("true", "false", "1", "0"):
                    raise MapError(fname, where, f"property '{name}' is not a valid bool: {_show(value)}")


# ---------------------------------------------------------------------------------------------- the map
def _foreign_problems(root: ET.Element) -> list[str]:
    """What a map made for another game lacks to be a Ruinstars battlefield (all of it, in words)."""
    out = []
    orient = root.get("orientation", "orthogonal")
    if orient != "orthogonal":
        out.append(f"orientation must be orthogonal (square tiles), not {orient}")
    if root.get("infinite", "0") not in ("0", ""):
        out.append("infinite maps are not supported (a battlefield has a fixed size)")
    for attr in ("tilewidth", "tileheight"):
        v = root.get(attr)
        if v != str(PX):
            out.append(f"{attr} must be {PX} px (1 tile = 1 inch), not {_show(v) if v and not v.isdigit() else v}")
    for attr in ("width", "height"):
        v = root.get(attr)
        if v is None or not _GID_RE.fullmatch(v) or not (MIN_SIZE <= int(v) <= MAX_SIZE):
            shown = v if v is not None and _GID_RE.fullmatch(v) else _show(v)
            out.append(f"map {attr} must be {MIN_SIZE}-{MAX_SIZE} tiles (1 tile = 1 inch), not {shown}")
    if not any(layer.get("name") == "ground" for layer in root.iter("layer")):
        out.append("the tile layer 'ground' is required")
    objects = [o for o in root.iter("object")]
    # alone, an unknown kind is reported on its object; beside the problems above it marks a foreign map
    if out and objects and not any((o.get("type") or o.get("class")) in KINDS for o in objects):
        out.append(f"none of its {len(objects)} objects is of a Ruinstars kind ({', '.join(KINDS)})")
    return out


def _check_counts(fname: str, root: ET.Element) -> None:
    n = sum(1 for _ in root.iter("object"))
    if n > MAX_OBJECTS:
        raise MapError(fname, "map", f"{n} objects is more than the {MAX_OBJECTS} a battlefield may have")
    n = sum(1 for el in root.iter() if el.tag in ("layer", "objectgroup", "imagelayer", "group"))
    if n > MAX_LAYERS:
        raise MapError(fname, "map", f"{n} layers is more than the {MAX_LAYERS} a battlefield may have")
    n = sum(1 for _ in root.iter("tileset"))
    if n > MAX_TILESETS:
        raise MapError(fname, "map", f"{n} tilesets is more than the {MAX_TILESETS} a battlefield may have")


def _layer_gids(fname: str, layer: ET.Element, w: int, h: int) -> list[int]:
    """The gids of a tile layer, checked against the map's size before anything is unpacked."""
    where = element_label(layer)
    lw, lh = layer.get("width"), layer.get("height")
    if lw is None or lh is None:
        raise MapError(fname, where, "the layer does not say its width and height")
    if lw != str(w) or lh != str(h):
        raise MapError(fname, where, f"the layer is {_show(lw)[1:-1]}x{_show(lh)[1:-1]} tiles but the map is {w}x{h}")
    datas = layer.findall("data")
    if len(datas) != 1:
        raise MapError(fname, where, "the layer has no tile data" if not datas else "the layer has two tile data")
    data = datas[0]
    if data.find("chunk") is not None:
        raise MapError(fname, where, "the layer is stored in chunks (an infinite map); battlefields are finite")
    enc, comp = data.get("encoding"), data.get("compression")
    if enc is None or data.find("tile") is not None:
        raise MapError(fname, where, "tile data must be saved as CSV or Base64 (Tiled's XML tile format is not "
                                     "supported)")
    need = w * h
    text = data.text or ""
    if enc == "csv":
        if comp:
            raise MapError(fname, where, "CSV tile data cannot be compressed")
        n = text.count(",") + 1 if text.strip() else 0
        if n != need:
            raise MapError(fname, where, f"the tile data holds {n:,} tiles but the map is {w}x{h} ({need} tiles)")
        gids = []
        for tok in text.split(","):
            tok = tok.strip()
            if not _GID_RE.fullmatch(tok) or int(tok) >= 1 << 32:
                raise MapError(fname, where, f"the tile data has {_show(tok)} where a tile number should be")
            gids.append(int(tok))
        return gids
    if enc != "base64":
        raise MapError(fname, where, f"tile data encoding {_show(enc)} is not supported (use CSV)")
    if comp not in (None, "zlib", "gzip"):
        raise MapError(fname, where, f"tile data compression {_show(comp)} is not supported (use CSV, or Base64 "
                                     f"with zlib or gzip)")
    raw_len = need * 4
    packed = "".join(text.split())
    limit = raw_len if comp is None else raw_len + 1024  # compressed data never needs more than this
    if len(packed) > 4 * math.ceil(limit / 3):
        raise MapError(fname, where, f"the tile data is larger than the {need} tiles of a {w}x{h} map need")
    try:
        raw = base64.b64decode(packed, validate=True)
    except (binascii.Error, ValueError):
        raise MapError(fname, where, "the tile data is not valid Base64") from None
    if comp is not None:
        d = zlib.decompressobj(wbits=15 if comp == "zlib" else 31)
        try:
            out = d.decompress(raw, raw_len + 1)  # never unpacks more than one tile too many
        except zlib.error:
            raise MapError(fname, where, f"the {comp} tile data is damaged") from None
        if len(out) > raw_len or d.unconsumed_tail:
            raise MapError(fname, where, f"the {comp} tile data unpacks to more than the {need} tiles of a "
                                         f"{w}x{h} map")
        if not d.eof or d.unused_data:
            raise MapError(fname, where, f"the {comp} tile data is damaged (cut short, or followed by other data)")
        raw = out
    if len(raw) != raw_len:
        raise MapError(fname, where, f"the tile data holds {len(raw) / 4:g} tiles but the map is {w}x{h} "
                                     f"({need} tiles)")
    return [int.from_bytes(raw[k:k + 4], "little") for k in range(0, raw_len, 4)]


def _check_layers(fname: str, root: ET.Element, w: int, h: int) -> None:
    """Tile layers: data checked and rewritten as CSV in the tree pytmx gets. Image layers need an image."""
    for layer in root.iter("layer"):
        gids = _layer_gids(fname, layer, w, h)
        data = layer.find("data")
        data.attrib.clear()
        data.set("encoding", "csv")
        data.text = ",".join(map(str, gids))
    for layer in root.iter("imagelayer"):
        if layer.find("image") is None:
            raise MapError(fname, element_label(layer), "an image layer without an image")
    for layer in root.iter():
        if layer.tag in ("objectgroup", "group"):
            for attr in ("offsetx", "offsety"):
                try:
                    off = float(layer.get(attr, "0"))
                except ValueError:
                    off = 1.0
                if off != 0.0:
                    raise MapError(fname, element_label(layer), "layer offsets are not supported; move the objects "
                                                                "instead")


def _check_file_ref(fname: str, where: str, base_dir: str, src: str | None, roots, what: str) -> str:
    """An image or tileset path as an absolute path inside the allowed folders."""
    if not src or not src.strip():
        raise MapError(fname, where, f"the {what} has no file name")
    if "\x00" in src or len(src) > 1024:
        raise MapError(fname, where, f"the {what} file name is damaged")
    path = os.path.normpath(os.path.join(base_dir, src))
    if not _is_inside(path, roots):
        raise MapError(fname, where, f"the {what} '{src}' is outside the game's maps and assets folders and the "
                                     f"map's own folder")
    return path


def _check_tileset(fname: str, ts: ET.Element, base_dir: str, roots, where: str) -> None:
    """One tileset element (embedded, or the root of a .tsx): sizes, tiles and image paths. Image paths are
    made absolute and tile collision shapes dropped in the tree pytmx gets."""
    for el in ts.iter():
        if el.tag in _CAST_TAGS:
            _check_attributes(fname, el)
    tw = _int(fname, where, "tilewidth", ts.get("tilewidth", "0"), 0, MAX_IMAGE_PX)
    th = _int(fname, where, "tileheight", ts.get("tileheight", "0"), 0, MAX_IMAGE_PX)
    spacing = _int(fname, where, "spacing", ts.get("spacing", "0"), 0, MAX_IMAGE_PX)
    margin = _int(fname, where, "margin", ts.get("margin", "0"), 0, MAX_IMAGE_PX)
    _int(fname, where, "tilecount", ts.get("tilecount", "0"), 0, MAX_TILES)
    _int(fname, where, "columns", ts.get("columns", "0"), 0, MAX_TILES)
    image = ts.find("image")
    if image is not None:
        if tw < 1 or th < 1:
            raise MapError(fname, where, "a tileset with an image needs a tile width and height of at least 1 px")
        iw = _int(fname, where, "the image width", image.get("width"), 1, MAX_IMAGE_PX)
        ih = _int(fname, where, "the image height", image.get("height"), 1, MAX_IMAGE_PX)
        n = len(range(margin, ih + margin - th + 1, th + spacing)) * len(range(margin, iw + margin - tw + 1, tw + spacing))
        if n > MAX_TILES:
            raise MapError(fname, where, f"the tileset image holds {n:,} tiles of {tw}x{th} px, more than the "
                                         f"{MAX_TILES} a tileset may have")
        image.set("source", _check_file_ref(fname, where, base_dir, image.get("source"), roots, "tileset image"))
    tiles = list(ts.iter("tile"))
    if len(tiles) > MAX_TILES:
        raise MapError(fname, where, f"{len(tiles)} tiles is more than the {MAX_TILES} a tileset may have")
    for tile in tiles:
        _int(fname, where, "a tile's id", tile.get("id"), 0, MAX_TILES - 1)
        for img in tile.findall("image"):
            img.set("source", _check_file_ref(fname, where, base_dir, img.get("source"), roots, "tile image"))
        for frame in tile.iter("frame"):
            _int(fname, where, "an animation frame's tileid", frame.get("tileid"), 0, MAX_TILES - 1)
            _int(fname, where, "an animation frame's duration", frame.get("duration"), 0)
        for group in tile.findall("objectgroup"):
            tile.remove(group)  # collision shapes: the game does not use them, pytmx would read them as map objects


def _check_tilesets(fname: str, root: ET.Element, roots) -> list[tuple[int, str | None]]:
    """Every tileset: external .tsx files read with the same limits and inlined in place."""
    base_dir = os.path.dirname(os.path.abspath(fname))
    out = []
    parents = {child: parent for parent in root.iter() for child in parent}
    for ts in list(root.iter("tileset")):
        src = ts.get("source")
        where = f"tileset '{src}'" if src else element_label(ts)
        firstgid = _int(fname, where, "firstgid", ts.get("firstgid"), 1, (1 << 29) - 1)
        if not src:
            _check_tileset(fname, ts, base_dir, roots, where)
            out.append((firstgid, None))
            continue
        if not src.lower().endswith(".tsx"):
            raise MapError(fname, where, "only Tiled .tsx tileset files can be read")
        path = _check_file_ref(fname, where, base_dir, src, roots, "tileset")
        troot = read_xml(fname, path, where)
        if troot.tag != "tileset":
            raise MapError(fname, where, f"not a Tiled tileset (root element <{troot.tag}>)")
        if any(el.tag == "tileset" for el in troot.iter() if el is not troot):
            raise MapError(fname, where, "a tileset inside a tileset")
        _check_tileset(fname, troot, os.path.dirname(path), roots, where)
        _check_properties(fname, troot)
        troot.set("firstgid", str(firstgid))
        parent = parents[ts]
        parent[list(parent).index(ts)] = troot
        out.append((firstgid, path))
    return out


def _check_objects(fname: str, root: ET.Element) -> dict[int, str]:
    """Checks on the raw objects. Returns {object id: shape} with shape in rect/point/ellipse/polygon/polyline/tile."""
    shapes: dict[int, str] = {}
    for el in root.iter("object"):
        where = element_label(el)
        if el.get("template"):
            raise MapError(fname, where, "object templates are not supported; detach the template in Tiled")
        try:
            oid = _int(fname, where, "id", el.get("id", "0"), 0)
            rot = _float(fname, where, "rotation", el.get("rotation", "0"))
            for attr in ("x", "y", "width", "height"):
                _float(fname, where, attr, el.get(attr, "0"))
        except MapError:
            raise MapError(fname, where, "bad number in the object's position or size") from None
        if rot != 0.0:
            raise MapError(fname, where, "rotated objects are not supported")
        if oid in shapes:
            raise MapError(fname, where, f"two objects have the id #{oid}; the file is damaged")
        found = [tag for tag in ("ellipse", "point", "polygon", "polyline") if el.find(tag) is not None]
        if len(found) > 1:
            raise MapError(fname, where, f"an object cannot be both a {found[0]} and a {found[1]}")
        if found:
            shape = found[0]
        elif el.get("gid"):
            shape = "tile"
        elif float(el.get("width", "0")) == 0 and float(el.get("height", "0")) == 0:
            shape = "point"
        else:
            shape = "rect"
        if shape in ("polygon", "polyline"):
            text = el.find(shape).get("points") or ""
            pairs = text.split()
            if len(pairs) > MAX_SHAPE_POINTS:
                raise MapError(fname, where, f"the {shape} has {len(pairs)} points, more than the "
                                             f"{MAX_SHAPE_POINTS} a shape may have")
            ok = bool(pairs)
            for pair in pairs:
                xy = pair.split(",")
                if len(xy) != 2 or not all(_FLOAT_RE.fullmatch(c) and abs(float(c)) <= MAX_NUMBER for c in xy):
                    ok = False
                    break
            if not ok:
                raise MapError(fname, where, f"malformed {shape} points")
        shapes[oid] = shape
    return shapes


def check_map_file(fname: str, roots=None) -> CheckedMap:
    """Read and check a .tmx before pytmx sees it. roots: the folders its files may come from
    (default: allowed_roots(fname))."""
    roots = allowed_roots(fname) if roots is None else roots
    root = read_xml(fname, fname, "map")
    if root.tag != "map":
        raise MapError(fname, "map", f"not a Tiled map (root element <{root.tag}>)")
    problems = _foreign_problems(root)
    if problems:
        raise MapError(fname, "map", "not a Ruinstars battlefield: " + "; ".join(problems))
    w, h = int(root.get("width")), int(root.get("height"))
    _check_counts(fname, root)
    for el in root.iter():
        if el.tag in _CAST_TAGS and el.tag != "tileset":
            _check_attributes(fname, el)
    _check_properties(fname, root)
    tilesets = _check_tilesets(fname, root, roots)
    _check_layers(fname, root, w, h)
    for layer in root.iter("imagelayer"):
        image = layer.find("image")
        if image.get("source"):
            _check_file_ref(fname, element_label(layer), os.path.dirname(os.path.abspath(fname)),
                            image.get("source"), roots, "layer image")
    shapes = _check_objects(fname, root)
    return CheckedMap(root, shapes, tilesets)
