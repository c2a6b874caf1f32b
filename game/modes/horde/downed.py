"""Downed units, Revive and Injuries (H1): a unit of the squad at 0 HIT is Downed, not removed; Revive (2 ACT)
stands it up with 1 HIT and one random Injury (1D6 on the E1 table); an Injury it already has makes it Deceased
(removed). Injuries are gear on the unit's card, rebuilt as the squad's cards are (game.rules.cards); the game's
Injury table and who is immune are game.content.injuries_spoils'."""
from __future__ import annotations

import math

from game.content.injuries_spoils import injuries_and_spoils
from game.match.mission import MissionActionDef
from game.rules.cards import build_card
from game.rules.model import UnitSpec

from .common import PLAYER, key, roll, state


def downed_units(match) -> list[int]:
    return match.units(PLAYER, downed=True)


def actions(mission) -> list[MissionActionDef]:
    cost = mission.data.rules["revive_cost"]
    return [
        MissionActionDef("revive", "Revive", cost, "Stand up a Downed Squadmate this unit Controls: it gets 1 HIT "
                         "and one random Injury.", target="unit", sides=(PLAYER,)),
        MissionActionDef("revive-self", "Revive itself", cost, "A Downed unit that Controls a Standing Squadmate "
                         "stands up: 1 HIT and one random Injury.", target="unit", sides=(PLAYER,), downed_ok=True),
    ]


def action_reason(match, uid: int, action_id: str, target: int | None) -> str | None:
    """Why `uid` cannot revive `target` (revive) or itself next to `target` (revive-self); each reason names the
    unit it is about."""
    me = match.unit(uid).name
    if action_id == "revive-self" and not match.conditions(uid).downed:
        return f"{me} is not Downed"
    if target is None or match.side_of(target) != PLAYER or match.unit(target).item or target == uid:
        return "needs a Downed Squadmate" if action_id == "revive" else "needs a Standing Squadmate"
    name = match.unit(target).name
    if action_id == "revive":
        return None if match.conditions(target).downed else f"{name} is not Downed"
    return f"{name} is Downed too: it needs a Standing Squadmate" if match.conditions(target).downed else None


def revive_action(mission, match, uid: int, action_id: str, target: int) -> None:
    who = target if action_id == "revive" else uid
    stand_up(mission, match, who, mission.data.rules["revive_hit"], "Revive")


def injury_immune(match, uid: int) -> bool:
    """Beasts, Weirdos, Mindless units and units without equipment never suffer Injuries (treated as Recovered)."""
    return injuries_and_spoils().immune(match.unit(uid).card)


def stand_up(mission, match, uid: int, hit: int | None, why: str) -> None:
    """Roll the unit's Injury; Deceased on a repeat, else it stands with `hit` HIT (None: half its HIT, rounded
    up, counted after the new Injury)."""
    if not roll_injury(mission, match, uid, why):
        return
    if hit is None:
        hit = math.ceil(match.health(uid).max_hit / 2)
    match.revive(uid, hit, why)


def roll_injury(mission, match, uid: int, why: str) -> bool:
    """1D6 on the Injury table; False if the unit is Deceased."""
    name = match.unit(uid).name
    face = roll(match, 1, f"{why}: Injury for {name}")[0]
    inj = mission.data.injury_table[face - 1]
    if inj is None or injury_immune(match, uid):
        match.event("Injury", f"{name}: Recovered, no new Injury", PLAYER)
        return True
    ms = state(match)
    have = ms.setdefault("injuries", {}).setdefault(key(uid), [])
    label = mission.data.catalog.skills[inj].name
    if inj in have:
        deceased(match, uid, f"{name} suffers {label} again: Deceased")
        return False
    have.append(inj)
    rebuild_card(mission, match, uid, f"{name} gains an Injury: {label}")
    return True


def deceased(match, uid: int, why: str) -> None:
    ms = state(match)
    ms.setdefault("deceased", []).append(uid)
    ms.setdefault("units_lost", []).append(match.unit(uid).name)
    match.event("Deceased", why, PLAYER)
    match.queue_step(("fall", uid, None, False))  # removed from the battlefield (downs_instead says no now)


def squad_spec(match, uid: int) -> UnitSpec | None:
    """The unit's spec as the squad was chosen (the side's squad, in order)."""
    squad = match.scenario.side(PLAYER).squad
    units = match.all_units_of(PLAYER)
    if squad is None or uid not in units:
        return None
    i = units.index(uid)
    return squad.units[i] if i < len(squad.units) else None


def rebuild_card(mission, match, uid: int, why: str) -> None:
    """The unit's card with its chosen gear, its Spoils of War and its Injuries (build_card applies them as it
    applies any gear)."""
    spec = squad_spec(match, uid)
    if spec is None:
        return
    ms = state(match)
    extra = tuple(ms.get("spoils", {}).get(key(uid), ())) + tuple(ms.get("injuries", {}).get(key(uid), ()))
    card = build_card(mission.data.catalog, UnitSpec(spec.unit_type, match.unit(uid).name, spec.gear + extra))
    match.change_card(uid, card, why)


def injuries_of(mission, match, uid: int) -> list[str]:
    return [mission.data.catalog.skills[i].name for i in state(match).get("injuries", {}).get(key(uid), [])]

