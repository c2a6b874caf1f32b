"""Run every benchmark script in bench/ and print their figures (never fails on speed)."""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true", help="a quick run (CI)")
    args = ap.parse_args()
    failed = []  # benches that report a failure (a crash, not a missed target: those are printed and flagged)
    for script in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(script.stem, script)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        print(f"== {script.name}")
        t0 = time.perf_counter()
        out = mod.main(short=args.short)  # some return their figures; a count of failures is an int
        if type(out) is int and out:
            failed.append(script.name)
        print(f"   ({time.perf_counter() - t0:.1f} s)")
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
