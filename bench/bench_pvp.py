"""PvP: the tactical computer opponent against the plain squad policy, its decision times, and the headless sweep.

    python bench/bench_pvp.py [--short] [--games N] [--sweep N]

1. Win rate of the tactical opponent (game/ai/tactical.py) against SimpleSquadController over mirrored games:
   each pair plays one mission with the same squad on both sides, once with the tactical opponent as the
   player and once as the opponent (same seed). Target: above 70% (draws count half).
2. Decision times of the tactical opponent in those games, and on a crowded table (32 units on a real map,
   after create_match(..., prepare=True)): median, p95, max. Target: well under 50 ms.
3. Sweep: N seeded headless games of every PvP mission with mixed factions, computer against computer; every
   game replayed to the same state hash. Target: no exception.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simple import SimpleSquadController  # noqa: E402
from game.ai.tactical import TacticalController  # noqa: E402
from game.content import default_squad, load_catalog, squad_slugs  # noqa: E402
from game.headless import build_scenario  # noqa: E402
from game.match.flow import OVER  # noqa: E402
from game.modes import create_match, missions, replay  # noqa: E402

TARGET_WIN = 0.70
TARGET_MS = 50.0


class Timed:
    """Wraps a controller and keeps how long each decision took (ms)."""

    def __init__(self, ctl, times: list) -> None:
        self.ctl = ctl
        self.times = times
        self.side = ctl.side

    def decide(self, match):
        t0 = time.perf_counter()
        c0 = time.process_time()
        cmd = self.ctl.decide(match)
        self.times.append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
        return cmd


def play(match, controllers: dict) -> None:
    """The session's own loop: a command a computer player proposes and the match refuses raises."""
    from game.modes.session import Session
    Session(match, controllers).run()


def pvp_ids() -> list[str]:
    return [e.id for e in missions() if e.mode == "pvp"]


def win_rate(pairs: int, times: list) -> dict:
    catalog = load_catalog()
    slugs = squad_slugs(catalog)
    ids = pvp_ids()
    tally = {"win": 0, "draw": 0, "loss": 0}
    per_mission: dict[str, list[float]] = {}
    for i in range(pairs):
        mission = ids[i % len(ids)]
        squad = default_squad(slugs[(i * 7 + i // len(ids)) % len(slugs)], catalog)
        seed = 1000 + i
        for tactical_side in ("player", "opponent"):
            sc = build_scenario(mission, squad, squad)
            m = create_match(sc, seed, catalog, prepare=True)
            other = "opponent" if tactical_side == "player" else "player"
            ctl = {tactical_side: Timed(TacticalController(tactical_side, seed=seed), times),
                   other: SimpleSquadController(other)}
            play(m, ctl)
            w = m.result.winner
            key = "draw" if w is None else ("win" if w == tactical_side else "loss")
            tally[key] += 1
            per_mission.setdefault(mission, []).append({"win": 1.0, "draw": 0.5, "loss": 0.0}[key])
            m.close()
    tally["per_mission"] = per_mission
    return tally


def crowded_times(turns: int = 2, limit: int | None = None) -> list:
    """Decisions on a table of 32 units (two squads of 16) on a real map: Evac Point has room for them (the
    Defender's 8" zone, the Attacker's four edges)."""
    from game.rules.model import SquadSpec
    catalog = load_catalog()
    a = default_squad("drone-pod", catalog)
    b = default_squad("krumpfists", catalog)
    big_a = SquadSpec(a.squad_type, a.name, (a.units * 3)[:16])
    big_b = SquadSpec(b.squad_type, b.name, (b.units * 3)[:16])
    sc = build_scenario("pvp-evac-point", big_a, big_b)
    m = create_match(sc, 7, catalog, prepare=True)
    times: list[float] = []
    ctl = {s: Timed(TacticalController(s, seed=7), times) for s in ("player", "opponent")}
    while m.phase != OVER and m.turn <= turns and (limit is None or len(times) < limit):
        side = m.waiting_for()
        m.submit(ctl[side].decide(m))
    m.close()
    return times


def sweep(seeds: int) -> tuple[int, int]:
    """Every PvP mission, `seeds` games each with mixed factions, replayed for the state hash."""
    catalog = load_catalog()
    slugs = squad_slugs(catalog)
    games = 0
    for k, mission in enumerate(pvp_ids()):
        for seed in range(1, seeds + 1):
            a = default_squad(slugs[(seed + k) % len(slugs)], catalog)
            b = default_squad(slugs[(seed * 3 + k + 1) % len(slugs)], catalog)
            sc = build_scenario(mission, a, b)
            m = create_match(sc, seed, catalog)
            from game.modes.session import play as session_play
            session_play(m)
            again = replay(sc, seed, m.log, catalog)
            if again.state_hash() != m.state_hash():
                raise SystemExit(f"{mission} seed {seed}: the replay gave a different state hash")
            games += 1
            m.close()
            again.close()
    return games, len(pvp_ids())


def show_times(label: str, pairs: list[tuple[float, float]]) -> None:
    """Wall-clock and CPU milliseconds (the CPU figure does not count other programs sharing the machine)."""
    if not pairs:
        return
    for what, t in (("wall", sorted(p[0] for p in pairs)), ("CPU", sorted(p[1] for p in pairs))):
        p95 = t[max(0, int(len(t) * 0.95) - 1)]
        print(f"{label} ({what}): {len(t)} decisions, median {statistics.median(t):.1f} ms, p95 {p95:.1f} ms, "
              f"max {t[-1]:.1f} ms (target: well under {TARGET_MS:.0f} ms)")


def main(short: bool = False, games: int | None = None, sweep_seeds: int | None = None) -> None:
    pairs = (games if games is not None else (2 if short else 200)) // 2
    times: list[float] = []
    t0 = time.perf_counter()
    r = win_rate(pairs, times) if pairs else {"win": 0, "draw": 0, "loss": 0, "per_mission": {}}
    n = r["win"] + r["draw"] + r["loss"]
    rate = (r["win"] + 0.5 * r["draw"]) / n if n else 0.0
    print(f"tactical opponent vs plain squad policy: {n} mirrored games ({pairs} missions x both sides): "
          f"{r['win']} won, {r['draw']} drawn, {r['loss']} lost -> {rate * 100:.1f}% "
          f"(draws count half; target above {TARGET_WIN * 100:.0f}%) in {time.perf_counter() - t0:.0f} s")
    if not short and r["per_mission"]:
        worst = sorted(r["per_mission"].items(), key=lambda kv: sum(kv[1]) / len(kv[1]))[:5]
        print("  weakest missions: " + ", ".join(f"{k} {sum(v) / len(v) * 100:.0f}%" for k, v in worst))
    show_times("tactical decisions in those games", times)
    show_times("tactical decisions on a crowded table (32 units, real map)",
               crowded_times(1, limit=40) if short else crowded_times(2))
    seeds = sweep_seeds if sweep_seeds is not None else (0 if short else 20)
    if seeds:
        t0 = time.perf_counter()
        played, count = sweep(seeds)
        print(f"sweep: {played} headless games ({count} missions x {seeds} seeds, mixed factions), every replay "
              f"hash equal, no exception ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--games", type=int, default=None, help="mirrored games (even)")
    ap.add_argument("--sweep", type=int, default=None, help="seeds per mission for the headless sweep")
    a = ap.parse_args()
    main(a.short, a.games, a.sweep)
