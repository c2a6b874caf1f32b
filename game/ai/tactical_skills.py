"""What the tactical opponent's skill actions are worth (in MP, like its attacks), for the skills whose effect it
can weigh: Damage at a spot (Grenades), a certain Take Out (Execute), healing (Medpacks, Restore, Immolate's),
Tactical Orders (Strategize), and a whole squad moving in to fight (Overrun, Despoil). A skill it cannot weigh is
left alone (None). The commands are the match's own (`legal_commands`), so nothing here decides what is legal.
"""
from __future__ import annotations

import math

from game.match import skills as S
from game.rules.model import MELEE

from . import tactical_eval as TE

TO_WORTH = 0.6  # a Tactical Order gained (as tactical.TO_COST)
FOLLOW_REACH = 7.0  # a squadmate this close to an enemy can Move and strike it


def _save_share(arm: int) -> float:
    """The share of a Damage die a unit of this ARM saves (roll under, a 6 always fails)."""
    return min(5, max(1, arm)) / 6.0


def _damage_value(ctx, uid: int, amount: int) -> float:
    """`amount` Damage, each saved on its own: the expected HIT lost and a Take Out's chance, as a loss value."""
    p = 1.0 - _save_share(ctx.arm(uid, uid, "ranged"))
    hit = max(1, ctx.hit[uid])
    p_dead = sum(math.comb(amount, k) * p ** k * (1 - p) ** (amount - k) for k in range(hit, amount + 1))
    return ctx.mat(uid) * (0.5 * min(1.0, amount * p / hit) + p_dead)


def _near_point(ctx, x: float, y: float, reach: float = 1.0) -> list[int]:
    out = []
    for u in ctx.own + ctx.enemies:
        b = ctx.bases[u]
        if math.hypot(b.x - x, b.y - y) <= b.radius + reach + 1e-6:
            out.append(u)
    return out


def _heal_value(ctx, uid: int, amount: float) -> float:
    h = ctx.match.health(uid)
    lost = h.max_hit - h.hit
    if lost <= 0:
        return 0.0
    return ctx.mat(uid) * 0.5 * min(lost, amount) / max(1, h.max_hit)


def weighs(sid: str) -> bool:
    """Whether `skill_value` can weigh skill action `sid` (the others are not asked about at all)."""
    return (sid in S.GRENADE or sid in S.MEDPACK or sid in S.STRATEGIZE or sid in S.MOVE_THEN_MELEE
            or sid in ("DES-EXE", "REL-REP", "SCH-IMM"))


def skill_value(ctx, uid: int, cmd) -> float | None:
    """What using skill action `cmd` (a UseSkill the match offers) is worth now, or None when not weighed."""
    sid = cmd.skill
    if sid in S.GRENADE:
        if cmd.x is None:
            return None
        v = 0.0
        for u in _near_point(ctx, cmd.x, cmd.y):
            loss = _damage_value(ctx, u, 2)
            v += loss if u in ctx.enemies else -1.3 * loss
        return v
    if sid == "DES-EXE" and cmd.target is not None and cmd.target in ctx.hit:
        return ctx.mat(cmd.target) * 1.0
    if sid in S.MEDPACK or sid == "REL-REP":
        return None if cmd.target is None or cmd.target not in ctx.hit else _heal_value(ctx, cmd.target, 2.0)
    if sid == "SCH-IMM":
        me = ctx.bases[uid]
        v = _heal_value(ctx, uid, 3.0)
        for u in ctx.own:
            if u != uid and TE.adjacent(ctx, ctx.bases[u], me):
                v += _heal_value(ctx, u, 3.0)
        for e in ctx.enemies:
            if TE.adjacent(ctx, ctx.bases[e], me):
                v += _damage_value(ctx, e, 2)
        return v
    if sid in S.STRATEGIZE:
        return TO_WORTH / 2  # the ACT it costs could move or strike: worth it when nothing else is
    if sid in S.MOVE_THEN_MELEE:
        v = 0.0
        for u in ctx.own:
            if u == uid or not any(w.kind == MELEE for w in ctx.cards[u].weapons):
                continue
            ub = ctx.bases[u]
            best = 0.0
            for e in ctx.enemies:
                eb = ctx.bases[e]
                if math.hypot(eb.x - ub.x, eb.y - ub.y) > FOLLOW_REACH + ub.radius + eb.radius:
                    continue
                for w in ctx.cards[u].weapons:
                    if w.kind == MELEE and ctx.may_attack(u, e):
                        best = max(best, TE.attack_value(ctx, u, w, e))
            v += 0.8 * best
        return v
    return None
