"""Movement hooks: how a unit Moves and Dashes (move_rule: Climber, Jump Pack, Flying, Nebulant, Small), a
push, Attacks of Opportunity, a Crushed Leg's shorter Move, the Charge and Desecrate extensions, Defensive Weave after a Move, and where an
Infiltrator may deploy."""
from __future__ import annotations

import math
from dataclasses import replace

from game.battlefield import Base, MoveRule
from game.rules import actions as act
from game.rules.model import RANGED

from .ids import CLIMBER, CRUSHED_LEG, CRUSHED_LEG_INCHES, EPS, FLYING, JUMP_PACK, NEBULANT, SMALL
from .unit_queries import alive, cond, has


def provokes_aoo(match, mover: int) -> bool:
    """Hide, Small and Nebulant: the mover provokes no Attack of Opportunity."""
    return not (cond(mover).hidden or has(match, mover, "REL-CATREP-SM", "HK-CLD-NEB"))


def can_make_aoo(match, uid: int) -> bool:
    return not has(match, uid, "REL-CATREP-SM")


_MOVE_RULES: dict[int, tuple] = {}  # id(card) -> (card, MoveRule); the card is kept so its id stays its own


def move_rule(card) -> MoveRule:
    """How a unit Moves and Dashes (N53-N57), for `Match.base`: Climber counts the height climbed up 2" less
    and down 4" less; Jump Pack (and a Grappling Hook) pays no height when it climbs; Flying and Nebulant pay no height and pass
    over any terrain; Nebulant and Small may cross enemy units' bases. A plain unit gets the Core Rules."""
    got = _MOVE_RULES.get(id(card))
    if got is not None and got[0] is card:
        return got[1]
    has_ = card.has_skill
    climber = any(has_(k) for k in CLIMBER)
    flies = has_(FLYING) or has_(NEBULANT)
    rule = MoveRule(climb_up_less=2.0 if climber else 0.0, climb_down_less=4.0 if climber else 2.0,
                    ignore_vertical=flies or any(has_(k) for k in JUMP_PACK), any_face=flies,
                    through_enemies=has_(NEBULANT) or has_(SMALL))
    if len(_MOVE_RULES) >= 4096:
        _MOVE_RULES.clear()
    _MOVE_RULES[id(card)] = (card, rule)
    return rule


def unit_pushed(match, uid: int) -> Base:
    """The unit's base for a push or a drive back (N35): moved by another unit, not by its own Move or Dash,
    so its movement skills (Flying, Nebulant, Small, climbing) do not apply."""
    return replace(match.base(uid), move=MoveRule())


def move_change(match, uid: int, action: str) -> float:
    """Inches a Move or Dash of the unit gains or loses by what its card carries: Crushed Leg (an Injury, R35)
    makes each Move 2" shorter and leaves the Dash as it is."""
    if action == act.MOVE and has(match, uid, CRUSHED_LEG):
        return -CRUSHED_LEG_INCHES
    return 0.0


def move_extension(match, uid: int, action: str) -> float:
    """Charge and Desecrate: a Move may go 2" further when the extra distance ends Adjacent to an enemy /
    an objective marker."""
    if action == act.MOVE and has(match, uid, "DES-BLD-CHG", "DES-DSC-DSC"):
        return 2.0
    return 0.0


def extension_ok(match, uid: int, x: float, y: float, z: float) -> bool:
    me = match.base(uid)
    probe = Base(uid=uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    if has(match, uid, "DES-BLD-CHG"):
        if any(match.table.adjacent(probe, match.base(e)) for e in match.enemies_of(uid) if not match.unit(e).item):
            return True
    if has(match, uid, "DES-DSC-DSC"):
        for ox, oy, oz in objective_markers(match):
            if match.table.adjacent(probe, Base(uid=-2, side="objective", x=ox, y=oy, z=oz, radius=0.5)):
                return True
    return False


def objective_markers(match) -> list[tuple[float, float, float]]:
    """The mission's flat markers on the table (objectives, nodes, beacons, search markers: N58); items that can
    be attacked (Spawn Points, crates) are not objective markers."""
    out = []
    for mid in match.markers(on_table=True):
        if match.marker_uid(mid) is None:
            out.append(match.marker_position(mid))
    return out


def after_move(match, uid: int, points) -> list[tuple]:
    """Defensive Weave: an enemy that moved through or ended a Move/Dash Adjacent to the weaver takes 1 Damage."""
    if match.unit(uid).item or not match.standing(uid):
        return []
    weavers = [e for e in match.enemies_of(uid) if "REL-DW" in match.unit(e).card.skills and alive(match, e)]
    hit = [w for w in weavers if _path_adjacent(match, uid, points, w)]
    return [("skill", "damage", hit[0], len(hit), "Defensive Weave", RANGED, (uid,))] if hit else []


def _path_adjacent(match, uid: int, points, other: int) -> bool:
    me = match.base(uid)
    ob = match.base(other)
    pts = list(points)
    if len(pts) < 2:
        return False
    for (x0, y0, z0), (x1, y1, z1) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / 0.25))
        for k in range(1, n + 1):
            f = k / n
            probe = Base(uid=uid, side=me.side, x=x0 + (x1 - x0) * f, y=y0 + (y1 - y0) * f,
                         z=z1 if f >= 1 else max(z0, z1) if abs(z0 - z1) < 0.01 else z0 + (z1 - z0) * f,
                         radius=me.radius)
            if match.table.adjacent(probe, ob):
                return True
    return False


def may_deploy(match, uid: int, x: float, y: float) -> bool:
    """Infiltrator: anywhere at least 6" from enemy units and objective markers."""
    if not has(match, uid, "INF"):
        return False
    r = match.unit(uid).card.base_diameter / 2
    for e in match.units():
        if match.side_of(e) == match.side_of(uid):
            continue
        b = match.base(e)
        if math.hypot(b.x - x, b.y - y) - r - b.radius < 6.0 - EPS:
            return False
    return all(math.hypot(ox - x, oy - y) - r >= 6.0 - EPS for ox, oy, _ in objective_markers(match))
