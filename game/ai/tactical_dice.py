"""The hard level's answer to a dice question of its own (Attack dice, saves): each answer the match offers is
weighed by what it would do, less the Tactical Orders it spends.

The match works out each answer's outcomes with their exact chances (`Match.answer_outcomes`). An outcome is
worth the HIT it costs each side (as the tactical evaluation values a unit's loss: half the unit per share of its
HIT, the rest on a Take Out) and, when a save roll still stands between the Damage and the target, the target's
expected loss from that Damage at its save odds. A Tactical Order goes on a die only when what it adds is worth
more than the Order kept for later (`TO_COST`): the dice are asked again after each answer, so the Orders go one
at a time while each still pays.
"""
from __future__ import annotations

import dataclasses

from game.match import commands as C
from . import tactical_eval as TE

SAVE_STEPS = ("save", "return_save")


def weigh_dice(match, side: str, ctx, to_cost: float) -> C.Command | None:
    """The best answer to the open dice question (ties: the one spending fewer Orders, accepting first); None when
    the match offers no outcomes or the attack is not one this can weigh (Damage nobody dealt, several targets)."""
    now = match.attack_now()
    if now is None or now.attacker is None or len(now.targets) != 1:
        return None
    if now.attacker not in ctx.hit or now.targets[0] not in ctx.hit:
        return None
    outs = match.answer_outcomes(side)
    if not outs:
        return None
    saves = _SaveOdds(ctx, now)
    best, best_key = None, None
    for ao in outs:
        v = ao.expected(lambda o: _worth(ctx, o, saves)) - ao.to_cost * to_cost
        key = (round(v, 9), -ao.to_cost, isinstance(ao.command, C.AcceptDice))
        if best_key is None or key > best_key:
            best, best_key = ao.command, key
    return best


def _worth(ctx, o, saves: "_SaveOdds") -> float:
    """What one outcome is worth to `ctx`'s side: HIT lost (and healed) by each unit, then the save still to roll."""
    v = 0.0
    out = set(o.taken_out)
    for uid, n in o.lost:
        if uid in ctx.hit:
            v += _sign(ctx, uid) * ctx.loss_value(uid, {n: 1.0}, 1.0 if uid in out else 0.0)
    for uid, n in o.healed:
        if uid in ctx.hit:
            v -= _sign(ctx, uid) * ctx.loss_value(uid, {n: 1.0}, 0.0)
    nxt = o.next
    if nxt is not None and nxt.kind in SAVE_STEPS and nxt.uid in ctx.hit and nxt.uid not in out:
        got = saves.loss(nxt.uid, nxt.amount)
        if got is not None:
            v += _sign(ctx, nxt.uid) * ctx.loss_value(nxt.uid, got.target_loss, got.p_taken_out)
    return v


def _sign(ctx, uid: int) -> float:
    return -1.0 if ctx.ally(uid) else 1.0


class _SaveOdds:
    """The odds of a save roll of the attack being resolved: `amount` Damage on its target (or returned to its
    attacker), saved as the tactical evaluation sets the attack up (ARM, Cover, support)."""

    def __init__(self, ctx, now) -> None:
        self.ctx = ctx
        self.now = now
        self._setups: dict = {}

    def loss(self, uid: int, amount: int):
        if amount <= 0:
            return None
        setup = self._setup(uid)
        if setup is None:
            return None
        return TE.odds(dataclasses.replace(setup, att=amount, aut=amount, rlt=False, rnd=0, acc=0, bru=0,
                                           support=0, extra_rerolls=0))

    def _setup(self, uid: int):
        if uid in self._setups:
            return self._setups[uid]
        ctx, now = self.ctx, self.now
        target = now.targets[0]
        if uid == target:
            attacker, saver = now.attacker, target
        elif uid == now.attacker and not now.ranged:  # Damage a Critical Save returned: the attacker saves it
            attacker, saver = target, now.attacker
        else:
            self._setups[uid] = None
            return None
        weapon = next((w for w in ctx.cards[now.attacker].weapons if w.name == now.weapon), None)
        sight = None
        if now.ranged and attacker in ctx.bases and saver in ctx.bases:
            sight = ctx.table.sight(ctx.bases[attacker], ctx.bases[saver])
        setup = None if weapon is None else TE.setup_for(ctx, attacker, weapon, saver, sight=sight)
        self._setups[uid] = setup
        return setup
