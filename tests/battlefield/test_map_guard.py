"""Foreign and damaged Tiled files (docs/maps.md, "Damaged and foreign files"): caps on size and on unpacked
layer data, paths kept inside the game's folders, every failure "<file>: <what is wrong, in words>", maps
made for other games refused with what they lack, and player-facing map titles."""
from __future__ import annotations

import base64
import gzip
import re
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest

from game.battlefield import MapError, load_battlefield, map_title, tidy_title

ROOT = Path(__file__).resolve().parents[2]
TSX = ROOT / "assets" / "tilesets" / "ruinstars.tsx"
REAL = ROOT / "maps" / "horde-last-stand.tmx"  # 24x24


def real_copy(tmp_path: Path, text: str | None = None, name: str = "map.tmx") -> Path:
    """A real map in a folder of its own, its tileset pointing at the game's tileset by absolute path."""
    text = REAL.read_text(encoding="utf-8") if text is None else text
    text = re.sub(r'source="[^"]*ruinstars\.tsx"', f'source="{TSX}"', text)
    folder = tmp_path / "maps"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def with_ground(text: str, data: str, encoding="base64", compression=None) -> str:
    comp = f' compression="{compression}"' if compression else ""
    return re.sub(r'<data encoding="csv">.*?</data>', f'<data encoding="{encoding}"{comp}>{data}</data>',
                  text, count=1, flags=re.S)


def refused(path: Path) -> MapError:
    before = path.read_bytes()
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    err = info.value
    assert str(err).startswith(f"{path}: ") and err.problem
    assert not re.search(r"\w+(Error|Exception)\b|NoneType|invalid literal", err.problem), err.problem
    assert path.read_bytes() == before
    return err


def test_the_real_copy_loads(tmp_path):
    assert load_battlefield(real_copy(tmp_path)).title == "Last Stand"


# ---------------------------------------------------------------------------------------------- caps
def test_a_zlib_layer_that_would_unpack_to_64_mb_is_refused_without_unpacking_it(tmp_path):
    bomb = base64.b64encode(zlib.compress(b"\0" * (64 * 1024 * 1024), 9)).decode()  # 64 KB of Base64
    path = real_copy(tmp_path, with_ground(REAL.read_text(), bomb, compression="zlib"))
    tracemalloc.start()
    try:
        err = refused(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.obj == "layer 'ground'" and "576 tiles of a 24x24 map" in err.problem
    assert peak < 8 * 1024 * 1024  # the 64 MB were never unpacked


def test_a_gzip_layer_hiding_a_bomb_in_a_second_member_is_refused(tmp_path):
    good = gzip.compress(struct.pack("<576L", *([1] * 576)))
    data = base64.b64encode(good + gzip.compress(b"\0" * (16 * 1024 * 1024), 9)).decode()
    err = refused(real_copy(tmp_path, with_ground(REAL.read_text(), data, compression="gzip")))
    assert err.obj == "layer 'ground'"


def test_a_well_formed_compressed_layer_loads_like_csv(tmp_path):
    csv_bf = load_battlefield(real_copy(tmp_path))
    gids = [g for row in csv_bf.tile_layers.layers[0].gids for g in row]
    for comp, pack in (("zlib", zlib.compress), ("gzip", gzip.compress), (None, lambda b: b)):
        data = base64.b64encode(pack(struct.pack(f"<{len(gids)}L", *gids))).decode()
        bf = load_battlefield(real_copy(tmp_path, with_ground(REAL.read_text(), data, compression=comp)))
        assert bf.tile_layers.layers[0].gids == csv_bf.tile_layers.layers[0].gids


@pytest.mark.parametrize("count", [575, 577, 100_000])
def test_a_csv_layer_of_the_wrong_length_is_refused(tmp_path, count):
    err = refused(real_copy(tmp_path, with_ground(REAL.read_text(), ",".join(["1"] * count), encoding="csv")))
    assert err.obj == "layer 'ground'"
    assert err.problem == f"the tile data holds {count:,} tiles but the map is 24x24 (576 tiles)"


def test_a_layer_larger_than_the_map_is_refused(tmp_path):
    text = REAL.read_text().replace('<layer id="1" name="ground" width="24" height="24">',
                                    '<layer id="1" name="ground" width="100000" height="24">')
    err = refused(real_copy(tmp_path, text))
    assert err.problem == "the layer is 100000x24 tiles but the map is 24x24"


def test_a_tileset_image_of_millions_of_tiles_is_refused(tmp_path):
    """The 356 KB map that took 21 s and 1.4 GB: an embedded tileset whose image holds millions of tiles."""
    text = re.sub(r'<tileset firstgid="1" source="[^"]*"/>',
                  '<tileset firstgid="1" name="huge" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
                  '<image source="huge.png" width="8192" height="8192"/></tileset>', REAL.read_text())
    err = refused(real_copy(tmp_path, text))
    assert err.obj == "tileset 'huge'" and "65,536 tiles" in err.problem and "4096" in err.problem


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path):
    path = real_copy(tmp_path, REAL.read_text().replace("</map>", "<!--" + "x" * (5 * 1024 * 1024) + "-->\n</map>"))
    assert "over the 5 MB limit" in refused(path).problem


