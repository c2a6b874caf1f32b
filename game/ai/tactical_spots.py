"""Where the tactical opponent weighs a Move: a short list of spots of the unit's reach worth the cost of a full
evaluation (sight and odds are the costly part).

The list: for each of the unit's goals the spot nearest it by walking (and one at it, Adjacent to its marker or
inside its zone, when reachable); for a unit with a melee weapon the spots Adjacent to the nearest enemies; the
spot nearest the enemy and the one farthest from it; then a spread of the rest (farthest-point picks), spots
beside terrain first (where Cover and blocked sight are), on a 1" sample of the reach so the picks stay cheap.
When the best spot weighed is exposed, `hidden_near` finds spots round it out of every uncovered line of fire.
"""
from __future__ import annotations

import math
import weakref
from bisect import bisect_left, bisect_right

from game.battlefield.field import besides
from game.battlefield.search import sliced
from game.rules.model import MELEE, RANGED

from . import tactical_eval as TE

HIDE_FROM = 6  # a list of this many spots (a Move's, not a Dash's) holds a hidden one, at a level that looks for it
NEAR_HIDE = 3.0  # inches round the best spot weighed where a hidden one is looked for when it is exposed
TRIES_A_SLICE = 2  # spots looked at in vain for a hidden one before the slice may end (sight is the costly part)


def candidate_spots(ctx, uid: int, spots, goals, n: int, rng):
    """Generator (a slice per part; a part that needs a walking field not yet made stops at the slice's end and is
    asked again): the spots worth weighing, a list of (x, y, z)."""
    if not spots:
        return []
    m = ctx.match
    me = ctx.bases[uid]
    pts, cost, coarse, pool, kept = _sampled(ctx, me, spots)
    chosen: list[tuple[float, float, float]] = []

    def add(p):
        if p is not None and p not in chosen:
            chosen.append(p)
    mine = sorted((g for g in goals if g.unit in (None, uid)), key=lambda g: -g.value)[:4]
    walked: dict = {}  # i -> the walk from each point of the sample to mine[i] (the hidden spot's search reads it)
    for i, g in enumerate(mine):
        yield
        walk = ctx.walker(g, uid)
        add((yield from sliced(lambda: _nearest_by(walk, coarse, cost, walked, i))))
        if g.marker is not None:
            mb = ctx.marker_base(g.marker)
            if mb is None:
                continue
            at = [p for p in _within(pts, mb.x, mb.y, me.radius + mb.radius + 1.0 + 1e-6, kept)
                  if TE.adjacent(ctx, TE.base_at(ctx, uid, *p), mb)]
        else:
            at = [p for p in coarse if g.inside(p[0], p[1], p[2])]
        if at:
            add(min(at, key=lambda p: (cost[p], p)))
            if len(at) > 2:
                add(max(at, key=lambda p: (_safety(ctx, p), p)))
    if ctx.enemies:
        if any(w.kind == MELEE for w in m.unit(uid).card.weapons):
            near = sorted(ctx.foes_of(uid), key=lambda e: math.hypot(ctx.bases[e].x - me.x, ctx.bases[e].y - me.y))[:3]
            for e in near:
                eb = ctx.bases[e]
                adj = [p for p in _within(pts, eb.x, eb.y, me.radius + eb.radius + 1.0 + 1e-6, kept)
                       if TE.adjacent(ctx, TE.base_at(ctx, uid, *p), eb)]
                if adj:
                    add(max(adj, key=lambda p: (_safety(ctx, p, skip=e), -cost[p], p)))
        safe = _safety_of(ctx, coarse, kept)
        add(min(coarse, key=lambda p: (safe[p], p)))
        add(max(coarse, key=lambda p: (safe[p], p)))
        if ctx.level.hide_tries and n >= HIDE_FROM:
            # the spot nearest the main goal (or the enemy) out of every uncovered line of fire
            yield
            add((yield from sliced(lambda: _hidden(ctx, uid, coarse, walked.get(0), chosen, safe))))
    # a spread of the rest, spots beside terrain first
    yield
    if not chosen:
        add(pool[rng.randrange(len(pool))])
    hypot = math.hypot
    gap = _gaps(pool, chosen) if len(chosen) < n else None  # (each point's distance to the nearest chosen)
    while len(chosen) < n:
        best = max(gap)
        if best < 1.0:
            break
        p = pool[gap.index(best)]
        add(p)
        px, py = p[0], p[1]
        gap = [g if g <= (d := hypot(q[0] - px, q[1] - py)) else d for g, q in zip(gap, pool)]
    return chosen[:max(n, 1) + 4]


