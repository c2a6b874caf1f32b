"""What a spot is worth to the tactical computer opponent for the mission: the brief's goals (a marker it would
Control, contested or not, a zone, a race to a deadline, else a pull toward them by walking) and, with the fight
there (tactical_eval), the whole worth of standing at a spot."""
from __future__ import annotations

import math

from game.battlefield import Base

from .tactical_eval import Ctx, adjacent, best_attack_from, sights_at
from .tactical_threat import fight_value

RACE_INCHES = 12.0  # inches a racing unit covers in a Turn (two Moves), for a goal with a deadline
RACE_HORIZON = 2 * RACE_INCHES  # the inches left before a deadline are counted up to this many
PULL = 12.0  # inches of walking over which a goal's pull falls to a third (a goal never stops pulling)
CONTESTED = 0.6  # share of a marker's worth for standing at it with an enemy Adjacent too (see Goal.scores_by_control)


def goal_value(ctx: Ctx, uid: int, spot: Base, goals, holders: dict, act_after: int = 0) -> float:
    """The best goal of the mission for `uid` at `spot`: full value when it stands there (a marker it would
    Control, contested counts less; a zone), else a pull toward it that fades with the walking distance (to a
    third over PULL inches, never to nothing: a carrier far from home still heads there). A marker already held by
    a squadmate is worth little more."""
    best = 0.0
    for g in goals:
        if g.unit is not None and g.unit != uid:
            continue
        there = False
        contested = False
        denies = False
        if g.marker is not None:
            if not ctx.controls.get(uid, True):
                continue  # Beast, Mindless, Weirdo: no objectives
            mb = ctx.marker_base(g.marker)
            if mb is None:
                continue
            there = adjacent(ctx, spot, mb)
            if there:
                contested = any(adjacent(ctx, ctx.bases[e], mb) or adjacent(ctx, ctx.bases[e], spot)
                                for e in ctx.enemies)
            elif g.scores_by_control:
                # Adjacent to an enemy that stands at the marker: it keeps that enemy from Controlling it (Control:
                # no enemy Adjacent to the marker or to the unit) as well as standing at the marker would
                denies = any(adjacent(ctx, ctx.bases[e], spot) for e in _at_marker(ctx, g.marker, mb))
        elif g.rect is not None:
            there = g.inside(spot.x, spot.y, spot.z)
        value = g.value
        if g.shared and g.marker is not None and holders.get(g.marker) not in (None, uid):
            value *= 0.2  # a squadmate already holds it
        if there:
            v = value * ((ctx.level.contest if g.scores_by_control else CONTESTED) if contested else 1.0)
        elif denies:
            v = value * ctx.level.contest
        elif g.deadline is not None:  # a race: every inch counts, the more the fewer Turns are left
            d = max(0.0, ctx.walk(g, uid, spot) - act_after * RACE_INCHES * 0.4)  # it can walk on with its ACT
            # the inches it can still walk from there before the deadline: the later Turns and a Move of this one
            left = (g.deadline - max(1, ctx.match.turn)) * RACE_INCHES + RACE_INCHES * 0.5
            # counted over two Turns at most: an inch made now is worth as much with Turns to spare (the way
            # only gets harder as the enemy closes in; a carrier sure of later Turns traded shots and fell)
            left = min(left, RACE_HORIZON)
            v = value * max(0.02 * math.exp(-d / PULL), 0.9 * (1.0 - d / left))
        else:
            d = ctx.walk(g, uid, spot)
            v = value * 0.65 * math.exp(-d / PULL)
        best = max(best, v)
    return best


def _at_marker(ctx: Ctx, mid: str, mb) -> list[int]:
    """The enemies Adjacent to marker `mid` now (kept for the decision)."""
    key = ("at_marker", mid)
    v = ctx._values.get(key)
    if v is None:
        v = ctx._values[key] = [e for e in ctx.enemies if adjacent(ctx, ctx.bases[e], mb)]
    return v


def holders_of(ctx: Ctx, goals) -> dict:
    """For each marker goal, the squadmate Adjacent to it now (None when nobody is)."""
    out = {}
    for g in goals:
        if g.marker is None or g.marker in out:
            continue
        mb = ctx.marker_base(g.marker)
        out[g.marker] = None
        if mb is None:
            continue
        for u in ctx.own:
            if adjacent(ctx, ctx.bases[u], mb):
                out[g.marker] = u
                break
    return out


def spot_value(ctx: Ctx, uid: int, spot: Base, act_after: int, goals, holders, follow: bool = True) -> float:
    """What standing at `spot` is worth to `uid` with `act_after` ACT left in this activation."""
    v = goal_value(ctx, uid, spot, goals, holders, act_after)
    sights = sights_at(ctx, spot)
    if follow and act_after >= 1:
        v += ctx.level.follow * best_attack_from(ctx, uid, spot, sights=sights)[0]
    v += fight_value(ctx, uid, spot, sights)
    return v
