"""What the battle screen shows of the mission, read from the match once per change: the markers
(`match.markers()`: flat tokens, items that can be attacked, markers carried by a unit), the zones the mission
draws now (`mission.zones(match)`), and its summary (`mission.summary(match)`: objectives, Turn, MP, notes).

Nothing here knows a mission: markers are told apart by their kind, whatever it is (a shape and a colour per
kind, given in the order the kinds first appear), and named by their own label and rules text.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SHAPES = ("diamond", "square", "triangle", "pentagon", "circle", "star", "hexagon", "cross")


@dataclass(frozen=True, slots=True)
class MarkerView:
    mid: str
    kind: str
    label: str
    x: float
    y: float
    z: float
    r: float  # inches (a carried marker: its own radius, drawn small on its carrier)
    carrier: int | None
    state: str
    rules: str
    item: int | None  # the unit id of a marker that can be attacked (drawn as a base), else None
    portable: bool
    controller: str | None  # the side that Controls it now


def snapshot_markers(match) -> list[MarkerView]:
    out = []
    for mid in match.markers():
        mk = match.marker(mid)
        pos = match.marker_position(mid)
        if pos is None:
            continue
        item = match.marker_uid(mid)
        controller = None
        if mk.carrier is None and match.phase == "battle":
            try:
                controller = match.controller_of(mid)
            except Exception:  # a marker the rules cannot read now: no Control shown
                controller = None
        r = match.unit(item).card.base_diameter / 2 if item is not None else mk.radius
        out.append(MarkerView(mid, mk.kind, mk.label, pos[0], pos[1], pos[2], r, mk.carrier, mk.state, mk.rules,
                              item, mk.portable, controller))
    return out


class KindStyles:
    """A shape and a colour for each marker kind, the same for the whole battle: kinds get them in the order
    they first appear."""

    def __init__(self) -> None:
        self._kinds: dict[str, int] = {}

    def index(self, kind: str) -> int:
        if kind not in self._kinds:
            self._kinds[kind] = len(self._kinds)
        return self._kinds[kind]

    def shape(self, kind: str) -> str:
        return SHAPES[self.index(kind) % len(SHAPES)]

    def colour(self, kind: str, palette) -> tuple:
        cols = (palette.select, palette.good, palette.item, (235, 238, 242), (170, 200, 255), (255, 170, 120))
        return cols[self.index(kind) % len(cols)]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list | None:
    """The outline of a marker's shape (None for a circle)."""
    def ring(n, rot, rr=r):
        return [(cx + rr * math.cos(rot + 2 * math.pi * k / n), cy + rr * math.sin(rot + 2 * math.pi * k / n))
                for k in range(n)]
    if shape == "diamond":
        return ring(4, -math.pi / 2)
    if shape == "square":
        return ring(4, math.pi / 4)
    if shape == "triangle":
        return ring(3, -math.pi / 2, r * 1.15)
    if shape == "pentagon":
        return ring(5, -math.pi / 2)
    if shape == "hexagon":
        return ring(6, 0)
    if shape == "star":
        return [(cx + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + math.pi * k / 5),
                 cy + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + math.pi * k / 5)) for k in range(10)]
    if shape == "cross":
        a, b = r, r * 0.38
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    return None


def marker_lines(match, mv: MarkerView) -> list[str]:
    """The tooltip of a marker: its state, who carries or Controls it, what it does."""
    lines = []
    if mv.state:
        lines.append(mv.state[:1].upper() + mv.state[1:])
    if mv.carrier is not None:
        lines.append(f"Carried by {match.unit(mv.carrier).name}")
    elif mv.controller is not None:
        lines.append(f"Controlled by {match.side_name(mv.controller)}")
    elif mv.portable:
        lines.append("Can be picked up by a unit that Controls it")
    if mv.item is not None and match.standing(mv.item):
        h = match.health(mv.item)
        card = match.unit(mv.item).card
        lines.append(f"ARM {card.arm}, HIT {h.hit}/{h.max_hit}: it can be attacked")
    if mv.rules:
        lines.append(mv.rules)
    return lines
