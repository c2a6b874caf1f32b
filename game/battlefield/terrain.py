"""The terrain of a table as the pymunk Space holds it: categories and filters, the rules' distances,
what each terrain shape stands for (_Terrain), platform faces, and the climbing costs (R14, B10, B21)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from pymunk import ShapeFilter

from .geometry import outward_normal, point_in_polygon, polygon_edges, seg_point_dist
from .model import Battlefield

# pymunk categories
WALL, LOW_WALL, DOOR, UNIT, FACE, OPEN_DOOR = 1, 2, 4, 8, 16, 32
LYING = 64  # a base laid on its side (Base.lying): in no sight mask
SIGHT_MASK = WALL | DOOR | FACE  # terrain that can block a sight line (by height, R10)
COVER_MASK = WALL | DOOR | FACE | LOW_WALL  # terrain that can give cover (R11)
MOVE_MASK = WALL | LOW_WALL | DOOR | FACE  # terrain a base may not overlap
ADJ_MASK = WALL | LOW_WALL | DOOR  # terrain that breaks adjacency (R15)

MOVE_FILTER = ShapeFilter(mask=MOVE_MASK)
ADJ_FILTER = ShapeFilter(mask=ADJ_MASK)
COVER_FILTER = ShapeFilter(mask=COVER_MASK)

EPS = 1e-6
ZTOL = 0.01  # two elevations closer than this are the same surface
SAME_LEVEL = 0.5  # R15: "same surface level (heights within 0.5")"
ADJ_GAP = 1.0  # R15: closest base edges within 1"
COVER_DIST = 1.0  # R11: blocking point within 1" of the target's base
HIGH_GROUND = 4.0  # R11
EYE = 1.0  # R10: a unit's eye is 1" above its surface
LADDER_TOL = 0.25  # a crossing within 0.25" of a ladder uses the ladder
LATTICE_STEP = 0.5  # inches between movement lattice points
SQUARE = 2.0  # grid measure: 2" squares
MEASURES = ("inches", "grid")


_WALK = object()  # _terrain_cross: the move touches no terrain


class _Terrain:
    """What a terrain shape in the Space stands for."""

    __slots__ = ("kind", "label", "a", "b", "top", "bottom", "climbable", "ladders", "door_id")

    def __init__(self, kind, label, a, b, top, bottom=0.0, climbable=False, door_id=None):
        self.kind = kind  # "wall", "low_wall", "door", "face"
        self.label = label
        self.a = a
        self.b = b
        self.top = top
        self.bottom = bottom
        self.climbable = climbable
        self.ladders: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.door_id = door_id

    @property
    def can_climb_somewhere(self) -> bool:
        return self.kind == "low_wall" or (self.kind != "door" and (self.climbable or bool(self.ladders)))

    def climbable_at(self, x: float, y: float) -> bool:
        if self.kind == "low_wall":
            return True  # R14: low walls are climbable by any unit
        if self.kind == "door":
            return False  # a closed door is not a climbable face
        if self.climbable:
            return True
        for (ax, ay), (bx, by) in self.ladders:
            if seg_point_dist(ax, ay, bx, by, x, y) <= LADDER_TOL:
                return True
        return False


@dataclass(frozen=True, slots=True)
class Face:
    """A platform edge as a vertical face from `bottom` (the surface outside) to `top` (the platform)."""

    label: str
    a: tuple[float, float]
    b: tuple[float, float]
    top: float
    bottom: float
    climbable: bool


def platform_faces(battlefield: Battlefield) -> list[Face]:
    """The faces of all platforms: each edge from the surface just outside it up to the platform's elevation.
    An edge with nothing lower outside it (e.g. shared with a platform as high) is no face."""
    faces = []
    for plat in battlefield.platforms:
        for a, b in polygon_edges(plat.polygon):
            if a == b:
                continue
            nx, ny = outward_normal(plat.polygon, a, b)
            ox, oy = (a[0] + b[0]) / 2 + nx * 0.01, (a[1] + b[1]) / 2 + ny * 0.01
            bottom = 0.0
            for other in battlefield.platforms:
                if other is not plat and other.elevation > bottom and point_in_polygon(other.polygon, ox, oy) >= 0:
                    bottom = other.elevation
            if bottom < plat.elevation - EPS:
                faces.append(Face(plat.label, a, b, plat.elevation, bottom, plat.climbable))
    return faces



def climb_cost(horizontal: float, up: float, down: float, up_less: float = 0.0, down_less: float = 2.0) -> float:
    """R14 in inches for one straight step that crosses terrain: the horizontal travel (at least the 1"
    crest) + the height climbed up + the height climbed down minus 2" (not below 0).
    up/down are measured from the step's start/end surface to the highest crossed top. A Climber counts the
    height up 2" less and down 4" less (up_less=2, down_less=4; N53), never below 0."""
    return max(horizontal, 1.0) + max(0.0, up - up_less) + max(0.0, down - down_less)


def grid_climb_cost(up: float, down: float, up_less: float = 0.0, down_less: float = 2.0) -> float:
    """Rules section 9 in inches: the square moved onto (the crest, 2") + 2" per square of height climbed
    up + 2" per square of height climbed down beyond the first (free) one. Heights in squares round up.
    up_less/down_less: inches of height (a square per 2") that cost nothing; Climber: 2 and 4 (N53)."""
    up_sq = max(0, math.ceil(up / SQUARE - 1e-9))
    down_sq = max(0, math.ceil(down / SQUARE - 1e-9))
    return SQUARE * (1 + max(0.0, up_sq - up_less / SQUARE) + max(0.0, down_sq - down_less / SQUARE))

