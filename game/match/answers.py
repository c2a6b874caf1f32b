"""What each answer to the other questions would do, from the code that carries it out: the attack an Attack of
Opportunity, a Counter or a Devoted unit taking the shot would make (the very spec `_attack_spec` builds for
the real attack, with its exact odds), the dice and the inches a blunting costs, the Tactical Orders a Fate
Shift re-roll may bring, and what each face of a mission's roll means after a re-roll or a change.

Dice questions of an attack are answered in outcomes.py. Both are pure reads: the match is as it was after.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules import actions as act
from game.rules.combat import AttackSpec
from game.rules.orders import orders_from

from . import commands as C
from .queries import spec_setup


@dataclass(frozen=True, slots=True)
class AttackAnswer:
    """An answer that makes an attack (or makes none: `spec` None): what it would roll and its exact odds
    against its target; `inches`: the movement it costs the unit attacked (blunting)."""

    command: C.Command
    attacker: int | None = None
    target: int | None = None
    spec: AttackSpec | None = None
    odds: object | None = None  # game.rules.odds.Odds of the main target
    not_counted: tuple[str, ...] = ()  # rules in play the odds leave out
    inches: float = 0.0

    @property
    def dice(self) -> int:
        return self.spec.att if self.spec is not None else 0


@dataclass(frozen=True, slots=True)
class RollAnswer:
    """An answer about dice that are not an attack's (Fate Shift, a mission's roll): `chances` (exact chance,
    value, what it means): the Tactical Orders the side will have (Fate Shift) or the die's new value and
    its meaning (a mission's roll); `to_cost`: the Tactical Orders it spends."""

    command: C.Command
    chances: tuple[tuple[Fraction, int, str], ...]
    to_cost: int = 0

    @property
    def certain(self) -> tuple[int, str] | None:
        return self.chances[0][1:] if len(self.chances) == 1 else None


class MatchAnswers:
    def prompt_answers(self, side: str | None = None) -> list:
        """For each legal answer to the open question (not an attack's dice: `answer_outcomes`), what it would
        do: AttackAnswer (Attack of Opportunity, blunting, Counter, Devoted), RollAnswer (Fate Shift, a
        mission's roll); [] for questions whose answers are words (a mission's choice, Standby)."""
        p = self._prompt
        if p is None or (side is not None and p.side != side):
            return []
        cmds = self.legal_commands(p.side)
        with self._in_world():
            if p.kind == "aoo":
                return [self._aoo_answer(c) for c in cmds]
            if p.kind == "blunt":
                return [self._blunt_answer(c) for c in cmds]
            if p.kind == "counter":
                return [self._counter_answer(p, c) for c in cmds]
            if p.kind == "devoted":
                return [self._devoted_answer(p, c) for c in cmds]
            if p.kind == "fate_shift":
                return [self._fate_answer(p, c) for c in cmds]
            if p.kind == "mission_dice":
                return [self._mission_die_answer(p, c) for c in cmds]
        return []

    # -- attacks ------------------------------------------------------------------------------------------
    def _attack_answer(self, cmd, attacker: int, weapon_id: str, target: int, att: int | None = None,
                       aoo: bool = False, inches: float = 0.0, groups=None) -> AttackAnswer:
        """The attack as the answer would start it: the same groups and the same `_attack_spec`."""
        w = self.unit(attacker).card.weapon(weapon_id)
        groups = groups if groups is not None else [(None, [target])]
        spec = self._attack_spec(attacker, w, groups, att, aoo)
        if spec is None:
            return AttackAnswer(cmd, attacker, target, None, None, (), inches)
        from game.rules.odds import exact_odds
        setup, missing = spec_setup(spec)
        return AttackAnswer(cmd, attacker, target, spec, exact_odds(setup), missing, inches)

    def _aoo_answer(self, cmd) -> AttackAnswer:
        m = self._move
        if cmd.uid is None:
            return AttackAnswer(cmd)
        w = self.unit(cmd.uid).card.weapon(cmd.weapon)
        return self._attack_answer(cmd, cmd.uid, cmd.weapon, m.mover, att=self._aoo_att(cmd.uid, w, m.mover),
                                   aoo=True)

    def _blunt_answer(self, cmd) -> AttackAnswer:
        m = self._move
        attacker, wid = m.chosen
        w = self.unit(attacker).card.weapon(wid)
        att = max(0, self._aoo_att(attacker, w, m.mover) - cmd.dice)
        return self._attack_answer(cmd, attacker, wid, m.mover, att=att, aoo=True,
                                   inches=float(act.BLUNT_INCHES * cmd.dice))

    def _counter_answer(self, p, cmd) -> AttackAnswer:
        if cmd.weapon is None:
            return AttackAnswer(cmd)
        return self._attack_answer(cmd, p.target, cmd.weapon, p.attacker)

    def _devoted_answer(self, p, cmd) -> AttackAnswer:
        target = p.target if cmd.uid is None else cmd.uid
        w = self.unit(p.attacker).card.weapon(p.weapon)
        return self._attack_answer(cmd, p.attacker, p.weapon, target,
                                   groups=self._target_groups(w, target, (), (), melee=False, attacker=p.attacker))

    # -- dice that are not an attack's -----------------------------------------------------------------------
    def _fate_answer(self, p, cmd) -> RollAnswer:
        faces = list(p.options)
        out = self.taken_out_count.get(p.side, 0)
        if not isinstance(cmd, C.RerollDie):
            return RollAnswer(cmd, ((Fraction(1), orders_from(faces, out), ""),))
        totals: dict[int, Fraction] = {}
        for f in range(1, 7):
            faces[cmd.index] = f
            n = orders_from(faces, out)
            totals[n] = totals.get(n, Fraction(0)) + Fraction(1, 6)
        return RollAnswer(cmd, tuple((pr, n, "") for n, pr in sorted(totals.items(), key=lambda t: -t[1])))

    def _mission_die_answer(self, p, cmd) -> RollAnswer:
        d = p.decision
        means = dict(p.meaning)
        if isinstance(cmd, C.AcceptDice):
            v = d.dice[0].value if d.dice else 0
            return RollAnswer(cmd, ((Fraction(1), v, means.get(v, "")),))
        die = d.dice[cmd.index]
        if isinstance(cmd, C.ChangeDie):
            v = die.value + cmd.delta
            return RollAnswer(cmd, ((Fraction(1), v, means.get(v, "")),), 1)
        groups: dict[str, list] = {}  # a re-roll: each face, faces meaning the same thing together
        for f in range(1, p.sides + 1):
            g = groups.setdefault(means.get(f, str(f)), [Fraction(0), f])
            g[0] += Fraction(1, p.sides)
        return RollAnswer(cmd, tuple((pr, f, means.get(f, "")) for pr, f in groups.values()), 1)
