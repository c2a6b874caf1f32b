"""The view world's components: what a drawn thing on the battle table is made of.

Every picture on the table (a base, a marker, a token, a shot or a blow, a rising number, the cross of a unit
Taken Out, the rest of a moving base's path, the dice tray) is an entity of the screen's own esper world with:
  Place      where it is on the table, in inches (the camera turns it into pixels when it is drawn)
  Elevation  how high it stands (drawing order: lower first; a base on a platform covers one below it)
  Picture    what it looks like: a kind the draw processor knows, with the data it needs
  Tween      a glide along a path of (x, y, z) points that climbs and drops with the path
  Lifetime   how long it lasts (the picture fades with it); the entity goes when it is over
  UnitOf / MarkerOf / TokenOf   which thing of the match it shows (an id, never the match's components)
  Follow     the camera glides to it (a computer side's move or attack)

Components are slotted dataclasses, as in the match's world; only the view's processors change them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# the order pictures are drawn in, lower first; the bases (one layer) are drawn in elevation order among
# themselves (lower first, then from the top of the table down), everything else in its layer's place
LAYER = {"board": 0, "zones": 5, "deploy_ghost": 8, "marker": 10, "preview_under": 12, "token": 14,
         "skill_choices": 16, "ghost": 18, "base": 20, "marker_top": 30, "labels": 35, "preview_over": 40, "shot": 50,
         "cross": 52, "number": 54, "tray": 60, "summary": 70}


@dataclass(slots=True)
class Place:
    x: float
    y: float


@dataclass(slots=True)
class Elevation:
    z: float


@dataclass(slots=True)
class Picture:
    """What a view entity looks like: `kind` names its drawing (pictures.py; "overlay": `data` is a function of
    the canvas, a part of the screen's picture another painter owns: the board, a preview), `data` what that
    drawing needs (a UnitView, a MarkerView, a token, a text and its colour...), `memo` what the drawing keeps
    between frames (the blits of a base that did not move)."""

    kind: str
    data: object = None
    layer: int = -1  # LAYER of its kind unless told
    memo: object = None

    def __post_init__(self) -> None:
        if self.layer < 0:
            self.layer = LAYER.get(self.kind, 0)


@dataclass(slots=True)
class Tween:
    """A glide along `points` ((x, y, z), table inches) in `duration` seconds, eased at both ends; the place and
    the elevation follow the path (a base climbs onto a platform and drops off it on the way)."""

    points: list
    duration: float
    t: float = 0.0
    lengths: list = field(default_factory=list)

    def __post_init__(self) -> None:
        pts = self.points
        self.lengths = [_dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def travelled(self) -> float:
        """How far along the path (inches) the glide is now (smoothstep easing)."""
        d = 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)
        return d * d * (3 - 2 * d) * (sum(self.lengths) or 1.0)

    def at(self) -> tuple[float, float, float]:
        """(x, y, z) on the path now."""
        pts = self.points
        if len(pts) < 2:
            p = pts[-1]
            return p[0], p[1], (p[2] if len(p) > 2 else 0.0)
        d = self.travelled()
        for i, seg in enumerate(self.lengths):
            if d <= seg or i == len(self.lengths) - 1:
                f = 0.0 if seg == 0 else min(1.0, d / seg)
                a, b = pts[i], pts[i + 1]
                za, zb = (a[2] if len(a) > 2 else 0.0), (b[2] if len(b) > 2 else 0.0)
                return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, za + (zb - za) * f
            d -= seg
        p = pts[-1]
        return p[0], p[1], (p[2] if len(p) > 2 else 0.0)

    def ahead(self) -> list:
        """The (x, y) points of the path still to go, from where the glide is now."""
        pts = self.points
        if len(pts) < 2 or self.done:
            return []
        d = self.travelled()
        for i, seg in enumerate(self.lengths):
            if d <= seg:
                x, y, _ = self.at()
                return [(x, y)] + [(p[0], p[1]) for p in pts[i + 1:]]
            d -= seg
        return []


def _dist(a, b) -> float:
    return ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5


@dataclass(slots=True)
class Lifetime:
    duration: float
    t: float = 0.0

    @property
    def left(self) -> float:
        """The part of its life left, 1 at birth, 0 at its end."""
        return 0.0 if self.duration <= 0 else max(0.0, 1.0 - self.t / self.duration)


@dataclass(slots=True)
class UnitOf:
    uid: int


@dataclass(slots=True)
class MarkerOf:
    mid: str


@dataclass(slots=True)
class TokenOf:
    index: int


@dataclass(slots=True)
class Follow:
    """The camera is to glide to (x, y) on the table (a computer side acts there); taken once, then gone."""

    x: float
    y: float
