"""What a spot costs or is worth to the tactical opponent through the enemies round it: the threat on a unit standing
there before it acts again, the menace it makes there (the attack it could make next activation), whether it ends in
an enemy's uncovered line of fire, the Attacks of Opportunity a move out of Melee invites, and the pull toward the
fight. Kept per decision in the evaluation's `Ctx` (tactical_eval.py)."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match import skills as S
from game.rules.model import MELEE, RANGED

from .tactical_eval import MELEE_REACH, Ctx, Seen, adjacent, attack_value, cover_for, enemy_value, nearest

AOO_SHARE = 0.7  # chance an enemy left behind makes its Attack of Opportunity
ENGAGE = 24.0  # inches of walking over which the pull toward the nearest enemy falls to nothing


HUNTED = 1.0  # the share of a Ready enemy's best attack on a unit every enemy goes for (Brief.hunted)
HUNTED_REACH = 0.7  # ... when it must first step into sight of it (at a level that looks that far: hard)


def threat_at(ctx: Ctx, uid: int, spot: Base, sights=None) -> float:
    """What the enemies could take from `uid` standing at `spot` before it acts again (a share of each enemy's
    best attack on it: ranged when it sees the spot, melee when it can reach it; the level says how large a share,
    and whether a Ready enemy that could move into sight counts too). Kept for the decision."""
    key = ("threat_at", uid, spot.uid, spot.x, spot.y, spot.z, spot.radius)
    total = ctx._values.get(key)
    if total is None:
        total = ctx._values[key] = _threat_at(ctx, uid, spot, sights, uid in ctx.brief.hunted)
    return total


def _threat_at(ctx: Ctx, uid: int, spot: Base, sights, hunted: bool) -> float:
    lv = ctx.level
    total = 0.0
    hunted = hunted and lv.ready_threat > 0.0  # (a level that does not think of threats does not here either)
    for e in (ctx.foes_of(uid) if hunted else nearest(ctx, spot, lv.near + 1, sights, uid)):
        share = (HUNTED if hunted else lv.ready_threat) if ctx.ready[e] else lv.later_threat
        if share <= 0.0 or not ctx.may_attack(e, uid):
            continue
        eb = ctx.bases[e]
        card = ctx.cards[e]
        d = ((eb.x - spot.x) ** 2 + (eb.y - spot.y) ** 2) ** 0.5
        best = 0.0
        for w in card.weapons:
            part = 1.0
            if w.kind == MELEE:
                if d > MELEE_REACH + eb.radius + spot.radius - 1.0:
                    continue
                v = enemy_value(ctx, e, w, uid, spot, None)
            else:
                if w.range_inches is not None and d - eb.radius - spot.radius > w.range_inches + 6.0:
                    continue
                s = sights[e] if sights is not None else ctx.table.sight(eb, spot)
                if not s.visible:
                    if not ctx.ready[e] or not lv.reach_threat:  # (hard alone looks that far)
                        continue
                    # it could step into sight first; one hunting this unit does, when it gets in range so
                    in_range = w.range_inches is None or d - eb.radius - spot.radius <= w.range_inches
                    part = (HUNTED_REACH if hunted and in_range else lv.reach_threat) / share
                    s = Seen(True, True)
                v = part * enemy_value(ctx, e, w, uid, spot, s)
            best = max(best, v)
        # a unit the mission makes worth much to the enemy (a Leader to take out, a carrier) draws its fire
        focus = 1.0 if uid in ctx.brief.focus else ctx.targets_of(e)
        total += best * share / focus
    return total


MENACE = 0.4  # the share of the best attack a unit could make next activation from a spot, counted for the spot


def menace_at(ctx: Ctx, uid: int, spot: Base, sights, targets=None) -> float:
    """What `uid` standing at `spot` threatens to take from the enemy next activation (the mirror of threat_at:
    its best attack on an enemy it could reach and strike, or sees), a share of it: a fighter wants to be within
    striking distance, not only safe. Kept for the decision. `targets`: only those of the nearest enemies (the
    rest left out; not kept)."""
    if targets is not None:
        return _menace_at(ctx, uid, spot, sights, targets)
    key = ("menace_at", uid, spot.uid, spot.x, spot.y, spot.z, spot.radius)
    v = ctx._values.get(key)
    if v is None:
        v = ctx._values[key] = _menace_at(ctx, uid, spot, sights)
    return v


def _menace_at(ctx: Ctx, uid: int, spot: Base, sights, targets=None) -> float:
    best = 0.0
    card = ctx.cards[uid]
    for e in nearest(ctx, spot, ctx.level.near, sights, uid):
        if targets is not None and e not in targets:
            continue
        eb = ctx.bases[e]
        d = ((eb.x - spot.x) ** 2 + (eb.y - spot.y) ** 2) ** 0.5
        for w in card.weapons:
            if w.kind == MELEE:
                if d > MELEE_REACH + eb.radius + spot.radius - 1.0 or not ctx.may_attack(uid, e):
                    continue
                v = attack_value(ctx, uid, w, e)
            else:
                if w.range_inches is not None and d - eb.radius - spot.radius > w.range_inches + 3.0:
                    continue
                se = sights[e]
                if not se.visible or not ctx.may_attack(uid, e):
                    continue
                v = attack_value(ctx, uid, w, e, sight=Seen(True, cover_for(ctx, uid, e)))
            best = max(best, v)
    return MENACE * best


def exposed(ctx: Ctx, spot: Base, sights) -> bool:
    """Whether an enemy with a Ranged weapon sees `spot` without Cover (an uncovered line of fire): every enemy, the
    nearest first (a far gun left out made a spot look hidden that was not)."""
    for e in nearest(ctx, spot, len(ctx.enemies), sights):
        if any(w.kind == RANGED for w in ctx.cards[e].weapons):
            s = sights[e]
            if s.visible and not s.cover:
                return True
    return False


def aoo_cost(ctx: Ctx, uid: int, start: Base, spot: Base) -> float:
    """Leaving Adjacency to enemies that may still make an Attack of Opportunity (R16)."""
    m = ctx.match
    cost = 0.0
    for e in ctx.engaged(start, ctx.enemies):  # (the enemies Adjacent to the start, kept for the decision)
        eb = ctx.bases[e]
        if adjacent(ctx, spot, eb):
            continue
        if m.readiness(e).aoo_used or not S.can_make_aoo(m, e):
            continue
        ws = [w for w in ctx.cards[e].weapons if w.kind == MELEE]
        if ws:
            cost = max(cost, max(enemy_value(ctx, e, w, uid, start, None) for w in ws))
    return cost * AOO_SHARE


def engage_pull(ctx: Ctx, uid: int, spot: Base) -> float:
    """A small pull toward the nearest enemy by walking (so a squad that wants the fight closes in, round the
    wall between them: the Turn's field to the enemy, from where it stood when first asked); as the crow flies at a
    level that does not weigh it by walking (`walk_pull`)."""
    if not ctx.enemies:
        return 0.0
    d = min(((ctx.bases[e].x - spot.x) ** 2 + (ctx.bases[e].y - spot.y) ** 2) ** 0.5 for e in ctx.enemies)
    if d <= 12.0 and ctx.level.walk_pull:  # (a level that weighs it as the crow flies spreads no field for it)
        me = ctx.bases[uid]
        # the field as Fields.get gives it, asked once a decision for each base size and movement rule while no
        # walking field is made (a new one may push this one out of those kept: then it is asked again)
        mine = ("engage", me.radius, me.move.terrain, ctx.fields.new)
        f = ctx._values.get(mine, False)
        if f is False:
            key = ("enemies", ctx.match.turn, tuple(sorted(ctx.enemies)))
            # (a way ENGAGE or longer pulls nothing: the field need not be spread beyond that)
            f = ctx.fields.get(ctx.table, key, [ctx.bases[e] for e in ctx.enemies], None, me, ctx._doors,
                               limit=ENGAGE)
            ctx._values[mine] = f
        if f is not None:
            w = f.at(spot.x, spot.y, spot.z)
            if w < math.inf:
                d = max(d, w)
    return max(0.0, 1.0 - d / ENGAGE)


def fight_value(ctx: Ctx, uid: int, spot: Base, sights) -> float:
    """The fight at a spot: the blow the unit could strike from it next, less what the enemy could strike it
    with, and a small pull toward the enemy; a mission that must not stand still (the brief's press) leans in."""
    # kept for the decision (staying is weighed twice, a spot may be weighed for a Move and a Dash), while no walking
    # field was made meanwhile (a new one could push out the one engage_pull reads)
    key = ("fight", uid, spot.x, spot.y, spot.z, spot.radius, ctx.fields.new)
    v = ctx._values.get(key)
    if v is None:
        b = ctx.brief
        v = ctx._values[key] = (b.aggression * (1.0 + b.press) * menace_at(ctx, uid, spot, sights)
                                - (1.0 - 0.4 * b.press) * threat_at(ctx, uid, spot, sights)
                                + 0.6 * b.aggression * (1.0 + 2.0 * b.press) * engage_pull(ctx, uid, spot))
    return v
