"""Battle screen frame times with both sides played by the computer: the largest map, UNITS bases on the table,
real animations (normal speed), the threat overlay on. Every frame is timed (events, update, draw); a command frame
is one in which a command landed or the screen still read it (game/ui/battle/landing.py: a stage a frame).

    python tools/battle_frames.py [--units 18,32,48] [--frames 1500] [--seed 3] [--profile [command|slow]]
    python tools/battle_frames.py --pvp MISSION [--frames 3000]   a PvP mission, both squads by the tactical player
                                                                  (its decisions are the costly ones)
    python tools/battle_frames.py --horde [--units 48]            bench_ui's Horde run, both sides by the computer
    python tools/battle_frames.py ... --parts 30                  the 30 slowest frames split into their parts (the
                                                                  garbage collector's passes among them)
    python tools/battle_frames.py ... --profile worst --worst 8   each of the 8 slowest warm frames profiled apart

Prints, for each table, median / p99 / max ms of all frames and of the command frames beside the targets (p99 <= 4
ms, max <= 8 ms), a miss flagged, cold (the first second of frames) and warm, in the CPU time of the frame's own
thread (on a machine shared with other work the wall time counts the time others took; the CPU time does not) and in
wall time; and, per command, what reading the table costs from the command's events (the view world's reading)
against a full reading of the match (what the screen did before). Asserts nothing: the figures are for reading.
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

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", default="18,32,48", help="bases on the table, a run each (comma-separated)")
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--pvp", default=None, help="a PvP mission's id (its squads, its map) instead of the bugs")
    ap.add_argument("--horde", action="store_true", help="bench_ui's Horde run (the Weapons Manufacture, heavy units "
                                                         "added up to --units) instead of the bugs")
    ap.add_argument("--profile", nargs="?", const="all", choices=("all", "command", "slow", "worst"),
                    help="profile every frame, only the command frames, only the frames slower than --slow ms, or "
                         "each of the --worst slowest warm frames on its own (timed with the profiler on: about twice "
                         "the time without)")
    ap.add_argument("--worst", type=int, default=6, help="how many frames --profile worst prints, each apart")
    ap.add_argument("--slow", type=float, default=10.0, help="what --profile slow counts as slow (ms, profiled)")
    ap.add_argument("--parts", type=int, default=0, metavar="N",
                    help="list the N slowest warm frames with what each part of them took (CPU ms)")
    a = ap.parse_args()
    import pygame
    pygame.init()
    for units in ([0] if a.pvp else [int(u) for u in a.units.split(",")][-1:] if a.horde else
                  [int(u) for u in a.units.split(",")]):
        run(a, units)


def run(a, units: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import tempfile

    import bench_ui
    from game.ai.simple import SimpleSquadController
    from game.ui.app import App
    from game.ui.settings import Settings
    from tests.ui.driver import open_battle
    bench_ui.UNITS = units
    app = App(headless=True, saves_dir=Path(tempfile.mkdtemp()), settings=Settings(npc_speed="normal"), seed=a.seed)
    if a.pvp:
        from game.content import default_squad
        from game.headless import build_scenario
        from game.modes import create_match
        scenario = build_scenario(a.pvp, default_squad("interdictors"), default_squad("krumpfists"))
        m = create_match(scenario, a.seed, prepare=True)
        d, sc = open_battle(app, m, computer_plays_people=True)
    elif a.horde:
        from game.headless import build_scenario
        from game.modes import create_match
        from game.modes.horde import waves
        m = create_match(build_scenario("horde", map_name="horde-weapons-manufacture.tmx", controller="computer"), 7,
                         app.catalog, prepare=True)
        d, sc = open_battle(app, m, computer_plays_people=True)
        for _ in range(3000):  # the computer deploys, the first wave comes
            if m.phase == "battle" and m.turn >= 1:
                break
            if sc.effects.banner is not None:
                sc.effects.dismiss()
            app.step(1)
        with m.reading():
            while len(m.units(items=None)) < units:
                waves.place_at_spawn_point(m, m.mission, "HRD-HVY03")
        sc.set_match(m)
    else:
        m = bench_ui.new_match(bench_ui.largest_map(), a.seed)
        d, sc = open_battle(app, m, frames=2)
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

    def timed_feed(events, before, markers_later=False):
        t0 = time.thread_time()
        feed(events, before, markers_later)
        by_events.append((time.thread_time() - t0) * 1000)
        compare.append(True)
    sc.table_view.feed = timed_feed
    compare: list = []

    def full_read() -> None:
        """The same match read whole, for comparison (after the frame: not the screen's work)."""
        while compare:
            compare.pop()
            t0 = time.thread_time()
            snapshot_units(m)
            snapshot_markers(m)
            full.append((time.thread_time() - t0) * 1000)
    parts = Parts(sc, app) if a.parts else None
    stats = None
    worst: list = []  # (ms, frame number, its profile): the slowest warm frames, each profiled apart
    count = [0]
    if a.profile:
        import cProfile
        import pstats

    def frame() -> None:
        nonlocal stats
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        if parts is not None:
            parts.begin(len(m.log))
        if not a.profile:
            app.step(1)
            if parts is not None:
                parts.end(len(m.log))
            return
        reading, before = sc.landing.pending, len(m.log)
        prof = cProfile.Profile(time.thread_time)  # (CPU time; one per frame: a frame's own profile is kept only when the frame is one asked for)
        c0 = time.thread_time()
        prof.enable()
        app.step(1)
        prof.disable()
        ms = (time.thread_time() - c0) * 1000
        command = reading or len(m.log) != before
        count[0] += 1
        if a.profile == "worst":
            from bench_ui import COLD
            if count[0] > COLD and (len(worst) < a.worst or ms > worst[-1][0]):
                worst.append((ms, count[0], "cmd" if command else "", prof))
                worst.sort(key=lambda w: -w[0])
                del worst[a.worst:]
        elif a.profile == "all" or (a.profile == "command" and command) or (a.profile == "slow" and ms > a.slow):
            stats = pstats.Stats(prof) if stats is None else stats.add(prof)
    got = bench_ui.frames_of(app, sc, a.frames, frame, after=full_read)
    print(f"battle frames: {got['units']} units on the table at the start, {len(m.units(items=None))} standing at "
          f"the end, {got['frames']} frames, {got['commands']} command frames, Turn {m.turn}")
    for line in bench_ui.frame_lines(got):
        print(line)
    for name, xs in (("table read from a command's events, CPU", by_events),
                     ("the whole match read (before), CPU", full)):
        if xs:
            print(f"  {name:41s} median {statistics.median(xs):6.2f}  p99 {bench_ui._pct(xs, 0.99):6.2f}  "
                  f"max {max(xs):6.2f} ms")
    if parts is not None:
        parts.print(a.parts)
    for ms, n, cmd, prof in worst:
        print(f"==== frame {n}: {ms:.2f} ms CPU (profiled) {cmd}")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(28)
    if stats is not None:
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)
    app.shutdown()


