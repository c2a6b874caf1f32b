"""Run every benchmark script in bench/ and print their figures (never fails on speed)."""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.outcome import Failures  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true", help="a quick run (CI)")
    args = ap.parse_args()
    failed = []  # benches that report failures (bench/outcome.py: a crash, not a missed target)
    for script in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(script.stem, script)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        print(f"== {script.name}")
        t0 = time.perf_counter()
        out = mod.main(short=args.short)  # its figures, or its Failures
        if isinstance(out, Failures) and out:
            failed.append(f"{script.name} ({out.count} {out.what})")
        print(f"   ({time.perf_counter() - t0:.1f} s)")
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
