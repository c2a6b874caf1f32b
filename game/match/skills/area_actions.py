"""Skill actions aimed at a spot or around the unit: Grenade, Smoke Bomb, Scan, Dark Gaze, Immolate."""
from __future__ import annotations

import math
from dataclasses import replace

from game.battlefield import Base
from game.rules.model import RANGED

from .action_checks import _enemy_spots, _need_spot
from .condition_actions import heal_d3
from .ids import EPS, GAZE_RADIUS, GRENADE_RANGE, SCAN_RADIUS, SCAN_RANGE, SMOKE_RADIUS
from .sight_cover import sees_spot
from .unit_queries import spot_base, spot_distance


def _grenade_check(match, uid, cmd):
    if _need_spot(cmd):
        return _need_spot(cmd)
    if spot_distance(match, uid, cmd.x, cmd.y) > GRENADE_RANGE + EPS:
        return f"the spot must be within {GRENADE_RANGE:g}\""
    if not sees_spot(match, uid, cmd.x, cmd.y):
        return "this unit cannot see that spot"
    return None


def _grenade(match, uid, cmd) -> None:
    hit = grenade_victims(match, uid, cmd.x, cmd.y)
    match.note(f"{match.unit(uid).name} throws a Grenade")
    if hit:
        match.deal_damage(uid, [(2, hit)], RANGED, "Grenade")
    else:
        match.note("  nobody is Adjacent to that spot")


def grenade_victims(match, uid: int, x: float, y: float) -> list[int]:
    """Every unit and item a Grenade thrown by `uid` at (x, y) would hit: those Adjacent to the spot."""
    probe = spot_base(match, x, y, match.base(uid).z)
    return [o for o in match.units(items=None) if _spot_adjacent(match, probe, o)]


def _spot_adjacent(match, probe: Base, o: int) -> bool:
    b = match.base(o)
    if math.hypot(b.x - probe.x, b.y - probe.y) <= b.radius:
        return abs(b.z - probe.z) <= 0.5  # the spot is under its base
    return match.table.adjacent(replace(probe, radius=0.0), b)


def _smoke(match, uid, cmd) -> None:
    probe = spot_base(match, cmd.x, cmd.y, match.base(uid).z)
    match.put_token("smoke", uid, cmd.x, cmd.y, probe.z, SMOKE_RADIUS, "turn")
    match.note(f"{match.unit(uid).name} throws a Smoke Bomb: smoke 2\" around ({cmd.x:g}, {cmd.y:g}) until the "
              "Turn ends", uid)


def _smoke_options(match, uid):
    me = match.base(uid)
    return [{"x": me.x, "y": me.y}] + _enemy_spots(match, uid, GRENADE_RANGE, True)


def _scan_check(match, uid, cmd):
    if _need_spot(cmd):
        return _need_spot(cmd)
    if spot_distance(match, uid, cmd.x, cmd.y) > SCAN_RANGE + EPS:
        return f"the marker must be within {SCAN_RANGE:g}\""
    return None


def _scan(match, uid, cmd) -> None:
    match.put_token("scan", uid, cmd.x, cmd.y, 0.0, SCAN_RADIUS, "owner")
    match.note(f"{match.unit(uid).name} places a Scan marker: enemies within 6\" of it have -1 ARM until it "
              "activates again", uid)


def _dark_gaze(match, uid, cmd) -> None:
    b = match.base(uid)
    match.put_token("gaze", uid, b.x, b.y, b.z, GAZE_RADIUS, "turn")
    match.note(f"{match.unit(uid).name} sets down a Dark Gaze token: enemies within 3\" have -1 ARM against "
              "Ranged attacks", uid)


def _immolate(match, uid, cmd) -> None:
    for m in [uid] + [m for m in match.squadmates(uid) if match.adjacent(uid, m) and not match.unit(m).item]:
        heal_d3(match, uid, m, "Immolate", extra=1)
    foes = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]
    if foes:
        match.deal_damage(uid, [(2, foes)], RANGED, "Immolate")