def test_deep_nesting_is_refused(tmp_path):
    text = REAL.read_text()
    group = re.search(r"<objectgroup.*?</objectgroup>", text, re.S).group(0)
    err = refused(real_copy(tmp_path, text.replace(group, "<group>" * 5000 + group + "</group>" * 5000)))
    assert err.obj == "map" and "nested more than 16 deep" in err.problem


def test_too_many_objects_are_refused(tmp_path):
    objs = "".join(f'<object id="{900 + k}" type="objective" x="{32 + k}" y="32"><point/></object>' for k in range(600))
    err = refused(real_copy(tmp_path, REAL.read_text().replace("</objectgroup>", objs + "</objectgroup>", 1)))
    assert "more than the 500" in err.problem


# ---------------------------------------------------------------------------------------------- paths
def test_a_tileset_outside_the_game_folders_is_refused(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "evil.tsx").write_bytes(TSX.read_bytes())  # a perfectly good tileset, in the wrong place
    for src in ("../elsewhere/evil.tsx", str(elsewhere / "evil.tsx"), "../../../../../../../etc/hosts.tsx"):
        text = re.sub(r'source="[^"]*ruinstars\.tsx"', f'source="{src}"', REAL.read_text())
        path = real_copy(tmp_path, text.replace(f'source="{TSX}"', f'source="{src}"'))
        path.write_text(text)
        err = refused(path)
        assert err.obj == f"tileset '{src}'"
        assert "is outside the game's maps and assets folders and the map's own folder" in err.problem


def test_a_tileset_that_is_not_a_tsx_file_is_refused(tmp_path):
    text = re.sub(r'source="[^"]*ruinstars\.tsx"', 'source="/etc/passwd"', REAL.read_text())
    path = tmp_path / "m.tmx"
    path.write_text(text)
    assert refused(path).problem == "only Tiled .tsx tileset files can be read"


@pytest.mark.parametrize("where", ["tileset image", "tile image", "layer image"])
def test_images_outside_the_game_folders_are_refused(tmp_path, where):
    if where == "tileset image":
        ts = ('<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
              '<image source="/etc/shadow.png" width="64" height="64"/></tileset>')
    elif where == "tile image":
        ts = ('<tileset firstgid="1" name="x" tilewidth="32" tileheight="32" tilecount="1" columns="0">'
              '<tile id="0"><image source="../../../root/.ssh/id_rsa" width="32" height="32"/></tile></tileset>')
    else:
        ts = f'<tileset firstgid="1" source="{TSX}"/>'
    text = re.sub(r'<tileset firstgid="1" source="[^"]*"/>', ts, REAL.read_text())
    if where == "layer image":
        text = text.replace("</map>", '<imagelayer id="99" name="sky"><image source="../../etc/hosts"/></imagelayer></map>')
    err = refused(real_copy(tmp_path, text))
    assert f"the {where} '" in err.problem and "is outside the game's maps and assets folders" in err.problem


def test_the_tileset_image_path_given_to_the_renderer_is_checked_and_absolute(tmp_path):
    bf = load_battlefield(real_copy(tmp_path))
    assert bf.tile_layers.tilesets[0].image == str(TSX.parent / "ruinstars.png")


# ---------------------------------------------------------------------------------------------- words
@pytest.mark.parametrize("old, new, obj, words", [
    ('type="float"', 'type="double"', "platform 'P1' (#1)", "has the type 'double', which Tiled does not write"),
    ('<data encoding="csv">', '<data encoding="csv"><chunk x="0" y="0" width="16" height="16">1</chunk>',
     "layer 'ground'", "stored in chunks"),
    ('<property name="wall_height" type="float"', '<property type="float"', "wall #", "a property has no name"),
    ('<data encoding="csv">', '<data>', "layer 'ground'", "must be saved as CSV or Base64"),
    ('nextobjectid="54"', 'nextobjectid="1e308"',
     "map", "attribute 'nextobjectid' must be a whole number, not '1e308'"),
])
def test_failures_that_reached_the_player_as_python_errors_are_in_words(tmp_path, old, new, obj, words):
    """Before: "the map reader failed: KeyError: 'double'", "... Exception: " (empty), "... ValueError: invalid
    literal for int()"."""
    err = refused(real_copy(tmp_path, REAL.read_text().replace(old, new, 1)))
    assert err.obj.startswith(obj) and words in err.problem


