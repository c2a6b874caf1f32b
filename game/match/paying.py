"""Paying for actions: ACT costs (R17), what a unit may not do now, Tactical Orders paying ACT."""
from __future__ import annotations

from game.rules import actions as act
from game.rules.model import WeaponCard

from . import events as E
from . import skills as S
from .components import Activation
from .errors import IllegalCommand


class MatchPaying:
    def cost_of(self, action: str, weapon: WeaponCard | None = None, skill: str | None = None,
                base: int = 1, repeat: bool = True) -> int:
        """ACT cost of an action of the active unit now; free actions (a grant) cost 0, except under a grant of
        ACT to spend (Opportunity); an action it may not take now (hidden, a grant that does not allow it) costs
        actions.FORBIDDEN. repeat=False: no repeat cost (R17) for this action."""
        with self._in_world():
            a = self.activation
            card = self.unit(a.uid).card
            cost = act.action_cost(card, action, tuple(a.history), weapon=weapon, skill=skill, base=base,
                                   move_tax=a.move_tax, repeat=repeat and not a.no_repeat)
            if self._forbidden(a, action, skill, cost):
                return act.FORBIDDEN
            return 0 if a.grant and not a.act else cost

    def _forbidden(self, a: Activation, action: str, skill: str | None, cost: int) -> str | None:
        if a.locked:
            return "this unit takes no more actions this activation (Neural Command)"
        if S.cond(a.uid).downed and action not in (act.MOVE, act.DASH, act.MISSION):
            return "a Downed unit may only Move, Dash or be revived"
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
        if self.activation.grant:  # free actions; a grant of ACT (Opportunity) pays from its own ACT only
            if self.activation.act:
                return None if to_only else act.split_payment(cost, self.act_left(), 0)
            return (0, 0) if cost <= 0 else None
        side = self.side_of(self.activation.uid)
        return act.split_payment(cost, self.act_left(), self.to[side], to_only)

    def move_budget(self, action: str, uid: int | None = None) -> float:
        """Inches of a Move or Dash of `uid` (the active unit by default): 6" or 2", changed by its card (Crushed
        Leg), by what it carries (The Flag: 2" less per Move) and by the mission's rules; never below 0."""
        base = act.MOVE_INCHES if action == act.MOVE else act.DASH_INCHES
        uid = self.activation.uid if uid is None and self.activation is not None else uid
        if uid is None:
            return base
        extra = self.mission.move_bonus(self, uid, action) + S.move_change(self, uid, action)
        if action == act.MOVE:
            extra += self.carry_move(uid)
        return max(0.0, base + extra)


    # == paying for actions =========================================================================
    def _pay(self, action: str, weapon: WeaponCard | None = None, skill=None, base: int = 1,
             to_only: bool = False, repeat: bool = True) -> None:
        a = self.activation
        skill_id = skill if isinstance(skill, str) or skill is None else skill.id
        cost = self.cost_of(action, weapon, skill_id, base, repeat)
        if cost >= act.FORBIDDEN:
            full = act.action_cost(self.unit(a.uid).card, action, tuple(a.history), weapon=weapon, skill=skill_id,
                                   base=base, move_tax=a.move_tax, repeat=repeat and not a.no_repeat)
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
            self.emit(E.TacticalOrdersChanged(side, self.side_name(side), -from_to, self.to[side],
                                              f"paying for {act.ACTION_NAMES[action]}"))

    def pay_skill(self, skill_id: str, base: int, to_only: bool) -> None:
        self._pay(act.SKILL, skill=skill_id, base=base, to_only=to_only)

