"""Damaged and hostile variants of the real maps in maps/, for the map-loader fuzz test and its bench.

    cases(seed, n) -> [(label, files, must_refuse)]   files: {relative path: bytes}; "map.tmx" is the one
    to load; must_refuse: the mutation is hostile (outside paths, bombs, oversize, deep nesting, foreign map)
    and the loader must refuse it, not just survive it

Each case is a folder of files: the map (its tileset `source` rewritten to the absolute path of the game's
tileset, so an undamaged copy loads anywhere) and sometimes a hostile neighbour (a tileset outside the
allowed folders). The mutations: damaged bytes, truncation, wrong types, NaN and huge numbers, deep
nesting of XML, compressed layers that explode, paths outside the game's folders, oversized files, maps
made for other games. Deterministic for a seed.
"""
from __future__ import annotations

import base64
import functools
import gzip
import random
import re
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS_DIR = ROOT / "maps"
TSX = ROOT / "assets" / "tilesets" / "ruinstars.tsx"
REAL_MAPS = sorted(MAPS_DIR.glob("*.tmx"))


def base_text(path: Path) -> str:
    """The map's text with its tileset pointing at the game's tileset by absolute path."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r'source="[^"]*ruinstars\.tsx"', f'source="{TSX}"', text)


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


@functools.lru_cache(maxsize=None)
def _bomb(method: str, unit: bytes, count: int) -> bytes:
    """unit * count, compressed (built once per run: a few tens of kilobytes that unpack to megabytes)."""
    raw = unit * count
    return zlib.compress(raw, 9) if method == "zlib" else gzip.compress(raw, 9)


def _layer_data(text: str, data: str, encoding: str = "base64", compression: str | None = None) -> str:
    """Replace the first tile layer's data."""
    comp = f' compression="{compression}"' if compression else ""
    return re.sub(r'<data encoding="csv">.*?</data>', f'<data encoding="{encoding}"{comp}>{data}</data>',
                  text, count=1, flags=re.S)


_NUMBERS = ["nan", "NaN", "inf", "-inf", "1e999", "-1e999", "1e308", "-1", "0", "-0", "9" * 5000, "1e-320",
            "0x10", "1_0", "", " ", "½", "٣", "3.5", "+7"]
_TYPES = ["int", "float", "bool", "double", "class", "string", "color", "file", "object", "", "enum", "list"]
_JUNK = [b"", b"<", b">", b'"', b"&", b"&amp;", b"&#0;", b"\x00", b"\xff\xfe", b"\xc3", b"</map>", b"<map>",
         b"<object/>", b"<![CDATA[", b"]]>", b"<!--", b"<?xml ?>", b"nan", b"-1e999", b"\n" * 3]


def _sub_random(rng: random.Random, text: str, pattern: str, repl) -> str:
    hits = list(re.finditer(pattern, text))
    if not hits:
        return text
    m = rng.choice(hits)
    new = repl(m) if callable(repl) else repl
    return text[:m.start()] + new + text[m.end():]


def _damaged_bytes(rng, text):
    data = bytearray(text.encode())
    printable = rng.random() < 0.6  # damage that stays text reaches past the UTF-8 and XML checks
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(data))
        data[i] = rng.randrange(32, 127) if printable else rng.randrange(256)
    return "damaged bytes", bytes(data)


def _spliced(rng, text):
    data = text.encode()
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(0, 60))
    return "spliced junk", data[:i] + rng.choice(_JUNK) + data[j:]


def _truncated(rng, text):
    data = text.encode()
    return "truncated", data[:rng.randrange(len(data))]


def _bad_number(rng, text):
    val = rng.choice(_NUMBERS)
    attr = rng.choice([a for a in ("x", "y", "width", "height", "id", "firstgid", "tilewidth", "rotation", "value",
                                   "points", "nextobjectid", "offsetx", "opacity", "visible")
                       if re.search(rf'\b{a}="', text)])
    if attr == "points":
        return f"points {val!r}", _sub_random(rng, text, r'points="[^"]*"', f'points="0,0 {val},{val}"').encode()
    return f"{attr}={val[:12]!r}", _sub_random(rng, text, rf'\b{attr}="[^"]*"', f'{attr}="{val}"').encode()


