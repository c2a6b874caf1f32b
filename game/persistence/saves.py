"""Saves: scenario + seed + commands as versioned JSON in saves/, written atomically.

A save is scenario + seed + commands; nothing in a save is ever executed, and nothing in it is trusted: the file
is read with jsonfile's checks (size cap, nesting cap, finite numbers), every field of the header, the scenario
and every command is type-checked, the map must be a map in maps/, and loading can only end in a loaded match
or a SaveError naming the file, the command and the problem. The file is left exactly as it was.

Loading takes the same time whatever the log's length. A save of this version is one JSON object laid out as

    {"format":"ruinstars-save","version":4,"head_bytes":N,"head":{...},"log":{"commands":[...],"rolls":[...],
     "events":[...],"checkpoint":{...}}}

The head (its length in bytes is N) holds the header, the state at the end (a snapshot, checked against the
state hash), the commands, dice and events after the last checkpoint before the end (`recent`), and a checksum
of the log's text. The log holds the older commands, dice and events and the snapshot at that checkpoint (an
undo after loading starts there); loading reads and checks the head only, and the log's entries (and the
checkpoint) are checked and decoded when something first reads them (a replay, an undo: game/match/history.py,
SavedCheckpoint). A file
laid out otherwise (edited by hand, a save of version 2 or 3), or whose log does not match its checksum, is read
whole and checked entry by entry, and its log is replayed when its snapshot cannot be used.

list_saves() lists broken files too (SaveInfo.problem says why), so a broken save never hides the good ones.
"""
from __future__ import annotations

import json
import logging
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from game import paths
from game.battlefield import MapError
from game.match import snapshot
from game.match.commands import CommandFormatError, command_from_dict, shown_value
from game.match.errors import IllegalCommand
from game.match.flow import DEPLOY, SETUP
from game.match.history import History, HistoryError
from game.match.scenario import Scenario, ScenarioError
from game.paths import SAVES_DIR
from game.stepwise import run_to_end

from .horde_scores import FILE_NAME as HORDE_SCORES
from .setup_picks import FILE_NAME as SETUP_PICKS
from .jsonfile import (
    MAX_DEPTH,
    ListingCache,
    nesting_depth,
    nesting_steps,
    parse_json,
    paused_gc,
    read_bytes,
    remove_stale_temp_files,
    write_text_atomic,
)

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
NOT_SAVES = frozenset({"settings.json", HORDE_SCORES, SETUP_PICKS})  # other files of the game's in saves/

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
    mtime_ns: int = 0  # when the file was written (saves made within one second: the later one is newer)

    @property
    def broken(self) -> bool:
        return self.problem is not None


def save_path(name: str, folder: Path | None = None) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "save"
    return (folder or SAVES_DIR) / f"{safe}.json"


def save_match(match, name: str, folder: Path | None = None, label: str | None = None) -> Path:
    """Write the match to saves/<name>.json atomically: a crash mid-write leaves the old file intact."""
    return run_to_end(save_stages(match, name, folder, label))


def save_stages(match, name: str, folder: Path | None = None, label: str | None = None):
    """Generator: save_match's work in pieces (it yields between them: encoding a few entities, a few cards, a few
    hundred entries of the log's new part, a stretch of the file's text), and the file written whole in the last one
    (a temporary file renamed over it). Returns the path. The match must not change between the pieces: a caller
    that lets it change drops the generator and begins again (the battle screen's autosave,
    game/ui/battle/autosave.py); run whole, it is save_match."""
    path = save_path(name, folder)
    n, n_events = len(match.log), len(match.events)
    # the split: the last checkpoint before the end (undo after loading starts from it), else the last command
    # alone is recent (whether it can be undone is read without the older log)
    cp = next((c for c in reversed(match.checkpoints) if c["commands"] < n), None)
    start, start_events = (cp["commands"], cp["events"]) if cp is not None else (max(0, n - 1), n_events)
    recent_commands = yield from _encoded(match.log[start:], lambda c: c.to_dict())
    recent_events = yield from _encoded(match.events[start_events:], snapshot.encode_event)
    head = {
        "label": label or name,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "mission": match.scenario.mission,
        "turn": match.turn,
        "result": None if match.result is None else match.result.outcome,
        "scenario": match.scenario.to_dict(),
        "seed": match.seed,
        "state_hash": None,
        "commands": n,
        "events": n_events,
        "recent": {"from": start, "events_from": start_events,
                   "commands": recent_commands,
                   "rolls": list(match.rolls_per_command[start:]),
                   "events": recent_events},
    }
    snaps, checkpoint = {}, "null"
    try:  # the state now, so that loading need not replay the log (the log stays the truth)
        taken = yield from snapshot.capture_stages(match)
        snaps["snapshot"] = yield from _with_cards(taken)
        if isinstance(cp, SavedCheckpoint):  # (the one a loaded match was given: copied as the file held it)
            checkpoint = cp.text()
        elif cp is not None:
            checkpoint = yield from _checkpoint_text(cp)
    except snapshot.SnapshotError:
        log.warning("saving %s without a snapshot: the state could not be captured", path, exc_info=True)
        snaps, checkpoint = {}, "null"
    head["state_hash"] = snaps["snapshot"]["hash"] if snaps else match.state_hash()
    parts = [(yield from _array_text(match.log, start, lambda c: c.to_dict())),
             (yield from _array_text(match.rolls_per_command, start, lambda r: r)),
             (yield from _array_text(match.events, start_events, snapshot.encode_event)), checkpoint]
    try:
        text = yield from laid_out_stages(head, parts, snaps)
    except ValueError as e:  # (NaN, Infinity: never written, the reader would refuse them)
        raise OSError(f"{path.name} cannot be written: {e}") from None
    write_text_atomic(path, text)
    return path


