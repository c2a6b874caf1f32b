"""Reading .tmx maps (docs/maps.md) and every way a map can be refused."""
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.battlefield import Base, Battlefield, MapError, Table, load_battlefield

MAPS = Path(__file__).parent / "maps"
BAD = MAPS / "bad"


def test_features_map():
    path = MAPS / "features.tmx"
    bf = load_battlefield(path)
    assert isinstance(bf, Battlefield)
    assert bf.name == "Test: features" and bf.source == str(path)
    assert (bf.width, bf.height) == (12.0, 12.0)
    assert bf.properties["format"] == 1
    # zones: rectangle (Tiled 1.9 class=), circle by property, circle drawn as an ellipse, polygon
    assert list(bf.zones) == ["player zone", "npc ring", "B zone", "A wedge"]
    pz = bf.zones["player zone"]
    assert pz.side == "player" and pz.contains(1, 1) and pz.contains(12, 3) and not pz.contains(1, 3.1)
    ring = bf.zones["npc ring"]
    assert ring.side == "npc" and ring.circle == (6.0, 10.0, 2.0)
    assert ring.contains(6, 10) and not ring.contains(4.2, 8.2)  # the rectangle's corner is outside the circle
    assert bf.zones["B zone"].circle == (10.0, 10.0, 1.0) and bf.zones["B zone"].side == "B"
    wedge = bf.zones["A wedge"]
    assert wedge.side == "A" and wedge.polygon == ((0.0, 6.0), (3.0, 4.0), (3.0, 8.0))
    assert wedge.contains(2, 6) and not wedge.contains(0.5, 5)
    # spawn points in name order whatever the object order
    assert [(m.name, m.x, m.y) for m in bf.spawn_points] == [("S1", 2.0, 2.0), ("S2", 6.0, 6.0), ("S3", 10.0, 10.0)]
    # anchors: placed ones, the rest at the centres of the 3x3 sectors
    assert bf.anchors["NW"] == (2.0, 2.0) and bf.anchors["C"] == (6.0, 6.5)
    assert bf.anchors["N"] == (6.0, 2.0) and bf.anchors["SE"] == (10.0, 10.0) and len(bf.anchors) == 9
    assert [(m.kind, m.name, m.x, m.y, m.item) for m in bf.markers] == [
        ("objective", "Relay", 6.0, 1.0, "terminal"), ("item", "item-11", 9.0, 3.0, "crate")]
    # walls: a 2-segment polyline and a rectangle (its 4 edges)
    assert [(w.label, w.a, w.b) for w in bf.walls[:2]] == [
        ("wall 'box' (#12)", (0.0, 0.0), (1.0, 0.0)), ("wall 'box' (#12)", (1.0, 0.0), (1.0, 1.0))]
    hut = [w for w in bf.walls if w.label == "wall 'hut' (#13)"]
    assert len(hut) == 4 and all(w.height == 2.0 and w.base == 0.0 and not w.climbable for w in hut)
    # picture layers for the renderer
    tl = bf.tile_layers
    assert tl.names == ("ground",) and tl.tilewidth == 32
    assert tl.layers[0].gids[0][:4] == (1, 2, 1, 2) and len(tl.layers[0].gids) == 12
    ts = tl.tilesets[0]
    assert ts.firstgid == 1 and ts.source == str((MAPS / "test.tsx").resolve()) and ts.image.endswith("test.png")


def test_terrain_maps_properties():
    climb = load_battlefield(MAPS / "climb.tmx")
    ramp = [p for p in climb.platforms if p.label == "platform 'ramp' (#2)"][0]
    assert ramp.elevation == 3.0 and ramp.climbable and ramp.polygon == ((6.0, 0.0), (10.0, 0.0), (10.0, 4.0), (6.0, 4.0))
    assert [(lw.height, lw.base) for lw in climb.low_walls] == [(1.0, 0.0)]
    assert [(la.a, la.b) for la in climb.ladders] == [((6.0, 6.0), (6.0, 7.0))]
    doors = load_battlefield(MAPS / "doors.tmx")
    assert [(d.id, d.height, d.base, d.open) for d in doors.doors] == [("gate", 3.0, 0.0, False), ("door-4", 3.0, 0.0, True)]
    heights = load_battlefield(MAPS / "heights.tmx")
    parapet = [w for w in heights.walls if "parapet" in w.label][0]
    assert (parapet.base, parapet.height, parapet.top) == (6.0, 1.0, 7.0)


