"""Replays and the battle report: how long opening a replay takes, each step forwards and backwards, a jump to
a Turn, the viewer's step with its log and picture, and the after-battle figures (luck, turning points, report).

    python bench/bench_replay.py [--short]

Prints the figures beside their targets (a step back feels instant under 50 ms; opening a replay of a whole
First Mission under 2 s); asserts nothing about time.
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
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _ms(xs) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {1000 * statistics.median(xs):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * xs[-1]:.1f} ms"


def bench_cursor(m) -> None:
    from game.replay import ReplayCursor
    t0 = time.perf_counter()
    c = ReplayCursor.from_match(m)
    opened = time.perf_counter() - t0
    fwd, back, jumps = [], [], []
    c.seek(0)
    while not c.at_end:
        t = time.perf_counter()
        c.step(1)
        fwd.append(time.perf_counter() - t)
    while not c.at_start:
        t = time.perf_counter()
        c.step(-1)
        back.append(time.perf_counter() - t)
    for turn in c.turns[::-1] + c.turns:
        t = time.perf_counter()
        c.jump_to_turn(turn)
        jumps.append(time.perf_counter() - t)
    c.close()
    print(f"open a replay of {len(m.log)} commands: {1000 * opened:.0f} ms (target under 2000 ms)")
    print(f"step forward: {_ms(fwd)}")
    print(f"step back: {_ms(back)} (target under 50 ms)")
    print(f"jump to a Turn: {_ms(jumps)}")


def bench_viewer(m) -> None:
    import pygame
    pygame.init()
    from game.ui.app import App
    from game.ui.replay import open_match_as_replay
    from game.ui.settings import Settings
    app = App(headless=True, saves_dir=Path(tempfile.mkdtemp()), settings=Settings())
    open_match_as_replay(app, m)
    sc = app.top
    app.step(2)
    sc.go("end")
    app.step(1)
    times = []
    for _ in range(min(30, sc.cursor.length)):
        t = time.perf_counter()
        sc.go("step", -1)
        app.step(1)
        times.append(time.perf_counter() - t)
    print(f"viewer: a step back from the end with its log and picture: {_ms(times)} (target under 50 ms)")
    app.shutdown()


def bench_report(m) -> None:
    from game.report import battle_report, facts_of, luck_of, turning_points
    t = time.perf_counter()
    facts = facts_of(m)
    luck_of(facts)
    turning_points(facts)
    figures = time.perf_counter() - t
    t = time.perf_counter()
    text = battle_report(facts)
    report = time.perf_counter() - t
    print(f"luck and turning points: {1000 * figures:.0f} ms; the whole Markdown report: {1000 * report:.0f} ms "
          f"({len(text.splitlines())} lines) (target under 200 ms)")


def main(short: bool = False) -> None:
    from game.headless import play_headless
    m = play_headless(7)
    bench_cursor(m)
    bench_report(m)
    if not short:
        bench_viewer(m)
    m.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    main(short=ap.parse_args().short)
