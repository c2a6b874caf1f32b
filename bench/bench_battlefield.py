"""Battlefield benchmark on a Horde map with 30 bases: sight + cover for every pair against the direct Chipmunk
segment query (spacequery.py; pymunk's Python wrapper, 4-5x slower, and the all-crossings query, printed beside),
cold (nothing kept), warm (one base moved, every pair asked again) and cached, and the share of a PvP game's time
in sight now and as it was asked before; reach searches cold (the map's first), fresh (nothing kept) and asked
again; paths, the grid, and headless First Missions per second. Prints each figure beside its target (a miss
flagged); asserts nothing about time.

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

from pymunk import ShapeFilter  # noqa: E402

from game.battlefield import Base, Table, load_battlefield  # noqa: E402
from game.battlefield import field as field_mod  # noqa: E402
from game.battlefield.field import clear_field_cache, walking_field  # noqa: E402
from game.battlefield import search_memo  # noqa: E402
from game.battlefield.lattice import clear_graph_cache  # noqa: E402
from game.battlefield.terrain import SIGHT_MASK, UNIT  # noqa: E402

DECISION_P95 = 20.0  # issue 22: a computer player's decision, p95 (a field is made within one)
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


def _free_spots(table: Table, bases: list[Base], n: int, seed: int = 11) -> list[tuple[float, float, float]]:
    """n places a 1" base can stand on, off the given bases (where the warm sight figure moves them to)."""
    bf = table.battlefield
    rng = random.Random(seed)
    out: list[tuple[float, float, float]] = []
    while len(out) < n:
        x, y = round(rng.uniform(0.5, bf.width - 0.5), 1), round(rng.uniform(0.5, bf.height - 0.5), 1)
        z = table.surface_z(x, y)
        if table.can_stand(0.5, x, y, z) and all((b.x - x) ** 2 + (b.y - y) ** 2 >= 1.0 for b in bases):
            out.append((x, y, z))
    return out


def _pvp_sight_share() -> list[tuple[str, float, float, int]]:
    """One seeded PvP game (two normal computer sides, inches, Secure the Zone), played the way sight is asked
    now and as before (every answer dropped when anything moved, every line's crossings listed): per way, CPU
    seconds, the part spent in Table.sight, and the asks. The same commands both ways (tools/ai_games.py)."""
    from game.battlefield.sight import TableSight
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session

    now_sight = Table.sight

    def before_sight(self, attacker, target):  # the table's sight() as it was: kept for one table version only
        key = (attacker.uid, attacker.x, attacker.y, attacker.z, attacker.radius,
               target.uid, target.x, target.y, target.z, target.radius)
        got = self._sight_cache.get(key)
        if got is None:
            self.first_hit_sight = False
            try:
                got = self._grid_sight(attacker, target) if self._grid else TableSight._sight(self, attacker, target)
            finally:
                self.first_hit_sight = True
            self._sight_cache[key] = got
        return got

    def game(way) -> tuple[float, float, int]:
        spent = [0.0, 0]

        def timed(self, attacker, target):
            t0 = time.process_time()
            try:
                return way(self, attacker, target)
            finally:
                spent[0] += time.process_time() - t0
                spent[1] += 1

        scenario = build_scenario("pvp-secure-the-zone", default_squad("claimant-warband"), measure="inches",
                                  options={"difficulty": "normal"}, opponent=default_squad("hunter-killers"))
        match = create_match(scenario, 509)
        Table.sight = timed
        try:
            t0 = time.process_time()
            Session(match).run(20_000)
            return time.process_time() - t0, spent[0], spent[1]
        finally:
            Table.sight = now_sight
            match.close()

    game(now_sight)  # warm-up: the catalog, the map and its movement graph loaded once, as a long session has them
    return [(label, *game(way)) for label, way in (("before", before_sight), ("now", now_sight))]


def verdict(value: float, target: float) -> str:
    return "meets it" if value <= target else f"MISSES it by {(value - target) / target:.0%}"


