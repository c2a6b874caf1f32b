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
TOP_LEVEL = {"paths": -1, "stepwise": -1, "headless": 99, "squads": 99, "odds_cli": 99, "lab": 99, "replay": LAYERS.index("report")}


@functools.cache  # each file parsed once for all the checks below
def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_tree(path)))


@functools.cache
def _imports(path: Path) -> tuple[str, ...]:
    out = []
    for node in _nodes(path):
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


# == the match's state: its esper world and one record, written only by the match ===================

def _component_classes() -> set[str]:
    from dataclasses import is_dataclass

    import game.match.components as comps
    return {n for n, c in vars(comps).items() if isinstance(c, type) and is_dataclass(c) and c.__module__ == comps.__name__}


def _component_readers() -> set[str]:
    """The match's methods that hand out a component (by their return annotation): unit(), health(), ..."""
    import typing

    from game.match.match import Match
    names = _component_classes()
    out = set()
    for name in dir(Match):
        fn = getattr(Match, name, None)
        ann = getattr(fn, "__annotations__", {}).get("return") if callable(fn) else None
        if ann is not None and any(re.search(rf"\b{c}\b", str(ann)) for c in names):
            out.add(name)
    assert {"unit", "health", "position", "readiness", "conditions", "marker"} <= out, out
    return out


def _component_writes(nodes, readers: set[str]) -> list[int]:
    """Lines that write a field of a component: `match.health(u).hit = 0`, or `h = match.health(u); h.hit -= 1`."""
    def from_reader(expr) -> bool:
        return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in readers

    # a name that holds a component anywhere in the file (the module's scope holds every function's names)
    held = {t.id for node in nodes if isinstance(node, ast.Assign) and from_reader(node.value)
            for t in node.targets if isinstance(t, ast.Name)}
    bad = []
    for node in nodes:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for t in targets:
            for part in (t.elts if isinstance(t, ast.Tuple) else [t]):
                if isinstance(part, ast.Attribute) and (from_reader(part.value) or (
                        isinstance(part.value, ast.Name) and part.value.id in held)):
                    bad.append(node.lineno)
    return sorted(set(bad))


def test_no_module_outside_the_match_writes_a_component():
    """Components are the match's: outside game/match nothing writes one (nor touches the match's esper world;
    esper may be imported only by the match and, for a world of its own, the screen)."""
    readers = _component_readers()
    bad = []
    for f in _py_files(GAME):
        rel = f.relative_to(GAME).parts
        if rel[0] == "match":
            continue
        bad += [f"{f.relative_to(ROOT)}:{line} writes a component" for line in _component_writes(_nodes(f), readers)]
        mods = _imports(f)
        if "esper" in mods and rel[0] != "ui":
            bad.append(f"{f.relative_to(ROOT)} imports esper")
        if any(m.startswith("game.match.components") for m in mods):
            bad.append(f"{f.relative_to(ROOT)} imports the match's components")
    assert not bad, "\n".join(bad)


def test_the_component_check_finds_writes():
    """(The check above is not blind: it finds both shapes of a write.)"""
    readers = _component_readers()
    tree = ast.parse("def f(match, u):\n    match.health(u).hit = 0\n    h = match.readiness(u)\n    h.ready = False\n"
                     "    x = match.turn\n    x.y = 1\n")
    assert _component_writes(list(ast.walk(tree)), readers) == [2, 4]


def test_only_places_writes_a_position():
    """A place lives in one component, put there by game/match/places.py only (the table follows it there)."""
    bad = []
    for f in _py_files(GAME / "match"):
        if f.name == "places.py":
            continue
        for node in _nodes(f):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Position":
                bad.append(f"{f.relative_to(ROOT)}:{node.lineno} makes a Position")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("add_component", "remove_component", "try_remove_component") and \
                    any("Position" in ast.unparse(a) for a in node.args):
                bad.append(f"{f.relative_to(ROOT)}:{node.lineno} puts or takes a Position")
    assert not bad, "\n".join(bad)


def test_no_hand_written_list_of_state_fields():
    """Snapshots, saves and the state hash walk the world and the state record generically: no literal below the
    screen names three or more of the record's fields (as the old snapshot's list of 23 did). (The screen's words
    for kinds of log lines, 'turn', 'move', 'result', are not fields.)"""
    from dataclasses import fields

    from game.match.state import MatchState
    names = {f.name for f in fields(MatchState)} | {"_" + f.name for f in fields(MatchState)}
    bad = []
    for f in _py_files(GAME):
        if f.relative_to(GAME).parts[0] == "ui":
            continue
        for node in _nodes(f):
            items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else \
                node.keys if isinstance(node, ast.Dict) else []
            found = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
            if len(found) >= 3:
                bad.append(f"{f.relative_to(ROOT)}:{node.lineno}: {sorted(found)}")
    assert not bad, "a hand-written list of the match's state fields:\n" + "\n".join(bad)


