"""Writing a save (the layout: save_format): at once (save_match) or in pieces over frames (save_stages, the battle
screen's autosave), written atomically (a temporary file renamed over the old one). The log's text already written
is kept with the match's histories, so a save after one more command encodes only what is new."""
from __future__ import annotations

import logging
import zlib
from datetime import datetime, timezone
from pathlib import Path

from game.match import codec, snapshot
from game.match.history import History
from game.stepwise import run_to_end

from .controller_states import encoded_states
from .jsonfile import MAX_DEPTH, nesting_steps, write_text_atomic
from .save_format import FORMAT, VERSION, dumps, log_text, save_path
from .save_reading import SavedCheckpoint

log = logging.getLogger(__name__)


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
    before = _before_last(match, n, start)  # the state one command before the end, when a snapshot of it is at hand
    recent_commands = yield from _encoded(match.log[start:], lambda c: c.to_dict())
    recent_events = yield from _encoded(match.events[start_events:], codec.encode_event)
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
        **({"controllers": kept} if (kept := encoded_states(match)) is not None else {}),
        "recent": {"from": start, "events_from": start_events,
                   "commands": recent_commands,
                   "rolls": list(match.rolls_per_command[start:]),
                   "events": recent_events},
    }
    snaps, checkpoint, before_text = {}, "null", "null"
    try:  # the state now, so that loading need not replay the log (the log stays the truth)
        taken = yield from snapshot.capture_stages(match)
        snaps["snapshot"] = yield from _checkpoint_text(taken)  # (its text kept: the next save may write it again)
        if isinstance(cp, SavedCheckpoint):  # (the one a loaded match was given: copied as the file held it)
            checkpoint = cp.text()
        elif cp is not None:
            checkpoint = yield from _checkpoint_text(cp)
        if before is not None:
            before_text = before[1] if isinstance(before[1], str) else (yield from _checkpoint_text(before[1]))
            head["recent"]["before_last"] = {"commands": n - 1, "events": before[0]}
    except codec.SnapshotError:
        log.warning("saving %s without a snapshot: the state could not be captured", path, exc_info=True)
        snaps, checkpoint, before_text = {}, "null", "null"
        head["recent"].pop("before_last", None)
    head["state_hash"] = taken["hash"] if snaps else match.state_hash()
    parts = [(yield from _array_text(match.log, start, lambda c: c.to_dict())),
             (yield from _array_text(match.rolls_per_command, start, lambda r: r)),
             (yield from _array_text(match.events, start_events, codec.encode_event)), checkpoint, before_text]
    try:
        text = yield from laid_out_stages(head, parts, snaps)
    except ValueError as e:  # (NaN, Infinity: never written, the reader would refuse them)
        raise OSError(f"{path.name} cannot be written: {e}") from None
    write_text_atomic(path, text)
    return path


def _before_last(match, n: int, start: int):
    """(events, the snapshot) of this match one command before its end, when one is at hand and the save's
    checkpoint is older: one of its checkpoints (a loaded match's end snapshot) or a snapshot captured of it lately
    (snapshot.captured_at: the battle screen saves after every command, so the end snapshot of the save before,
    whose text is kept). An undo right after loading the save restores it and replays nothing (a checkpoint up to 8
    commands back would be restored and up to 7 commands replayed on a table with nothing worked out yet). None
    otherwise."""
    if n < 1 or start >= n - 1:
        return None
    cp = next((c for c in reversed(match.checkpoints) if c["commands"] == n - 1), None) or \
        snapshot.captured_at(match, n - 1)
    if cp is None:
        return None
    return cp["events"], (cp.text() if isinstance(cp, SavedCheckpoint) else cp)


EACH = 32  # log entries encoded in one piece of a staged save
PIECE_CHARS = 6000  # characters of JSON text made in one piece


def _encoded(items, encode):
    """Generator: [encode(x) for x in items], yielding after every EACH."""
    out = []
    for at in range(0, len(items), EACH):
        out += [encode(x) for x in items[at:at + EACH]]
        yield
    return out


