"""Anchors: the nine fixed points every play mode places things on (play-modes digest section 1.5).

Corners 4" from both adjacent edges, edge midpoints 4" from their edge, and the centre: on a 24"x24" table
NW (4, 4), N (12, 4), NE (20, 4), W (4, 12), C (12, 12), E (20, 12), SW (4, 20), S (12, 20), SE (20, 20);
on a 30"x22" table NW (4, 4), N (15, 4) ... SE (26, 18). x runs east, y runs south (North is y = 0).
A random Anchor (R25) is 1D10 in the order below; 10 lets the rolling side choose; an occupied one is
rolled again.
"""
from __future__ import annotations

import math

ANCHORS = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")  # R25: D10 faces 1-9, in this order
INSET = 4.0
ANCHOR_NAMES = {"NW": "north-west", "N": "north", "NE": "north-east", "W": "west", "C": "centre", "E": "east",
                "SW": "south-west", "S": "south", "SE": "south-east"}


def anchor_points(width: float, height: float) -> dict[str, tuple[float, float]]:
    xs = {"W": INSET, "C": width / 2, "E": width - INSET}
    ys = {"N": INSET, "C": height / 2, "S": height - INSET}
    out = {}
    for name in ANCHORS:
        col = "W" if "W" in name else ("E" if "E" in name else "C")
        row = "N" if "N" in name else ("S" if "S" in name else "C")
        out[name] = (xs[col], ys[row])
    return out


def anchor_for_face(face: int) -> str | None:
    """R25: the Anchor a D10 face names (None for 10: the rolling side chooses)."""
    return ANCHORS[face - 1] if 1 <= face <= 9 else None


def within(point: tuple[float, float], x: float, y: float, radius: float, inches: float) -> bool:
    """A base of `radius` at (x, y) is within `inches` of the point (closest edge, horizontally, R12)."""
    return math.hypot(x - point[0], y - point[1]) - radius <= inches + 1e-9


def describe(name: str) -> str:
    return f"the {name} Anchor"
