"""Typed, frozen records of what happened: the base of every event, and the ones an attack writes.

Each record carries the facts (which dice, whose, against what stat, from which source) and writes its own
line for the battle log from them (`text`). The screen draws dice and damage from the fields; nothing ever
reads the text back. The match adds its own records (moves, Turns, markers...) in game/match/events.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .dice import Die


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a match. `kind` groups records for readers that only need the broad sort
    ("roll", "damage", "move", "turn", ...); `text` is the battle-log line ("" for none)."""

    kind: ClassVar[str] = "note"

    @property
    def text(self) -> str:
        return ""


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 Strike", "2 Strikes" """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def faces_text(dice) -> str:
    out = []
    for d in dice:
        if d.auto:
            out.append("auto")
        elif d.shift:
            out.append(f"{d.natural}{d.shift:+d}")
        else:
            out.append(str(d.natural))
    return "[" + " ".join(out) + "]"


SOURCE_NAMES = {"TO": "Tactical Order", "RLT": "Relentless", "ACC": "Accurate", "BRU": "Brutal",
                "support": "Support", "cover": "Cover", "DOD": "Dodge", "TGH": "Tough", "PAR": "Parry",
                "aegis": "Aegis Aura", "shroud": "Dissonance Shroud", "cloak": "Cloak", "vengeful": "Vengeful",
                "pain": "Pain Is Strength", "formation": "Formation", "yellbox": "Yellbox", "fate": "Fate Shift"}


def source_name(src: str) -> str:
    return SOURCE_NAMES.get(src, src)


# -- the dice of an attack --------------------------------------------------------------------------
ATTACK_ROLL = "attack"
SAVE_ROLL = "save"
RETURN_SAVE_ROLL = "return_save"


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """The Attack dice of one attack roll: `attacker` rolls against SKL `stat` at `targets`."""

    kind: ClassVar[str] = "roll"
    attacker: int
    attacker_name: str
    targets: tuple[tuple[int, str], ...]  # (uid, name) sharing this roll
    weapon: str
    dice: tuple[Die, ...]
    stat: int

    @property
    def text(self) -> str:
        names = ", ".join(n for _, n in self.targets)
        return (f"{self.attacker_name} attacks {names} with {self.weapon}: {plural(len(self.dice), 'die', 'dice')} "
                f"vs SKL {self.stat}: rolls {faces_text(self.dice)}")


@dataclass(frozen=True, slots=True)
class SavesRolled(Event):
    """Armor Saves: `uid` rolls one die per point of Damage against ARM `stat` (returned Damage too)."""

    kind: ClassVar[str] = "roll"
    uid: int
    name: str
    dice: tuple[Die, ...]
    stat: int
    returned: bool = False  # saves against Damage returned by a melee Critical Save (R4)
    hardened: bool = False  # HRD: natural 1s and 2s are Critical Saves

    @property
    def text(self) -> str:
        what = f"{len(self.dice)} returned Damage" if self.returned else f"{len(self.dice)}"
        extra = " (Hardened: 1s and 2s are Critical)" if self.hardened else ""
        return f"  {self.name} saves {what} vs ARM {self.stat}: {faces_text(self.dice)}{extra}"


@dataclass(frozen=True, slots=True)
class DieRerolled(Event):
    """Die `index` of `uid`'s roll (stage ATTACK_ROLL, SAVE_ROLL...) re-rolled from `source`."""

    kind: ClassVar[str] = "reroll"
    uid: int
    stage: str
    index: int
    source: str  # "TO", "RLT", "cover", "support", "ACC", "BRU", "PAR", a skill's re-roll...
    old: int
    new: int

    @property
    def text(self) -> str:
        return f"  re-roll ({source_name(self.source)}): {self.old} -> {self.new}"


@dataclass(frozen=True, slots=True)
class DieChanged(Event):
    """A Tactical Order changed die `index` by `delta` (R2: the die is never a Critical)."""

    kind: ClassVar[str] = "reroll"
    uid: int
    stage: str
    index: int
    delta: int
    value: int

    @property
    def text(self) -> str:
        return (f"  Tactical Order: die {self.index + 1} changed from {self.value - self.delta} to {self.value} (a "
                "changed die is never a Critical)")


