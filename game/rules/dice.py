"""Dice: a seeded D6 generator, roll-under tests, criticals, re-rolls and Tactical Order changes.

Core Rules section 2: a die succeeds on a result equal to or lower than the stat; a natural 6 always
fails; a natural 1 is a Critical success. A die may be re-rolled once (R1). A Tactical Order may change
a die by +/-1 (stackable); a changed die is never a Critical and a natural 6 stays a failure (R2).
"""
from __future__ import annotations

import random as _random
from dataclasses import dataclass, replace


class Dice:
    """The only source of randomness in a match: one seeded generator, counted so replays can be checked."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = _random.Random(seed)
        self.rolled = 0

    def d6(self) -> int:
        self.rolled += 1
        return self._rng.randint(1, 6)

    def d(self, sides: int) -> int:
        """One die of `sides` faces (the D10 of a random Anchor, R25; the dice of a random spot)."""
        self.rolled += 1
        return self._rng.randint(1, sides)

    def roll(self, n: int) -> list[int]:
        return [self.d6() for _ in range(n)]

    def d3(self) -> int:
        """D3 = D6 divided by 2, rounded up (1-2 -> 1, 3-4 -> 2, 5-6 -> 3)."""
        return (self.d6() + 1) // 2

    def fingerprint(self) -> str:
        """A short text that changes with every roll: for state hashes."""
        return f"{self.seed}:{self.rolled}"


class ScriptedDice(Dice):
    """Dice that return a fixed sequence, for tests that assert exact outcomes."""

    def __init__(self, faces: list[int] | tuple[int, ...]) -> None:
        super().__init__(0)
        for f in faces:
            if not isinstance(f, int) or f < 1:
                raise ValueError(f"a die face must be 1 or more, got {f}")
        self._faces = list(faces)

    def d6(self) -> int:
        return self.d(6)

    def d(self, sides: int) -> int:
        if not self._faces:
            raise AssertionError("scripted dice ran out: the rules rolled more dice than the test expected")
        if self._faces[0] > sides:
            raise AssertionError(f"scripted face {self._faces[0]} is not on a D{sides}")
        self.rolled += 1
        return self._faces.pop(0)

    @property
    def remaining(self) -> int:
        return len(self._faces)


@dataclass(frozen=True, slots=True)
class Die:
    """One rolled die. `shift` is the total Tactical Order change (R2); `auto` marks an AUTx strike."""

    natural: int
    shift: int = 0
    rerolled: bool = False
    auto: bool = False

    @property
    def value(self) -> int:
        return self.natural + self.shift

    def succeeds(self, stat: int) -> bool:
        if self.auto:
            return True
        if self.natural == 6:  # always a failure, whatever the modifiers
            return False
        if self.natural == 1 and self.shift == 0:  # a natural 1 is always a Critical success
            return True
        return self.value <= max(stat, 1)

    @property
    def critical(self) -> bool:
        return self.natural == 1 and self.shift == 0 and not self.auto

    def rerolled_to(self, natural: int) -> "Die":
        return Die(natural=natural, shift=0, rerolled=True)

    def shifted(self, delta: int) -> "Die":
        return replace(self, shift=self.shift + delta)


def d3_from(face: int) -> int:
    return (face + 1) // 2
