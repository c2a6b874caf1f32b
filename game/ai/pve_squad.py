"""The computer player of a PvE squad (headless, or a side a person hands to the computer): it goes for the
objectives first and fights around them, then extracts.

Each decision it looks at the mission's `goals(match)` (objectives, their markers, the Extraction Point) and gives
every unit a task: a marker to Control, activate or search (units left over start the next objective, or stand on
the Control Points too); a Target to destroy; the Asset to guard; the Extraction Point to reach (spare units from
Turn 4; everybody once the objectives are settled, or once one is met and no other is within reach (none is while
the enemy outnumbers the squad after the Extraction Point opens), but never while one more Turn of holding meets
Control); or a fight (pve_plan.py). A Move blocked as the crow flies follows the path two Moves ahead (around walls,
off platforms). A unit then takes, in order: a Mission Action on its marker (paying with Tactical Orders when ACT
runs short), a step out of base contact inside the Extraction Point's reach when it makes for it (pve_clear), a
Melee attack if an enemy is Adjacent, what its task needs (a move), a shot, or ends. It remembers which unit went
for which marker (so units do not swap goals as they move); a fresh controller (a loaded save) simply deals the
markers out again.
"""
from __future__ import annotations

import math

from game.match import commands as C
from game.match.flow import DEPLOY
from game.rules import actions as act

from . import pve_plan as P
from .common import Controller, ControllerState, answer_prompt, deployment_left
from .pve_clear import held_in_contact, holders_ready
from .pve_plan import Plan, control_on_streak, objective_in_reach

GOOD_EVENTS = (1, 2, 3)  # Turn Event faces worth having: Opportunity, Field Dressing, Strategic Command