def test_platform_faces():
    t = Table(load_battlefield(MAPS / "cover.tmx"))
    faces = sorted((f.label, f.a, f.b, f.top, f.bottom) for f in t.faces)
    # gantry (4") and catwalk (3") share the edge y=4: it is a face of the gantry only, from 3" up
    shared = [f for f in faces if f[1][1] == 4.0 and f[2][1] == 4.0]
    assert shared == [("platform 'gantry' (#3)", (3.0, 4.0), (0.0, 4.0), 4.0, 3.0)]
    assert len(faces) == 7  # 4 gantry edges + catwalk's 3 others (its north edge faces nothing lower)


BAD_CASES = [
    ("unknown_kind.tmx", "tree 'oak' (#1)", "unknown object kind 'tree'"),
    ("no_kind.tmx", "object 'thing' (#1)", "object has no type (class)"),
    ("no_ground.tmx", "map", "the tile layer 'ground' is required"),
    ("bad_format.tmx", "map", "map property 'format' must be the int 1, not 2"),
    ("outside.tmx", "wall 'runaway' (#1)", "point (30, 2) is outside the 6x6\" table"),
    ("missing_prop.tmx", "wall 'bare' (#1)", "required property 'wall_height' (float) is missing"),
    ("platform_no_elevation.tmx", "platform 'slab' (#1)", "required property 'elevation' (float) is missing"),
    ("wrong_type.tmx", "wall 'soft' (#1)", "property 'wall_height' must be a float, not str 'tall'"),
    ("bad_float.tmx", "wall 'bare' (#1)", "property 'wall_height' is not a valid float: 'tall'"),
    ("wrong_bool.tmx", "wall 'shaky' (#1)", "property 'climbable' must be a bool, not str 'yes'"),
    ("spawn_overlap.tmx", "spawn 'S2' (#2)", "overlaps spawn point S1"),
    ("spawn_duplicate.tmx", "spawn 'S1' (#2)", "duplicate spawn point name 'S1'"),
    ("spawn_not_point.tmx", "spawn 'S1' (#1)", "must be a point object, not a rect"),
    ("reserved.tmx", "wall 'tall' (#1)", "property name 'height' is reserved"),
    ("ladder_nowhere.tmx", "ladder 'loose' (#2)", "a ladder must lie along a wall or a platform edge"),
    ("bad_side.tmx", "deployment 'red zone' (#1)", "property 'side' must be one of player, npc, A, B, not 'red'"),
    ("bad_anchor.tmx", "anchor 'X' (#1)", "an anchor must be named one of NW N NE W C E SW S SE"),
    ("buried_wall.tmx", "wall 'rail' (#2)", "set wall_base"),
    ("door_points.tmx", "door 'bent' (#1)", "a door must be a polyline of exactly 2 distinct points"),
    ("malformed.tmx", "map", "malformed XML"),
    ("entity.tmx", "map", "DOCTYPE/ENTITY declarations are not allowed"),
    ("tile16.tmx", "map", "tilewidth must be 32 px"),
    ("rotated.tmx", "spawn 'oak' (#1)", "rotated objects are not supported"),
]


