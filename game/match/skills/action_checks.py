"""What skill actions share to offer and check their choices: a target or a spot given, a standing unit, enemy
spots within reach, a squadmate to heal, in sight, within 6" or Adjacent, an enemy in sight."""
from __future__ import annotations

from .ids import AURA, EPS
from .sight_cover import sees, sees_spot
from .unit_queries import dist, spot_distance


def _need_target(cmd) -> str | None:
    return "choose a unit for this skill (target)" if cmd.target is None else None


def _need_spot(cmd) -> str | None:
    return "choose a spot for this skill (x, y)" if cmd.x is None or cmd.y is None else None


def _standing_unit(match, uid) -> bool:
    try:
        return match.standing(uid) and not match.unit(uid).item
    except KeyError:
        return False


def _enemy_spots(match, uid: int, reach: float, visible: bool) -> list[dict]:
    out = []
    for e in match.enemies_of(uid) + [i for i in match.units(items=True) if match.side_of(i) != match.side_of(uid)]:
        b = match.base(e)
        if spot_distance(match, uid, b.x, b.y) <= reach + EPS and (not visible or sees_spot(match, uid, b.x, b.y)):
            out.append({"x": b.x, "y": b.y})
    return out


def _heal_check(match, uid, cmd, adjacent_only: bool, self_ok: bool, aura: float | None = None,
                not_adjacent_enemy: bool = True) -> str | None:
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose this unit or a squadmate"
    if t == uid and not self_ok:
        return "choose a squadmate"
    if t != uid:
        if adjacent_only and not match.adjacent(uid, t):
            return "the squadmate must be Adjacent"
        if aura is not None and dist(match, uid, t) > aura + EPS:
            return f"the squadmate must be within {aura:g}\""
    if not_adjacent_enemy and match.adjacent_enemies(t):
        return "the unit to heal is Adjacent to an enemy"
    return hit_to_heal_reason(match, t)


def hit_to_heal_reason(match, t: int) -> str | None:
    """Why `t` cannot regain HIT now: it lost none, or it is at 0 HIT and falls after its Duty Before Death action
    whatever happens (N69)."""
    h = match.health(t)
    if h.hit <= 0:
        return "a unit at 0 HIT falls after its free action: it cannot be healed"
    if h.hit >= h.max_hit:
        return "that unit has lost no HIT"
    return None


def _mates(match, uid, with_self=False) -> list[dict]:
    return [{"target": m} for m in ([uid] if with_self else []) + match.squadmates(uid) if not match.unit(m).item]


def _see_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose a squadmate"
    if not sees(match, uid, t):
        return "this unit cannot see that squadmate"
    return None


def _aura_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose a squadmate"
    if dist(match, uid, t) > AURA + EPS:
        return "the squadmate must be within 6\""
    return None


def _seen_enemy_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not sees(match, uid, t):
        return "choose an enemy this unit can see"
    return None


def _enemies(match, uid):
    return [{"target": e} for e in match.enemies_of(uid) if not match.unit(e).item]


def _adjacent_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid) \
            or not match.adjacent(uid, t):
        return "choose an Adjacent squadmate"
    return None
