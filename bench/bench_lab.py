"""Balance lab throughput: games per second for a small batch, in this process and on two processes.

    python bench/bench_lab.py [--short]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import batch  # noqa: E402
from game.lab.stats import summarize  # noqa: E402

TARGET = 2.0  # games per second per process on the First Mission map


def bench_batch(games: int, jobs: int) -> None:
    tasks = batch.plan("first-mission", ["krumpfists"], None, games, 1)
    t0 = time.perf_counter()
    records = batch.run_local(tasks, jobs)
    dt = time.perf_counter() - t0
    s = summarize(records)[0]
    print(f"lab batch, First Mission, {games} games on {jobs} process{'es' if jobs > 1 else ''}: {dt:.1f} s -> "
          f"{games / dt:.2f} games/s (target {TARGET * jobs:.0f}+; start-up included); "
          f"{s.wins} won")


def main(short: bool = False) -> None:
    bench_batch(5 if short else 20, 1)
    if not short:
        bench_batch(20, 2)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    main(short=ap.parse_args().short)
