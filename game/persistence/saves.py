"""Saves: scenario + seed + commands as versioned JSON in saves/, written atomically.

A save is rebuilt by replaying its commands; nothing in a save is ever executed, and nothing in it is trusted:
the file is read through jsonfile.read_json (size cap, nesting cap, finite numbers), every field of the header,
the scenario and every command is type-checked, the map must be a map in maps/, and replaying can only end in
a loaded match or a SaveError naming the file, the command and the problem. The file is left exactly as it was.

list_saves() lists broken files too (SaveInfo.problem says why), so a broken save never hides the good ones.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game import paths
from game.battlefield import MapError
from game.match import snapshot
from game.match.commands import CommandFormatError, command_from_dict, shown_value
from game.match.errors import IllegalCommand
from game.match.scenario import Scenario, ScenarioError
from game.paths import SAVES_DIR

from .jsonfile import (
    MAX_DEPTH,
    nesting_depth,
    paused_gc,
    read_versioned_json,
    remove_stale_temp_files,
    write_json_atomic,
)

FORMAT = "ruinstars-save"
VERSION = 3  # 3: the state hash walks the esper world and the match's state record; 2: the mission layer (typed
# events, markers, snapshots); version 1 saves are refused
OLDEST = 2  # the oldest version this game replays
HASHED_SINCE = 3  # saves before this hold a state hash (and snapshot) of an older definition: their log is replayed
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole First Mission is under 100 KB
MAX_COMMANDS = 100_000
MAX_SEED = 2 ** 63
MAX_TURN = 1000
AUTOSAVE = "autosave"
NOT_SAVES = frozenset({"settings.json"})  # other files of the game's that live in saves/

log = logging.getLogger(__name__)


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
    problem: str | None = None  # set: the file cannot be loaded, and this says why (for the player)

    @property
    def broken(self) -> bool:
        return self.problem is not None


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
    try:  # the state now, so that loading need not replay every command (the log stays the truth)
        snap = snapshot.capture(match, with_events=True)
        if nesting_depth(json.dumps(snap)) <= MAX_DEPTH - 4:
            data["snapshot"] = snap
    except snapshot.SnapshotError:
        log.warning("saving %s without a snapshot: the state could not be captured", path, exc_info=True)
    write_json_atomic(path, data, compact=True)
    return path


def _header(path: Path, data: dict, key: str, kinds, default):
    """A header field (label, turn, ...) of the right type, or SaveError."""
    v = data.get(key, default)
    if v is None and None in kinds:
        return v
    kinds = tuple(k for k in kinds if k is not None)
    if not isinstance(v, kinds) or isinstance(v, bool):
        what = "a whole number" if kinds == (int,) else "text"
        raise SaveError(path, f"'{key}' must be {what}, got {shown_value(v)}")
    if isinstance(v, str) and len(v) > 200:
        raise SaveError(path, f"'{key}' is too long ({len(v)} characters)")
    return v


def read_save(path: Path) -> tuple[Scenario, int, list, dict]:
    """Parse and check a save without changing it: (scenario, seed, commands, raw data). SaveError otherwise."""
    path = Path(path)
    data = read_versioned_json(path, FORMAT, VERSION, MAX_SAVE_BYTES, "save", SaveError)
    if data["version"] < OLDEST:
        raise SaveError(path, f"was made by an older version of the game (save version {data['version']}); this "
                              "version cannot replay it")
    for key, kinds in (("label", (str,)), ("mission", (str,)), ("saved_at", (str,)), ("result", (str, None)),
                       ("state_hash", (str, None))):
        _header(path, data, key, kinds, None if None in kinds else "")
    turn = _header(path, data, "turn", (int,), 0)
    if not 0 <= turn <= MAX_TURN:
        raise SaveError(path, f"'turn' must be between 0 and {MAX_TURN}, got {turn}")
    if "scenario" not in data:
        raise SaveError(path, "is missing 'scenario'")
    try:
        scenario = Scenario.from_dict(data["scenario"])
    except ScenarioError as e:
        raise SaveError(path, f"scenario: {e}") from None
    if scenario.map is not None and not (Path(paths.MAPS_DIR) / scenario.map).is_file():
        raise SaveError(path, f"is played on the map '{scenario.map}', which is not in maps/")
    if "seed" not in data:
        raise SaveError(path, "is missing 'seed'")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not -MAX_SEED < seed < MAX_SEED:
        raise SaveError(path, f"'seed' must be a whole number, got {shown_value(seed)}")
    if "commands" not in data:
        raise SaveError(path, "is missing 'commands'")
    raw = data["commands"]
    if not isinstance(raw, list):
        raise SaveError(path, "'commands' must be a list")
    if len(raw) > MAX_COMMANDS:
        raise SaveError(path, f"holds too many commands ({len(raw)}; the limit is {MAX_COMMANDS})")
    commands = []
    with paused_gc():
        for i, c in enumerate(raw):
            try:
                commands.append(command_from_dict(c))
            except CommandFormatError as e:
                where = f"command {i + 1} ({e.command})" if e.command else f"command {i + 1}"
                raise SaveError(path, f"{where}: {e.problem}") from None
    return scenario, seed, commands, data


def _check_squads(path: Path, scenario: Scenario, catalog) -> None:
    """Every squad in the scenario names units and gear this game knows."""
    for s in scenario.sides:
        if s.squad is None:
            continue
        where = f"side {shown_value(s.side)}"
        if s.squad.squad_type not in catalog.squad_types:
            raise SaveError(path, f"scenario: {where}: unknown squad type {shown_value(s.squad.squad_type)}")
        for i, u in enumerate(s.squad.units):
            if u.unit_type not in catalog.unit_types:
                raise SaveError(path, f"scenario: {where}, unit {i + 1}: unknown unit type {shown_value(u.unit_type)}")
            for g in u.gear:
                if g not in catalog.weapons and g not in catalog.skills:
                    raise SaveError(path, f"scenario: {where}, unit {i + 1}: unknown gear {shown_value(g)}")


def _close_quietly(match) -> None:
    try:
        match.close()
    except Exception:  # a match broken by a bad replay may not close cleanly; it is dropped either way
        log.warning("closing a match that failed to replay", exc_info=True)


def _restore_snapshot(path: Path, match, data: dict, commands: list) -> int:
    """Put the match in the state the save's snapshot holds, when it is one of this log's (the same number of
    commands) and restores to the saved state hash; returns the commands it covers (0: replay them all)."""
    snap = data.get("snapshot")
    n = len(commands)
    if data["version"] < HASHED_SINCE or not isinstance(snap, dict) or snap.get("commands") != n or snap.get("hash") != data.get("state_hash") or \
            snap.get("log_digest") != snapshot.log_digest(data["commands"]):
        return 0  # not the state of this very log: replay the log
    try:
        with paused_gc():
            snapshot.restore(match, snap, log=commands, rolls=snap.get("rolls"))
    except Exception:  # never trusted: a snapshot that does not restore exactly is ignored, the log replayed
        log.warning("save %s: its snapshot was ignored; replaying the commands", path, exc_info=True)
        return -1
    match.checkpoints = [{k: v for k, v in snap.items() if k not in ("event_list", "cards", "rolls")}]
    return n


def load_match(path: Path, catalog=None, prepare: bool = False):
    """Rebuild the saved match by replaying it. The only outcomes are a loaded match or SaveError naming the file
    (and the command, when replaying fails); the file is never modified.
    `prepare`: build the movement graph first (for a player about to see previews)."""
    from game.modes import create_match

    path = Path(path)
    scenario, seed, commands, data = read_save(path)
    try:
        if catalog is None:
            from game.content import load_catalog
            catalog = load_catalog()
        _check_squads(path, scenario, catalog)
        match = create_match(scenario, seed, catalog, prepare=prepare)
    except SaveError:
        raise
    except ScenarioError as e:
        raise SaveError(path, f"scenario: {e}") from None
    except MapError as e:
        raise SaveError(path, f"its map cannot be used: {e}") from None
    except Exception:  # a squad that no longer builds, or sides this mission does not have
        log.warning("save %s: setting up the mission failed", path, exc_info=True)
        raise SaveError(path, "the saved mission cannot be set up: its sides or squads are not ones this mission "
                              "can use; the save was probably edited or damaged") from None
    start = _restore_snapshot(path, match, data, commands)
    if start < 0:  # the snapshot left the match half restored: start again from the scenario
        _close_quietly(match)
        match = create_match(scenario, seed, catalog, prepare=prepare)
        start = 0
    for i, c in enumerate(commands[start:], start=start):
        try:
            match.submit(c)
        except IllegalCommand as e:
            _close_quietly(match)
            raise SaveError(path, f"command {i + 1} ({c.describe()}) is not legal on replay: {e}") from None
        except Exception:  # anything else from deep in the rules: still just a save that cannot be loaded
            log.warning("save %s: replaying command %d failed", path, i + 1, exc_info=True)
            _close_quietly(match)
            raise SaveError(path, f"command {i + 1} ({c.describe()}) cannot be replayed: the game could not carry "
                                  "it out; the save was probably edited or damaged") from None
    try:
        same = data["version"] < HASHED_SINCE or data.get("state_hash") in (None, "", match.state_hash())
    except Exception:
        log.warning("save %s: hashing the replayed match failed", path, exc_info=True)
        _close_quietly(match)
        raise SaveError(path, "the replayed battle cannot be checked against the save") from None
    if not same:
        _close_quietly(match)
        raise SaveError(path, "replaying it gives a different battle than was saved (state hash differs)")
    return match


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


_INFO_CACHE: dict[Path, tuple[tuple, SaveInfo]] = {}  # path -> ((mtime, size, inode), info): the title screen
# lists the saves each time it is shown; an unchanged file is not parsed again


def _info(path: Path) -> SaveInfo:
    try:
        st = path.stat()
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        key = None
    cached = _INFO_CACHE.get(path)
    if key is not None and cached is not None and cached[0] == key:
        return cached[1]
    info = _read_info(path)
    if key is not None:
        if len(_INFO_CACHE) > 500:
            _INFO_CACHE.clear()
        _INFO_CACHE[path] = (key, info)
    return info


def _read_info(path: Path) -> SaveInfo:
    try:
        scenario, _, _, data = read_save(path)
    except SaveError as e:
        return SaveInfo(path, _display(path.stem), "", 0, _mtime_iso(path), None, _display(e.problem, 300))
    except Exception:  # read_save names every problem it knows; anything else still lists the file
        log.warning("listing save %s failed", path, exc_info=True)
        return SaveInfo(path, _display(path.stem), "", 0, _mtime_iso(path), None, "cannot be read")
    result = data.get("result")
    return SaveInfo(path, _display(data.get("label") or path.stem), _display(data.get("mission") or scenario.mission),
                    data.get("turn", 0), _display(data.get("saved_at") or _mtime_iso(path), 40),
                    None if result is None else _display(result))


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder: the good ones newest first, then the broken ones by file name (their `problem`
    says why; loading one raises SaveError with the same words). Files are only read, never changed. Temporary
    files an interrupted write left behind (older than a minute) are removed from the folder and its rosters/."""
    folder = Path(folder or SAVES_DIR)
    out: list[SaveInfo] = []
    for f in (folder, folder / "rosters"):
        remove_stale_temp_files(f)
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return out
    for p in files:
        if p.name in NOT_SAVES:
            continue
        try:
            if p.is_dir():
                continue
        except OSError:
            pass
        out.append(_info(p))
    good = sorted((s for s in out if not s.broken), key=lambda s: (s.saved_at, s.path.name), reverse=True)
    return good + sorted((s for s in out if s.broken), key=lambda s: s.path.name)


def newest_loadable(infos: list[SaveInfo]) -> SaveInfo | None:
    """The save Continue opens: the newest one that is not broken."""
    return next((s for s in infos if not s.broken), None)
