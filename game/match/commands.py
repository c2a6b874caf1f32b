"""Commands: everything a side can do, as plain data. A match is scenario + seed + these, in order.

Each command names the side that gives it. `to_dict`/`command_from_dict` turn them into JSON-able
dicts for saves and replays; nothing else is ever executed from a save.
"""
from __future__ import annotations

import functools
import json
import math
import types
import typing
from dataclasses import MISSING, dataclass, fields


@functools.cache
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@dataclass(frozen=True, slots=True)
class Command:
    side: str

    def to_dict(self) -> dict:
        """Its fields in order, then "type" (every field is a plain value or a tuple of them: nothing to copy)."""
        d = {name: getattr(self, name) for name in _field_names(type(self))}
        d["type"] = type(self).__name__
        return d

    def describe(self) -> str:
        """What kind of command it is, in words ("melee attack", "move"): for messages a player reads."""
        name = type(self).__name__
        return "".join(" " + ch.lower() if ch.isupper() and i else ch.lower() for i, ch in enumerate(name))


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    uid: int
    x: float
    y: float
    z: float = 0.0


@dataclass(frozen=True, slots=True)
class EndDeployment(Command):
    pass


@dataclass(frozen=True, slots=True)
class ChooseFirst(Command):
    first: str  # the side that activates first this Turn (the Initiative winner chooses)


@dataclass(frozen=True, slots=True)
class Activate(Command):
    uid: int


@dataclass(frozen=True, slots=True)
class PickNpc(Command):
    uid: int  # R19 option: the player picks which Ready NPC activates next


@dataclass(frozen=True, slots=True)
class Move(Command):
    x: float
    y: float
    z: float = 0.0


@dataclass(frozen=True, slots=True)
class Dash(Command):
    x: float
    y: float
    z: float = 0.0


@dataclass(frozen=True, slots=True)
class RangedAttack(Command):
    weapon: str
    target: int
    extra_targets: tuple[int, ...] = ()  # CHRx secondary targets, or SPR further targets
    split: tuple[int, ...] = ()  # SPR: dice per target (primary first)


@dataclass(frozen=True, slots=True)
class MeleeAttack(Command):
    weapon: str
    target: int
    extra_targets: tuple[int, ...] = ()  # CHRx secondary targets


@dataclass(frozen=True, slots=True)
class ToggleDoor(Command):
    door: str


@dataclass(frozen=True, slots=True)
class UseSkill(Command):
    """A skill action (or a unit special's action: "SBY"). What it needs depends on the skill
    (legal_commands lists complete ones): a unit (`target`), a spot (`x`, `y`), or two units (`target`,
    `other`: Misdirection swaps them; Neural Command orders them)."""

    skill: str
    target: int | None = None
    x: float | None = None
    y: float | None = None
    other: int | None = None


@dataclass(frozen=True, slots=True)
class PickUp(Command):
    marker: str  # the id of an Adjacent marker the active unit Controls


@dataclass(frozen=True, slots=True)
class Drop(Command):
    marker: str  # a marker the active unit carries: put down where it stands


@dataclass(frozen=True, slots=True)
class Give(Command):
    marker: str
    to: int  # an Adjacent Squadmate the active unit Controls


@dataclass(frozen=True, slots=True)
class UseMissionAction(Command):
    """A Mission Action the mission declares (its id), on a marker or a unit when it needs one."""

    action: str
    marker: str | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answers a mission's question ("choice"): the id of one of its options."""

    option: str


@dataclass(frozen=True, slots=True)
class EndActivation(Command):
    pass


@dataclass(frozen=True, slots=True)
class RerollDie(Command):
    index: int
    source: str  # "TO", "RLT", or a free source the prompt offers ("cover", "support", "ACC", "BRU")


@dataclass(frozen=True, slots=True)
class ChangeDie(Command):
    index: int
    delta: int


@dataclass(frozen=True, slots=True)
class RollAutoDie(Command):
    index: int


@dataclass(frozen=True, slots=True)
class AcceptDice(Command):
    pass


@dataclass(frozen=True, slots=True)
class ChooseAttackOfOpportunity(Command):
    uid: int | None  # None: no Attack of Opportunity
    weapon: str | None = None


@dataclass(frozen=True, slots=True)
class Blunt(Command):
    dice: int  # Attack dice removed, 2" of the move each (R16)


@dataclass(frozen=True, slots=True)
class ChooseUnit(Command):
    """Answers "devoted" (which Devoted unit becomes the target) and "react" (which unit on Standby acts);
    None declines."""

    uid: int | None


@dataclass(frozen=True, slots=True)
class ChooseWeapon(Command):
    """Answers "counter": the melee weapon of the free attack, None declines."""

    weapon: str | None


@dataclass(frozen=True, slots=True)
class ChooseNumber(Command):
    """Answers "life_drain" (Critical Strikes turned into healing) and "shield" (Critical Saves counted
    as two saves): 0 up to the prompt's options[0]."""

    n: int