def _gaps(pool, chosen) -> list[float]:
    """[min(hypot(q[0] - c[0], q[1] - c[1]) for c in chosen) for q in pool], one chosen point at a time."""
    hypot = math.hypot
    gap = None
    for c in chosen:
        cx, cy = c[0], c[1]
        if gap is None:
            gap = [hypot(q[0] - cx, q[1] - cy) for q in pool]
        else:
            gap = [g if g <= (d := hypot(q[0] - cx, q[1] - cy)) else d for g, q in zip(gap, pool)]
    return gap


_SAMPLED: list = []  # [((the reach's spots, radius, table), what _sampled made of them)], the last few
SAMPLED_KEPT = 4  # (a Move's and a Dash's reach, for each side)


def _sampled(ctx, me, spots):
    """The reach's spots as points, their cost, the 1" sample of them, the sample's spots beside terrain first, and
    a dict of what is worked out from them (kept for the last reaches asked: the same reach is weighed again and
    again while nothing moves)."""
    for key, got in _SAMPLED:
        if key[0] is spots and key[1] == me.radius and key[2]() is ctx.table:
            return got
    pts = [s[:3] for s in spots]
    cost = dict(zip(pts, [s[3] for s in spots]))
    grid = ctx.table.measure == "grid"
    if grid:
        coarse = pts
    else:
        # a coordinate -> whether it is on the 1" sample (the lattice repeats a few values)
        even = {c: round(c * 2) % 2 == 0 for c in {p[0] for p in pts} | {p[1] for p in pts}}
        coarse = [p for p in pts if even[p[0]] and even[p[1]]] or pts
    beside = besides(ctx.table, me.radius)
    pool = [p for p in coarse if beside(p[0], p[1])] or coarse
    got = (pts, cost, coarse, pool, {})
    _SAMPLED.insert(0, ((spots, me.radius, weakref.ref(ctx.table)), got))  # (a table closed is not kept alive)
    del _SAMPLED[SAMPLED_KEPT:]
    return got


def _nearest_by(walk, pts, cost, walked: dict, i: int):
    """min(pts, key=lambda p: (round(walk(*p) * 2), cost[p], p)), the whole key built only for a point that may be
    it (most are farther, in whole half-inches); the walks kept in walked[i]."""
    best = None
    first = key = 0
    ws = []
    for p in pts:
        w = walk(p[0], p[1], p[2])
        ws.append(w)
        r = round(w * 2)
        if best is not None and r > first:
            continue
        k = (r, cost[p], p)
        if best is None or k < key:
            best, first, key = p, r, k
    walked[i] = ws
    return best


def _within(pts, x: float, y: float, lim: float, kept: dict) -> list:
    """The points of `pts` within `lim` of (x, y) (the square round it first: most are far), in their order. A reach's
    spots come row by row (by y): only the rows a hair beyond y +- lim are looked at."""
    hypot = math.hypot
    ys = kept.get("ys")
    if ys is None:
        ys = [p[1] for p in pts]
        kept["ys"] = ys = ys if all(a <= b for a, b in zip(ys, ys[1:])) else False
    if ys:
        pts = pts[bisect_left(ys, y - lim - 1e-6):bisect_right(ys, y + lim + 1e-6)]
    return [p for p in pts if -lim <= p[0] - x <= lim and -lim <= p[1] - y <= lim and hypot(p[0] - x, p[1] - y) <= lim]


def _safety_of(ctx, pts, kept: dict | None = None) -> dict:
    """_safety of each point (there are enemies); given `kept` (the sample's, see _sampled), kept there for the
    enemies where they stand."""
    hypot = math.hypot
    es = [(ctx.bases[e].x, ctx.bases[e].y) for e in ctx.enemies]
    if kept is not None:
        key = ("safety", tuple(es))
        out = kept.get(key)
        if out is None:
            out = kept[key] = _safety_of(ctx, pts)
        return out
    out = {}
    for p in pts:
        px, py = p[0], p[1]
        best = None
        for ex, ey in es:
            d = hypot(px - ex, py - ey)
            if best is None or d < best:
                best = d
        out[p] = best
    return out


