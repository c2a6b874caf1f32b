"""`python3 run.py bench --short` (part of CI) calls every bench script's `main(short=...)`: each must take it."""
import ast
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_every_bench_script_takes_short():
    scripts = sorted(BENCH.glob("bench_*.py"))
    assert len(scripts) >= 10
    bad = []
    for script in scripts:
        tree = ast.parse(script.read_text(encoding="utf-8"))
        main = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main"), None)
        params = [] if main is None else [a.arg for a in main.args.args + main.args.kwonlyargs]
        if "short" not in params:
            bad.append(script.name)
    assert not bad, f"bench scripts whose main() cannot be called with short=: {bad}"
