"""The live game: one esper world, seeded dice, a command log, and the rules applied command by command.

`Match.submit(command)` is the only way to change a match. It validates (raising IllegalCommand with a
reason), applies, and records the command. When a resolution needs a decision (re-roll this die? which
unit makes the Attack of Opportunity? how many inches to blunt?) the match stops on a `Prompt` that the
deciding side answers with its next command. `legal_commands(side)` lists what a side may do now.

Skills and unit specials live in `skills.py`; the match calls it at named hook points (search for `S.`).
After every command the match runs its step queue (`_after_step`): Damage and deaths, free actions that
skills grant (Duty Before Death, Relay Order, Disciplined...), Counter, the next activation, the Turn.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field

import esper

from game.battlefield import Base, Battlefield, Table
from game.rules import actions as act
from game.rules.combat import (Accept, AttackResolution, AttackSpec, Change, Convert, Decision, IllegalDiceAction,
                               Reroll, RollAuto, StrikeTarget)
from game.rules.dice import Dice
from game.rules.model import MELEE, RANGED, UnitCard, WeaponCard
from game.rules.orders import roll_tactical_orders, tactical_order_dice

from . import commands as C
from . import skills as S
from .components import Activation, Conditions, Health, Position, Readiness, TakenOut, Unit
from .errors import IllegalCommand
from .mission import MissionScript, Result
from .scenario import Scenario

_world_ids = itertools.count(1)

DEPLOY = "deploy"
BATTLE = "battle"
OVER = "over"

# combat decision stage -> prompt kind
_STAGE_PROMPTS = {"parry": "parry", "drain": "life_drain", "shield": "shield"}


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the match waits for. `kind`: "dice", "aoo", "blunt", "first", "pick_npc", and for skills
    "parry", "life_drain", "shield", "devoted", "counter", "fate_shift", "react" (docs/architecture.md)."""

    kind: str
    side: str
    text: str
    decision: Decision | None = None  # for "dice", "parry", "life_drain", "shield"
    options: tuple = ()  # for "aoo": (uid, weapon id) pairs; "blunt"/"life_drain"/"shield": (max,); choices
    data: tuple = ()  # what the answer applies to (e.g. "counter": (defender, attacker))


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


@dataclass(slots=True)
class _PendingMove:
    mover: int
    dest: tuple[float, float, float]
    spare: float  # movement inches left after the path: may blunt (R16)
    candidates: tuple[tuple[int, str], ...]
    aoo_side: str
    chosen: tuple[int, str] | None = None
    points: tuple = ()


@dataclass(slots=True)
class Event:
    kind: str  # "log", "roll", "move", "attack", "taken_out", "spawn", "turn", "activation", "result", "token"
    text: str
    data: dict = field(default_factory=dict)


