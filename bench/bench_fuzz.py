"""Fuzz of the save loader, the roster loader and squad codes: a longer run than the test suite's (same
mutations, tests/persistence/filefuzz.py, with fresh seeds).

    python bench/bench_fuzz.py [--short] [--seed N]

The long run takes a fresh seed each time (printed, so a failure can be replayed with --seed); --short (CI) takes
a fixed one, so a CI run says the same of the same code.

Prints cases per second for each kind of file, how many loaded and how many were refused, the most common
reasons, how many replays failed deep inside the rules (the player got a SaveError; the log has the traceback:
worth a look), and every failure (an exception other than the game's own error, a hang, a changed file, a
message in Python's words). Asserts nothing about time.
"""
from __future__ import annotations

import argparse
import collections
import logging
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "persistence"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import filefuzz  # noqa: E402

from bench.outcome import Failures  # noqa: E402


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.n = 0

    def emit(self, record) -> None:
        self.n += 1


def _reason(problem: str) -> str:
    """A refusal's reason without the specifics (which command, which value)."""
    problem = re.sub(r"command \d+ \([^)]*\)+", "command N", problem)
    problem = re.sub(r"got .*|\(line .*|'[^']*'|\"[^\"]*\"|\d+", "_", problem)
    return problem[:70]


def run(kind: str, seed: int, n: int, budget: float | None, folder: Path) -> tuple[int, list[str]]:
    make = {"save": filefuzz.save_case, "roster": filefuzz.roster_case, "code": filefuzz.code_case}[kind]
    outcomes: collections.Counter = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    failures: list[str] = []
    crashes = _Count()
    logging.getLogger("game.persistence").addHandler(crashes)
    logging.getLogger("game.persistence").propagate = False
    t0 = time.perf_counter()
    done = 0
    for k in range(n):
        if budget is not None and time.perf_counter() - t0 > budget:
            break
        label, data = make(seed, k)
        try:
            if kind == "code":
                outcome = filefuzz.check_code(label, data)
            else:
                check = filefuzz.check_save if kind == "save" else filefuzz.check_roster
                outcome = check(folder / f"{kind}{k}", label, data)
            outcomes[str(outcome)] += 1
            if outcome == "refused":
                reasons[_reason(outcome.problem)] += 1
        except (AssertionError, filefuzz.Hang) as e:
            failures.append(f"{kind} seed {seed} case {k} ({label}): {str(e)[:400]}")
        done += 1
    dt = time.perf_counter() - t0
    logging.getLogger("game.persistence").removeHandler(crashes)
    print(f"   {kind:6} {done:6d} cases  {done / dt:8.0f} cases/s   loaded {outcomes['loaded']}, refused "
          f"{outcomes['refused']}, failures {len(failures)}"
          + (f", replays failing inside the rules {crashes.n}" if kind == "save" else ""))
    for reason, count in reasons.most_common(6):
        if reason:
            print(f"            {count:5d}  {reason}")
    return done, failures


SHORT_SEED = 477182  # once found a loop in the mutations themselves (a duplicated value swapped into itself)


def main(short: bool = False, seed: int | None = None) -> Failures:
    if seed is None:
        seed = SHORT_SEED if short else int(time.time()) % 1_000_000
    budget = 1.6 if short else None
    sizes = {"save": 3000, "roster": 3000, "code": 10000} if not short else {"save": 10**6, "roster": 10**6,
                                                                            "code": 10**6}
    filefuzz.real_save_bytes(), filefuzz.real_rosters(), filefuzz.real_codes()
    print(f"   seed {seed} ({'short: about 1.6 s per kind' if short else 'long run'}; target: 0 failures)")
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        for kind in ("save", "roster", "code"):
            failures += run(kind, seed, sizes[kind], budget, Path(d))[1]
    for f in failures[:20]:
        print("   FAILURE", f)
    print(f"   failures found: {len(failures)} (target 0)")
    return Failures(len(failures), "fuzz failures")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    sys.exit(main(short=a.short, seed=a.seed).exit_code)