EACH = 32  # log entries encoded in one piece of a staged save
CARDS_EACH = 2  # entities whose cards are encoded in one piece (a card in full is large)
PIECE_CHARS = 6000  # characters of JSON text made in one piece


def _encoded(items, encode):
    """Generator: [encode(x) for x in items], yielding after every EACH."""
    out = []
    for at in range(0, len(items), EACH):
        out += [encode(x) for x in items[at:at + EACH]]
        yield
    return out


def _with_cards(data: dict):
    """Generator: snapshot.with_cards(data) a few entities at a time."""
    cards: dict = {}
    ents = data["entities"]
    for at in range(0, len(ents), CARDS_EACH):
        cards.update(snapshot.with_cards({"entities": ents[at:at + CARDS_EACH], "state": None})["cards"])
        yield
    cards.update(snapshot.with_cards({"entities": [], "state": data["state"]})["cards"])
    yield
    return {**data, "cards": {k: cards[k] for k in sorted(cards)}}


_CHECKPOINT_TEXTS: dict[int, tuple[dict, str]] = {}  # id(checkpoint) -> (it, its text in a file): a checkpoint never
# changes, so each save after it copies the text made the first time


def _checkpoint_text(cp: dict):
    """Generator: the checkpoint's text in a file (with its cards), made once per checkpoint."""
    got = _CHECKPOINT_TEXTS.get(id(cp))
    if got is not None and got[0] is cp:
        return got[1]
    data = yield from _with_cards(cp)
    text = "".join((yield from _pieces(data)))
    if len(_CHECKPOINT_TEXTS) >= 64:
        _CHECKPOINT_TEXTS.pop(next(iter(_CHECKPOINT_TEXTS)))
    _CHECKPOINT_TEXTS[id(cp)] = (cp, text)
    return text


def _pieces(o):
    """Generator: _dumps(o) as pieces whose join is that text (a dict's or list's items apart, and the items of the
    dicts and lists among them), yielding after every PIECE_CHARS characters or so; returns the list of pieces."""
    out: list[str] = []
    top = _items_of(o)
    if top is None:
        return [_dumps(o)]
    out.append(top[0])
    made = 0  # characters made since the last yield
    for prefix, v in top[1]:
        inner = _items_of(v)
        if inner is None:
            out.append(prefix + _dumps(v))
            made += len(out[-1])
        else:
            out.append(prefix + inner[0])
            for prefix2, v2 in inner[1]:
                out.append(prefix2 + _dumps(v2))
                made += len(out[-1])
                if made >= PIECE_CHARS:
                    made = 0
                    yield
            out.append(inner[2])
        if made >= PIECE_CHARS:
            made = 0
            yield
    out.append(top[2])
    return out


def _items_of(x):
    """(opening, [(what goes before each item, the item)], closing) of a list or a dict with text keys (how _dumps
    writes them), or None."""
    if isinstance(x, list):
        return "[", [("," if i else "", v) for i, v in enumerate(x)], "]"
    if isinstance(x, dict) and all(isinstance(k, str) for k in x):
        return "{", [(("," if i else "") + _dumps(k) + ":", v) for i, (k, v) in enumerate(x.items())], "}"
    return None


