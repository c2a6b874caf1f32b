"""How the dice of a roll count (Core Rules sections 2 and 8, R4, R6): which dice succeed and which are
Critical, the Strikes of an attack roll and the Damage they deal (Rending), the saves of a save roll (a ranged
Critical Save counting double, Stealthy's automatic saves, melee Critical Saves returning Damage or, under
Shield, counting double), Damage drained by Life Drain, HIT kept by Protect. Counted once, here: the resolution
(combat.py) applies these counts, and the look-ahead that tells the screen what an answer does reads the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from .dice import Die
from .model import RANGED


def is_critical(die: Die, crit: int = 1) -> bool:
    """A Critical: a natural 1 (or up to `crit`, e.g. 2 for Hardened saves), unchanged, rolled."""
    return not die.auto and die.shift == 0 and die.natural <= crit


def save_succeeds(die: Die, arm: int, hardened: bool = False) -> bool:
    """An Armor Save: at most ARM, a natural 6 fails (R2); under Hardened a natural 2 is a Critical Save."""
    return is_critical(die, 2 if hardened else 1) or die.succeeds(arm)


@dataclass(frozen=True, slots=True)
class StrikeTally:
    """An attack roll as it stands, counted: Strikes (automatic ones included), Critical Strikes, how many of
    those deal 3 Damage (Rending), and the Damage they deal."""

    strikes: int
    criticals: int
    rending: int
    automatic: int
    damage: int


def strike_tally(dice, skl: int, rnd: int = 0) -> StrikeTally:
    """A Strike deals 1 Damage, a Critical Strike 2, the first `rnd` Critical Strikes 3 (RNDx, N5); an automatic
    Strike deals 1 and is never a Critical (N4)."""
    strikes = crits = auto = damage = 0
    for d in dice:
        if not d.succeeds(skl):
            continue
        strikes += 1
        if d.critical:
            crits += 1
            damage += 3 if crits <= rnd else 2
        else:
            auto += 1 if d.auto else 0
            damage += 1
    return StrikeTally(strikes, crits, min(crits, rnd), auto, damage)


@dataclass(frozen=True, slots=True)
class SaveTally:
    """A save roll applied: `damage` dice against ARM, how many saved, how many of those were Critical Saves,
    automatic saves (Stealthy), Critical Saves counted as two saves (ranged always; melee under Shield), the
    Damage blocked, the HIT it would cost before the HIT cap, and the Damage melee Critical Saves return."""

    damage: int
    saved: int
    criticals: int
    automatic: int
    doubled: int
    blocked: int
    lost: int
    returned: int


def save_tally(dice, arm: int, crit: int, kind: str, automatic: int = 0, shielded: int = 0,
               returned_damage: bool = False) -> SaveTally:
    """Ranged: a Critical Save counts as 2 saves and automatic saves (Stealthy in Cover) add to them. Melee:
    each save blocks 1, and each Critical Save returns 1 Damage unless Shield counts it as two saves instead
    (R4). Saves of returned Damage block 1 each and their Critical Saves return Damage in turn."""
    saved = [x for x in dice if save_succeeds(x, arm, crit > 1)]
    crits = sum(1 for x in saved if is_critical(x, crit))
    return saves_counted(len(dice), len(saved), crits, kind, automatic, shielded, returned_damage)


def saves_counted(damage: int, saved: int, crits: int, kind: str, automatic: int = 0, shielded: int = 0,
                  returned_damage: bool = False) -> SaveTally:
    """save_tally from how many of the `damage` dice are saves and how many of those Critical Saves (all that it
    reads of the dice)."""
    if kind == RANGED and not returned_damage:
        blocked = min(damage, saved + crits + automatic)
        return SaveTally(damage, saved, crits, automatic, crits, blocked, damage - blocked, 0)
    blocked = min(damage, saved + shielded)
    return SaveTally(damage, saved, crits, 0, shielded, blocked, damage - blocked, crits - shielded)


def drained_damage(crits: int, rnd: int, drained: int) -> int:
    """Damage the drained Critical Strikes no longer deal: the 2-Damage ones go first, then Rending's 3s."""
    rending = min(crits, rnd)
    plain = crits - rending
    return 2 * min(drained, plain) + 3 * max(0, drained - plain)


def warded(faces, amount: int) -> int:
    """Protect: of `amount` HIT about to be lost, those whose 1D6 (faces) shows 1-2 are kept."""
    return amount - sum(1 for f in faces[:amount] if f <= 2)


def strike_damage(dice: tuple[Die, ...] | list[Die], skl: int, rnd: int = 0) -> tuple[int, int]:
    """(Damage, Critical Strikes) of an attack roll (strike_tally)."""
    t = strike_tally(dice, skl, rnd)
    return t.damage, t.criticals
