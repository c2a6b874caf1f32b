"""The codec of snapshots: a match's state as plain JSON data and back, walked generically by type.

Records (dataclasses) by their registered name and their fields in order, tuples, sets (sorted), dicts with keys that
are not plain text tagged, the dice by their generator's state, unit cards by digest (kept once, in full in a file).
Decoding builds only the registered records and is strict: only data in the form encode writes decodes, each record
field checked against its annotation, so that encoding the result gives the data back exactly (snapshot.py checks a
snapshot's state hash on the data as read). Nothing read is executed.
"""
from __future__ import annotations

import json
import math
import operator
import random
import re
import types
import typing
from dataclasses import fields, is_dataclass

from game.rules.dice import Dice, Die, ScriptedDice
from game.rules.model import UnitCard

MAX_DEPTH = 60


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

    from . import attacks, commands, components, events, mission, movement, prompts, state
    out: dict[str, type] = {}
    for mod in (bm, ra, rc, rd, rmod, rr, attacks, commands, components, events, mission, movement, prompts, state):
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


def register_record(cls: type) -> type:
    """Class decorator: a record defined above the match that a save holds beside its snapshots (a computer player's
    state: game/ai/common.py), encoded and decoded, checked against its annotations, as the match's own records."""
    if not is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a record")
    record_types()[_name(cls)] = cls
    return cls


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
