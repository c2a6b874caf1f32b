"""The action buttons of the selected unit: what each does, what it costs and why it cannot be done now, all
asked of the match (`action_cost_for`, `attack_preview`, `skill_choices`, `pick_up_reason`, `give_reason`,
`mission_action_reason`), as if the unit activated now when it is still Ready. Nothing here re-derives a rule.

Read once per match version and selection (SidePanel.states), never per frame.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match import commands as C
from game.match import skills as S
from game.rules import actions as act
from game.rules.model import MELEE

from ..preview import target_info
from ..skillui import choices_now, nominal_cost, skill_effect, skill_ids, skill_name, skill_tooltip


@dataclass
class ActionState:
    """One action button: what it does, what it costs, and why it cannot be done now."""

    key: str  # "move", "dash", "ranged:<weapon>", "melee:<weapon>", "door:<id>", "skill:<id>", "pickup", "drop",
    #           "give", "mission:<id>"
    label: str
    hotkey: str
    cost: str  # "1 ACT", "1 ACT + 1 TO", "2 TO"
    reason: str | None = None  # None: possible
    tip: str = ""  # tooltip html (skills: the rule text); "" = the default
    note: str = ""  # a short line beside the button when possible (skills: what it does)
    choices: tuple = ()  # the complete commands it may give now (the table lights them up when there are several)

    @property
    def enabled(self) -> bool:
        return self.reason is None


def cost_text(from_act: int, from_to: int) -> str:
    if from_act == 0 and from_to == 0:
        return "free"
    parts = []
    if from_act:
        parts.append(f"{from_act} ACT")
    if from_to:
        parts.append(f"{from_to} TO")
    return " + ".join(parts)


def _cost(answer) -> tuple[str, str | None]:
    """(cost text, reason) from the match's (cost, payment, reason)."""
    cost, pay, why = answer
    if pay is not None:
        return cost_text(*pay), why
    return ("-" if cost >= act.FORBIDDEN else f"{cost} ACT"), why


def not_now_reason(match, uid: int, side: str) -> str | None:
    """Why the player cannot give `uid` orders at this moment (whose decision it is, whose turn), or None."""
    return match.order_reason(uid, side)


def action_states(match, uid: int, side: str) -> list[ActionState]:
    """The action buttons of the selected unit: cost, or the reason it cannot be done."""
    out: list[ActionState] = []
    card = match.unit(uid).card
    not_now = not_now_reason(match, uid, side)
    for key, action, name, hk in (("move", act.MOVE, "Move", "M"), ("dash", act.DASH, "Dash", "D")):
        cost, reason = _cost(match.action_cost_for(uid, action))
        label = f"{name} {match.move_budget(action, uid):g}\""  # the unit's own inches (a Crushed Leg: fewer)
        out.append(ActionState(key, label, hk, cost, not_now or reason))
    for w in card.weapons:
        melee = w.kind == MELEE
        cost, reason = _cost(match.action_cost_for(uid, act.MELEE_COMBAT if melee else act.RANGED_COMBAT, w))
        reason = not_now or reason or weapon_reason(match, uid, w.id)
        kind = "melee" if melee else "ranged"
        out.append(ActionState(f"{kind}:{w.id}", f"{'Fight' if melee else 'Shoot'}: {w.name}", "F" if melee else "R",
                               cost, reason))
    if not_now is None and match.position(uid) is not None:
        for d in match.table.adjacent_doors(match.base(uid)):
            cost, reason = _cost(match.action_cost_for(uid, act.DOOR))
            label = ("Close " if match.table.door_open(d) else "Open ") + "door"
            out.append(ActionState(f"door:{d}", label, "O", cost, reason))
    out += carry_states(match, uid, side, not_now)
    out += mission_states(match, uid, side, not_now)
    out += skill_states(match, uid, side, not_now)
    return out


def _near(match, uid: int):
    """A sort key: the distance from `uid` to a unit (or a marker, by id), nearest first."""
    me = match.base(uid) if match.position(uid) is not None else None

    def key(thing):
        if me is None:
            return (0.0, str(thing))
        b = match.marker_base(thing) if isinstance(thing, str) else match.base(thing)
        return (match.table.distance(me, b) if b is not None else 1e9, str(thing))
    return key


def weapon_reason(match, uid: int, weapon_id: str) -> str | None:
    """None when some enemy is a valid target of the weapon now, else why not (the nearest enemy's reason)."""
    enemies = [t for t in match.units(items=None) if t != uid and match.side_of(t) != match.side_of(uid)]
    if not enemies:
        return "no enemy on the table"
    enemies.sort(key=_near(match, uid))
    reasons = []
    for t in enemies:
        why = target_info(match, uid, weapon_id, t, with_odds=False).reason
        if why is None:
            return None
        reasons.append(why)
    if len(set(reasons)) == 1:
        return f"no valid target: {reasons[0]}"
    return f"no valid target; the nearest, {match.unit(enemies[0]).name}: {reasons[0]}"


