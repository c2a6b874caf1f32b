"""How exposed a spot is to the Horde's shooters, for the Horde squad's computer player.

The Horde's Ranged and Mixed units shoot a valid target from where they stand, else Move to a spot in Cover that sees
one and shoot from there ("Move to cover with Line of Sight to an enemy", H6). Their weapons have no range limit on
the Horde maps, so what decides whether a squad unit is shot at is who sees it: a spot none of them sees costs a
shooter a Move (or a Dash) before it may fire, and Cover lets the target re-roll a save die. The nearest foes
(`horde.hidden_from`'s threats) are mostly the Horde's Melee units, whose sight does not matter.
"""
from __future__ import annotations

import math

from game.battlefield import Base
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

IN_COVER = 0.5  # a shooter that sees the spot only in Cover: a save die re-rolled, about half the harm
SHOOTERS = 6  # the nearest Horde shooters a spot is judged against (each is a sight line per spot)


def last_move(match, uid: int) -> bool:
    """Whether a Move of the active unit `uid` now would leave it no ACT for an attack (its activation's last
    action): a Move that ends nearer the Horde then only brings it to the enemy's reach before it may strike."""
    left = match.act_left() - match.cost_of(act.MOVE)
    return all(match.cost_of(act.MELEE_COMBAT if w.kind == MELEE else act.RANGED_COMBAT, w) > left
               for w in match.unit(uid).card.weapons)


class Guns:
    """The nearest `n` enemies of `uid` with a Ranged weapon (nearest first, then by id): `bases`, and `blast`, the
    uids among them whose Ranged weapon has Blast (it hits every unit Adjacent to the target too, squadmates
    included); `mates`, the bases of the unit's Standing squadmates."""

    __slots__ = ("bases", "blast", "mates")

    def __init__(self, match, uid: int, n: int = SHOOTERS) -> None:
        me = match.base(uid)
        out, blast = [], set()
        for e in match.enemies_of(uid):
            ranged = [w for w in match.unit(e).card.weapons if w.kind == RANGED]
            if ranged:
                out.append(match.base(e))
                if any(w.has("BLS") for w in ranged):
                    blast.add(e)
        out.sort(key=lambda b: ((b.x - me.x) ** 2 + (b.y - me.y) ** 2, b.uid))
        self.bases = out[:n]
        self.blast = blast
        side = match.side_of(uid)
        self.mates = [match.base(u) for u in match.units(side) if u != uid]


def crowd(me: Base, x: float, y: float, z: float, mates) -> int:
    """How many of `mates` would stand within 1" of `me` at the spot (on its level): hit with it by a Blast."""
    return sum(1 for b in mates if abs(b.z - z) < 1.0 and math.hypot(b.x - x, b.y - y) <= me.radius + b.radius + 1.0)


def exposure(match, me: Base, x: float, y: float, z: float, guns: Guns, sight=None) -> float:
    """How much harm the shooters of `guns` that would see `me` standing at the spot may do: 1 each in the open,
    IN_COVER each in Cover; a Blast shooter's counted once more for each squadmate within 1" of the spot."""
    probe = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    sight = sight or match.table.sight
    near = None
    n = 0.0
    for g in guns.bases:
        v = sight(g, probe)
        if v.visible:
            w = IN_COVER if v.cover else 1.0
            if g.uid in guns.blast:
                if near is None:
                    near = crowd(me, x, y, z, guns.mates)
                w *= 1 + near
            n += w
    return n