def laid_out(head: dict, parts: list[str], snaps: dict | None = None) -> str:
    """A save's text: the head (given the log's checksum and where its parts lie), then the log, whose parts'
    JSON texts are `parts` (commands, rolls, events, and the snapshot at the recent part's start, read only for an
    undo: "null" for none; a log without it has none). `snaps`: the snapshot for the head, left out when it
    nests too deeply for the reader."""
    return run_to_end(laid_out_stages(head, parts, snaps))


def laid_out_stages(head: dict, parts: list[str], snaps: dict | None = None):
    """Generator: laid_out's work in pieces (the snapshot's text a few entities at a time); returns the text."""
    older = _older_text(parts)
    head = dict(head, log_parts=[len(p) for p in parts], log_crc=zlib.crc32(older.encode()))
    head_text = None
    if snaps:
        pieces = (yield from _pieces(head))[:-1]
        for k, v in snaps.items():
            pieces.append("," + _dumps(k) + ":")
            pieces += yield from _pieces(v)
        pieces.append("}")
        level = deepest = 0
        for at in range(0, len(pieces), EACH):
            level, deep = nesting_steps("".join(pieces[at:at + EACH]), level)
            deepest = max(deepest, deep)
            yield
        if deepest <= MAX_DEPTH - 3:
            head_text = "".join(pieces)
    if head_text is None:
        head_text = _dumps(head)
    return '{"format":"%s","version":%d,"head_bytes":%d,"head":%s,"log":%s}' % (FORMAT, VERSION, len(head_text),
                                                                                 head_text, older)


def _dumps(o) -> str:
    return json.dumps(o, separators=(",", ":"), allow_nan=False)


def _array_text(history, n: int, encode):
    """Generator (yielding after every EACH entries it encodes): the JSON text of the first n entries of a match's
    history. The text written last time is kept with the
    history (its entries never change) and a loaded match's older entries, still undecoded, are copied as the file
    held them: a save encodes only the entries since, so an autosave after each command costs the same whatever
    the log's length."""
    count, text = 0, "[]"
    if isinstance(history, History):
        kept = history.kept_text()
        raw = history.undecoded() if kept is None else None
        if raw is not None:
            (older, name), c = raw
            kept = (c, older.text(name).decode())
        if kept is not None and kept[0] <= n:
            count, text = kept
    more = []
    for at in range(count, n, EACH):
        more += [_dumps(encode(x)) for x in history[at:min(n, at + EACH)]]
        yield
    if more:
        text = text[:-1] + ("," if count else "") + ",".join(more) + "]"
    if isinstance(history, History):
        history.keep_text(n, text)
    return text


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


# the layout save_match writes: the head's length comes first, so the head is found without reading the log
_LAID_OUT = re.compile(rb'\{"format":"ruinstars-save","version":(\d{1,4}),"head_bytes":(\d{1,9}),"head":')
_LOG_START = b',"log":'


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

    def checkpoint(self, commands: int, events: int) -> "SavedCheckpoint | None":
        """The snapshot the log holds at the recent part's start, unread (None: it holds none)."""
        if self._text is None:
            data = self._parsed.get("checkpoint")
            return None if not isinstance(data, dict) else SavedCheckpoint(self.path, commands, events, data=data)
        if "checkpoint" not in self._spans or self.text("checkpoint") == b"null":
            return None
        return SavedCheckpoint(self.path, commands, events, raw=self.text("checkpoint"))


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
                return snapshot.decode_events(self._list(name))
        except SaveError as e:
            raise HistoryError(e.problem, self.path) from None


class SavedCheckpoint(Mapping):
    """A save's checkpoint as a match keeps it (match.checkpoints): its counts known from the head, the snapshot
    itself read and checked only when an undo (or a save) needs it. A damaged one raises SnapshotError then: the
    undo replays the log instead."""

    def __init__(self, path: Path, commands: int, events: int, raw: bytes | None = None, data: dict | None = None):
        self.path, self._counts, self._raw, self._data = path, {"commands": commands, "events": events}, raw, data

    def _read(self) -> dict:
        if self._data is None:
            try:
                data = parse_json(self._raw, self.path, SaveError)
            except SaveError as e:
                raise snapshot.SnapshotError(f"the saved checkpoint {e.problem}") from None
            if not isinstance(data, dict) or any(data.get(k) != n for k, n in self._counts.items()):
                raise snapshot.SnapshotError("the saved checkpoint is not the one its head names")
            self._data = data
        return self._data

    def __getitem__(self, key):
        return self._counts[key] if key in self._counts else self._read()[key]

    def __iter__(self):
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def text(self) -> str:
        """Its JSON text as the file held it (a save of the loaded match copies it)."""
        return self._raw.decode() if self._raw is not None else _dumps(self._read())