# == the battle screen: a world of its own, drawn through its processors ==================================
UI = GAME / "ui"
VIEW = UI / "view"
# the match's questions that hand out what belongs to one unit or marker (its components, or read from them)
UNIT_READERS = {"unit", "health", "position", "readiness", "conditions", "marker", "marker_position", "marker_uid",
                "controller_of"}


def _calls(path: Path, names: set[str]) -> list[str]:
    tree = _tree(path)
    return [f"{path.name}:{n.lineno} {n.func.attr}()" for n in _nodes(path)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in names]


def _method(path: Path, cls: str, name: str) -> ast.FunctionDef:
    tree = _tree(path)
    c = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    return next(n for n in c.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _called(fn: ast.FunctionDef) -> set[str]:
    return {ast.unparse(n.func) for n in ast.walk(fn) if isinstance(n, ast.Call)}


def test_the_battle_screen_draws_the_table_through_its_view_worlds_process():
    """BattleScene.draw -> BattlePainter.draw -> TableView.draw -> the view world's process(dt, canvas): the table
    is one frame of the screen's own esper world, whose DrawProcessor draws every view entity."""
    assert "self.painter.draw" in _called(_method(UI / "battle" / "scene.py", "BattleScene", "draw"))
    painter = _called(_method(UI / "battle" / "painter.py", "BattlePainter", "draw"))
    assert "sc.table_view.draw" in painter
    beside = ("self.table.", "self.mission.", "self.previews.", "sc.renderer")
    assert not {c for c in painter if c.startswith(beside)}, "nothing of the table is drawn beside the view world"
    assert "w.process" in _called(_method(VIEW / "screen.py", "TableView", "draw"))
    assert "esper.process" in _called(_method(VIEW / "world.py", "ViewWorld", "process"))
    src = (VIEW / "processors.py").read_text(encoding="utf-8")
    assert "class DrawProcessor(esper.Processor)" in src and "class EventProcessor(esper.Processor)" in src


def test_only_the_view_world_draws_bases_and_animates():
    """On the battle screen bases are blitted, glides, shots, numbers and the dice tray made only by the view
    world's processors."""
    bad = []
    for f in _py_files(UI / "battle"):
        bad += _calls(f, {"unit_blits", "draw_unit", "draw_shot", "draw_tray"})
        if re.search(r"\bclass \w*Anim\b|\bMoveAnim\b", f.read_text(encoding="utf-8")):
            bad.append(f"{f.relative_to(ROOT)} keeps an animation of its own")
    assert not bad, "\n".join(bad)


def test_the_view_world_reads_the_match_in_one_place_and_its_esper_world_is_its_own():
    """In the view package only the reading (reading.py) asks the match about a unit or a marker; the view imports
    of the match only its typed events; in the screen only the view package uses esper (a world of its own); no
    painter of the battle screen asks the match about one unit or marker (they read the view's bases)."""
    bad = []
    for f in _py_files(VIEW):
        if f.name != "reading.py":
            bad += _calls(f, UNIT_READERS)
        bad += [f"{f.relative_to(ROOT)}: {line.strip()}" for line in f.read_text(encoding="utf-8").splitlines()
                if re.match(r"\s*(from|import) game\.match\b", line) and
                line.strip() != "from game.match import events as E"]
    for f in _py_files(UI):
        if not f.is_relative_to(VIEW) and "esper" in _imports(f):
            bad.append(f"{f.relative_to(ROOT)} imports esper")
    for f in [UI / "battle" / "painter.py", *sorted((UI / "battle").glob("draw_*.py"))]:
        bad += _calls(f, UNIT_READERS)
    assert not bad, "\n".join(bad)


def test_the_screen_checks_are_not_blind(tmp_path):
    f = tmp_path / "p.py"
    f.write_text("def draw(sc, m):\n    sc.renderer.unit_blits(1)\n    return m.health(3).hit\n", encoding="utf-8")
    assert len(_calls(f, {"unit_blits"})) == 1 and len(_calls(f, UNIT_READERS)) == 1
