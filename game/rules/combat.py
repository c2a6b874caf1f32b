"""Attack resolution, die by die (Core Rules section 8), as a small state machine.

An attack rolls its Attack dice, lets the attacker re-roll or change them, then each target rolls
Armor Saves and may re-roll or change those; in melee every Critical Save returns 1 Damage, which
chains (R4). Whenever a side could still alter its dice, the resolution stops on a `Decision` and waits
for an action: `Reroll`, `Change`, `RollAuto` or `Accept`. The match turns decisions into Prompts; the
odds calculator's Monte Carlo answers them with a fixed policy. Same code either way.

Damage is tallied here and capped at each unit's remaining HIT (R6); the match applies it.

Skills and unit specials reach the resolution as plain fields of the spec (the match fills them in):
save re-rolls (Dodge, Tough, auras), Hardened (1s and 2s are Critical Saves), automatic saves (Stealthy),
Protect (a 1D6 per HIT about to be lost, kept on 1-2), Mindstab (no re-rolls at all), and three extra
decisions: Parry (the defender makes the attacker re-roll one die), Life Drain (the attacker turns
Critical Strikes into healing) and Shield (a melee Critical Save counts as two saves instead of returning
Damage). A `direct` spec is Damage from a skill: no attack roll, each target just saves that Damage.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from . import records as R
from .counting import (  # noqa: F401  (the counts: re-exported for the readers of combat)
    SaveTally,
    StrikeTally,
    drained_damage,
    is_critical,
    save_succeeds,
    save_tally,
    strike_damage,
    strike_tally,
    warded,
)
from .dice import Dice, Die
from .model import MELEE, RANGED
from .records import SOURCE_NAMES  # noqa: F401  (re-exported for readers of source names)
from .wording import count

ATTACK = "attack"
SAVE = "save"
RETURN_SAVE = "return_save"
PARRY = "parry"  # the defender may make the attacker re-roll one attack die (PAR)
DRAIN = "drain"  # the attacker may turn Critical Strikes into healing (LFD)
SHIELD = "shield"  # the defender may count melee Critical Saves as two saves instead of returning Damage
PROTECT = "protect"  # the dice of Protect: a 1D6 per HIT about to be lost

ATTACKER = "attacker"
DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class StrikeTarget:
    """A unit (or item) hit by an attack roll, as the rules need it."""

    uid: int
    arm: int
    hit: int
    cover: bool = False  # Cover applies: may re-roll one save die (ranged; already cleared by NCV/High Ground)
    support: int = 0  # melee: squadmates of the target Adjacent to it, one save re-roll each (R5)
    name: str = ""
    save_rerolls: tuple[tuple[str, int], ...] = ()  # skill re-rolls of save dice: ("DOD", 1), ("aegis", 1), ...
    hardened: bool = False  # HRD: natural 1s and 2s are Critical Saves
    auto_saves: int = 0  # STL: automatic saves on top of the rolled ones (ranged, in Cover)
    ward: bool = False  # Protect: each HIT about to be lost is kept on a 1D6 roll of 1-2
    parry: bool = False  # PAR: may make the attacker re-roll one attack die before saving (melee)
    shield: bool = False  # Shield: melee Critical Saves may count as two saves instead of returning Damage
    no_reroll: bool = False  # Mindstab: may not re-roll its dice


@dataclass(frozen=True, slots=True)
class AttackSpec:
    attacker: int
    kind: str  # MELEE or RANGED
    att: int
    skl: int
    attacker_arm: int
    attacker_hit: int
    groups: tuple[tuple[int, tuple[StrikeTarget, ...]], ...]  # one attack roll each: (dice, targets sharing it)
    rerolls: tuple[tuple[str, int], ...] = ()  # counted re-rolls of Attack dice: ("ACC", 1), ("support", 2), ...
    rlt: bool = False  # Relentless: any die showing 6 may be re-rolled
    aut: int = 0  # Autohit: this many dice of each roll are automatic Strikes
    rnd: int = 0  # Rending: up to this many Critical Strikes deal 3 Damage
    weapon: str = ""
    attacker_name: str = ""
    direct: bool = False  # Damage from a skill: no attack roll; each group's number is the Damage dealt
    drain: bool = False  # LFD: Critical Strikes may heal the attacker instead of dealing Damage
    attacker_max_hit: int = 0  # for healing (0: the attacker_hit)
    attacker_hardened: bool = False  # HRD on the attacker: for returned Damage
    attacker_ward: bool = False  # Protect on the attacker
    attacker_no_reroll: bool = False  # Mindstab on the attacker: no re-rolls of attack or save dice

    @staticmethod
    def single(attacker: int, kind: str, att: int, skl: int, target: StrikeTarget, *, attacker_arm: int = 0,
               attacker_hit: int = 99, **kw) -> "AttackSpec":
        return AttackSpec(attacker=attacker, kind=kind, att=att, skl=skl, attacker_arm=attacker_arm,
                          attacker_hit=attacker_hit, groups=((att, (target,)),), **kw)


@dataclass(frozen=True, slots=True)
class Decision:
    """The resolution waits: `role` (ATTACKER or DEFENDER of the whole attack) may alter `uid`'s dice."""

    stage: str
    role: str
    uid: int
    dice: tuple[Die, ...]
    stat: int
    free: tuple[tuple[str, int], ...]  # free re-roll sources left: (source, count)
    rlt: bool = False
    crit: int = 1  # the highest natural face that is a Critical (HRD saves: 2)
    no_reroll: bool = False  # Mindstab: these dice may not be re-rolled (Tactical Order changes still may)

    def free_count(self, source: str) -> int:
        return dict(self.free).get(source, 0)

    def critical(self, i: int) -> bool:
        """Die i is a Critical (a natural 1, or up to `crit`: a Hardened 2), as the screen marks it."""
        return is_critical(self.dice[i], self.crit)

    def ok(self, i: int) -> bool:
        """Die i succeeds (a Hardened 2 is a Critical Save, so a success)."""
        return is_critical(self.dice[i], self.crit) or self.dice[i].succeeds(self.stat)

    def failed(self) -> list[int]:
        return [i for i in range(len(self.dice)) if not self.ok(i)]

    def rerollable(self, i: int) -> bool:
        d = self.dice[i]
        return not d.rerolled and not d.auto and not self.no_reroll


