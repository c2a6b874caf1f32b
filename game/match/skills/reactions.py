"""What skills do as units fall and between actions: 0 HIT (Protect The Kin, Acid Blood, Wrekstatik, Duty
Before Death), Taken Out (Pain Is Strength, Infest), the steps the match runs from its queue (STEPS: Damage
from skills, Counter, a push), and the prompts of skills (Counter, Fate Shift, Standby and Misdirection)."""
from __future__ import annotations

from typing import Callable

import esper

from game.rules.cards import build_card
from game.rules.dice import Die
from game.rules.model import MELEE, RANGED, UnitSpec
from game.rules.orders import ORDER_FACE, orders_from

from .. import commands as C
from .. import events as E
from ..components import Health, Readiness
from ..errors import IllegalCommand
from .action_use import misdirection_commands, use_skill
from .ids import AURA, BASIC, DUTY_BEFORE_DEATH, EPS, SWARMLING_SKILL
from .move_actions import _push_path
from .unit_queries import alive, cond, dist


# == 0 HIT and Taken Out ===============================================================================
def on_zero_hit(match, uid: int, killer: int | None, melee: bool) -> list[tuple]:
    """A unit at 0 HIT: Protect The Kin may keep it; Acid Blood and Wrekstatik strike; Duty Before Death
    lets it act; then it falls."""
    u = match.unit(uid)
    if not u.item:
        for fixer in match.squadmates(uid):
            if "CWB-FIX-PRO" not in match.unit(fixer).card.skills or not alive(match, fixer):
                continue
            r = esper.component_for_entity(fixer, Readiness)
            if "CWB-FIX-PRO" in r.used_once or dist(match, fixer, uid) > AURA + EPS:
                continue
            r.used_once = (*r.used_once, "CWB-FIX-PRO")
            f = match.dice.d6()
            if f <= 2:
                esper.component_for_entity(uid, Health).hit = 1
                match.emit(E.DiceRolled(f"Protect The Kin: {match.unit(fixer).name}", (Die(f),),
                                        f"{u.name} stays with 1 HIT", u.side))
                return []
            match.emit(E.DiceRolled(f"Protect The Kin: {match.unit(fixer).name}", (Die(f),), "no help", u.side))
            break
    steps: list[tuple] = list(match.mission.on_zero_hit(match, uid))  # a crate explodes, ...
    if not u.item:
        if "HK-AB" in u.card.skills:
            steps.append(("skill", "death_damage", uid, 1, "Acid Blood", MELEE, "enemies"))
        if "KF-BR-WS" in u.card.skills:
            steps.append(("skill", "death_damage", uid, 2, "Wrekstatik", RANGED, "all"))
    if not u.item and any(s in DUTY_BEFORE_DEATH for s in u.card.skills):
        steps.append(("dbd", uid, killer, melee))
    else:
        steps.append(("fall", uid, killer, melee))
    return steps


def on_take_out(match, victim: int, killer: int | None, melee: bool, pos) -> None:
    """Pain Is Strength (heal 1 after a melee Take Out) and Infest (a Swarmling where the enemy stood)."""
    if killer is None or not alive(match, killer) or match.side_of(killer) == match.unit(victim).side:
        return
    kcard = match.unit(killer).card
    if melee and "DES-PAIN" in kcard.skills:
        match.heal(killer, 1, "Pain Is Strength")
    if melee and "DRN-INF" in kcard.skills and not match.unit(victim).item and pos is not None \
            and match.catalog is not None:
        type_id = next((t.id for t in match.catalog.unit_types.values() if SWARMLING_SKILL in t.defaults), None)
        if type_id is None:
            return
        card = build_card(match.catalog, UnitSpec(type_id, "Swarmling"))
        n = sum(1 for u in match.all_units_of(match.unit(killer).side) if match.unit(u).type_id == type_id) + 1
        uid = match.spawn(match.unit(killer).side, f"Swarmling {n}", card, pos.x, pos.y, pos.z)
        esper.component_for_entity(uid, Readiness).ready = False
        match.note(f"Infest: a Swarmling takes {match.unit(victim).name}'s place (already activated this Turn)")


# == steps the match runs from its queue ===============================================================
def run_step(match, name: str, *args) -> None:
    STEPS[name](match, *args)


def _step_damage(match, source: int, amount: int, why: str, kind: str, targets) -> None:
    targets = [t for t in targets if alive(match, t)]
    if targets:
        match.deal_damage(source, [(amount, targets)], kind, why)