@dataclass
class _Saved:
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


def _read(path: Path) -> _Saved:
    """Read and check a save (SaveError otherwise): the head only when the file is laid out as the game writes
    it and its log matches its checksum; else the whole file, every entry checked."""
    raw = read_bytes(path, MAX_SAVE_BYTES, "save", SaveError)
    m = _LAID_OUT.match(raw)
    if m and int(m.group(1)) == VERSION:
        start = m.end()
        end = start + int(m.group(2))
        if raw[end:end + len(_LOG_START)] == _LOG_START and raw.endswith(b"}"):
            head = parse_json(raw[start:end], path, SaveError)
            older = raw[end + len(_LOG_START):-1]
            if isinstance(head, dict) and type(head.get("log_crc")) is int and zlib.crc32(older) == head["log_crc"]:
                spans = _spans(older, head.get("log_parts"))
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
    lists = {k: log_.get(k) for k in _LOG_NAMES}
    lists["checkpoint"] = lists["checkpoint"] if isinstance(lists["checkpoint"], dict) else None
    if not all(isinstance(lists[k], list) for k in _LOG_NAMES[:3]):
        raise SaveError(path, "'log' must hold the lists 'commands', 'rolls' and 'events'")
    same = found >= HASHED_SINCE and zlib.crc32(_dumps(log_).encode()) == head.get("log_crc")  # (else: replayed)
    return _checked(path, {"format": FORMAT, "version": found, **head}, _OlderLog(path, parsed=lists), same)


_LOG_KEYS = (b'{"commands":', b',"rolls":', b',"events":', b',"checkpoint":')
_LOG_NAMES = ("commands", "rolls", "events", "checkpoint")


def _older_text(parts: list[str]) -> str:
    """The log's text: its three lists under their names (the head keeps each list's length, `log_parts`)."""
    return "".join(k.decode() + p for k, p in zip(_LOG_KEYS, parts)) + "}"


def _spans(older: bytes, lengths) -> dict | None:
    """Where each list lies in the log's text, from the lengths the head gives (None: laid out otherwise)."""
    if not isinstance(lengths, list) or len(lengths) not in (3, 4) or \
            not all(type(n) is int and n >= 0 for n in lengths):
        return None
    out, at = {}, 0
    for key, name, n in zip(_LOG_KEYS, _LOG_NAMES, lengths):
        if older[at:at + len(key)] != key:
            return None
        at += len(key)
        out[name] = (at, at + n)
        at += n
    return out if at == len(older) - 1 and older.endswith(b"}") else None


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


def _checked(path: Path, data: dict, older: _OlderLog | None, log_ok: bool) -> _Saved:
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
            return _Saved(data, scenario, seed, History(_commands(path, raw)))
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
    if isinstance(data.get("snapshot"), dict):  # (the events may name the cards of units that left the world)
        try:
            snapshot.learn_cards(data["snapshot"])
        except snapshot.SnapshotError:
            pass  # (a damaged snapshot is not restored: the log is replayed)
    with paused_gc():
        commands = _commands(path, recent["commands"], start)
        rolls = _rolls(path, recent["rolls"], "recent")
        events = snapshot.decode_events(recent["events"])
    histories = [History(items, (older, name), count, older.decode) for items, name, count in
                 ((commands, "commands", start), (rolls, "rolls", start), (events, "events", start_events))]
    saved = _Saved(data, scenario, seed, *histories, log_ok=log_ok, older=older)
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
    saved = _read(Path(path))
    return saved.scenario, saved.seed, saved.commands, saved.data


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


