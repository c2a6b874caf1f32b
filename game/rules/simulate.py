"""Monte Carlo estimate of an attack's outcome, run through the very resolution code a match uses."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .combat import AttackSpec, StrikeTarget, resolve_with_policy
from .dice import Dice
from .model import MELEE, RANGED

ATTACKER_UID = 1
TARGET_UID = 2
UNCAPPED = 10_000


@dataclass(frozen=True, slots=True)
class Estimate:
    samples: int
    target_loss: dict[int, float]
    attacker_loss: dict[int, float]
    expected_target_loss: float
    expected_attacker_loss: float


def spec_from_setup(setup) -> AttackSpec:
    """An AttackSpec for the odds calculator's AttackSetup (same fields, one attacker, one target)."""
    melee = setup.melee
    cover = (not melee) and setup.cover and not setup.high_ground and not setup.ncv
    target = StrikeTarget(uid=TARGET_UID, arm=setup.arm,
                          hit=setup.target_hit if setup.target_hit is not None else UNCAPPED,
                          cover=cover, support=setup.target_support if melee else 0, name="Target")
    rerolls = []
    if not melee and setup.acc:
        rerolls.append(("ACC", setup.acc))
    if melee and setup.bru:
        rerolls.append(("BRU", setup.bru))
    if melee and setup.support:
        rerolls.append(("support", setup.support))
    return AttackSpec.single(ATTACKER_UID, MELEE if melee else RANGED, setup.att, setup.skl, target,
                             attacker_arm=setup.attacker_arm if setup.attacker_arm is not None else 0,
                             attacker_hit=setup.attacker_hit if setup.attacker_hit is not None else UNCAPPED,
                             rerolls=tuple(rerolls), rlt=setup.rlt, aut=setup.aut, rnd=setup.rnd)


def simulate(setup, samples: int, seed: int) -> Estimate:
    spec = spec_from_setup(setup)
    dice = Dice(seed)
    t_counts: Counter[int] = Counter()
    a_counts: Counter[int] = Counter()
    for _ in range(samples):
        r = resolve_with_policy(spec, dice)
        t_counts[r.lost.get(TARGET_UID, 0)] += 1
        a_counts[r.lost.get(ATTACKER_UID, 0)] += 1
    t = {k: v / samples for k, v in sorted(t_counts.items())}
    a = {k: v / samples for k, v in sorted(a_counts.items())}
    return Estimate(samples, t, a, sum(k * p for k, p in t.items()), sum(k * p for k, p in a.items()))
