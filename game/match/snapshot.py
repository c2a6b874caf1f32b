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
lengths and shares the lists; a save writes them beside its snapshots (game/persistence/saves.py).
"""
from __future__ import annotations

import math
import random
import types
import typing
from dataclasses import fields, is_dataclass

import esper

from game.rules.dice import Dice, Die, ScriptedDice
from game.rules.model import UnitCard

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


_RECORDS: dict = {}  # type -> (its record name, its field names), or None: not a dataclass
_NO_RECORD = object()


# == the codec ==============================================================================================
def encode(o, dice=None):
    """Plain JSON data for `o`. `dice`: the match's Dice, written as a reference where it appears inside."""
    if o is None or isinstance(o, (bool, int, str, float)):
        return o
    if dice is not None and o is dice:
        return {"#ref": "dice"}
    if isinstance(o, Dice):
        return {"#dice": encode_dice(o)}
    if isinstance(o, UnitCard):  # cards never change: kept once, by digest (see capture)
        return {"#card": card_key(o)}
    if type(o) is Die:  # the commonest record of all (every roll): its fields in order, defaults left off
        v = [o.natural, o.shift, o.rerolled, o.auto]
        while len(v) > 1 and not v[-1]:
            v.pop()
        return {"#d": v}
    t = type(o)
    rec = _RECORDS.get(t, _NO_RECORD)
    if rec is _NO_RECORD:  # (a dataclass's name and field names, worked out once per type)
        rec = _RECORDS[t] = (_name(t), _field_names(t)) if is_dataclass(t) and t is not type else None
    if rec is not None:
        return {"#t": rec[0], "v": [encode(getattr(o, f), dice) for f in rec[1]]}
    if isinstance(o, tuple):
        return {"#tup": [encode(x, dice) for x in o]}
    if isinstance(o, list):
        return [encode(x, dice) for x in o]
    if isinstance(o, (set, frozenset)):
        return {"#set": sorted((encode(x, dice) for x in o), key=repr)}
    if isinstance(o, dict):
        if all(isinstance(k, str) and not k.startswith("#") for k in o):
            return {k: encode(v, dice) for k, v in o.items()}
        return {"#kv": [[encode(k, dice), encode(v, dice)] for k, v in o.items()]}
    raise SnapshotError(f"cannot keep a {type(o).__name__} in a snapshot")


def decode(d, dice=None, depth: int = 0):
    if depth > MAX_DEPTH:
        raise SnapshotError("nested too deep")
    if d is None or isinstance(d, (bool, int, str, float)):
        return d
    if isinstance(d, list):
        return [decode(x, dice, depth + 1) for x in d]
    if not isinstance(d, dict):
        raise SnapshotError(f"unexpected {type(d).__name__}")
    if "#d" in d:
        return _decode_die(d["#d"])
    if "#t" in d:
        cls = record_types().get(d["#t"])
        names = _field_names(cls) if cls is not None else ()
        if cls is None or not isinstance(d.get("v"), list) or len(d["v"]) != len(names):
            raise SnapshotError(f"unknown record {d.get('#t')!r}, or its fields do not match")
        kw = {k: decode(v, dice, depth + 1) for k, v in zip(names, d["v"])}
        checks = _checks(cls)
        for k, v in kw.items():
            if not checks[k](v):
                raise SnapshotError(f"{d['#t']}.{k} has the wrong type")
        try:
            return cls(**kw)
        except TypeError as e:
            raise SnapshotError(f"{d['#t']}: {e}") from None
    if "#tup" in d:
        return tuple(decode(x, dice, depth + 1) for x in d["#tup"])
    if "#set" in d:
        return set(_hashable(decode(x, dice, depth + 1)) for x in d["#set"])
    if "#kv" in d:
        return {_hashable(decode(k, dice, depth + 1)): decode(v, dice, depth + 1) for k, v in d["#kv"]}
    if "#card" in d:
        card = _CARDS.get(d["#card"])
        if card is None:
            raise SnapshotError("a unit card is missing")
        return card
    if "#ref" in d:
        if d["#ref"] != "dice" or dice is None:
            raise SnapshotError("unknown reference")
        return dice
    if "#dice" in d:
        return decode_dice(d["#dice"])
    return {k: decode(v, dice, depth + 1) for k, v in d.items()}


