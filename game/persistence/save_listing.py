"""The saves in a folder, for the title screen's lists: each file read and checked (save_reading) once while it is
unchanged, broken files listed too (SaveInfo.problem says why), so a broken save never hides the good ones."""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from game import paths

from .horde_scores import FILE_NAME as HORDE_SCORES
from .jsonfile import ListingCache, json_files, remove_stale_temp_files
from .save_format import SaveError
from .save_reading import read_checked
from .setup_picks import FILE_NAME as SETUP_PICKS

NOT_SAVES = frozenset({"settings.json", HORDE_SCORES, SETUP_PICKS})  # other files of the game's in saves/

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SaveInfo:
    path: Path
    label: str
    mission: str
    turn: int
    saved_at: str
    result: str | None
    problem: str | None = None  # set: the file cannot be loaded, and this says why (for the player)
    mtime_ns: int = 0  # when the file was written (saves made within one second: the later one is newer)
    title: str = ""  # the mission as players call it ("Secure the Zone"; the id when the game has none)
    outcome: str = ""  # the result as players read it ("Victory", "Opponent won"), "" while still being played

    @property
    def broken(self) -> bool:
        return self.problem is not None


def _display(text: str, limit: int = 80) -> str:
    """Text from a file made safe to show: printable, no lone surrogates, not too long."""
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _mtime_iso(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
    except (OSError, ValueError, OverflowError):
        return ""


_INFO = ListingCache()  # the title screen lists the saves each time it is shown; an unchanged file is not parsed
# again


def _info(path: Path) -> SaveInfo:
    return _INFO.get(path, _stamped_info)


def _stamped_info(path: Path) -> SaveInfo:
    info = _read_info(path)
    try:
        return replace(info, mtime_ns=path.stat().st_mtime_ns)
    except OSError:
        return info


def _read_info(path: Path) -> SaveInfo:
    try:
        saved = read_checked(path)
        scenario, data = saved.scenario, saved.data
    except SaveError as e:
        return SaveInfo(path, _display(path.stem), "", 0, _mtime_iso(path), None, _display(e.problem, 300))
    except Exception:  # read_save names every problem it knows; anything else still lists the file
        log.warning("listing save %s failed", path, exc_info=True)
        return SaveInfo(path, _display(path.stem), "", 0, _mtime_iso(path), None, "cannot be read")
    result = data.get("result")
    mission = _display(data.get("mission") or scenario.mission)
    return SaveInfo(path, _display(data.get("label") or path.stem), mission,
                    data.get("turn", 0), _display(data.get("saved_at") or _mtime_iso(path), 40),
                    None if result is None else _display(result), title=_title(mission),
                    outcome="" if result is None else _outcome(_display(result), scenario))


def _title(mission: str) -> str:
    from game.modes import ScenarioError, mission_entry
    try:
        return mission_entry(mission).title
    except ScenarioError:  # (a save of a mission this version does not know: its id, and loading says why)
        return mission


def _outcome(result: str, scenario) -> str:
    """A result in words: "Victory", "Defeat", "Draw", or the winning side by its name ("Opponent won")."""
    if result in ("victory", "defeat", "draw"):
        return result.capitalize()
    for s in scenario.sides:
        if s.side == result:
            return f"{_display(s.name or s.side.capitalize())} won"
    return result


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder: the good ones newest first, then the broken ones by file name (their `problem`
    says why; loading one raises SaveError with the same words). Files are only read, never changed. Temporary
    files an interrupted write left behind (older than a minute) are removed from the folder and its rosters/."""
    folder = Path(folder or paths.SAVES_DIR)
    remove_stale_temp_files(folder / "rosters")
    out = [_info(p) for p in json_files(folder) if p.name not in NOT_SAVES]
    good = sorted((s for s in out if not s.broken), key=lambda s: (s.saved_at, s.mtime_ns, s.path.name),
                  reverse=True)
    return good + sorted((s for s in out if s.broken), key=lambda s: s.path.name)


def newest_loadable(infos: list[SaveInfo]) -> SaveInfo | None:
    """The save Continue opens: the newest one of a battle still being played (neither broken nor finished)."""
    return next((s for s in infos if not s.broken and s.result is None), None)
