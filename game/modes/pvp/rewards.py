"""What a PvP campaign brings into a mission, as scenario options (the match never knows it is in a campaign):

    held        the Campaign Rewards that take effect in this mission by a named rule, "side:rule:slot:choice;..."
                (slot: the unit's place in its squad, the enemy's for a rule aimed at it; choice: melee/ranged)
    advantage   the Climax's chooser (R38): it wins the deployment roll-off without a roll (so it picks its edge or
                role first and places the first unit) and gets +1 TO at the start of Turn 1

The named rules (assets/data/pvp/*.json, `use.rule`; gear the rewards lend is on the cards, not here):

    arm_turn1         the unit has +1 ARM during Turn 1 (Field Stabilizers, Reinforced Armor)
    act_turn1         the unit has +1 ACT in Turn 1 (Quick Prep, Aggressive Push)
    cover             the unit counts as in Cover all through the mission (Tactical Resupply)
    to_start          +1 TO at the start of the mission (Intelligence Priority)
    enemy_leader_arm  the enemy Leader has -1 ARM, never below 1 (Targeted Strike, Intel Leak)
    skl               the unit has +1 SKL with melee or ranged weapons (Disruption Scan: +1 MSK or RSK)
    vendetta          the squad's units have +1 SKL when they target the named enemy unit (Personal Vendetta)
    hit_less          the named enemy unit starts with 1 HIT less, lost as Turn 1 begins, never below 1
                      (Preemptive Strike)
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match.scenario import ScenarioError
from game.rules.model import MELEE

from . import sides as P
from .data import REWARD_RULES


@dataclass(frozen=True, slots=True)
class Held:
    side: str
    rule: str
    slot: int | None
    choice: str = ""


def encode(held: list[Held]) -> str:
    return ";".join(f"{h.side}:{h.rule}:{'' if h.slot is None else h.slot}:{h.choice}" for h in held)


def parse(text: object) -> tuple[Held, ...]:
    if not text:
        return ()
    out = []
    for part in str(text).split(";"):
        bits = part.split(":")
        if len(bits) != 4 or bits[0] not in P.SIDES or bits[1] not in REWARD_RULES or \
                (bits[2] and not bits[2].isdigit()) or bits[3] not in ("", "melee", "ranged"):
            raise ScenarioError(f"option 'held': {part!r} is not side:rule:slot:choice")
        out.append(Held(bits[0], bits[1], int(bits[2]) if bits[2] else None, bits[3]))
    return tuple(out)


def check_options(options: dict) -> None:
    parse(options.get("held"))
    adv = options.get("advantage")
    if adv not in (None, "", *P.SIDES):
        raise ScenarioError(f"option 'advantage': expected player or opponent, got {adv!r}")


def _unit(match, side: str, slot: int | None) -> int | None:
    units = match.all_units_of(side)
    return units[slot] if slot is not None and 0 <= slot < len(units) else None


def _held(match, rule: str):
    for h in parse(match.mission.options.get("held")):
        if h.rule == rule:
            yield h


def _on(match, rule: str, uid: int) -> list[Held]:
    return [h for h in _held(match, rule) if _unit(match, h.side, h.slot) == uid]


def act_bonus(match, uid: int) -> int:
    return len(_on(match, "act_turn1", uid)) if match.turn == 1 else 0


def arm_bonus(match, uid: int) -> int:
    bonus = len(_on(match, "arm_turn1", uid)) if match.turn == 1 else 0
    u = match.unit(uid)
    if u.leader and any(h.side != u.side for h in _held(match, "enemy_leader_arm")):
        bonus -= min(1, max(0, u.card.arm - 1))  # never below 1
    return bonus


def always_in_cover(match, uid: int) -> bool:
    return bool(_on(match, "cover", uid))


def attack_bonus(match, attacker: int, target: int | None, weapon) -> int:
    """+SKL the held rewards give this attack."""
    skl = sum(1 for h in _on(match, "skl", attacker) if (h.choice == "melee") == (weapon.kind == MELEE))
    side = match.unit(attacker).side
    if target is not None:
        skl += sum(1 for h in _held(match, "vendetta") if h.side == side and _unit(match, P.other(side), h.slot)
                   == target)
    return skl


def start_of_turn(match) -> None:
    """Turn 1: the enemy unit named for Preemptive Strike loses 1 HIT (never below 1)."""
    if match.turn != 1:
        return
    for h in _held(match, "hit_less"):
        uid = _unit(match, P.other(h.side), h.slot)
        if uid is not None and match.standing(uid) and match.health(uid).hit > 1:
            match.event("Campaign Reward", f"{match.unit(uid).name} starts the mission 1 HIT down (Preemptive "
                                           f"Strike)", h.side)
            match.lose_hit(uid, 1)


def after_orders(match) -> None:
    """Turn 1: +1 TO for the Climax's chooser and for Intelligence Priority."""
    if match.turn != 1:
        return
    adv = match.mission.options.get("advantage")
    if adv in P.SIDES:
        match.add_to(adv, 1, "the Climax's chooser (campaign)")
    for h in _held(match, "to_start"):
        match.add_to(h.side, 1, "Campaign Reward")