def _wrong_type(rng, text):
    t = rng.choice(_TYPES)
    if rng.random() < 0.5:
        out = _sub_random(rng, text, r'type="(float|int|bool)"', f'type="{t}"')
        return f"property type {t!r}", out.encode()
    # a property of the right type with a value of the wrong kind
    val = rng.choice(["tall", "true", "yes", "1.5", "", "nan", "[1, 2]", "9" * 400])
    out = _sub_random(rng, text, r'(<property name="[^"]*" type="(?:float|int|bool)" value=)"[^"]*"',
                      lambda m: f'{m.group(1)}"{val}"')
    return f"property value {val[:10]!r}", out.encode()


def _deep_nesting(rng, text):
    depth = rng.choice([40, 1000, 20000])
    where = rng.choice(["group", "properties", "object"])
    if where == "group":
        inner = re.search(r"<objectgroup.*?</objectgroup>", text, re.S).group(0)
        nested = "<group>" * depth + inner + "</group>" * depth
        out = text.replace(inner, nested, 1)
    elif where == "properties":
        nested = "<properties><property name='p'>" * depth + "</property></properties>" * depth
        out = text.replace("<properties>", "<properties>" + nested, 1)
    else:
        out = text.replace("</objectgroup>", "<object>" * depth + "</object>" * depth + "</objectgroup>", 1)
    return f"nesting {where} x{depth}", out.encode()


def _exploding_layer(rng, text):
    need = 24 * 24 * 4
    kind = rng.choice(["zlib", "gzip", "gzip2", "plain", "short", "zlib-trail", "csv-long", "csv-short", "zstd"])
    if kind == "zlib":
        size = rng.choice([need + 4, 64 * 1024 * 1024])
        out = _layer_data(text, _b64(_bomb("zlib", b"\0", size)), compression="zlib")
    elif kind == "gzip":
        out = _layer_data(text, _b64(_bomb("gzip", b"\1\0\0\0", 16 * 1024 * 1024)), compression="gzip")
    elif kind == "gzip2":  # a fine first member, the bomb in the second
        good = gzip.compress(struct.pack("<576L", *([1] * 576)))
        out = _layer_data(text, _b64(good + _bomb("gzip", b"\0", 64 * 1024 * 1024)), compression="gzip")
    elif kind == "plain":
        out = _layer_data(text, _b64(b"\1\0\0\0" * (need * rng.choice([2, 50]))))
    elif kind == "short":
        out = _layer_data(text, _b64(b"\1\0\0\0" * 10))
    elif kind == "zlib-trail":
        out = _layer_data(text, _b64(zlib.compress(struct.pack("<576L", *([1] * 576))) + b"junk"), compression="zlib")
    elif kind == "csv-long":
        out = _layer_data(text, ",".join(["1"] * rng.choice([577, 100000])), encoding="csv")
    elif kind == "csv-short":
        out = _layer_data(text, ",".join(["1"] * 575), encoding="csv")
    else:
        out = _layer_data(text, _b64(b"\x28\xb5\x2f\xfd" + b"\0" * 32), compression="zstd")
    return f"layer {kind}", out.encode()


def _outside_path(rng, text):
    kind = rng.choice(["abs", "dotdot", "image", "imagelayer", "neighbour", "tile-image", "not-tsx", "missing"])
    extra = {}
    if kind == "abs":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>', '<tileset firstgid="1" source="/etc/passwd"/>', text)
    elif kind == "dotdot":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" source="../../../../../../../../etc/hosts.tsx"/>', text)
    elif kind == "image":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
                     '<image source="/etc/shadow.png" width="64" height="64"/></tileset>', text)
    elif kind == "imagelayer":
        out = text.replace("</map>", '<imagelayer id="99" name="sky"><image source="../../../../etc/hosts"/>'
                                     '</imagelayer>\n</map>')
    elif kind == "neighbour":  # a real tileset beside the folder the map is in, not inside it
        extra["../elsewhere/evil.tsx"] = TSX.read_bytes().replace(b'source="ruinstars.png"', b'source="/etc/passwd"')
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" source="../elsewhere/evil.tsx"/>', text)
    elif kind == "tile-image":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="1" columns="0">'
                     '<tile id="0"><image source="../../../../../root/.ssh/id_rsa" width="32" height="32"/></tile>'
                     '</tileset>', text)
    elif kind == "not-tsx":
        out = re.sub(r'source="[^"]*ruinstars\.tsx"', 'source="tiles.json"', text)
    else:
        out = re.sub(r'source="[^"]*ruinstars\.tsx"', 'source="gone.tsx"', text)
    return f"path {kind}", out.encode(), extra


