"""Rosters: saved squads, as versioned JSON in saves/rosters/<name>.json, written atomically.

    {"format": "ruinstars-roster", "version": 1, "name": "Strike team", "budget": 100,
     "squad": {"squad_type": "INT", "name": "Strike team",
               "units": [{"type": "INT-STRP", "name": "Toland Strak", "gear": ["INT-CK", "INT-LDR"]}]},
     "code": "RS1-..."}

The "squad" object is what is loaded; "code" is the same squad as a squad code (game.content.squad_code), kept
so a roster file can be shared as text. "budget" is the GP budget the squad was built for (100, or a co-op mini
squad's 50 / 34 / 25); it is optional and defaults to 100.

A roster that cannot be loaded (broken JSON, another format, a newer version, wrong types, unknown ids; read
through jsonfile.read_json with its size and nesting caps) raises RosterError("<file>: <problem>"), and the file
is never modified. list_rosters() skips files it cannot read, and removes stale temporary files of interrupted
writes.
No pygame here.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.persistence.jsonfile import json_files, read_versioned_json, write_json_atomic
from game.rules.model import Catalog, SquadSpec, UnitSpec

FORMAT = "ruinstars-roster"
VERSION = 1
MAX_ROSTER_BYTES = 1024 * 1024
DEFAULT_BUDGET = 100
MAX_UNITS = 40  # far above any legal squad (4-10 units); a file with more is damaged
MAX_TEXT = 200


class RosterError(Exception):
    """A roster file that cannot be used; str() is "<file>: <problem>"."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{Path(path).name}: {problem}")


@dataclass(frozen=True, slots=True)
class RosterInfo:
    path: Path
    name: str
    faction: str  # squad type slug, e.g. "interdictors" (the squad type id if the catalog does not know it)
    squad_type: str  # squad type id, e.g. "INT"
    gp: int
    units: int
    valid: bool
    budget: int = DEFAULT_BUDGET


def rosters_dir(folder: Path | None = None) -> Path:
    """The rosters folder: `folder` if given, else game.paths.SAVES_DIR / "rosters" (read at call time)."""
    if folder is not None:
        return Path(folder)
    from game import paths
    return Path(paths.SAVES_DIR) / "rosters"


def roster_path(name: str, folder: Path | None = None) -> Path:
    """The file a roster of this name is saved to (letters, digits, - and _ kept; anything else becomes -)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip()).strip("-") or "roster"
    return rosters_dir(folder) / f"{safe[:80]}.json"


def squad_to_dict(spec: SquadSpec) -> dict:
    return {"squad_type": spec.squad_type, "name": spec.name,
            "units": [{"type": u.unit_type, "name": u.name, "gear": list(u.gear)} for u in spec.units]}


def squad_from_dict(data: object) -> SquadSpec:
    """A SquadSpec from the "squad" object of a roster; ValueError names what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("the squad must be an object")
    st = data.get("squad_type")
    if not isinstance(st, str) or not st:
        raise ValueError("the squad has no squad type")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise ValueError("the squad name must be text")
    if len(st) > MAX_TEXT or len(name) > MAX_TEXT:
        raise ValueError(f"the squad's names must be at most {MAX_TEXT} characters")
    units = data.get("units")
    if not isinstance(units, list):
        raise ValueError("the squad's units must be a list")
    if len(units) > MAX_UNITS:
        raise ValueError(f"the squad has too many units ({len(units)}; a squad has at most {MAX_UNITS})")
    out = []
    for i, u in enumerate(units):
        if not isinstance(u, dict):
            raise ValueError(f"unit {i + 1} must be an object")
        ut = u.get("type")
        if not isinstance(ut, str) or not ut:
            raise ValueError(f"unit {i + 1} has no unit type")
        un = u.get("name", "")
        if not isinstance(un, str):
            raise ValueError(f"unit {i + 1}: the name must be text")
        if len(ut) > MAX_TEXT or len(un) > MAX_TEXT:
            raise ValueError(f"unit {i + 1}: names must be at most {MAX_TEXT} characters")
        gear = u.get("gear", [])
        if not isinstance(gear, list) or len(gear) > MAX_UNITS or not all(
                isinstance(g, str) and len(g) <= MAX_TEXT for g in gear):
            raise ValueError(f"unit {i + 1}: gear must be a list of ids")
        out.append(UnitSpec(ut, un, tuple(gear)))
    return SquadSpec(st, name, tuple(out))