def _step_death_damage(match, uid: int, amount: int, why: str, kind: str, who: str) -> None:
    adj = [o for o in match.units(items=None) if o != uid and match.adjacent(uid, o) and alive(match, o)
           and not match.unit(o).item]
    if who == "enemies":
        adj = [o for o in adj if match.side_of(o) != match.side_of(uid)]
    if adj:
        match.note(f"{match.unit(uid).name}: {why}")
        match.deal_damage(uid, [(amount, adj)], kind, why)


def _step_counter(match, defender: int, attacker: int) -> None:
    if not (alive(match, defender) and alive(match, attacker)):
        return
    weapons = [w.id for w in match.unit(defender).card.weapons
               if w.kind == MELEE and match.melee_target_reason(defender, w, attacker) is None]
    if weapons:
        match.open_prompt("counter", match.side_of(defender),
                          f"{match.unit(defender).name} lost no HIT: make a free Melee attack against "
                          f"{match.unit(attacker).name} (Counter)?", options=tuple(weapons), data=(defender, attacker))


def _step_push_move(match, target: int, x: float, y: float) -> None:
    if not alive(match, target):
        return
    ok = _push_path(match, target, x, y)
    if ok is None:
        match.note(f"{match.unit(target).name} cannot be pushed there any more")
        return
    z, fall = ok
    match.place(target, x, y, z, "is pushed")
    if fall >= 1:
        match.note(f"{match.unit(target).name} falls {fall * 2:g}\"")
        match.deal_damage(target, [(fall, [target])], RANGED, "Fall")


STEPS: dict[str, Callable] = {"damage": _step_damage, "death_damage": _step_death_damage, "counter": _step_counter,
                              "push_move": _step_push_move}


# == prompts of skills =================================================================================
def prompt_commands(match, p) -> list[C.Command]:
    s = p.side
    if p.kind == "counter":
        return [C.ChooseWeapon(s, None)] + [C.ChooseWeapon(s, w) for w in p.options]
    if p.kind == "devoted":
        return [C.ChooseUnit(s, None)] + [C.ChooseUnit(s, u) for u in p.options]
    if p.kind == "fate_shift":
        return [C.AcceptDice(s)] + [C.RerollDie(s, i, "fate") for i, f in enumerate(p.options)
                                     if f > ORDER_FACE]
    if p.kind == "react":
        return [C.ChooseUnit(s, None)] + list(p.options)
    return []


def answer_prompt(match, p, cmd) -> None:
    if p.kind == "counter":
        if not isinstance(cmd, C.ChooseWeapon) or (cmd.weapon is not None and cmd.weapon not in p.options):
            raise IllegalCommand("choose a melee weapon for the Counter, or none")
        match.close_prompt()
        if cmd.weapon is not None:
            defender, attacker = p.target, p.attacker
            match.note(f"{match.unit(defender).name} counter-attacks")
            match.start_attack(defender, match.unit(defender).card.weapon(cmd.weapon), [(None, [attacker])],
                               counter=True, action=True)
        return
    if p.kind == "fate_shift":
        side = p.side
        faces = list(p.options)
        if isinstance(cmd, C.RerollDie) and cmd.source == "fate" and 0 <= cmd.index < len(faces):
            old = faces[cmd.index]
            faces[cmd.index] = match.dice.d6()
            match.emit(E.DiceRolled(f"{match.side_name(side)}: Fate Shift re-rolls a Tactical Order die ({old})",
                                    (Die(faces[cmd.index]),), side=side))
        elif not isinstance(cmd, C.AcceptDice):
            raise IllegalCommand("re-roll one Tactical Order die (Fate Shift) or accept")
        match.close_prompt()
        before = match.to[side]
        match.to[side] = orders_from(faces, match.taken_out_count[side])
        match.emit(E.TacticalOrdersChanged(side, match.side_name(side), match.to[side] - before, match.to[side],
                                           "Fate Shift"))
        return
    if p.kind == "react":
        if isinstance(cmd, C.ChooseUnit) and cmd.uid is None:
            match.close_prompt()
            return
        if cmd not in p.options:
            raise IllegalCommand("choose a unit on Standby, Misdirection, or nothing")
        match.close_prompt()
        if isinstance(cmd, C.ChooseUnit):
            cond(cmd.uid).standby = False
            match.note(f"{match.unit(cmd.uid).name} acts from Standby")
            match.grant(cmd.uid, "standby", [BASIC])
        else:
            use_skill(match, cmd, react=True)
        return
    raise IllegalCommand("unexpected answer")


def react_options(match, side: str) -> list[C.Command]:
    """Between the actions of an enemy activation: units on Standby, and Misdirection."""
    active = match.active_unit
    out: list[C.Command] = [C.ChooseUnit(side, u) for u in match.units(side)
                            if cond(u).standby and u != active and alive(match, u)]
    out += misdirection_commands(match, side)
    return out
