"""The garbage collector's pauses kept out of the battle's frames.

Left to itself the collector stops the program wherever an allocation crosses its thresholds: a young collection
(about 1-3 ms), every tenth one a middle one (5-8 ms, 30 ms seen) and now and then a full one (a tenth of a second
and more), in the middle of a frame. While a battle is on screen (`Memory.hold`) the collector's own passes over the
older generations are turned off and the young one is run by the loop at the end of a frame that left room for it
(`frame_end`); what survives it waits in the middle generation, which no pass walks until the battle leaves the
screen (`release`: the collector's own thresholds come back, and its next passes free the battle's cycles).
Nothing is frozen or thawed here: what the program froze as long-lived (game.modes.settle_memory: the movement
graphs, the catalog) stays out of every full pass, in the battle and after it, so a full pass walks only what the
program made since (thawing it all when a battle left made each later full pass walk the whole program: about
90 ms each). In computer-against-computer runs of thousands of frames the full collection at the end finds no more
garbage than with the collector's own passes during the battle.
"""
from __future__ import annotations

import gc

ROOM_MS = 2.5  # the young generation is collected at the end of every frame that took less than this (CPU ms) ...
LATEST = 6000  # ... or whatever the frame took once this many have piled up
BACKSTOP = 20000  # the collector's own young collection, should frames never leave room (a long computer think)


class Memory:
    def __init__(self) -> None:
        self.holders = 0  # battles on screen holding the collector
        self._saved: tuple | None = None  # the thresholds before the first hold
        self.collections = 0  # young collections run at frames' ends (the bench reads it)

    @property
    def held(self) -> bool:
        return self.holders > 0

    def hold(self) -> None:
        """A battle comes on screen: from now on the loop paces the collector."""
        if self.holders == 0:
            self._saved = gc.get_threshold()
            gc.set_threshold(BACKSTOP, 10**9, 10**9)
        self.holders += 1

    def release(self) -> None:
        """The battle leaves the screen: the collector's own thresholds come back (the battle's scene and its cycles
        are collected by its passes from now on)."""
        if self.holders == 0:
            return
        self.holders -= 1
        if self.holders == 0 and self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def settle(self) -> None:
        """A match was just loaded or made again by an undo: its many young objects are collected now, in the frame
        that paid for the load, rather than in a later one."""
        if self.held:
            gc.collect(0)

    def frame_end(self, spent_ms: float) -> bool:
        """The end of a frame that took `spent_ms`: the young generation collected if the frame left room for it, or
        if it has piled up. True if it was. (At every frame with room, whatever the count says: the count is no
        measure of a pass's cost. The frees of older objects come off it, and a search's lists of thousands of
        numbers count once each while the pass walks all of them. Collected only past 700, the young generation of a
        long Horde run gathered a hundred such lists and its pass took 5-7 ms; collected at every frame with room,
        a pass takes 0.05 ms at the median and about 1 ms at most.)"""
        if not self.held:
            return False
        if spent_ms >= ROOM_MS and gc.get_count()[0] < LATEST:
            return False
        gc.collect(0)
        self.collections += 1
        return True