def test_a_map_made_for_another_game_is_refused_with_all_it_lacks(tmp_path):
    csv = ",".join(["1"] * 2000)
    path = tmp_path / "level1.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="isometric" width="100" '
        'height="20" tilewidth="16" tileheight="16" infinite="0">\n'
        f' <layer id="1" name="Tile Layer 1" width="100" height="20"><data encoding="csv">{csv}</data></layer>\n'
        ' <objectgroup id="2" name="Objects"><object id="1" type="coin" x="5" y="5"/>'
        '<object id="2" type="enemy" x="50" y="5"/></objectgroup>\n</map>\n')
    err = refused(path)
    assert err.obj == "map"
    assert err.problem == (
        "not a Ruinstars battlefield: orientation must be orthogonal (square tiles), not isometric; "
        "tilewidth must be 32 px (1 tile = 1 inch), not 16; tileheight must be 32 px (1 tile = 1 inch), not 16; "
        "map width must be 6-48 tiles (1 tile = 1 inch), not 100; the tile layer 'ground' is required; "
        "none of its 2 objects is of a Ruinstars kind (wall, low_wall, platform, ladder, door, deployment, "
        "spawn, anchor, objective, item)")


def test_utf16_with_entities_is_refused(tmp_path):
    text = REAL.read_text().replace('encoding="UTF-8"', 'encoding="UTF-16"')
    path = tmp_path / "m.tmx"
    path.write_bytes(text.replace("<map ", '<!DOCTYPE map [<!ENTITY a "b">]>\n<map ', 1).encode("utf-16"))
    assert "not UTF-8 text" in refused(path).problem


# ---------------------------------------------------------------------------------------------- titles
TITLES = {
    "first-mission-survive": "Survive", "horde-containment-breach": "Containment Breach",
    "horde-last-stand": "Last Stand", "horde-supply-corridor": "Supply Corridor",
    "horde-weapons-manufacture": "Weapons Manufacture", "pve-alien-hive": "The Alien Hive",
    "pve-blacksite": "Blacksite", "pve-cursed-temple": "The Cursed Temple", "pve-facility": "The Facility",
    "pve-jungle": "The Jungle", "pve-rift-30x22": "The Rift (30x22)", "pve-ruined-city": "The Ruined City",
}


@pytest.mark.parametrize("stem", sorted(TITLES))
def test_every_map_has_a_player_facing_title(stem):
    path = ROOT / "maps" / f"{stem}.tmx"
    bf = load_battlefield(path)
    assert bf.title == TITLES[stem] == map_title(path)
    from game.battlefield.loader import map_summary
    assert map_summary(path) == (bf.title, bf.width, bf.height)  # what lists of maps show, without loading them


@pytest.mark.parametrize("stem, title", [
    ("pve-rift-30x22", "Rift (30x22)"), ("horde-last-stand", "Last Stand"), ("ruined_outpost", "Ruined Outpost"),
    ("first-mission-survive", "First Mission Survive"), ("pve", "Pve"), ("", "Battlefield")])
def test_tidy_titles_from_file_names(stem, title):
    assert tidy_title(stem) == title


def test_map_title_of_a_broken_or_untitled_file_is_its_tidy_name(tmp_path):
    broken = tmp_path / "pve-dead-zone.tmx"
    broken.write_text("<map")
    assert map_title(broken) == "Dead Zone"
    from game.battlefield.loader import map_summary
    assert map_summary(broken) == ("Dead Zone", None, None)
    text = REAL.read_text().replace('<property name="title" value="Last Stand"/>', "")
    assert load_battlefield(real_copy(tmp_path, text, "horde-final-hour.tmx")).title == "Final Hour"


def test_a_title_that_is_not_text_is_refused(tmp_path):
    text = REAL.read_text().replace('<property name="title" value="Last Stand"/>',
                                    '<property name="title" type="int" value="7"/>')
    assert "map property 'title' must be text" in refused(real_copy(tmp_path, text)).problem
