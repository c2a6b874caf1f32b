"""Battlefield benchmark: sight + cover for all pairs, one reach, one path, on a Horde-like 24x24 map
with 30 bases. Prints figures; asserts nothing about time.

    python bench/bench_battlefield.py [--short]
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.battlefield import Base, Table, load_battlefield  # noqa: E402

MAP_CANDIDATES = [ROOT / "maps" / "horde-last-stand.tmx", ROOT / "tests" / "battlefield" / "maps" / "climb.tmx"]


def _place_bases(table: Table, n_players: int = 6, n_npcs: int = 24, seed: int = 7) -> list[Base]:
    """Players in the player deployment zone (or the south), NPCs spread over the rest of the table."""
    bf = table.battlefield
    rng = random.Random(seed)
    zone = next((z for z in bf.zones.values() if z.side == "player"), None)
    bases: list[Base] = []

    def free(x, y, z):
        return table.can_stand(0.5, x, y, z) and all((b.x - x) ** 2 + (b.y - y) ** 2 >= 1.0 for b in bases)

    tries = 0
    while len(bases) < n_players + n_npcs:
        tries += 1
        if tries > 200000:
            raise RuntimeError("could not place the bases")
        player = len(bases) < n_players
        x, y = round(rng.uniform(0.5, bf.width - 0.5), 1), round(rng.uniform(0.5, bf.height - 0.5), 1)
        if player and zone is not None and not zone.contains(x, y):
            continue
        if player and zone is None and y < bf.height * 2 / 3:
            continue
        z = table.surface_z(x, y)
        if free(x, y, z):
            bases.append(Base(len(bases) + 1, "player" if player else "npc", x, y, z))
        table.set_bases(bases)
    return bases


def _ms(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return min(times), statistics.median(times)


def main(short: bool = False) -> None:
    repeat = 3 if short else 15
    path = next(p for p in MAP_CANDIDATES if p.exists())
    t0 = time.perf_counter()
    bf = load_battlefield(path)
    t1 = time.perf_counter()
    table = Table(bf)
    t2 = time.perf_counter()
    bases = _place_bases(table)
    table.set_bases(bases)
    print(f"battlefield bench: {path.relative_to(ROOT)} ({bf.width:g}x{bf.height:g}\", {len(bf.walls)} wall "
          f"stretches, {len(bf.low_walls)} low, {len(bf.platforms)} platforms, {len(bf.doors)} doors), "
          f"{len(bases)} bases")
    print(f"  load map            {1000 * (t1 - t0):8.1f} ms")
    print(f"  build Table (pymunk){1000 * (t2 - t1):8.1f} ms")

    def all_pairs():
        table._sight_cache.clear()  # measure the work, not the cache
        vis = cov = 0
        for a in bases:
            for b in bases:
                if a is not b:
                    s = table.sight(a, b)
                    vis += s.visible
                    cov += s.cover
        return vis, cov

    vis, cov = all_pairs()
    best, med = _ms(all_pairs, repeat)
    n = len(bases) * (len(bases) - 1)
    print(f"  sight+cover, all {n} ordered pairs: {med:7.1f} ms median ({best:.1f} best; "
          f"{1000 * med / n:.0f} us/pair; {vis} visible, {cov} in cover)")
    all_pairs()
    cbest, cmed = _ms(lambda: [table.sight(a, b) for a in bases for b in bases if a is not b], repeat)
    print(f"  the same again, nothing moved (cached): {cmed:.2f} ms")

    mover = bases[0]
    # cold: the first reach builds the terrain lattice around the mover (cached per radius and door state)
    table._lattices.clear()
    t0 = time.perf_counter()
    r = table.reach(mover, 6.0)
    cold = (time.perf_counter() - t0) * 1000
    best, med = _ms(lambda: table.reach(mover, 6.0), repeat)
    print(f"  reach 6\" (Move), first call {cold:7.1f} ms; then {med:.1f} ms median ({best:.1f} best); "
          f"{len(r.spots)} spots")
    best8, med8 = _ms(lambda: table.reach(mover, 8.0), repeat)
    print(f"  reach 8\" (Move + Dash)      {med8:7.1f} ms median ({best8:.1f} best)")
    t0 = time.perf_counter()
    fresh = Table(bf)
    fresh.prepare(0.5)
    print(f"  Table.prepare(): whole lattice for 1\" bases {1000 * (time.perf_counter() - t0):7.1f} ms")
    far = max(r.spots, key=lambda s: s[3])
    best, med = _ms(lambda: table.path(mover, far[0], far[1], far[2], 6.0), repeat)
    print(f"  path to the farthest reach spot ({far[3]:.2f}\"): {med:.2f} ms median ({best:.2f} best)")
    far_spots = [s for s in table.reach(mover, 24.0).spots if s[3] <= 24.0]
    goal = max(far_spots, key=lambda s: (s[0] - mover.x) ** 2 + (s[1] - mover.y) ** 2)[:3] if far_spots else None
    if goal is not None:
        best, med = _ms(lambda: table.path(mover, goal[0], goal[1], goal[2], 24.0), repeat)
        p = table.path(mover, *goal, 24.0)
        print(f"  path across the table ({p.cost:.1f}\", {len(p.points)} points): {med:.2f} ms median ({best:.2f} best)")
    # grid measure on the same map
    grid = Table(bf, measure="grid")
    grid.set_bases(bases)
    def grid_pairs():
        grid._sight_cache.clear()
        return [grid.sight(a, b) for a in bases for b in bases if a is not b]

    gbest, gmed = _ms(grid_pairs, max(1, repeat // 3))
    rbest, rmed = _ms(lambda: grid.reach(mover, 6.0), repeat)
    print(f"  grid: sight+cover all pairs {gmed:.1f} ms; reach 3 squares {rmed:.2f} ms")


if __name__ == "__main__":
    main(short="--short" in sys.argv[1:])
