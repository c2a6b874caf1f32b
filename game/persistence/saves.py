"""Saves: scenario + seed + commands as versioned JSON in saves/, written atomically.

A save is rebuilt by replaying its commands; nothing in a save is ever executed. A save that cannot be
read (broken JSON, unknown format, a newer version, a command the rules refuse) raises SaveError naming
the file and the problem, and the file is left exactly as it was.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game.match.commands import CommandFormatError, command_from_dict
from game.match.errors import IllegalCommand
from game.match.scenario import Scenario, ScenarioError
from game.paths import SAVES_DIR

from .jsonfile import read_versioned_json, write_json_atomic

FORMAT = "ruinstars-save"
VERSION = 1
MAX_SAVE_BYTES = 20 * 1024 * 1024
AUTOSAVE = "autosave"


class SaveError(Exception):
    def __init__(self, path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class SaveInfo:
    path: Path
    label: str
    mission: str
    turn: int
    saved_at: str
    result: str | None


def save_path(name: str, folder: Path | None = None) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "save"
    return (folder or SAVES_DIR) / f"{safe}.json"


def save_match(match, name: str, folder: Path | None = None, label: str | None = None) -> Path:
    """Write the match to saves/<name>.json atomically: a crash mid-write leaves the old file intact."""
    path = save_path(name, folder)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "label": label or name,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "mission": match.scenario.mission,
        "turn": match.turn,
        "result": None if match.result is None else match.result.outcome,
        "scenario": match.scenario.to_dict(),
        "seed": match.seed,
        "commands": [c.to_dict() for c in match.log],
        "state_hash": match.state_hash(),
    }
    write_json_atomic(path, data)
    return path


def read_save(path: Path) -> tuple[Scenario, int, list, dict]:
    """Parse and check a save without changing it: (scenario, seed, commands, raw data)."""
    path = Path(path)
    data = read_versioned_json(path, FORMAT, VERSION, MAX_SAVE_BYTES, "save", SaveError)
    try:
        scenario = Scenario.from_dict(data["scenario"])
        seed = data["seed"]
        if not isinstance(seed, int):
            raise SaveError(path, "seed must be a whole number")
        raw = data["commands"]
        if not isinstance(raw, list):
            raise SaveError(path, "commands must be a list")
        commands = []
        for i, c in enumerate(raw):
            try:
                commands.append(command_from_dict(c))
            except CommandFormatError as e:
                raise SaveError(path, f"command {i + 1}: {e}") from None
    except KeyError as e:
        raise SaveError(path, f"is missing {e.args[0]!r}") from None
    except ScenarioError as e:
        raise SaveError(path, f"scenario: {e}") from None
    return scenario, seed, commands, data


def load_match(path: Path, catalog=None, prepare: bool = False):
    """Rebuild the saved match by replaying it. Raises SaveError; the file is never modified.
    `prepare`: build the movement graph first (for a player about to see previews)."""
    from game.modes import create_match

    scenario, seed, commands, data = read_save(path)
    try:
        match = create_match(scenario, seed, catalog, prepare=prepare)
    except Exception as e:  # a map or squad that no longer loads
        raise SaveError(path, f"cannot set up the saved mission: {e}") from None
    for i, c in enumerate(commands):
        try:
            match.submit(c)
        except IllegalCommand as e:
            match.close()
            raise SaveError(path, f"command {i + 1} ({c.describe()}) is not legal on replay: {e}") from None
    expected = data.get("state_hash")
    if expected and expected != match.state_hash():
        match.close()
        raise SaveError(path, "replaying it gives a different battle than was saved (state hash differs)")
    return match


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Readable saves, newest first. Unreadable files are skipped here (loading them names the problem)."""
    folder = folder or SAVES_DIR
    out = []
    if not folder.exists():
        return out
    for p in folder.glob("*.json"):
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                continue
            out.append(SaveInfo(p, str(data.get("label", p.stem)), str(data.get("mission", "?")),
                                int(data.get("turn", 0)), str(data.get("saved_at", "")), data.get("result")))
        except (OSError, ValueError, TypeError, AttributeError):
            continue
    out.sort(key=lambda s: s.saved_at, reverse=True)
    return out
