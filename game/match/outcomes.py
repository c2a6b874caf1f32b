"""What each answer to an attack's dice question would do, worked out by the code that resolves it.

A dice question (Attack dice, Armor Saves, saves of returned Damage, Parry, Life Drain, Shield) is answered on a
copy of the attack's resolution (`AttackResolution.fork`): the answer is applied, the dice are then accepted as
they stand, and the copy runs on as the match would (accepting what nobody may change) until it needs new dice
(the next save roll, Protect's dice), a side's next real decision, or the attack is over. What it did is read
from the copy: the counts the resolution made itself (StrikeTally, SaveTally), the HIT each unit lost, healing,
Damage returned, units Taken Out, and what comes next. An answer that rolls a die (a re-roll, an automatic
Strike rolled after all, a Parry) is run once per face, so its outcome comes with exact chances.

The screen only words these outcomes; `Match._choice_matters` asks them whether any answer changes anything
(N2: when none does, the dice stand at once).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules import records as R
from game.rules.combat import ATTACK, DRAIN, RETURN_SAVE, SAVE, Accept, AttackResolution, Convert, Reroll, RollAuto
from game.rules.counting import SaveTally, StrikeTally, is_critical, save_succeeds, saves_counted, strike_tally
from game.rules.dice import Dice, Die
from game.rules.model import MELEE, RANGED

from . import commands as C
from .legal import AUTO, CHANGE

DICE_KINDS = ("dice", "parry", "life_drain", "shield")
_STAGE_KINDS = {"parry": "parry", "drain": "life_drain", "shield": "shield"}


@dataclass(frozen=True, slots=True)
class NextStep:
    """What the attack does after an answer: `kind` "save" / "return_save" (`uid` saves `amount` Damage),
    "attack" (the next attack roll, `amount` dice), "protect" (`uid` rolls for `amount` HIT about to be lost),
    "dice" (`uid` may still re-roll or change them), "parry", "life_drain", "shield" (`amount`: the most it may
    choose)."""

    kind: str
    uid: int
    amount: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What accepting the dice (after the answer) does, up to `next`."""

    dice: tuple  # the question's dice as they would stand
    strikes: StrikeTally | None = None  # the attack roll counted (Attack dice, Parry)
    saves: tuple[tuple[int, SaveTally], ...] = ()  # (uid, its saves counted)
    lost: tuple[tuple[int, int], ...] = ()  # (uid, HIT lost): capped at the HIT left, before Protect's dice
    healed: tuple[tuple[int, int], ...] = ()  # (uid, HIT healed): Life Drain
    drained: int = 0  # Critical Strikes turned into healing
    damage: int | None = None  # Damage the attack roll deals each target (after Life Drain); None: no attack
    #                            roll is counted here (saves)
    returned: tuple[tuple[int, int], ...] = ()  # (uid, Damage returned to it): melee Critical Saves
    taken_out: tuple[int, ...] = ()
    next: NextStep | None = None  # None: the attack is over

    @property
    def effect(self) -> tuple:
        """What changes in the game (the dice and how they were counted aside)."""
        return (self.lost, self.healed, self.returned, self.taken_out, self.next, self.damage)

    def lost_by(self, uid: int) -> int:
        return dict(self.lost).get(uid, 0)

    def returned_to(self, uid: int) -> int:
        return dict(self.returned).get(uid, 0)

    def healed_by(self, uid: int) -> int:
        return dict(self.healed).get(uid, 0)


@dataclass(frozen=True, slots=True)
class AnswerOutcome:
    """One legal answer and what it leads to: `chances` (exact probability, Outcome), one entry with
    probability 1 when the answer rolls nothing; `to_cost`: the Tactical Orders it spends."""

    command: C.Command
    chances: tuple[tuple[Fraction, Outcome], ...]
    to_cost: int = 0

    @property
    def certain(self) -> Outcome | None:
        return self.chances[0][1] if len(self.chances) == 1 else None

    def by_effect(self) -> list[tuple[Fraction, Outcome]]:
        """The chances grouped by what changes in the game (one outcome shown for each), likeliest first."""
        groups: dict[tuple, list] = {}
        for p, o in self.chances:
            g = groups.setdefault(o.effect, [Fraction(0), o])
            g[0] += p
        return sorted(((p, o) for p, o in groups.values()), key=lambda t: -t[0])

    def chance(self, test) -> Fraction:
        return sum((p for p, o in self.chances if test(o)), Fraction(0))

    def expected(self, value) -> float:
        return float(sum(p * value(o) for p, o in self.chances))

    @property
    def effects(self) -> dict:
        """The distribution of what changes in the game (effect -> chance): comparable between answers."""
        out: dict = {}
        for p, o in self.chances:
            out[o.effect] = out.get(o.effect, 0) + p
        return out


