"""Move and Dash along paths, Attacks of Opportunity and blunting them (R13-R16)."""
from __future__ import annotations

from dataclasses import dataclass

import esper

from game.rules import actions as act
from game.rules.model import WeaponCard
from game.rules.wording import count

from . import commands as C
from . import events as E
from . import skills as S
from .components import Health, Readiness
from .errors import IllegalCommand
from .prompts import Prompt


@dataclass(slots=True)
class _PendingMove:
    mover: int
    dest: tuple[float, float, float]
    spare: float  # movement inches left after the path: may blunt (R16)
    candidates: tuple[tuple[int, str], ...]
    aoo_side: str
    chosen: tuple[int, str] | None = None
    points: tuple = ()



class MatchMovement:
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
        if self.mission.instead_of_move(self, uid, action):
            return  # the mission's rule put the unit somewhere instead (the Shadow Fiend)
        dest = path.points[-1]
        candidates = self.aoo_candidates(uid, path.left_adjacency)
        if candidates:
            aoo_side = self.side_of(candidates[0][0])
            self.state.move = _PendingMove(mover=uid, dest=dest, spare=budget - path.cost, candidates=tuple(candidates),
                                      aoo_side=aoo_side, points=tuple(path.points))
            self.prompt = Prompt("aoo", aoo_side, f"{self.unit(uid).name} leaves Adjacency: make an Attack of "
                                  "Opportunity?", options=tuple(candidates))
            return
        self._finish_move(uid, dest, path.cost, path.points)

    def _finish_move(self, uid: int, dest, cost: float | None = None, points=(), action: str = "move") -> None:
        start = self._put(uid, *dest)
        path = tuple(tuple(q) for q in points) if points else (start, tuple(dest))
        u = self.unit(uid)
        self.emit(E.Moved(uid, u.name, u.side, path, action, cost))
        if points:
            self._queue(*S.after_move(self, uid, points), front=True)

    def place(self, uid: int, x: float, y: float, z: float = 0.0, verb: str = "moves") -> None:
        """Put a unit somewhere at once (jumps, pushes, swaps): no path, no Attack of Opportunity."""
        start = self._put(uid, x, y, z)
        u = self.unit(uid)
        self.emit(E.Moved(uid, u.name, u.side, (start, (x, y, z)), "place", verb=verb))

    def _answer_aoo(self, cmd) -> None:
        m = self.state.move
        if isinstance(cmd, C.ChooseAttackOfOpportunity):
            if cmd.uid is None:
                self.prompt = None
                self.state.move = None
                self._finish_move(m.mover, m.dest, points=m.points)
                return
            if (cmd.uid, cmd.weapon) not in m.candidates:
                raise IllegalCommand("that unit cannot make this Attack of Opportunity")
            m.chosen = (cmd.uid, cmd.weapon)
            esper.component_for_entity(cmd.uid, Readiness).aoo_used = True
            weapon = self.unit(cmd.uid).card.weapon(cmd.weapon)
            max_blunt = min(int(m.spare // act.BLUNT_INCHES), self._aoo_att(cmd.uid, weapon, m.mover))
            self.note(f"{self.unit(cmd.uid).name} makes an Attack of Opportunity", cmd.uid)
            if max_blunt > 0:
                self.prompt = Prompt("blunt", self.side_of(m.mover),
                                      f"Spend movement to blunt the attack ({act.BLUNT_INCHES}\" per die, up to "
                                      f"{max_blunt})",
                                      options=(max_blunt,))
                return
            self.prompt = None
            self._start_aoo(0)
            return
        raise IllegalCommand("answer the Attack of Opportunity first")

    def _aoo_att(self, uid: int, weapon: WeaponCard, target: int) -> int:
        base = esper.component_for_entity(uid, Health).hit if weapon.has("HIT") else weapon.att
        return max(0, S.attack_dice(self, uid, weapon, base, aoo=True) + self.mission_attack_bonus(uid, target,
                                                                                                 weapon)[0])

    def _start_aoo(self, blunt: int) -> None:
        m = self.state.move
        attacker, weapon_id = m.chosen
        weapon = self.unit(attacker).card.weapon(weapon_id)
        if blunt:
            self.note(f"{self.unit(m.mover).name} spends {act.BLUNT_INCHES * blunt}\" to blunt "
                      f"{count(blunt, 'Attack die', 'Attack dice')}", m.mover)
        self.state.move = None
        att = max(0, self._aoo_att(attacker, weapon, m.mover) - blunt)
        self._start_attack(attacker, weapon, [(None, [m.mover])], att=att,
                           then_move=m.dest, mover=m.mover, aoo=True, path=m.points)

