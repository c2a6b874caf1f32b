"""Beast, Mindless, Weirdo: whether a unit may carry, take Mission actions and control objectives (the mission
layer asks here)."""
from __future__ import annotations

RESTRICTED = ("DES-BST-BST", "HK-CLD-MND", "KF-WD-WD")


def may_carry(match, uid: int) -> bool:
    """Beast, Mindless, Weirdo: no carrying (Intel markers and the like), no Mission actions, no objectives.
    The mission layer asks here (Pick Up, Give, Control of markers, Mission Actions)."""
    return not any(s in RESTRICTED for s in match.unit(uid).card.skills)


may_take_mission_actions = may_carry
may_control_objectives = may_carry