@dataclass(frozen=True, slots=True)
class AttackNow:
    """The attack being resolved: who makes it (None: Damage nobody dealt), whether it is a Ranged one (saves
    count a Critical Save double and return nothing), with what, against whom."""

    attacker: int | None
    ranged: bool
    weapon: str
    targets: tuple[int, ...]


def _face_kinds(d, action) -> list[tuple[tuple[int], Fraction]]:
    """The faces a re-rolled (or rolled) die may show, one of each kind the rules tell apart on this decision (a
    success or not, a Critical or not, as `Decision.ok` and `is_critical` read it), each with its chance: faces
    of one kind count alike wherever the dice are counted, so one of them stands for all."""
    return list(_kinds(isinstance(action, Reroll), d.stat, d.crit))


_KINDS: dict[tuple, tuple] = {}  # (re-rolled, stat, crit) -> the faces' kinds (`_face_kinds`), worked out once


def _kinds(rerolled: bool, stat: int, top: int) -> tuple:
    out = _KINDS.get((rerolled, stat, top))
    if out is None:
        kinds: dict[tuple, list[int]] = {}
        for f in range(1, 7):
            die = Die(natural=f, rerolled=rerolled)
            crit = is_critical(die, top)
            # (Decision.ok of the dice with this die in place of the one rolled, without making that Decision)
            kinds.setdefault((crit or die.succeeds(stat), crit), []).append(f)
        out = _KINDS[(rerolled, stat, top)] = tuple(((fs[0],), Fraction(len(fs), 6)) for fs in kinds.values())
    return out


def _kind_faces(rerolled: bool, stat: int, top: int) -> list[int]:
    """One face of each kind (`_face_kinds`)."""
    return [fs[0] for fs, _ in _kinds(rerolled, stat, top)]


def _uses_to(cmd) -> bool:
    return isinstance(cmd, C.ChangeDie) or (isinstance(cmd, C.RerollDie) and cmd.source == "TO")


class _NeedFace(Exception):
    pass


class _Stop(Exception):
    def __init__(self, step: NextStep) -> None:
        super().__init__(step.kind)
        self.step = step


class _Faces(Dice):
    """The dice of a look-ahead: the faces given, in order; one more asked for stops it (it is then run once per
    face)."""

    def __init__(self, faces: tuple[int, ...]) -> None:  # (no generator of its own to seed)
        self.seed = 0
        self.rolled = 0
        self._faces = list(faces)

    def d6(self) -> int:
        if not self._faces:
            raise _NeedFace()
        self.rolled += 1
        return self._faces.pop(0)

    def d(self, sides: int) -> int:
        raise _NeedFace()


class _Probe(AttackResolution):
    """A copy of a resolution that records its own counts and stops where new dice would be rolled."""

    __slots__ = ("strike_tallies", "save_tallies")

    def _roll(self, n: int, uid: int, purpose: str):
        raise _Stop(NextStep(purpose, uid, n))

    def _count_strikes(self, dice) -> StrikeTally:
        t = AttackResolution._count_strikes(self, dice)
        self.strike_tallies.append(t)
        return t

    def _count_saves(self, uid, d, kind, automatic=0, shielded=0, returned=False) -> SaveTally:
        t = AttackResolution._count_saves(self, uid, d, kind, automatic, shielded, returned)
        self.save_tallies.append((uid, t))
        return t