def _decode_die(v) -> Die:
    """A Die from [natural, shift, rerolled, auto] (trailing defaults left off)."""
    if type(v) is not list or not 1 <= len(v) <= 4 or any(type(x) is not int for x in v[:2]) or \
            any(x is not True and x is not False for x in v[2:]):
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


def _any(v) -> bool:
    return True


def _compile(tp, depth: int = 0):
    """A fast check for one annotation (unknown or open annotations accept anything)."""
    if tp is None or tp is typing.Any or tp is object or depth > 8:
        return _any
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        parts = [_compile(a, depth + 1) for a in args]
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
    if isinstance(x, list):
        return tuple(_hashable(v) for v in x)
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


def _cards_of(data: dict) -> None:
    """Learn the cards a snapshot from a file carries."""
    from .match import _card_digest
    for key, enc in data.get("cards", {}).items():
        if key not in _CARDS:
            card = decode(enc)
            if not isinstance(card, UnitCard) or _card_digest(card) != key:
                raise SnapshotError("a unit card does not match its digest")
            _CARDS[key] = card


# == capturing and restoring a match =========================================================================
def capture(match, for_file: bool = False) -> dict:
    """The match's state now, as plain data; the command log and the events only by their counts (they are
    append-only: a snapshot shares them with the match, and a save writes them beside it). `for_file`: with the
    unit cards in full (a snapshot in memory keeps them by digest)."""
    with match._in_world():
        ents, world = [], []  # each component encoded once, for the snapshot and for its hash (state_data)
        for ent in sorted(esper.get_entities()):
            comps = esper.components_for_entity(ent)
            encoded = [encode(c) for c in comps]
            ents.append([ent, encoded])
            world.append([ent, {type(c).__name__: e for c, e in zip(comps, encoded)}])
        next_id = match.state.entities_made + 1  # past every entity made, deleted ones too (a token gone)
    state = encode(match.state, match.dice)
    data = {
        "commands": len(match.log),
        "events": len(match.events),
        "dice": encode_dice(match.dice),
        "state": state,
        "entities": ents,
        "next_entity": next_id,
        "hash": match.state_hash(match.state_record(world, state)),
    }
    if for_file:
        keys = {card_key(match.unit(u).card) for u in match.all_units()}
        data["cards"] = {k: _encode_card(_CARDS[k]) for k in sorted(keys)}
    return data


def with_cards(data: dict) -> dict:
    """A snapshot taken in memory (cards named by their digest) made fit for a file: with those cards in full."""
    keys, todo = set(), [data["entities"]]
    while todo:
        o = todo.pop()
        if isinstance(o, dict):
            if "#card" in o:
                keys.add(o["#card"])
            todo.extend(o.values())
        elif isinstance(o, list):
            todo.extend(o)
    return {**data, "cards": {k: _encode_card(_CARDS[k]) for k in sorted(keys)}}


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


def restore(match, data: dict, events=None, log=None, rolls=None) -> None:
    """Put a freshly built match (same scenario and seed, nothing submitted) into the captured state.
    `events`, `log`, `rolls`: the histories (or lists) the snapshot's counts refer to: the match it was captured in,
    or a save's; the restored match keeps their first entries as its own (without decoding a saved log)."""
    from .state import MatchState
    try:
        _cards_of(data)
        dice = decode_dice(data["dice"])
        state = decode(data["state"], dice)  # (a record decodes checked against its annotations)
        if type(state) is not MatchState or state.dice is not dice:
            raise SnapshotError("the match's state record is damaged")
        ents = [(int(ent), [decode(c) for c in comps]) for ent, comps in data["entities"]]
        next_id = int(data["next_entity"])
        if not max((e for e, _ in ents), default=0) < next_id <= MAX_ENTITIES:
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
    match.new_world()  # entity ids count from 1 again
    with match._in_world():
        wanted = dict(ents)
        for i in range(1, next_id):
            e = esper.create_entity(*wanted.get(i, ()))
            if i not in wanted:
                esper.delete_entity(e, immediate=True)
    match.state = state
    for name, history in kept.items():
        setattr(match, name, history)
    match.version += 1
    match._follow_all()
    if match.state_hash() != data["hash"]:
        raise SnapshotError("the restored state differs from the one captured")
