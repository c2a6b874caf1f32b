"""Where the cold sight + cover time goes (issue 21: <= 5x the direct Chipmunk query), and the two ways of changing
the work per pair measured against it. Prints; asserts nothing about time.

On bench_battlefield's board (Last Stand, 30 bases, 870 ordered pairs; --seed picks another layout of it):
  1. every pair timed alone (cold: nothing kept on the Table), grouped by how its answer comes: seen from the
     attacker's centre, seen only from a point of its base, blocked by its centre's blocker alone (the cheapest
     blocked answer: that one piece crosses both rails, sight.py _all_lines_cut), blocked otherwise; and by
     whether terrain alone blocks it (the same two bases on an empty Table of the map). The cost with every pair
     terrain alone blocks counted as free is what no map precomputation of terrain can beat. Then what every pair
     pays before any proof: sight()'s bookkeeping and its centre's lines walked.
  2. Idea 1, terrain proofs kept with the map per pair of cells: "every line between a base in one cell and a base
     in the other crosses blocking terrain" (wall stretches and platform faces as high as both eyes, doors left out
     as they open, that meet one another inside the hull of the two cells, widened by the bases' radius, and join
     its two sides: _separation_height). How many blocked pairs it proves (and that it never proves a visible one),
     its cost per cell pair, what working it out for every cell pair of the map at load would cost, and how often a
     real game asks a cell pair again (a PvP game, seed 509: a proof kept per cell pair pays only if its cell pairs
     recur).
  3. Idea 2, a batched walk per attacker (numpy, when installed; not a game dependency): the crossings of every
     centre line (or every line of the 9 base points) of one attacker with the map's blocking terrain, as one
     array computation, before any walk, height or Cover.
  And the PvP game's own walks (the answers not kept) timed by the same kinds as the board's pairs.

    python bench/bench_sight_kinds.py [--short] [--seed N] [--no-game]
"""
from __future__ import annotations

import gc
import math
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_battlefield import MAP_CANDIDATES, _place_bases  # noqa: E402
from game.battlefield import Table, load_battlefield  # noqa: E402
from game.battlefield.terrain import EYE, FACE, SIGHT_MASK, UNIT, WALL  # noqa: E402

MARGIN = 1e-3  # inches: the proof's terrain keeps this far off both widened cells


def _timed_pairs(table: Table, pairs, repeat: int) -> tuple[float, dict, dict]:
    """(the direct query's us, {pair: best us of its cold sight()}, {pair: how its blocked answer was proved})."""
    fast = table._q.shape_filter(mask=SIGHT_MASK | UNIT)
    direct = table._q.first_shape
    calls = Counter()

    def counted(name, method):
        def call(*args):
            calls[name] += 1
            return method(*args)
        return call

    table._terrain_cuts = counted("_terrain_cuts", table._terrain_cuts)
    table._full_blockers = counted("_full_blockers", table._full_blockers)
    best: dict = {}
    how: dict = {}
    direct_us = []
    clock, ns = time.process_time, time.perf_counter_ns
    for _ in range(repeat):
        t0 = clock()
        for a, b in pairs:
            direct((a.x, a.y), (b.x, b.y), fast)
        direct_us.append((clock() - t0) * 1e6 / len(pairs))
        table._changed()  # cold: nothing kept
        table._cover_near.clear()
        for a, b in pairs:
            calls.clear()
            t0 = ns()
            table.sight(a, b)
            t = (ns() - t0) / 1000
            key = (a.uid, b.uid)
            if t < best.get(key, math.inf):
                best[key] = t
            how[key] = Counter(calls)
    del table._terrain_cuts, table._full_blockers
    return min(direct_us), best, how


def _kind(sight, attacker, calls) -> str:
    """How an answer came (calls: the proofs its walk tried, counted)."""
    if sight.visible:
        return "seen from the centre" if sight.lines[0][0] == (attacker.x, attacker.y) else \
            "seen from a base point only"
    if calls["_full_blockers"]:
        return "blocked: rails, corners, base points"
    if calls["_terrain_cuts"]:
        return "blocked: terrain on the centre lines"
    return "blocked: its centre's blocker alone" if sight.blocker != "same position" else "same position"


