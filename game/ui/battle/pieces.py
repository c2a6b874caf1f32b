"""Work done over frames on the battle screen for the match as it stands: a generator run in pieces, for about a
budget a frame (a piece begun is finished), begun again when what it was begun for changed (the autosave's write,
a checkpoint's capture: autosave.py, checkpoints.py)."""
from __future__ import annotations

import time


class InPieces:
    def __init__(self) -> None:
        self._under_way = None  # (what it is for: a key, the generator)
        self.pieces = 0  # pieces run (tests, the bench)

    @property
    def key(self):
        """What the work under way is for (the match, its version...), or None."""
        return None if self._under_way is None else self._under_way[0]

    def begin(self, key, work) -> None:
        """Work `work` (a generator) for `key` from now on, the work under way dropped."""
        self.drop()
        self._under_way = (key, work)

    def go_on(self, budget_ms: float | None) -> tuple[bool, object]:
        """Run pieces of the work under way for about `budget_ms` (None: to its end): (True, what it returned) once
        done, else (False, None). An error in a piece ends the work and is raised."""
        work = self._under_way[1]
        end = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        try:
            while True:
                self.pieces += 1
                next(work)
                if end is not None and time.perf_counter() >= end:
                    return False, None
        except StopIteration as done:
            self._under_way = None
            return True, done.value
        except BaseException:
            self._under_way = None
            raise

    def drop(self) -> None:
        """The work under way left unfinished."""
        if self._under_way is not None:
            self._under_way[1].close()
            self._under_way = None
