"""Battle screen frame times with both sides played by the computer: the largest map, UNITS bases on the table,
real animations (normal speed), the threat overlay on. Every frame is timed (events, update, draw); the frames
in which a command landed are counted apart and with the rest.

    python tools/battle_frames.py [--units 48] [--frames 1500] [--seed 3] [--profile [command]]
    python tools/battle_frames.py --pvp MISSION [--frames 3000]   a PvP mission, both squads by the tactical player
                                                                  (its decisions are the costly ones)

Prints median / p99 / max ms of all frames and of the command frames beside the targets (p99 <= 4 ms,
max <= 8 ms), a miss flagged, in wall time and in the CPU time of the frame's own thread (on a machine shared
with other work the wall time counts the time others took; the CPU time does not); and, per command, what reading the table costs from the command's events (the view
world's reading) against a full reading of the match (what the screen did before). Asserts nothing: the figures
are for reading.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

P99, MAX = 4.0, 8.0


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else 0.0




def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=48)
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--pvp", default=None, help="a PvP mission's id (its squads, its map) instead of the bugs")
    ap.add_argument("--profile", nargs="?", const="all", choices=("all", "command"),
                    help="profile every frame, or only the frames in which a command landed")
    a = ap.parse_args()
    import pygame
    pygame.init()
    sys.path.insert(0, str(ROOT / "bench"))
    import tempfile

    import bench_ui
    from game.ai.simple import SimpleSquadController
    from game.ui.app import App
    from game.ui.battle import BattleScene
    from game.ui.settings import Settings
    from tests.ui.driver import Driver
    bench_ui.UNITS = a.units
    app = App(headless=True, saves_dir=Path(tempfile.mkdtemp()), settings=Settings(npc_speed="normal"), seed=a.seed)
    if a.pvp:
        from game.content import default_squad
        from game.headless import build_scenario
        from game.modes import create_match
        from game.modes.session import make_controller
        scenario = build_scenario(a.pvp, default_squad("interdictors"), default_squad("krumpfists"))
        m = create_match(scenario, a.seed, prepare=True)
        sc = BattleScene(app, m)
        app.replace(sc)
        d = Driver(app)
        for s in scenario.sides:
            if s.control == "person":
                sc.play_by_computer(s.side, make_controller(m, s.side, "computer"))
    else:
        m = bench_ui.new_match(bench_ui.largest_map(), a.seed)
        sc = BattleScene(app, m)
        app.replace(sc)
        d = Driver(app)
        d.step(2)
        d.click(sc.b_auto)
        d.click(sc.b_start)
        bench_ui.add_bugs(m)
        sc.changed(dict(sc.by_uid))
        sc.play_by_computer("player", SimpleSquadController("player"))
    sc.ahead.threat_on = True
    d.step(5)
    from game.ui.battle.mission_view import snapshot_markers
    from game.ui.board import snapshot_units
    by_events, full = [], []
    feed = sc.table_view.feed

    def timed_feed(events, before):
        t0 = time.thread_time()
        feed(events, before)
        by_events.append((time.thread_time() - t0) * 1000)
    sc.table_view.feed = timed_feed

    def full_read() -> None:  # (after the frame: it is not the screen's work)
        t0 = time.thread_time()
        snapshot_units(m)
        snapshot_markers(m)
        full.append((time.thread_time() - t0) * 1000)
    prof = stats = None
    if a.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
    every, command, every_cpu, command_cpu = [], [], [], []
    for _ in range(a.frames):
        if m.phase == "over":
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        v = sc.version
        if prof:
            if a.profile == "command":
                prof = cProfile.Profile()
            prof.enable()
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1)
        ms = (time.perf_counter() - t0) * 1000
        cpu = (time.thread_time() - c0) * 1000
        if prof:
            prof.disable()
        every.append(ms)
        every_cpu.append(cpu)
        if prof and a.profile == "command" and sc.version != v:
            stats = pstats.Stats(prof) if stats is None else stats.add(prof)
        if sc.version != v:
            command.append(ms)
            command_cpu.append(cpu)
            full_read()
    n_units = len(m.units(items=None))
    print(f"battle frames: {n_units} units standing at the end, {len(every)} frames, {len(command)} with a command,"
          f" Turn {m.turn}")
    for name, xs in (("all frames", every), ("command frames", command), ("all frames, CPU", every_cpu),
                     ("command frames, CPU", command_cpu)):
        if not xs:
            continue
        p99, mx = pct(xs, 0.99), max(xs)
        flag = "" if p99 <= P99 and mx <= MAX else "   << MISS"
        print(f"  {name:19s} median {statistics.median(xs):6.2f}  p99 {p99:6.2f} (target {P99})  "
              f"max {mx:6.2f} (target {MAX}){flag}")
    for name, xs in (("table read from a command's events, CPU", by_events),
                     ("the whole match read (before), CPU", full)):
        if xs:
            print(f"  {name:41s} median {statistics.median(xs):6.2f}  p99 {pct(xs, 0.99):6.2f}  max {max(xs):6.2f} ms")
    if prof:
        (stats if a.profile == "command" else pstats.Stats(prof)).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
