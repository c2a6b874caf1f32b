"""Luck: each side's dice against what the dice should give on average, from the match's typed events.

Every die a side rolls for an attack (Attack dice against SKL) or a save (Armor Saves against ARM) is one
trial with a known chance: a die succeeds on a natural result of at most the stat, a natural 1 always
succeeds and a natural 6 always fails (Core Rules 2), so its chance is min(max(stat, 1), 5) / 6; it is a
Critical on a natural 1 (1 or 2 for a Hardened save), 1/6 (2/6). Re-rolls are counted as they happened:
the first result and the re-rolled one are two trials (whichever die a player chose to re-roll, each roll
is a fair die). A Tactical Order change (+/-1) is a choice, not a roll: the natural face counts. Automatic
Strikes are not rolled, and count only when the attacker rolls them after all.

The figures per side: successes against the expected number, Criticals against 1 in 6, a z-score, and
"luckier than x% of battles": the exact chance (Poisson binomial, mid-point for ties) that the same dice,
rolled again, give fewer successes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.match import events as E

ATTACK = "attack"
SAVE = "save"


@dataclass(frozen=True, slots=True)
class Trial:
    """One die rolled: whose, for what, its chances and what it showed."""

    side: str
    kind: str  # ATTACK or SAVE
    uid: int
    turn: int
    stat: int
    face: int
    p: float  # chance of a success
    success: bool
    p_crit: float
    crit: bool


def success_chance(stat: int, crit_faces: int = 1) -> float:
    """The chance one die succeeds against `stat` (Core Rules 2: 1 always succeeds, 6 always fails; a Hardened
    save also succeeds on a 2)."""
    return max(min(max(stat, 1), 5), crit_faces) / 6


def die_succeeds(face: int, stat: int, crit_faces: int = 1) -> bool:
    if face <= crit_faces:
        return True
    return face != 6 and face <= max(stat, 1)


def trials_of(events, side_of) -> list[Trial]:
    """Every attack and save die of the events, as trials. `side_of(uid)`: the side a unit fights for."""
    out: list[Trial] = []
    turn = 0
    rolls: dict[tuple[int, str], tuple[int, int]] = {}  # (uid, stage) -> (stat, crit faces) of its last roll

    def add(uid, kind, stat, face, crit_faces):
        side = side_of(uid)
        if side is None:
            return
        out.append(Trial(side, kind, uid, turn, stat, face, success_chance(stat, crit_faces),
                         die_succeeds(face, stat, crit_faces), crit_faces / 6, face <= crit_faces))

    for e in events:
        if isinstance(e, E.TurnStarted):
            turn = e.turn
        elif isinstance(e, E.AttackRolled):
            rolls[(e.attacker, E.ATTACK_ROLL)] = (e.stat, 1)
            for d in e.dice:
                if not d.auto:
                    add(e.attacker, ATTACK, e.stat, d.natural, 1)
        elif isinstance(e, E.SavesRolled):
            crit = 2 if e.hardened else 1
            stage = E.RETURN_SAVE_ROLL if e.returned else E.SAVE_ROLL
            rolls[(e.uid, stage)] = (e.stat, crit)
            for d in e.dice:
                add(e.uid, SAVE, e.stat, d.natural, crit)
        elif isinstance(e, E.DieRerolled):
            known = rolls.get((e.uid, e.stage))
            if known is not None:
                add(e.uid, ATTACK if e.stage == E.ATTACK_ROLL else SAVE, known[0], e.new, known[1])
        elif isinstance(e, E.AutoStrikeRolled):
            known = rolls.get((e.uid, E.ATTACK_ROLL))
            if known is not None:
                add(e.uid, ATTACK, known[0], e.face, 1)
    return out


@dataclass(frozen=True, slots=True)
class Tally:
    """A set of trials summed up: dice, successes against expected, Criticals against expected."""

    dice: int = 0
    successes: int = 0
    expected: float = 0.0
    variance: float = 0.0
    crits: int = 0
    expected_crits: float = 0.0
    chances: tuple[float, ...] = field(default=(), repr=False)

    @staticmethod
    def of(trials) -> "Tally":
        trials = list(trials)
        return Tally(dice=len(trials), successes=sum(t.success for t in trials),
                     expected=sum(t.p for t in trials), variance=sum(t.p * (1 - t.p) for t in trials),
                     crits=sum(t.crit for t in trials), expected_crits=sum(t.p_crit for t in trials),
                     chances=tuple(t.p for t in trials))

    @property
    def difference(self) -> float:
        """Successes above (+) or below (-) the average."""
        return self.successes - self.expected

    @property
    def z(self) -> float | None:
        """Standard deviations above the average (None: no dice, or nothing could have gone otherwise)."""
        if self.variance <= 0:
            return None
        return self.difference / math.sqrt(self.variance)

    @property
    def percentile(self) -> float | None:
        """How often the same dice give fewer successes (ties counted half), 0-100; None without dice."""
        if not self.dice:
            return None
        dist = poisson_binomial(self.chances)
        below = sum(dist[:self.successes])
        return 100.0 * (below + 0.5 * dist[self.successes])


def poisson_binomial(chances) -> list[float]:
    """The exact distribution of the number of successes of independent trials with these chances."""
    dist = [1]
    for p in chances:
        nxt = [0] * (len(dist) + 1)
        q = 1 - p
        for k, w in enumerate(dist):
            nxt[k] += w * q
            nxt[k + 1] += w * p
        dist = nxt
    return dist


@dataclass(frozen=True, slots=True)
class SideLuck:
    side: str
    name: str
    attack: Tally
    save: Tally

    @property
    def overall(self) -> Tally:
        """Attack and save dice together (a success is good for the side either way)."""
        a, s = self.attack, self.save
        return Tally(a.dice + s.dice, a.successes + s.successes, a.expected + s.expected, a.variance + s.variance,
                     a.crits + s.crits, a.expected_crits + s.expected_crits, a.chances + s.chances)

    def verdict(self) -> str:
        """One line for a player: "luckier than 82% of battles" (or "no dice rolled")."""
        pct = self.overall.percentile
        if pct is None:
            return "no dice rolled"
        if pct < 1:
            return "luckier than under 1% of battles"
        if pct > 99:
            return "luckier than over 99% of battles"
        return f"luckier than {pct:.0f}% of battles"


def side_luck(events, sides, side_of) -> list[SideLuck]:
    """The luck of each side: `sides` = [(side, name as players call it)], in order."""
    trials = trials_of(events, side_of)
    out = []
    for side, name in sides:
        mine = [t for t in trials if t.side == side]
        out.append(SideLuck(side, name, Tally.of(t for t in mine if t.kind == ATTACK),
                            Tally.of(t for t in mine if t.kind == SAVE)))
    return out


def luck_of(facts) -> list[SideLuck]:
    """The luck of each side of a battle (game.report.facts.BattleFacts)."""
    return side_luck(facts.events, facts.sides, facts.side_of)
