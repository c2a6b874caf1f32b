"""The Horde squad's computer player in a long wave's tail: a shot before anything else, paid with Tactical Orders.

From a wave's Turn 7 (PRESS_TURN) one Horde unit arrives each Turn, and the wave ends only when the squad takes out
everything on the table in one Turn; the squad spends the Tactical Orders beyond the few it keeps (KEEP_TO) on
attacks. A squad down to two or three units lost Turns two ways (seed 142's eighth wave, 14 Turns):
- a shooter with no shot from where it stood worked a Wave Objective marker (2 ACT), or walked to a Downed squadmate,
  before it looked for a spot to shoot from; the newcomer stood into the next Turn. It now walks to a spot it shoots
  from first (`shot_first`);
- a unit that had shot or revived, with 1 ACT left and no shot from where it stood, ended its activation: a second
  Move costs 2 ACT (R17), and the spot to shoot from was looked for with the ACT left after the Move only. The
  Tactical Orders that would have paid for the rest were lost at the end of the Turn. The spare ones now count
  (`spare_orders`), and pay for the rest of such a Move and the shot (`walk_to_shot`).
"""
from __future__ import annotations

from game.match import commands as C
from game.rules import actions as act

from .horde_boss import last_move_start


def spare_orders(ctl, match, keep: int) -> int:
    """The Tactical Orders the active unit may spend beyond `keep` in a long wave, on a Move to a shot and the shot
    (0 before the wave's long Turns, and in a granted activation, which pays from its own ACT only)."""
    if match.activation is None or match.activation.grant or not ctl._pressing(match):
        return 0
    return max(0, match.to.get(ctl.side, 0) - keep)


def walk_to_shot(ctl, match, uid: int, keep: int):
    """In a long wave, a Move the unit's ACT alone cannot pay for, to a spot it shoots from (ctl._shot_spot, counting
    the spare Tactical Orders): the Move paid with the ACT left and Tactical Orders, the shot with Tactical Orders.
    None when the ACT pays for the Move (the unit's other choices walk), or the spare Tactical Orders do not cover
    it."""
    spare = spare_orders(ctl, match, keep)
    cost = match.cost_of(act.MOVE)
    if spare <= 0 or match.act_left() >= cost or match.adjacent_enemies(uid):
        return None
    pay = match.payment(cost)
    if pay is None or pay[1] >= spare:  # nothing left for the shot
        return None
    spot = ctl._shot_spot(match, uid, match.move_budget(act.MOVE))
    return None if spot is None else C.Move(ctl.side, *spot)


def shot_first(ctl, match, uid: int):
    """In a long wave, a shooter with no shot from where it stands walks to a spot it shoots from (at the Boss when
    the squad goes for it) before it works the Wave Objective's markers or walks to a Downed squadmate."""
    if not ctl._pressing(match) or match.activation.grant or match.adjacent_enemies(uid) or \
            not ctl._ranged_first(match, uid) or match.act_left() < match.cost_of(act.MOVE):
        return None
    items = [i for i in match.units(items=True) if match.unit(i).side not in (ctl.side, "neutral")]
    foes = ctl._foes(match, uid) + items
    if not foes:
        return None
    boss = ctl._boss_goal(match, uid, foes)
    spot = ctl._shot_spot(match, uid, match.move_budget(act.MOVE), boss)
    return None if spot is None else C.Move(ctl.side, *spot)


def stepped_away(match, uid: int) -> bool:
    """Whether the active unit `uid`'s last Move of this activation began Adjacent to an enemy standing now: it stepped
    away to shoot it (horde_boss, horde_press), and the shot comes before a walk to a Downed squadmate (seed 210's
    fourth wave: a shooter stepped away from a Toxin Spitter, took its Attack of Opportunity, walked back to a Downed
    squadmate with its last 2 ACT and could not revive it)."""
    start = last_move_start(match, uid)
    return start is not None and any(match.table.adjacent(start, match.base(e)) for e in match.enemies_of(uid))


def shot_spot_once(ctl, match, uid: int, budget: float, aim: int | None = None):
    """ctl._find_shot_spot, asked once per decision: the walk to a shot asks for it before the advance asks again (about
    5% of a run's time). The match does not change while the player decides, and the decision's sight lines are
    ctl.sight."""
    key = (ctl.sight, uid, budget, aim)
    if ctl.sight is None or ctl._shot_memo[0] != key:
        ctl._shot_memo = (key, ctl._find_shot_spot(match, uid, budget, aim))
    return ctl._shot_memo[1]
