"""Snapshots of a match's state: checkpoints for undo, and the fast path of loading a save.

The log stays the truth (a match is scenario + seed + commands); a snapshot is that log's state after its
first n commands, captured so that undo and load replay only what comes after the nearest one. Restoring a
snapshot rebuilds the esper world with the same entity ids and the match's state record (state.py: the Turn,
the activation, the step queue, the dice with their generator's state, the doors...), both walked generically,
then lets the table follow them; the state hash of the result is checked against the one captured with it.

Everything is encoded as plain JSON data (dataclasses by their registered name, tuples, sets, dicts with
non-text keys tagged), so a snapshot can also travel in a save file: loading one never executes anything,
and a snapshot that does not decode, or decodes to another state hash, is ignored and the log is replayed.
Events, the command log and the rolls per command are append-only (history.py): a snapshot keeps only their
lengths and shares the lists; a save writes them beside its snapshots (game/persistence/save_writing.py).
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import operator
import random
import re
import types
import typing
import weakref
from dataclasses import fields, is_dataclass

import esper

from game.rules.dice import Dice, Die, ScriptedDice
from game.rules.model import UnitCard
from game.stepwise import run_to_end

from .history import History

MAX_DEPTH = 60
MAX_ENTITIES = 200_000  # entities a match may have made (a long Horde run makes a few thousand)


class SnapshotError(ValueError):
    pass


def _registry() -> dict[str, type]:
    """Every dataclass a match's state may hold, by name (decoding builds only these)."""
    import game.battlefield.model as bm
    import game.rules.actions as ra
    import game.rules.combat as rc
    import game.rules.dice as rd
    import game.rules.model as rmod
    import game.rules.records as rr

    from . import attacks, components, events, mission, movement, prompts, state
    out: dict[str, type] = {}
    for mod in (bm, ra, rc, rd, rmod, rr, attacks, components, events, mission, movement, prompts, state):
        for name in dir(mod):
            obj = getattr(mod, name)
            if isinstance(obj, type) and is_dataclass(obj) and obj.__module__ == mod.__name__:
                out[_name(obj)] = obj
    return out


def _name(cls: type) -> str:
    return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"


_TYPES: dict[str, type] | None = None


def record_types() -> dict[str, type]:
    global _TYPES
    if _TYPES is None:
        _TYPES = _registry()
    return _TYPES


_OWN_TAGS = (Die, UnitCard, Dice, ScriptedDice)  # encoded under tags of their own, never as records ("#t")


# == the codec ==============================================================================================
_SCALARS = frozenset((type(None), bool, int, str, float))  # written as they are (no encoder called for them)
_ENCODERS: dict = {}  # exact type -> its encoder (o, dice) -> data, worked out once per type (_encoder_for)


def encode(o, dice=None):
    """Plain JSON data for `o`. `dice`: the match's Dice, written as a reference where it appears inside."""
    t = type(o)
    if t in _SCALARS:
        return o
    f = _ENCODERS.get(t)
    if f is None:
        f = _ENCODERS[t] = _encoder_for(t)
    return f(o, dice)


def _encoder_for(t: type):
    """The encoder of values of exactly type `t`: the dice (a reference to the match's, or their state), a card
    by digest, a die in short, a record by its registered name and its fields in order, tuples, lists, sets
    (sorted), dicts (tagged when a key is not plain text)."""
    if issubclass(t, (bool, int, str, float)):
        return _as_is
    if issubclass(t, Dice):
        return _encode_dice_ref
    if issubclass(t, UnitCard):  # cards never change: kept once, by digest (see capture)
        return _encode_card_key
    if t is Die:  # the commonest record of all (every roll): its fields in order, defaults left off
        return _encode_die
    if is_dataclass(t) and t is not type:
        return _record_encoder(_name(t), _field_names(t))
    if issubclass(t, tuple):
        return _encode_tuple
    if issubclass(t, list):
        return _encode_list
    if issubclass(t, (set, frozenset)):
        return _encode_set
    if issubclass(t, dict):
        return _encode_dict
    return _cannot_keep


def _as_is(o, dice):
    return o


def _cannot_keep(o, dice):
    raise SnapshotError(f"cannot keep a {type(o).__name__} in a snapshot")


def _encode_dice_ref(o, dice):
    return {"#ref": "dice"} if o is dice else {"#dice": encode_dice(o)}


def _encode_card_key(o, dice):
    return {"#card": card_key(o)}


def _encode_die(o, dice):
    v = [o.natural, o.shift, o.rerolled, o.auto]
    while len(v) > 1 and not v[-1]:
        v.pop()
    return {"#d": v}


