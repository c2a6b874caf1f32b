#!/usr/bin/env python3
"""Set up and run, with nothing but Python 3.11+:

    python3 run.py play [main.py arguments]   create .venv on first use, then start the game
    python3 run.py test [pytest arguments]    create .venv on first use, then run the tests (headless; the
                                              whole suite on every core, a chosen file or test in one process)
    python3 run.py bench [--short]            create .venv on first use, then print the benchmarks

The virtual environment gets exactly the versions pinned in pyproject.toml, and is refreshed when
pyproject.toml changes.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["dependencies"]) + list(project.get("optional-dependencies", {}).get("test", []))


def ensure_venv() -> Path:
    reqs = requirements()
    stamp = VENV / ".ruinstars-installed"
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest and venv_python().exists():
        return venv_python()
    if sys.version_info < (3, 11):
        sys.exit("Ruinstars needs Python 3.11 or newer.")
    if not venv_python().exists():
        print("Setting up .venv (first run only)...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    subprocess.run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *reqs],
                   check=True)
    stamp.write_text(digest)
    return venv_python()


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test", "bench"):
        print(__doc__)
        return 2
    what, rest = argv[0], argv[1:]
    py = str(ensure_venv())
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if what == "play":
        cmd = [py, "main.py", *rest]
    elif what == "test":
        env.update(HEADLESS)
        whole_suite = not any(a == "-n" or a.startswith(("-n", "--numprocesses")) or not a.startswith("-") for a in rest)
        cmd = [py, "-m", "pytest", *(["-n", "auto"] if whole_suite else []), *rest]
    else:
        env.update(HEADLESS)
        cmd = [py, "bench/run_all.py", *rest]
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
