"""Reading and checking a save (the layout: save_format) without changing it: the head only when the file is laid out
as the game writes it and its log matches its checksum, the older log and its checkpoint checked when first read;
anything else read whole and checked entry by entry. Every field of the header, the scenario and every command is
type-checked, and the map must be a map in maps/; a problem is a SaveError naming the file (and the command)."""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

from game import paths
from game.match import codec, snapshot
from game.match.commands import CommandFormatError, command_from_dict, shown_value
from game.match.history import History, HistoryError
from game.match.scenario import Scenario, ScenarioError

from .jsonfile import parse_json, paused_gc, read_bytes
from .save_format import (
    FORMAT,
    HASHED_SINCE,
    HEAD_SINCE,
    LAID_OUT,
    LOG_NAMES,
    LOG_START,
    MAX_COMMANDS,
    MAX_SAVE_BYTES,
    MAX_SEED,
    MAX_TURN,
    OLDEST,
    VERSION,
    SaveError,
    dumps,
    log_spans,
)


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


class _OlderLog:
    """The older part of a save's log as the file holds it: the text of its lists (commands, rolls, events),
    each checked and decoded when first read (a replay, an undo past the save's checkpoint)."""

    def __init__(self, path: Path, text: bytes | None = None, spans: dict | None = None,
                 parsed: dict | None = None) -> None:
        self.path = path
        self._text = text
        self._spans = spans or {}
        self._parsed = dict(parsed or {})

    def text(self, name: str) -> bytes:
        a, b = self._spans[name]
        return self._text[a:b]

    def checkpoint(self, commands: int, events: int, name: str = "checkpoint") -> "SavedCheckpoint | None":
        """A snapshot the log holds, unread (None: it holds none): the one at the recent part's start
        ("checkpoint") or the one a command before the end ("before_last")."""
        if self._text is None:
            data = self._parsed.get(name)
            return None if not isinstance(data, dict) else SavedCheckpoint(self.path, commands, events, data=data)
        if name not in self._spans or self.text(name) == b"null":
            return None
        return SavedCheckpoint(self.path, commands, events, raw=self.text(name))

    def _list(self, name: str) -> list:
        if name not in self._parsed:
            try:
                value = parse_json(self.text(name), self.path, SaveError)
            except SaveError as e:
                raise HistoryError(f"its saved log {e.problem}", self.path) from None
            if not isinstance(value, list):
                raise HistoryError(f"its saved log is damaged ('{name}' is not a list)", self.path)
            self._parsed[name] = value
        return self._parsed[name]

    def decode(self, raw, count: int) -> list:
        """History's decoder: raw is (this, the list's name); the list must hold `count` entries."""
        name = raw[1]
        try:
            with paused_gc():
                if len(self._list(name)) != count:
                    raise SaveError(self.path, f"its saved log is longer or shorter than the save says ({name}: "
                                               f"{len(self._list(name))}, not {count})")
                if name == "commands":
                    return _commands(self.path, self._list(name))
                if name == "rolls":
                    return _rolls(self.path, self._list(name), "log")
                return codec.decode_events(self._list(name))
        except SaveError as e:
            raise HistoryError(e.problem, self.path) from None


class SavedCheckpoint(snapshot.KeptCheckpoint):
    """A save's checkpoint as a match keeps it (match.checkpoints): its counts known from the head, the snapshot
    itself read and checked only when an undo (or a save) needs it. A damaged one raises SnapshotError then: the
    undo replays the log instead."""

    def __init__(self, path: Path, commands: int, events: int, raw: bytes | None = None, data: dict | None = None):
        self.path, self._head, self._raw, self._data = path, {"commands": commands, "events": events}, raw, data

    def whole(self) -> dict:
        if self._data is None:
            try:
                data = parse_json(self._raw, self.path, SaveError)
            except SaveError as e:
                raise codec.SnapshotError(f"the saved checkpoint {e.problem}") from None
            if not isinstance(data, dict) or any(data.get(k) != n for k, n in self._head.items()):
                raise codec.SnapshotError("the saved checkpoint is not the one its head names")
            self._data = data
        return self._data

    def text(self) -> str:
        """Its JSON text as the file held it (a save of the loaded match copies it)."""
        return self._raw.decode() if self._raw is not None else dumps(self.whole())


@dataclass
class Saved:
    """A save as read: its header (format, version and the head's fields), the scenario and seed, and its log as
    histories (commands, rolls, events; None for a version 2 save, whose log is replayed) with whether the log
    is the one its snapshots were taken with."""

    data: dict
    scenario: Scenario
    seed: int
    commands: History
    rolls: History | None = None
    events: History | None = None
    log_ok: bool = False
    older: _OlderLog | None = None  # the log as the file holds it (its checkpoint read when an undo needs it)


