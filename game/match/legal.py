"""What a side may do now: the one list that the screen, computer sides and tests share."""
from __future__ import annotations

from game.rules import actions as act
from game.rules.model import MELEE

from . import commands as C
from . import skills as S
from .flow import DEPLOY
from .prompts import Prompt


AUTO, CHANGE = "roll auto", "change"  # (the answers to dice other than a re-roll's source: _dice_answers)


class MatchLegal:
    def legal_commands(self, side: str) -> list[C.Command]:
        """Every command `side` may give now (moves: one per reachable lattice spot)."""
        if self.waiting_for() != side:
            return []
        with self._in_world():
            p = self.prompt
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
                return [C.Activate(side, uid) for uid in self._activatable(side)]
            return self._activation_commands(side)

    @staticmethod
    def _change_helps(d, i: int, to: int) -> bool:
        """R2: a Tactical Order change (-1 each) can turn die i from a failure into a success with the TO left;
        a natural 6 fails whatever is done to it, a success gains nothing, and +1 only makes a die worse."""
        die = d.dice[i]
        if die.auto or die.natural == 6 or d.ok(i):
            return False
        return 0 < die.value - max(d.stat, 1) <= to

    @classmethod
    def _dice_answers(cls, d, to: int) -> list[tuple[int, str]]:
        """What a side with `to` Tactical Orders may do to the dice of decision `d`, besides accepting them, in the
        order the commands come: (die, AUTO: roll the automatic Strike; CHANGE: -1 for a Tactical Order; else a
        re-roll from that source)."""
        out = []
        for i, die in enumerate(d.dice):
            if die.auto:
                if d.stage == "attack":
                    out.append((i, AUTO))
                continue
            if not die.rerolled and not d.no_reroll:
                for src, n in d.free:
                    if n > 0:
                        out.append((i, src))
                if d.rlt and die.natural == 6:
                    out.append((i, "RLT"))
                if to > 0 and not die.critical:
                    out.append((i, "TO"))
            if cls._change_helps(d, i, to):
                out.append((i, CHANGE))
        return out

    def _prompt_commands(self, p: Prompt) -> list[C.Command]:
        s = p.side
        if p.kind == "dice":
            out: list[C.Command] = [C.AcceptDice(s)]
            for i, what in self._dice_answers(p.decision, self.to[s]):
                out.append(C.RollAutoDie(s, i) if what == AUTO else C.ChangeDie(s, i, -1) if what == CHANGE else
                           C.RerollDie(s, i, what))
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
        if p.kind == "choice":
            return [C.Choose(s, o) for o, _ in p.options]
        if p.kind == "mission_dice":
            return self._mission_dice_commands(p)
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
            out += [cls(side, s.x, s.y, s.z) for s in self.move_options(uid, action).spots]
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
                    out.append(self.attack_command(side, uid, w, t))
        if self.payment(self.cost_of(act.DOOR)) is not None:
            for door in self.table.adjacent_doors(self.base(uid)):
                out.append(C.ToggleDoor(side, door))
        out += self._carry_commands(side, uid)
        out += self._mission_action_commands(side, uid)
        if not a.grant:
            out += S.skill_commands(self, uid, side)
        return out

    def attack_command(self, side: str, uid: int, w, target: int) -> C.Command:
        """The attack of `uid` with weapon `w` on `target` the match offers, as every side makes it: with the
        secondary targets of a Chain Reaction weapon (chain_targets, N70)."""
        extra = self.chain_targets(uid, w, target)
        if w.kind == MELEE:
            return C.MeleeAttack(side, w.id, target, extra_targets=extra)
        return C.RangedAttack(side, w.id, target, extra_targets=extra)
