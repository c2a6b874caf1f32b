"""Snapshots of a match's state: checkpoints for undo, and the fast path of loading a save.

The log stays the truth (a match is scenario + seed + commands); a snapshot is that log's state after its
first n commands, captured so that undo and load replay only what comes after the nearest one. Restoring a
snapshot rebuilds the esper world with the same entity ids and the match's state record (state.py: the Turn,
the activation, the step queue, the dice with their generator's state, the doors...), both walked generically,
then lets the table follow them; the state hash of the result is checked against the one captured with it.

Everything is encoded as plain JSON data (codec.py: dataclasses by their registered name, tuples, sets, dicts with
non-text keys tagged), so a snapshot can also travel in a save file: loading one never executes anything,
and a snapshot that does not decode, or decodes to another state hash, is ignored and the log is replayed.
Events, the command log and the rolls per command are append-only (history.py): a snapshot keeps only their
lengths and shares the lists; a save writes them beside its snapshots (game/persistence/save_writing.py).
"""
from __future__ import annotations

import hashlib
import itertools
import json
import sys
import weakref
import zlib
from collections.abc import Mapping

import esper

from game.stepwise import run_to_end

from .codec import SnapshotError, _field_names, _name, decode, decode_dice, encode, encode_dice, learn_cards, with_cards
from .history import History

MAX_ENTITIES = 200_000  # entities a match may have made (a long Horde run makes a few thousand)


# == capturing and restoring a match =========================================================================
def capture(match, for_file: bool = False) -> dict:
    """The match's state now, as plain data; the command log and the events only by their counts (they are
    append-only: a snapshot shares them with the match, and a save writes them beside it). `for_file`: with the
    unit cards in full (a snapshot in memory keeps them by digest)."""
    data = run_to_end(capture_stages(match))
    return with_cards(data) if for_file else data


class Captured(dict):
    """A snapshot as this program captured it (never one read from a file): restoring it needs no check of its hash,
    its data is the encoding of a match's state as it was."""

    __slots__ = ()


def capture_stages(match, each: int = 4):
    """Generator: capture's work in pieces, yielding after every `each` entities (encoded, and their part of the
    state hash's text) and after the record; returns what capture returns (cards by digest). The match must not
    change between the pieces: a caller that lets it change starts again (the autosave does)."""
    with match._in_world():
        ids = sorted(esper.get_entities())
    ents, world = [], []  # each component encoded once, for the snapshot and for its hash
    for at in range(0, len(ids), each):
        with match._in_world():
            for ent in ids[at:at + each]:
                comps = esper.components_for_entity(ent)
                encoded = [encode(c) for c in comps]
                ents.append([ent, encoded])
                world.append(_hash_text([ent, {type(c).__name__: e for c, e in zip(comps, encoded)}]))
        yield
    next_id = match.state.entities_made + 1  # past every entity made, deleted ones too (a token gone)
    state = encode(match.state, match.dice)
    yield
    # match.state_hash of match.state_record(world, state), its JSON text made a piece at a time (sorted keys:
    # dice, entities, state)
    digest = hashlib.sha256(('{"dice":%s,"entities":[' % _hash_text(match.dice.fingerprint())).encode())
    digest.update(",".join(world).encode())
    digest.update(('],"state":%s}' % _hash_text(state)).encode())
    data = Captured({
        "commands": len(match.log),
        "events": len(match.events),
        "dice": encode_dice(match.dice),
        "state": state,
        "entities": ents,
        "next_entity": next_id,
        "hash": digest.hexdigest(),
    })
    _remember(match, data)
    return data


# == checkpoints, kept packed ================================================================================
class KeptCheckpoint(Mapping):
    """A checkpoint as a match keeps it (match.checkpoints): the counts an undo or a save looks for at hand (`_head`),
    the rest read only when something needs it (`whole`), and its JSON text (`text`). Kept packed by this program
    (Packed) or read from a save (game/persistence/save_reading.SavedCheckpoint)."""

    __slots__ = ("_head",)

    def whole(self) -> dict:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError

    def __getitem__(self, key):
        return self._head[key] if key in self._head else self.whole()[key]

    def __iter__(self):
        return iter(self.whole())

    def __len__(self) -> int:
        return len(self.whole())


