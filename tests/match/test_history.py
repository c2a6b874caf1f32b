"""A match's histories (commands, dice, events) read as lists at any length: a prefix (an undo, a restored snapshot)
shares the full chunks below it and copies at most a chunk, and neither it nor the history it came from sees the
other's new entries."""
import pytest

from game.match.history import CHUNK, History


@pytest.mark.parametrize("n", [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 7])
def test_a_prefix_reads_as_the_lists_prefix_and_goes_on_apart(n):
    items = list(range(3 * CHUNK + 20))
    h = History(items)
    assert h == items and len(h) == len(items) and h[-1] == items[-1] and h[5:CHUNK + 9] == items[5:CHUNK + 9]
    p = h.prefix(n)
    assert p == items[:n] and list(reversed(p)) == items[:n][::-1]
    assert p._chunks == h._chunks[:n // CHUNK] and all(a is b for a, b in zip(p._chunks, h._chunks))
    assert len(p._items) < CHUNK
    p.extend(["new"] * (CHUNK + 3))
    h.append("other")
    assert p == items[:n] + ["new"] * (CHUNK + 3) and h == items + ["other"]
    assert p[n:n + 2] == ["new", "new"] and p[max(0, n - 1):n + 1] == items[max(0, n - 1):n] + ["new"]


def test_a_prefix_keeps_the_undecoded_part_and_reads_it_when_asked():
    decoded = []

    def decode(raw, count):
        decoded.append(count)
        return list(raw)
    h = History(range(100, 100 + CHUNK + 5), raw=tuple(range(100)), count=100, decode=decode)
    assert len(h) == 100 + CHUNK + 5 and h[-1] == 100 + CHUNK + 4 and h[100:103] == [100, 101, 102] and not decoded
    p = h.prefix(100 + CHUNK + 1)
    assert p.undecoded() is not None and p[-1] == 100 + CHUNK and not decoded
    assert p == list(range(100 + CHUNK + 1)) and decoded == [100]
    assert h[3] == 3 and h == list(range(100 + CHUNK + 5)) and decoded == [100, 100]
