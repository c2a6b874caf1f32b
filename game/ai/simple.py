"""A plain, predictable policy for a player squad: used by the headless runner and as a baseline.

Each activation: fight an Adjacent enemy in melee; otherwise shoot (Spawn Points and other items first,
then the weakest unit); otherwise move toward the nearest enemy item or unit. Pays with ACT only.
"""
from __future__ import annotations

from game.battlefield.search import sliced
from game.match import commands as C
from game.match.match import DEPLOY
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

from .common import Controller, answer_prompt, approach_spot, closest

TARGETS_PER_SLICE = 4  # ranged targets checked between two slices of a decision on the battle screen


class SimpleSquadController(Controller):
    def __init__(self, side: str) -> None:
        self.side = side

    def think(self, match):
        if match.prompt is not None:
            return answer_prompt(match, self.side)
        if match.phase == DEPLOY:
            todo = match.mission.default_deployment(match, self.side)
            if todo:
                uid, x, y, z = todo[0]
                return C.Deploy(self.side, uid, x, y, z)
            return C.EndDeployment(self.side)
        if match.active_unit is None:
            return C.Activate(self.side, self._next_unit(match))
        uid = match.active_unit
        cmd = self._melee(match, uid)
        if cmd is not None:
            return cmd
        yield
        cmd = yield from self._shoot(match, uid)  # (a slice every few targets: each is a sight question)
        if cmd is not None:
            return cmd
        yield
        cmd = yield from sliced(lambda: self._advance(match, uid))  # (its movement search stops at a slice's end)
        if cmd is not None:
            return cmd
        yield
        return C.EndActivation(self.side)

    def _next_unit(self, match) -> int:
        ready = [u for u in match.units(self.side) if match.readiness(u).ready]
        foes = match.enemies_of(ready[0])
        if not foes:
            return ready[0]
        return min(ready, key=lambda u: (min(match.table.distance(match.base(u), match.base(f)) for f in foes), u))

    @staticmethod
    def _may_target(match, e) -> bool:
        """A free attack a skill gives may be limited to one target (Take 'Em Down)."""
        target = getattr(match.activation, "target", None)
        return target is None or e == target

    def _affordable(self, match, action, weapon=None) -> bool:
        return match.act_left() >= match.cost_of(action, weapon)

    def _melee(self, match, uid):
        adj = match.adjacent_enemies(uid)
        weapons = [w for w in match.unit(uid).card.weapons if w.kind == MELEE]
        if not adj or not weapons:
            return None
        w = max(weapons, key=lambda w: (w.att * w.skl, w.id))
        if not self._affordable(match, act.MELEE_COMBAT, w):
            return None
        adj = [e for e in adj if match.melee_target_reason(uid, w, e) is None and self._may_target(match, e)]
        if not adj:
            return None
        units = [e for e in adj if not match.unit(e).item]
        t = min(units or adj, key=lambda e: (match.health(e).hit, e))
        return match.attack_command(self.side, uid, w, t)

    def _shoot(self, match, uid):
        """A generator: yields between every few targets it checks (each a sight question), returns the attack."""
        for w in sorted((w for w in match.unit(uid).card.weapons if w.kind == RANGED),
                        key=lambda w: (-w.att * w.skl, w.id)):
            if not self._affordable(match, act.RANGED_COMBAT, w):
                continue
            targets = []
            for k, e in enumerate(match.enemies_of(uid) + match.units(items=True)):
                if k and k % TARGETS_PER_SLICE == 0:
                    yield
                if match.unit(e).side != self.side and match.ranged_target_reason(uid, w, e) is None and \
                        self._may_target(match, e):
                    targets.append(e)
            if targets:
                t = min(set(targets), key=lambda e: (not match.unit(e).item, match.health(e).hit, e))
                return match.attack_command(self.side, uid, w, t)
        return None

    def _advance(self, match, uid):
        if match.adjacent_enemies(uid) or not self._affordable(match, act.MOVE):
            return None
        goals = [i for i in match.units(items=True) if match.unit(i).side != self.side]
        goal = closest(match, uid, goals) or closest(match, uid, match.enemies_of(uid))
        if goal is None:
            return None
        spot = approach_spot(match, uid, goal, match.move_budget(act.MOVE), False, False)
        return None if spot is None else C.Move(self.side, *spot)