def _oversized(rng, text):
    kind = rng.choice(["comment", "objects", "points", "tiles-grid"])
    if kind == "comment":
        out = text.replace("</map>", "<!--" + "x" * (5 * 1024 * 1024 + 10) + "-->\n</map>")
    elif kind == "objects":
        objs = "".join(f'<object id="{9000 + k}" name="S{k + 10}" type="item" x="{32 + k % 600}" y="32"><point/></object>'
                       for k in range(rng.choice([600, 20000])))
        out = text.replace("</objectgroup>", objs + "</objectgroup>", 1)
    elif kind == "points":
        pts = " ".join(f"{k % 700},{(k * 7) % 700}" for k in range(rng.choice([300, 100000])))
        out = _sub_random(rng, text, r'points="[^"]*"', f'points="0,0 {pts}"')
    else:
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" name="x" tilewidth="1" tileheight="1" tilecount="4" columns="2">'
                     '<image source="big.png" width="100000" height="100000"/></tileset>', text)
    return f"oversized {kind}", out.encode()


def _structure(rng, text):
    kind = rng.choice(["no-data", "chunk", "xml-tiles", "no-image", "doctype", "utf16", "bom", "drop-element",
                       "swap-tag", "no-name", "template", "infinite", "tile-anim", "tile-props", "dup-id",
                       "class-prop", "nested-prop"])
    if kind == "no-data":
        out = re.sub(r"<data.*?</data>", "", text, count=1, flags=re.S)
    elif kind == "chunk":
        out = re.sub(r"<data encoding=\"csv\">.*?</data>",
                     '<data encoding="csv"><chunk x="0" y="0" width="16" height="16">1,1</chunk></data>',
                     text, count=1, flags=re.S)
    elif kind == "xml-tiles":
        out = re.sub(r"<data encoding=\"csv\">.*?</data>", "<data>" + "<tile gid='1'/>" * 576 + "</data>",
                     text, count=1, flags=re.S)
    elif kind == "no-image":
        out = text.replace("</map>", '<imagelayer id="99" name="sky"/>\n</map>')
    elif kind == "doctype":
        out = text.replace('<?xml version="1.0" encoding="UTF-8"?>',
                           '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
                           '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>')
        out = out.replace('value="format"', 'value="&b;"')
    elif kind == "utf16":
        out = text.replace('encoding="UTF-8"', 'encoding="UTF-16"').replace(
            "<map ", '<!DOCTYPE map [<!ENTITY a "b">]>\n<map ', 1)
        return f"structure {kind}", out.encode("utf-16")
    elif kind == "bom":
        return f"structure {kind}", b"\xef\xbb\xbf" + text.encode()
    elif kind == "drop-element":
        out = _sub_random(rng, text, r"<(polyline|point|ellipse|polygon)[^>]*/>", "")
    elif kind == "swap-tag":
        a, b = rng.sample(["map", "layer", "objectgroup", "object", "properties", "property", "tileset", "data",
                           "group", "imagelayer", "tile"], 2)
        out = _sub_random(rng, text, rf"<{a}\b", f"<{b}")
    elif kind == "no-name":
        out = _sub_random(rng, text, r'<property name="[^"]*"', "<property")
    elif kind == "template":
        out = _sub_random(rng, text, r"<object ", '<object template="../../../etc/x.tx" ')
    elif kind == "infinite":
        out = text.replace('infinite="0"', 'infinite="1"')
    elif kind == "tile-anim":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
                     '<image source="x.png" width="64" height="64"/><tile id="0"><animation>'
                     '<frame tileid="zz" duration="-5"/><frame/></animation></tile></tileset>', text)
    elif kind == "tile-props":
        out = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                     '<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
                     '<image source="x.png" width="64" height="64"/><tile id="nope" probability="x"/>'
                     '<tile/></tileset>', text)
    elif kind == "dup-id":
        out = _sub_random(rng, text, r'<object id="\d+"', '<object id="1"')
    elif kind == "class-prop":
        out = _sub_random(rng, text, r'<property name="wall_height" type="float" value="[^"]*"/>',
                          '<property name="wall_height" type="class" propertytype="Height"/>')
    else:
        out = _sub_random(rng, text, r'<property name="(\w+)" type="float" value="([^"]*)"/>',
                          lambda m: f'<property name="{m.group(1)}" type="float" value="{m.group(2)}">'
                                    f'<properties><property name="deep" value="1"/></properties></property>')
    return f"structure {kind}", out.encode()


