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


def test_a_campaign_that_fails_makes_the_bench_fail(monkeypatch, tmp_path, capsys):
    """A crash in a campaign is counted, printed, and fails the bench run (CI sees it); it is not a missed target."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_campaign", BENCH / "bench_campaign.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def broken(*args):
        raise ImportError("no module named pymunk")
    monkeypatch.setattr(mod, "play_one", broken)
    out = mod.main(short=True)
    assert out.count == 1 and out.exit_code == 1
    out = capsys.readouterr().out
    assert "1 errors" in out and "ImportError: no module named pymunk" in out


def test_run_all_fails_on_a_bench_that_returns_failures_and_not_on_figures(monkeypatch, tmp_path, capsys):
    """A bench's printed figures (even missed targets) never fail the run; its Failures do."""
    import importlib.util
    import sys
    (tmp_path / "bench_figures.py").write_text("def main(short=False):\n    return {'p99': 99.0}\n")
    (tmp_path / "bench_broken.py").write_text(
        "from bench.outcome import Failures\n\ndef main(short=False):\n    return Failures(2, 'crashes')\n")
    spec = importlib.util.spec_from_file_location("run_all", BENCH / "run_all.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "HERE", tmp_path)
    monkeypatch.setattr(sys, "argv", ["run_all.py", "--short"])
    assert mod.main() == 1
    assert "failed: bench_broken.py (2 crashes)" in capsys.readouterr().out
    (tmp_path / "bench_broken.py").unlink()
    assert mod.main() == 0
