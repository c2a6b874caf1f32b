"""How the tactical computer opponent answers the match's prompts: a mission's questions by its brief, the first
player, dice (free re-rolls first; Tactical Orders where a Take Out or a life hangs on them, or on hard where the
exact chances of what the answer does pay for the Order, tactical_dice.py), an Attack of Opportunity by what it is
worth, Blunt on every die the spare inches pay for."""
from __future__ import annotations

from game.match import commands as C
from game.match.outcomes import DICE_KINDS
from game.rules.combat import Accept, reroll_failed_policy, strike_damage

from . import tactical_eval as TE
from .common import answer_prompt, attack_target, order_on_dice
from .tactical_brief import brief_for
from .tactical_dice import weigh_dice

TO_COST = 0.6  # what a Tactical Order is worth kept for later (a re-roll, another action)


def answer(ctl, match) -> C.Command:
    """The tactical player's answer to the match's prompt (a mission's question, dice, an Attack of Opportunity...)."""
    p = match.prompt
    side = ctl.side
    if p.kind == "choice":
        b = brief_for(match, side)
        option = b.choose(match, p, ctl.rng)
        valid = [o for o, _ in p.options]
        return C.Choose(side, option if option in valid else valid[0])
    if p.kind == "first":
        return C.ChooseFirst(side, side)
    if p.kind in DICE_KINDS and ctl.level.weigh_dice:  # every answer, free or paid, by what it does
        weighed = weigh_dice(match, side, ctl._ctx(match), TO_COST)
        if weighed is not None:
            return weighed
    if p.kind == "dice":
        return _dice(ctl, match, p)
    if p.kind == "aoo":
        ctx = ctl._ctx(match)
        mover = match.activation.uid if match.activation else None
        best, best_v = None, -1.0
        for uid, w in p.options:
            weapon = match.unit(uid).card.weapon(w)
            v = TE.attack_value(ctx, uid, weapon, mover) if mover in ctx.hit and uid in ctx.hit else 0.0
            if v > best_v:
                best, best_v = (uid, w), v
        if best is None or best_v <= 0:
            return C.ChooseAttackOfOpportunity(side, None)
        return C.ChooseAttackOfOpportunity(side, best[0], best[1])
    if p.kind == "blunt":  # the spare inches are lost anyway: blunt every die they pay for
        return C.Blunt(side, p.options[0])
    if p.kind == "mission_dice":
        return C.AcceptDice(side)
    return answer_prompt(match, side)

def _dice(ctl, match, p) -> C.Command:
    """Free re-rolls on failed dice first; then Tactical Orders where a Take Out or our unit's life hangs on
    them (a -1 change that makes a die succeed for sure is preferred to a re-roll)."""
    d = p.decision
    free = reroll_failed_policy(d)
    if not isinstance(free, Accept):
        return answer_prompt(match, ctl.side)
    to = match.to.get(ctl.side, 0)
    failed = [i for i in d.failed() if not d.dice[i].auto]
    if to <= 0 or not failed or not ctl.level.dice_orders:
        return C.AcceptDice(ctl.side)
    if d.stage == "attack":
        target = attack_target(match)
        if target is None:
            return C.AcceptDice(ctl.side)
        dmg, _ = strike_damage(d.dice, d.stat)
        hit = match.health(target).hit
        worth = hit <= dmg + 2 or to >= 3
    else:  # our unit saves: failures are HIT lost
        hit = match.health(d.uid).hit if match.standing(d.uid) else 0
        worth = len(failed) >= hit or to >= 4
    if not worth:
        return C.AcceptDice(ctl.side)
    return order_on_dice(match, ctl.side, failed) or C.AcceptDice(ctl.side)