def _first_ok(cands):
    """(the commands that are possible, the reason of the first candidate when none is) of (command, reason)
    pairs in order of preference."""
    ok = tuple(c for c, why in cands if why is None)
    return ok, (None if ok else (cands[0][1] if cands else None))


def carry_states(match, uid: int, side: str, not_now: str | None) -> list[ActionState]:
    """Pick Up, Drop and Give, shown when the mission has markers that can be carried and the unit may ever carry
    them (a Beast, Mindless or Weirdo never may: no buttons it could never press)."""
    portable = [mid for mid in match.markers() if match.marker(mid).portable]
    if not portable or not S.may_carry(match, uid):
        return []
    out = []
    on_table = [mid for mid in portable if match.marker(mid).carrier is None]
    on_table.sort(key=_near(match, uid))
    cands = [(C.PickUp(side, mid), match.pick_up_reason(uid, mid)) for mid in on_table]
    ok, why = _first_ok(cands)
    base = match.marker(ok[0].marker).pickup_cost if ok else 1
    cost, paying = _cost(match.action_cost_for(uid, act.PICK_UP, base=base))
    out.append(ActionState("pickup", "Pick Up", "", cost, not_now or paying or why or
                           (None if ok else "nothing to pick up"), choices=ok))
    carried = match.carried_by(uid)
    cost, paying = _cost(match.action_cost_for(uid, act.DROP))
    out.append(ActionState("drop", "Drop", "", cost, not_now or paying or (None if carried else "carries nothing"),
                           choices=tuple(C.Drop(side, mid) for mid in carried)))
    cands = [(C.Give(side, mid, mate), match.give_reason(uid, mid, mate))
             for mid in carried for mate in match.squadmates(uid)]
    ok, why = _first_ok(cands)
    cost, paying = _cost(match.action_cost_for(uid, act.GIVE))
    if not carried:
        why = "carries nothing"
    elif not ok:
        why = why or "no Squadmate to give it to"
    out.append(ActionState("give", "Give", "", cost, not_now or paying or why, choices=ok))
    return out


def mission_states(match, uid: int, side: str, not_now: str | None) -> list[ActionState]:
    """One button per mission action this unit's side may take: its cost, or why not now (none for a unit that may
    never take Mission actions)."""
    out = []
    if not S.may_take_mission_actions(match, uid):
        return out
    near = _near(match, uid)
    for d in match.mission_action_defs():
        if d.sides and match.side_of(uid) not in d.sides:
            continue
        if d.target == "marker":
            targets = [(mid, None) for mid in match.markers(on_table=True) if match.marker(mid).kind in d.markers]
            targets.sort(key=lambda t: near(t[0]))
        elif d.target == "unit":
            targets = [(None, u) for u in match.units(items=None, downed=None) if u != uid]
            targets.sort(key=lambda t: near(t[1]))
        else:
            targets = [(None, None)]
        cands = list(zip((C.UseMissionAction(side, d.id, mid, t) for mid, t in targets),
                         match.mission_action_reasons(uid, d.id, targets)))
        ok, why = _first_ok(cands)
        cost, paying = _cost(match.action_cost_for(uid, act.MISSION, skill=d.id, base=d.cost))
        reason = not_now or paying or why or (None if ok else "nothing to do it on")
        out.append(ActionState(f"mission:{d.id}", d.name, "", cost, reason, tip=_mission_tip(d, reason, cost),
                               note=d.rules, choices=ok))
    return out


def _mission_tip(d, reason, cost) -> str:
    from html import escape
    head = f"<b>{escape(d.name)}</b>"
    head += f": not now - {escape(reason)}" if reason else f": pay {escape(cost)}"
    return f"{head}<br>{escape(d.rules)}"


def skill_states(match, uid: int, side: str, not_now: str | None) -> list[ActionState]:
    """One button per skill action of the unit (and the squad's "at any moment" skills): its cost, or why it
    cannot be used now."""
    out: list[ActionState] = []
    try:
        sids = skill_ids(match, uid)
    except Exception:
        return out
    for sid in sids:
        impl = S.ACTIONS[sid]
        name = skill_name(match, sid)
        _, _, nominal = nominal_cost(match, sid)
        label = f"{name} ({nominal})" if not impl.costless else name
        cost, reason, cmds = nominal, not_now, ()
        if reason is None:
            cmds, reason = choices_now(match, uid, side, sid)
            if reason is None and not impl.costless and not impl.anytime:
                cost = _cost(match.skill_cost_for(uid, sid))[0]
        if impl.costless and reason is None:
            cost = "no ACT"
        out.append(ActionState(f"skill:{sid}", label, "", cost, reason, tip=skill_tooltip(match, sid, name, reason,
                                                                                           cost),
                               note=skill_effect(sid), choices=tuple(cmds)))
    return out
