"""What the tactical computer opponent does with a free action a skill gives (Duty Before Death, Despoil, an
order...): the best attack it may make, else a Move toward the enemy it can strike or the spot worth most, else
nothing."""
from __future__ import annotations

from game.battlefield.search import sliced
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE

from . import tactical_eval as TE
from . import tactical_goals as TG
from .tactical_levels import SETTLE
from .tactical_spots import candidate_spots

MOVES_A_SLICE = 40  # a free action's moves looked at in one slice for an enemy to strike from there


def free_action(ctl, match):
    """Generator (the search of the moves it may make stops at each slice's end): a free action a skill gives
    (Duty Before Death, Despoil, an order...): the best attack it may make, when it is worth anything; else, when
    it may Move, Adjacent to the enemy it can strike hardest if a Melee attack follows, or to the spot worth most;
    else the free action is declined."""
    side = ctl.side
    uid = match.activation.uid
    legal = yield from sliced(lambda: match.legal_commands(side))
    end = next((c for c in legal if isinstance(c, C.EndActivation)), legal[0])
    if uid not in match.units(match.side_of(uid)):
        return end
    ctx = ctl._ctx(match)
    if uid not in ctx.hit:
        ctx.hit[uid] = match.health(uid).hit
        ctx.bases[uid] = match.base(uid)
    card = match.unit(uid).card
    attacks = [c for c in legal if isinstance(c, (C.MeleeAttack, C.RangedAttack))]
    if attacks:
        def value(c):
            return TE.attack_value(ctx, uid, card.weapon(c.weapon), c.target) if c.target in ctx.hit else 0.0
        best = max(attacks, key=value)
        if value(best) > 0.05:  # (an attack that costs more than it takes, Critical Saves back, is declined)
            return best
    moves = [c for c in legal if isinstance(c, (C.Move, C.Dash))]
    if not moves:
        return end
    melee_next = any(act.MELEE_COMBAT in step for step in match.activation.plan[1:])
    weapons = [w for w in card.weapons if w.kind == MELEE]
    if melee_next and weapons:
        best, best_v = None, 0.0
        for i, c in enumerate(moves):
            if i % MOVES_A_SLICE == MOVES_A_SLICE - 1:
                yield
            b = TE.base_at(ctx, uid, c.x, c.y, c.z)
            for e in ctx.enemies:
                if TE.adjacent(ctx, b, ctx.bases[e]) and ctx.may_attack(uid, e):
                    v = max(TE.attack_value(ctx, uid, w, e) for w in weapons)
                    if v > best_v:
                        best, best_v = c, v
        if best is not None:
            return best
    goals = ctx.brief.goals
    holders = TG.holders_of(ctx, goals)
    by_spot = {(c.x, c.y, c.z): c for c in moves}
    spots = yield from candidate_spots(ctx, uid, [(x, y, z, 0.0) for x, y, z in by_spot], goals,
                                       ctl.level.spots, ctl.rng)
    here = yield from sliced(lambda: TG.spot_value(ctx, uid, ctx.bases[uid], 0, goals, holders, follow=False))
    best = yield from sliced(lambda: max(((TG.spot_value(ctx, uid, TE.base_at(ctx, uid, *p), 0, goals, holders,
                                                         follow=False), p) for p in spots if p in by_spot),
                                         default=None))
    if best is None or best[0] <= here + SETTLE:
        return end
    return by_spot[best[1]]
