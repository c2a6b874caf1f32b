"""Helpers for breaking data files on purpose in tests."""
import json
from pathlib import Path


def edit(path: Path, change) -> None:
    """Load a JSON file, let change(data) mutate it, write it back."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def find(entries: list, entry_id: str) -> dict:
    return next(e for e in entries if e.get("id") == entry_id)