def _record_encoder(name: str, names: tuple):
    if not names:
        return lambda o, dice: {"#t": name, "v": []}
    get = operator.attrgetter(*names)
    if len(names) == 1:
        def one(o, dice):
            x = get(o)
            return {"#t": name, "v": [x if type(x) in _SCALARS else encode(x, dice)]}
        return one

    def record(o, dice):
        return {"#t": name, "v": [x if type(x) in _SCALARS else encode(x, dice) for x in get(o)]}
    return record


def _encode_tuple(o, dice):
    return {"#tup": [x if type(x) in _SCALARS else encode(x, dice) for x in o]}


def _encode_list(o, dice):
    return [x if type(x) in _SCALARS else encode(x, dice) for x in o]


def _encode_set(o, dice):
    return {"#set": sorted((encode(x, dice) for x in o), key=repr)}


def _encode_dict(o, dice):
    if all(isinstance(k, str) and not k.startswith("#") for k in o):
        return {k: x if type(x) in _SCALARS else encode(x, dice) for k, x in o.items()}
    return {"#kv": [[encode(k, dice), encode(x, dice)] for k, x in o.items()]}


def decode(d, dice=None, depth: int = 0):
    """The value `encode` made `d` from. Strict: only data in the form encode writes decodes (each tag alone in
    its object, sets in encode's order, no trailing defaults...), so that encoding the result gives `d` back
    exactly; a snapshot's state hash can then be checked on the data as read (restore)."""
    t = type(d)
    if t is str or t is int or t is float or t is bool or d is None:
        return d
    if depth > MAX_DEPTH:
        raise SnapshotError("nested too deep")
    if t is list:
        return [x if type(x) in _SCALARS else decode(x, dice, depth + 1) for x in d]
    if t is not dict:
        raise SnapshotError(f"unexpected {t.__name__}")
    if "#t" in d:
        rec = _DECODABLE.get(d["#t"]) if type(d["#t"]) is str else None
        if rec is None:
            rec = _decodable(d["#t"])
        v = d.get("v")
        if len(d) != 2 or type(v) is not list or len(v) != rec[1]:
            raise SnapshotError(f"unknown record {d.get('#t')!r}, or its fields do not match")
        return _record(rec[0], rec[2], v, dice, depth)
    if len(d) != 1:
        if any(k.startswith("#") for k in d):
            raise SnapshotError("a tagged value with more than its tag")
        return {k: x if type(x) in _SCALARS else decode(x, dice, depth + 1) for k, x in d.items()}
    (tag, v), = d.items()
    if tag == "#d":
        return _decode_die(v)
    if tag == "#tup":
        if type(v) is not list:
            raise SnapshotError("a tuple is not a list")
        return tuple([x if type(x) in _SCALARS else decode(x, dice, depth + 1) for x in v])
    if tag == "#set":
        if type(v) is not list or v != sorted(v, key=repr):
            raise SnapshotError("a set is not a sorted list")
        out = {_hashable(decode(x, dice, depth + 1)) for x in v}
        if len(out) != len(v):
            raise SnapshotError("a set holds an item twice")
        return out
    if tag == "#kv":
        if type(v) is not list or not all(type(kv) is list and len(kv) == 2 for kv in v):
            raise SnapshotError("a mapping is not a list of pairs")
        out = {_hashable(decode(k, dice, depth + 1)): decode(x, dice, depth + 1) for k, x in v}
        if len(out) != len(v) or all(type(k) is str and not k.startswith("#") for k in out):
            raise SnapshotError("a mapping holds a key twice, or is not one encode tags")
        return out
    if tag == "#card":
        card = _CARDS.get(v) if type(v) is str else None
        if card is None:
            raise SnapshotError("a unit card is missing")
        return card
    if tag == "#ref":
        if v != "dice" or dice is None:
            raise SnapshotError("unknown reference")
        return dice
    if tag == "#dice":
        out = decode_dice(v)
        if encode_dice(out) != v:
            raise SnapshotError("damaged dice")
        return out
    if tag.startswith("#"):
        raise SnapshotError(f"unknown tag {tag!r}")
    return {tag: decode(v, dice, depth + 1)}


_DECODABLE: dict[str, tuple] = {}  # record name -> (its class, its number of fields, their names)


def _decodable(name) -> tuple:
    """(class, number of fields, field names) of a record a snapshot may hold, by its registered name (SnapshotError:
    none, or one with a tag of its own)."""
    cls = record_types().get(name) if type(name) is str else None
    if cls is None or cls in _OWN_TAGS:
        raise SnapshotError(f"unknown record {name!r}, or its fields do not match")
    names = _field_names(cls)
    out = _DECODABLE[name] = (cls, len(names), names)
    return out