def _restore_snapshot(path: Path, match, saved: _Saved) -> int | None:
    """Put the match in the state the save's snapshot holds, when it is the state of this very log (its counts,
    the log's checksum) and restores to the saved state hash; returns the commands it covers (None: not restored,
    replay them all; -1: the match was left half restored). The save's checkpoint becomes the match's, for an undo."""
    data = saved.data
    snap = data.get("snapshot")
    if not saved.log_ok or not isinstance(snap, dict) or snap.get("commands") != len(saved.commands) or \
            snap.get("events") != len(saved.events) or snap.get("hash") != data.get("state_hash"):
        return None  # not the state of this very log: replay the log
    try:
        with paused_gc():
            snapshot.restore(match, snap, events=saved.events, log=saved.commands, rolls=saved.rolls)
    except Exception:  # never trusted: a snapshot that does not restore exactly is ignored, the log replayed
        log.warning("save %s: its snapshot was ignored; replaying the commands", path, exc_info=True)
        return -1
    recent = data["recent"]
    cp = saved.older.checkpoint(recent["from"], recent["events_from"]) if saved.older is not None else None
    match.checkpoints = ([cp] if cp is not None else []) + [snap]  # (an undo restores one and replays what follows)
    return len(saved.commands)


def _snapshot_phase(saved: _Saved):
    """The phase the save's snapshot says its match is in, read without restoring it (None: not said). Only a
    shortcut: a snapshot saying "battle" is still restored and its restored phase checked."""
    snap = saved.data.get("snapshot")
    return snapshot.peek_phase(snap) if isinstance(snap, dict) else None


def _refuse_unplayable(path: Path, match) -> bool:
    """True once the setup's check was made (deployment open) and passed; SaveError (the match closed) when the
    setup would refuse this game; False while deployment has not begun."""
    from game.modes.playable import deployment_open, start_problem
    if not deployment_open(match):
        return False
    problem = start_problem(match)
    if problem:
        _close_quietly(match)
        raise SaveError(path, f"the setup would refuse this game: {problem}")
    return True


def load_match(path: Path, catalog=None, prepare: bool = False):
    """Rebuild the saved match: from its snapshot when it is the state of its log, else by replaying the log. The
    only outcomes are a loaded match or SaveError naming the file (and the command, when replaying fails); the
    file is never modified. `prepare`: build the movement graph first (for a player about to see previews)."""
    from game.modes import CHECKPOINT_EVERY, create_match

    path = Path(path)
    saved = _read(path)
    scenario, seed = saved.scenario, saved.seed
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
    # A save whose snapshot is past deployment is loaded from it and not searched for room to deploy (its units
    # stand on the table: the search cannot matter, and it is most of a load's time). Any other is replayed from
    # its scenario with the setup's own check made at the moment the setup makes it (deployment open): a save the
    # setup would refuse is refused.
    start = None if _snapshot_phase(saved) in (SETUP, DEPLOY) else _restore_snapshot(path, match, saved)
    if start is not None and (start < 0 or match.phase in (SETUP, DEPLOY)):  # half restored, or before the battle
        _close_quietly(match)
        match = create_match(scenario, seed, catalog, prepare=prepare)
        start = None
    checked = start is not None or _refuse_unplayable(path, match)
    start = start or 0
    if start == 0:
        match.checkpoint_every = max(match.checkpoint_every, CHECKPOINT_EVERY)  # (undo after loading stays short)
        try:
            commands = list(saved.commands)
        except HistoryError as e:
            _close_quietly(match)
            raise SaveError(path, e.problem) from None
        for i, c in enumerate(commands):
            if not checked:
                checked = _refuse_unplayable(path, match)
            try:
                match.submit(c)
            except IllegalCommand as e:
                _close_quietly(match)
                raise SaveError(path, f"command {i + 1} ({c.describe()}) is not legal on replay: {e}") from None
            except Exception:  # anything else from deep in the rules: still just a save that cannot be loaded
                log.warning("save %s: replaying command %d failed", path, i + 1, exc_info=True)
                _close_quietly(match)
                raise SaveError(path, f"command {i + 1} ({c.describe()}) cannot be replayed: the game could not "
                                      "carry it out; the save was probably edited or damaged") from None
    if start:  # restored: the snapshot's state hash, the save's, was checked against the restored match's
        return match
    try:
        same = saved.data["version"] < HASHED_SINCE or saved.data.get("state_hash") in (None, "", match.state_hash())
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
        saved = _read(path)
        scenario, data = saved.scenario, saved.data
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
    good = sorted((s for s in out if not s.broken), key=lambda s: (s.saved_at, s.mtime_ns, s.path.name),
                  reverse=True)
    return good + sorted((s for s in out if s.broken), key=lambda s: s.path.name)


def newest_loadable(infos: list[SaveInfo]) -> SaveInfo | None:
    """The save Continue opens: the newest one of a battle still being played (neither broken nor finished)."""
    return next((s for s in infos if not s.broken and s.result is None), None)
