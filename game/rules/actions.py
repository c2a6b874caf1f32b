"""Action costs (Core Rules section 6, R17) and Tactical Orders paying them.

The first use of an Action in an activation costs its listed ACT; each repeat of the same Action costs
one more. Move and Dash are different Actions; Ranged Combat with two weapons is the same Action.
Weapon and unit specials adjust the cost: 2MC/2RC (second use of that weapon -1), HVY (+1 after a Move
for the next combat with that weapon, +1 on the next Move after using it), Swift (Dash -1).
Skills: Technician (the TCH special: every Mission action -1; the STD-TECH skill: the first Mission action
of each activation -1), Venomous Bonespurs (`move_tax`: Move actions cost more for one activation).
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import UnitCard, WeaponCard

MOVE = "move"
DASH = "dash"
RANGED_COMBAT = "ranged"
MELEE_COMBAT = "melee"
DOOR = "door"
PICK_UP = "pick_up"
DROP = "drop"
GIVE = "give"
MISSION = "mission"
SKILL = "skill"

BASIC_ACTIONS = (MOVE, DASH, RANGED_COMBAT, MELEE_COMBAT, DOOR, PICK_UP, DROP, GIVE)
COMBAT_ACTIONS = (RANGED_COMBAT, MELEE_COMBAT)
FORBIDDEN = 99  # the cost the match reports for an action the unit may not take now (see Match.cost_of)
TECHNICIAN_ONCE = "STD-TECH"  # skill: once per activation, a Mission action for 1 ACT less
ACTION_NAMES = {MOVE: "Move", DASH: "Dash", RANGED_COMBAT: "Ranged Combat", MELEE_COMBAT: "Melee Combat",
                DOOR: "Open/Close Door", PICK_UP: "Pick Up", DROP: "Drop", GIVE: "Give", MISSION: "Mission Action",
                SKILL: "Skill"}

MOVE_INCHES = 6.0
DASH_INCHES = 2.0
BLUNT_INCHES = 2  # R16: each Attack die taken from an Attack of Opportunity costs this much of the move left


@dataclass(frozen=True, slots=True)
class Performed:
    """An Action done earlier in the same activation."""

    action: str
    weapon: str | None = None  # weapon id for combat actions
    skill: str | None = None  # skill id for skill actions


def _same(a: Performed, action: str, skill: str | None) -> bool:
    """The same Action (R17): a skill or a Mission Action is the same only as itself (its id)."""
    return a.action == action and (action not in (SKILL, MISSION) or a.skill == skill)


def action_cost(card: UnitCard, action: str, history: tuple[Performed, ...] | list[Performed] = (),
                weapon: WeaponCard | None = None, skill: str | None = None, base: int = 1,
                move_tax: int = 0, repeat: bool = True) -> int:
    """ACT cost of doing `action` now, given what the unit did earlier in this activation.
    move_tax: extra ACT on every Move action (Venomous Bonespurs). repeat=False: an action the rules exempt from
    the repeat cost (a mission's Turret shot, a PvE Behaviour's actions)."""
    repeats = sum(1 for p in history if _same(p, action, skill)) if repeat else 0
    cost = base + repeats
    if weapon is not None and action in (MELEE_COMBAT, RANGED_COMBAT):
        code = "2MC" if action == MELEE_COMBAT else "2RC"
        uses = sum(1 for p in history if p.action == action and p.weapon == weapon.id)
        if weapon.has(code) and uses == 1 and repeat:  # it only takes the repeat's +1 back
            cost -= 1
        if weapon.has("HVY") and _moved_since_using(history, weapon.id):
            cost += 1
    if action == MOVE and _heavy_used_since_move(card, history):
        cost += 1
    if action == MOVE:
        cost += move_tax
    if action == DASH and card.has_skill("SWF"):
        cost -= 1
    if action == MISSION:
        if card.has_skill("TCH"):
            cost -= 1
        elif TECHNICIAN_ONCE in card.skills and not any(p.action == MISSION for p in history):
            cost -= 1
    return max(cost, 0)


def _moved_since_using(history, weapon_id: str) -> bool:
    """HVY: a Move makes the next combat action with this weapon cost 1 more."""
    for p in reversed(history):
        if p.weapon == weapon_id and p.action in (MELEE_COMBAT, RANGED_COMBAT):
            return False
        if p.action == MOVE:
            return True
    return False


def _heavy_used_since_move(card: UnitCard, history) -> bool:
    """HVY: using a Heavy weapon in combat makes the next Move cost 1 more."""
    heavy = {w.id for w in card.weapons if w.has("HVY")}
    for p in reversed(history):
        if p.action == MOVE:
            return False
        if p.action in (MELEE_COMBAT, RANGED_COMBAT) and p.weapon in heavy:
            return True
    return False


def split_payment(cost: int, act_left: int, to_left: int, to_only: bool = False) -> tuple[int, int] | None:
    """How a cost is paid: ACT first, the rest with Tactical Orders (R17). None if it can't be paid."""
    if to_only:
        return (0, cost) if cost <= to_left else None
    from_act = min(cost, act_left)
    from_to = cost - from_act
    return (from_act, from_to) if from_to <= to_left else None
