"""Combat: valid targets (Core Rules section 8, R7), attacks, Damage and units Taken Out."""
from __future__ import annotations

from dataclasses import dataclass, replace

import esper

from game.rules import actions as act
from game.rules.combat import (
    Accept,
    AttackResolution,
    AttackSpec,
    Decision,
    StrikeTarget,
    reroll_failed_policy,
)
from game.rules.model import MELEE, RANGED, WeaponCard

from . import commands as C
from . import events as E
from . import skills as S
from .components import Conditions, Health, Position, Readiness, TakenOut
from .errors import IllegalCommand
from .prompts import Prompt

_STAGE_PROMPTS = {"parry": "parry", "drain": "life_drain", "shield": "shield"}
NO_SOURCE = -1  # the "attacker" of Damage nobody dealt (the battlefield, a mission's rule)


@dataclass(slots=True)
class _AttackContext:
    resolution: AttackResolution
    weapon: WeaponCard | None  # None: Damage from a skill
    attacker: int
    then_move: tuple[float, float, float] | None = None  # an Attack of Opportunity interrupts this move
    mover: int | None = None
    path: tuple = ()  # the interrupted move's points
    aoo: bool = False  # an Attack of Opportunity
    action: bool = False  # a Combat action (paid or free), not an Attack of Opportunity
    counter: bool = False  # a Counter attack (it triggers no Counter)
    direct: bool = False  # Damage from a skill
    after: tuple = ()  # steps queued once it is resolved
    flushed: int = 0  # records of the resolution already emitted as events