class Parts:
    """Each frame's CPU time split into its parts: the computer's turn work (a command resolved in it), a landing
    stage (the screen reading a command), the work ahead (threat areas, previews), the autosave and checkpoints,
    the frame's preparing (what changed) and its drawing (whole or in parts), and the garbage collector's passes
    (inside any of them or at the frame's end: game/ui/memory.py)."""

    NAMES = ("turns", "landing", "ahead", "autosave", "checkpoints", "prepare", "table", "world", "panel", "threat",
             "draw", "gc")

    def __init__(self, sc, app) -> None:
        self.frames: list = []
        self.now: dict = {}
        self.app, self.sc = app, sc
        for name, obj, meth in (("turns", sc.turns, "update"), ("landing", sc.landing, "step"),
                                ("ahead", sc.ahead, "update"), ("autosave", sc.autosave, "tick"),
                                ("checkpoints", sc.checkpoints, "tick"), ("prepare", sc.painter, "prepare"),
                                ("table", sc.table_view, "prepare"), ("panel", sc.painter.panel, "refresh"),
                                ("threat", sc.painter.foresight, "board_with_threat"), ("draw", app, "_draw_all")):
            self._wrap(name, obj, meth)
        import esper

        from game.ui.view.processors import DrawProcessor
        w = sc.table_view.world
        with w._in:
            self._wrap("world", esper.get_processor(DrawProcessor), "prepare")  # (the table's prepare: its plan, looks)
        import gc
        self._gc0 = 0.0
        gc.callbacks.append(self._gc)  # (the garbage collector's passes, wherever they fall in the frame)

    def _gc(self, phase, info) -> None:
        if phase == "start":
            self._gc0 = time.thread_time()
        else:
            self.now["gc"] = self.now.get("gc", 0.0) + (time.thread_time() - self._gc0) * 1000
            self.now.setdefault("gens", []).append(info["generation"])

    def _wrap(self, name, obj, meth) -> None:
        fn = getattr(obj, meth)

        def timed(*args, **kw):
            t0 = time.thread_time()
            try:
                return fn(*args, **kw)
            finally:
                self.now[name] = self.now.get(name, 0.0) + (time.thread_time() - t0) * 1000
        setattr(obj, meth, timed)

    def begin(self, log_len: int) -> None:
        self.now = {}
        self._log = log_len
        self._turn = self.sc.match.turn
        self._c0 = time.thread_time()

    def end(self, log_len: int) -> None:
        total = (time.thread_time() - self._c0) * 1000
        whole = self.app.drawn_rects is None
        cmd = ("turn" if self.sc.match.turn != self._turn else "cmd") if log_len != self._log else ""
        self.frames.append((total, dict(self.now), cmd, whole))

    def print(self, n: int) -> None:
        from bench_ui import COLD
        warm = self.frames[COLD:]
        print(f"  the {n} slowest warm frames, CPU ms (cmd: a command resolved in it, turn: one that ended the Turn; "
              f"draw W whole, P in parts):")
        print("    total " + " ".join(f"{k:>8s}" for k in self.NAMES))
        for total, now, cmd, whole in sorted(warm, key=lambda f: -f[0])[:n]:
            print(f"  {total:7.2f} " + " ".join(f"{now.get(k, 0.0):8.2f}" for k in self.NAMES) +
                  f"  {cmd:4s}" + ("  W" if whole and "draw" in now else ("  P" if "draw" in now else "")) +
                  (f"  gc generations {now['gens']}" if now.get("gens") else ""))
        for k in self.NAMES:
            xs = [f[1].get(k, 0.0) for f in warm]
            print(f"    {k:12s} mean {statistics.mean(xs):6.2f}  max {max(xs):6.2f}")


if __name__ == "__main__":
    main()
