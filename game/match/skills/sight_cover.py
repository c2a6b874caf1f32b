"""Sight and Cover as skills change them: smoke (Smoke Bomb), always in Cover (Tunneler, Small, Protect),
Cover denied (Spotter, Scanner), and whom a Ranged attack may target and through whose eyes (Hide, Cloak,
Tunneler, Expendable, Nebulant, Imperative, Proxy, Devoted)."""
from __future__ import annotations

import math
from dataclasses import replace

from game.battlefield import Base

from .ids import EPS, PRIME_REVENANT, SECUNDUS
from .unit_queries import alive, cond, dist, has, spot_base, unit_at


def _seg_dist(ax, ay, bx, by, px, py) -> float:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll <= 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def smoke_between(match, a: Base, b: Base) -> bool:
    """Smoke Bomb (N33): the line between the two centres passes through a smoke cylinder."""
    for t in match.tokens:
        if t.kind == "smoke" and _seg_dist(a.x, a.y, b.x, b.y, t.x, t.y) <= t.radius + EPS:
            return True
    return False


def in_smoke(match, uid: int) -> bool:
    b = match.base(uid)
    return any(t.kind == "smoke" and math.hypot(b.x - t.x, b.y - t.y) <= t.radius + b.radius
               for t in match.tokens)


def sees(match, a: int, b: int) -> bool:
    ba, bb = match.base(a), match.base(b)
    return match.table.sight(ba, bb).visible and not smoke_between(match, ba, bb)


def sees_spot(match, uid: int, x: float, y: float) -> bool:
    me = match.base(uid)
    if math.hypot(me.x - x, me.y - y) <= me.radius:
        return True
    other = unit_at(match, x, y)
    probe = spot_base(match, x, y, me.z, uid=other if other is not None else -1)
    return match.table.sight(me, probe).visible and not smoke_between(match, me, probe)


def always_in_cover(match, uid: int) -> bool:
    """Tunneler, Small, Protect, and what a mission says (Phasebound): in Cover against every Ranged attack."""
    return has(match, uid, "HK-SPC-TNL", "REL-CATREP-SM") or cond(uid).protected or \
        match.mission.always_in_cover(match, uid)


def cover_denied(match, attacker: int, target: int) -> bool:
    """Spotter (a squadmate that sees the target), Scanner (for the rest of the Turn)."""
    side = match.side_of(attacker)
    if "CWB-GH-SCAN" in match.side_effects.get(side, ()):
        return True
    return any(has(match, m, "SPT") and sees(match, m, target) for m in match.squadmates(attacker)
               if not match.unit(m).item)


def may_shoot_past(match, attacker: int, mate: int) -> bool:
    """R7's 'not Adjacent to a squadmate' has exceptions: Expendable, Nebulant, Imperative."""
    mc = match.unit(mate).card
    if "DRN-ML" in mc.skills or "HK-CLD-NEB" in mc.skills:
        return True
    return "REL-IMP" in match.unit(attacker).card.skills and match.unit(mate).type_id != PRIME_REVENANT


def sight_from(match, attacker: int, target: int):
    """The sight a Ranged attack uses: the attacker's own, else (Proxy) a visible Secundus squadmate's.
    Smoke blocks either. Returns the Sight (maybe not visible)."""
    ab, tb = match.base(attacker), match.base(target)
    s = match.table.sight(ab, tb)
    if s.visible and not smoke_between(match, ab, tb):
        return s
    if "REL-PROX" in match.unit(attacker).card.skills:
        for m in match.squadmates(attacker):
            if match.unit(m).type_id == SECUNDUS and sees(match, attacker, m):
                mb = match.base(m)
                s2 = match.table.sight(mb, tb)
                if s2.visible and not smoke_between(match, mb, tb):
                    return s2
    if s.visible:
        return replace(s, visible=False, blocker="smoke")
    return s


def sight_between(match, a: Base, b: Base):
    """The sight from base (or spot) `a` to base `b`, smoke included (a shot fired from a Turret)."""
    s = match.table.sight(a, b)
    if s.visible and smoke_between(match, a, b):
        return replace(s, visible=False, blocker="smoke")
    return s


def ranged_restriction(match, attacker: int, target: int) -> str | None:
    if cond(attacker).hidden:
        return "a hidden unit cannot make Ranged attacks (Hide)"
    if in_smoke(match, attacker):
        return "a unit inside smoke cannot make Ranged attacks"
    if match.unit(target).item:
        return None
    c = cond(target)
    d = dist(match, attacker, target)
    if c.hidden and d > 6.0 + EPS:
        return "hidden: only units within 6\" can target it (Hide)"
    if c.cloaked:
        return "Cloaked: it cannot be the main target of Ranged Combat"
    if "HK-SPC-TNL" in match.unit(target).card.skills and d > 12.0 + EPS:
        return "Tunneler: only enemies within 12\" can target it"
    return None


def devoted_options(match, attacker: int, weapon, target: int) -> list[int]:
    """Devoted units (DEV) within 4" of the target that could take its place (they must be valid targets)."""
    if match.unit(target).item:
        return []
    out = []
    for m in match.squadmates(target):
        if match.unit(m).item or not has(match, m, "DEV") or not alive(match, m):
            continue
        if dist(match, m, target) <= 4.0 + EPS and match.ranged_target_reason(attacker, weapon, m) is None:
            out.append(m)
    return out
