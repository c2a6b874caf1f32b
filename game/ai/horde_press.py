"""The Horde squad's computer player in a long wave: a shooter held in Melee by one of the Horde steps away to shoot it.

From a wave's Turn 7 (PRESS_TURN) the wave is one newcomer a Turn against what is left of the squad, often one unit.
A newcomer is set down on the free spot by its Spawn Point nearest the squad (H2): Adjacent to a unit standing there,
which then fought it with its Combat Knife (R7: no Ranged attack while Adjacent to an enemy) where its rifle would have
taken it out (seed 160's eighth wave: the Leader alone at Spawn Point 2 from Turn 10 to its fall in Turn 15). The
shooter steps out of reach to a spot it shoots the unit from (the unit's Attack of Opportunity, blunted with the Move
left), as it does from the Boss (horde_boss).
"""
from __future__ import annotations

from .horde_boss import step_to_shoot


def step_back(ctl, match, uid: int):
    """In a long wave, a Move to a spot from which `uid` shoots the one enemy Adjacent to it (step_to_shoot)."""
    if not ctl._pressing(match):
        return None
    adj = match.adjacent_enemies(uid)
    return step_to_shoot(ctl, match, uid, adj[0]) if len(adj) == 1 else None
