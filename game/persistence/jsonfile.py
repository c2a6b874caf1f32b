"""Versioned JSON files of the game's own (saves, rosters): written atomically, read without trust."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def write_json_atomic(path: Path, data: dict) -> None:
    """Write to a temporary file beside `path`, then rename it over: a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_versioned_json(path: Path, fmt: str, version: int, max_bytes: int, what: str, error) -> dict:
    """The file's JSON object, checked for size, format and version. Problems raise error(path, problem)
    with words a player understands (`what`: "save", "roster"); the file is never changed."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise error(path, f"cannot be read ({e.strerror or e})") from None
    if size > max_bytes:
        raise error(path, f"is too large to be a {what} ({size} bytes)")
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as e:
        raise error(path, f"cannot be read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise error(path, "is not a text file") from None
    except json.JSONDecodeError as e:
        raise error(path, f"is damaged: not valid JSON (line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(path, f"is not a Ruinstars {what}")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool):
        raise error(path, "has no version number")
    if found > version:
        raise error(path, f"was made by a newer version of the game ({what} version {found}; this game reads "
                          f"up to {version})")
    if found < 1:
        raise error(path, f"has an unknown version number ({found})")
    return data