@dataclass(frozen=True, slots=True)
class Reroll:
    index: int
    source: str  # a free source of the decision, "RLT" (a 6), or "TO"


@dataclass(frozen=True, slots=True)
class Change:
    index: int
    delta: int  # +1 or -1, one Tactical Order each (R2)


@dataclass(frozen=True, slots=True)
class RollAuto:
    index: int  # AUTx: roll an automatic Strike die after all


@dataclass(frozen=True, slots=True)
class Accept:
    pass


@dataclass(frozen=True, slots=True)
class Convert:
    count: int  # DRAIN: Critical Strikes turned into healing; SHIELD: Critical Saves counted as two saves


class IllegalDiceAction(ValueError):
    pass


@dataclass(slots=True)
class _Chain:
    """Returned melee damage waiting to be saved: `uid` saves `damage` dealt by `source`."""

    uid: int
    source: int
    damage: int


@dataclass(slots=True)
class AttackResolution:
    spec: AttackSpec
    dice: Dice
    lost: dict[int, int] = field(default_factory=dict)
    hit_left: dict[int, int] = field(default_factory=dict)
    to_spent: dict[str, int] = field(default_factory=dict)  # role -> TO spent during this attack
    log: list[R.Event] = field(default_factory=list)  # typed records of every roll, re-roll and Damage
    criticals: dict[int, int] = field(default_factory=dict)  # attacker's Critical Strikes per group
    decision: Decision | None = None
    done: bool = False
    _group: int = 0
    _target: int = 0
    _strike_damage: int = 0
    _attack_dice: tuple[Die, ...] = ()
    _free: dict[str, int] = field(default_factory=dict)
    _chain: list[_Chain] = field(default_factory=list)
    _stage_uid: int = 0
    healed: dict[int, int] = field(default_factory=dict)  # Life Drain
    killer: dict[int, tuple[int, bool]] = field(default_factory=dict)  # uid -> (who dealt its last HIT, by an
    #                                                                      attack roll rather than returned Damage)
    _asked: set = field(default_factory=set)  # PARRY/DRAIN already offered for a group
    _saves: Decision | None = None  # the save roll waiting for a SHIELD answer

    @classmethod
    def start(cls, spec: AttackSpec, dice: Dice) -> "AttackResolution":
        r = cls(spec=spec, dice=dice)
        r.hit_left[spec.attacker] = spec.attacker_hit
        for _, targets in spec.groups:
            for t in targets:
                r.hit_left[t.uid] = t.hit
        r._free = {src: n for src, n in spec.rerolls if n > 0}
        r._roll_attack()
        return r

    # -- public ----------------------------------------------------------------------------------
    def act(self, action) -> None:
        d = self.decision
        if d is None:
            raise IllegalDiceAction("no dice are waiting for a decision")
        if isinstance(action, Convert):
            if d.stage not in (DRAIN, SHIELD):
                raise IllegalDiceAction("nothing to convert now")
            if not 0 <= action.count <= d.free_count("LFD" if d.stage == DRAIN else "shield"):
                raise IllegalDiceAction("cannot convert that many")
            self.decision = None
            self._after(d, action.count)
            return
        if isinstance(action, Accept):
            self.decision = None
            self._after(d)
            return
        if d.stage in (DRAIN, SHIELD) or (d.stage == PARRY and not isinstance(action, Reroll)):
            raise IllegalDiceAction("only the skill's own choice is possible here")
        dice = list(d.dice)
        if not 0 <= getattr(action, "index", -1) < len(dice):
            raise IllegalDiceAction("there is no such die")
        i = action.index
        free = dict(d.free)
        if isinstance(action, Reroll):
            if dice[i].auto:
                raise IllegalDiceAction("an automatic Strike is not rolled; roll it first")
            if dice[i].rerolled:
                raise IllegalDiceAction("a die may be re-rolled only once (R1)")
            if d.no_reroll:
                raise IllegalDiceAction("these dice may not be re-rolled (Mindstab)")
            if d.stage == PARRY and action.source != "PAR":
                raise IllegalDiceAction("Parry re-rolls one attack die, nothing else")
            if action.source == "TO":
                self._spend_to(d.role)
            elif action.source == "RLT":
                if not d.rlt or dice[i].natural != 6:
                    raise IllegalDiceAction("Relentless re-rolls only dice showing 6")
            else:
                if free.get(action.source, 0) <= 0:
                    raise IllegalDiceAction(f"no {action.source} re-roll left")
                free[action.source] -= 1
                if d.stage == ATTACK:
                    self._free[action.source] -= 1
            old = dice[i]
            dice[i] = old.rerolled_to(self.dice.d6())
            self.log.append(R.DieRerolled(uid=d.uid, stage=_roll_stage(d.stage), index=i, source=action.source,
                                          old=old.natural, new=dice[i].natural))
        elif isinstance(action, Change):
            if action.delta not in (1, -1):
                raise IllegalDiceAction("a Tactical Order changes a die by 1")
            if dice[i].auto:
                raise IllegalDiceAction("an automatic Strike cannot be changed")
            self._spend_to(d.role)
            dice[i] = dice[i].shifted(action.delta)
            self.log.append(R.DieChanged(uid=d.uid, stage=_roll_stage(d.stage), index=i, delta=action.delta,
                                         value=dice[i].value))
        elif isinstance(action, RollAuto):
            if d.stage != ATTACK or not dice[i].auto:
                raise IllegalDiceAction("only an automatic Strike can be rolled")
            dice[i] = Die(natural=self.dice.d6())
            self.log.append(R.AutoStrikeRolled(uid=d.uid, index=i, face=dice[i].natural))
        else:
            raise IllegalDiceAction(f"unknown dice action {action!r}")
        self.decision = replace(d, dice=tuple(dice), free=tuple((k, v) for k, v in free.items() if v > 0))

    def outcome(self) -> dict[int, int]:
        return {uid: n for uid, n in self.lost.items() if n}

    def taken_out(self) -> list[int]:
        return [uid for uid, left in self.hit_left.items() if left <= 0 and self.lost.get(uid, 0) > 0]

    # -- steps -----------------------------------------------------------------------------------
    def _spend_to(self, role: str) -> None:
        self.to_spent[role] = self.to_spent.get(role, 0) + 1

    def _roll_attack(self) -> None:
        n, targets = self.spec.groups[self._group]
        if self.spec.direct:
            self.log.append(R.DirectDamage(source=self.spec.attacker, targets=_named(targets), amount=n,
                                           why=self.spec.weapon or "a skill"))
            self._attack_dice = ()
            self._strike_damage = n
            self.criticals[self._group] = 0
            self._target = 0
            self._next_target()
            return
        auto = min(self.spec.aut, n)
        rolled = list(self._roll(n - auto, self.spec.attacker, ATTACK))
        dice = tuple(rolled + [Die(natural=1, auto=True)] * auto)
        self.log.append(R.AttackRolled(attacker=self.spec.attacker, attacker_name=self.spec.attacker_name or "Attacker",
                                       targets=_named(targets), weapon=self.spec.weapon or "a weapon", dice=dice,
                                       stat=self.spec.skl))
        self._attack_dice = dice
        nr = self.spec.attacker_no_reroll
        self._decide(Decision(stage=ATTACK, role=ATTACKER, uid=self.spec.attacker, dice=dice, stat=self.spec.skl,
                              free=() if nr else tuple(self._free.items()), rlt=self.spec.rlt and not nr,
                              no_reroll=nr))

    def _decide(self, decision: Decision) -> None:
        self.decision = decision

    def _after(self, d: Decision, count: int = 0) -> None:
        if d.stage in (ATTACK, PARRY):
            self._attack_dice = d.dice
            tally = self._count_strikes(d.dice)
            self._strike_damage = tally.damage
            self.criticals[self._group] = tally.criticals
            self.log.append(R.StrikesCounted(attacker=self.spec.attacker, dice=d.dice, stat=self.spec.skl,
                                             strikes=tally.strikes, criticals=tally.criticals,
                                             damage=self._strike_damage, after_parry=d.stage == PARRY))
            self._after_attack_dice()
        elif d.stage == DRAIN:
            self._drain(count)
            self._start_targets()
        elif d.stage == SAVE:
            self._resolve_saves(d)
        elif d.stage == SHIELD:
            self._apply_saves(self._saves, count)
        else:
            self._resolve_return(d)

    def _after_attack_dice(self) -> None:
        """Parry, then Life Drain, then the targets' saves."""
        g = self._group
        _, targets = self.spec.groups[g]
        if self.spec.kind == MELEE and (g, PARRY) not in self._asked:
            self._asked.add((g, PARRY))
            parry = next((t for t in targets if t.parry and self.hit_left[t.uid] > 0), None)
            dice = self._attack_dice
            if parry is not None and any(not x.rerolled and not x.auto and x.succeeds(self.spec.skl) for x in dice):
                self._decide(Decision(stage=PARRY, role=DEFENDER, uid=parry.uid, dice=dice, stat=self.spec.skl,
                                      free=(("PAR", 1),)))
                return
        crits = self.criticals.get(g, 0)
        lost = (self.spec.attacker_max_hit or self.spec.attacker_hit) - self.hit_left[self.spec.attacker]
        if self.spec.drain and crits and lost > 0 and (g, DRAIN) not in self._asked:
            self._asked.add((g, DRAIN))
            self._decide(Decision(stage=DRAIN, role=ATTACKER, uid=self.spec.attacker, dice=self._attack_dice,
                                  stat=self.spec.skl, free=(("LFD", min(crits, lost)),)))
            return
        self._start_targets()

    def _drain(self, n: int) -> None:
        if n <= 0:
            return
        crits = self.criticals.get(self._group, 0)
        self._strike_damage -= drained_damage(crits, self.spec.rnd, n)
        a = self.spec.attacker
        top = self.spec.attacker_max_hit or self.spec.attacker_hit
        gain = max(0, min(n, top - self.hit_left[a]))
        self.hit_left[a] += gain
        self.healed[a] = self.healed.get(a, 0) + gain
        self.log.append(R.LifeDrained(uid=a, name=self._name_of(a), criticals=n, healed=gain,
                                      damage_left=self._strike_damage))

    def _start_targets(self) -> None:
        self._target = 0
        self._next_target()

    def _next_target(self) -> None:
        _, targets = self.spec.groups[self._group]
        while self._target < len(targets):
            t = targets[self._target]
            if self.hit_left[t.uid] > 0 and self._strike_damage > 0:
                self._roll_saves(t)
                return
            self._target += 1
        self._group += 1
        if self._group < len(self.spec.groups):
            self._roll_attack()
        else:
            self.done = True

    def _roll_saves(self, t: StrikeTarget) -> None:
        dice = self._roll(self._strike_damage, t.uid, SAVE)
        free: list[tuple[str, int]] = []
        if self.spec.kind == RANGED and t.cover:
            free.append(("cover", 1))
        if self.spec.kind == MELEE and t.support:
            free.append(("support", t.support))
        for src, n in t.save_rerolls:
            if n > 0:
                free.append((src, n))
        if t.no_reroll:
            free = []
        self.log.append(R.SavesRolled(uid=t.uid, name=t.name or "the target", dice=dice, stat=t.arm,
                                      hardened=t.hardened))
        self._decide(Decision(stage=SAVE, role=DEFENDER, uid=t.uid, dice=dice, stat=t.arm, free=tuple(free),
                              crit=2 if t.hardened else 1, no_reroll=t.no_reroll))

    def _resolve_saves(self, d: Decision) -> None:
        t = self.spec.groups[self._group][1][self._target]
        if self.spec.kind == MELEE and t.shield:
            tally = self._count_saves(t.uid, d, MELEE)  # as they stand, before any Shield
            crits, failed = tally.criticals, tally.damage - tally.saved
            if crits and failed > 0:
                self._saves = d
                self._decide(Decision(stage=SHIELD, role=DEFENDER, uid=t.uid, dice=d.dice, stat=d.stat,
                                      free=(("shield", min(crits, failed)),), crit=d.crit))
                return
        self._apply_saves(d, 0)

    def _apply_saves(self, d: Decision, shielded: int) -> None:
        t = self.spec.groups[self._group][1][self._target]
        self._saves = None
        src = self.spec.attacker
        ranged = self.spec.kind == RANGED
        tally = self._count_saves(t.uid, d, self.spec.kind, t.auto_saves if ranged and t.cover else 0, shielded)
        crits, auto = tally.criticals, tally.automatic
        if ranged:
            why = count(tally.saved, "save") + (f" ({crits} Critical Save counting as 2)" if crits else "") + \
                (f" + {auto} automatic (Stealthy)" if auto else "")
            self._damage(t.uid, tally.lost, why, src, True, saved=tally.saved)
        else:
            why = count(tally.saved, "save") + (f" ({shielded} Critical counting as 2: Shield)" if shielded else "")
            self._damage(t.uid, tally.lost, why, src, True, saved=tally.saved)
            back = tally.returned
            if back:
                self.log.append(R.DamageReturned(to_uid=src, from_uid=t.uid, amount=back))
                self._chain.append(_Chain(uid=src, source=t.uid, damage=back))
        self._continue_chain()

    def _continue_chain(self) -> None:
        while self._chain:
            c = self._chain.pop(0)
            if self.hit_left[c.uid] <= 0:
                self.log.append(R.ReturnedDamageLost(uid=c.uid))
                continue
            dice = self._roll(c.damage, c.uid, RETURN_SAVE)
            arm = self._arm_of(c.uid)
            role = ATTACKER if c.uid == self.spec.attacker else DEFENDER
            self._stage_uid = c.source
            self.log.append(R.SavesRolled(uid=c.uid, name=self._name_of(c.uid), dice=dice, stat=arm, returned=True,
                                          hardened=self._flag(c.uid, "hardened")))
            self._decide(Decision(stage=RETURN_SAVE, role=role, uid=c.uid, dice=dice, stat=arm, free=(),
                                  crit=2 if self._flag(c.uid, "hardened") else 1,
                                  no_reroll=self._flag(c.uid, "no_reroll")))
            return
        self._target += 1
        self._next_target()

    def _resolve_return(self, d: Decision) -> None:
        tally = self._count_saves(d.uid, d, MELEE, returned=True)
        crits = tally.returned
        self._damage(d.uid, tally.lost, count(tally.saved, "save"), self._stage_uid, False, saved=tally.saved)
        if crits:
            self.log.append(R.DamageReturned(to_uid=self._stage_uid, from_uid=d.uid, amount=crits, chained=True))
            self._chain.append(_Chain(uid=self._stage_uid, source=d.uid, damage=crits))
        self._continue_chain()

    # -- the hooks a look-ahead watches (game/match/outcomes.py runs a copy of the resolution with them) ------
    def _roll(self, n: int, uid: int, purpose: str) -> tuple[Die, ...]:
        """Every roll of new dice: an attack roll (ATTACK), Armor Saves (SAVE, RETURN_SAVE), Protect's dice
        (PROTECT) for `uid`. Single dice within a decision (re-rolls, an automatic Strike rolled) are `dice.d6()`."""
        return tuple(Die(natural=v) for v in self.dice.roll(n))

    def _count_strikes(self, dice) -> StrikeTally:
        return strike_tally(dice, self.spec.skl, self.spec.rnd)

    def _count_saves(self, uid: int, d: Decision, kind: str, automatic: int = 0, shielded: int = 0,
                     returned: bool = False) -> SaveTally:
        return save_tally(d.dice, d.stat, d.crit, kind, automatic, shielded, returned)

    def fork(self, dice: Dice, cls: type | None = None, log: bool = True) -> "AttackResolution":
        """A copy of this resolution as it stands, rolling `dice` (and of class `cls`, a subclass, when given):
        what it does next leaves this one untouched. `log` False: its log starts empty (the records it makes from
        now on; the resolution never reads its log back)."""
        out = object.__new__(cls or type(self))
        for name in _RESOLUTION_FIELDS if log else _FIELDS_BUT_LOG:
            v = getattr(self, name)
            if isinstance(v, (dict, set, list)):
                v = v.copy()
            setattr(out, name, v)
        if not log:
            out.log = []
        out.dice = dice
        out._chain = [_Chain(c.uid, c.source, c.damage) for c in self._chain]
        return out

    def _damage(self, uid: int, amount: int, why: str, source: int | None = None, by_attack: bool = False,
                saved: int = 0) -> None:
        applied = max(0, min(amount, self.hit_left[uid]))
        if applied and self._flag(uid, "ward"):
            faces = [die.natural for die in self._roll(applied, uid, PROTECT)]
            kept = applied - warded(faces, applied)
            self.log.append(R.ProtectRolled(uid=uid, name=self._name_of(uid),
                                            dice=tuple(Die(natural=f) for f in faces), kept=kept))
            applied -= kept
        if applied and source is not None and applied >= self.hit_left[uid]:
            self.killer[uid] = (source, by_attack)
        self.hit_left[uid] -= applied
        self.lost[uid] = self.lost.get(uid, 0) + applied
        self.log.append(R.DamageTaken(uid=uid, name=self._name_of(uid), amount=applied, source=source, saved=saved,
                                      why=why, taken_out=self.hit_left[uid] <= 0 and applied > 0))

    def _flag(self, uid: int, name: str) -> bool:
        """A per-unit flag of the spec: hardened, ward, no_reroll (attacker_* for the attacker)."""
        if uid == self.spec.attacker:
            return bool(getattr(self.spec, "attacker_" + name))
        for _, targets in self.spec.groups:
            for t in targets:
                if t.uid == uid:
                    return bool(getattr(t, name))
        return False

    def _arm_of(self, uid: int) -> int:
        if uid == self.spec.attacker:
            return self.spec.attacker_arm
        for _, targets in self.spec.groups:
            for t in targets:
                if t.uid == uid:
                    return t.arm
        raise KeyError(uid)

    def _name_of(self, uid: int) -> str:
        if uid == self.spec.attacker:
            return self.spec.attacker_name or "Attacker"
        for _, targets in self.spec.groups:
            for t in targets:
                if t.uid == uid:
                    return t.name or f"#{uid}"
        return f"#{uid}"