class PveSquadController(Controller):
    def __init__(self, side: str) -> None:
        self.side = side
        self.explanation = ""
        self.assigned: dict[int, tuple[str, str]] = {}  # unit -> (marker, objective) it goes for
        self._deploy: list = []

    def state(self, match) -> ControllerState:
        """The markers its units go for, and the deployment spots it worked out."""
        return ControllerState(type(self).__name__, None,
                               (tuple(self.assigned.items()), tuple(map(tuple, self._deploy))))

    def restore(self, state: ControllerState, match) -> None:
        if state.kind != type(self).__name__ or state.random is not None or len(state.plan) != 2:
            raise ValueError("not a PvE squad player's state")
        assigned, deploy = state.plan
        if type(assigned) is not tuple or not all(
                type(a) is tuple and len(a) == 2 and type(a[0]) is int and type(a[1]) is tuple and len(a[1]) == 2
                and all(type(x) is str for x in a[1]) for a in assigned):
            raise ValueError("not the markers a squad's units go for")
        if type(deploy) is not tuple or not all(
                type(d) is tuple and len(d) == 4 and type(d[0]) is int and
                all(type(x) in (int, float) for x in d[1:]) for d in deploy):
            raise ValueError("not deployment spots")
        self.assigned, self._deploy = dict(assigned), list(deploy)

    def plan(self, match) -> "Plan":
        p = Plan(match, self.side, self.assigned)
        self.assigned = {u: (t[1], t[2]) for u, t in p.tasks.items() if t[0] == "marker"}
        return p

    # == prompts ===========================================================================================
    def think(self, match):
        p = match.prompt
        if p is not None:
            if p.kind == "choice":
                return C.Choose(self.side, self._choose(match, p))
            if p.kind == "mission_dice":
                return self._event_dice(match, p)
            if p.kind == "dice":
                return self._dice(match, p)
            return answer_prompt(match, self.side)
        if match.phase == DEPLOY:
            waiting = match.undeployed(self.side)
            if not waiting:
                return C.EndDeployment(self.side)
            left = deployment_left(match, self.side, self._deploy)
            if not left:  # the spots, worked out once; again when a person placed some (a planned spot may be taken)
                self._deploy = list(match.mission.default_deployment(match, self.side))
                left = self._deploy
            if left:
                uid, x, y, z = left[0]
                return C.Deploy(self.side, uid, x, y, z)
            return C.EndDeployment(self.side)
        if match.active_unit is None:
            return C.Activate(self.side, self._next_unit(match))
        uid = match.active_unit
        plan = self.plan(match)
        yield
        cmd, why = yield from plan.acting(uid)
        self.explanation = f"{match.unit(uid).name}: {why}"
        return cmd

    def _choose(self, match, p) -> str:
        ids = [o for o, _ in p.options]
        if "extract" in ids:
            return "extract" if self._extract_now(match) else "stay"
        if set(ids) <= {"NW", "N", "NE", "W", "C", "E", "SW", "S", "SE"}:
            return self._anchor(match, p.then[:1], ids)
        units = [int(o) for o in ids if o.isdigit()]
        if units:
            if p.then[:1] == ("field_dressing",):  # the most hurt
                return str(min(units, key=lambda u: (match.health(u).hit - match.health(u).max_hit, u)))
            plan = self.plan(match)  # Opportunity: a unit whose task is nearest done
            return str(min(units, key=lambda u: (plan.distance_to_task(u), u)))
        return ids[0]

    def _anchor(self, match, step: tuple, ids: list[str]) -> str:
        """R25's 10: the Extraction Point nearest the squad; an objective marker nearest the squad; a hazard
        where enemies outnumber the squad most."""
        pts = match.anchors()
        mine = [match.base(u) for u in match.units(self.side)]
        foes = [match.base(u) for u in match.units() if match.side_of(u) != self.side]
        if step == ("extraction_at",) or not foes:
            if not mine:
                return ids[0]
            return min(ids, key=lambda a: (sum(math.hypot(b.x - pts[a][0], b.y - pts[a][1]) for b in mine), a))

        def score(a):
            near = lambda bs: sum(1 for b in bs if math.hypot(b.x - pts[a][0], b.y - pts[a][1]) <= 4.5)  # noqa
            return (near(mine) - near(foes), a)
        return min(ids, key=score)

    def _dice(self, match, p) -> C.Command:
        """Free re-rolls first (the plain policy); then Tactical Orders, which are lost at the end of the Turn
        anyway: on failed saves always, on failed attack dice while 3 or more are left. A die one short is
        changed (a sure thing), another re-rolled."""
        cmd = answer_prompt(match, self.side)
        if not isinstance(cmd, C.AcceptDice):
            return cmd
        d = p.decision
        to = match.to.get(self.side, 0)
        if to <= 0 or (d.stage == "attack" and to < 3):
            return cmd
        runners = [u for u, (mid, oid) in self.assigned.items() if oid in ("activate", "search")]
        if runners and to <= 2 and d.uid not in runners:
            return cmd  # keep them for a Mission Action short of ACT
        legal = set(match.legal_commands(self.side))
        for i in d.failed():
            die = d.dice[i]
            change = C.ChangeDie(self.side, i, -1)
            if die.value - max(d.stat, 1) == 1 and change in legal:
                return change
            reroll = C.RerollDie(self.side, i, "TO")
            if reroll in legal:
                return reroll
        return cmd

    def _event_dice(self, match, p) -> C.Command:
        """The Turn Event die: Tactical Orders turn a bad face into Strategic Command (3) when they can."""
        die = p.decision.dice[0]
        to = match.to.get(self.side, 0)
        if die.value in GOOD_EVENTS or to <= 0:
            return C.AcceptDice(self.side)
        if die.value - 3 <= to:
            return C.ChangeDie(self.side, 0, -1)
        if not die.rerolled:
            return C.RerollDie(self.side, 0, "TO")
        return C.AcceptDice(self.side)

    def _extract_now(self, match) -> bool:
        g = match.mission.goals(match)
        go, behind = g["would_extract"], g["left_behind"]
        if not go:
            return match.turn >= P.LAST_TURN
        if control_on_streak(match, g) and match.turn < P.LAST_TURN and len(match.units(self.side)) > 1:
            return False  # one more Turn of holding them meets Control
        if match.turn >= P.GIVE_UP_TURN or len(match.units(self.side)) <= 1:
            return True
        met = any(s == "met" for s in g["status"].values())
        if not met:
            return False  # nothing would count yet
        if objective_in_reach(match, g, self.side):
            return False
        # an objective is met and nothing more is within reach: wait only for stragglers one Turn away, and only
        # while nobody in the zone is threatened
        if not behind or len(go) >= len(behind):
            return True
        x, y = g["extraction"]
        soon = [u for u in behind if not match.adjacent_enemies(u) and math.hypot(match.base(u).x - x,
                match.base(u).y - y) <= g["extraction_radius"] + match.move_budget(act.MOVE) * 2]
        threatened = any(match.table.distance(match.base(u), match.base(e)) <= 8.0
                         for u in go for e in match.enemies_of(u))
        return threatened or not soon

    def _next_unit(self, match) -> int:
        ready = [c.uid for c in match.legal_commands(self.side) if isinstance(c, C.Activate)]
        plan = self.plan(match)

        def held(u):  # held in base contact on its way out by an enemy yet to activate: last (pve_clear)
            return held_in_contact(match, plan.g, u, plan.tasks.get(u, ("fight",))) and holders_ready(match, u)
        return min(ready, key=lambda u: (held(u), plan.distance_to_task(u), u))
