"""The append-only lists of a match: its commands, the dice each command rolled, its events.

A match loaded from a save starts from the save's end snapshot; the log it came from stays undecoded text until
something reads an entry of it (a replay, an undo past the save's last checkpoint, the battle log shown from the
start). So loading costs the same whatever the log's length: `len`, appending, and reading the entries after
that text never decode it; the first read of an entry of it decodes it all, once, with the same checks as any
file the game reads (the decoder is given by whoever read the text). A damaged text raises HistoryError, in
words for a player.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Callable, Iterator


class HistoryError(ValueError):
    """The saved log behind a history cannot be read: `problem` in words for a player, `path` the file."""

    def __init__(self, problem: str, path=None) -> None:
        self.problem = problem
        self.path = None if path is None else str(path)
        super().__init__(problem if path is None else f"{path}: {problem}")


CHUNK = 512  # entries in each full, shared part of a history


class History(Sequence):
    """A list of a match's commands, dice or events (index, count, `in` and reversed as a list has them).

    Held as the undecoded part (a loaded save's older log), then full chunks of CHUNK entries (tuples: never changed,
    so a prefix shares them), then the entries since (a list). A prefix of n entries (an undo, a restored snapshot)
    shares the chunks below n and copies at most a chunk's entries: the same cost at any length, and no list of every
    event made anew (a long match has a hundred thousand: each young collection of the garbage collector would walk
    such a list)."""

    __slots__ = ("_items", "_chunks", "_raw", "_count", "_decode", "_text")

    def __init__(self, items=None, raw=None, count: int = 0, decode: Callable | None = None,
                 chunks: tuple | list = ()) -> None:
        """`items`: the entries (after the undecoded part and the chunks, when there are some). `raw`: the undecoded
        part, as its reader keeps it; `count`: how many entries it holds; `decode`: (raw, count) -> the list of its
        entries (or HistoryError, also when it does not hold `count`). `chunks`: full chunks (tuples of CHUNK
        entries) shared with another history, before `items`."""
        self._raw = raw if count else None
        self._count = count if raw is not None else 0
        self._decode = decode
        self._chunks: list[tuple] = list(chunks)
        self._items: list = []
        self._text: tuple[int, str] | None = None  # (n, the JSON text of the first n entries as a save wrote them)
        if items is not None:
            self.extend(items)

    # -- reading ------------------------------------------------------------------------------------------
    def _all(self) -> list:
        """Every entry, as a new list (the undecoded part decoded first, once)."""
        if self._raw is not None:
            head = list(self._decode(self._raw, self._count)[:self._count])
            rest = self._decoded_part()
            self._raw = None
            self._count = 0
            self._chunks, self._items = [], []
            self.extend(head + rest)
        return self._decoded_part()

    def _decoded_part(self) -> list:
        out = [x for c in self._chunks for x in c]
        out += self._items
        return out

    @property
    def decoded(self) -> bool:
        return self._raw is None

    def __len__(self) -> int:
        return self._count + len(self._chunks) * CHUNK + len(self._items)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __getitem__(self, i):
        n = self._count
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if step != 1 or (start < n and start < stop and self._raw is not None):
                return self._all()[i]
            return self._span(start - n, max(start, stop) - n)
        j = i + len(self) if i < 0 else i
        if not 0 <= j < len(self):
            raise IndexError("history index out of range")
        if j < n:
            return self._all()[j]
        j -= n
        c = j // CHUNK
        return self._chunks[c][j % CHUNK] if c < len(self._chunks) else self._items[j - len(self._chunks) * CHUNK]

    def _span(self, a: int, b: int) -> list:
        """The decoded entries a to b (counted after the undecoded part), as a list."""
        full = len(self._chunks) * CHUNK
        out = []
        while a < min(b, full):
            c, at = divmod(a, CHUNK)
            take = min(b - a, CHUNK - at)
            out += self._chunks[c][at:at + take]
            a += take
        if a < b:
            out += self._items[a - full:b - full]
        return out

    def __iter__(self) -> Iterator:
        if self._raw is not None:
            self._all()
        return chain(chain.from_iterable(list(self._chunks)), list(self._items))

    def __eq__(self, other) -> bool:
        if isinstance(other, (History, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        undecoded = f", {self._count} undecoded" if self._raw is not None else ""
        return f"History({len(self)} entries{undecoded})"

    # -- changing -----------------------------------------------------------------------------------------
    def append(self, item) -> None:
        self._items.append(item)
        if len(self._items) == CHUNK:
            self._chunks.append(tuple(self._items))
            self._items = []

    def extend(self, items) -> None:
        mine = self._items
        mine.extend(list(items))  # (list(): `items` may be this very history)
        if len(mine) >= CHUNK:
            at = 0
            while len(mine) - at >= CHUNK:
                self._chunks.append(tuple(mine[at:at + CHUNK]))
                at += CHUNK
            self._items = mine[at:]

    def prefix(self, n: int) -> "History":
        """A new history of the first n entries (this one unchanged): the undecoded part stays so when it is all
        kept, the full chunks below n are shared."""
        if self._raw is not None and n < self._count:
            self._all()
        if self._raw is not None:
            out = History(None, self._raw, self._count, self._decode)
            m = n - self._count
        else:
            out = History()
            m = n
        whole = min(m // CHUNK, len(self._chunks))
        out._chunks = self._chunks[:whole]
        out._items = self._span(whole * CHUNK, m)
        if self._text is not None and self._text[0] <= n:
            out._text = self._text
        return out

    def kept_text(self) -> tuple[int, str] | None:
        """(n, text): the JSON text a save wrote for the first n entries (the entries never change, so neither does
        it): the next save encodes only the entries after them."""
        return self._text

    def keep_text(self, n: int, text: str) -> None:
        self._text = (n, text)

    def undecoded(self):
        """(raw, count) of the undecoded part, or None (a writer may copy it as it is)."""
        return None if self._raw is None else (self._raw, self._count)
