"""Commands: everything a side can do, as plain data. A match is scenario + seed + these, in order.

Each command names the side that gives it. `to_dict`/`command_from_dict` turn them into JSON-able
dicts for saves and replays; nothing else is ever executed from a save.
"""
from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields


@dataclass(frozen=True, slots=True)
class Command:
    side: str

    def to_dict(self) -> dict:
        d = asdict(self)
        d["type"] = type(self).__name__
        return d

    def describe(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "side")
        return f"{type(self).__name__}({args})"


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
    pass


def command_from_dict(d: dict) -> Command:
    """Rebuild a command from a save; only known command types with the right fields are accepted."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise CommandFormatError("a command must be an object with a 'type'")
    cls = COMMAND_TYPES.get(d["type"])
    if cls is None:
        raise CommandFormatError(f"unknown command type {d['type']!r}")
    kwargs = {}
    for f in fields(cls):
        if f.name not in d:
            if f.default is not MISSING:
                continue
            raise CommandFormatError(f"{d['type']}: missing field {f.name!r}")
        v = d[f.name]
        if isinstance(v, list):
            v = tuple(v)
        kwargs[f.name] = v
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise CommandFormatError(f"{d['type']}: {e}") from None