def read_checked(path: Path) -> Saved:
    """Read and check a save (SaveError otherwise): the head only when the file is laid out as the game writes
    it and its log matches its checksum; else the whole file, every entry checked."""
    raw = read_bytes(path, MAX_SAVE_BYTES, "save", SaveError)
    m = LAID_OUT.match(raw)
    if m and int(m.group(1)) == VERSION:
        start = m.end()
        end = start + int(m.group(2))
        if raw[end:end + len(LOG_START)] == LOG_START and raw.endswith(b"}"):
            head = parse_json(raw[start:end], path, SaveError)
            older = raw[end + len(LOG_START):-1]
            if isinstance(head, dict) and type(head.get("log_crc")) is int and zlib.crc32(older) == head["log_crc"]:
                spans = log_spans(older, head.get("log_parts"))
                if spans is not None:
                    return _checked(path, {"format": FORMAT, "version": VERSION, **head}, _OlderLog(path, older, spans),
                                    True)
    with paused_gc():  # anything else: the whole file, as any JSON file of the game's is read
        data = parse_json(raw, path, SaveError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, "is not a Ruinstars save")
    found = data.get("version")
    if type(found) is not int:
        raise SaveError(path, "has no version number")
    if found > VERSION:
        raise SaveError(path, f"was made by a newer version of the game (save version {found}; this game reads up "
                              f"to {VERSION})")
    if found < OLDEST:
        raise SaveError(path, f"was made by an older version of the game (save version {found}); this version "
                              "cannot replay it")
    if found < HEAD_SINCE:
        return _checked(path, data, None, False)
    head, log_ = data.get("head"), data.get("log")
    if not isinstance(head, dict) or not isinstance(log_, dict):
        raise SaveError(path, "is missing its 'head' or its 'log'")
    lists = {k: log_.get(k) for k in LOG_NAMES}
    for k in LOG_NAMES[3:]:  # (the snapshots)
        lists[k] = lists[k] if isinstance(lists[k], dict) else None
    if not all(isinstance(lists[k], list) for k in LOG_NAMES[:3]):
        raise SaveError(path, "'log' must hold the lists 'commands', 'rolls' and 'events'")
    same = found >= HASHED_SINCE and zlib.crc32(dumps(log_).encode()) == head.get("log_crc")  # (else: replayed)
    return _checked(path, {"format": FORMAT, "version": found, **head}, _OlderLog(path, parsed=lists), same)


def _commands(path: Path, raw: list, first: int = 0) -> list:
    """Commands from a save, each checked (SaveError names the command)."""
    out = []
    for i, c in enumerate(raw, start=first):
        try:
            out.append(command_from_dict(c))
        except CommandFormatError as e:
            where = f"command {i + 1} ({e.command})" if e.command else f"command {i + 1}"
            raise SaveError(path, f"{where}: {e.problem}") from None
    return out


def _rolls(path: Path, raw, where: str) -> list:
    if not isinstance(raw, list) or not all(type(r) is int and r >= 0 for r in raw):
        raise SaveError(path, f"'{where}' must list the dice each command rolled, as whole numbers")
    return raw


def _count(path: Path, data: dict, key: str, limit: int) -> int:
    v = _header(path, data, key, (int,), 0)
    if not 0 <= v <= limit:
        raise SaveError(path, f"'{key}' must be between 0 and {limit}, got {v}")
    return v


def _checked(path: Path, data: dict, older: _OlderLog | None, log_ok: bool) -> Saved:
    """The header's fields checked, and the log as histories (a version 2 save: its commands, checked)."""
    for key, kinds in (("label", (str,)), ("mission", (str,)), ("saved_at", (str,)), ("result", (str, None)),
                       ("state_hash", (str, None))):
        _header(path, data, key, kinds, None if None in kinds else "")
    _count(path, data, "turn", MAX_TURN)
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
    if older is None:  # version 2: the commands in the file, all of them checked now
        if "commands" not in data:
            raise SaveError(path, "is missing 'commands'")
        raw = data["commands"]
        if not isinstance(raw, list):
            raise SaveError(path, "'commands' must be a list")
        if len(raw) > MAX_COMMANDS:
            raise SaveError(path, f"holds too many commands ({len(raw)}; the limit is {MAX_COMMANDS})")
        with paused_gc():
            return Saved(data, scenario, seed, History(_commands(path, raw)))
    n = _count(path, data, "commands", MAX_COMMANDS)
    n_events = _count(path, data, "events", MAX_COMMANDS * 1000)
    recent = data.get("recent")
    if not isinstance(recent, dict) or not all(isinstance(recent.get(k), list) for k in ("commands", "rolls", "events")):
        raise SaveError(path, "'recent' must hold the lists 'commands', 'rolls' and 'events'")
    start = _count(path, recent, "from", n)
    start_events = _count(path, recent, "events_from", n_events)
    if start + len(recent["commands"]) != n or len(recent["rolls"]) != len(recent["commands"]) or \
            start_events + len(recent["events"]) != n_events:
        raise SaveError(path, "its log does not add up to the commands and events it says it holds")
    before = recent.get("before_last")  # (the counts of the snapshot a command before the end, when it holds one)
    if before is not None and (not isinstance(before, dict) or _count(path, before, "commands", n) != n - 1 or
                               not start_events <= _count(path, before, "events", n_events) <= n_events):
        raise SaveError(path, "'before_last' must give the commands (one fewer than the save's) and the events of "
                              "the snapshot a command before the end")
    if isinstance(data.get("snapshot"), dict):  # (the events may name the cards of units that left the world)
        try:
            codec.learn_cards(data["snapshot"])
        except codec.SnapshotError:
            pass  # (a damaged snapshot is not restored: the log is replayed)
    with paused_gc():
        commands = _commands(path, recent["commands"], start)
        rolls = _rolls(path, recent["rolls"], "recent")
        events = codec.decode_events(recent["events"])
    histories = [History(items, (older, name), count, older.decode) for items, name, count in
                 ((commands, "commands", start), (rolls, "rolls", start), (events, "events", start_events))]
    saved = Saved(data, scenario, seed, *histories, log_ok=log_ok, older=older)
    if older._text is None:  # read whole: the older entries are checked now too
        try:
            for h in histories:
                list(h)
        except HistoryError as e:
            raise SaveError(path, e.problem) from None
    return saved


def read_save(path: Path) -> tuple[Scenario, int, History, dict]:
    """Parse and check a save without changing it: (scenario, seed, commands, its header as data). SaveError
    otherwise. The commands of a save laid out as the game writes it are checked when first read."""
    saved = read_checked(Path(path))
    return saved.scenario, saved.seed, saved.commands, saved.data
