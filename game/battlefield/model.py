"""Plain data of the table: what a map file describes and what the queries answer.

Coordinates are inches on the table: x to the right, y downward (Tiled's axes, 32 px = 1 inch),
z upward (the elevation of a standing surface). Everything here is frozen and made of standard
types, so the match can keep, compare and log it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .geometry import point_in_polygon

Point2 = tuple[float, float]
Point3 = tuple[float, float, float]


class MapError(Exception):
    """A map file that cannot be used. str(err) == "<file>: <object>: <problem>"."""

    def __init__(self, file: str, obj: str, problem: str):
        self.file = file
        self.obj = obj
        self.problem = problem
        super().__init__(f"{file}: {obj}: {problem}")


@dataclass(frozen=True, slots=True)
class Wall:
    """A wall stretch (one straight segment). top = base + height, measured from the table."""

    label: str  # e.g. "wall 'north' (#12)", for messages and Sight.blocker
    a: Point2
    b: Point2
    height: float
    base: float = 0.0
    climbable: bool = False

    @property
    def top(self) -> float:
        return self.base + self.height


@dataclass(frozen=True, slots=True)
class LowWall:
    label: str
    a: Point2
    b: Point2
    height: float = 1.0
    base: float = 0.0

    @property
    def top(self) -> float:
        return self.base + self.height


@dataclass(frozen=True, slots=True)
class Door:
    id: str
    label: str
    a: Point2
    b: Point2
    height: float = 3.0
    base: float = 0.0
    open: bool = False  # state when the map is loaded; Table keeps the live state

    @property
    def top(self) -> float:
        return self.base + self.height


@dataclass(frozen=True, slots=True)
class Ladder:
    label: str
    a: Point2
    b: Point2


@dataclass(frozen=True, slots=True)
class Platform:
    """A solid block whose top surface is at `elevation`; its edges are faces down to the surface below."""

    label: str
    polygon: tuple[Point2, ...]
    elevation: float
    climbable: bool = False

    def contains(self, x: float, y: float) -> bool:
        return point_in_polygon(self.polygon, x, y) >= 0


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone: a polygon, or a circle (cx, cy, r)."""

    name: str
    side: str
    polygon: tuple[Point2, ...] | None = None
    circle: tuple[float, float, float] | None = None

    def contains(self, x: float, y: float) -> bool:
        if self.circle is not None:
            cx, cy, r = self.circle
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r + 1e-9
        return self.polygon is not None and point_in_polygon(self.polygon, x, y) >= 0


@dataclass(frozen=True, slots=True)
class Marker:
    """A point on the map: spawn point, objective or item. kind: "spawn", "objective", "item"."""

    kind: str
    name: str
    x: float
    y: float
    item: str | None = None  # the optional `item` property, e.g. "crate"


@dataclass(frozen=True, slots=True)
class TilesetInfo:
    firstgid: int
    name: str
    source: str | None  # path of the external .tsx (absolute), None when embedded
    image: str | None  # path of the tileset image (absolute)
    tilewidth: int
    tileheight: int
    tilecount: int
    columns: int