@dataclass(frozen=True, slots=True)
class AutoStrikeRolled(Event):
    """AUTx: an automatic Strike die the attacker chose to roll after all."""

    kind: ClassVar[str] = "reroll"
    uid: int
    index: int
    face: int

    @property
    def text(self) -> str:
        return f"  automatic Strike rolled: {self.face}"


@dataclass(frozen=True, slots=True)
class StrikesCounted(Event):
    """The Attack dice as they stand: Strikes, Critical Strikes and the Damage they deal."""

    kind: ClassVar[str] = "roll"
    attacker: int
    dice: tuple[Die, ...]
    stat: int
    strikes: int
    criticals: int
    damage: int
    after_parry: bool = False

    @property
    def text(self) -> str:
        head = f"after the Parry {faces_text(self.dice)}: " if self.after_parry else ""
        return f"  {head}{plural(self.strikes, 'Strike')}, {self.criticals} Critical: {self.damage} Damage"


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    """`uid` loses `amount` HIT after its saves (`saved` dice saved, `critical_saves` of them Critical)."""

    kind: ClassVar[str] = "damage"
    uid: int
    name: str
    amount: int
    source: int | None
    saved: int
    why: str  # how the saves were counted, in words
    taken_out: bool

    @property
    def text(self) -> str:
        extra = " - Taken Out" if self.taken_out else ""
        return f"  {self.why}: {self.name} loses {self.amount} HIT{extra}"


@dataclass(frozen=True, slots=True)
class DamageReturned(Event):
    """Melee Critical Saves return Damage to the other side of the fight (R4), which saves it in turn."""

    kind: ClassVar[str] = "damage"
    to_uid: int
    from_uid: int
    amount: int
    chained: bool = False

    @property
    def text(self) -> str:
        if self.chained:
            verb = "returns" if self.amount == 1 else "return"
            return f"  {plural(self.amount, 'Critical Save')} {verb} {self.amount} Damage in turn"
        verb = "returns" if self.amount == 1 else "return"
        return f"  {plural(self.amount, 'Critical Save')} {verb} {self.amount} Damage to the attacker"


@dataclass(frozen=True, slots=True)
class ReturnedDamageLost(Event):
    kind: ClassVar[str] = "damage"
    uid: int

    @property
    def text(self) -> str:
        return "  returned Damage is lost: that unit is already Taken Out"


@dataclass(frozen=True, slots=True)
class DirectDamage(Event):
    """Damage from a skill or a mission (no attack roll): each target saves it."""

    kind: ClassVar[str] = "damage"
    source: int
    targets: tuple[tuple[int, str], ...]
    amount: int
    why: str

    @property
    def text(self) -> str:
        names = ", ".join(n for _, n in self.targets)
        return f"{names} take{'s' if len(self.targets) == 1 else ''} {self.amount} Damage ({self.why})"


@dataclass(frozen=True, slots=True)
class ProtectRolled(Event):
    """Protect: a 1D6 per HIT about to be lost; each 1-2 keeps it."""

    kind: ClassVar[str] = "roll"
    uid: int
    name: str
    dice: tuple[Die, ...]
    kept: int

    @property
    def text(self) -> str:
        return f"  Protect: {self.name} rolls {faces_text(self.dice)}, keeps {self.kept} HIT"


@dataclass(frozen=True, slots=True)
class LifeDrained(Event):
    kind: ClassVar[str] = "heal"
    uid: int
    name: str
    criticals: int
    healed: int
    damage_left: int

    @property
    def text(self) -> str:
        return (f"  Life Drain: {plural(self.criticals, 'Critical Strike')} heal{'s' if self.criticals == 1 else ''} "
                f"{self.name} by {self.healed} HIT instead; "
                f"{self.damage_left} Damage left")