def _foreign(rng, text):
    """A map made in Tiled for another game: other tile size, orientation, layer names, object kinds."""
    kind = rng.choice(["platformer", "iso", "rpg"])
    w, h = {"platformer": (100, 20), "iso": (30, 30), "rpg": (24, 24)}[kind]
    tile = {"platformer": 16, "iso": 64, "rpg": 32}[kind]
    orient = "isometric" if kind == "iso" else "orthogonal"
    csv = ",".join(["1"] * (w * h))
    objs = "".join(f'<object id="{k}" name="thing{k}" type="{t}" x="{k * 10}" y="20" width="16" height="16"/>'
                   for k, t in enumerate(["coin", "enemy", "chest", ""], start=1))
    out = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.10.2" '
           f'orientation="{orient}" renderorder="right-down" width="{w}" height="{h}" tilewidth="{tile}" '
           f'tileheight="{tile}" infinite="0" nextlayerid="3" nextobjectid="5">\n'
           f' <tileset firstgid="1" source="{TSX}"/>\n'
           f' <layer id="1" name="Tile Layer 1" width="{w}" height="{h}"><data encoding="csv">{csv}</data></layer>\n'
           f' <objectgroup id="2" name="Object Layer 1">{objs}</objectgroup>\n</map>\n')
    return f"foreign {kind}", out.encode()


MUTATORS = [(_damaged_bytes, 5), (_spliced, 5), (_truncated, 3), (_bad_number, 6), (_wrong_type, 5),
            (_deep_nesting, 1), (_exploding_layer, 2), (_outside_path, 2), (_oversized, 1), (_structure, 4),
            (_foreign, 1)]
HOSTILE = {_deep_nesting, _exploding_layer, _outside_path, _oversized, _foreign}


def cases(seed: int, n: int) -> list[tuple[str, dict[str, bytes], bool]]:
    """n mutated map folders, deterministic for the seed."""
    rng = random.Random(seed)
    texts = {p.name: base_text(p) for p in REAL_MAPS}
    names = sorted(texts)
    funcs = [f for f, w in MUTATORS for _ in range(w)]
    out = []
    for k in range(n):
        name = names[k % len(names)]
        fn = funcs[k % len(funcs)] if k < len(funcs) else rng.choice(funcs)
        got = fn(rng, texts[name])
        label, data = got[0], got[1]
        files = {"map.tmx": data}
        if len(got) > 2:
            files.update(got[2])
        out.append((f"{name} {label}", files, fn in HOSTILE))
    return out


# what a player must never read: Python's exception names and internals
_TECHNICAL = re.compile(r"\b\w*(Error|Exception)\b|Traceback|NoneType|has no attribute|invalid literal|"
                        r"could not convert|values to unpack|codec|object is not|takes \d|\bargument\b|__")


def technical(problem: str, folder: Path) -> str | None:
    """The internals a refusal shows a player, if any. The case's own folder (a temporary directory, whose
    random name may hold "__") is taken out first: naming the file is the point of the message."""
    found = _TECHNICAL.search(problem.replace(str(folder), "<folder>"))
    return found.group(0) if found else None


def write_case(folder: Path, files: dict[str, bytes]) -> Path:
    """Write one case under folder/maps/ (neighbours relative to it); returns the map's path."""
    home = folder / "maps"
    home.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        p = (home / rel).resolve()
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return home / "map.tmx"
