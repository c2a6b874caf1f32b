"""Exact probabilities of one attack's outcome (Core Rules 2, 8; quick reference specials; RULINGS R1, R4-R6).

Pure: standard library only, no randomness. Built for the "odds" readout of the game and as the
reference the Monte Carlo estimate of the dice engine (game/rules/combat.py) must agree with.

Re-roll policy priced here: "re-roll failed dice only, never spend Tactical Orders".

Dice (Core Rules 2): a die succeeds iff it is not a natural 6 and value <= max(stat, 1); a natural 1 always
succeeds and is a Critical. A die is re-rolled at most once in total (R1) and the new result is final.

1. Attack roll: roll max(att - aut, 0) dice; min(aut, att) automatic Strikes add 1 Damage each (never
   critical). Re-rolls, in this order: with RLT every die showing 6 is re-rolled (each once); then the
   counted re-rolls (ACCx on a ranged attack; BRUx + attacker support on a melee attack) go to dice that
   are still failures and were not re-rolled yet, as many as the count allows. A Critical Strike deals 2
   Damage (3 for up to RNDx of them), a normal Strike 1.
2. Saves: the target rolls one die per Damage against ARM. Save re-rolls go to failed dice only: 1 for
   Cover on a ranged attack (unless High Ground or NCV), target support on a melee attack.
3. Ranged: a Critical Save counts as 2 saves; HIT lost = max(0, Damage - saves).
4. Melee (R4): every successful save blocks 1 Damage; each Critical Save also returns 1 Damage to the
   other unit, which saves it with no re-rolls, and so on until no Critical Save is rolled.
5. HIT caps (R6): a unit never loses more than its remaining HIT (excess lost); Damage sent to a unit
   already at 0 HIT is lost and ends that branch. Critical Saves of the roll that took a unit to 0 still
   return Damage (the roll is simultaneous).

The melee chain has no bound in theory (Critical Saves can bounce forever). Returned Damage that can no
longer take either unit to 0 is summed exactly in closed form (so with no HIT caps nothing is truncated);
the rest is followed until the mass still in play is below a cut-off (``CHAIN_CUTOFF``, 1e-13, far below
the 1e-9 the game needs). That mass is reported as ``truncated_mass`` and counted at the losses reached so
far, so the distributions still sum to 1.

Options that do not apply to the kind of attack are ignored rather than rejected (ACC, Cover, High Ground
and NCV on a melee attack; BRU and both supports on a ranged attack), so callers may pass a weapon's
whole card. A HIT of 0 means the unit is already down: Damage to it is lost.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial

__all__ = ["AttackSetup", "Odds", "CHAIN_CUTOFF", "exact_odds", "format_odds", "describe_setup"]

#: Total probability the melee chain may leave unresolved (counted at the losses reached, reported).
CHAIN_CUTOFF = 1e-13


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything that decides the odds of one attack. Counts are numbers of dice or re-rolls."""

    att: int
    skl: int
    arm: int  # the target's ARM
    melee: bool = False
    attacker_arm: int | None = None  # required for melee (returned damage)
    cover: bool = False  # the target is in Cover (ranged only)
    high_ground: bool = False  # the attacker has High Ground: no Cover (ranged only)
    support: int = 0  # attacker's squadmates Adjacent to the target: attack re-rolls (melee only)
    target_support: int = 0  # target's squadmates Adjacent to the target: save re-rolls (melee only)
    acc: int = 0  # ACCx: attack re-rolls (ranged only)
    bru: int = 0  # BRUx: attack re-rolls (melee only)
    rlt: bool = False  # Relentless: re-roll every 6
    aut: int = 0  # AUTx: x dice are automatic 1-Damage Strikes, not rolled
    rnd: int = 0  # RNDx: up to x Critical Strikes deal 3 Damage
    ncv: bool = False  # No Cover
    target_hit: int | None = None  # target's remaining HIT; None = uncapped
    attacker_hit: int | None = None  # attacker's remaining HIT; None = uncapped
    extra_rerolls: int = 0  # attack re-rolls from skills (Vengeful, Formation, ...) on top of ACC/BRU/support
    extra_save_rerolls: int = 0  # save re-rolls from skills (Dodge, Tough, auras) on top of Cover/support

    def __post_init__(self) -> None:
        for name in ("att", "support", "target_support", "acc", "bru", "aut", "rnd", "extra_rerolls",
                     "extra_save_rerolls"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"AttackSetup.{name} must be a non-negative int, got {value!r}")
        for name in ("skl", "arm"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"AttackSetup.{name} must be an int, got {value!r}")
        for name in ("target_hit", "attacker_hit"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise ValueError(f"AttackSetup.{name} must be None or a non-negative int, got {value!r}")
        if self.attacker_arm is not None and (
            not isinstance(self.attacker_arm, int) or isinstance(self.attacker_arm, bool)
        ):
            raise ValueError(f"AttackSetup.attacker_arm must be an int, got {self.attacker_arm!r}")
        if self.melee and self.attacker_arm is None:
            raise ValueError("a melee AttackSetup needs attacker_arm (returned damage is saved with it)")

    @property
    def rolled_dice(self) -> int:
        return max(self.att - self.aut, 0)

    @property
    def auto_strikes(self) -> int:
        return min(self.aut, self.att)

    @property
    def attack_rerolls(self) -> int:
        """Counted attack re-rolls (RLT's re-rolls of 6s come on top)."""
        return (self.bru + self.support if self.melee else self.acc) + self.extra_rerolls

    @property
    def has_cover(self) -> bool:
        return (not self.melee) and self.cover and not self.high_ground and not self.ncv

    @property
    def save_rerolls(self) -> int:
        if self.melee:
            return self.target_support + self.extra_save_rerolls
        return (1 if self.has_cover else 0) + self.extra_save_rerolls


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact outcome distribution of one attack. Dicts map a number of HIT lost to its probability."""

    target_loss: dict[int, float]
    attacker_loss: dict[int, float]  # {0: 1.0} for a ranged attack
    expected_target_loss: float
    expected_attacker_loss: float
    p_any: float  # P(target loses at least 1 HIT)
    p_taken_out: float | None  # P(target loss >= target_hit); None when uncapped
    truncated_mass: float  # melee chain mass cut off (counted at the losses reached); 0.0 for ranged
    damage: dict[int, float]  # Damage inflicted by the attack roll, before saves
    p_attacker_taken_out: float | None = None  # P(attacker loss >= attacker_hit); None if uncapped/ranged


# --------------------------------------------------------------------------------------------- dice


def _effective(stat: int) -> int:
    """Highest face that succeeds: faces 1..m succeed (1 is Critical), the rest fail; 6 always fails."""
    return min(max(stat, 1), 5)


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    result = factorial(n)
    for part in parts:
        result //= factorial(part)
    return result


@lru_cache(maxsize=None)
def _plain(k: int, m: int) -> tuple[tuple[int, int, int], ...]:
    """k dice rolled once: (criticals, normal successes, weight); probability = weight / 6**k."""
    out = []
    for c in range(k + 1):
        for s in range(k - c + 1):
            f = k - c - s
            weight = _multinomial(k, (c, s, f)) * (m - 1) ** s * (6 - m) ** f
            if weight:
                out.append((c, s, weight))
    return tuple(out)


@lru_cache(maxsize=None)
def _final_counts_exact(n: int, m: int, rerolls: int, relentless: bool) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Final (criticals, normal successes) of n dice after re-rolls, exactly: (denominator, rows of numerators).

    First phase, per die and independent: critical, normal, failed and no longer re-rollable (a 6
    re-rolled by RLT that failed again), failed and re-rollable. Without RLT, over 6: (1, m-1, 0, 6-m).
    With RLT, over 36 (a 6 is re-rolled once): (6+1, 6(m-1)+(m-1), 6-m, 6(5-m)).
    Second phase: min(rerolls, re-rollable failures) of those are re-rolled once.
    """
    if relentless:
        base, (w_crit, w_norm, w_dead, w_open) = 36, (7, 7 * (m - 1), 6 - m, 6 * (5 - m))
    else:
        base, (w_crit, w_norm, w_dead, w_open) = 6, (1, m - 1, 0, 6 - m)
    r = min(rerolls, n)
    denominator = base**n * 6**r
    acc: dict[tuple[int, int], int] = defaultdict(int)
    for c in range(n + 1):
        for s in range(n - c + 1):
            for x in range(n - c - s + 1) if w_dead else (0,):
                e = n - c - s - x
                coef = _multinomial(n, (c, s, x, e)) * w_crit**c * w_norm**s * w_dead**x * w_open**e
                if not coef:
                    continue
                k = min(r, e)
                scale = coef * 6 ** (r - k)
                for c2, s2, w2 in _plain(k, m):
                    acc[(c + c2, s + s2)] += scale * w2
    rows = tuple((c, s, num) for (c, s), num in sorted(acc.items()))
    return denominator, rows


@lru_cache(maxsize=None)
def _final_counts(n: int, m: int, rerolls: int, relentless: bool) -> tuple[tuple[int, int, float], ...]:
    denominator, rows = _final_counts_exact(n, m, rerolls, relentless)
    return tuple((c, s, num / denominator) for c, s, num in rows)


@lru_cache(maxsize=None)
def _damage(rolled: int, m: int, rerolls: int, relentless: bool, auto: int, rnd: int) -> tuple[tuple[int, float], ...]:
    acc: dict[int, float] = defaultdict(float)
    for c, s, p in _final_counts(rolled, m, rerolls, relentless):
        acc[auto + s + 2 * c + min(c, rnd)] += p
    return tuple(sorted(acc.items()))


def _cap(lost: int, hit: int | None) -> int:
    return lost if hit is None else min(lost, hit)


# --------------------------------------------------------------------------------------------- saves


@lru_cache(maxsize=None)
def _ranged_loss(d: int, m: int, rerolls: int, hit: int | None) -> tuple[tuple[int, float], ...]:
    if d == 0 or hit == 0:
        return ((0, 1.0),)
    acc: dict[int, float] = defaultdict(float)
    for c, s, p in _final_counts(d, m, rerolls, False):
        acc[_cap(max(0, d - 2 * c - s), hit)] += p
    return tuple(sorted(acc.items()))


@lru_cache(maxsize=None)
def _binomial(n: int, num: int, den: int) -> tuple[float, ...]:
    """P(j successes) for j = 0..n, each of n dice succeeding with probability num/den."""
    total = den**n
    return tuple(comb(n, j) * num**j * (den - num) ** (n - j) / total for j in range(n + 1))


def _add_shifted(acc: dict[int, float], dist: tuple[float, ...], shift: int, weight: float) -> None:
    for j, q in enumerate(dist):
        if q:
            acc[shift + j] += weight * q


@lru_cache(maxsize=None)
def _save_table(k: int, m: int, rerolls: int, room: int | None) -> tuple[tuple[int, int, float], ...]:
    """k save dice against m: (Critical Saves, failed dice capped at room (None: no cap), probability)."""
    acc: dict[tuple[int, int], float] = defaultdict(float)
    if rerolls:
        for c, s, q in _final_counts(k, m, rerolls, False):
            failed = k - c - s
            acc[(c, failed if room is None else min(failed, room))] += q
    else:  # Critical Saves ~ Bin(k, 1/6); then each other die fails with chance (6-m)/5
        for c, q in enumerate(_binomial(k, 1, 6)):
            for failed, r in enumerate(_binomial(k - c, 6 - m, 5)):
                if r:
                    acc[(c, failed if room is None else min(failed, room))] += q * r
    return tuple((c, f, p) for (c, f), p in sorted(acc.items()))


Rows = tuple[tuple[int, float], ...]


@lru_cache(maxsize=4096)  # keyed by a whole damage distribution: bounded, unlike the dice tables
def _melee(
    damage: Rows, m_target: int, m_attacker: int, rerolls: int, t_hit: int | None, a_hit: int | None, cutoff: float
) -> tuple[Rows, Rows, float]:
    """Distributions of HIT lost by the target and by the attacker after a melee attack; truncated mass.

    The chain goes generation by generation: in each, one unit saves all the Damage just sent to it (the
    target first, with its support re-rolls; no re-rolls after that). Two shortcuts keep it small:

    - Returned Damage that can no longer take anyone to 0 (k Damage in play, and both units have at least
      k HIT left, or no cap) resolves in closed form: each such Damage then starts a chain of its own,
      independent of the others, which ends after any number of Critical-Critical bounces (1/36 each) as
      1 HIT lost by the unit it was sent to (chance 6f/35, f its failing faces out of 6), 1 HIT lost by
      the sender (f'/35), or nothing: the geometric series, summed exactly.
    - When a roll takes its unit to 0, the other unit still saves that roll's returned Damage (its own
      Critical Saves then go to a unit that is down and are lost), and the branch ends.

    What remains (both standing, more Damage in play than one of them has HIT left) is followed until its
    mass is below half the cut-off; before that the least likely states may be dropped, within the other
    half. Dropped mass is counted at the losses reached so far and reported as truncated.
    """
    save_of = {True: m_attacker, False: m_target}
    failing = {True: 6 - m_attacker, False: 6 - m_target}  # failing faces out of 6

    # Outcomes gathered by key, expanded once at the end. Keys: (target lost, attacker lost[, k, to attacker]).
    ends: dict[tuple[int, int], float] = defaultdict(float)
    last_saves: dict[tuple[int, int, int, bool], float] = defaultdict(float)  # k sent; Criticals then lost
    closed: dict[tuple[int, int, int, bool], float] = defaultdict(float)  # k sent; closed form

    def rooms(t_lost: int, a_lost: int, to_attacker: bool) -> tuple[int | None, int | None]:
        """HIT left to (the unit sent Damage, the other); None when uncapped."""
        t_room = None if t_hit is None else t_hit - t_lost
        a_room = None if a_hit is None else a_hit - a_lost
        return (a_room, t_room) if to_attacker else (t_room, a_room)

    State = dict[tuple[int, int, int, bool], float]  # (target lost, attacker lost, Damage sent, to attacker?)

    def roll(rolls: State, save_rerolls: int) -> State:
        """Every (standing) unit sent Damage saves it; returns the Damage each roll sends back."""
        returned: dict[tuple[int, int, int, bool], float] = defaultdict(float)
        for (t_lost, a_lost, k, to_attacker), p in rolls.items():
            room, other_room = rooms(t_lost, a_lost, to_attacker)
            table = _save_table(k, save_of[to_attacker], save_rerolls, room)
            if to_attacker:
                for c, failed, q in table:
                    if c == 0 or other_room == 0:
                        ends[(t_lost, a_lost + failed)] += p * q
                    elif failed == room:  # this roll took the unit to 0
                        last_saves[(t_lost, a_lost + failed, c, False)] += p * q
                    else:
                        returned[(t_lost, a_lost + failed, c, False)] += p * q
            else:
                for c, failed, q in table:
                    if c == 0 or other_room == 0:
                        ends[(t_lost + failed, a_lost)] += p * q
                    elif failed == room:
                        last_saves[(t_lost + failed, a_lost, c, True)] += p * q
                    else:
                        returned[(t_lost + failed, a_lost, c, True)] += p * q
        return returned

    def dispatch(returned: State) -> State:
        """Damage sent back between standing units: closed form when it can take no one to 0."""
        rolls: dict[tuple[int, int, int, bool], float] = {}
        for key, p in returned.items():
            t_lost, a_lost, k, to_attacker = key
            room, other_room = rooms(t_lost, a_lost, to_attacker)
            if (room is None or k <= room) and (other_room is None or k <= other_room):
                closed[key] += p
            else:
                rolls[key] = p
        return rolls

    first: dict[tuple[int, int, int, bool], float] = defaultdict(float)
    for d, p in damage:
        if d == 0 or t_hit == 0:
            ends[(0, 0)] += p
        else:
            first[(0, 0, d, False)] += p
    pending = dispatch(roll(first, rerolls))

    truncated = 0.0
    while pending:
        if sum(pending.values()) < cutoff / 2:
            dropped = list(pending.items())
        else:
            budget = (cutoff / 2 - truncated) / 2
            dropped = []
            for key, p in sorted(pending.items(), key=lambda item: item[1]):
                if p > budget:
                    break
                budget -= p
                dropped.append((key, p))
        for key, p in dropped:
            del pending[key]
            truncated += p
            ends[key[:2]] += p
        pending = dispatch(roll(pending, 0))

    target: dict[int, float] = defaultdict(float)
    attacker: dict[int, float] = defaultdict(float)
    for (t_lost, a_lost), p in ends.items():
        target[t_lost] += p
        attacker[a_lost] += p
    for (t_lost, a_lost, k, to_attacker), p in last_saves.items():
        room, _ = rooms(t_lost, a_lost, to_attacker)
        fails = _binomial(k, failing[to_attacker], 6)
        if room is not None and room < k:
            fails = fails[:room] + (sum(fails[room:]),)
        if to_attacker:
            target[t_lost] += p
            _add_shifted(attacker, fails, a_lost, p)
        else:
            attacker[a_lost] += p
            _add_shifted(target, fails, t_lost, p)
    for (t_lost, a_lost, k, to_attacker), p in closed.items():
        to_receiver = _binomial(k, 6 * failing[to_attacker], 35)
        to_sender = _binomial(k, failing[not to_attacker], 35)
        _add_shifted(attacker, to_receiver if to_attacker else to_sender, a_lost, p)
        _add_shifted(target, to_sender if to_attacker else to_receiver, t_lost, p)
    return tuple(sorted(target.items())), tuple(sorted(attacker.items())), truncated


# --------------------------------------------------------------------------------------------- API


def exact_odds(setup: AttackSetup, *, cutoff: float = CHAIN_CUTOFF) -> Odds:
    """Exact distribution of HIT lost by the target (and, in melee, by the attacker) for one attack."""
    if not cutoff > 0:
        raise ValueError("cutoff must be positive (the melee chain is unbounded)")
    damage = _damage(
        setup.rolled_dice, _effective(setup.skl), setup.attack_rerolls, setup.rlt, setup.auto_strikes, setup.rnd
    )
    target: dict[int, float] = defaultdict(float)
    attacker: dict[int, float] = defaultdict(float)
    truncated = 0.0
    m_target = _effective(setup.arm)
    if setup.melee:
        assert setup.attacker_arm is not None
        t_rows, a_rows, truncated = _melee(
            damage,
            m_target,
            _effective(setup.attacker_arm),
            setup.save_rerolls,
            setup.target_hit,
            setup.attacker_hit,
            cutoff,
        )
        target.update(t_rows)
        attacker.update(a_rows)
    else:
        attacker[0] = 1.0
        for d, p in damage:
            for lost, q in _ranged_loss(d, m_target, setup.save_rerolls, setup.target_hit):
                target[lost] += p * q
    target_loss = dict(sorted(target.items()))
    attacker_loss = dict(sorted(attacker.items()))
    return Odds(
        target_loss=target_loss,
        attacker_loss=attacker_loss,
        expected_target_loss=sum(k * p for k, p in target_loss.items()),
        expected_attacker_loss=sum(k * p for k, p in attacker_loss.items()),
        p_any=sum(p for k, p in target_loss.items() if k >= 1),
        p_taken_out=_p_at_least(target_loss, setup.target_hit),
        truncated_mass=truncated,
        damage=dict(damage),
        p_attacker_taken_out=_p_at_least(attacker_loss, setup.attacker_hit) if setup.melee else None,
    )


def _p_at_least(dist: dict[int, float], hit: int | None) -> float | None:
    if hit is None:
        return None
    if hit == 0:
        return 1.0
    return min(1.0, sum(p for k, p in dist.items() if k >= hit))


# --------------------------------------------------------------------------------------------- text


def describe_setup(setup: AttackSetup) -> str:
    """One line naming the attack and every option that counts for it."""
    kind = "Melee" if setup.melee else "Ranged"
    parts = [f"{kind} attack: ATT {setup.att} SKL {setup.skl} vs ARM {setup.arm}"]
    extras = []
    if setup.melee:
        if setup.bru:
            extras.append(f"BRU{setup.bru}")
    elif setup.acc:
        extras.append(f"ACC{setup.acc}")
    if setup.aut:
        extras.append(f"AUT{setup.aut}")
    if setup.rnd:
        extras.append(f"RND{setup.rnd}")
    if setup.rlt:
        extras.append("RLT")
    if setup.ncv and not setup.melee:
        extras.append("NCV")
    if extras:
        parts.append(" ".join(extras))
    if setup.melee:
        parts.append(f"attacker ARM {setup.attacker_arm}")
        if setup.support:
            parts.append(f"support {setup.support}")
        if setup.target_support:
            parts.append(f"target support {setup.target_support}")
    elif setup.cover:
        if setup.has_cover:
            parts.append("target in cover (1 save re-roll)")
        else:
            parts.append("cover ignored (" + ("high ground" if setup.high_ground else "NCV") + ")")
    if setup.target_hit is not None:
        parts.append(f"target HIT {setup.target_hit}")
    if setup.melee and setup.attacker_hit is not None:
        parts.append(f"attacker HIT {setup.attacker_hit}")
    return " | ".join(parts)


def _pct(p: float) -> str:
    if p <= 0.0:
        return "0%"
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995 and p < 1.0:
        return ">99.9%"
    return f"{100 * p:.1f}%"


def _table(title: str, dist: dict[int, float], width: int) -> list[str]:
    lines = [title]
    shown = [k for k, p in dist.items() if p >= 0.0005] or [min(dist)]
    last = max(shown)
    for k in range(0, last + 1):
        p = dist.get(k, 0.0)
        bar = "#" * round(p * width)
        if not bar and p > 0:
            bar = "."
        lines.append(f"  {k:>3}  {_pct(p):>6}  {bar}")
    tail = sum(p for k, p in dist.items() if k > last)
    if tail > 0:
        lines.append(f"  {str(last + 1) + '+':>3}  {_pct(tail):>6}  .")
    return lines


def format_odds(setup: AttackSetup, odds: Odds, *, width: int = 30) -> str:
    """A readable command-line table of the odds: one line per number of HIT lost, then the chances."""
    lines = [describe_setup(setup)]
    expected_damage = sum(d * p for d, p in odds.damage.items())
    lines.append(f"Damage before saves: expected {expected_damage:.2f}")
    lines += _table("HIT lost by the target:", odds.target_loss, width)
    if setup.melee:
        lines += _table("HIT lost by the attacker (returned damage):", odds.attacker_loss, width)
        lines.append(
            f"Expected HIT lost: target {odds.expected_target_loss:.2f}, attacker {odds.expected_attacker_loss:.2f}"
        )
    else:
        lines.append(f"Expected HIT lost: {odds.expected_target_loss:.2f}")
    lines.append(f"Chance the target loses any HIT: {_pct(odds.p_any)}")
    if odds.p_taken_out is not None:
        lines.append(f"Chance the target is taken out (HIT {setup.target_hit}): {_pct(odds.p_taken_out)}")
    if odds.p_attacker_taken_out is not None:
        lines.append(
            f"Chance the attacker is taken out (HIT {setup.attacker_hit}): {_pct(odds.p_attacker_taken_out)}"
        )
    if odds.truncated_mass >= 1e-9:
        lines.append(f"(critical-save chain cut off below {odds.truncated_mass:.1e} probability)")
    return "\n".join(lines)