COMMAND_TYPES: dict[str, type[Command]] = {
    c.__name__: c for c in (Deploy, EndDeployment, ChooseFirst, Activate, PickNpc, Move, Dash, RangedAttack,
                            MeleeAttack, ToggleDoor, UseSkill, PickUp, Drop, Give, UseMissionAction, Choose,
                            EndActivation, RerollDie, ChangeDie, RollAutoDie, AcceptDice, ChooseAttackOfOpportunity,
                            Blunt, ChooseUnit, ChooseWeapon, ChooseNumber)
}


class CommandFormatError(ValueError):
    """A command in a save that cannot be rebuilt. `command` is its type name when known ("Move"), `problem` the
    rest of the message; str() is "Move: field 'z' must be a number, got \"0\"" or the problem alone."""

    def __init__(self, problem: str, command: str | None = None) -> None:
        self.command = command
        self.problem = problem
        super().__init__(f"{command}: {problem}" if command else problem)


# Bounds on what a command from a file may hold: coordinates and counts on a 24" table are small, ids short.
MAX_NUMBER = 1_000_000
MAX_TEXT = 200
MAX_ITEMS = 64


def shown_value(v: object) -> str:
    """A value from a file, as the player would have typed it (JSON), cut short."""
    try:
        text = json.dumps(v, ensure_ascii=True, allow_nan=True, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


class _ItemProblem(ValueError):
    """A wrong item in a list: the message already shows the item."""


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _checker(tp):
    """A function (value -> value or raise ValueError("must be ...")) for one field annotation; None when the
    annotation is not one a saved command can hold (test_commands checks every command's fields have one)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is int:
        def check_int(v):
            if not _is_int(v):
                raise ValueError("must be a whole number")
            if abs(v) > MAX_NUMBER:
                raise ValueError(f"must be a whole number between -{MAX_NUMBER} and {MAX_NUMBER}")
            return v
        return check_int
    if tp is float:
        def check_float(v):
            if not (_is_int(v) or isinstance(v, float)):
                raise ValueError("must be a number")
            if not math.isfinite(v) or abs(v) > MAX_NUMBER:
                raise ValueError(f"must be a number between -{MAX_NUMBER} and {MAX_NUMBER}")
            return v
        return check_float
    if tp is str:
        def check_str(v):
            if not isinstance(v, str):
                raise ValueError("must be text")
            if len(v) > MAX_TEXT:
                raise ValueError(f"must be text of at most {MAX_TEXT} characters")
            return v
        return check_str
    if tp is bool:
        def check_bool(v):
            if not isinstance(v, bool):
                raise ValueError("must be true or false")
            return v
        return check_bool
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner = _checker(rest[0]) if len(rest) == 1 else None
        if inner is None:
            return None

        def check_optional(v):
            if v is None:
                return None
            try:
                return inner(v)
            except _ItemProblem:
                raise
            except ValueError as e:
                raise ValueError(f"{e} or null") from None
        return check_optional
    if origin is tuple and args:
        same = len(args) == 2 and args[1] is Ellipsis
        inners = [_checker(a) for a in (args[:1] if same else args)]
        if any(c is None for c in inners):
            return None

        def check_tuple(v):
            if not isinstance(v, (list, tuple)):
                raise ValueError("must be a list")
            if same and len(v) > MAX_ITEMS:
                raise ValueError(f"must be a list of at most {MAX_ITEMS} items")
            if not same and len(v) != len(inners):
                raise ValueError(f"must be a list of {len(inners)} items")
            out = []
            for i, item in enumerate(v):
                try:
                    out.append((inners[0] if same else inners[i])(item))
                except ValueError as e:
                    raise _ItemProblem(f"item {i + 1} {e}, got {shown_value(item)}") from None
            return tuple(out)
        return check_tuple
    return None


@functools.cache
def field_checkers(cls: type[Command]) -> tuple[tuple[str, object, bool, object], ...]:
    """(name, checker, required, annotation) for every field of a command class, from its annotations."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _checker(hints[f.name]), f.default is MISSING and f.default_factory is MISSING,
                  hints[f.name]) for f in fields(cls))


def command_from_dict(d: dict) -> Command:
    """Rebuild a command from a save; only known command types with fields of the right types are accepted
    (checked from each command class's annotations, so every command is covered). CommandFormatError says
    which field is wrong and what was expected."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise CommandFormatError("a command must be an object with a 'type'")
    name = d["type"]
    cls = COMMAND_TYPES.get(name)
    if cls is None:
        raise CommandFormatError(f"unknown command type {shown_value(name)}")
    kwargs = {}
    for fname, check, required, annotation in field_checkers(cls):
        if fname not in d:
            if not required:
                continue
            raise CommandFormatError(f"missing field {fname!r}", name)
        v = d[fname]
        if check is None:
            raise CommandFormatError(f"field {fname!r} ({annotation}) cannot be read from a file", name)
        try:
            kwargs[fname] = check(v)
        except _ItemProblem as e:
            raise CommandFormatError(f"field {fname!r}: {e}", name) from None
        except ValueError as e:
            raise CommandFormatError(f"field {fname!r} {e}, got {shown_value(v)}", name) from None
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise CommandFormatError(str(e), name) from None
