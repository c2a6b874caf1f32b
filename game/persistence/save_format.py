"""The save file's layout, shared by its writer (save_writing) and its reader (save_reading).

A save is scenario + seed + commands as versioned JSON in saves/; nothing in a save is ever executed, and nothing in
it is trusted. Loading takes the same time whatever the log's length. A save of this version is one JSON object laid
out as

    {"format":"ruinstars-save","version":4,"head_bytes":N,"head":{...},"log":{"commands":[...],"rolls":[...],
     "events":[...],"checkpoint":{...},"before_last":{...}}}

The head (its length in bytes is N) holds the header, the state at the end (a snapshot, checked against the
state hash), the commands, dice and events after the last checkpoint before the end (`recent`), a checksum
of the log's text and, when computer players play the match, what each carries between decisions (`controllers`:
controller_states.py; a save without it loads with those players afresh). The log holds the older commands, dice and events, the snapshot at that checkpoint and, when
the match was saved after the command before too (the battle screen saves after every command), that save's end
snapshot (an undo right after loading restores it and replays nothing; the next undo starts at the checkpoint);
loading reads and checks the head only, and the log's entries (and the snapshots) are checked and decoded when
something first reads them (a replay, an undo: game/match/history.py, save_reading.SavedCheckpoint). A file laid out otherwise (edited by hand, a save of version 2 or 3), or whose log
does not match its checksum, is read whole and checked entry by entry, and its log is replayed when its snapshot
cannot be used.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from game import paths

FORMAT = "ruinstars-save"
VERSION = 4  # 4: units that left the world are records in the state (the state hash changed); 3: the state hash
# walks the esper world and the match's state record, the save has a head and a log; 2: the mission layer (typed
# events, markers, snapshots); version 1 saves are refused
OLDEST = 2  # the oldest version this game replays
HEAD_SINCE = 3  # saves from this version on are laid out as a head and a log
HASHED_SINCE = 4  # saves before this hold a state hash (and snapshot) of an older definition: their log is replayed
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole First Mission is under 100 KB
MAX_COMMANDS = 100_000
MAX_SEED = 2 ** 63
MAX_TURN = 1000
AUTOSAVE = "autosave"


class SaveError(Exception):
    def __init__(self, path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem



def save_path(name: str, folder: Path | None = None) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "save"
    return (folder or paths.SAVES_DIR) / f"{safe}.json"


_DUMPS = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode  # (made once, not for every call)


def dumps(o) -> str:
    """The JSON text of a save's parts: compact, and no NaN or Infinity (the reader would refuse them)."""
    return _DUMPS(o)


# the layout save_match writes: the head's length comes first, so the head is found without reading the log
LAID_OUT = re.compile(rb'\{"format":"ruinstars-save","version":(\d{1,4}),"head_bytes":(\d{1,9}),"head":')
LOG_START = b',"log":'


# the log's parts: the older commands, dice and events, the snapshot at the recent part's start, and the one a
# command before the end (a save may hold the first three only, or the first four)
LOG_KEYS = (b'{"commands":', b',"rolls":', b',"events":', b',"checkpoint":', b',"before_last":')
LOG_NAMES = ("commands", "rolls", "events", "checkpoint", "before_last")


def log_text(parts: list[str]) -> str:
    """The log's text: its parts under their names (the head keeps the length of each, `log_parts`)."""
    return "".join(k.decode() + p for k, p in zip(LOG_KEYS, parts)) + "}"


def log_spans(older: bytes, lengths) -> dict | None:
    """Where each list lies in the log's text, from the lengths the head gives (None: laid out otherwise)."""
    if not isinstance(lengths, list) or not 3 <= len(lengths) <= len(LOG_KEYS) or \
            not all(type(n) is int and n >= 0 for n in lengths):
        return None
    out, at = {}, 0
    for key, name, n in zip(LOG_KEYS, LOG_NAMES, lengths):
        if older[at:at + len(key)] != key:
            return None
        at += len(key)
        out[name] = (at, at + n)
        at += n
    return out if at == len(older) - 1 and older.endswith(b"}") else None