def _record(cls: type, names: tuple, values: list, dice, depth: int):
    """A record of class `cls` from its encoded field values, each checked against its annotation."""
    vals = [x if type(x) in _SCALARS else decode(x, dice, depth + 1) for x in values]
    checks, positional = _checks_in_order(cls)
    for k, x, ok in zip(names, vals, checks):
        if not ok(x):
            raise SnapshotError(f"{_name(cls)}.{k} has the wrong type")
    try:
        return cls(*vals) if positional else cls(**dict(zip(names, vals)))
    except TypeError as e:
        raise SnapshotError(f"{_name(cls)}: {e}") from None


def _decode_die(v) -> Die:
    """A Die from [natural, shift, rerolled, auto] (trailing defaults left off)."""
    if type(v) is not list or not 1 <= len(v) <= 4 or any(type(x) is not int for x in v[:2]) or \
            any(x is not True and x is not False for x in v[2:]) or (len(v) > 1 and not v[-1]):
        raise SnapshotError("a die is not [natural, shift, rerolled, auto]")
    return Die(*v)


_CHECKS: dict[type, dict] = {}


def _checks(cls: type) -> dict:
    """For each field of a record class, a function telling whether a decoded value fits its annotation."""
    c = _CHECKS.get(cls)
    if c is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # an annotation that does not resolve: that field is not checked
            hints = {}
        c = _CHECKS[cls] = {f.name: _compile(hints.get(f.name)) for f in fields(cls)}
    return c


_IN_ORDER: dict[type, tuple] = {}


def _checks_in_order(cls: type) -> tuple[list, bool]:
    """(each field's check, in the fields' order; whether the record is made from its values in that order)."""
    c = _IN_ORDER.get(cls)
    if c is None:
        checks = _checks(cls)
        c = _IN_ORDER[cls] = ([checks[f.name] for f in fields(cls)], all(f.init for f in fields(cls)))
    return c


def _any(v) -> bool:
    return True