@dataclass(frozen=True, slots=True)
class TileLayerInfo:
    """A picture layer: rows of Tiled gids (0 = empty, flip flags removed)."""

    name: str
    visible: bool
    gids: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class TileLayers:
    tilewidth: int = 32
    tileheight: int = 32
    tilesets: tuple[TilesetInfo, ...] = ()
    layers: tuple[TileLayerInfo, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(layer.name for layer in self.layers)


ANCHOR_NAMES = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")


def default_anchors(width: float, height: float) -> dict[str, Point2]:
    """The centres of the 3x3 sectors of the table (used for anchors a map does not place)."""
    xs = (width / 6, width / 2, width * 5 / 6)
    ys = (height / 6, height / 2, height * 5 / 6)
    names = iter(ANCHOR_NAMES)
    return {next(names): (x, y) for y in ys for x in xs}


@dataclass(frozen=True)
class Battlefield:
    name: str
    source: str = ""
    width: float = 24.0
    height: float = 24.0
    walls: tuple[Wall, ...] = ()
    low_walls: tuple[LowWall, ...] = ()
    platforms: tuple[Platform, ...] = ()
    doors: tuple[Door, ...] = ()
    ladders: tuple[Ladder, ...] = ()
    zones: dict[str, Zone] = field(default_factory=dict)
    spawn_points: tuple[Marker, ...] = ()
    anchors: dict[str, Point2] = field(default_factory=dict)
    markers: tuple[Marker, ...] = ()
    tile_layers: TileLayers = field(default_factory=TileLayers)
    properties: dict[str, object] = field(default_factory=dict)  # all map properties (title, format, ...)

    @property
    def title(self) -> str:
        """The name a player reads: the map's `title` property, else a tidy name from its file name."""
        return self.name

    def door(self, door_id: str) -> Door:
        for d in self.doors:
            if d.id == door_id:
                return d
        raise KeyError(door_id)


@dataclass(frozen=True, slots=True)
class MoveRule:
    """How a base's Move and Dash treat climbing and other bases: the Core Rules by default (R13, R14),
    changed by its skills (docs/rules-notes.md N53-N57). Table.path and Table.reach read it from the mover.

    climb_up_less / climb_down_less: inches of the height climbed up / down that cost nothing (never below
    0): the core rule is 0 / 2, Climber 2 / 4. ignore_vertical: no height is paid at all when climbing (the
    crest inch still is): Jump Pack, Flying, Nebulant. any_face: terrain need not be climbable to be passed
    over (walls, platform faces, closed doors): Flying, Nebulant. through_enemies: the path may cross the
    bases of other sides' units (never items), never end on one: Nebulant, Small."""

    climb_up_less: float = 0.0
    climb_down_less: float = 2.0
    ignore_vertical: bool = False
    any_face: bool = False
    through_enemies: bool = False

    @property
    def terrain(self) -> "MoveRule":
        """The part of the rule the terrain graph depends on (bases are applied per search)."""
        return self if not self.through_enemies else MoveRule(self.climb_up_less, self.climb_down_less,
                                                              self.ignore_vertical, self.any_face)


CORE_MOVE = MoveRule()


@dataclass(frozen=True, slots=True)
class Base:
    """A base on the table: position = base centre (inches), z = elevation of the surface it stands on,
    move = how it moves (its skills; Match.base fills it from the unit's card)."""

    uid: int
    side: str
    x: float
    y: float
    z: float = 0.0
    radius: float = 0.5
    move: MoveRule = CORE_MOVE
    lying: bool = False  # laid on its side (a Downed unit, Horde Mode): its base blocks no Line of Sight (N76)

    def moved(self, x: float, y: float, z: float) -> "Base":
        return Base(self.uid, self.side, x, y, z, self.radius, self.move, self.lying)


@dataclass(frozen=True, slots=True)
class Sight:
    visible: bool
    cover: bool = False
    high_ground: bool = False
    lines: tuple[tuple[Point2, Point2], ...] = ()
    blocker: str | None = None


@dataclass(frozen=True, slots=True)
class Path:
    points: tuple[Point3, ...]
    cost: float
    climbs: int = 0
    left_adjacency: tuple[int, ...] = ()

    @property
    def end(self) -> Point3:
        return self.points[-1]


@dataclass(frozen=True)
class Reach:
    """Every spot a mover can end a move on (the start excluded), with the cost to get there."""

    spots: tuple[tuple[float, float, float, float], ...]
    budget: float
    _contains: Callable[[float, float, float], bool] = field(repr=False, compare=False, default=None)
    _path_to: Callable[[float, float, float], "Path | None"] = field(repr=False, compare=False, default=None)

    def contains(self, x: float, y: float, z: float) -> bool:
        return self._contains(x, y, z)

    def path_to(self, x: float, y: float, z: float) -> Path | None:
        return self._path_to(x, y, z)

    def cost_to(self, x: float, y: float, z: float) -> float | None:
        p = self._path_to(x, y, z)
        return None if p is None else p.cost
