"""Sight and cover are a function of the table as it stands (map, doors, where the bases are), never of how the
bases got there: Chipmunk's index visits shapes in an order that depends on how bases moved, so every crossing of a
sight line is sorted, and pieces met at one point are taken together in a fixed order (N71). On every real map,
with bases on the ground and up on platforms, doors shut and open, tables that reached the same bases through
different moves give the same answers (seen, Cover, High Ground, lines, the blocker named)."""
import random
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield

REAL_MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


def _spots(t: Table, rng: random.Random, n: int) -> list[tuple[float, float, float]]:
    """n spots of the 0.5" lattice a 0.75" base can stand on, 2" apart, up to a third up on platforms."""
    bf = t.battlefield
    out, high = [], 0
    for _ in range(20000):
        if len(out) >= n:
            break
        x = rng.randrange(2, int(bf.width * 2) - 1) / 2
        y = rng.randrange(2, int(bf.height * 2) - 1) / 2
        z = t.surface_z(x, y)
        if not t.can_stand(0.75, x, y, z) or any(abs(x - s[0]) + abs(y - s[1]) < 2.0 for s in out):
            continue
        if z > 0:
            high += 1
        elif len(out) - high >= n * 2 // 3 and high < n // 3:
            continue  # leave room for the raised spots
        out.append((x, y, z))
    return out


def _another_history(t: Table, final: list[Base], spare, rng: random.Random) -> None:
    """Bring t to `final` through other moves: bases placed elsewhere, moved one by one, taken off and put back."""
    for _ in range(6):
        taken = {(b.x, b.y) for b in final}
        cur = []
        for b in final:
            if rng.random() < 0.5:
                x, y, z = rng.choice(spare)
                if (x, y) not in taken:
                    taken.add((x, y))
                    b = b.moved(x, y, z)
            cur.append(b)
        t.set_bases(cur)
        for b in rng.sample(final, 3):
            t.remove_base(b.uid)
        for b in rng.sample(final, 4):
            if all((o.x, o.y) != (b.x, b.y) for o in t.bases if o.uid != b.uid):
                t.update_base(b)
    for b in reversed(final):
        t.update_base(b)
    t.set_bases(final)


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
def test_the_same_bases_reached_by_other_moves_give_the_same_answers(path):
    bf = load_battlefield(path)
    rng = random.Random(path.stem)
    direct, moved = Table(bf), Table(bf)
    try:
        spots = _spots(direct, rng, 36)
        assert len(spots) >= 24 and len({z for _, _, z in spots}) >= (2 if bf.platforms else 1)
        compared = blocked = 0
        for doors in (False, True):
            for d in bf.doors:
                direct.set_door(d.id, doors)
                moved.set_door(d.id, doors)
            chosen = rng.sample(spots, 18)
            final = [Base(i + 1, "player" if i % 2 else "npc", x, y, z, rng.choice((0.5, 0.5, 0.75)))
                     for i, (x, y, z) in enumerate(chosen)]
            direct.set_bases(final)
            _another_history(moved, final, [s for s in spots if s not in chosen], rng)
            assert moved.bases == direct.bases or sorted(moved.bases, key=lambda b: b.uid) == final
            for a in final:
                for b in final:
                    if a is not b:
                        one, other = direct.sight(a, b), moved.sight(a, b)
                        assert one == other, (path.stem, doors, a, b, one, other)
                        compared += 1
                        blocked += not one.visible
        assert compared == 2 * 18 * 17 and 0 < blocked < compared  # sight was really cut and really clear
    finally:
        direct.close()
        moved.close()


def test_where_walls_stand_along_platform_faces_the_tallest_blocking_piece_is_named():
    """horde-supply-corridor: wall #14 stands on platform P5 along its face, where P4's face runs too (x = 18).
    A base on the ground at (22.5, 5.5) looking at one up on P5 at (17, 6) crosses all three at one point
    (18, ~5.5): the line is blocked there and wall #14 (the tallest) is named, whatever the moves before. Once a
    walk stepped back and forth between P4 and P5 there and answered "visible" after some moves."""
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "horde-supply-corridor"))
    rng = random.Random(21)
    answers = set()
    for history in range(8):
        t = Table(bf)
        try:
            a = Base(13, "npc", 22.5, 5.5, t.surface_z(22.5, 5.5), 0.5)
            b = Base(16, "player", 17.0, 6.0, 6.0, 0.5)
            spots = _spots(t, rng, 20)
            others = [Base(100 + i, "npc", x, y, z, 0.5) for i, (x, y, z) in enumerate(spots)
                      if min(abs(x - 17.0) + abs(y - 6.0), abs(x - 22.5) + abs(y - 5.5)) >= 3.0][:10]
            for _ in range(history):
                t.set_bases([o.moved(*rng.choice(spots)) for o in rng.sample(others, 4)] + [a])
            t.set_bases([a, b] + others[:history])
            t.set_bases([a, b])
            s = t.sight(a, b)
            answers.add((s.visible, s.cover, s.blocker))
        finally:
            t.close()
    assert answers == {(False, False, "wall #14")}