def _compile(tp, depth: int = 0):
    """A fast check for one annotation (unknown or open annotations accept anything)."""
    if tp is None or tp is typing.Any or tp is object or depth > 8:
        return _any
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        parts = [_compile(a, depth + 1) for a in args if a is not type(None)]
        if len(parts) < len(args):  # X | None
            if len(parts) == 1:
                one = parts[0]
                return lambda v: v is None or one(v)
            return lambda v: v is None or any(f(v) for f in parts)
        return lambda v: any(f(v) for f in parts)
    if tp is type(None):
        return lambda v: v is None
    if tp is bool:
        return lambda v: v is True or v is False
    if tp is int:
        return lambda v: type(v) is int
    if tp is float:
        return lambda v: (type(v) is int) or (type(v) is float and math.isfinite(v))
    if tp is str:
        return lambda v: type(v) is str
    if origin is tuple or tp is tuple:
        if not args:
            return lambda v: type(v) is tuple
        if len(args) == 2 and args[1] is Ellipsis:
            item = _compile(args[0], depth + 1)
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        items = [_compile(a, depth + 1) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(items) and all(f(x) for f, x in zip(items, v))
    if origin is list or tp is list:
        item = _compile(args[0], depth + 1) if args else _any
        return lambda v: type(v) is list and all(item(x) for x in v)
    if origin is dict or tp is dict:
        kf = _compile(args[0], depth + 1) if args else _any
        vf = _compile(args[1], depth + 1) if args else _any
        return lambda v: type(v) is dict and all(kf(k) and vf(x) for k, x in v.items())
    if origin is set or tp is set:
        return lambda v: type(v) is set
    if isinstance(tp, type):
        return lambda v: isinstance(v, tp)
    return _any


def _hashable(x):
    if type(x) is list:  # (encode never puts a list in a set or a key: it would come back a tuple)
        raise SnapshotError("a list where a set item or a key is")
    return x


def encode_dice(dice: Dice) -> dict:
    if isinstance(dice, ScriptedDice):
        return {"kind": "scripted", "rolled": dice.rolled, "faces": list(dice._faces)}
    version, state, gauss = dice._rng.getstate()
    return {"kind": "seeded", "seed": dice.seed, "rolled": dice.rolled, "state": [version, list(state), gauss]}


def decode_dice(d: dict) -> Dice:
    try:
        if d["kind"] == "scripted":
            out = ScriptedDice(list(d["faces"]))
        else:
            out = Dice(int(d["seed"]))
            version, state, gauss = d["state"]
            if len(state) != 625 or not all(isinstance(x, int) for x in state):
                raise SnapshotError("damaged generator state")
            out._rng = random.Random()
            out._rng.setstate((version, tuple(state), gauss))
        out.rolled = int(d["rolled"])
        return out
    except (KeyError, TypeError, ValueError) as e:
        raise SnapshotError(f"damaged dice ({e})") from None


# == unit cards, kept once ===================================================================================
_CARDS: dict[str, UnitCard] = {}  # digest -> the card object (shared by every snapshot and match)


def card_key(card: UnitCard) -> str:
    from .match import _card_digest
    key = _card_digest(card)
    _CARDS.setdefault(key, card)
    return key


def learn_cards(data: dict) -> None:
    """Learn the cards a snapshot from a file carries (before its events are decoded: they may name them)."""
    from .match import _card_digest
    cards = data.get("cards", {})
    if type(cards) is not dict:
        raise SnapshotError("the cards are not a mapping")
    for key, enc in cards.items():
        if key not in _CARDS:
            names = _field_names(UnitCard)
            if type(enc) is not dict or enc.get("#t") != _name(UnitCard) or type(enc.get("v")) is not list or \
                    len(enc["v"]) != len(names):
                raise SnapshotError("a unit card is damaged")
            card = _record(UnitCard, names, enc["v"], None, 0)
            if _card_digest(card) != key:
                raise SnapshotError("a unit card does not match its digest")
            _CARDS[key] = card


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


def start_of_rewind(match, n: int, checkpoints) -> dict | None:
    """The snapshot a match of the first n commands of `match` is best restored from: the latest at or before n of
    `checkpoints` (the match's, at or before n) and of the snapshots captured of it lately (its last saves); None:
    there is none, the log is replayed."""
    return max([*checkpoints, *(c for c in _recent(match) if c["commands"] <= n)], key=lambda c: c["commands"],
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


_CARD_REF = re.compile(r'\{"#card": ?"([0-9a-f]{1,64})"\}')  # (in JSON text a quote inside a string is escaped:
# this is only ever the tag encode writes)
_CARD_TEXTS: dict[str, str] = {}  # digest -> the card in full, as JSON text (cards never change)
_COMPACT = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode


def card_keys(text: str) -> list[str]:
    """The digests of the cards a snapshot's JSON text names, sorted."""
    return sorted(set(_CARD_REF.findall(text)))


def cards_text(keys) -> str:
    """The JSON text of {digest: the card in full} for these digests (in their order), each card's made once."""
    parts = []
    for k in keys:
        t = _CARD_TEXTS.get(k)
        if t is None:
            t = _CARD_TEXTS[k] = _COMPACT(_encode_card(_CARDS[k]))
        parts.append('"%s":%s' % (k, t))
    return "{" + ",".join(parts) + "}"


def with_cards(data: dict) -> dict:
    """A snapshot taken in memory (cards named by their digest) made fit for a file: with those cards in full (the
    world's and the record's: the units that left the world, whose records in the log name them too)."""
    keys = card_keys(_COMPACT([data["entities"], data["state"]]))
    return {**data, "cards": {k: _encode_card(_CARDS[k]) for k in keys}}


def encode_event(e) -> list:
    """An event, compactly: [its record's name, its field values in order]."""
    return [_name(type(e)), *(encode(getattr(e, f)) for f in _field_names(type(e)))]


def decode_events(raw: list) -> list:
    """The events a snapshot from a file carried (an event that does not decode becomes a plain note)."""
    from .events import Event, Note
    out = []
    types_ = record_types()
    for r in raw:
        e = None
        try:
            if isinstance(r, list) and r and isinstance(r[0], str):
                cls = types_.get(r[0])
                names = _field_names(cls) if cls is not None and issubclass(cls, Event) else None
                if names is not None and len(r) <= len(names) + 1:
                    values = [decode(v) for v in r[1:]] + _defaults(cls)[len(r) - 1:]
                    checks = _checks(cls)
                    if _NO_DEFAULT not in values and all(checks[n](v) for n, v in zip(names, values)):
                        e = cls(*values)
        except (SnapshotError, TypeError, ValueError):
            e = None
        out.append(e if e is not None else Note("(an entry of the saved log could not be read)"))
    return out


_NAMES: dict[type, tuple[str, ...]] = {}
_DEFAULTS: dict[type, list] = {}


def _defaults(cls: type) -> list:
    """Each field's default (a record saved before a field was added reads as if it had the default); a field
    with none cannot be left out."""
    out = _DEFAULTS.get(cls)
    if out is None:
        from dataclasses import MISSING
        out = _DEFAULTS[cls] = [_NO_DEFAULT if f.default is MISSING else f.default for f in fields(cls)]
    return out


_NO_DEFAULT = object()


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _encode_card(card: UnitCard) -> dict:
    return {"#t": _name(UnitCard), "v": [encode(getattr(card, f)) for f in _field_names(UnitCard)]}


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
