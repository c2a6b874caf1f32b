"""Headless First Missions per second (each replayed to check its state hash) and ms per attack resolution.

    python bench/bench_rules.py [--short] [--missions N] [--map open|default]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.headless import play_headless  # noqa: E402
from game.modes import replay  # noqa: E402
from game.rules.combat import AttackSpec, StrikeTarget, resolve_with_policy  # noqa: E402
from game.rules.dice import Dice  # noqa: E402
from game.rules.model import MELEE, RANGED  # noqa: E402


def bench_missions(n: int, map_name) -> None:
    outcomes = {"victory": 0, "defeat": 0}
    t0 = time.perf_counter()
    commands = 0
    for seed in range(1, n + 1):
        m = play_headless(seed, map_name=map_name)
        outcomes[m.result.outcome] += 1
        commands += len(m.log)
        again = replay(m.scenario, m.seed, m.log)
        if again.state_hash() != m.state_hash():
            raise SystemExit(f"seed {seed}: replay gave a different state hash")
        m.close()
        again.close()
    dt = time.perf_counter() - t0
    where = "open table" if map_name is None else "mission map"
    print(f"headless First Missions ({where}): {n} played and replayed in {dt:.1f} s -> "
          f"{n / dt:.2f} missions/s (play + replay), {commands / n:.0f} commands each; "
          f"victories {outcomes['victory']}, defeats {outcomes['defeat']}; all replay hashes equal")


def bench_decisions(n: int) -> None:
    """Time every decision of the NPC Bugs and of the headless squad policy on the mission's map, with the
    movement graph built before the battle as the game's screen does (create_match(..., prepare=True))."""
    from game.ai.npc import NpcController
    from game.ai.simple import SimpleSquadController
    from game.match.match import OVER
    from game.modes import create_match, first_mission_scenario

    times = {"npc": [], "player": []}
    for seed in range(1, n + 1):
        sc = first_mission_scenario()
        m = create_match(sc, seed, prepare=True)
        ctl = {"player": SimpleSquadController("player"), "npc": NpcController("npc")}
        while m.phase != OVER:
            side = m.waiting_for()
            t0 = time.perf_counter()
            cmd = ctl[side].decide(m)
            times[side].append((time.perf_counter() - t0) * 1000)
            m.submit(cmd)
        m.close()
    for side, label in (("npc", "NPC (Bug Behavior)"), ("player", "headless squad policy")):
        t = sorted(times[side])
        p95 = t[int(len(t) * 0.95) - 1]
        print(f"{label} decisions on the mission map: {len(t)} over {n} missions, median {statistics.median(t):.1f} ms, "
              f"p95 {p95:.1f} ms, max {t[-1]:.1f} ms")


def bench_attacks(n: int) -> None:
    dice = Dice(1)
    ranged = AttackSpec.single(1, RANGED, 4, 5, StrikeTarget(2, 4, 5, cover=True), attacker_arm=4)
    melee = AttackSpec.single(1, MELEE, 4, 4, StrikeTarget(2, 3, 5, support=1), attacker_arm=3,
                              rerolls=(("support", 1),))
    for name, spec in (("ranged 4 dice vs cover", ranged), ("melee 4 dice with support", melee)):
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            for _ in range(n):
                resolve_with_policy(spec, dice)
            times.append((time.perf_counter() - t0) / n * 1000)
        print(f"attack resolution, {name}: {statistics.median(times):.4f} ms per attack (median of 5 x {n})")


def main(short: bool = False, missions: int | None = None, map_name="open") -> None:
    bench_attacks(2_000 if short else 20_000)
    bench_decisions(2 if short else 20)
    n = missions if missions is not None else (5 if short else 1000)
    bench_missions(n, None if map_name == "open" else "first-mission-survive.tmx")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--missions", type=int, default=None)
    ap.add_argument("--map", default="open", choices=["open", "default"])
    a = ap.parse_args()
    main(a.short, a.missions, a.map)