def _snapshot_text(data: dict):
    """Generator: the JSON text of a snapshot in a file, codec.with_cards(data) (the cards it names in full, found
    in its text), made a stretch at a time (a checkpoint kept packed holds that text already)."""
    text = data.text() if isinstance(data, snapshot.Packed) else "".join((yield from _pieces(data)))
    cards = codec.cards_text(codec.card_keys(text))
    yield
    return text[:-1] + ',"cards":' + cards + "}"


_CHECKPOINT_TEXTS: dict[int, tuple[dict, str]] = {}  # id(snapshot) -> (it, its text in a file): a checkpoint or a
# save's end snapshot never changes, so each save after it copies the text made the first time


def _checkpoint_text(cp: dict):
    """Generator: the text in a file (with its cards) of a checkpoint or a save's end snapshot, made once for each."""
    got = _CHECKPOINT_TEXTS.get(id(cp))
    if got is not None and got[0] is cp:
        return got[1]
    text = yield from _snapshot_text(cp)
    if len(_CHECKPOINT_TEXTS) >= 64:
        _CHECKPOINT_TEXTS.pop(next(iter(_CHECKPOINT_TEXTS)))
    _CHECKPOINT_TEXTS[id(cp)] = (cp, text)
    return text


def _pieces(o):
    """Generator: dumps(o) as pieces whose join is that text (a dict's or list's items apart, and the items of the
    dicts and lists among them), yielding after every PIECE_CHARS characters or so; returns the list of pieces."""
    out: list[str] = []
    top = _items_of(o)
    if top is None:
        return [dumps(o)]
    out.append(top[0])
    made = 0  # characters made since the last yield
    for prefix, v in top[1]:
        inner = _items_of(v)
        if inner is None:
            out.append(prefix + dumps(v))
            made += len(out[-1])
        else:
            out.append(prefix + inner[0])
            for prefix2, v2 in inner[1]:
                out.append(prefix2 + dumps(v2))
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
    """(opening, [(what goes before each item, the item)], closing) of a list or a dict with text keys (how dumps
    writes them), or None."""
    if isinstance(x, list):
        return "[", [("," if i else "", v) for i, v in enumerate(x)], "]"
    if isinstance(x, dict) and all(isinstance(k, str) for k in x):
        return "{", [(("," if i else "") + dumps(k) + ":", v) for i, (k, v) in enumerate(x.items())], "}"
    return None


def laid_out(head: dict, parts: list[str], snaps: dict | None = None) -> str:
    """A save's text: the head (given the log's checksum and where its parts lie), then the log, whose parts'
    JSON texts are `parts` (commands, rolls, events, then the snapshots read only for an undo: the one at the recent
    part's start and the one a command before the end; "null" for none, and a log without them has none).
    `snaps`: the snapshot for the head, left out when it nests too deeply for the reader."""
    return run_to_end(laid_out_stages(head, parts, snaps))


def laid_out_stages(head: dict, parts: list[str], snaps: dict | None = None):
    """Generator: laid_out's work in pieces (the snapshot's text a few entities at a time); returns the text."""
    older = log_text(parts)
    head = dict(head, log_parts=[len(p) for p in parts], log_crc=zlib.crc32(older.encode()))
    head_text = None
    if snaps:
        pieces = (yield from _pieces(head))[:-1]
        for k, v in snaps.items():  # (each a snapshot's text, or its data)
            pieces.append("," + dumps(k) + ":")
            pieces += [v] if isinstance(v, str) else (yield from _pieces(v))
        pieces.append("}")
        level = deepest = 0
        for at in range(0, len(pieces), EACH):
            level, deep = nesting_steps("".join(pieces[at:at + EACH]), level)
            deepest = max(deepest, deep)
            yield
        if deepest <= MAX_DEPTH - 3:
            head_text = "".join(pieces)
    if head_text is None:
        head_text = dumps(head)
    return '{"format":"%s","version":%d,"head_bytes":%d,"head":%s,"log":%s}' % (FORMAT, VERSION, len(head_text),
                                                                                 head_text, older)


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
        more += [dumps(encode(x)) for x in history[at:min(n, at + EACH)]]
        yield
    if more:
        text = text[:-1] + ("," if count else "") + ",".join(more) + "]"
    if isinstance(history, History):
        history.keep_text(n, text)
    return text
