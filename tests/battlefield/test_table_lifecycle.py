"""A Table releases its pymunk Space on close (left to interpreter shutdown, pymunk may crash the process)."""
from game.battlefield import Base, Table, open_table


def test_close_releases_the_space_and_is_idempotent():
    t = Table(open_table())
    t.set_bases([Base(1, "A", 5, 5), Base(2, "B", 10, 5)])
    assert t.sight(t.base(1), t.base(2)).visible
    t.close()
    t.close()
    assert t._space is None