@pytest.mark.parametrize("fname, obj, problem", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_maps_name_file_object_and_problem(fname, obj, problem):
    path = BAD / fname
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    err = info.value
    assert err.file == str(path) and err.obj == obj and problem in err.problem
    assert str(err) == f"{path}: {obj}: {err.problem}"
    assert err.__cause__ is None or isinstance(err.__cause__, MapError)


def test_every_bad_map_is_covered():
    assert sorted(p.name for p in BAD.glob("*.tmx")) == sorted(c[0] for c in BAD_CASES)


def test_a_map_without_title_is_named_from_its_file():
    bf = load_battlefield(MAPS / "untitled.tmx")
    assert bf.title == bf.name == "Untitled"


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.tmx"
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    assert str(info.value).startswith(f"{path}: map: cannot read")


def test_file_over_5_mb(tmp_path):
    path = tmp_path / "huge.tmx"
    text = (BAD / "unknown_kind.tmx").read_text()
    path.write_text(text.replace("</map>", "<!--" + "x" * (5 * 1024 * 1024) + "-->\n</map>"))
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    assert info.value.obj == "map" and "over the 5 MB limit" in info.value.problem


def test_missing_tileset_file(tmp_path):
    path = tmp_path / "lost.tmx"
    path.write_text((MAPS / "walls.tmx").read_text())  # its test.tsx is not beside it
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    assert info.value.obj == "tileset 'test.tsx'" and "cannot read" in info.value.problem


def test_tileset_with_entities_is_refused(tmp_path):
    (tmp_path / "test.tsx").write_text('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY a "b">]>\n<tileset name="&a;"/>\n')
    path = tmp_path / "m.tmx"
    path.write_text((MAPS / "walls.tmx").read_text())
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    assert "DOCTYPE/ENTITY" in info.value.problem


def test_not_a_map(tmp_path):
    path = tmp_path / "x.tmx"
    path.write_text('<?xml version="1.0"?>\n<tileset name="x"/>\n')
    with pytest.raises(MapError) as info:
        load_battlefield(path)
    assert info.value.problem == "not a Tiled map (root element <tileset>)"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_damaged_maps_only_ever_raise_map_error(tmp_path, data):
    """Cut, splice or garble a good map anywhere: it loads or raises MapError, never anything else."""
    src = (MAPS / "features.tmx").read_bytes()
    (tmp_path / "test.tsx").write_bytes((MAPS / "test.tsx").read_bytes())
    i = data.draw(st.integers(0, len(src) - 1))
    j = data.draw(st.integers(i, min(len(src), i + 40)))
    junk = data.draw(st.sampled_from([b"", b"<", b">", b'"', b"&amp;", b"-1e999", b"nan", b"<object/>",
                                      b'type="float" value="x"', b"\x00", b"\xff\xfe", b"</map>"]))
    path = tmp_path / "damaged.tmx"
    path.write_bytes(src[:i] + junk + src[j:])
    try:
        load_battlefield(path)
    except MapError as e:
        assert str(e).startswith(f"{path}: ")


def test_prepare_builds_the_same_lattice():
    bf = load_battlefield(MAPS / "climb.tmx")
    lazy, eager = Table(bf), Table(bf)
    eager.prepare(0.5)
    m = Base(1, "player", 5.5, 2)
    assert lazy.reach(m, 6).spots == eager.reach(m, 6).spots


REAL_MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


@pytest.mark.skipif(not REAL_MAPS, reason="no maps in maps/ yet")
@pytest.mark.parametrize("path", REAL_MAPS, ids=[p.name for p in REAL_MAPS])
def test_real_maps_load_and_play(path):
    """Every map in maps/ loads, and a base in each deployment zone can stand there and move."""
    bf = load_battlefield(path)
    t = Table(bf)
    for zone in bf.zones.values():
        xs = [p[0] for p in zone.polygon] if zone.polygon else [zone.circle[0]]
        ys = [p[1] for p in zone.polygon] if zone.polygon else [zone.circle[1]]
        spot = next(((x / 2, y / 2) for x in range(int(2 * min(xs)), int(2 * max(xs)) + 1)
                     for y in range(int(2 * min(ys)), int(2 * max(ys)) + 1)
                     if zone.contains(x / 2, y / 2) and t.can_stand(0.5, x / 2, y / 2, t.surface_z(x / 2, y / 2))),
                    None)
        assert spot is not None, f"no standing spot in zone {zone.name}"
        m = Base(1, zone.side, spot[0], spot[1], t.surface_z(*spot))
        assert t.reach(m, 6.0).spots, f"a unit in zone {zone.name} cannot move"
