"""Work done in pieces: a generator that yields between pieces (a decision's slices, a save's or a snapshot's
stages, a search that can stop) and returns its result. The screen runs one piece a frame; everything else runs it
whole with `run_to_end`."""
from __future__ import annotations


def run_to_end(pieces):
    """Run a generator of pieces of work to its end at once: its return value."""
    while True:
        try:
            next(pieces)
        except StopIteration as done:
            return done.value
