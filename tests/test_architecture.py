"""The shape of the house (docs/architecture.md): pure rules, layers importing only the layers above them."""
import ast
import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

# A layer may import only itself and the layers listed before it.
LAYERS = ["rules", "content", "battlefield", "match", "ai", "modes", "campaign", "persistence", "report", "ui"]
# app-level modules beside main.py; the replay cursor sits with the report, under the screen that shows both
TOP_LEVEL = {"paths": -1, "headless": 99, "squads": 99, "odds_cli": 99, "lab": 99, "replay": LAYERS.index("report")}


@functools.cache  # each file parsed once for all the checks below
def _imports(path: Path) -> tuple[str, ...]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: resolve inside the package
                pkg = path.relative_to(ROOT).parent.parts[: len(path.relative_to(ROOT).parent.parts) - node.level + 1]
                out.append(".".join(pkg + ((node.module,) if node.module else ())))
            elif node.module:
                out.append(node.module)
    return tuple(out)


def _layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "game" or len(parts) < 2:
        return None
    if parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return TOP_LEVEL.get(parts[1])


def _py_files(folder: Path):
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def test_rules_import_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names)
    bad = []
    for f in _py_files(GAME / "rules"):
        for mod in _imports(f):
            top = mod.split(".")[0]
            if top == "game":
                if not mod.startswith("game.rules"):
                    bad.append(f"{f.relative_to(ROOT)} imports {mod}")
            elif top not in stdlib and top != "__future__":
                bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    assert not bad, "game/rules must stay pure:\n" + "\n".join(bad)


def test_no_module_level_random_in_game_code():
    pattern = re.compile(r"(^|[^.\w])random\.(randint|random|choice|choices|shuffle|uniform|sample|randrange|seed)\("
                         r"|from random import")
    bad = [f"{f.relative_to(ROOT)}:{i}" for f in _py_files(GAME)
           for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not bad, "dice must come from the match's seeded generator: " + ", ".join(bad)


@pytest.mark.parametrize("layer", LAYERS)
def test_layers_import_only_layers_above(layer):
    mine = LAYERS.index(layer)
    bad = []
    for f in _py_files(GAME / layer):
        for mod in _imports(f):
            other = _layer_of(mod)
            if other is not None and other > mine:
                bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    assert not bad, "a layer imports a layer below it:\n" + "\n".join(bad)


@pytest.mark.parametrize("module", [m for m, layer in TOP_LEVEL.items() if 0 <= layer < 99])
def test_top_level_modules_import_only_layers_above(module):
    path = GAME / f"{module}.py"
    bad = [mod for mod in _imports(path) if (_layer_of(mod) or -1) > TOP_LEVEL[module]]
    assert not bad, f"game/{module}.py imports a layer below it: " + ", ".join(bad)


def test_only_ui_imports_pygame():
    bad = [f"{f.relative_to(ROOT)}" for f in _py_files(GAME) if "ui" not in f.relative_to(GAME).parts[:1]
           for mod in _imports(f) if mod.split(".")[0] in ("pygame", "pygame_gui")]
    assert not bad, "only game/ui may import pygame: " + ", ".join(bad)


def test_game_never_reads_shared_at_run_time():
    bad = [str(f.relative_to(ROOT)) for f in _py_files(GAME) if "shared" in f.read_text(encoding="utf-8")
           and re.search(r"['\"][./]*shared/", f.read_text(encoding="utf-8"))]
    assert not bad, "the game must ship its own data: " + ", ".join(bad)


def test_saves_never_use_pickle_or_eval():
    bad = [str(f.relative_to(ROOT)) for f in _py_files(GAME)
           if re.search(r"\bpickle\b|\bmarshal\b|\beval\(", f.read_text(encoding="utf-8"))]
    assert not bad