_RESOLUTION_FIELDS = tuple(f.name for f in fields(AttackResolution))
_FIELDS_BUT_LOG = tuple(n for n in _RESOLUTION_FIELDS if n != "log")


def _named(targets) -> tuple[tuple[int, str], ...]:
    return tuple((t.uid, t.name or "the target") for t in targets)


def _roll_stage(stage: str) -> str:
    """The roll a decision's dice belong to (Parry re-rolls Attack dice)."""
    return R.ATTACK_ROLL if stage in (ATTACK, PARRY) else stage


# -- the simple policy used by the odds calculator, the headless runner and NPCs ------------------
def reroll_failed_policy(decision: Decision) -> object:
    """Re-roll failed dice only, with free sources (Relentless first for 6s); never spend Tactical Orders.
    Parry: make the attacker re-roll its best die; Shield: count every Critical Save as two saves;
    Life Drain: keep the Damage (no healing)."""
    if decision.stage == PARRY:
        ok = [i for i in range(len(decision.dice)) if decision.ok(i) and decision.rerollable(i)]
        if ok:
            return Reroll(min(ok, key=lambda i: (not decision.dice[i].critical, i)), "PAR")
        return Accept()
    if decision.stage == SHIELD:
        return Convert(decision.free_count("shield"))
    if decision.stage == DRAIN:
        return Convert(0)
    for i in decision.failed():
        if not decision.rerollable(i):
            continue
        if decision.rlt and decision.dice[i].natural == 6:
            return Reroll(i, "RLT")
    for i in decision.failed():
        if not decision.rerollable(i):
            continue
        for src, n in decision.free:
            if n > 0:
                return Reroll(i, src)
    return Accept()


def resolve_with_policy(spec: AttackSpec, dice: Dice, policy=reroll_failed_policy) -> AttackResolution:
    r = AttackResolution.start(spec, dice)
    while not r.done:
        r.act(policy(r.decision))
    return r
