"""What the battle table costs per frame and per command, read and drawn the painters' way and the view world's
way, side by side: the largest map, UNITS bases, both sides played by the computer, animations at normal speed.

    python tools/view_parts.py [--units 48] [--frames 600] [--seed 3]

Per command: a full reading of the match (what the screen did after every command) against the view world's
reading from the command's events. Per frame: the table drawn by the painters against the view world's
process(dt, canvas). Median / p99 / max ms. Asserts nothing: the figures are for reading.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else 0.0


def line(name, xs) -> str:
    return f"  {name:38s} median {statistics.median(xs):6.3f}  p99 {pct(xs, 0.99):6.3f}  max {max(xs):6.3f} ms" \
        f"  ({len(xs)})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=48)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    import pygame
    pygame.init()
    import bench_ui
    from game.ai.simple import SimpleSquadController
    from game.ui.app import App
    from game.ui.battle import BattleScene
    from game.ui.board import snapshot_units
    from game.ui.battle.mission_view import snapshot_markers
    from game.ui.settings import Settings
    from game.ui.view.screen import TableView
    from tests.ui.driver import Driver
    bench_ui.UNITS = a.units
    app = App(headless=True, saves_dir=Path(tempfile.mkdtemp()), settings=Settings(npc_speed="normal"), seed=a.seed)
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
    tv = TableView(sc)
    tv.world.drives_camera = False
    tv.world.follow = lambda x, y: None
    full, events_read, painted, processed = [], [], [], []
    changed, update = sc.changed, sc.update
    seen = [len(m.events)]

    def timed_changed(old):
        changed(old)
        t0 = time.perf_counter()
        snapshot_units(m)
        snapshot_markers(m)
        full.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        tv.world.reading.apply(m.events[seen[0]:])
        events_read.append((time.perf_counter() - t0) * 1000)
        tv.world.reading.read_all()  # (the world reads them itself when it processes them)
        tv.feed(m.events[seen[0]:], old)
        seen[0] = len(m.events)

    def ticked(dt):
        update(dt)
        tv.tick(dt)
    sc.changed, sc.update = timed_changed, ticked
    surf = pygame.Surface(app.screen.get_size())
    for _ in range(a.frames):
        if m.phase == "over":
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        app.step(1)
        view = sc.layout["view"]
        surf.set_clip(view)
        t0 = time.perf_counter()
        sc.painter.draw(surf)
        painted.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        tv.draw(surf)
        processed.append((time.perf_counter() - t0) * 1000)
        surf.set_clip(None)
    print(f"battle table: {len(m.units(items=None))} units standing, {len(painted)} frames, {len(full)} commands")
    print(line("read per command: the whole match", full))
    print(line("read per command: from its events", events_read))
    print(line("frame: painters' draw (+ panels)", painted))
    print(line("frame: view world's process(dt, canvas)", processed))
    tv.close()


if __name__ == "__main__":
    main()
