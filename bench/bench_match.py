"""The match where players feel it: headless games per second, undo and load at any log length, previews.

    python bench/bench_match.py [--short]

Times are CPU time of this process (the machine may be shared); printed beside their targets (2-core machine): headless First Mission (play only) >= 20 games/s per core;
undo and load <= 30 ms at 50 / 150 / 300 / 600 / 1500 / 3000 commands (a PvE mission is about 500, a Horde
run about 150 per wave); every preview <= 5 ms (one unit against every enemy
with 30 units on the table).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content import default_squad, load_catalog  # noqa: E402
from game.headless import play_headless  # noqa: E402
from game.match.match import Match  # noqa: E402
from game.match.mission import MissionScript, rect_zone  # noqa: E402
from game.match.scenario import Scenario, SideSpec  # noqa: E402
from game.modes import CHECKPOINT_EVERY, MissionEntry, create_match, register, rewind  # noqa: E402
from game.modes.session import Session, make_controller  # noqa: E402


AUTOSAVE_MS = 50  # the screen is still while the autosave is written after a command: no pause a player feels


def verdict(value: float, target: float, lower_is_better: bool = True) -> str:
    ok = value <= target if lower_is_better else value >= target
    return "meets the target" if ok else f"MISSES the target by {abs(value - target) / target:.0%}"


class Endless(MissionScript):
    """Two squads in the middle of a real map, no end: logs as long as the bench needs."""

    id = "bench-endless"
    turns = None

    def deployment_zones(self, match, side):
        w, h = match.table.battlefield.width, match.table.battlefield.height
        return [rect_zone("n", "A", 0, h / 2 - 6, w, h / 2 - 2)] if side == "A" else \
            [rect_zone("s", "B", 0, h / 2 + 2, w, h / 2 + 6)]


register(MissionEntry(Endless.id, "skirmish", "Endless (bench)", Endless))


def long_match(commands: int, map_name="pve-facility.tmx", squads=("interdictors", "krumpfists"),
               checkpoints: bool = True) -> Match:
    cat = load_catalog()
    sc = Scenario(mission="bench-endless", map=map_name,
                  sides=(SideSpec("A", default_squad(squads[0], cat), controller="computer"),
                         SideSpec("B", default_squad(squads[1], cat), controller="computer")))
    m = create_match(sc, 11, cat)
    m.checkpoint_every = CHECKPOINT_EVERY if checkpoints else 0
    s = Session(m, {side: make_controller(m, side, "computer") for side in ("A", "B")})
    while len(m.log) < commands:
        s.step()
    return m


def bench_games(n: int) -> None:
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    for seed in range(1, n + 1):
        play_headless(seed).close()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    rate = n / cpu
    print(f"headless First Mission, play only: {n} games, {rate:.1f} games/s per core (CPU time; {n / wall:.1f} "
          f"by the wall clock)  [target >= 20: {verdict(rate, 20, False)}]")
    if rate < 20:
        where_the_time_goes(min(n, 5))


def where_the_time_goes(n: int) -> None:
    """Why the games/s target is missed: the share of the time the computer's decisions take (their movement
    searches above all) against the match resolving the commands."""
    from game.modes import create_match
    from game.modes.session import Session, make_controller
    from game.headless import build_scenario
    spent = {"decide": 0.0, "resolve": 0.0}

    class Timed:
        def __init__(self, ctl):
            self.ctl = ctl

        def decide(self, match):
            t = time.process_time()
            cmd = self.ctl.decide(match)
            spent["decide"] += time.process_time() - t
            return cmd

    total0 = time.process_time()
    for seed in range(1, n + 1):
        m = create_match(build_scenario("first-mission"), seed)
        s = Session(m, {sp.side: Timed(make_controller(m, sp.side, "computer" if not sp.npc else "npc"))
                        for sp in m.scenario.sides})
        s.run()
        m.close()
    total = time.process_time() - total0
    decide = spent["decide"]
    print(f"  why: the computer's decisions take {decide / total * 100:.0f}% of the time (each one searches where its "
          f"unit can move: a Dijkstra over the 0.5\" movement graph), the match resolving the commands (rules, "
          f"sight, paths, events) {100 - decide / total * 100:.0f}%; 20 games/s would need both about "
          f"{20 * total / n:.1f}x faster")


def bench_undo_load(lengths) -> None:
    """Undo from the end of a log of n commands (the checkpoints the screen keeps), and loading its save."""
    from game.persistence.saves import load_match, save_match
    m = long_match(max(lengths))
    log = list(m.log)
    events, rolls = list(m.events), list(m.rolls_per_command)
    cps = list(m.checkpoints)
    folder = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    for n in lengths:
        # a match of exactly n commands, with the checkpoints it would have kept
        probe = rewind_probe(m, log, events, rolls, cps, n)
        undo_t = []
        for _ in range(3):
            t0 = time.process_time()
            back = rewind(probe, n - 1)
            undo_t.append((time.process_time() - t0) * 1000)
            probe = back
            probe = rewind_probe(m, log, events, rolls, cps, n, table=back.table)
        path = save_match(probe, f"bench-{n}", folder=folder)
        load_match(path).close()  # the map parsed once, as in a game that has shown its maps
        load_t = []
        for _ in range(5):
            t0 = time.process_time()
            loaded = load_match(path)
            load_t.append((time.process_time() - t0) * 1000)
            loaded.close()
        save_t = []
        for _ in range(3):  # the battle screen's autosave after a command: the same writer, the same slot
            t0 = time.process_time()
            save_match(probe, "autosave", folder=folder)
            save_t.append((time.process_time() - t0) * 1000)
        u, ld, sv = statistics.median(undo_t), statistics.median(load_t), statistics.median(save_t)
        print(f"{n:4d} commands: undo {u:6.1f} ms [<= 30: {verdict(u, 30)}]   load {ld:6.1f} ms "
              f"[<= 30: {verdict(ld, 30)}]  ({path.stat().st_size // 1024} KB)   autosave {sv:6.1f} ms "
              f"[<= {AUTOSAVE_MS}: {verdict(sv, AUTOSAVE_MS)}]")
        probe.close()
    m.close()


def rewind_probe(m, log, events, rolls, cps, n, table=None):
    """A match holding the first n commands of `m`, restored from its checkpoints (as the screen holds it)."""
    from game.match import snapshot
    from game.modes import create_match
    fresh = create_match(m.scenario, m.seed, m.catalog, table=table)
    fresh.checkpoint_every = CHECKPOINT_EVERY
    usable = [cp for cp in cps if cp["commands"] <= n]
    snapshot.restore(fresh, usable[-1], events=events, log=log, rolls=rolls)
    fresh.checkpoints = usable
    for c in log[usable[-1]["commands"]:n]:
        fresh.submit(c)
    return fresh


def bench_previews(repeats: int) -> None:
    """One unit's previews against every enemy with 30 units on the table (the hover preview of the screen)."""
    m = long_match(60, map_name="pve-rift-30x22.tmx", squads=("drone-pod", "drone-pod"), checkpoints=False)
    try:
        uid = next(u for u in m.units("A"))
        enemies = m.units("B", items=None)
        w = next(w for w in m.unit(uid).card.weapons if w.kind == "ranged") if any(
            w.kind == "ranged" for w in m.unit(uid).card.weapons) else m.unit(uid).card.weapons[0]
        print(f"   units on the table: {len(m.units(items=None))}")
        all_t, one_t, move_t = [], [], []
        for _ in range(repeats):
            t0 = time.process_time()
            for e in enemies:
                m.attack_preview(uid, w.id, e, with_odds=False)
            all_t.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            m.attack_preview(uid, w.id, enemies[0], with_odds=True)
            one_t.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            m.move_options(uid, "move")
            move_t.append((time.process_time() - t0) * 1000)
        for label, t in ((f"targets: one unit against all {len(enemies)} enemies", all_t),
                         ("the hovered target's odds", one_t), ("Move options (reach, Charge spots)", move_t)):
            v = statistics.median(t)
            print(f"preview, {label}: {v:.2f} ms  [<= 5: {verdict(v, 5)}]")
    finally:
        m.close()


def main(short: bool = False) -> None:
    bench_games(5 if short else 100)
    bench_undo_load((50, 150) if short else (50, 150, 300, 600, 1500, 3000))  # 3000: a whole Horde run
    bench_previews(3 if short else 20)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    main(ap.parse_args().short)