def save_roster(spec: SquadSpec, name: str, folder: Path | None = None, *, budget: int = DEFAULT_BUDGET) -> Path:
    """Write the squad to <rosters folder>/<name>.json atomically (a crash mid-write keeps the old file)."""
    from game.content.squad_code import encode
    path = roster_path(name, folder)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "name": name.strip() or spec.name or path.stem,
        "budget": int(budget),
        "squad": squad_to_dict(spec),
        "code": encode(spec),
    }
    write_json_atomic(path, data)
    return path


def _read(path: Path) -> dict:
    """The roster's JSON object, checked for format and version; RosterError otherwise."""
    return read_versioned_json(path, FORMAT, VERSION, MAX_ROSTER_BYTES, "roster", RosterError)


def _check_ids(path: Path, spec: SquadSpec, catalog: Catalog) -> None:
    if spec.squad_type not in catalog.squad_types:
        raise RosterError(path, f"names an unknown squad type '{spec.squad_type}'")
    for i, u in enumerate(spec.units):
        if u.unit_type not in catalog.unit_types:
            raise RosterError(path, f"unit {i + 1} has an unknown unit type '{u.unit_type}'")
        for g in u.gear:
            if g not in catalog.weapons and g not in catalog.skills:
                raise RosterError(path, f"unit {i + 1} ({u.name or u.unit_type}) carries unknown gear '{g}'")


def read_roster(path: Path, catalog: Catalog) -> tuple[SquadSpec, dict]:
    """(squad, raw data) of a roster file; RosterError for anything wrong. The file is never modified."""
    path = Path(path)
    data = _read(path)
    if "squad" not in data:
        raise RosterError(path, "has no squad in it")
    try:
        spec = squad_from_dict(data["squad"])
    except ValueError as e:
        raise RosterError(path, str(e)) from None
    _check_ids(path, spec, catalog)
    return spec, data


def load_roster(path: Path, catalog: Catalog) -> SquadSpec:
    """The squad saved in a roster file. Raises RosterError("<file>: <problem>"); the file is left as it was.

    Loading does not apply the squad-building rules (a roster may hold a squad still being built); call
    game.rules.squad.validate_squad for that.
    """
    return read_roster(path, catalog)[0]


def roster_budget(data: dict) -> int:
    b = data.get("budget", DEFAULT_BUDGET)
    return b if isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 1000 else DEFAULT_BUDGET


def list_rosters(folder: Path | None = None, catalog: Catalog | None = None) -> list[RosterInfo]:
    """Readable rosters in the folder, by name. Files that cannot be read are skipped (opening one names the
    problem). `valid` tells whether the squad passes the squad-building rules for its budget."""
    from game.rules.squad import MINI_MIN_UNITS, STANDARD_BUDGET, squad_gp, validate_squad
    folder = rosters_dir(folder)
    if catalog is None:
        from game.content import load_catalog
        catalog = load_catalog()
    out: list[RosterInfo] = []
    for p in json_files(folder):
        if not p.is_file():
            continue
        try:
            spec, data = read_roster(p, catalog)
            budget = roster_budget(data)
            if budget >= STANDARD_BUDGET:
                reasons = validate_squad(catalog, spec, budget)
            else:
                reasons = validate_squad(catalog, spec, budget, min_units=MINI_MIN_UNITS, leaders=(0, 1))
            st = catalog.squad_types[spec.squad_type]
            name = data.get("name")
            name = name if isinstance(name, str) and name and len(name) <= MAX_TEXT else p.stem
            out.append(RosterInfo(p, name, st.slug, st.id,
                                  squad_gp(catalog, spec), len(spec.units), not reasons, budget))
        except (RosterError, ValueError, TypeError, KeyError, AttributeError):
            continue
    out.sort(key=lambda r: (r.name.lower(), r.path.name))
    return out


def delete_roster(path: Path) -> None:
    """Delete a roster file (a file already gone is not an error); RosterError if it cannot be deleted."""
    path = Path(path)
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise RosterError(path, f"cannot be deleted ({e.strerror or e})") from None
