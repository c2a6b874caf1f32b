"""Turn flow: the step queue, free-action grants, deployment, Turns, Initiative and activations."""
from __future__ import annotations

import esper

from game.rules import actions as act
from game.rules.dice import Die
from game.rules.model import MELEE
from game.rules.orders import ORDER_FACE, roll_tactical_orders, tactical_order_dice

from . import commands as C
from . import events as E
from . import skills as S
from .components import Activation, Readiness
from .errors import IllegalCommand
from .prompts import Prompt

from .state import BATTLE, DEPLOY, OVER, SETUP  # noqa: F401 - the phases, read from here by the modes


class MatchFlow:
    # == queries for controllers and the UI =========================================================
    def waiting_for(self) -> str | None:
        """The side whose command the match needs next (None when the match is over)."""
        if self.phase == OVER:
            return None
        if self.prompt is not None:
            return self.prompt.side
        if self.phase == SETUP:
            return None
        if self.phase == DEPLOY:
            if self.state.deploy_turn is not None:
                return self.state.deploy_turn
            first = None
            if self.mission.deployment_order(self) == "each":  # that side deploys all its units first
                first = self.mission_state.get("deploy_first")
            for s in sorted(self.sides, key=lambda s: s != first):
                if s not in self.state.deployed_sides:
                    return s
            return None
        if self.activation is not None:
            return self.side_of(self.activation.uid)
        return self.next_side

    def to_deploy(self, side: str) -> list[int]:
        """The units `side` may place now: its units waiting to deploy while the match waits for its placement
        (alternate deployment, R29: only on its turn; none while a question is open)."""
        if self.phase != DEPLOY or self.prompt is not None or self.waiting_for() != side:
            return []
        return self.undeployed(side)

    def people(self, side: str) -> int:
        """How many people share `side` at this screen (co-op: R27); 1 for a side without named players."""
        return max(1, len(self.scenario.side(side).players))

    def person_to_act(self) -> tuple[str, int] | None:
        """(side, person) whose decision the match waits for: the person commanding the unit concerned (the
        active unit, the unit a prompt is about, the next unit to deploy), else the person whose turn it is
        to activate (co-op players take turns, R27; they also take turns with the NPCs' open choices, R19)."""
        side = self.waiting_for()
        if side is None:
            return None
        if self.people(side) == 1:
            return (side, 0)
        p = self.prompt
        uid = None
        if p is not None and p.decision is not None and p.decision.uid >= 0:
            uid = p.decision.uid
        elif p is None and self.activation is not None:
            uid = self.activation.uid
        elif p is None and self.phase == DEPLOY and self.undeployed(side):
            uid = self.undeployed(side)[0]
        if uid is not None and self.unit(uid).side == side:
            return (side, self.unit(uid).owner)
        return (side, self.state.seat_turn.get(side, 0) % self.people(side))

    def _activatable(self, side: str) -> list[int]:
        """The Ready units `side` may activate now: in co-op only those of the person whose turn it is, passing
        over people with no Ready unit left."""
        ready = self._ready(side)
        n = self.people(side)
        if n == 1 or not ready:
            return ready
        for k in range(n):
            seat = (self.state.seat_turn.get(side, 0) + k) % n
            mine = [u for u in ready if self.unit(u).owner == seat]
            if mine:
                self.state.seat_turn[side] = seat
                return mine
        return ready

    @property
    def active_unit(self) -> int | None:
        return None if self.activation is None else self.activation.uid

    def act_left(self) -> int:
        return 0 if self.activation is None else self.activation.act - self.activation.act_spent


    # == the step queue =============================================================================
    def _after_step(self) -> None:
        """Run what is due until the match needs a command: a prompt, the active unit's next action, or
        the next side's choice of unit. Steps (Damage, deaths, free actions, Counter) come first."""
        for _ in range(100_000):
            if self.phase == OVER or self.prompt is not None or self.state.attack is not None:
                return
            if self.phase == SETUP:
                if self.state.pending:
                    self.state.front_cursor = 0
                    self._run_step(self.state.pending.pop(0))
                else:
                    self._begin_deployment()
                continue
            if self.phase == DEPLOY:
                if self.state.pending:
                    self.state.front_cursor = 0
                    self._run_step(self.state.pending.pop(0))
                    continue
                return
            if self._check_result(False):
                return
            a = self.activation
            if a is not None and a.grant and (not a.plan or not self.standing(a.uid) or
                                              (a.act and a.act_spent >= a.act)):
                self._end_grant()
                continue
            if self.state.pending:
                self.state.front_cursor = 0
                self._run_step(self.state.pending.pop(0))
                continue
            if a is not None:
                if not a.grant and not self.standing(a.uid):
                    self._end_activation()  # N9: Taken Out during its own activation
                    continue
                if self.state.react_due and not a.grant:
                    self._open_react(self.state.react_due)
                    continue
                return
            self._advance()
            if self.activation is None and self.prompt is None and not self.state.pending:
                return
        raise RuntimeError("the match's step queue does not settle")

    def queue_step(self, step: tuple) -> None:
        """Run `step` after what is already queued (skills use it; see _run_step for the kinds)."""
        self._queue(step)

    def _queue(self, *steps: tuple, front: bool = False) -> None:
        """Add steps at the end, or (`front`) before what was queued earlier; steps put in front while one step
        runs keep the order they were put there in."""
        if front:
            at = min(self.state.front_cursor, len(self.state.pending))
            self.state.pending[at:at] = list(steps)
            self.state.front_cursor = at + len(steps)
        else:
            self.state.pending.extend(steps)

    def _run_step(self, step: tuple) -> None:
        kind = step[0]
        if kind == "zero":
            _, uid, killer, melee = step
            if self.standing(uid) and self.health(uid).hit <= 0:
                self._queue(*S.on_zero_hit(self, uid, killer, melee), front=True)
        elif kind == "fall":
            _, uid, killer, melee = step
            if self.standing(uid) and not self.unit(uid).item and self.mission.downs_instead(self, uid):
                self.down(uid)
            elif self.standing(uid):
                pos = self.position(uid)  # (frozen: where it stood, whatever happens next)
                self._take_out(uid, killer)
                S.on_take_out(self, uid, killer, melee, pos)
        elif kind == "dbd":
            _, uid, killer, melee = step
            self.note(f"Duty Before Death: {self.unit(uid).name} reaches 0 HIT and may take one free action of "
                     "1 ACT or less before it falls", uid)
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
        elif kind == "close_turn":
            self._close_turn()
        elif kind == "mission":
            self.mission.on_step(self, *step[1:])
        elif kind == "fate":
            _, side, faces = step
            self.prompt = Prompt("fate_shift", side, "Fate Shift: re-roll one Tactical Order die?",
                                  options=tuple(faces))
        elif kind == "skill":
            S.run_step(self, *step[1:])
        else:
            raise ValueError(f"unknown step {step!r}")

    def _open_react(self, moment: str) -> None:
        self.state.react_due = ""
        active_side = self.side_of(self.activation.uid)
        for s in self.sides:
            if s == active_side or s in self.npc_sides:
                continue
            opts = S.react_options(self, s) if moment == "start" else \
                [c for c in S.react_options(self, s) if isinstance(c, C.ChooseUnit)]
            if opts:
                self.prompt = Prompt("react", s, f"{self.unit(self.activation.uid).name} is activating: "
                                      "react (Standby, Misdirection) or let it go on?", options=tuple(opts))
                return

    # == free actions (grants) ======================================================================
    def grant(self, uid: int, why: str, plan: list, *, max_cost: int | None = None, different: bool = False,
              need_combat: bool = False, target: int | None = None, controller: str = "", on_end=(),
              act: int = 0, front: bool = False) -> None:
        """Queue free actions for `uid` (skills call this): plan = allowed actions of each free action, in
        order; a later one may be taken directly (skipping the earlier ones). `act` > 0: instead of free actions,
        `act` ACT to spend on the plan's actions at their usual costs, outside the unit's activation
        (Opportunity: up to 2 ACT). `front`: before the steps already queued (a mission's start-of-Turn event,
        before the Turn goes on)."""
        self._queue(("grant", uid, {"grant": why, "plan": [list(s) for s in plan], "max_cost": max_cost,
                                    "different": different, "need_combat": need_combat, "target": target,
                                    "controller": controller, "on_end": [list(x) for x in on_end], "act": act}),
                    front=front)

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
                self.note(f"{self.unit(uid).name} cannot attack {self.unit(target).name}", uid)
                self._queue(*on_end, front=True)
                return
        if info.get("controller"):
            self.state.allegiance[uid] = info["controller"]
        self.state.interrupted.append((self.activation, self.state.pending))  # later steps wait for the grant's end
        self.state.pending = []
        plan = [tuple(s) for s in info["plan"]]
        self.activation = Activation(uid=uid, act=info.get("act", 0), free_action=True, grant=info["grant"],
                                     plan=plan, max_cost=info.get("max_cost"), different=info.get("different", False),
                                     need_combat=info.get("need_combat", False), target=target,
                                     controller=info.get("controller", ""), on_end=tuple(on_end))
        n = len(plan)
        self.emit(E.ActivationStarted(uid, self.unit(uid).name, self.side_of(uid), info.get("act", 0),
                                      grant=info["grant"], free_actions=n))

    def _end_grant(self) -> None:
        a = self.activation
        self.state.allegiance.pop(a.uid, None)
        self.activation, later = self.state.interrupted.pop()
        self.state.pending = [*a.on_end, *self.state.pending, *later]

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
    def _begin_deployment(self) -> None:
        """After the mission's setup: sides with nothing to deploy are done; the order is the mission's."""
        self.phase = DEPLOY
        for s in self.sides:
            if not self.undeployed(s):
                self.state.deployed_sides.add(s)
        if self.mission.deployment_order(self) == "alternate":
            first = self.mission_state.get("deploy_first")
            waiting = [s for s in self.sides if s not in self.state.deployed_sides]
            self.state.deploy_turn = first if first in waiting else (waiting[0] if waiting else None)
        self._maybe_start_battle()

    def _next_deployer(self, side: str) -> None:
        """Alternate deployment (R29): after each unit, the other side places one, while it has units left."""
        if self.state.deploy_turn is None:
            return
        waiting = [s for s in self.sides if self.undeployed(s)]
        order = list(self.sides)
        for k in range(1, len(order) + 1):
            s = order[(order.index(side) + k) % len(order)]
            if s in waiting:
                self.state.deploy_turn = s
                return
        self.state.deploy_turn = None  # everyone placed: each side confirms with EndDeployment in the usual order

    def _deploy(self, cmd: C.Deploy) -> None:
        if cmd.uid not in self.undeployed(cmd.side):
            raise IllegalCommand("that unit is not waiting to deploy")
        if not self.in_deployment_zone(cmd.side, cmd.x, cmd.y) and \
                not S.may_deploy(self, cmd.uid, cmd.x, cmd.y):
            raise IllegalCommand("outside your deployment zone")
        r = self.unit(cmd.uid).card.base_diameter / 2
        z = self.table.surface_z(cmd.x, cmd.y, cmd.z)
        if not self.table.can_stand(r, cmd.x, cmd.y, z):
            raise IllegalCommand("a unit cannot stand there")
        self._put(cmd.uid, cmd.x, cmd.y, z)
        u = self.unit(cmd.uid)
        self.emit(E.Deployed(cmd.uid, u.name, u.side, cmd.x, cmd.y, z))
        self._next_deployer(cmd.side)

    def _maybe_start_battle(self) -> None:
        if self.phase == DEPLOY and all(s in self.state.deployed_sides for s in self.sides):
            self.phase = BATTLE
            self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.emit(E.TurnStarted(self.turn, self.mission.turns))
        for uid in self.units(items=None, downed=None):  # a Downed unit acts too (H1: Move, Dash or Revive)
            r = esper.component_for_entity(uid, Readiness)
            r.ready = not self.unit(uid).item
            r.aoo_used = False
            r.used_once = ()
        self.mission.start_of_turn(self)
        S.start_of_turn(self)
        for side in self.sides:
            if side in self.npc_sides:
                continue
            dice_n = tactical_order_dice(True, S.leader_dice(self, side))
            faces, to = roll_tactical_orders(self.dice, dice_n, self.taken_out_count[side])
            self.to[side] = to
            self.emit(E.TacticalOrdersRolled(side, self.side_name(side), tuple(Die(f) for f in faces),
                                             self.taken_out_count[side], to))
            if S.fate_shift(self, side) and any(f > ORDER_FACE for f in faces):
                self._queue(("fate", side, tuple(faces)))
        self.mission.after_orders(self)
        self._queue(("begin_turn",))

    def _begin_turn(self) -> None:
        """After the Tactical Orders: the Initiative (R18, R19)."""
        if self._check_result(False):
            return
        given = self.mission.initiative(self)
        if given is not None:  # R19: the player squad always has the Initiative against NPCs
            self.next_side = given
            self.emit(E.InitiativeGiven(given, self.side_name(given), "R19" if self.npc_sides else self.mission.title))
        else:
            rounds, winner = S.roll_initiative(self, list(self.sides))
            self.emit(E.InitiativeRolled(tuple(tuple(r.items()) for r in rounds), winner, self.side_name(winner),
                                         tuple((s, self.side_name(s)) for s in self.sides)))
            self.prompt = Prompt("first", winner, "You have the Initiative: who activates first?",
                                  options=tuple(self.sides))

    def _end_turn(self) -> None:
        """All activations are done: the mission scores first (R31), its steps run, then the Turn closes."""
        self.next_side = None
        self.mission.end_of_turn(self)
        self._queue(("close_turn",))

    def _close_turn(self) -> None:
        for s in self.sides:
            self.to[s] = 0  # unused Tactical Orders are lost
        S.end_of_turn(self)
        self._retire_fallen()
        self.emit(E.TurnEnded(self.turn))
        if self._check_result(True):
            return
        self._start_turn()

    def _check_result(self, end_of_turn: bool) -> bool:
        res = self.mission.check_result(self, end_of_turn)
        if res is None:
            return False
        self.result = res
        self.phase = OVER
        self.prompt = None
        self.activation = None
        self.emit(E.MissionOver(res.outcome, res.turn, res.text))
        return True

    def _ready(self, side: str) -> list[int]:
        return [u for u in self.units(side, downed=None) if esper.component_for_entity(u, Readiness).ready]

    def _advance(self) -> None:
        """After an activation: the next side with Ready units activates (alternating); else the Turn ends."""
        if self.phase != BATTLE or self.prompt is not None or self.activation is not None or self.state.pending or \
                self.next_side is None:
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
            first = min(self.mission.npc_priority(self, u) for u in ready)
            ready = [u for u in ready if self.mission.npc_priority(self, u) == first]  # a Horde Boss first
            if self.scenario.npc_order == "player-picks" and len(ready) > 1:
                chooser = next(s for s in self.sides if s not in self.npc_sides)
                self.prompt = Prompt("pick_npc", chooser, "Pick the NPC that activates next", options=tuple(ready))
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
        if cmd.uid not in self._activatable(cmd.side):
            raise IllegalCommand("that unit cannot activate now" if cmd.uid not in self._ready(cmd.side)
                                 else "it is another player's turn to activate a unit")
        self._start_activation(cmd.uid)

    def _start_activation(self, uid: int) -> None:
        u = self.unit(uid)
        r = esper.component_for_entity(uid, Readiness)
        act_now = S.activation_act(self, uid, u.card.act) + self.mission.act_bonus(self, uid)
        if self.carried_by(uid):
            act_now = max(1, act_now + self.carry_act(uid))  # Relay Run's Beacon: -1 ACT, min 1
        if r.stunned:
            act_now = max(1, act_now - r.stunned)
            self.note(f"{u.name} is Stunned: {act_now} ACT this activation (STN)", uid)
            r.stunned = 0
        self.activation = Activation(uid=uid, act=act_now, no_repeat=bool(self.mission.no_repeat_cost(self, uid)))
        self.emit(E.ActivationStarted(uid, u.name, self.side_of(uid), act_now))
        self._queue(*S.start_of_activation(self, uid), *self.mission.start_of_activation(self, uid), front=True)
        self.state.react_due = "start"

    def _cmd_end_activation(self) -> None:
        a = self.activation
        if a.grant:  # declining (the rest of) the free actions
            self._end_grant()
            return
        plan = S.disciplined_plan(self, a)
        if plan:
            self.note(f"{self.unit(a.uid).name} is Disciplined: one free Basic Action it has not used yet", a.uid)
            self._queue(("grant", a.uid, {"grant": "disciplined", "plan": [list(plan)],
                                          "on_end": [["end_activation", a.uid]]}), front=True)
            return
        self._end_activation()

    def _end_activation(self) -> None:
        uid = self.activation.uid
        if esper.entity_exists(uid):
            esper.component_for_entity(uid, Readiness).ready = False
        side = self.unit(uid).side
        if self.people(side) > 1:  # co-op: the next person activates next time (R27)
            self.state.seat_turn[side] = (self.unit(uid).owner + 1) % self.people(side)
        self.activation = None
        self.state.react_due = ""
        order = list(self.sides)
        self.next_side = order[(order.index(side) + 1) % len(order)]

