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
from typing import Callable, Iterator


class HistoryError(ValueError):
    """The saved log behind a history cannot be read: `problem` in words for a player, `path` the file."""

    def __init__(self, problem: str, path=None) -> None:
        self.problem = problem
        self.path = None if path is None else str(path)
        super().__init__(problem if path is None else f"{path}: {problem}")


class History(Sequence):
    """A list of a match's commands, dice or events (index, count, `in` and reversed as a list has them)."""

    __slots__ = ("_items", "_raw", "_count", "_decode", "_text")

    def __init__(self, items=None, raw=None, count: int = 0, decode: Callable | None = None) -> None:
        """`items`: the entries (after the undecoded part, when there is one). `raw`: the undecoded part, as its
        reader keeps it; `count`: how many entries it holds; `decode`: (raw, count) -> the list of its entries (or
        HistoryError, also when it does not hold `count`)."""
        self._items = list(items) if items is not None else []
        self._raw = raw if count else None
        self._count = count if raw is not None else 0
        self._decode = decode
        self._text: tuple[int, str] | None = None  # (n, the JSON text of the first n entries as a save wrote them)

    # -- reading ------------------------------------------------------------------------------------------
    def _all(self) -> list:
        if self._raw is not None:
            head = self._decode(self._raw, self._count)
            self._items = list(head[:self._count]) + self._items
            self._raw = None
            self._count = 0
        return self._items

    @property
    def decoded(self) -> bool:
        return self._raw is None

    def __len__(self) -> int:
        return self._count + len(self._items)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __getitem__(self, i):
        if self._raw is not None:
            n = self._count
            if isinstance(i, slice):
                start, stop, step = i.indices(len(self))
                if step == 1 and start >= n:
                    return self._items[start - n:max(start, stop) - n]
            else:
                j = i + len(self) if i < 0 else i
                if n <= j < len(self):
                    return self._items[j - n]
        return self._all()[i]

    def __iter__(self) -> Iterator:
        return iter(self._all())

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

    def extend(self, items) -> None:
        self._items.extend(items)

    def prefix(self, n: int) -> "History":
        """A new history of the first n entries (this one unchanged); the undecoded part stays so when it is
        all kept."""
        if self._raw is not None and n >= self._count:
            out = History(self._items[:n - self._count], self._raw, self._count, self._decode)
        else:
            out = History(self._all()[:n])
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
