"""What an action would do, before it is done: reachable area, path and cost, targets and exact odds.

Everything here only reads the match. It is computed when the selection, the mode or the match changes
(and paths when the hovered spot changes), never per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules import actions as act
from game.rules.model import MELEE, RANGED

LATTICE = 0.5
GRID = 2.0


@dataclass
class TargetInfo:
    uid: int
    name: str
    reason: str | None
    distance: float | None = None
    sight: object | None = None
    odds: object | None = None
    setup: object | None = None
    melee: bool = False
    error: str | None = None


@dataclass
class ActionState:
    """One action button: what it does, what it costs, and why it cannot be done now."""

    key: str  # "move", "dash", "ranged:<weapon>", "melee:<weapon>", "door:<id>", "skill:<id>", "end"
    label: str
    hotkey: str
    cost: str  # "1 ACT", "1 ACT + 1 TO", "2 TO"
    reason: str | None = None  # None: possible
    tip: str = ""  # tooltip html (skills: the rule text); "" = the default
    note: str = ""  # a short line beside the button when possible (skills: what it does)

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


def unit_act(match, uid) -> int:
    """ACT this unit would have if it activated now (Stunned units lose some, never below 1)."""
    card = match.unit(uid).card
    st = getattr(match.readiness(uid), "stunned", 0) or 0
    return max(1, card.act - st) if st else card.act


class Costing:
    """Costs and payments for the selected unit, whether it is already activated or not yet."""

    def __init__(self, match, uid: int) -> None:
        self.match = match
        self.uid = uid
        self.active = match.active_unit == uid
        side = match.side_of(uid)
        self.to = match.to.get(side, 0)
        self.card = match.unit(uid).card
        self.act_left = match.act_left() if self.active else unit_act(match, uid)
        self.history = tuple(match.activation.history) if self.active and match.activation is not None else ()

    def cost(self, action: str, weapon=None, skill: str | None = None, base: int = 1) -> int:
        if self.active:
            return self.match.cost_of(action, weapon, skill, base)
        return act.action_cost(self.card, action, self.history, weapon=weapon, skill=skill, base=base)

    def payment(self, cost: int, to_only: bool = False):
        return act.split_payment(cost, self.act_left, self.to, to_only)

    def describe(self, action: str, weapon=None, skill=None, base: int = 1, to_only: bool = False):
        """(cost text, reason or None)."""
        c = self.cost(action, weapon, skill, base)
        if c >= act.FORBIDDEN:
            from .skillui import forbidden_reason
            return "-", forbidden_reason(self.match, action, skill)
        pay = self.payment(c, to_only)
        if pay is None:
            have = f"{self.act_left} ACT + {self.to} TO"
            need = f"{c} TO" if to_only else f"{c} ACT"
            return need, f"costs {need}; you have {have}"
        return cost_text(*pay), None


def attack_setup(match, attacker: int, weapon, target: int, sight=None):
    from game.rules.odds import AttackSetup
    a = match.unit(attacker)
    t = match.unit(target)
    melee = weapon.kind == MELEE
    att = weapon.att
    if weapon.has("HIT"):
        att = match.health(attacker).hit
    support = target_support = 0
    cover = high = False
    if melee:
        support = sum(1 for m in match.squadmates(attacker) if not match.unit(m).item and match.adjacent(m, target))
        target_support = sum(1 for m in match.squadmates(target)
                             if not match.unit(m).item and match.adjacent(m, target))
    elif sight is not None:
        cover = bool(sight.cover) and not weapon.has("NCV")
        high = bool(getattr(sight, "high_ground", False))
    return AttackSetup(att=max(0, att), skl=weapon.skl, arm=t.card.arm, melee=melee, attacker_arm=a.card.arm,
                       cover=cover, high_ground=high, support=support, target_support=target_support,
                       acc=weapon.value("ACC"), bru=weapon.value("BRU"), rlt=weapon.has("RLT"),
                       aut=weapon.value("AUT"), rnd=weapon.value("RND"), ncv=weapon.has("NCV"),
                       target_hit=match.health(target).hit, attacker_hit=match.health(attacker).hit)


def target_info(match, attacker: int, weapon, target: int, with_odds: bool = True) -> TargetInfo:
    melee = weapon.kind == MELEE
    name = match.unit(target).name
    reason = (match.melee_target_reason(attacker, weapon, target) if melee
              else match.ranged_target_reason(attacker, weapon, target))
    info = TargetInfo(target, name, reason, melee=melee)
    table = match.table
    a, t = match.base(attacker), match.base(target)
    info.distance = table.distance(a, t)
    if not melee:
        info.sight = table.sight(a, t)
    if reason is None and with_odds:
        try:
            from game.rules.odds import exact_odds
            info.setup = attack_setup(match, attacker, weapon, target, info.sight)
            info.odds = exact_odds(info.setup)
        except Exception as e:  # the odds are a help: never break the game over them
            info.error = str(e)
    return info


class Preview:
    """The preview for one unit in one mode ("move", "dash", "ranged", "melee") at one match version."""

    def __init__(self, match, uid: int, mode: str, weapon_id: str | None = None) -> None:
        self.match = match
        self.uid = uid
        self.mode = mode
        self.weapon = None
        self.reach = None
        self.budget = 0.0
        self.step = GRID if match.table.measure == "grid" else LATTICE
        self._index: dict[tuple[int, int], list] = {}
        self._paths: dict[tuple, object] = {}
        self.targets: dict[int, TargetInfo] = {}
        self.start_z = match.base(uid).z
        if mode in ("move", "dash"):
            self.budget = match.move_budget(act.MOVE if mode == "move" else act.DASH)
            self.reach = match.table.reach(match.base(uid), self.budget)
            for spot in self.reach.spots:
                self._index.setdefault(self._key(spot[0], spot[1]), []).append(spot)
        elif mode in ("ranged", "melee") and weapon_id is not None:
            self.weapon = match.unit(uid).card.weapon(weapon_id)
            a = match.activation
            only = a.target if a is not None and a.uid == uid else None  # a free attack on one enemy
            for t in match.units(items=None):
                if t == uid or match.side_of(t) == match.side_of(uid):
                    continue
                # the reasons now (cheap), the odds when the target is hovered
                info = target_info(match, uid, self.weapon, t, with_odds=False)
                if only is not None and t != only and info.reason is None:
                    info.reason = f"this free attack must target {match.unit(only).name}"
                self.targets[t] = info

    def _key(self, x: float, y: float) -> tuple[int, int]:
        if self.step == GRID:
            return int(math.floor(x / GRID)), int(math.floor(y / GRID))
        return int(round(x / self.step)), int(round(y / self.step))

    @property
    def spots(self):
        return self.reach.spots if self.reach is not None else ()

    def spot_near(self, x: float, y: float):
        """The reachable spot nearest to (x, y), within one lattice step, or None."""
        if self.reach is None:
            return None
        kx, ky = self._key(x, y)
        best, bd = None, None
        rng = (0,) if self.step == GRID else (-1, 0, 1)
        for dx in rng:
            for dy in rng:
                for s in self._index.get((kx + dx, ky + dy), ()):
                    d = math.hypot(s[0] - x, s[1] - y)
                    if self.step == GRID:
                        d = 0.0
                    if bd is None or d < bd - 1e-9 or (abs(d - bd) < 1e-9 and s[2] > best[2]):
                        best, bd = s, d
        if best is None or (self.step != GRID and bd > self.step * 0.75):
            return None
        return best

    def path(self, spot):
        key = (spot[0], spot[1], spot[2])
        if key not in self._paths:
            self._paths[key] = self.reach.path_to(*key) if self.reach is not None else None
        return self._paths[key]

    def aoo_threats(self, path) -> list[int]:
        """Enemies the path leaves Adjacency of that could make an Attack of Opportunity (R16)."""
        out = []
        m = self.match
        for e in getattr(path, "left_adjacency", ()) or ():
            if not m.standing(e) or m.unit(e).item or m.unit(e).side == m.unit(self.uid).side:
                continue
            if getattr(m.readiness(e), "aoo_used", False):
                continue
            if any(w.kind == MELEE for w in m.unit(e).card.weapons):
                out.append(e)
        return out

    def target(self, uid: int) -> TargetInfo | None:
        info = self.targets.get(uid)
        if info is not None and info.reason is None and info.odds is None and info.error is None:
            info = target_info(self.match, self.uid, self.weapon, uid, with_odds=True)
            self.targets[uid] = info
        return info

    def valid_targets(self) -> list[int]:
        return [t for t, i in self.targets.items() if i.reason is None]


def action_states(match, uid: int, side: str) -> list[ActionState]:
    """The action buttons of the selected unit: cost, or the reason it cannot be done."""
    out: list[ActionState] = []
    c = Costing(match, uid)
    card = c.card
    can_act = match.waiting_for() == side and match.prompt is None and match.phase == "battle" and (
        c.active or (match.active_unit is None and match.readiness(uid).ready))
    not_now = None
    if match.side_of(uid) != side:
        not_now = "not one of your units"
    elif match.phase != "battle":
        not_now = "the battle has not started"
    elif match.prompt is not None:
        not_now = "answer the dice first" if match.prompt.kind == "dice" else "answer the question first"
    elif match.waiting_for() != side:
        not_now = "wait for the NPC activation"
    elif match.active_unit is not None and match.active_unit != uid:
        not_now = f"{match.unit(match.active_unit).name} is activating"
    elif not c.active and not match.readiness(uid).ready:
        not_now = "already activated this Turn"
    for key, action, label, hk in (("move", act.MOVE, "Move 6\"", "M"), ("dash", act.DASH, "Dash 2\"", "D")):
        cost, reason = c.describe(action)
        out.append(ActionState(key, label, hk, cost, not_now or reason))
    adj_enemy = None
    for w in card.weapons:
        action = act.MELEE_COMBAT if w.kind == MELEE else act.RANGED_COMBAT
        cost, reason = c.describe(action, w)
        reason = not_now or reason
        if reason is None and can_act:
            targets = [t for t in match.units(items=None) if t != uid and match.side_of(t) != match.side_of(uid)]
            if w.kind == RANGED:
                if adj_enemy is None:
                    adj_enemy = bool(match.adjacent_enemies(uid))
                if adj_enemy and not w.has("PBK"):
                    reason = "Adjacent to an enemy: no Ranged attack (R7)"
                elif not targets:
                    reason = "no enemy on the table"
            else:
                adj = [t for t in targets if match.adjacent(uid, t)]
                if not adj:
                    reason = "no Adjacent enemy"
        kind = "melee" if w.kind == MELEE else "ranged"
        verb = "Fight" if w.kind == MELEE else "Shoot"
        out.append(ActionState(f"{kind}:{w.id}", f"{verb}: {w.name}", "F" if w.kind == MELEE else "R", cost, reason))
    if can_act or c.active:
        try:
            doors = match.table.adjacent_doors(match.base(uid))
        except Exception:
            doors = []
        for d in doors:
            cost, reason = c.describe(act.DOOR)
            opened = match.table.door_open(d)
            label = ("Close " if opened else "Open ") + "door"
            out.append(ActionState(f"door:{d}", label, "O", cost, not_now or reason))
    out += skill_states(match, uid, side, c, not_now)
    return out


def skill_states(match, uid: int, side: str, c: Costing, not_now: str | None) -> list[ActionState]:
    """One button per skill action of the unit (and the squad's "at any moment" skills): its cost, or why it
    cannot be used now (Match.skill_reason, or no valid choice)."""
    from .skillui import (anytime_owner, choices_before_activation, forbidden_reason, idle_reason, nominal_cost,
                          skill_effect, skill_ids, skill_name, skill_tooltip)
    from game.match import skills as S
    out: list[ActionState] = []
    try:
        sids = skill_ids(match, uid)
    except Exception:
        return out
    for sid in sids:
        impl = S.ACTIONS[sid]
        name = skill_name(match, sid)
        base, to_only, nominal = nominal_cost(match, sid)
        label = f"{name} ({nominal})" if not impl.costless else name
        cost, reason = nominal, not_now
        if reason is None:
            if impl.anytime:
                owner = anytime_owner(match, side, sid)
                reason = "no unit with this skill stands" if owner is None else match.skill_reason(owner, sid)
                if reason is None and not (c.active or match.active_unit is None):
                    reason = "only during an activation of your squad"
                if reason is None and c.active and match.activation is not None and \
                        (match.activation.grant or match.activation.locked):
                    reason = forbidden_reason(match, act.SKILL, sid)
            elif c.active:
                reason = match.skill_reason(uid, sid)
                if reason == "not possible now":
                    reason = forbidden_reason(match, act.SKILL, sid)
                if reason is None:
                    cost = c.describe(act.SKILL, skill=sid, base=base, to_only=to_only)[0]
            else:
                cost, reason = idle_reason(match, uid, sid, c)
            if reason is None:
                _, why = choices_before_activation(match, uid, side, sid)
                reason = why
        if impl.costless and reason is None:
            cost = "no ACT"
        note = skill_effect(sid)
        out.append(ActionState(f"skill:{sid}", label, "", cost, reason, tip=skill_tooltip(match, sid, name, reason,
                                                                                           cost), note=note))
    return out
