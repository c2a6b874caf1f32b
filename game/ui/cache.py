"""The one cache of pictures the screens keep (rendered texts, discs, wrapped lines, a mission's marks): keyed by
what changes them, and when full the quarter used least lately goes, never all at once (emptying it made the next
frame make every picture on screen again: a PvP frame of 15-18 ms mid-battle)."""
from __future__ import annotations

from itertools import islice


class SurfaceCache:
    """Pictures (or wrapped lines) by key, at most `limit` of them; the ones used least lately go first."""

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._d: dict = {}

    def get(self, key, make):
        """The picture kept for `key`, else `make()`'s, kept."""
        d = self._d
        got = d.pop(key, None)
        if got is None:
            if len(d) >= self.limit:
                for old in list(islice(d, len(d) - self.limit * 3 // 4)):
                    del d[old]
            got = make()
        d[key] = got  # (the newest last)
        return got

    def __len__(self) -> int:
        return len(self._d)

    def clear(self) -> None:
        self._d.clear()
