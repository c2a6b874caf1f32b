"""What the player last picked on each mission setup form (squads, battlefield, names, seats...), kept in
saves/setup-picks.json so that a form is offered again as it was left, even after the window was closed.

    {"format": "ruinstars-setup-picks", "version": 1, "forms": {"setup_pvp": {"map_label": "Ruined City", ...}}}

Nothing in it is trusted: the file is read through jsonfile.read_versioned_json (size and nesting caps, finite
numbers), only plain values are kept (text, whole numbers, true/false, and lists and objects of them, small), and
each form takes a pick only when it is one of the choices it offers today (setup forms check their own). A file
that cannot be read gives no picks and is left as it is; it is rewritten, atomically, when a form is left.
"""
from __future__ import annotations

from pathlib import Path

from .jsonfile import read_versioned_json, write_json_atomic

FORMAT = "ruinstars-setup-picks"
VERSION = 1
FILE_NAME = "setup-picks.json"
MAX_BYTES = 64 * 1024
MAX_TEXT = 200
MAX_ITEMS = 32


class SetupPicksError(Exception):
    def __init__(self, path, problem: str) -> None:
        super().__init__(f"{Path(path).name}: {problem}")


def picks_path(folder: Path) -> Path:
    return Path(folder) / FILE_NAME


def _plain(value, depth: int = 0):
    """The value if it is a small plain one (text, whole number, true/false, lists and objects of them), else
    None: nothing else is ever offered to a form."""
    if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 2 ** 31):
        return value
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else None
    if depth >= 4:  # (a form's picks, a pick, a side's picks, a list in it)
        return None
    if isinstance(value, list) and len(value) <= MAX_ITEMS:
        items = [_plain(v, depth + 1) for v in value]
        return None if any(v is None for v in items) else items
    if isinstance(value, dict) and len(value) <= MAX_ITEMS and all(isinstance(k, str) for k in value):
        items = {k: _plain(v, depth + 1) for k, v in value.items()}
        return None if any(v is None for v in items.values()) else items
    return None


def load_picks(folder: Path) -> dict[str, dict]:
    """form name -> {pick: plain value}; {} when there is no file or it cannot be read."""
    path = picks_path(folder)
    if not path.exists():
        return {}
    try:
        data = read_versioned_json(path, FORMAT, VERSION, MAX_BYTES, "setup picks", SetupPicksError)
    except SetupPicksError:
        return {}
    forms = data.get("forms")
    out: dict[str, dict] = {}
    if isinstance(forms, dict):
        for name, picks in list(forms.items())[:MAX_ITEMS]:
            kept = _plain(picks, 1)
            if isinstance(name, str) and isinstance(kept, dict):
                out[name] = kept
    return out


def save_picks(folder: Path, forms: dict[str, dict]) -> None:
    """Write every form's picks (atomically); OSError when it cannot be written."""
    clean = {name: p for name, p in ((n, _plain(v, 1)) for n, v in forms.items()) if isinstance(p, dict)}
    write_json_atomic(picks_path(folder), {"format": FORMAT, "version": VERSION, "forms": clean})
