"""Skill actions that give other units actions, or the squad an effect for the rest of the Turn: Strategize,
Relay Order, Compel, Pain Exalted, Catalyse, Overrun and Despoil, Take 'Em Down!, Call of the Ancestors,
Scanner, Frenzy, Get In Dere!, Prod, Neural Command."""
from __future__ import annotations

from game.rules import actions as act

from .action_checks import _need_target, _standing_unit
from .ids import AURA, BASIC, BASIC_OR_MISSION, COMBAT, EPS
from .sight_cover import sees
from .unit_queries import alive, cond, dist


def _strategize(match, uid, cmd) -> None:
    side = match.side_of(uid)
    match.to[side] += 1
    match.note(f"{match.unit(uid).name} uses Strategize: +1 TO ({match.to[side]} now)")


def _relay(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} gives an order to {match.unit(cmd.target).name}")
    match.grant(cmd.target, "order", [BASIC])


def _compel_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or not alive(match, t):
        return "choose another unit"
    if dist(match, uid, t) > AURA + EPS or not sees(match, uid, t):
        return "the unit must be within 6\" and in sight"
    return None


def _compel_options(match, uid):
    return [{"target": t} for t in match.units() if t != uid]


def _compel(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} compels {match.unit(cmd.target).name}")
    match.grant(cmd.target, "compel", [COMBAT], controller=match.side_of(uid))


def _pain_exalted(match, uid, cmd) -> None:
    match.heal(cmd.target, 1, "Pain Exalted")
    match.grant(cmd.target, "pain exalted", [BASIC_OR_MISSION])


def _catalyse(match, uid, cmd) -> None:
    cond(uid).catalysed = True
    match.grant(cmd.target, "catalyse", [BASIC_OR_MISSION], max_cost=1)


def _move_then_melee(match, uid, cmd) -> None:
    name = match.catalog.skills[cmd.skill].name if match.catalog else cmd.skill
    match.note(f"{match.unit(uid).name}: {name}")
    for m in match.squadmates(uid):
        if not match.unit(m).item:
            match.grant(m, name.lower(), [(act.MOVE,), (act.MELEE_COMBAT,)])


def _take_em_down_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid):
        return "choose an enemy unit"
    return None


def _take_em_down(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name}: Take 'Em Down! Everyone attacks {match.unit(cmd.target).name}")
    for m in [uid] + match.squadmates(uid):
        if not match.unit(m).item:
            match.grant(m, "take 'em down", [COMBAT], target=cmd.target)


def _side_effect(match, uid, cmd) -> None:
    side = match.side_of(uid)
    match.side_effects[side] = (*match.side_effects.get(side, ()), cmd.skill)
    name = match.catalog.skills[cmd.skill].name if match.catalog else cmd.skill
    match.note(f"{match.unit(uid).name}: {name} (until the Turn ends)")
    if cmd.skill == "KF-BOSS-FRZ" and match.activation is not None and match.side_of(match.active_unit) == side:
        match.activation.act += 1


def _get_in_dere(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} slaps {match.unit(cmd.target).name}: Get In Dere!")
    match.lose_hit(cmd.target, 1, uid)
    match.grant(cmd.target, "get in dere", [BASIC, BASIC], need_combat=True)


def _prod(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} prods {match.unit(cmd.target).name}")
    match.grant(cmd.target, "prod", [BASIC_OR_MISSION])


def _neural_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    for t in (cmd.target, cmd.other):
        if t is None:
            continue
        if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
            return "choose squadmates"
    return None


def _neural_options(match, uid):
    mates = [m for m in match.squadmates(uid) if not match.unit(m).item]
    out = [{"target": m} for m in mates]
    out += [{"target": a, "other": b} for i, a in enumerate(mates) for b in mates[i + 1:]]
    return out


def _neural_command(match, uid, cmd) -> None:
    match.activation.locked = True
    match.note(f"{match.unit(uid).name} takes no action and directs its brood (Neural Command)")
    if cmd.other is None or cmd.other == cmd.target:
        match.grant(cmd.target, "neural command", [BASIC_OR_MISSION, BASIC_OR_MISSION], max_cost=1, different=True)
    else:
        match.grant(cmd.target, "neural command", [BASIC_OR_MISSION], max_cost=1)
        match.grant(cmd.other, "neural command", [BASIC_OR_MISSION], max_cost=1)
    match.queue_step(("end_activation", uid))  # then its activation is over
