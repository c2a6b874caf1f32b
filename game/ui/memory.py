"""The garbage collector's pauses kept out of the battle's frames.

Left to itself the collector stops the program wherever an allocation crosses its thresholds: a young collection
(about 1-3 ms), every tenth one a middle one (5-8 ms, 30 ms seen) and now and then a full one (a tenth of a second
and more), in the middle of a frame. While a battle is on screen (`Memory.hold`) the collector's own passes over the
older generations are turned off and the loop looks after the young generation at the end of a frame (`frame_end`):
once it is due, an idle frame (it drew nothing and worked at nothing) collects it and freezes what survives
(`gc.freeze`: never walked again, freed by reference counting as usual); any other frame freezes it without
collecting. A young
collection walks every element of every young list and dict (a movement search's arrays: 100,000 and more), 1-6 ms
in a frame, and in computer-against-computer runs of 3,000 frames (48 bugs; PvP) the young collections in battle
found no garbage at all (0 objects in 53 and 34 collections). What a frozen cycle holds waits until the battle leaves
the screen (`release` unfreezes everything: the collector's own passes find it then; a match replaced by an undo or a
load is freed by reference counting). The match's setup is frozen the same way (game.modes.settle_memory).
"""
from __future__ import annotations

import gc

YOUNG = 700  # allocations (less frees) after which the young generation is seen to at a frame's end: collected ...
IDLE_MS = 0.5  # ... when the frame drew nothing and took less than this (CPU ms: nothing worked in it), else frozen
BACKSTOP = 20000  # the collector's own young collection, should frames never leave room (a long computer think)


class Memory:
    def __init__(self) -> None:
        self.holders = 0  # battles on screen holding the collector
        self._saved: tuple | None = None  # the thresholds before the first hold
        self.collections = 0  # young collections run at frames' ends (the bench reads it) ...
        self.frozen = 0  # ... and young generations frozen without one

    @property
    def held(self) -> bool:
        return self.holders > 0

    def hold(self) -> None:
        """A battle comes on screen: from now on the loop paces the collector."""
        if self.holders == 0:
            self._saved = gc.get_threshold()
            gc.collect()
            gc.freeze()  # (what the screen built to show the battle: never walked again)
            gc.set_threshold(BACKSTOP, 10**9, 10**9)
        self.holders += 1

    def release(self) -> None:
        """The battle leaves the screen: the collector's own thresholds come back, and everything frozen since the
        program began is the collector's again (the battle's scene, its cycles: collected by its passes from now on;
        the next match's setup freezes what lives on)."""
        if self.holders == 0:
            return
        self.holders -= 1
        if self.holders == 0 and self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
            gc.unfreeze()

    def settle(self) -> None:
        """What was just built lives long (a match loaded, a screen made): frozen, never walked again."""
        if self.held:
            gc.collect(0)
            gc.freeze()

    def frame_end(self, spent_ms: float, drew: bool = True) -> bool:
        """The end of a frame that took `spent_ms` (and drew, or not): once the young generation is due, collected if
        the frame was idle (it drew nothing and took under IDLE_MS: nothing on screen changes while it pauses), else
        frozen as it is;
        either way what survives is never walked again. True if it was collected."""
        if not self.held:
            return False
        if gc.get_count()[0] < YOUNG:
            return False
        if drew or spent_ms >= IDLE_MS:
            gc.freeze()
            self.frozen += 1
            return False
        gc.collect(0)
        gc.freeze()
        self.collections += 1
        return True
