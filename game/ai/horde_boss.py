"""The Horde squad's computer player and the wave's Boss: a shooter held in Melee by the Boss steps away to shoot it.

R7: no Ranged attack on a target Adjacent to a squadmate, and none by a unit Adjacent to an enemy. A shooter the Boss
stands Adjacent to (the Shadow Fiend sets itself down next to a unit that cannot see it and strikes twice) fought it
with its Combat Knife or Fists, and while it did, none of the squad could shoot the Boss: a knife that does not hurt
the Shadow Fiend is struck back (Counter), a fist that does not hurt the Broodmind births a Leech (Spawn Sacs).
Stepping away costs the Boss's Attack of Opportunity (one die fewer for 2" of the Move left), then the unit and
every squadmate may shoot it.
"""
from __future__ import annotations

from game.battlefield import Base
from game.match import commands as C
from game.match import events as E
from game.rules import actions as act

LOOK_BACK = 200  # events searched back for the activation's start (an activation makes a few dozen)


def step_away(ctl, match, uid: int):
    """A Move out of the Boss's reach to a spot from which `uid` shoots it (step_to_shoot), when the Boss holds it."""
    boss = match.mission_state.get("boss")
    return None if boss is None else step_to_shoot(ctl, match, uid, boss)


def step_to_shoot(ctl, match, uid: int, foe: int):
    """A Move to a spot from which `uid` shoots `foe` (ctl._shot_spot, the least exposed), when `foe` is the only
    enemy Adjacent to `uid`, `uid` shoots better than it fights, and `foe` may be shot once `uid` is free: no squadmate
    holds it too (R7) and the mission allows the shot (not the Ossuary Engine while it has all its HIT: fighting it
    is what opens it to shots). None otherwise."""
    if match.activation.grant or match.adjacent_enemies(uid) != [foe]:
        return None
    if not ctl._ranged_first(match, uid) or match.shot_barred_reason(uid, foe) is not None:
        return None
    if match.act_left() < match.cost_of(act.MOVE):
        return None
    spot = ctl._shot_spot(match, uid, match.move_budget(act.MOVE), foe)
    return None if spot is None else C.Move(ctl.side, *spot)


def stepped_from_boss(match, uid: int) -> bool:
    """Whether the active unit `uid`'s last Move of this activation began Adjacent to the wave's Boss (it stepped away
    to shoot it: the Boss is its first target). Read from the match's events, so a loaded game plays on the same."""
    boss = match.mission_state.get("boss")
    if boss is None or not match.standing(boss):
        return False
    start = last_move_start(match, uid)
    return start is not None and match.table.adjacent(start, match.base(boss))


def last_move_start(match, uid: int) -> Base | None:
    """Where the active unit `uid`'s last Move of this activation began (its base there), None when it has not
    Moved. Read from the match's events, so a loaded game plays on the same."""
    a = match.activation
    if a is None or a.uid != uid or not any(p.action == act.MOVE for p in a.history):
        return None
    ev = match.events
    for i in range(len(ev) - 1, max(-1, len(ev) - LOOK_BACK), -1):
        e = ev[i]
        if isinstance(e, E.ActivationStarted) and e.uid == uid:
            return None
        if isinstance(e, E.Moved) and e.uid == uid and e.action == "move":
            me = match.base(uid)
            x, y, z = e.path[0]
            return Base(uid=uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    return None
