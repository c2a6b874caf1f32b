"""The Horde squad's computer player and the Broodmind: its last ACT may close in on it, never Adjacent.

A Move that leaves a unit no ACT for an attack does not go toward the Horde before a wave's long Turns
(horde_exposure.last_move): the unit ended nearer the enemy without hurting it and was struck first. The Broodmind
never comes to the squad: it births a Leech, fights what stands Adjacent to it, shoots once, and Moves away, 2" a
Move (Slow). Once the squad goes for it, that rule left each unit half a Move short a Turn while the Boss walked into
a corner, birthing a Leech each Turn (seed 165's fourth wave: 8 HIT in a corner from its Turn 4, first shot in its
Turn 8, 13 Turns; 9 with this). A unit's last Move now goes toward the Broodmind when the squad goes for it, by the
walking field, to a spot Adjacent to no enemy (its Claws strike only what stands Adjacent to it).
"""
from __future__ import annotations

import math

from game.match import commands as C

from .horde import walk_spot

BROOD_LINE = "HRD-BOSS3-BEH"  # the Broodmind's Behaviour (game.modes.horde.bosses.BROOD_SPAWN)


def flees(match, boss: int | None) -> bool:
    """Whether `boss` is a Broodmind (a Boss that never closes in on the squad)."""
    return boss is not None and BROOD_LINE in match.unit(boss).card.skills


def clear_spots(match, uid: int, spots, foes: list[int]) -> list:
    """The spots (x, y, z, cost) of `uid`'s Move Adjacent to none of `foes`."""
    r = match.base(uid).radius
    bases = [match.base(f) for f in foes]
    return [s for s in spots if all(math.hypot(s[0] - b.x, s[1] - b.y) > r + b.radius + 1.0 for b in bases)]


def chase(ctl, match, uid: int, me, budget: float, boss: int, foes: list[int]):
    """The last Move of `uid` toward the Broodmind `boss`: the spot of the Move nearest it by the walking field
    (horde.walk_spot, in Cover from the nearest enemies when it can) among those Adjacent to none of `foes`; None when
    none is nearer."""
    field = ctl.to_boss.get(match, [boss], me)
    if field is None or field.at(me.x, me.y, me.z) == math.inf:
        return None
    spots = clear_spots(match, uid, match.table.reach(me, budget).spots, foes)
    spot = walk_spot(match, me, field, spots, ctl._threats(match, uid), ctl.sight)
    return None if spot is None else C.Move(ctl.side, *spot)
