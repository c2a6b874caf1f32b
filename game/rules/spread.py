"""Spread (SPR, weapon specials): the weapon's Attack dice dealt out between several targets, at least one die
each, all dice allocated. How the attacker deals them is a choice; these are the two ways the game offers to
make it: an even deal, and one die moved to or from a target."""
from __future__ import annotations


def deal_spread(att: int, targets: int) -> tuple[int, ...]:
    """`att` dice dealt as evenly as they go between `targets` targets, the first chosen getting the odd ones;
    () when there are more targets than dice."""
    if targets < 1 or targets > att:
        return ()
    base, extra = divmod(att, targets)
    return tuple(base + (1 if i < extra else 0) for i in range(targets))


def shift_spread(split: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """`split` with target `i` given one die more (`delta` +1: from the other target with the most dice, the later
    one on a tie) or one fewer (-1: to the other target with the fewest, the earlier one on a tie). Unchanged when
    that would leave a target without a die."""
    if not 0 <= i < len(split) or len(split) < 2 or delta not in (1, -1):
        return split
    out = list(split)
    others = [j for j in range(len(split)) if j != i]
    if delta > 0:
        j = max(others, key=lambda k: (out[k], k))
        if out[j] <= 1:
            return split
        out[j] -= 1
        out[i] += 1
    else:
        if out[i] <= 1:
            return split
        j = min(others, key=lambda k: (out[k], k))
        out[i] -= 1
        out[j] += 1
    return tuple(out)