class MatchOutcomes:
    def attack_now(self) -> AttackNow | None:
        """The attack being resolved now (None: none)."""
        ctx = self.state.attack
        if ctx is None:
            return None
        spec = ctx.resolution.spec
        from .attacks import NO_SOURCE
        return AttackNow(None if ctx.attacker == NO_SOURCE else ctx.attacker, spec.kind == RANGED, spec.weapon,
                         tuple(t.uid for _, g in spec.groups for t in g))

    def answer_outcomes(self, side: str | None = None, index: int | None = None) -> list[AnswerOutcome]:
        """For each legal answer to the open dice question, what it would do (see the module's text); with
        `index`, only the answers about that die and those about all of them (Accept, how many); [] when no dice
        question is open (or it is not `side`'s). Kept while the question stays open."""
        p = self.prompt
        if p is None or p.kind not in DICE_KINDS or self.state.attack is None or (side is not None and p.side != side):
            return []
        key = (len(self.log), id(p), p.decision, self.to.get(p.side, 0))
        kept = self._outcomes_kept
        if kept is None or kept[0] != key:
            kept = self._outcomes_kept = (key, {})
        done: dict = kept[1]
        out = []
        for c in self.legal_commands(p.side):
            at = getattr(c, "index", None)
            if index is not None and at is not None and at != index:
                continue
            if c not in done:
                same = next((ao for k, ao in done.items() if isinstance(c, C.RerollDie) and
                             isinstance(k, C.RerollDie) and k.index == c.index), None)
                # a die re-rolled from any source rolls alike: its chances are worked out once (the TO it spends
                # matter only to a later dice question of the same side, which always follows a new roll)
                done[c] = AnswerOutcome(c, same.chances, 1 if _uses_to(c) else 0) if same is not None else \
                    self.answer_outcome(c)
            out.append(done[c])
        return out

    def answer_outcome(self, cmd: C.Command) -> AnswerOutcome:
        """What one answer to the open dice question would do."""
        return self._answer(self.state.attack.resolution, self.prompt, cmd, 0)

    def _choice_matters(self, p) -> bool:
        """N2: whether some answer to dice question `p` (the decision the attack waits on) changes what
        happens. Most often the counts of the dice alone say it (`_counts_say`); else the look-ahead runs."""
        res = self.state.attack.resolution
        if p.kind == "dice":
            answers = self._dice_answers(p.decision, self.to[p.side])
            if not answers:  # (accepting is the only answer)
                return False
            said = _counts_say(res, p.decision, answers)
            if said is not None:
                return said
        return self._matters(res, p, 0)

    # -- the look-ahead ------------------------------------------------------------------------------------
    MAX_DEPTH = 3  # decisions in a row, without new dice, looked through (Parry, then Life Drain, ...)

    def _answer(self, res: AttackResolution, p, cmd: C.Command, depth: int) -> AnswerOutcome:
        """Answer `cmd` to question `p` about `res`'s decision, on copies of `res`."""
        action = self._dice_action(p, cmd)
        to_left = self._to_left(p, cmd)
        out = []
        if isinstance(action, (Reroll, RollAuto)):  # it rolls one die: once per kind of face
            todo = _face_kinds(res.decision, action)
        else:
            todo = [((), Fraction(1))]
        while todo:  # a die the answer rolls: once per face
            faces, chance = todo.pop()
            try:
                out.append((chance, self._run(res, action, faces, to_left, depth)))
            except _NeedFace:
                todo += [(faces + (f,), chance / 6) for f in range(6, 0, -1)]
        return AnswerOutcome(cmd, tuple(out), 1 if _uses_to(cmd) else 0)

    def _matters(self, res: AttackResolution, p, depth: int) -> bool:
        """Whether some answer to `p` differs from accepting: the answers are tried the cheapest first (a die
        re-rolled from any source is one answer, its faces tried one by one) until one changes something."""
        cmds = self._prompt_commands(p)
        if len(cmds) < 2:
            return False
        accept = next((c for c in cmds if isinstance(c, C.AcceptDice)), None)
        if accept is None:  # Life Drain, Shield: how many; none is the same as accepting
            accept = next(c for c in cmds if isinstance(c, C.ChooseNumber) and c.n == 0)
        base = self._answer(res, p, accept, depth).certain
        if base is None:  # (accepting always stands as it is; should it not, every answer is compared whole)
            whole = self._answer(res, p, accept, depth).effects
            return any(self._answer(res, p, c, depth).effects != whole for c in cmds if c is not accept)
        seen: set = set()
        rolling = []
        for c in cmds:
            if c is accept:
                continue
            if isinstance(c, (C.RerollDie, C.RollAutoDie)):
                key = (type(c).__name__, c.index)
                if key not in seen:
                    seen.add(key)
                    rolling.append(c)
                continue
            if self._answer(res, p, c, depth).certain.effect != base.effect:
                return True
        for c in rolling:
            action = self._dice_action(p, c)
            to_left = self._to_left(p, c)
            for faces, _ in _face_kinds(res.decision, action):
                if self._run(res, action, faces, to_left, depth).effect != base.effect:
                    return True
        return False

    def _to_left(self, p, cmd) -> int:
        return self.to.get(p.side, 0) - (1 if _uses_to(cmd) else 0)

    def _run(self, res: AttackResolution, action, faces: tuple[int, ...], to_left: int, depth: int) -> Outcome:
        """The answer on a copy of `res` rolling `faces`, then the dice accepted, then on as the match goes."""
        from .prompts import Prompt
        probe = res.fork(_Faces(faces), _Probe, log=False)  # (what it records from now on is all that is read)
        probe.strike_tallies = []
        probe.save_tallies = []
        d0 = res.decision
        start = len(probe.log)
        dice = d0.dice
        nxt = None
        try:
            probe.act(action)
            if not isinstance(action, (Accept, Convert)):
                dice = probe.decision.dice  # re-rolled or changed: the same dice, then accepted as they stand
                probe.act(Accept())
            while not probe.done:
                d = probe.decision
                side = self.side_of(d.uid)
                if self._has_options(side, d, to_left):
                    kind = _STAGE_KINDS.get(d.stage, "dice")
                    amount = d.free[0][1] if kind in ("life_drain", "shield") else len(d.dice)
                    asked = Prompt(kind, side, "", decision=d, options=(amount,) if kind in ("life_drain", "shield")
                                   else ())
                    if depth + 1 >= self.MAX_DEPTH or self._matters(probe, asked, depth + 1):
                        nxt = NextStep(kind, d.uid, amount)
                        break
                probe.act(Accept())
        except _Stop as stop:
            nxt = stop.step
        return self._outcome(res, probe, start, dice, nxt, d0.stage)

    @staticmethod
    def _outcome(res, probe, start: int, dice, nxt, stage: str) -> Outcome:
        new = probe.log[start:]
        lost = {u: probe.lost.get(u, 0) - res.lost.get(u, 0) for u in probe.lost}
        if nxt is not None and nxt.kind == "protect":  # about to be lost, unless Protect's dice keep it
            lost[nxt.uid] = lost.get(nxt.uid, 0) + min(nxt.amount, probe.hit_left.get(nxt.uid, 0))
        healed = {u: probe.healed.get(u, 0) - res.healed.get(u, 0) for u in probe.healed}
        returned: dict[int, int] = {}
        drained = 0
        for r in new:
            if isinstance(r, R.DamageReturned):
                returned[r.to_uid] = returned.get(r.to_uid, 0) + r.amount
            elif isinstance(r, R.LifeDrained):
                drained += r.criticals
        out_now = tuple(sorted(u for u, left in probe.hit_left.items() if left <= 0 < res.hit_left.get(u, 0)))
        strikes = probe.strike_tallies[-1] if probe.strike_tallies else None
        return Outcome(dice=tuple(dice), strikes=strikes, saves=tuple(probe.save_tallies),
                       lost=tuple(sorted((u, n) for u, n in lost.items() if n)),
                       healed=tuple(sorted((u, n) for u, n in healed.items() if n)), drained=drained,
                       damage=probe._strike_damage if strikes is not None or stage == DRAIN else None,
                       returned=tuple(sorted(returned.items())), taken_out=out_now, next=nxt)