def _kinds(table: Table, bf, pairs, r: float, best: dict, how: dict) -> dict:
    """Print the cold cost per kind of pair; return {pair: whether terrain alone blocks it}."""
    alone = Table(bf)
    terrain_blocks = {}
    kinds = defaultdict(list)
    by_terrain = defaultdict(list)
    for a, b in pairs:
        s = table.sight(a, b)
        alone.set_bases([a, b])
        terrain_blocks[(a.uid, b.uid)] = t_blocks = not alone.sight(a, b).visible
        t = best[(a.uid, b.uid)]
        kinds[_kind(s, a, how[(a.uid, b.uid)])].append(t)
        by_terrain["blocked by terrain alone" if t_blocks else
                   "blocked only with the bases" if not s.visible else "seen"].append(t)
    alone.close()
    total = sum(best.values())
    n = len(pairs)
    print(f"  cold sight+cover, each pair timed alone (best of the runs): {total / n:.1f} us a pair = "
          f"{total / n / r:.1f}x the direct query ({r:.2f} us)")
    for title, groups in (("how the answer comes", kinds), ("what blocks it", by_terrain)):
        print(f"  {title}:")
        for k, v in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
            print(f"    {k:40s} {len(v):4d} pairs, mean {statistics.mean(v):5.1f} us ({statistics.mean(v) / r:4.1f}x), "
                  f"median {statistics.median(v):5.1f}, {sum(v) / total:4.0%} of the time")
    rest = sum(sum(v) for k, v in by_terrain.items() if k != "blocked by terrain alone")
    print(f"  with every pair terrain alone blocks costing nothing: {rest / n:.1f} us a pair = {rest / n / r:.1f}x "
          f"[target <= 5x]")
    return terrain_blocks


def _floor(table: Table, pairs, r: float, repeat: int) -> None:
    """What every pair pays before any proof, Cover or base point: sight()'s own bookkeeping (a walk that only
    makes a Sight), and its centre's lines walked the quick way (to e1, then to e2 when that one is clear: what
    names the blocker, N71, or starts a seen answer)."""
    from game.battlefield.model import Sight

    def per_pair(fn) -> float:
        best = math.inf
        for _ in range(repeat):
            t0 = time.process_time()
            fn()
            best = min(best, (time.process_time() - t0) * 1e6 / len(pairs))
        return best

    def bookkeeping():
        table._changed()
        for a, b in pairs:
            table.sight(a, b)

    def centre_lines():
        for a, b in pairs:
            dx, dy = b.x - a.x, b.y - a.y
            d = math.hypot(dx, dy)
            px, py = -dy / d * b.radius, dx / d * b.radius
            skip, c, ha, ht = (a.uid, b.uid), (a.x, a.y), a.z + EYE, b.z + EYE
            if table._line_blocked(c, (b.x + px, b.y + py), ha, ht, skip) is None:
                table._line_blocked(c, (b.x - px, b.y - py), ha, ht, skip)

    table._sight = lambda a, b: Sight(True, False, False, (), None)
    try:
        book = per_pair(bookkeeping)
    finally:
        del table._sight
        table._changed()  # (the answers it kept were no walk's)
    lines = per_pair(centre_lines)
    both = (book + lines) / r
    print(f"  paid by every pair before any proof, Cover or base point: sight()'s bookkeeping {book:.1f} us "
          f"({book / r:.1f}x), the centre's lines worked out and walked {lines:.1f} us ({lines / r:.1f}x): "
          f"{both:.1f}x [target <= 5x]")


# ---------------------------------------------------------------- idea 1: terrain proofs per pair of cells
def _cross(o, p, q) -> float:
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _hull(points) -> list:
    pts = sorted(set(points))
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]  # counter-clockwise


