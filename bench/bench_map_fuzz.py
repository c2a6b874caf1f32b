"""Map-loader fuzz, the long run: thousands of damaged or hostile variants of the real maps (the suite runs
300, tests/maps/test_map_fuzz.py). Prints how many loaded or were refused, the slowest case, and every case
where something other than a MapError in words escaped, a hostile map loaded, or a file changed.

    python bench/bench_map_fuzz.py [--short]
"""
from __future__ import annotations

import collections
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tests" / "maps"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mapfuzz  # noqa: E402

from bench.outcome import Failures  # noqa: E402

from game.battlefield import MapError, load_battlefield  # noqa: E402



def run(seed: int, n: int):
    counts = collections.Counter()
    problems = []
    slowest = (0.0, "")
    total = 0.0
    for label, files, hostile in mapfuzz.cases(seed, n):
        with tempfile.TemporaryDirectory() as d:
            path = mapfuzz.write_case(Path(d), files)
            before = {p: p.read_bytes() for p in Path(d).rglob("*") if p.is_file()}
            t0 = time.perf_counter()
            try:
                load_battlefield(path)
                outcome = "loaded"
                if hostile:
                    problems.append(f"{label}: a hostile map loaded")
            except MapError as e:
                outcome = "refused"
                if not str(e).startswith(f"{path}: ") or not e.problem or mapfuzz.technical(e.problem, Path(d)):
                    problems.append(f"{label}: {e.problem[:200]}")
            except BaseException as e:  # noqa: BLE001 - the point is to catch anything
                outcome = "escaped"
                problems.append(f"{label}: {type(e).__name__}: {str(e)[:200]}")
            dt = time.perf_counter() - t0
            after = {p: p.read_bytes() for p in Path(d).rglob("*") if p.is_file()}
            if after != before:
                problems.append(f"{label}: a file changed")
        counts[outcome] += 1
        total += dt
        if dt > slowest[0]:
            slowest = (dt, label)
    return counts, problems, slowest, total


def main(short: bool = False) -> Failures:
    seeds = [1, 2] if short else [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    n = 300
    t0 = time.perf_counter()
    all_counts = collections.Counter()
    all_problems = []
    slowest = (0.0, "")
    load_time = 0.0
    for seed in seeds:
        counts, problems, slow, total = run(seed, n)
        all_counts.update(counts)
        all_problems += problems
        slowest = max(slowest, slow)
        load_time += total
    cases = sum(all_counts.values())
    print(f"map fuzz: {cases} cases from {len(mapfuzz.REAL_MAPS)} maps (seeds {seeds[0]}-{seeds[-1]}): "
          f"{all_counts['loaded']} loaded, {all_counts['refused']} refused in words, "
          f"{all_counts['escaped']} escaped (target 0)")
    print(f"  load or refuse: {1000 * load_time / max(1, cases):.1f} ms mean, slowest {1000 * slowest[0]:.0f} ms "
          f"({slowest[1]}); whole run {time.perf_counter() - t0:.1f} s")
    print(f"  problems: {len(all_problems)} (target 0)")
    for p in all_problems[:20]:
        print("   ", p)
    return Failures(len(all_problems) + all_counts["escaped"], "map fuzz problems")


if __name__ == "__main__":
    sys.exit(main(short="--short" in sys.argv[1:]).exit_code)
