"""Skill actions that move units: Jump Strike, Jet Pack, Misdirection, The Face Of Truth, Pulseshriek, Push
(and the straight push a Push then makes, N35)."""
from __future__ import annotations

import math
from dataclasses import replace

from game.battlefield import Base
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

from .action_checks import _need_spot, _need_target, _standing_unit
from .ids import EPS, JUMP_RANGE, PUSH_RANGE
from .move_rules import unit_pushed
from .unit_queries import dist


def _straight_spot(match, uid, cmd, reach: float) -> str | None:
    if _need_spot(cmd):
        return _need_spot(cmd)
    me = match.base(uid)
    if math.hypot(cmd.x - me.x, cmd.y - me.y) > reach + EPS:
        return f"further than {reach:g}\""
    z = match.table.surface_z(cmd.x, cmd.y, me.z)
    if not match.table.can_stand(me.radius, cmd.x, cmd.y, z, ignore_uid=uid):
        return "a unit cannot stand there"
    return None


def _lands_adjacent(match, uid, x, y) -> bool:
    me = match.base(uid)
    z = match.table.surface_z(x, y, me.z)
    probe = Base(uid=uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    return any(match.table.adjacent(probe, match.base(e)) for e in match.enemies_of(uid) if not match.unit(e).item)


def _jump_strike_check(match, uid, cmd):
    why = _straight_spot(match, uid, cmd, JUMP_RANGE)
    if why:
        return why
    if not _lands_adjacent(match, uid, cmd.x, cmd.y):
        return "Jump Strike must end Adjacent to an enemy"
    return None


def _jump_strike_options(match, uid):
    me = match.base(uid)
    out = []
    for e in match.enemies_of(uid):
        if match.unit(e).item or math.hypot(match.base(e).x - me.x, match.base(e).y - me.y) > 12:
            continue
        spots = match.table.spots_adjacent_to(match.base(e), me.radius, me.side)
        spots = sorted((s for s in spots if math.hypot(s[0] - me.x, s[1] - me.y) <= JUMP_RANGE),
                       key=lambda s: (math.hypot(s[0] - me.x, s[1] - me.y), s))
        out += [{"x": s[0], "y": s[1]} for s in spots[:3]]
    return out


def _jump_strike(match, uid, cmd) -> None:
    z = match.table.surface_z(cmd.x, cmd.y, match.base(uid).z)
    match.place(uid, cmd.x, cmd.y, z, "jumps")
    match.grant(uid, "jump strike", [(act.MELEE_COMBAT,)])


def _jet_pack_options(match, uid):
    me = match.base(uid)
    out = []
    for d in (JUMP_RANGE * 0.4, JUMP_RANGE * 0.7, JUMP_RANGE):
        for k in range(16):
            a = 2 * math.pi * k / 16
            x, y = round(me.x + d * math.cos(a), 3), round(me.y + d * math.sin(a), 3)
            out.append({"x": x, "y": y})
    return out


def _jet_pack(match, uid, cmd) -> None:
    z = match.table.surface_z(cmd.x, cmd.y, match.base(uid).z)
    match.place(uid, cmd.x, cmd.y, z, "flies with its Jet Pack")


def _misdirection_check(match, uid, cmd):
    side = match.side_of(uid)
    if cmd.target is None or cmd.other is None or cmd.target == cmd.other:
        return "choose two units of the squad (target, other)"
    for t in (cmd.target, cmd.other):
        if not _standing_unit(match, t) or match.unit(t).side != side:
            return "choose two standing units of the squad"
    return None


def _misdirection(match, uid, cmd) -> None:
    pa, pb = match.position(cmd.target), match.position(cmd.other)
    a, b = (pa.x, pa.y, pa.z), (pb.x, pb.y, pb.z)
    match.place(cmd.target, *b, "swaps places")
    match.place(cmd.other, *a, "swaps places")
    match.note(f"Misdirection: {match.unit(cmd.target).name} and {match.unit(cmd.other).name} swap places")


def _push_away(match, mover: int, away_from: tuple[float, float], inches: float) -> tuple[float, float, float] | None:
    """Where `mover` ends moving `inches` straight away from a point, or None if it cannot (N35)."""
    b = unit_pushed(match, mover)
    dx, dy = b.x - away_from[0], b.y - away_from[1]
    d = math.hypot(dx, dy)
    if d < EPS:
        return None
    x, y = b.x + dx / d * inches, b.y + dy / d * inches
    z = match.table.surface_z(x, y, b.z)
    path = match.table.path(b, x, y, z, inches)
    if path is None or path.cost > inches + 0.05:
        return None
    return (x, y, z)


def _face_of_truth_options(match, uid):
    return [{}] if any(not match.unit(e).item for e in match.adjacent_enemies(uid)) else []


def _face_of_truth(match, uid, cmd) -> None:
    me = match.base(uid)
    hurt = []
    for e in [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]:
        dest = _push_away(match, e, (me.x, me.y), 2.0)
        if dest is None:
            hurt.append(e)
        else:
            match.place(e, *dest, "is driven back 2\"")
    if hurt:
        match.deal_damage(uid, [(1, hurt)], MELEE, "The Face Of Truth")


def _pulseshriek(match, uid, cmd) -> None:
    side = match.side_of(uid)
    ours = [u for u in match.units(side) if not match.unit(u).item]
    hurt = []
    for e in [e for e in match.units() if match.side_of(e) != side]:
        near = [(dist(match, e, o), o) for o in ours if dist(match, e, o) <= 4.0 + EPS]
        if not near:
            continue
        src = match.base(min(near)[1])
        before = min(dist(match, e, o) for o in ours)
        dest = _push_away(match, e, (src.x, src.y), 2.0)
        if dest is not None:
            b = match.base(e)
            probe = replace(b, x=dest[0], y=dest[1], z=dest[2])
            after = min(match.table.distance(probe, match.base(o)) for o in ours)
            if after < before - EPS:
                dest = None
        if dest is None:
            hurt.append(e)
        else:
            match.place(e, *dest, "is driven back 2\" (Pulseshriek)")
    if hurt:
        match.deal_damage(uid, [(1, hurt)], MELEE, "Pulseshriek")


def _push_path(match, target: int, x: float, y: float) -> tuple[float, int] | None:
    """A straight push of at most 4": (end z, Damage from falling) or None if it cannot go there."""
    b = unit_pushed(match, target)
    d = math.hypot(x - b.x, y - b.y)
    if d > PUSH_RANGE + EPS:
        return None
    z = match.table.surface_z(x, y, b.z)
    if z > b.z + 0.01:
        return None
    path = match.table.path(b, x, y, z, 20.0)
    if path is None:
        return None
    pts = path.points
    flat = sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(pts, pts[1:]))
    if flat > d + 0.05:
        return None
    return z, int((b.z - z) // 2)


def _push_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not match.adjacent(uid, t):
        return "choose an Adjacent enemy"
    if (cmd.x is None) != (cmd.y is None):
        return "give both x and y, or neither"
    if cmd.x is not None:
        b = match.base(t)
        if (cmd.x, cmd.y) != (b.x, b.y) and _push_path(match, t, cmd.x, cmd.y) is None:
            return "it cannot be pushed there (4\" in a straight line)"
    return None


def _push_options(match, uid):
    out = []
    me = match.base(uid)
    for e in match.adjacent_enemies(uid):
        if match.unit(e).item:
            continue
        b = match.base(e)
        out.append({"target": e})
        d = math.hypot(b.x - me.x, b.y - me.y) or 1.0
        out.append({"target": e, "x": round(b.x + (b.x - me.x) / d * 4, 3), "y": round(b.y + (b.y - me.y) / d * 4, 3)})
    return out


def _push(match, uid, cmd) -> None:
    after = () if cmd.x is None else (("skill", "push_move", cmd.target, cmd.x, cmd.y),)
    match.deal_damage(uid, [(2, [cmd.target])], RANGED, "Push", after=after)
