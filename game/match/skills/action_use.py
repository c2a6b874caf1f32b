"""Using a skill action: what it costs, why a unit cannot use it now, the commands to offer, and using it.
Each looks the skill up in ACTIONS (registry.py)."""
from __future__ import annotations

import esper

from game.rules import actions as act

from .. import commands as C
from ..components import Readiness
from ..errors import IllegalCommand
from .registry import ACTIONS
from .unit_queries import cond


def skill_cost(match, skill_id: str) -> tuple[int, bool]:
    """(base cost, paid with TO only)."""
    s = match.catalog.skills.get(skill_id) if match.catalog is not None else None
    if s is None:
        return (1, False)  # unit special actions (Standby) cost 1 ACT
    if s.to_cost is not None:
        return (s.to_cost, True)
    return (s.act_cost or 0, False)


def pay_id(match, uid: int, sid: str) -> str:
    """The action a skill use counts as for repeats: leaving hiding is not hiding again (N36)."""
    return "STD-HID:leave" if sid == "STD-HID" and cond(uid).hidden else sid


def action_ids(match, uid: int) -> list[str]:
    card = match.unit(uid).card
    out = [sid for sid in card.skills if sid in ACTIONS and not ACTIONS[sid].anytime]
    out += [s.code for s in card.specials if s.code in ACTIONS]
    return out


def skill_reason(match, uid: int, sid: str, cmd: C.UseSkill | None = None, react: bool = False) -> str | None:
    """Why `uid` cannot use skill `sid` now (cmd: with its target), or None."""
    impl = ACTIONS.get(sid)
    if impl is None:
        return "a passive skill"
    r = esper.component_for_entity(uid, Readiness)
    c = cond(uid)
    base, to_only = skill_cost(match, sid)
    if impl.limit == "mission" and sid in c.used_mission:
        return "already used this mission"
    if (impl.limit == "turn" or to_only) and sid in r.used_once:
        return "already used this Turn"
    if impl.not_engaged and match.adjacent_enemies(uid):
        return "not while Adjacent to an enemy"
    if sid == "REL-REP" and c.catalysed:
        return "not in a Turn in which it used Catalyse"
    if sid == "REL-CAT" and c.restored:
        return "not in a Turn in which it used Restore"
    if impl.anytime:
        side = match.side_of(uid)
        if match.to.get(side, 0) < base:
            return "not enough TO"
    elif impl.costless:
        a = match.activation
        if a is None or a.uid != uid or a.grant or a.history or a.locked:
            return "only instead of taking any action in its activation"
    else:
        cost = match.cost_of(act.SKILL, skill=pay_id(match, uid, sid), base=base)
        if cost >= act.FORBIDDEN:
            return "not possible now"
        if match.payment(cost, to_only=to_only) is None:
            return "not enough ACT or TO"
    if cmd is not None:
        return impl.check(match, uid, cmd)
    return None


def skill_commands(match, uid: int, side: str) -> list[C.UseSkill]:
    out = []
    for sid in action_ids(match, uid):
        if skill_reason(match, uid, sid) is not None:
            continue
        for kw in ACTIONS[sid].options(match, uid):
            cmd = C.UseSkill(side, sid, **kw)
            if ACTIONS[sid].check(match, uid, cmd) is None:
                out.append(cmd)
    out += misdirection_commands(match, side)
    return out


def use_skill(match, cmd: C.UseSkill, react: bool = False) -> None:
    impl = ACTIONS.get(cmd.skill)
    if impl is None:
        raise IllegalCommand("no such skill action")
    if impl.anytime:
        uid = next((u for u in match.units(cmd.side) if cmd.skill in match.unit(u).card.skills), None)
        if uid is None:
            raise IllegalCommand("no standing unit of the squad has this skill")
    else:
        if react:
            raise IllegalCommand("only Standby or Misdirection now")
        uid = match.active_unit
        if cmd.skill not in action_ids(match, uid):
            raise IllegalCommand("this unit has no such skill action")
    reason = skill_reason(match, uid, cmd.skill, cmd, react)
    if reason:
        raise IllegalCommand(reason)
    base, to_only = skill_cost(match, cmd.skill)
    if impl.anytime:
        match.to[cmd.side] -= base
        match.note(f"{base} TO spent")
    elif not impl.costless:
        match.pay_skill(pay_id(match, uid, cmd.skill), base, to_only)
    r = esper.component_for_entity(uid, Readiness)
    if impl.limit == "turn" or to_only:
        r.used_once = (*r.used_once, cmd.skill)
    if impl.limit == "mission":
        cond(uid).used_mission = (*cond(uid).used_mission, cmd.skill)
    impl.run(match, uid, cmd)


def misdirection_commands(match, side: str) -> list[C.UseSkill]:
    sid = "SCH-SB-MSD"
    owner = next((u for u in match.units(side) if sid in match.unit(u).card.skills), None)
    if owner is None or skill_reason(match, owner, sid) is not None:
        return []
    us = [u for u in match.units(side)]
    return [C.UseSkill(side, sid, target=a, other=b) for i, a in enumerate(us) for b in us[i + 1:]]