class MatchAttacks:
    def ranged_target_reason(self, attacker: int, weapon: WeaponCard, target: int, origin=None) -> str | None:
        """Why `target` is not a valid Ranged Combat target (Core Rules section 8, R7, skills), or None.
        `origin`: a Base the shot is fired from instead of the attacker's own (a mission's Turret): range and
        Line of Sight are measured from it; the rules about the attacker (Adjacent enemies, R7) still apply."""
        with self._in_world():
            why = self._target_basics(attacker, weapon, target, "shoot")
            if why:
                return why
            pbk = weapon.has("PBK")
            adj_enemies = self.adjacent_enemies(attacker)
            if adj_enemies and not (pbk and set(adj_enemies) <= {target}):
                return "a unit Adjacent to an enemy cannot make a Ranged attack"
            if self.adjacent(attacker, target) and not pbk:
                return "the target is Adjacent to the attacker"
            why = self._held_by_squadmate(attacker, target)
            if why:
                return why
            if not self.table.in_range(origin or self.base(attacker), self.base(target), weapon.range_inches):
                return f"out of range ({weapon.range_inches:g}\")"
            sight = S.sight_from(self, attacker, target) if origin is None else S.sight_between(self, origin,
                                                                                                self.base(target))
            if not sight.visible:
                return "not in Line of Sight" + (f" ({self.blocker_words(sight.blocker)})" if sight.blocker else "")
            why = S.ranged_restriction(self, attacker, target)
            if why:
                return why
            return self.mission.ranged_target_reason(self, attacker, target)

    def shot_barred_reason(self, attacker: int, target: int) -> str | None:
        """Why `attacker` may shoot `target` from no spot at all, or None: a squadmate of its is Adjacent to the target
        (R7) or the mission forbids the shot (a computer player looking for a spot to shoot from)."""
        with self._in_world():
            return self._held_by_squadmate(attacker, target) or self.mission.ranged_target_reason(self, attacker, target)

    def _held_by_squadmate(self, attacker: int, target: int) -> str | None:
        """R7: no Ranged attack on a target Adjacent to a squadmate (save the skills that shoot past one)."""
        for mate in self.squadmates(attacker):
            if self.adjacent(mate, target) and not S.may_shoot_past(self, attacker, mate):
                return f"the target is Adjacent to {self.unit(mate).name}"
        return None

    def melee_target_reason(self, attacker: int, weapon: WeaponCard, target: int) -> str | None:
        with self._in_world():
            why = self._target_basics(attacker, weapon, target, "attack")
            if why:
                return why
            if not self.adjacent(attacker, target):
                return "the target is not Adjacent"
            return None

    def _target_basics(self, attacker: int, weapon: WeaponCard, target: int, verb: str) -> str | None:
        """What rules out a target for any combat action: gone, at 0 HIT, a squadmate, Limited Ammo spent."""
        if not self.standing(target):
            return "that target is not on the table"
        if self.conditions(target).downed:
            return "a Downed unit cannot be targeted"
        if self.health(target).hit <= 0:
            return "that target is already at 0 HIT"
        if self.side_of(target) == self.side_of(attacker):
            return f"you cannot {verb} a squadmate"
        why = self.mission.target_reason(self, attacker, target)
        if why:
            return why
        if weapon.has("LIM") and weapon.id in self.readiness(attacker).used_limited:
            return "Limited Ammo: already used this mission"
        return None


    # == combat =====================================================================================
    def _weapon(self, uid: int, weapon_id: str, kind: str) -> WeaponCard:
        try:
            w = self.unit(uid).card.weapon(weapon_id)
        except KeyError:
            raise IllegalCommand("this unit has no such weapon") from None
        if w.kind != kind:
            raise IllegalCommand(f"{w.name} is not a {kind} weapon")
        return w

    def _check_grant_target(self, target: int) -> None:
        a = self.activation
        if a.target is not None and target != a.target:
            raise IllegalCommand(f"this free attack must target {self.unit(a.target).name}")

    def _do_ranged(self, cmd: C.RangedAttack) -> None:
        uid = self.activation.uid
        w = self._weapon(uid, cmd.weapon, RANGED)
        self._check_grant_target(cmd.target)
        # every Spread target must be a valid target; Chain Reaction's secondary ones need only be Adjacent
        targets = [cmd.target, *cmd.extra_targets] if w.has("SPR") else [cmd.target]
        for t in targets:
            reason = self.ranged_target_reason(uid, w, t)
            if reason:
                raise IllegalCommand(reason)
        groups = self._target_groups(w, cmd.target, cmd.extra_targets, cmd.split, melee=False)
        self._pay(act.RANGED_COMBAT, w)
        if not cmd.extra_targets:
            devoted = S.devoted_options(self, uid, w, cmd.target)
            if devoted:
                self.prompt = Prompt("devoted", self.side_of(cmd.target),
                                      f"{self.unit(cmd.target).name} is targeted: may a Devoted unit take its "
                                      "place?", options=tuple(devoted), data=(uid, w.id, cmd.target))
                return
        self._start_attack(uid, w, groups, action=True)

    def _do_melee(self, cmd: C.MeleeAttack) -> None:
        uid = self.activation.uid
        w = self._weapon(uid, cmd.weapon, MELEE)
        self._check_grant_target(cmd.target)
        reason = self.melee_target_reason(uid, w, cmd.target)
        if reason:
            raise IllegalCommand(reason)
        groups = self._target_groups(w, cmd.target, cmd.extra_targets, (), melee=True)
        self._pay(act.MELEE_COMBAT, w)
        self._start_attack(uid, w, groups, action=True)

    def _target_groups(self, w: WeaponCard, target: int, extra: tuple[int, ...], split: tuple[int, ...],
                       melee: bool, attacker: int | None = None) -> list[tuple[int | None, list[int]]]:
        """Who each attack roll hits, with its dice (None: all of them): BLS adds Adjacent visible units,
        CHRx the chosen ones, SPR splits the dice between targets. The units BLS and CHRx add are targets too: one
        the mission forbids this attacker to target (a Rival, N75) is left out."""
        if w.has("SPR") and extra:
            if len(split) != 1 + len(extra) or sum(split) != w.att or min(split) < 1:
                raise IllegalCommand("Spread: give every target at least one die, all dice allocated")
            chosen = [target, *extra]
            for t in chosen:
                if not any(o != t and self.adjacent(t, o) for o in chosen):
                    raise IllegalCommand("Spread: each target must be Adjacent to another selected target")
            return [(n, [t]) for n, t in zip(split, chosen)]
        if extra and not w.has("CHR"):
            raise IllegalCommand("only Chain Reaction or Spread weapons take more targets")
        shooter = attacker if attacker is not None else self.activation.uid
        if extra:
            if len(extra) > w.value("CHR"):
                raise IllegalCommand(f"Chain Reaction {w.value('CHR')}: too many secondary targets")
            for t in extra:
                if not self.standing(t) or not self.adjacent(target, t):
                    raise IllegalCommand("Chain Reaction targets must be Adjacent to the first target")
                why = self.mission.target_reason(self, shooter, t)
                if why:
                    raise IllegalCommand(why)
        group = [target, *extra]
        if w.has("BLS"):
            tb = self.base(target)
            for o in self.units():
                if o in group or o == shooter or self.mission.target_reason(self, shooter, o):
                    continue
                ob = self.base(o)
                if self.table.adjacent(tb, ob) and self.table.sight(tb, ob).visible:
                    group.append(o)
        return [(None, group)]

    def start_attack(self, attacker: int, weapon: WeaponCard, groups, **kw) -> None:
        """A free attack that skills give (Counter), a mission's rule makes (Haunting Spirits), or a mission's attack
        with a weapon the attacker does not carry fired from another place (`origin`: a Base for Line of Sight and
        Cover): resolved at once; `after`: steps queued once it is resolved."""
        self._start_attack(attacker, weapon, groups, **kw)

    def mission_attack_bonus(self, attacker: int, target: int, weapon: WeaponCard) -> tuple[int, int]:
        """(+ATT, +SKL) the mission gives this attack (Rivals, Coordinated Assault)."""
        return self.mission.attack_bonus(self, attacker, target, weapon)

    def _attack_spec(self, attacker: int, weapon: WeaponCard, groups: list[tuple[int | None, list[int]]],
                     att: int | None = None, aoo: bool = False, origin=None) -> AttackSpec | None:
        """Everything an attack will roll, as the rules see it (skills and the mission's rules applied): the one
        place both a real attack and its preview come from. None when no Attack die is left to roll.
        `origin`: the Base it is fired from when not the attacker's own (a Turret): sight and Cover from there."""
        a_unit = self.unit(attacker)
        kind = weapon.kind
        main = groups[0][1][0]
        d_att, d_skl = self.mission_attack_bonus(attacker, main, weapon)
        if att is None:
            att = esper.component_for_entity(attacker, Health).hit if weapon.has("HIT") else weapon.att
            att = S.attack_dice(self, attacker, weapon, att, aoo) + d_att
        if att <= 0:
            return None
        spec_groups = []
        for n, g in groups:
            n = att if n is None else n
            targets = []
            for t in g:
                tu = self.unit(t)
                cover = False
                tsupport = 0
                if kind == RANGED:
                    s = S.sight_from(self, attacker, t) if origin is None else S.sight_between(self, origin,
                                                                                                self.base(t))
                    cover = s.cover and not weapon.has("NCV")
                else:
                    tsupport = sum(1 for m in self.squadmates(t) if not self.unit(m).item and self.adjacent(m, t))
                targets.append(StrikeTarget(uid=t, arm=tu.card.arm, hit=esper.component_for_entity(t, Health).hit,
                                            cover=cover, support=tsupport, name=tu.name))
            spec_groups.append((n, tuple(targets)))
        support = 0
        if kind == MELEE:
            support = sum(1 for m in self.squadmates(attacker) if not self.unit(m).item and self.adjacent(m, main))
        rerolls = []
        if kind == RANGED and weapon.value("ACC"):
            rerolls.append(("ACC", weapon.value("ACC")))
        if kind == MELEE and weapon.value("BRU"):
            rerolls.append(("BRU", weapon.value("BRU")))
        if support:
            rerolls.append(("support", support))
        spec = AttackSpec(attacker=attacker, kind=kind, att=att, skl=weapon.skl, attacker_arm=a_unit.card.arm,
                          attacker_hit=esper.component_for_entity(attacker, Health).hit,
                          groups=tuple(spec_groups), rerolls=tuple(rerolls), rlt=weapon.has("RLT"),
                          aut=weapon.value("AUT"), rnd=weapon.value("RND"), weapon=weapon.name,
                          attacker_name=a_unit.name)
        spec = S.on_attack_spec(self, spec, weapon, aoo)
        if d_skl:
            spec = replace(spec, skl=max(1, min(6, spec.skl + d_skl)))
        bonus = {st.uid: self.mission.arm_bonus(self, st.uid, attacker, kind == RANGED)
                 for _, g in spec.groups for st in g}
        if any(bonus.values()):
            spec = replace(spec, groups=tuple((n, tuple(replace(st, arm=st.arm + bonus[st.uid]) for st in g))
                                              for n, g in spec.groups))
        return self.mission.attack_spec(self, spec, weapon)

    def _start_attack(self, attacker: int, weapon: WeaponCard, groups: list[tuple[int | None, list[int]]],
                      att: int | None = None, then_move=None, mover: int | None = None, aoo: bool = False,
                      action: bool = False, counter: bool = False, path=(), origin=None, after: tuple = ()) -> None:
        kind = weapon.kind
        spec = self._attack_spec(attacker, weapon, groups, att, aoo, origin)
        if spec is None:
            self.note("No Attack dice left to roll", attacker)
            if then_move is not None and mover is not None and self.standing(mover):
                self._finish_move(mover, then_move, points=path)
            self._queue(*(tuple(x) for x in after), front=True)
            return
        if weapon.has("LIM"):
            r = esper.component_for_entity(attacker, Readiness)
            r.used_limited = tuple(sorted({*r.used_limited, weapon.id}))
        self.emit(E.AttackDeclared(attacker, weapon.name, tuple(st.uid for _, g in spec.groups for st in g),
                                   melee=kind == MELEE, aoo=aoo))
        res = AttackResolution.start(spec, self.dice)
        self.state.attack = _AttackContext(resolution=res, weapon=weapon, attacker=attacker, then_move=then_move,
                                      mover=mover, path=tuple(path), aoo=aoo, action=action, counter=counter,
                                      after=tuple(after))
        self._step_attack()

    def deal_damage(self, source: int | None, groups: list[tuple[int, list[int]]], kind: str, why: str,
                    after: tuple = ()) -> None:
        """Damage from a skill (Grenade, Toxic, Acid Blood...): no attack roll; each target rolls its Armor
        Saves for it. kind RANGED: a Critical Save counts as 2; MELEE ("Melee Damage"): it returns Damage
        to the source (N31). `source` None: Damage from the battlefield or a mission's rule (a collapse, gas):
        nobody dealt it, so Damage a melee Critical Save returns is lost."""
        spec_groups = []
        for n, g in groups:
            spec_groups.append((n, tuple(StrikeTarget(uid=t, arm=self.unit(t).card.arm, hit=self.health(t).hit,
                                                      name=self.unit(t).name) for t in g)))
        if source is None:
            source = NO_SOURCE
            spec = AttackSpec(attacker=source, kind=kind, att=0, skl=0, attacker_arm=1, attacker_hit=0,
                              groups=tuple(spec_groups), weapon=why, attacker_name=why, direct=True)
            main = spec.groups[0][1][0].uid
            spec = replace(spec, groups=tuple((n, tuple(S._target(self, source, t, kind, None, t.uid == main, True)
                                                        for t in g)) for n, g in spec.groups))
        else:
            src = self.unit(source)
            spec = AttackSpec(attacker=source, kind=kind, att=0, skl=0, attacker_arm=src.card.arm,
                              attacker_hit=self.health(source).hit, groups=tuple(spec_groups), weapon=why,
                              attacker_name=src.name, direct=True)
            spec = S.on_attack_spec(self, spec, None)
        self.emit(E.AttackDeclared(source, why, tuple(st.uid for _, g in spec.groups for st in g), melee=kind == MELEE))
        res = AttackResolution.start(spec, self.dice)
        self.state.attack = _AttackContext(resolution=res, weapon=None, attacker=source, direct=True, after=tuple(after))
        self._step_attack()

    def down(self, uid: int) -> None:
        """At 0 HIT a unit is Downed instead of Taken Out (Horde Mode): it stays on the table, enemies ignore it,
        it takes no Damage and may only Move, Dash or be revived; it keeps what it carries."""
        with self._in_world():
            esper.component_for_entity(uid, Conditions).downed = True
        self._follow(uid)
        u = self.unit(uid)
        self.emit(E.Downed(uid, u.name, u.side))

    def revive(self, uid: int, hit: int, why: str) -> None:
        """A Downed unit stands again with `hit` HIT."""
        with self._in_world():
            esper.component_for_entity(uid, Conditions).downed = False
            h = esper.component_for_entity(uid, Health)
            h.hit = max(1, min(hit, h.max_hit))
        self._follow(uid)
        u = self.unit(uid)
        self.emit(E.Revived(uid, u.name, u.side, h.hit, why))

    def heal(self, uid: int, n: int, why: str = "") -> None:
        h = esper.component_for_entity(uid, Health)
        gain = max(0, min(n, h.max_hit - h.hit))
        h.hit += gain
        self.emit(E.Healed(uid, self.unit(uid).name, gain, h.hit, h.max_hit, why))

    def lose_hit(self, uid: int, n: int, source: int | None = None) -> None:
        """HIT lost without a save (Execute, Get In Dere!)."""
        h = esper.component_for_entity(uid, Health)
        lost = min(n, h.hit)
        h.hit -= lost
        self.emit(E.HitLost(uid, self.unit(uid).name, lost, source))
        if h.hit <= 0 and lost:
            self._queue(("zero", uid, source, False), front=True)


    def _has_options(self, side: str, d: Decision, to: int | None = None) -> bool:
        """N2: whether `side` may change anything about decision `d` (with `to` Tactical Orders: its own now)."""
        if d.stage == "parry":
            return d.free_count("PAR") > 0 and any(d.ok(i) and d.rerollable(i) for i in range(len(d.dice)))
        if d.stage in ("drain", "shield"):
            return True
        if (self.to.get(side, 0) if to is None else to) > 0:
            return True
        for i, die in enumerate(d.dice):
            if die.auto and d.stage == "attack":
                return True
            if die.rerolled or die.auto or d.no_reroll:
                continue
            if any(n > 0 for _, n in d.free):
                return True
            if d.rlt and die.natural == 6:
                return True
        return False

    def _step_attack(self) -> None:
        """Run the attack until a side has a real choice, or it is over."""
        ctx = self.state.attack
        res = ctx.resolution
        while not res.done:
            d = res.decision
            side = self.side_of(d.uid)
            if side not in self.sides:  # an item no side plays (a Crate): its free re-rolls go on failed dice
                res.act(reroll_failed_policy(d))
                continue
            if self._has_options(side, d):
                kind = _STAGE_PROMPTS.get(d.stage, "dice")
                options = (d.free[0][1],) if kind in ("life_drain", "shield") else ()
                prompt = Prompt(kind, side, _decision_text(d), decision=d, options=options)
                if self._choice_matters(prompt):  # N2: no answer would change what happens: it stands
                    self.prompt = prompt
                    self._flush_attack_records(ctx)
                    return
            res.act(Accept())
        self._finish_attack()

    def _finish_attack(self) -> None:
        ctx = self.state.attack
        res = ctx.resolution
        self.state.attack = None
        self.prompt = None
        self._flush_attack_records(ctx)
        for uid in set(res.outcome()) | set(res.healed):
            h = esper.component_for_entity(uid, Health)
            h.hit = max(0, min(h.max_hit, res.hit_left[uid]))
        if ctx.weapon is not None and ctx.weapon.has("STN") and any(res.criticals.values()):
            for _, targets in res.spec.groups:
                for t in targets:
                    if self.standing(t.uid) and not self.unit(t.uid).item:
                        esper.component_for_entity(t.uid, Readiness).stunned = 1
                        self.note(f"{t.name} is Stunned: -1 ACT next activation (STN)", t.uid)
        steps: list[tuple] = []
        # units that fall at once go first: a Duty Before Death action then sees the table as it is
        for uid in sorted(res.taken_out(), key=self._has_last_action):
            killer, by_attack = res.killer.get(uid, (None, False))
            melee = (not ctx.direct and ctx.weapon is not None and ctx.weapon.kind == MELEE and by_attack
                     and killer == ctx.attacker)
            steps.append(("zero", uid, killer, melee))
        self.emit(E.AttackEnded(ctx.attacker, tuple(sorted(res.outcome().items()))))
        if ctx.then_move is not None:
            mover = res.spec.groups[0][1][0].uid
            if self.standing(mover) and self.health(mover).hit > 0:
                self._finish_move(mover, ctx.then_move, points=ctx.path)
        steps += S.after_attack(self, ctx, res)
        if ctx.weapon is not None:
            steps += self.mission.after_attack(self, ctx.attacker, ctx.weapon, res.spec.groups[0][1][0].uid,
                                               dict(res.outcome()))
        steps += [tuple(x) for x in ctx.after]
        self._queue(*steps, front=True)

    def _flush_attack_records(self, ctx: "_AttackContext") -> None:
        """The attack's dice and Damage records so far become events (the screen shows them as they come)."""
        log = ctx.resolution.log
        self.events.extend(log[ctx.flushed:])
        ctx.flushed = len(log)

    def taken_out_by(self, uid: int) -> int | None:
        """The unit whose attack or Damage took `uid` out (None: still standing, or no unit did it)."""
        t = self._taken_out(uid)
        return None if t is None else t.by

    def fell_at(self, uid: int) -> tuple[float, float, float] | None:
        """Where a unit Taken Out stood when it fell (None: it is not Taken Out)."""
        t = self._taken_out(uid)
        return None if t is None else t.at

    def _taken_out(self, uid: int) -> TakenOut | None:
        with self._in_world():
            t = esper.try_component(uid, TakenOut)
        r = self._retired_records().get(uid) if t is None else None
        return t if r is None else r.fell

    def _has_last_action(self, uid: int) -> bool:
        return any(s in S.DUTY_BEFORE_DEATH for s in self.unit(uid).card.skills)

    def _take_out(self, uid: int, by: int | None = None) -> None:
        u = self.unit(uid)
        self._drop_carried(uid)  # a carried marker is dropped where its carrier falls
        p = esper.component_for_entity(uid, Position)
        esper.add_component(uid, TakenOut(self.turn, by, (p.x, p.y, p.z)))
        self._lift(uid)
        esper.component_for_entity(uid, Readiness).ready = False
        if not u.item:
            self.taken_out_count[u.side] += 1
        self.remove_tokens(owner=uid, kinds=("gaze", "scan"))
        self.emit(E.TakenOut(uid, u.name, u.side, u.item))
        self.mission.on_taken_out(self, uid)



def _decision_text(d: Decision) -> str:
    if d.stage == "parry":
        return "Parry: make the attacker re-roll one of its attack dice?"
    if d.stage == "drain":
        return "Life Drain: how many Critical Strikes heal your unit instead of dealing Damage?"
    if d.stage == "shield":
        return "Shield: how many Critical Saves count as two saves instead of returning Damage?"
    who = "Attack dice" if d.stage == "attack" else "Armor Saves"
    return f"{who}: re-roll or change dice, or accept"