class Packed(KeptCheckpoint):
    """A checkpoint this program captured: its counts and state hash at hand, the rest its JSON text
    (the text a save writes of it, cards by digest) compressed: one object of some 6 KB instead of a thousand and
    more (a long match keeps hundreds of checkpoints: each full pass of the garbage collector would walk every one of
    their objects, and they held ten times the memory). Unpacking one takes about a millisecond. Only this program's
    own captures are packed, so restoring one does not check its hash again (Captured)."""

    __slots__ = ("_packed",)
    KEYS = ("commands", "events", "hash")  # read without unpacking (which checkpoint an undo or a save wants)

    def __init__(self, data: dict, text: str | None = None) -> None:
        """`data`: a capture; `text`: its JSON text, when made already (checkpoint_stages)."""
        self._head = {k: data[k] for k in self.KEYS}
        self._packed = zlib.compress((text if text is not None else _TEXT(data)).encode(), 1)

    def text(self) -> str:
        """Its JSON text (compact, keys in capture's order: the text a save writes of it, before its cards)."""
        return zlib.decompress(self._packed).decode()

    def whole(self) -> Captured:
        return Captured(json.loads(self.text()))

    def __repr__(self) -> str:
        return f"Packed(checkpoint at {self._head['commands']} commands, {len(self._packed)} bytes)"

    @property
    def size(self) -> int:
        """The bytes of what it holds (the bench prints the checkpoints' memory)."""
        return sys.getsizeof(self._packed) + sys.getsizeof(self._head)


_TEXT = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode  # (as a save writes JSON)


def checkpoint(match) -> Packed:
    """A checkpoint of the match now (capture, packed)."""
    return Packed(capture(match))


def checkpoint_stages(match, each: int = 4):
    """Generator: `checkpoint` in pieces (capture_stages', then its text a few entities a piece, then the packing);
    returns the checkpoint."""
    data = yield from capture_stages(match, each)
    ents = data["entities"]
    parts = []
    for at in range(0, len(ents), 4 * each):
        parts.append(",".join(map(_TEXT, ents[at:at + 4 * each])))
        yield
    fields = ",".join(_TEXT(k) + ":" + ("[" + ",".join(parts) + "]" if k == "entities" else _TEXT(v))
                      for k, v in data.items())
    yield
    return Packed(data, "{" + fields + "}")


# == where an undo starts ====================================================================================
RECENT_KEPT = 2  # the latest snapshots of a match kept beside its checkpoints (the battle screen's autosave captures
# one after every command: an undo right after it restores the one before and replays nothing)
_RECENT: dict[int, tuple] = {}  # id(match) -> (a weak reference to it, [its latest snapshots, oldest first])


def _recent(match, make: bool = False) -> list:
    got = _RECENT.get(id(match))
    if got is None or got[0]() is not match:
        if not make:
            return []
        while len(_RECENT) >= 16:
            _RECENT.pop(next(iter(_RECENT)))
        got = _RECENT[id(match)] = (weakref.ref(match), [])
    return got[1]


def _remember(match, data: dict) -> None:
    kept = _recent(match, make=True)
    kept[:] = [c for c in kept if c["commands"] < data["commands"]][-(RECENT_KEPT - 1):] + [data]


def kept_until(checkpoints: list, n: int) -> list:
    """The checkpoints at or before n commands, of a match's (oldest first, as a match keeps them): found from the
    end, so that an undo reads two or three of a long match's thousand and more."""
    i = len(checkpoints)
    while i and checkpoints[i - 1]["commands"] > n:
        i -= 1
    return checkpoints[:i]


def start_of_rewind(match, n: int, checkpoints: list) -> dict | None:
    """The snapshot a match of the first n commands of `match` is best restored from: the latest at or before n of
    `checkpoints` (the match's at or before n, oldest first: kept_until) and of the snapshots captured of it lately
    (its last saves); None: there is none, the log is replayed."""
    return max([*checkpoints[-1:], *(c for c in _recent(match) if c["commands"] <= n)], key=lambda c: c["commands"],
               default=None)


def captured_at(match, n: int) -> dict | None:
    """The snapshot of `match` at n commands captured lately (snapshots kept: RECENT_KEPT), or None."""
    return next((c for c in _recent(match) if c["commands"] == n), None)