def _ms(fn, repeat: int) -> tuple[float, float]:
    """(best, median) ms of CPU time (this process's: a machine shared with other work slows it less)."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000)
    return min(times), statistics.median(times)


def _headless_games(n: int) -> float:
    """Headless First Missions played (no replay) per second of this process's CPU time, after one warm-up
    game (the map, the catalog and the shared movement graph loaded once, as a long session has them); and the
    warm-up game's own rate (cold: the map's graph built in it)."""
    from game.headless import play_headless

    clear_graph_cache()
    clear_field_cache()
    t0 = time.process_time()
    play_headless(1000).close()
    cold = time.process_time() - t0
    t0 = time.process_time()
    for seed in range(1, n + 1):
        play_headless(seed).close()
    return n / (time.process_time() - t0), 1.0 / cold


def main(short: bool = False) -> None:
    repeat = 5 if short else 15
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

    # --- sight and cover per pair of bases, against the segment query they are made of: the direct Chipmunk
    # query the table uses (spacequery.py), centre to centre with the sight filter, for the same pairs
    pairs = [(a, b) for a in bases for b in bases if a is not b]
    flt = ShapeFilter(mask=SIGHT_MASK | UNIT)  # pymunk's own filter, for its wrapper
    fast_flt = table._q.shape_filter(mask=SIGHT_MASK | UNIT)  # the form the table's queries take it in
    space = table._space
    direct = table._q.first_shape

    def direct_query():
        for a, b in pairs:
            direct((a.x, a.y), (b.x, b.y), fast_flt)

    crossings = table._q.crossings

    def crossings_query():
        for a, b in pairs:
            crossings((a.x, a.y), (b.x, b.y), fast_flt)

    def wrapper_query():
        for a, b in pairs:
            space.segment_query_first((a.x, a.y), (b.x, b.y), 0.0, flt)

    def all_pairs():
        table._changed()  # cold: nothing kept (a new table version, no answer kept from before)
        table._cover_near.clear()  # nor the terrain near each target
        for a, b in pairs:
            table.sight(a, b)

    def all_pairs_listed():
        table.first_hit_sight = False  # every line walked crossing by crossing, as before (the tests' reference)
        try:
            all_pairs()
        finally:
            table.first_hit_sight = True

    moving = list(bases)
    spots = _free_spots(table, bases, 40)
    turn = [0]

    def one_moved():
        """Warm: one base moves (a unit's Move), then every pair is asked again, as a computer player's next
        look at the table does: answers whose line no moved base comes near are kept."""
        k = turn[0]
        turn[0] += 1
        i = k % len(moving)
        moving[i] = moving[i].moved(*spots[k % len(spots)])
        table.update_base(moving[i])
        t0 = time.process_time()
        for a in moving:
            for b in moving:
                if a is not b:
                    table.sight(a, b)
        return time.process_time() - t0

    direct_us, wrapper_us, pair_us, listed_us, all_us = [], [], [], [], []
    for _ in range(repeat):  # interleaved, so that a busy machine slows them alike
        direct_us.append(_ms(direct_query, 1)[0] * 1000 / len(pairs))
        wrapper_us.append(_ms(wrapper_query, 1)[0] * 1000 / len(pairs))
        all_us.append(_ms(crossings_query, 1)[0] * 1000 / len(pairs))
        pair_us.append(_ms(all_pairs, 1)[0] * 1000 / len(pairs))
        listed_us.append(_ms(all_pairs_listed, 1)[0] * 1000 / len(pairs))
    for _ in range(len(bases)):
        one_moved()  # every base moved once: the answers kept are those of a game under way
    warm_us = [one_moved() * 1e6 / len(pairs) for _ in range(3 * repeat)]
    table.set_bases(bases)
    r, w, p, pl = min(direct_us), min(wrapper_us), min(pair_us), min(listed_us)
    pw = statistics.median(warm_us)
    sights = [table.sight(a, b) for a, b in pairs]
    print(f"  one segment query, first hit: direct (spacequery: the 5x target's reference) {r:.2f} us; through pymunk's "
          f"wrapper {w:.2f} us; every crossing of the line (one call back into Python per piece) {min(all_us):.2f} us")
    print(f"  sight+cover per pair on this board ({bf.name}, {len(pairs)} ordered pairs of its {len(bases)} bases, "
          f"{sum(s.visible for s in sights)} visible, {sum(s.cover for s in sights)} in cover):")
    print(f"    cold (nothing kept): {p:.1f} us = {p / r:.1f}x the direct query [target <= 5x: {verdict(p / r, 5)}] "
          f"({p / w:.1f}x the wrapper's); every line's crossings listed (as before): {pl:.1f} us = {pl / r:.1f}x")
    print(f"    warm (one base moved, every pair asked again; median of {len(warm_us)}): {pw:.1f} us = {pw / r:.1f}x "
          f"[target <= 5x: {verdict(pw / r, 5)}]")
    cbest, _ = _ms(lambda: [table.sight(a, b) for a, b in pairs], repeat)
    print(f"  the same again, nothing moved (cached): {1000 * cbest / len(pairs):.2f} us/pair")
    # the ranged preview: one unit against every enemy, from scratch
    shooter = bases[0]
    enemies = [b for b in bases if b.side != shooter.side]

    def preview():
        table._changed()
        table._cover_near.clear()
        for e in enemies:
            table.sight(shooter, e)

    pbest, _ = _ms(preview, repeat)
    print(f"  ranged preview, one unit against {len(enemies)} enemies, fresh: {pbest:.2f} ms")

    # --- movement: the graph shared by every Table of the map, reach and path
    mover = bases[0]
    clear_graph_cache()
    cold_table = Table(bf)
    cold_table.set_bases(bases)
    t0 = time.process_time()
    r = cold_table.reach(mover, 6.0)
    cold = (time.process_time() - t0) * 1000
    warm_table = Table(bf)  # a new match on the same map: the movement graph is already built
    warm_table.set_bases(bases)
    search_memo.forget()  # (not the search itself: search_memo.py)
    t0 = time.process_time()
    warm_table.reach(mover, 6.0)
    warm = (time.process_time() - t0) * 1000
    memo_table = Table(bf)  # another match asking the same search: the map's kept one is given
    memo_table.set_bases(bases)
    t0 = time.process_time()
    memo_table.reach(mover, 6.0)
    memo = (time.process_time() - t0) * 1000
    print(f"  reach 6\" (Move): first on the map {cold:.1f} ms; first on a new Table of the map {warm:.1f} ms; "
          f"{len(r.spots)} spots; the same search on a third Table (kept for the map) {memo:.2f} ms")

    def fresh(budget):
        def go():
            table._changed()
            search_memo.forget()
            table._kept.clear()  # no search kept from before: the search itself (what a base moving near it costs)
            table.reach(mover, budget)
        return go

    def kept(budget):
        def go():
            table._changed()  # a base moved far away: the search kept for the bases it meets serves
            table.reach(mover, budget)
        return go

    lat6 = table._lattice(mover.radius)

    def blocking_cold():
        table._base_shapes.clear()  # the bases' spots never met before
        table._blocking(mover, lat6, 6.0)

    bcold, _ = _ms(blocking_cold, repeat)
    bwarm, _ = _ms(lambda: table._blocking(mover, lat6, 6.0), repeat)
    print(f"  what the other {len(bases) - 1} bases do to a 6\" search: {bcold:.3f} ms at spots new to the table, "
          f"{bwarm:.3f} ms at spots met before (a search of every unit after one of them moved)")
    best6, med6 = _ms(fresh(6.0), repeat)
    best8, med8 = _ms(fresh(8.0), repeat)
    kept8, _ = _ms(kept(8.0), repeat)
    again, _ = _ms(lambda: table.reach(mover, 8.0), repeat)
    print(f"  reach search, fresh (nothing kept): 6\" {best6:.2f} ms (median {med6:.2f}), 8\" (Move + Dash) "
          f"{best8:.2f} ms (median {med8:.2f}); cached: kept while bases far off moved {kept8:.3f} ms, asked "
          f"again with nothing moved {again:.3f} ms")
    # walking fields (computer players: the way to a goal round every wall, field.py)
    clear_field_cache()
    goal_bases = [b for b in bases if b.side == "player"][:1]
    t0 = time.process_time()
    walking_field(table, goal_bases, 0.5)
    cold_field = (time.process_time() - t0) * 1000

    def new_field():
        field_mod._FIELDS.clear()  # the map's reversed graph kept, the field itself searched afresh
        walking_field(table, goal_bases, 0.5)

    fbest, fmed = _ms(new_field, repeat)
    other = Table(bf)
    other.set_bases(bases)
    other._lattice(0.5)  # (the new Table's own view of the map's graph: made at its first search whatever it asks)
    t0 = time.process_time()
    walking_field(other, goal_bases, 0.5)
    kept_field = (time.process_time() - t0) * 1000
    print(f"  walking field (whole map, one goal): first on the map {cold_field:.1f} ms (its reversed graph built); "
          f"a new field {fbest:.2f} ms (median {fmed:.2f}) [a decision's p95 <= {DECISION_P95:g} ms: "
          f"{verdict(fbest, DECISION_P95)}]; the same field on another Table of the map {kept_field:.3f} ms")
    t0 = time.process_time()
    fresh_table = Table(bf, share_graph=False)
    fresh_table.prepare(0.5)
    print(f"  Table.prepare(): whole graph for 1\" bases, built alone {1000 * (time.process_time() - t0):7.1f} ms")
    table._changed()
    r = table.reach(mover, 6.0)
    far = max(r.spots, key=lambda s: s[3])

    def path_after_reach():
        table._changed()
        table._kept.clear()
        search_memo.forget()
        table.reach(mover, 6.0)
        t0 = time.process_time()
        table.path(mover, far[0], far[1], far[2], 6.0)
        return time.process_time() - t0

    def path_alone():
        table._changed()
        table._kept.clear()
        search_memo.forget()
        t0 = time.process_time()
        table.path(mover, far[0], far[1], far[2], 6.0)
        return time.process_time() - t0

    tree = min(path_after_reach() for _ in range(repeat)) * 1000
    alone = min(path_alone() for _ in range(repeat)) * 1000
    print(f"  path to the farthest reach spot ({far[3]:.2f}\"): {tree:.2f} ms after the reach that found it, "
          f"{alone:.2f} ms searched alone")
    table._changed()
    far_spots = [s for s in table.reach(mover, 24.0).spots if s[3] <= 24.0]
    goal = max(far_spots, key=lambda s: (s[0] - mover.x) ** 2 + (s[1] - mover.y) ** 2)[:3] if far_spots else None
    if goal is not None:
        def across():
            table._changed()
            table._kept.clear()
            search_memo.forget()
            return table.path(mover, goal[0], goal[1], goal[2], 24.0)

        best, _ = _ms(across, repeat)
        p = across()
        print(f"  path across the table ({p.cost:.1f}\", {len(p.points)} points), searched alone: {best:.2f} ms")
    # grid measure on the same map
    grid = Table(bf, measure="grid")
    grid.set_bases(bases)

    def grid_pairs():
        grid._changed()
        grid._cover_near.clear()
        return [grid.sight(a, b) for a, b in pairs]

    def grid_reach():
        grid._changed()
        grid._kept.clear()
        search_memo.forget()
        grid.reach(mover, 6.0)

    gbest, _ = _ms(grid_pairs, max(1, repeat // 3))
    rbest, _ = _ms(grid_reach, repeat)
    print(f"  grid: sight+cover {1000 * gbest / len(pairs):.1f} us/pair; reach 3 squares {rbest:.2f} ms")
    for label, total, in_sight, asks in _pvp_sight_share():
        print(f"  a PvP game (Secure the Zone, inches, two normal sides, seed 509), sight {label}: {total:.2f} s of CPU, "
              f"{in_sight:.2f} s in sight ({in_sight / total:.0%}), {asks} asks, {in_sight / asks * 1e6:.1f} us/ask")
    n = 5 if short else 20
    warm, cold = _headless_games(n)
    print(f"  headless First Mission, play only: {warm:.1f} games/s of CPU [target >= 20: "
          f"{'meets it' if warm >= 20 else 'MISSES it'}] ({n} games after a first one; that first game, the map's "
          f"graph built in it: {cold:.1f} games/s)")


if __name__ == "__main__":
    main(short="--short" in sys.argv[1:])