class Match:
    def __init__(self, scenario: Scenario, seed: int, mission: MissionScript, battlefield: Battlefield,
                 cards: dict[str, list[tuple[str, UnitCard]]], catalog=None, table: Table | None = None) -> None:
        """`cards`: for each side with a squad, its units as (name, built card). `table`: a Table of this
        battlefield to reuse (reset to the map as loaded), e.g. the one of the match an undo replays."""
        self.scenario = scenario
        self.seed = seed
        self.mission = mission
        self.catalog = catalog
        self.world = f"match-{next(_world_ids)}"
        if table is not None and table.battlefield is battlefield and table.measure == scenario.measure:
            table.reset()
            self.table = table
        else:
            self.table = Table(battlefield, scenario.measure)
        self.dice = Dice(seed)
        self.log: list[C.Command] = []
        self.rolls_per_command: list[int] = []
        self.events: list[Event] = []
        self.sides = scenario.side_names
        self.npc_sides = tuple(s.side for s in scenario.sides if s.npc)
        self.phase = DEPLOY
        self.turn = 0
        self.to: dict[str, int] = {s: 0 for s in self.sides}
        self.taken_out_count: dict[str, int] = {s: 0 for s in self.sides}
        self.next_side: str | None = None
        self.activation: Activation | None = None
        self.result: Result | None = None
        self.tokens: list[dict] = []  # Smoke, Scan, Dark Gaze: kind, owner, side, x, y, z, radius, until
        self.side_effects: dict[str, tuple[str, ...]] = {}  # skill ids active for a side until the Turn ends
        self._attack: _AttackContext | None = None
        self._move: _PendingMove | None = None
        self._prompt: Prompt | None = None
        self._deployed_sides: set[str] = set()
        self._pending: list[tuple] = []  # steps waiting to run (plain data: they are part of the state)
        # activations waiting under a grant of free actions, each with the steps that were queued after it
        self._interrupted: list[tuple[Activation | None, list[tuple]]] = []
        self._allegiance: dict[int, str] = {}  # Compel: uid -> the side controlling it for now
        self._react_due: str = ""  # "start"/"action": offer the other side its reactions (Standby...)
        with self._in_world():
            for side, units in cards.items():
                for name, card in units:
                    self.add_unit(side, name, card)
            self.mission.setup(self)
            self._sync_table()
            for s in self.sides:
                if not self.undeployed(s):
                    self._deployed_sides.add(s)
            self._maybe_start_battle()
            self._after_step()

    # == world and bookkeeping ======================================================================
    @contextmanager
    def _in_world(self):
        prev = esper.current_world
        if prev == self.world:
            yield
            return
        esper.switch_world(self.world)
        try:
            yield
        finally:
            esper.switch_world(prev)

    def close(self, keep_table: bool = False) -> None:
        """Delete this match's esper world and release its table (unless a new match takes the table over)."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)
        if not keep_table:
            self.table.close()

    def say(self, text: str, kind: str = "log", **data) -> None:
        self.events.append(Event(kind, text, data))

    # == units ======================================================================================
    def add_unit(self, side: str, name: str, card: UnitCard, pos: tuple[float, float, float] | None = None,
                 item: bool = False) -> int:
        """Put a unit (or item) in the match. Missions call this to spawn."""
        with self._in_world():
            uid = esper.create_entity(Unit(name=name, side=side, card=card, type_id=card.type_id, item=item,
                                           leader=card.is_leader),
                                      Health(card.hit, card.hit), Readiness(), Conditions())
            if pos is not None:
                esper.add_component(uid, Position(*pos))
            return uid

    def spawn(self, side: str, name: str, card: UnitCard, x: float, y: float, z: float = 0.0,
              item: bool = False) -> int:
        uid = self.add_unit(side, name, card, (x, y, z), item=item)
        with self._in_world():
            esper.component_for_entity(uid, Readiness).ready = self.phase == BATTLE and not item
        self._sync_table()
        self.say(f"{name} appears", "spawn", uid=uid, x=x, y=y)
        return uid

    def unit(self, uid: int) -> Unit:
        with self._in_world():
            return esper.component_for_entity(uid, Unit)

    def health(self, uid: int) -> Health:
        with self._in_world():
            return esper.component_for_entity(uid, Health)

    def position(self, uid: int) -> Position | None:
        with self._in_world():
            return esper.try_component(uid, Position)

    def readiness(self, uid: int) -> Readiness:
        with self._in_world():
            return esper.component_for_entity(uid, Readiness)

    def conditions(self, uid: int) -> Conditions:
        """What skills left on the unit: Hidden, Standby, Cloaked, Protected, Mindstabbed, ..."""
        with self._in_world():
            return esper.component_for_entity(uid, Conditions)

    def standing(self, uid: int) -> bool:
        with self._in_world():
            return esper.entity_exists(uid) and not esper.has_component(uid, TakenOut) and \
                esper.has_component(uid, Position)

    def units(self, side: str | None = None, items: bool | None = False, standing: bool = True) -> list[int]:
        """uids in creation order. items=None: units and items alike."""
        with self._in_world():
            out = []
            for uid, u in esper.get_component(Unit):
                if side is not None and u.side != side:
                    continue
                if items is not None and u.item != items:
                    continue
                if standing and (esper.has_component(uid, TakenOut) or not esper.has_component(uid, Position)):
                    continue
                out.append(uid)
            return sorted(out)

    def all_units(self) -> list[int]:
        with self._in_world():
            return sorted(uid for uid, _ in esper.get_component(Unit))

    def base(self, uid: int) -> Base:
        with self._in_world():
            u = esper.component_for_entity(uid, Unit)
            p = esper.component_for_entity(uid, Position)
            return Base(uid=uid, side="item" if u.item else u.side, x=p.x, y=p.y, z=p.z,
                        radius=u.card.base_diameter / 2, move=S.move_rule(u.card))

    def side_of(self, uid: int) -> str:
        """The side a unit fights for now: its own, or (Compel) the side controlling it for one action."""
        return self._allegiance.get(uid) or self.unit(uid).side

    def is_enemy(self, a: int, b: int) -> bool:
        return self.side_of(a) != self.side_of(b)

    def squadmates(self, uid: int) -> list[int]:
        side = self.side_of(uid)
        return [u for u in self.units() if u != uid and self.side_of(u) == side]

    def enemies_of(self, uid: int) -> list[int]:
        side = self.side_of(uid)
        return [u for u in self.units() if self.side_of(u) != side]

    def adjacent(self, a: int, b: int) -> bool:
        return self.table.adjacent(self.base(a), self.base(b))

    def adjacent_enemies(self, uid: int) -> list[int]:
        me = self.base(uid)
        return [e for e in self.enemies_of(uid) if self.table.adjacent(me, self.base(e))]

    def _sync_table(self) -> None:
        with self._in_world():
            bases = [self.base(uid) for uid, _ in esper.get_components(Unit, Position)
                     if not esper.has_component(uid, TakenOut)]
        self.table.set_bases(bases)

    def all_units_of(self, side: str) -> list[int]:
        """Every unit of `side` ever in the match, Taken Out and undeployed included (not items)."""
        with self._in_world():
            return sorted(uid for uid, u in esper.get_component(Unit) if u.side == side and not u.item)

    def undeployed(self, side: str) -> list[int]:
        with self._in_world():
            return sorted(uid for uid, u in esper.get_component(Unit)
                          if u.side == side and not esper.has_component(uid, Position)
                          and not esper.has_component(uid, TakenOut))

    # == queries for controllers and the UI =========================================================
    @property
    def prompt(self) -> Prompt | None:
        return self._prompt

    def waiting_for(self) -> str | None:
        """The side whose command the match needs next (None when the match is over)."""
        if self.phase == OVER:
            return None
        if self._prompt is not None:
            return self._prompt.side
        if self.phase == DEPLOY:
            for s in self.sides:
                if s not in self._deployed_sides:
                    return s
            return None
        if self.activation is not None:
            return self.side_of(self.activation.uid)
        return self.next_side

    @property
    def active_unit(self) -> int | None:
        return None if self.activation is None else self.activation.uid

    def act_left(self) -> int:
        return 0 if self.activation is None else self.activation.act - self.activation.act_spent

    def cost_of(self, action: str, weapon: WeaponCard | None = None, skill: str | None = None,
                base: int = 1) -> int:
        """ACT cost of an action of the active unit now; free actions (a grant) cost 0; an action it may not
        take now (hidden, a grant that does not allow it) costs actions.FORBIDDEN."""
        with self._in_world():
            a = self.activation
            card = self.unit(a.uid).card
            cost = act.action_cost(card, action, tuple(a.history), weapon=weapon, skill=skill, base=base,
                                   move_tax=a.move_tax)
            if self._forbidden(a, action, skill, cost):
                return act.FORBIDDEN
            return 0 if a.grant else cost

    def _forbidden(self, a: Activation, action: str, skill: str | None, cost: int) -> str | None:
        if a.locked:
            return "this unit takes no more actions this activation (Neural Command)"
        if S.cond(a.uid).hidden and action not in (act.MOVE, act.DASH, act.MELEE_COMBAT, act.MISSION) and \
                not (action == act.SKILL and (skill or "").startswith("STD-HID")):
            return "a hidden unit may only Move, Dash, fight in Melee, take Mission actions or leave hiding"
        if a.grant:
            if action == act.SKILL:
                return "only the free actions it was given"
            if not any(action in step for step in a.plan):
                allowed = sorted({act.ACTION_NAMES[x] for step in a.plan for x in step})
                return f"its free action must be: {', '.join(allowed)}"
            if a.max_cost is not None and cost > a.max_cost:
                return f"its free action must be one costing {a.max_cost} ACT or less"
        return None

    def payment(self, cost: int, to_only: bool = False) -> tuple[int, int] | None:
        if self.activation.grant:  # free actions
            return (0, 0) if cost <= 0 else None
        side = self.side_of(self.activation.uid)
        return act.split_payment(cost, self.act_left(), self.to[side], to_only)

    def move_budget(self, action: str) -> float:
        return act.MOVE_INCHES if action == act.MOVE else act.DASH_INCHES

    def ranged_target_reason(self, attacker: int, weapon: WeaponCard, target: int) -> str | None:
        """Why `target` is not a valid Ranged Combat target (Core Rules section 8, R7, skills), or None."""
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
            for mate in self.squadmates(attacker):
                if self.adjacent(mate, target) and not S.may_shoot_past(self, attacker, mate):
                    return f"the target is Adjacent to {self.unit(mate).name}"
            if not self.table.in_range(self.base(attacker), self.base(target), weapon.range_inches):
                return f"out of range ({weapon.range_inches:g}\")"
            sight = S.sight_from(self, attacker, target)
            if not sight.visible:
                return "not in Line of Sight" + (f" ({sight.blocker})" if sight.blocker else "")
            why = S.ranged_restriction(self, attacker, target)
            if why:
                return why
            return self.mission.ranged_target_reason(self, attacker, target)

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
        if self.health(target).hit <= 0:
            return "that target is already at 0 HIT"
        if self.side_of(target) == self.side_of(attacker):
            return f"you cannot {verb} a squadmate"
        if weapon.has("LIM") and weapon.id in self.readiness(attacker).used_limited:
            return "Limited Ammo: already used this mission"
        return None

    def legal_commands(self, side: str) -> list[C.Command]:
        """Every command `side` may give now (moves: one per reachable lattice spot)."""
        if self.waiting_for() != side:
            return []
        with self._in_world():
            p = self._prompt
            if p is not None:
                return self._prompt_commands(p)
            if self.phase == DEPLOY:
                out: list[C.Command] = []
                und = self.undeployed(side)
                if not und:
                    return [C.EndDeployment(side)]
                for uid, x, y, z in self.mission.default_deployment(self, side):
                    out.append(C.Deploy(side, uid, x, y, z))
                return out
            if self.activation is None:
                return [C.Activate(side, uid) for uid in self.units(side) if self.readiness(uid).ready]
            return self._activation_commands(side)

    def _prompt_commands(self, p: Prompt) -> list[C.Command]:
        s = p.side
        if p.kind == "dice":
            d = p.decision
            out: list[C.Command] = [C.AcceptDice(s)]
            for i, die in enumerate(d.dice):
                if die.auto:
                    if d.stage == "attack":
                        out.append(C.RollAutoDie(s, i))
                    continue
                if not die.rerolled and not d.no_reroll:
                    for src, n in d.free:
                        if n > 0:
                            out.append(C.RerollDie(s, i, src))
                    if d.rlt and die.natural == 6:
                        out.append(C.RerollDie(s, i, "RLT"))
                    if self.to[s] > 0:
                        out.append(C.RerollDie(s, i, "TO"))
                if self.to[s] > 0:
                    out += [C.ChangeDie(s, i, -1), C.ChangeDie(s, i, +1)]
            return out
        if p.kind == "parry":
            d = p.decision
            return [C.AcceptDice(s)] + [C.RerollDie(s, i, "PAR") for i in range(len(d.dice))
                                        if d.free_count("PAR") and d.ok(i) and d.rerollable(i)]
        if p.kind in ("life_drain", "shield"):
            return [C.ChooseNumber(s, n) for n in range(p.options[0] + 1)]
        if p.kind == "aoo":
            return [C.ChooseAttackOfOpportunity(s, None)] + [C.ChooseAttackOfOpportunity(s, u, w) for u, w in p.options]
        if p.kind == "blunt":
            return [C.Blunt(s, n) for n in range(p.options[0] + 1)]
        if p.kind == "first":
            return [C.ChooseFirst(s, f) for f in p.options]
        if p.kind == "pick_npc":
            return [C.PickNpc(s, u) for u in p.options]
        return S.prompt_commands(self, p)

    def _activation_commands(self, side: str) -> list[C.Command]:
        a = self.activation
        uid = a.uid
        card = self.unit(uid).card
        out: list[C.Command] = [C.EndActivation(side)]
        if a.locked:
            return out
        for action, cls in ((act.MOVE, C.Move), (act.DASH, C.Dash)):
            if self.payment(self.cost_of(action)) is None:
                continue
            budget = self.move_budget(action)
            ext = S.move_extension(self, uid, action)
            reach = self.table.reach(self.base(uid), budget + ext)
            for x, y, z, cost in reach.spots:
                if cost > budget + 1e-6 and not S.extension_ok(self, uid, x, y, z):
                    continue
                out.append(cls(side, x, y, z))
        for w in card.weapons:
            action = act.MELEE_COMBAT if w.kind == MELEE else act.RANGED_COMBAT
            if self.payment(self.cost_of(action, w)) is None:
                continue
            for t in self.units(items=None):
                if t == uid or self.side_of(t) == self.side_of(uid):
                    continue
                if a.target is not None and t != a.target:
                    continue
                reason = (self.melee_target_reason(uid, w, t) if w.kind == MELEE
                          else self.ranged_target_reason(uid, w, t))
                if reason is None:
                    out.append(C.MeleeAttack(side, w.id, t) if w.kind == MELEE else C.RangedAttack(side, w.id, t))
        if self.payment(self.cost_of(act.DOOR)) is not None:
            for door in self.table.adjacent_doors(self.base(uid)):
                out.append(C.ToggleDoor(side, door))
        if not a.grant:
            out += S.skill_commands(self, uid, side)
        return out

    # == submitting =================================================================================
    def submit(self, cmd: C.Command) -> list[Event]:
        """Validate and apply one command; returns the events it produced."""
        if self.phase == OVER:
            raise IllegalCommand("the mission is over")
        expected = self.waiting_for()
        if cmd.side != expected:
            raise IllegalCommand(f"it is {expected}'s decision, not {cmd.side}'s")
        before_events = len(self.events)
        before_rolls = self.dice.rolled
        with self._in_world():
            self._apply(cmd)
        self.log.append(cmd)
        self.rolls_per_command.append(self.dice.rolled - before_rolls)
        return self.events[before_events:]

    def _apply(self, cmd: C.Command) -> None:
        p = self._prompt
        if p is not None:
            self._answer_prompt(p, cmd)
        elif self.phase == DEPLOY:
            if isinstance(cmd, C.Deploy):
                self._deploy(cmd)
            elif isinstance(cmd, C.EndDeployment):
                if self.undeployed(cmd.side):
                    raise IllegalCommand("deploy every unit first")
                self._deployed_sides.add(cmd.side)
                self._maybe_start_battle()
            else:
                raise IllegalCommand("units are still being deployed")
        elif self.activation is None:
            if not isinstance(cmd, C.Activate):
                raise IllegalCommand("choose a unit to activate")
            self._activate_chosen(cmd)
        else:
            handler = {C.Move: self._do_move, C.Dash: self._do_move, C.RangedAttack: self._do_ranged,
                       C.MeleeAttack: self._do_melee, C.ToggleDoor: self._do_door, C.UseSkill: self._do_skill,
                       C.EndActivation: lambda c: self._cmd_end_activation()}.get(type(cmd))
            if handler is None:
                raise IllegalCommand(f"{type(cmd).__name__} is not possible during an activation")
            normal = not self.activation.grant
            handler(cmd)
            if normal and not isinstance(cmd, C.EndActivation):
                self._react_due = self._react_due or "action"
        self._after_step()

    # == the step queue =============================================================================
    def _after_step(self) -> None:
        """Run what is due until the match needs a command: a prompt, the active unit's next action, or
        the next side's choice of unit. Steps (Damage, deaths, free actions, Counter) come first."""
        for _ in range(100_000):
            if self.phase != BATTLE or self._prompt is not None or self._attack is not None:
                return
            if self._check_result(False):
                return
            a = self.activation
            if a is not None and a.grant and (not a.plan or not self.standing(a.uid)):
                self._end_grant()
                continue
            if self._pending:
                self._run_step(self._pending.pop(0))
                continue
            if a is not None:
                if not a.grant and not self.standing(a.uid):
                    self._end_activation()  # N9: Taken Out during its own activation
                    continue
                if self._react_due and not a.grant:
                    self._open_react(self._react_due)
                    continue
                return
            self._advance()
            if self.activation is None and self._prompt is None and not self._pending:
                return
        raise RuntimeError("the match's step queue does not settle")

    def queue_step(self, step: tuple) -> None:
        """Run `step` after what is already queued (skills use it; see _run_step for the kinds)."""
        self._queue(step)

    def _queue(self, *steps: tuple, front: bool = False) -> None:
        if front:
            self._pending[0:0] = list(steps)
        else:
            self._pending.extend(steps)

    def _run_step(self, step: tuple) -> None:
        kind = step[0]
        if kind == "zero":
            _, uid, killer, melee = step
            if self.standing(uid) and self.health(uid).hit <= 0:
                self._queue(*S.on_zero_hit(self, uid, killer, melee), front=True)
        elif kind == "fall":
            _, uid, killer, melee = step
            if self.standing(uid):
                p = self.position(uid)
                pos = Position(p.x, p.y, p.z)
                self._take_out(uid)
                S.on_take_out(self, uid, killer, melee, pos)
        elif kind == "dbd":
            _, uid, killer, melee = step
            self.say(f"Duty Before Death: {self.unit(uid).name} reaches 0 HIT and may take one free action of "
                     "1 ACT or less before it falls", "activation", uid=uid, side=self.unit(uid).side)
            self._start_grant(uid, {"grant": "dbd", "plan": [S.BASIC_OR_MISSION], "max_cost": 1,
                                    "on_end": [("fall", uid, killer, melee)]})
        elif kind == "grant":
            self._start_grant(step[1], step[2])
        elif kind == "end_activation":
            a = self.activation
            if a is not None and not a.grant and a.uid == step[1]:
                self._end_activation()
        elif kind == "begin_turn":
            self._begin_turn()
        elif kind == "fate":
            _, side, faces = step
            self._prompt = Prompt("fate_shift", side, "Fate Shift: re-roll one Tactical Order die?",
                                  options=tuple(faces))
        elif kind == "skill":
            S.run_step(self, *step[1:])
        else:
            raise ValueError(f"unknown step {step!r}")

    def _open_react(self, moment: str) -> None:
        self._react_due = ""
        active_side = self.side_of(self.activation.uid)
        for s in self.sides:
            if s == active_side or s in self.npc_sides:
                continue
            opts = S.react_options(self, s) if moment == "start" else \
                [c for c in S.react_options(self, s) if isinstance(c, C.ChooseUnit)]
            if opts:
                self._prompt = Prompt("react", s, f"{self.unit(self.activation.uid).name} is activating: "
                                      "react (Standby, Misdirection) or let it go on?", options=tuple(opts))
                return

    # == free actions (grants) ======================================================================
    def grant(self, uid: int, why: str, plan: list, *, max_cost: int | None = None, different: bool = False,
              need_combat: bool = False, target: int | None = None, controller: str = "", on_end=()) -> None:
        """Queue free actions for `uid` (skills call this): plan = allowed actions of each free action, in
        order; a later one may be taken directly (skipping the earlier ones)."""
        self._queue(("grant", uid, {"grant": why, "plan": [list(s) for s in plan], "max_cost": max_cost,
                                    "different": different, "need_combat": need_combat, "target": target,
                                    "controller": controller, "on_end": [list(x) for x in on_end]}))

    def _start_grant(self, uid: int, info: dict) -> None:
        on_end = [tuple(x) for x in info.get("on_end", ())]
        if not self.standing(uid) or (self.health(uid).hit <= 0 and info["grant"] != "dbd"):
            self._queue(*on_end, front=True)
            return
        target = info.get("target")
        if target is not None:
            can = any((self.melee_target_reason(uid, w, target) if w.kind == MELEE
                       else self.ranged_target_reason(uid, w, target)) is None for w in self.unit(uid).card.weapons)
            if not can:
                self.say(f"{self.unit(uid).name} cannot attack {self.unit(target).name}")
                self._queue(*on_end, front=True)
                return
        if info.get("controller"):
            self._allegiance[uid] = info["controller"]
        self._interrupted.append((self.activation, self._pending))  # later steps wait for the grant's end
        self._pending = []
        plan = [tuple(s) for s in info["plan"]]
        self.activation = Activation(uid=uid, act=0, free_action=True, grant=info["grant"], plan=plan,
                                     max_cost=info.get("max_cost"), different=info.get("different", False),
                                     need_combat=info.get("need_combat", False), target=target,
                                     controller=info.get("controller", ""), on_end=tuple(on_end))
        n = len(plan)
        self.say(f"{self.unit(uid).name} may take {n} free action{'s' if n > 1 else ''} ({info['grant']})",
                 "activation", uid=uid, side=self.side_of(uid), grant=info["grant"])

    def _end_grant(self) -> None:
        a = self.activation
        self._allegiance.pop(a.uid, None)
        self.activation, later = self._interrupted.pop()
        self._pending = [*a.on_end, *self._pending, *later]

    def _consume_plan(self, action: str) -> None:
        a = self.activation
        i = next(k for k, step in enumerate(a.plan) if action in step)
        plan = a.plan[i + 1:]
        if a.different:
            plan = [tuple(x for x in step if x != action) for step in plan]
        if a.need_combat and len(plan) == 1 and not any(p.action in act.COMBAT_ACTIONS for p in a.history):
            plan = [tuple(x for x in plan[0] if x in act.COMBAT_ACTIONS)]
        a.plan = [step for step in plan if step]

    # == deployment and turns =======================================================================
    def _deploy(self, cmd: C.Deploy) -> None:
        if cmd.uid not in self.undeployed(cmd.side):
            raise IllegalCommand("that unit is not waiting to deploy")
        if not self.mission.in_deployment_zone(self, cmd.side, cmd.x, cmd.y) and \
                not S.may_deploy(self, cmd.uid, cmd.x, cmd.y):
            raise IllegalCommand("outside your deployment zone")
        r = self.unit(cmd.uid).card.base_diameter / 2
        z = self.table.surface_z(cmd.x, cmd.y, cmd.z)
        if not self.table.can_stand(r, cmd.x, cmd.y, z):
            raise IllegalCommand("a unit cannot stand there")
        esper.add_component(cmd.uid, Position(cmd.x, cmd.y, z))
        self._sync_table()
        self.say(f"{self.unit(cmd.uid).name} deploys", "move", uid=cmd.uid)

    def _maybe_start_battle(self) -> None:
        if self.phase == DEPLOY and all(s in self._deployed_sides for s in self.sides):
            self.phase = BATTLE
            self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.say(f"Turn {self.turn}", "turn", turn=self.turn)
        for uid in self.units(items=None):
            r = esper.component_for_entity(uid, Readiness)
            r.ready = not self.unit(uid).item
            r.aoo_used = False
            r.used_once = ()
        self.mission.start_of_turn(self)
        S.start_of_turn(self)
        self._sync_table()
        for side in self.sides:
            if side in self.npc_sides:
                continue
            dice_n = tactical_order_dice(True, S.leader_dice(self, side))
            faces, to = roll_tactical_orders(self.dice, dice_n, self.taken_out_count[side])
            self.to[side] = to
            self.say(f"{side}: Tactical Orders {faces} (+{self.taken_out_count[side]} for units Taken Out) "
                     f"= {to} TO", "roll", side=side, faces=faces)
            if S.fate_shift(self, side) and any(f > 3 for f in faces):
                self._queue(("fate", side, tuple(faces)))
        self._queue(("begin_turn",))

    def _begin_turn(self) -> None:
        """After the Tactical Orders: the Initiative (R18, R19)."""
        if self._check_result(False):
            return
        if self.npc_sides:
            players = [s for s in self.sides if s not in self.npc_sides]
            self.next_side = players[0]  # R19: the player squad always has Initiative and goes first
            self.say(f"{self.next_side} has the Initiative (R19)")
        else:
            rounds, winner = S.roll_initiative(self, list(self.sides))
            self.say("Initiative: " + "; ".join(", ".join(f"{s} {v}" for s, v in r.items()) for r in rounds)
                     + f" - {winner} wins", "roll")
            self._prompt = Prompt("first", winner, "You have the Initiative: who activates first?",
                                  options=tuple(self.sides))

    def _end_turn(self) -> None:
        for s in self.sides:
            self.to[s] = 0  # unused Tactical Orders are lost
        self.mission.end_of_turn(self)
        S.end_of_turn(self)
        self.say(f"End of Turn {self.turn}", "turn", turn=self.turn)
        if self._check_result(True):
            return
        self._start_turn()

    def _check_result(self, end_of_turn: bool) -> bool:
        res = self.mission.check_result(self, end_of_turn)
        if res is None:
            return False
        self.result = res
        self.phase = OVER
        self._prompt = None
        self.activation = None
        self.say(f"Mission over: {res.outcome} - {res.text}", "result", outcome=res.outcome)
        return True

    def _ready(self, side: str) -> list[int]:
        return [u for u in self.units(side) if esper.component_for_entity(u, Readiness).ready]

    def _advance(self) -> None:
        """After an activation: the next side with Ready units activates (alternating); else the Turn ends."""
        if self.phase != BATTLE or self._prompt is not None or self.activation is not None or self._pending:
            return
        order = list(self.sides)
        start = order.index(self.next_side) if self.next_side in order else 0
        for k in range(len(order)):
            side = order[(start + k) % len(order)]
            if self._ready(side):
                self.next_side = side
                break
        else:
            self._end_turn()
            return
        if self.next_side in self.npc_sides:
            ready = self._ready(self.next_side)
            if self.scenario.npc_order == "player-picks":
                chooser = next(s for s in self.sides if s not in self.npc_sides)
                self._prompt = Prompt("pick_npc", chooser, "Pick the NPC that activates next", options=tuple(ready))
            else:
                self._start_activation(self._nearest_npc(ready))

    def _nearest_npc(self, ready: list[int]) -> int:
        """R19 default: the Ready NPC nearest to any player Unit; ties go to the lowest id."""
        players = [u for u in self.units() if self.unit(u).side not in self.npc_sides]
        if not players:
            return ready[0]
        bases = [self.base(p) for p in players]
        return min(ready, key=lambda n: (min(self.table.distance(self.base(n), b) for b in bases), n))

    def _activate_chosen(self, cmd: C.Activate) -> None:
        if cmd.side in self.npc_sides:
            raise IllegalCommand("NPC units activate by their own order")
        if cmd.uid not in self._ready(cmd.side):
            raise IllegalCommand("that unit cannot activate now")
        self._start_activation(cmd.uid)

    def _start_activation(self, uid: int) -> None:
        u = self.unit(uid)
        r = esper.component_for_entity(uid, Readiness)
        act_now = S.activation_act(self, uid, u.card.act)
        if r.stunned:
            act_now = max(1, act_now - r.stunned)
            self.say(f"{u.name} is Stunned: {act_now} ACT this activation (STN)")
            r.stunned = 0
        self.activation = Activation(uid=uid, act=act_now)
        self.say(f"{u.name} activates ({act_now} ACT)", "activation", uid=uid, side=u.side)
        self._queue(*S.start_of_activation(self, uid), front=True)
        self._react_due = "start"

    def _cmd_end_activation(self) -> None:
        a = self.activation
        if a.grant:  # declining (the rest of) the free actions
            self._end_grant()
            return
        plan = S.disciplined_plan(self, a)
        if plan:
            self.say(f"{self.unit(a.uid).name} is Disciplined: one free Basic Action it has not used yet")
            self._queue(("grant", a.uid, {"grant": "disciplined", "plan": [list(plan)],
                                          "on_end": [["end_activation", a.uid]]}), front=True)
            return
        self._end_activation()

    def _end_activation(self) -> None:
        uid = self.activation.uid
        if esper.entity_exists(uid):
            esper.component_for_entity(uid, Readiness).ready = False
        side = self.unit(uid).side
        self.activation = None
        self._react_due = ""
        order = list(self.sides)
        self.next_side = order[(order.index(side) + 1) % len(order)]

    # == paying for actions =========================================================================
    def _pay(self, action: str, weapon: WeaponCard | None = None, skill=None, base: int = 1,
             to_only: bool = False) -> None:
        a = self.activation
        skill_id = skill if isinstance(skill, str) or skill is None else skill.id
        cost = self.cost_of(action, weapon, skill_id, base)
        if cost >= act.FORBIDDEN:
            full = act.action_cost(self.unit(a.uid).card, action, tuple(a.history), weapon=weapon, skill=skill_id,
                                   base=base, move_tax=a.move_tax)
            raise IllegalCommand(self._forbidden(a, action, skill_id, full) or "not possible now")
        pay = self.payment(cost, to_only)
        if pay is None:
            raise IllegalCommand(f"not enough ACT or TO: {act.ACTION_NAMES[action]} costs {cost}")
        from_act, from_to = pay
        a.act_spent += from_act
        side = self.side_of(a.uid)
        self.to[side] -= from_to
        a.history.append(act.Performed(action, getattr(weapon, "id", None), skill_id))
        if a.grant:
            self._consume_plan(action)
        if from_to:
            self.say(f"{from_to} TO spent to pay for {act.ACTION_NAMES[action]}")

    def pay_skill(self, skill_id: str, base: int, to_only: bool) -> None:
        self._pay(act.SKILL, skill=skill_id, base=base, to_only=to_only)

    # == movement ===================================================================================
    def _do_move(self, cmd) -> None:
        action = act.MOVE if isinstance(cmd, C.Move) else act.DASH
        uid = self.activation.uid
        budget = self.move_budget(action)
        path = self.table.path(self.base(uid), cmd.x, cmd.y, cmd.z, budget)
        ext = S.move_extension(self, uid, action)
        if path is None and ext:
            path = self.table.path(self.base(uid), cmd.x, cmd.y, cmd.z, budget + ext)
            if path is not None and not S.extension_ok(self, uid, *path.points[-1]):
                raise IllegalCommand("the extra 2\" must end Adjacent to an enemy (Charge) or an objective "
                                     "(Desecrate)")
            budget += ext
        if path is None:
            raise IllegalCommand(f"cannot get there with a {act.ACTION_NAMES[action]} ({budget:g}\")")
        self._pay(action)
        dest = path.points[-1]
        candidates = []
        if S.provokes_aoo(self, uid):
            for e in path.left_adjacency:
                if not self.standing(e) or self.unit(e).item or not self.is_enemy(uid, e):
                    continue
                if esper.component_for_entity(e, Readiness).aoo_used or not S.can_make_aoo(self, e) or \
                        self.health(e).hit <= 0:
                    continue
                for w in self.unit(e).card.weapons:
                    if w.kind == MELEE:
                        candidates.append((e, w.id))
        if candidates:
            aoo_side = self.side_of(candidates[0][0])
            self._move = _PendingMove(mover=uid, dest=dest, spare=budget - path.cost, candidates=tuple(candidates),
                                      aoo_side=aoo_side, points=tuple(path.points))
            self._prompt = Prompt("aoo", aoo_side, f"{self.unit(uid).name} leaves Adjacency: make an Attack of "
                                  "Opportunity?", options=tuple(candidates))
            return
        self._finish_move(uid, dest, path.cost, path.points)

    def _finish_move(self, uid: int, dest, cost: float | None = None, points=()) -> None:
        p = esper.component_for_entity(uid, Position)
        p.x, p.y, p.z = dest
        self._sync_table()
        extra = f" ({cost:.1f}\")" if cost is not None else ""
        self.say(f"{self.unit(uid).name} moves{extra}", "move", uid=uid, x=p.x, y=p.y, z=p.z)
        if points:
            self._queue(*S.after_move(self, uid, points), front=True)

    def place(self, uid: int, x: float, y: float, z: float, verb: str = "moves", sync: bool = True) -> None:
        """Put a unit somewhere at once (jumps, pushes, swaps): no path, no Attack of Opportunity."""
        p = esper.component_for_entity(uid, Position)
        p.x, p.y, p.z = x, y, z
        if sync:
            self._sync_table()
        self.say(f"{self.unit(uid).name} {verb}", "move", uid=uid, x=x, y=y, z=z)

    def _answer_aoo(self, cmd) -> None:
        m = self._move
        if isinstance(cmd, C.ChooseAttackOfOpportunity):
            if cmd.uid is None:
                self._prompt = None
                self._move = None
                self._finish_move(m.mover, m.dest, points=m.points)
                return
            if (cmd.uid, cmd.weapon) not in m.candidates:
                raise IllegalCommand("that unit cannot make this Attack of Opportunity")
            m.chosen = (cmd.uid, cmd.weapon)
            esper.component_for_entity(cmd.uid, Readiness).aoo_used = True
            weapon = self.unit(cmd.uid).card.weapon(cmd.weapon)
            max_blunt = min(int(m.spare // 2), self._aoo_att(cmd.uid, weapon))
            self.say(f"{self.unit(cmd.uid).name} makes an Attack of Opportunity")
            if max_blunt > 0:
                self._prompt = Prompt("blunt", self.side_of(m.mover),
                                      f"Spend movement to blunt the attack (2\" per die, up to {max_blunt})",
                                      options=(max_blunt,))
                return
            self._prompt = None
            self._start_aoo(0)
            return
        raise IllegalCommand("answer the Attack of Opportunity first")

    def _aoo_att(self, uid: int, weapon: WeaponCard) -> int:
        base = esper.component_for_entity(uid, Health).hit if weapon.has("HIT") else weapon.att
        return S.attack_dice(self, uid, weapon, base, aoo=True)

    def _start_aoo(self, blunt: int) -> None:
        m = self._move
        attacker, weapon_id = m.chosen
        weapon = self.unit(attacker).card.weapon(weapon_id)
        if blunt:
            self.say(f"{self.unit(m.mover).name} spends {2 * blunt}\" to blunt {blunt} Attack dice (R16)")
        self._move = None
        self._start_attack(attacker, weapon, [(None, [m.mover])], att=max(0, self._aoo_att(attacker, weapon) - blunt),
                           then_move=m.dest, mover=m.mover, aoo=True, path=m.points)

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
                self._prompt = Prompt("devoted", self.side_of(cmd.target),
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
                       melee: bool) -> list[tuple[int | None, list[int]]]:
        """Who each attack roll hits, with its dice (None: all of them): BLS adds Adjacent visible units,
        CHRx the chosen ones, SPR splits the dice between targets."""
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
        if extra:
            if len(extra) > w.value("CHR"):
                raise IllegalCommand(f"Chain Reaction {w.value('CHR')}: too many secondary targets")
            for t in extra:
                if not self.standing(t) or not self.adjacent(target, t):
                    raise IllegalCommand("Chain Reaction targets must be Adjacent to the first target")
        group = [target, *extra]
        if w.has("BLS"):
            tb = self.base(target)
            for o in self.units():
                if o in group or o == self.activation.uid:
                    continue
                ob = self.base(o)
                if self.table.adjacent(tb, ob) and self.table.sight(tb, ob).visible:
                    group.append(o)
        return [(None, group)]

    def start_attack(self, attacker: int, weapon: WeaponCard, groups, **kw) -> None:
        """A free attack that skills give (Counter): resolved at once."""
        self._start_attack(attacker, weapon, groups, **kw)

    def _start_attack(self, attacker: int, weapon: WeaponCard, groups: list[tuple[int | None, list[int]]],
                      att: int | None = None, then_move=None, mover: int | None = None, aoo: bool = False,
                      action: bool = False, counter: bool = False, path=()) -> None:
        a_unit = self.unit(attacker)
        kind = weapon.kind
        if att is None:
            att = esper.component_for_entity(attacker, Health).hit if weapon.has("HIT") else weapon.att
            att = S.attack_dice(self, attacker, weapon, att, aoo)
        if att <= 0:
            self.say("No Attack dice left to roll")
            if then_move is not None and mover is not None and self.standing(mover):
                self._finish_move(mover, then_move, points=path)
            return
        spec_groups = []
        for n, g in groups:
            n = att if n is None else n
            targets = []
            for t in g:
                tu = self.unit(t)
                cover = False
                tsupport = 0
                if kind == RANGED:
                    s = S.sight_from(self, attacker, t)
                    cover = s.cover and not weapon.has("NCV")
                else:
                    tsupport = sum(1 for m in self.squadmates(t) if not self.unit(m).item and self.adjacent(m, t))
                targets.append(StrikeTarget(uid=t, arm=tu.card.arm, hit=esper.component_for_entity(t, Health).hit,
                                            cover=cover, support=tsupport, name=tu.name))
            spec_groups.append((n, tuple(targets)))
        support = 0
        if kind == MELEE:
            first = groups[0][1][0]
            support = sum(1 for m in self.squadmates(attacker) if not self.unit(m).item and self.adjacent(m, first))
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
        if weapon.has("LIM"):
            r = esper.component_for_entity(attacker, Readiness)
            r.used_limited = tuple(sorted({*r.used_limited, weapon.id}))
        res = AttackResolution.start(spec, self.dice)
        self._attack = _AttackContext(resolution=res, weapon=weapon, attacker=attacker, then_move=then_move,
                                      mover=mover, path=tuple(path), aoo=aoo, action=action, counter=counter)
        self._step_attack()

    def deal_damage(self, source: int, groups: list[tuple[int, list[int]]], kind: str, why: str,
                    after: tuple = ()) -> None:
        """Damage from a skill (Grenade, Toxic, Acid Blood...): no attack roll; each target rolls its Armor
        Saves for it. kind RANGED: a Critical Save counts as 2; MELEE ("Melee Damage"): it returns Damage
        to the source (N31)."""
        src = self.unit(source)
        spec_groups = []
        for n, g in groups:
            spec_groups.append((n, tuple(StrikeTarget(uid=t, arm=self.unit(t).card.arm, hit=self.health(t).hit,
                                                      name=self.unit(t).name) for t in g)))
        spec = AttackSpec(attacker=source, kind=kind, att=0, skl=0, attacker_arm=src.card.arm,
                          attacker_hit=self.health(source).hit, groups=tuple(spec_groups), weapon=why,
                          attacker_name=src.name, direct=True)
        spec = S.on_attack_spec(self, spec, None)
        res = AttackResolution.start(spec, self.dice)
        self._attack = _AttackContext(resolution=res, weapon=None, attacker=source, direct=True, after=tuple(after))
        self._step_attack()

    def heal(self, uid: int, n: int, why: str = "") -> None:
        h = esper.component_for_entity(uid, Health)
        gain = max(0, min(n, h.max_hit - h.hit))
        h.hit += gain
        self.say(f"{self.unit(uid).name} heals {gain} HIT" + (f" ({why})" if why else "") + f": {h.hit}/{h.max_hit}",
                 "heal", uid=uid, n=gain)

    def lose_hit(self, uid: int, n: int, source: int | None = None) -> None:
        """HIT lost without a save (Execute, Get In Dere!)."""
        h = esper.component_for_entity(uid, Health)
        lost = min(n, h.hit)
        h.hit -= lost
        self.say(f"{self.unit(uid).name} loses {lost} HIT", "attack", attacker=source, lost={uid: lost})
        if h.hit <= 0 and lost:
            self._queue(("zero", uid, source, False), front=True)

    def open_prompt(self, kind: str, side: str, text: str, options: tuple = (), data: tuple = ()) -> None:
        self._prompt = Prompt(kind, side, text, options=options, data=data)

    def close_prompt(self) -> None:
        self._prompt = None

    def _has_options(self, side: str, d: Decision) -> bool:
        if d.stage == "parry":
            return d.free_count("PAR") > 0 and any(d.ok(i) and d.rerollable(i) for i in range(len(d.dice)))
        if d.stage in ("drain", "shield"):
            return True
        if self.to.get(side, 0) > 0:
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
        ctx = self._attack
        res = ctx.resolution
        while not res.done:
            d = res.decision
            side = self.side_of(d.uid)
            if self._has_options(side, d):
                kind = _STAGE_PROMPTS.get(d.stage, "dice")
                options = (d.free[0][1],) if kind in ("life_drain", "shield") else ()
                self._prompt = Prompt(kind, side, _decision_text(d), decision=d, options=options)
                return
            res.act(Accept())
        self._finish_attack()

    def _finish_attack(self) -> None:
        ctx = self._attack
        res = ctx.resolution
        self._attack = None
        self._prompt = None
        for line in res.log:
            self.say(line, "roll")
        for uid in set(res.outcome()) | set(res.healed):
            h = esper.component_for_entity(uid, Health)
            h.hit = max(0, min(h.max_hit, res.hit_left[uid]))
        if ctx.weapon is not None and ctx.weapon.has("STN") and any(res.criticals.values()):
            for _, targets in res.spec.groups:
                for t in targets:
                    if self.standing(t.uid) and not self.unit(t.uid).item:
                        esper.component_for_entity(t.uid, Readiness).stunned = 1
                        self.say(f"{t.name} is Stunned: -1 ACT next activation (STN)")
        steps: list[tuple] = []
        # units that fall at once go first: a Duty Before Death action then sees the table as it is
        for uid in sorted(res.taken_out(), key=self._has_last_action):
            killer, by_attack = res.killer.get(uid, (None, False))
            melee = (not ctx.direct and ctx.weapon is not None and ctx.weapon.kind == MELEE and by_attack
                     and killer == ctx.attacker)
            steps.append(("zero", uid, killer, melee))
        self.say("", "attack", attacker=ctx.attacker, lost=res.outcome())
        if ctx.then_move is not None:
            mover = res.spec.groups[0][1][0].uid
            if self.standing(mover) and self.health(mover).hit > 0:
                self._finish_move(mover, ctx.then_move, points=ctx.path)
        steps += S.after_attack(self, ctx, res)
        steps += [tuple(x) for x in ctx.after]
        self._queue(*steps, front=True)

    def _has_last_action(self, uid: int) -> bool:
        return any(s in S.DUTY_BEFORE_DEATH for s in self.unit(uid).card.skills)

    def _take_out(self, uid: int) -> None:
        u = self.unit(uid)
        esper.add_component(uid, TakenOut(self.turn))
        esper.remove_component(uid, Position)
        esper.component_for_entity(uid, Readiness).ready = False
        if not u.item:
            self.taken_out_count[u.side] += 1
        self.tokens = [t for t in self.tokens if not (t["owner"] == uid and t["kind"] in ("gaze", "scan"))]
        self._sync_table()
        self.say(f"{u.name} is Taken Out", "taken_out", uid=uid, side=u.side)

    def _answer_prompt(self, p: Prompt, cmd: C.Command) -> None:
        if p.kind in ("dice", "parry", "life_drain", "shield"):
            res = self._attack.resolution
            if isinstance(cmd, C.AcceptDice) and p.kind in ("dice", "parry"):
                action = Accept()
            elif isinstance(cmd, C.RerollDie) and p.kind in ("dice", "parry"):
                action = Reroll(cmd.index, cmd.source)
            elif isinstance(cmd, C.ChangeDie) and p.kind == "dice":
                action = Change(cmd.index, cmd.delta)
            elif isinstance(cmd, C.RollAutoDie) and p.kind == "dice":
                action = RollAuto(cmd.index)
            elif isinstance(cmd, C.ChooseNumber) and p.kind in ("life_drain", "shield"):
                action = Convert(cmd.n)
            else:
                raise IllegalCommand("answer the dice first" if p.kind == "dice" else f"answer the {p.kind} first")
            uses_to = isinstance(cmd, C.ChangeDie) or (isinstance(cmd, C.RerollDie) and cmd.source == "TO")
            if uses_to and self.to[cmd.side] < 1:
                raise IllegalCommand("no Tactical Orders left")
            try:
                res.act(action)
            except IllegalDiceAction as e:
                raise IllegalCommand(str(e)) from None
            if uses_to:
                self.to[cmd.side] -= 1
            self._prompt = None
            self._step_attack()
            return
        if p.kind == "aoo":
            self._answer_aoo(cmd)
            return
        if p.kind == "blunt":
            if not isinstance(cmd, C.Blunt) or not 0 <= cmd.dice <= p.options[0]:
                raise IllegalCommand(f"blunt between 0 and {p.options[0]} dice")
            self._prompt = None
            self._start_aoo(cmd.dice)
            return
        if p.kind == "first":
            if not isinstance(cmd, C.ChooseFirst) or cmd.first not in self.sides:
                raise IllegalCommand("choose which side activates first")
            self._prompt = None
            self.next_side = cmd.first
            self.say(f"{cmd.first} activates first")
            return
        if p.kind == "pick_npc":
            if not isinstance(cmd, C.PickNpc) or cmd.uid not in p.options:
                raise IllegalCommand("pick one of the Ready NPC units")
            self._prompt = None
            self._start_activation(cmd.uid)
            return
        if p.kind == "devoted":
            if not isinstance(cmd, C.ChooseUnit) or (cmd.uid is not None and cmd.uid not in p.options):
                raise IllegalCommand("choose a Devoted unit, or none")
            self._prompt = None
            attacker, weapon_id, target = p.data
            w = self.unit(attacker).card.weapon(weapon_id)
            if cmd.uid is not None:
                self.say(f"{self.unit(cmd.uid).name} is Devoted: it becomes the target instead of "
                         f"{self.unit(target).name}")
                target = cmd.uid
            self._start_attack(attacker, w, self._target_groups(w, target, (), (), melee=False), action=True)
            return
        S.answer_prompt(self, p, cmd)

    # == doors and skills ===========================================================================
    def _do_door(self, cmd: C.ToggleDoor) -> None:
        uid = self.activation.uid
        if cmd.door not in self.table.adjacent_doors(self.base(uid)):
            raise IllegalCommand("that door is not Adjacent")
        self._pay(act.DOOR)
        now_open = not self.table.door_open(cmd.door)
        self.table.set_door(cmd.door, now_open)
        self.say(f"{self.unit(uid).name} {'opens' if now_open else 'closes'} {cmd.door}", "door", door=cmd.door,
                 open=now_open)

    def _do_skill(self, cmd: C.UseSkill) -> None:
        S.use_skill(self, cmd)

    def skill_reason(self, uid: int, skill_id: str) -> str | None:
        """Why `uid` cannot use skill action `skill_id` now (whatever its target), or None."""
        impl = S.ACTIONS.get(skill_id)
        if impl is not None and not impl.anytime and (self.activation is None or self.activation.uid != uid):
            return "only during this unit's own activation"
        with self._in_world():
            return S.skill_reason(self, uid, skill_id)

    # == hashing, replay, undo ======================================================================
    def state(self) -> dict:
        """Everything that makes this match what it is now, as plain data."""
        with self._in_world():
            ents = []
            for uid in self.all_units():
                comps = {}
                for comp in esper.components_for_entity(uid):
                    d = asdict(comp)
                    comps[type(comp).__name__] = d
                ents.append([uid, comps])
        p = self._prompt
        return {
            "turn": self.turn, "phase": self.phase, "to": self.to, "taken_out": self.taken_out_count,
            "next": self.next_side, "dice": self.dice.fingerprint(),
            "activation": None if self.activation is None else asdict(self.activation),
            "interrupted": [[None if a is None else asdict(a), repr(later)] for a, later in self._interrupted],
            "prompt": None if p is None else [p.kind, p.side, repr(p.decision), repr(p.options), repr(p.data)],
            "doors": {d.id: self.table.door_open(d.id) for d in self.table.battlefield.doors},
            "result": None if self.result is None else asdict(self.result),
            "tokens": self.tokens, "side_effects": self.side_effects, "pending": repr(self._pending),
            "allegiance": sorted(self._allegiance.items()), "react": self._react_due,
            "entities": ents,
        }

    def state_hash(self) -> str:
        blob = json.dumps(self.state(), sort_keys=True, default=_json_default)
        return hashlib.sha256(blob.encode()).hexdigest()

    def can_undo(self) -> bool:
        return bool(self.log) and self.rolls_per_command[-1] == 0

    def battle_log(self) -> list[str]:
        return [e.text for e in self.events if e.text]


def _json_default(o):
    if isinstance(o, float):
        return round(o, 6)
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    return repr(o)


def _decision_text(d: Decision) -> str:
    if d.stage == "parry":
        return "Parry: make the attacker re-roll one of its attack dice?"
    if d.stage == "drain":
        return "Life Drain: how many Critical Strikes heal your unit instead of dealing Damage?"
    if d.stage == "shield":
        return "Shield: how many Critical Saves count as two saves instead of returning Damage?"
    who = "Attack dice" if d.stage == "attack" else "Armor Saves"
    return f"{who}: re-roll or change dice, or accept"


# Skill actions the engine knows (skills.ACTIONS): skill id -> SkillAction.
SKILL_ACTIONS = S.ACTIONS
# Skills that let a unit act once more at 0 HIT before it is Taken Out.
DUTY_BEFORE_DEATH = S.DUTY_BEFORE_DEATH