def hand_on(old, new, n: int) -> None:
    """`new` holds the first n commands of `old`: the snapshots lately captured of `old` up to there are its too."""
    for c in _recent(old):
        if c["commands"] <= n:
            _remember(new, c)


_HASH_TEXT = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode  # (made once: json.dumps makes an
# encoder for every call that is not of its defaults)


def _hash_text(o) -> str:
    """A part of the state hash's text (Match.state_hash: sorted keys, no spaces)."""
    return _HASH_TEXT(o)


def peek_phase(data: dict):
    """The phase a snapshot's state record holds, read from its encoded form without decoding it (None: it does not
    say, or is damaged: restoring it will tell)."""
    from .state import MatchState
    state = data.get("state")
    names = _field_names(MatchState)
    if isinstance(state, dict) and state.get("#t") == _name(MatchState) and isinstance(state.get("v"), list) \
            and len(state["v"]) == len(names):
        return state["v"][names.index("phase")]
    return None


def _make_entities(ents: list, next_id: int) -> None:
    """The entities `ents` ([(id, components)], ids rising) in the current (new) world under the same ids, and the
    world's next id `next_id`, as in the match they were captured in (its deleted entities are not made and
    deleted again: a long Horde run has made hundreds)."""
    for ent, comps in ents:
        esper._entity_count = itertools.count(ent)  # (esper numbers a world's entities with this counter)
        if esper.create_entity(*comps) != ent:
            raise SnapshotError("the world does not number its entities as a snapshot needs")
    esper._entity_count = itertools.count(next_id)


def restore(match, data: dict, events=None, log=None, rolls=None) -> None:
    """Put a freshly built match (same scenario and seed, nothing submitted) into the captured state.
    `events`, `log`, `rolls`: the histories (or lists) the snapshot's counts refer to: the match it was captured in,
    or a save's; the restored match keeps their first entries as its own (without decoding a saved log)."""
    from .state import MatchState
    if isinstance(data, KeptCheckpoint):
        data = data.whole()
    try:
        learn_cards(data)
        dice = decode_dice(data["dice"])
        state = decode(data["state"], dice)  # (a record decodes checked against its annotations)
        if type(state) is not MatchState or state.dice is not dice:
            raise SnapshotError("the match's state record is damaged")
        ents, world = [], []  # the entities decoded, and as the state hash reads them (the data as read)
        for ent, comps in data["entities"]:
            decoded = [decode(c) for c in comps]
            named = {type(c).__name__: e for c, e in zip(decoded, comps)}
            if type(ent) is not int or len(named) != len(comps) or (ents and ent <= ents[-1][0]):
                raise SnapshotError("the entities are not listed as a snapshot lists them")
            ents.append((ent, decoded))
            world.append([ent, named])
        next_id = data["next_entity"]
        if type(next_id) is not int or not max((e for e, _ in ents), default=0) < next_id <= MAX_ENTITIES:
            raise SnapshotError("the entities are not numbered as a match numbers them")
        n_events, n_commands = data["events"], data["commands"]
        if type(n_events) is not int or type(n_commands) is not int:
            raise SnapshotError("the snapshot's counts are not whole numbers")
        kept = {}
        for name, seq, n in (("events", events, n_events), ("log", log, n_commands),
                             ("rolls_per_command", rolls, n_commands)):
            if seq is not None:
                if not 0 <= n <= len(seq):
                    raise SnapshotError(f"the snapshot holds more {name} than there are")
                kept[name] = seq.prefix(n) if isinstance(seq, History) else History(seq[:n])
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SnapshotError(f"the snapshot is damaged ({e})") from None
    match.new_world()
    with match._in_world():
        _make_entities(ents, next_id)
    match.state = state
    for name, history in kept.items():
        setattr(match, name, history)
    match.version += 1
    match._follow_all()
    # The state hash of what was restored, from the data as read: decode takes only what encode writes, so the
    # restored world and record encode to exactly this data (tests/match/test_state_record.py checks it).
    if type(data) is not Captured and match.state_hash(match.state_record(world, data["state"])) != data["hash"]:
        raise SnapshotError("the restored state differs from the one captured")
