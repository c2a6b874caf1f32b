"""Horde Mode's local high-score table: saves/horde-scores.json, versioned JSON written atomically.

    {"format": "ruinstars-horde-scores", "version": 1,
     "maps": {"horde-last-stand.tmx": [{"squad": "Interdictors", "waves_cleared": 7, "mp": 61,
                                        "bosses": ["Broodmind"], "units_lost": 1, "outcome": "defeat",
                                        "wave_reached": 8, "seed": 12, "when": "2026-03-12T20:14"}]}}

Each map keeps its best TOP runs: most waves cleared, then most MP earned, then fewest units lost, then the
earliest. A file that cannot be read (broken, another format, a newer version) raises HordeScoresError and is
never changed: a run is then not recorded, and the screen says why. No pygame here.
"""
from __future__ import annotations

import datetime
from pathlib import Path

from game.persistence.jsonfile import read_versioned_json, write_json_atomic

FORMAT = "ruinstars-horde-scores"
VERSION = 1
MAX_BYTES = 1024 * 1024
TOP = 10
FILE_NAME = "horde-scores.json"


class HordeScoresError(Exception):
    """The high-score file cannot be used; str() is "<file>: <problem>"."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{Path(path).name}: {problem}")


def scores_path(folder: Path | None = None) -> Path:
    if folder is not None:
        return Path(folder) / FILE_NAME
    from game import paths
    return Path(paths.SAVES_DIR) / FILE_NAME


def _entry(raw) -> dict | None:
    """A table row as stored, or None if it is not one (a hand-edited file: such rows are skipped)."""
    if not isinstance(raw, dict):
        return None
    try:
        row = {"squad": str(raw["squad"])[:60], "waves_cleared": int(raw["waves_cleared"]), "mp": int(raw["mp"]),
               "bosses": [str(b)[:40] for b in raw.get("bosses", [])][:3], "units_lost": int(raw.get("units_lost", 0)),
               "outcome": str(raw.get("outcome", ""))[:20], "wave_reached": int(raw.get("wave_reached", 0)),
               "seed": int(raw.get("seed", 0)), "when": str(raw.get("when", ""))[:20]}
    except (KeyError, TypeError, ValueError):
        return None
    return row


def _rank_key(row: dict):
    return (-row["waves_cleared"], -row["mp"], row["units_lost"], row["when"])


def load_scores(path: Path) -> dict[str, list[dict]]:
    """map file name -> its best runs, best first. A missing file is an empty table."""
    if not path.exists():
        return {}
    data = read_versioned_json(path, FORMAT, VERSION, MAX_BYTES, "high-score table", HordeScoresError)
    maps = data.get("maps")
    if not isinstance(maps, dict):
        raise HordeScoresError(path, "has no table of maps")
    out = {}
    for name, rows in maps.items():
        if isinstance(name, str) and isinstance(rows, list):
            good = [r for r in (_entry(x) for x in rows) if r is not None]
            out[name] = sorted(good, key=_rank_key)[:TOP]
    return out


def row_from_run(run: dict, when: str | None = None) -> dict:
    """A table row from a finished run's summary (game.modes.horde HordeMission.run_summary)."""
    when = when or datetime.datetime.now().replace(microsecond=0).isoformat(timespec="minutes")
    return {"squad": run["squad"], "waves_cleared": run["waves_cleared"], "mp": run["mp_earned"],
            "bosses": list(run["bosses_beaten"]), "units_lost": len(run["units_lost"]), "outcome": run["outcome"],
            "wave_reached": run["wave_reached"], "seed": run.get("seed", 0), "when": when}


def record_run(path: Path, map_name: str, row: dict) -> int | None:
    """Add a run to its map's table; returns its place (1 = best) or None if it did not make the top TOP.
    Raises HordeScoresError, leaving the file as it is, when the file cannot be read."""
    table = load_scores(path)
    rows = table.get(map_name, []) + [row]
    rows.sort(key=_rank_key)
    place = rows.index(row) + 1
    table[map_name] = rows[:TOP]
    write_json_atomic(path, {"format": FORMAT, "version": VERSION, "maps": table})
    return place if place <= TOP else None