def _meets_polygon(a, b, poly) -> bool:
    """Whether the segment a-b meets the convex counter-clockwise polygon (Cyrus-Beck)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        ex, ey = q[0] - p[0], q[1] - p[1]
        num = ex * (a[1] - p[1]) - ey * (a[0] - p[0])
        den = ex * dy - ey * dx
        if den == 0:
            if num < 0:
                return False
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _segments_meet(a, b, c, d) -> bool:
    d1, d2, d3, d4 = _cross(a, b, c), _cross(a, b, d), _cross(c, d, a), _cross(c, d, b)
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0) or (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
        return False
    if d1 == 0 and d2 == 0:  # on one line: do they overlap?
        return (min(a[0], b[0]) <= max(c[0], d[0]) and min(c[0], d[0]) <= max(a[0], b[0]) and
                min(a[1], b[1]) <= max(c[1], d[1]) and min(c[1], d[1]) <= max(a[1], b[1]))
    return True


def _box(i, j, cell, r) -> list:
    x0, y0, x1, y1 = i * cell - r, j * cell - r, (i + 1) * cell + r, (j + 1) * cell + r
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _separation_height(c1, c2, cell: float, radius: float, segments) -> float:
    """The greatest height h such that the terrain as high as h cuts every segment between a point of cell c1 and
    one of cell c2 (each widened by radius): pieces of it inside the hull H of the two widened cells, off both, that
    meet one another inside H and join H's two sides between the cells (any such set separates the cells within H,
    and every segment between them lies in H). -inf when none. segments: [(top, a, b)], tallest first."""
    r = radius + MARGIN
    box1, box2 = _box(*c1, cell, r), _box(*c2, cell, r)
    if box1[0][0] - MARGIN < box2[2][0] and box2[0][0] - MARGIN < box1[2][0] and \
            box1[0][1] - MARGIN < box2[2][1] and box2[0][1] - MARGIN < box1[2][1]:
        return -math.inf  # the widened cells overlap
    hull = _hull(box1 + box2)
    first = set(box1)
    sides = [(hull[k], hull[(k + 1) % len(hull)]) for k in range(len(hull))
             if (hull[k] in first) != (hull[(k + 1) % len(hull)] in first)]
    off1, off2 = _box(*c1, cell, r + MARGIN), _box(*c2, cell, r + MARGIN)
    pieces = [(top, a, b) for top, a, b in segments
              if _meets_polygon(a, b, hull) and not _meets_polygon(a, b, off1) and not _meets_polygon(a, b, off2)]
    n = len(pieces)
    parent = list(range(n + 2))  # the pieces, then H's two sides

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    k = 0
    while k < n:
        h = pieces[k][0]
        while k < n and pieces[k][0] == h:
            _, a, b = pieces[k]
            for m, (p, q) in enumerate(sides):
                if _segments_meet(a, b, p, q):
                    parent[find(k)] = find(n + m)
            for o in range(k):
                _, c, d = pieces[o]
                if _segments_meet(a, b, c, d) and _meet_inside(a, b, c, d, hull):
                    parent[find(k)] = find(o)
            k += 1
        if find(n) == find(n + 1):
            return h
    return -math.inf


def _meet_inside(a, b, c, d, hull) -> bool:
    """Whether two segments that meet do so inside the hull (where they meet: a shared end or a crossing)."""
    for p in (a, b):
        if p == c or p == d:
            return all(_cross(hull[k], hull[(k + 1) % len(hull)], p) >= 0 for k in range(len(hull)))
    den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
    if den == 0:
        return False  # overlapping on one line: not counted
    t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den
    p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return all(_cross(hull[k], hull[(k + 1) % len(hull)], p) >= -1e-9 for k in range(len(hull)))


def _idea_one(table: Table, bf, pairs, best: dict, terrain_blocks: dict) -> None:
    segments = sorted(((i.top, i.a, i.b) for s, i in table._info.items() if s.filter.categories & (WALL | FACE)),
                      key=lambda s: -s[0])
    radius = max(b.radius for b, _ in pairs)
    print(f"  idea 1: terrain proofs per pair of cells ({len(segments)} wall stretches and platform faces; bases "
          f"widened by {radius:g}\"):")
    blocked = [(a, b) for a, b in pairs if not table.sight(a, b).visible]
    n_terrain = sum(terrain_blocks[(a.uid, b.uid)] for a, b in blocked)
    for cell in (2.0, 1.0, 0.5):
        kept = {}
        t0 = time.process_time()
        for a, b in pairs:
            key = tuple(sorted(((math.floor(a.x / cell), math.floor(a.y / cell)),
                                (math.floor(b.x / cell), math.floor(b.y / cell)))))
            if key not in kept:
                kept[key] = _separation_height(*key, cell, radius, segments)
        each = (time.process_time() - t0) * 1000 / len(kept)
        proved = wrong = 0
        saved = 0.0
        for a, b in pairs:
            key = tuple(sorted(((math.floor(a.x / cell), math.floor(a.y / cell)),
                                (math.floor(b.x / cell), math.floor(b.y / cell)))))
            if kept[key] >= max(a.z, b.z) + EYE - 1e-9:
                if table.sight(a, b).visible:
                    wrong += 1
                proved += 1
                saved += best[(a.uid, b.uid)]
        cells = math.ceil(bf.width / cell) * math.ceil(bf.height / cell)
        every = cells * (cells - 1) // 2
        print(f"    {cell:g}\" cells: proves {proved} of the {len(blocked)} blocked pairs ({n_terrain} of them "
              f"blocked by terrain alone; visible pairs proved blocked: {wrong}); {len(kept)} cell pairs, "
              f"{each:.3f} ms each (the map's {every} at load: {every * each / 1000:.0f} s); "
              f"the pairs proved cost {saved / len(pairs):.1f} us a pair of the cold figure now")


def _in_play() -> None:
    """A PvP game (after one to warm up, garbage collection off while timed): its walks timed by kind, and how
    often it asks the same cell pair again (distinct questions: the others are answered kept)."""
    from game.battlefield.sight import TableSight
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session

    def play():
        scenario = build_scenario("pvp-secure-the-zone", default_squad("claimant-warband"), measure="inches",
                                  options={"difficulty": "normal"}, opponent=default_squad("hunter-killers"))
        match = create_match(scenario, 509)
        try:
            Session(match).run(20_000)
        finally:
            match.close()

    play()
    now, walk = Table.sight, TableSight._sight
    proofs = {name: getattr(TableSight, name) for name in ("_terrain_cuts", "_full_blockers")}
    calls = Counter()
    asked = set()
    walks = defaultdict(list)
    n_asks = [0]

    def recording(self, a, t):
        n_asks[0] += 1
        got = now(self, a, t)
        asked.add((a.x, a.y, t.x, t.y, got.visible))
        return got

    def timed(self, a, t):
        calls.clear()
        t0 = time.perf_counter_ns()
        got = walk(self, a, t)
        walks[_kind(got, a, calls)].append((time.perf_counter_ns() - t0) / 1000)
        return got

    def counting(name):
        def call(self, *args):
            calls[name] += 1
            return proofs[name](self, *args)
        return call

    Table.sight, TableSight._sight = recording, timed
    for name in proofs:
        setattr(TableSight, name, counting(name))
    gc.disable()
    try:
        play()
    finally:
        gc.enable()
        Table.sight, TableSight._sight = now, walk
        for name, method in proofs.items():
            setattr(TableSight, name, method)
    total = sum(sum(v) for v in walks.values())
    n = sum(len(v) for v in walks.values())
    print(f"  in play (PvP, Secure the Zone, seed 509): {n_asks[0]} asks, {len(asked)} distinct questions, {n} walks "
          f"(the rest answered kept), {total / 1000:.0f} ms, {total / n:.1f} us a walk:")
    for k, v in sorted(walks.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {k:40s} {len(v):5d} walks, mean {statistics.mean(v):5.1f} us, median {statistics.median(v):5.1f}, "
              f"{sum(v) / total:4.0%} of the time")
    blocked = [q for q in asked if not q[4]]
    line = []
    for cell in (2.0, 1.0, 0.5):
        pairs = {tuple(math.floor(v / cell) for v in q[:4]) for q in blocked}
        line.append(f"{cell:g}\" cells {len(pairs)} ({len(blocked) / len(pairs):.2f} questions each)")
    print(f"  idea 1 in play: the {len(blocked)} distinct blocked questions' cell pairs: " + ", ".join(line))


def _idea_two(table: Table, bases) -> None:
    try:
        import numpy as np
    except ImportError:
        print("  idea 2: numpy is not installed")
        return
    segs = [(i.a, i.b) for s, i in table._info.items() if s.filter.categories & SIGHT_MASK]
    S = np.array([a for a, _ in segs], dtype=float)
    D = np.array([b for _, b in segs], dtype=float) - S
    attacker = bases[0]
    targets = [b for b in bases if b is not attacker]

    def lines(points_per_base: int):
        out = []
        for t in targets:
            dx, dy = t.x - attacker.x, t.y - attacker.y
            d = math.hypot(dx, dy)
            px, py = -dy / d, dx / d
            for k in range(points_per_base):
                ang = 2 * math.pi * k / points_per_base
                p = (attacker.x + 0.49 * math.cos(ang) * (k > 0), attacker.y + 0.49 * math.sin(ang) * (k > 0))
                for s in (1, -1):
                    out.append((p, (t.x + s * px * t.radius, t.y + s * py * t.radius)))
        return np.array([p for p, _ in out]), np.array([e for _, e in out])

    def first_crossings(A, B):
        d = B - A
        dx, dy = d[:, :1], d[:, 1:]
        qx, qy = S[None, :, 0] - A[:, :1], S[None, :, 1] - A[:, 1:]
        den = dx * D[None, :, 1] - dy * D[None, :, 0]
        t = (qx * D[None, :, 1] - qy * D[None, :, 0]) / den
        u = (qx * dy - qy * dx) / den
        t = np.where((t >= 0) & (t <= 1) & (u >= 0) & (u <= 1), t, np.inf)
        return t.min(axis=1)

    out = []
    with np.errstate(all="ignore"):
        for n_points in (1, 9):
            A, B = lines(n_points)
            reps = 200
            t0 = time.process_time()
            for _ in range(reps):
                first_crossings(A, B)
            us = (time.process_time() - t0) * 1e6 / reps / len(targets)
            out.append(f"{'the centre' if n_points == 1 else 'all 9 points'}: {len(A)} lines, {us:.1f} us a target")
    print(f"  idea 2 (numpy {np.__version__}): one attacker's lines against the {len(segs)} blocking stretches, their "
          f"crossings alone in one array computation: " + "; ".join(out))


def main(short: bool = False, seed: int = 7, game: bool = True) -> None:
    """short: fewer timed runs, and no PvP game."""
    repeat = 3 if short else 7
    game = game and not short
    path = MAP_CANDIDATES[0]
    bf = load_battlefield(path)
    table = Table(bf)
    bases = _place_bases(table, seed=seed)
    table.set_bases(bases)
    pairs = [(a, b) for a in bases for b in bases if a is not b]
    print(f"sight kinds: {path.relative_to(ROOT)}, {len(bases)} bases (layout seed {seed}), {len(pairs)} ordered pairs")
    r, best, how = _timed_pairs(table, pairs, repeat)
    terrain_blocks = _kinds(table, bf, pairs, r, best, how)
    _floor(table, pairs, r, repeat)
    _idea_one(table, bf, pairs, best, terrain_blocks)
    if game:
        _in_play()
    _idea_two(table, bases)
    table.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(short="--short" in args, seed=int(args[args.index("--seed") + 1]) if "--seed" in args else 7,
         game="--no-game" not in args)