def _counts_say(res: AttackResolution, d, answers: list[tuple[int, str]]) -> bool | None:
    """N2 for Attack dice and Armor Saves (decision `d` of `res`; `answers`: what may be done to its dice besides
    accepting them, as `_dice_answers` lists it, one or more) as the counts of the dice alone say it: True, some
    answer's Outcome differs from accepting's; False, none does; None, the counts do not settle it (the look-ahead
    does). The same answer as `_matters` (tests/match/test_dice_lookahead compares them at every dice decision of
    many games); what it rests on:

    Attack dice: accepting deals the Damage the dice count (`strike_tally`), and every answer's Outcome carries
    the Damage its dice count (the copy stops at the next roll of new dice: the saves, or the next attack roll; a
    Parry or Life Drain question on the way changes no Damage when accepted). A re-rolled die, or an automatic
    Strike rolled, shows both a Critical and a failure among its faces, and one of them changes the Damage; a
    Tactical Order change does when it turns the die into a success (else: None).

    Armor Saves, and saves of returned Damage (not under Shield, whose own question comes first): an answer does
    only what its dice count: the HIT the unit loses (what its saves leave, capped at its HIT left) and, in
    melee, the Damage its Critical Saves return. The copy then stops at the next roll of new dice (Protect's
    dice for that loss, the saves of the Damage returned, the next target's saves or attack roll) or at the
    attack's end, each the same for answers that count alike: no other unit loses HIT, nobody heals, no other
    question comes first. (Under Protect, a loss stops the copy before the Damage is returned.) The counts depend
    only on how many dice of each kind there are (a save or not, a Critical or not): a die that keeps its kind
    changes nothing, and a die of one kind turned into another counts alike whichever die it is."""
    stage = d.stage
    spec = res.spec
    dice = d.dice
    if stage == ATTACK:
        base = None
        for i, what in answers:
            if what != CHANGE:
                return True
            if base is None:
                base = strike_tally(dice, spec.skl, spec.rnd).damage
            if strike_tally(_with(dice, i, dice[i].shifted(-1)), spec.skl, spec.rnd).damage != base:
                return True
        return None
    if res._chain:  # (Damage returned still to save: never so while a side decides)
        return None
    if stage == SAVE:
        t = spec.groups[res._group][1][res._target]
        if spec.kind == MELEE and t.shield:
            return None
        kind, uid, ward, back = spec.kind, t.uid, t.ward, False
        auto = t.auto_saves if kind == RANGED and t.cover else 0
    elif stage == RETURN_SAVE:
        kind, uid, ward, back, auto = MELEE, d.uid, res._flag(d.uid, "ward"), True, 0
    else:
        return None
    hit = res.hit_left[uid]
    stat, crit = d.stat, d.crit
    hardened = crit > 1
    # each die's kind as save_tally tells the dice apart: a save or not, a Critical Save or not
    kinds = [_save_kind(x, stat, crit, hardened) for x in dice]
    saved = sum(1 for k in kinds if k[0])
    crits = sum(1 for k in kinds if k[1])
    n = len(dice)

    def counted(saved: int, crits: int) -> tuple:
        t = saves_counted(n, saved, crits, kind, auto, 0, back)
        lost = min(t.lost, hit)
        return lost, (0 if ward and lost else t.returned)
    base = counted(saved, crits)
    tried = set()  # (a die's kind, the kind it turns into): counted once
    rerolled = set()  # (a die re-rolled from any source rolls alike)
    for i, what in answers:
        if what == CHANGE:
            news = (_save_kind(dice[i].shifted(-1), stat, crit, hardened),)
        elif what == AUTO:
            return None
        elif i in rerolled:
            continue
        else:
            rerolled.add(i)
            news = _rerolled_save_kinds(stat, crit)
        was = kinds[i]
        for now in news:  # (the kinds the die may turn into)
            if now == was or (was, now) in tried:
                continue
            tried.add((was, now))
            if counted(saved - was[0] + now[0], crits - was[1] + now[1]) != base:
                return True
    return False


def _save_kind(die: Die, stat: int, crit: int, hardened: bool) -> tuple[bool, bool]:
    """(a save, a Critical Save) as save_tally counts the die."""
    saved = save_succeeds(die, stat, hardened)
    return saved, saved and is_critical(die, crit)


_REROLLED_SAVES: dict[tuple, tuple] = {}


def _rerolled_save_kinds(stat: int, crit: int) -> tuple:
    """The kinds (`_save_kind`) of a re-rolled save die showing each face of `_kind_faces` (whatever die it was:
    a re-rolled die is its new face alone), worked out once per stat."""
    got = _REROLLED_SAVES.get((stat, crit))
    if got is None:
        got = _REROLLED_SAVES[(stat, crit)] = tuple(_save_kind(Die(natural=f, rerolled=True), stat, crit, crit > 1)
                                                    for f in _kind_faces(True, stat, crit))
    return got


def _with(dice: tuple, i: int, die: Die) -> tuple:
    return dice[:i] + (die,) + dice[i + 1:]
