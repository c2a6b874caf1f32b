"""Small queries every skill module asks: a unit's skill conditions, whether it carries a skill or unit
special, distances, a spot on the table, its Leader, squadmates near it."""
from __future__ import annotations

import math

import esper

from game.battlefield import Base

from ..components import Conditions
from .ids import EPS


def cond(uid: int) -> Conditions:
    """The unit's skill conditions (call inside the match's world)."""
    return esper.component_for_entity(uid, Conditions)


def has(match, uid: int, *keys: str) -> bool:
    """The unit carries one of these skill ids or unit special codes."""
    card = match.unit(uid).card
    return any(card.has_skill(k) for k in keys)


def value(match, uid: int, code: str) -> int:
    s = match.unit(uid).card.special(code)
    return 0 if s is None else (s.value if s.value is not None else 1)


def alive(match, uid: int) -> bool:
    return match.standing(uid) and match.health(uid).hit > 0


def dist(match, a: int, b: int) -> float:
    return match.table.distance(match.base(a), match.base(b))


def spot_base(match, x: float, y: float, near_z: float = 0.0, uid: int = -1) -> Base:
    """A point on the table as a tiny base (for distance, sight and adjacency to a spot)."""
    return Base(uid=uid, side="spot", x=x, y=y, z=match.table.surface_z(x, y, near_z), radius=0.05)


def unit_at(match, x: float, y: float) -> int | None:
    for u in match.units(items=None):
        b = match.base(u)
        if math.hypot(b.x - x, b.y - y) <= b.radius:
            return u
    return None


def spot_distance(match, uid: int, x: float, y: float) -> float:
    me = match.base(uid)
    return max(0.0, math.hypot(me.x - x, me.y - y) - me.radius)


def leader_of(match, side: str) -> int | None:
    return next((u for u in match.units(side) if match.unit(u).leader), None)


def mates_within(match, uid: int, inches: float, with_self: bool = False) -> list[int]:
    out = [m for m in match.squadmates(uid) if not match.unit(m).item and dist(match, uid, m) <= inches + EPS]
    return ([uid] if with_self else []) + out