def _hidden(ctx, uid: int, coarse, walked, chosen, safe):
    """The first spot, nearest the main goal by walking (`walked`: the walk from each point of `coarse` to it; or
    nearest the enemy), that no enemy with a Ranged weapon sees without Cover; the level's `hide_tries` spots looked
    at at most (sight is the costly part)."""
    if walked is not None:
        order = [p for _, p in sorted(zip(walked, coarse))]
    else:
        order = sorted(coarse, key=lambda p: (safe[p], p))
    tries = 0
    last = None
    for p in order:
        if p in chosen:
            continue
        spot = TE.base_at(ctx, uid, *p)
        last = _exposed_by(ctx, spot, TE.sights_at(ctx, spot), last)
        if last is None:
            return p
        tries += 1
        if tries >= ctx.level.hide_tries:
            break
    return None


def hidden_near(ctx, uid: int, spots, weighed, bx: float, by: float):
    """Spots of the reach (`spots`, not yet `weighed`) within NEAR_HIDE of (bx, by), nearest first, out of every
    enemy's uncovered line of fire: the level's `hidden_spots` of them at least 1" apart, after looking at
    `hide_tries` spots at most (sight is the costly part). Yields each as it is found, and None after every
    TRIES_A_SLICE spots looked at in vain (the caller's slice may end there)."""
    lv = ctx.level
    near = sorted((math.hypot(s[0] - bx, s[1] - by), (s[0], s[1], s[2])) for s in spots
                  if (s[0], s[1], s[2]) not in weighed and abs(s[0] - bx) <= NEAR_HIDE
                  and abs(s[1] - by) <= NEAR_HIDE)
    tries, found, vain, last = 0, [], 0, None
    for d, p in near:
        if d > NEAR_HIDE or tries >= lv.hide_tries or len(found) >= lv.hidden_spots:
            break
        if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 1.0 for q in found):
            continue
        tries += 1
        spot = TE.base_at(ctx, uid, *p)
        by = _exposed_by(ctx, spot, TE.sights_at(ctx, spot), last)
        last = by if by is not None else last
        if by is None:
            found.append(p)
            vain = 0
            yield p
            continue
        vain += 1
        if vain >= TRIES_A_SLICE:
            vain = 0
            yield None


class Exposure:
    """tactical_threat.exposed for the spots of one decision, asked in an order that needs fewer Sights (the same
    answers where the level asks every enemy: whether any sees the spot uncovered; at a level with `seen_by`, only
    that many of the nearest enemies with a gun): the Sights known already first, then the enemy that saw the last
    spot exposed (it likely sees this one too), then the rest, the nearest first."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last = None

    def __call__(self, ctx, spot, sights) -> bool:
        by = _exposed_by(ctx, spot, sights, self.last)
        if by is not None:
            self.last = by
        return by is not None


def _exposed_by(ctx, spot, sights, first: int | None):
    """tactical_threat.exposed, naming an enemy that has the uncovered line of fire (None: the spot is hidden); at a
    level that asks only the nearest enemies (`seen_by`), one of those, the nearest first. The enemies whose
    Sight of the spot is known are looked at first, then `first` (the one that saw the spot looked at just before):
    it likely sees this one too, and one Sight settles it instead of one for each enemy nearer."""
    guns = ctx._values.get("guns")
    if guns is None:  # (the enemies with a Ranged weapon)
        guns = ctx._values["guns"] = frozenset(e for e in ctx.enemies
                                               if any(w.kind == RANGED for w in ctx.cards[e].weapons))
    if ctx.level.seen_by:  # a level that asks only the nearest enemies with a gun (a far gun is left out)
        near = sorted(guns, key=lambda e: ((ctx.bases[e].x - spot.x) ** 2 + (ctx.bases[e].y - spot.y) ** 2, e))
        for e in near[:ctx.level.seen_by]:
            s = sights[e]
            if s.visible and not s.cover:
                return e
        return None
    for e, s in sights.items():
        if s.visible and not s.cover and e in guns:
            return e
    if first is not None and first not in sights:
        s = sights[first]
        if s.visible and not s.cover:
            return first
    for e in TE.nearest(ctx, spot, len(ctx.enemies), sights):
        if e != first and e in guns:
            s = sights[e]
            if s.visible and not s.cover:
                return e
    return None


def _safety(ctx, p, skip: int | None = None) -> float:
    """Distance to the nearest enemy (other than `skip`): a cheap stand-in for safety."""
    return min((math.hypot(p[0] - ctx.bases[e].x, p[1] - ctx.bases[e].y) for e in ctx.enemies if e != skip),
               default=24.0)
