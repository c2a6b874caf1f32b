"""Components of a match's esper world: slotted dataclasses, written only by the command executor."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.model import UnitCard


@dataclass(slots=True)
class Unit:
    """A model on the table: a squad Unit, an NPC, or an attackable item (a Spawn Point)."""

    name: str
    side: str
    card: UnitCard
    type_id: str
    item: bool = False
    leader: bool = False


@dataclass(slots=True)
class Position:
    x: float
    y: float
    z: float = 0.0


@dataclass(slots=True)
class Health:
    hit: int
    max_hit: int


@dataclass(slots=True)
class Readiness:
    """Ready units have not activated this Turn (Core Rules section 3)."""

    ready: bool = True
    aoo_used: bool = False  # one Attack of Opportunity per Turn (R16)
    stunned: int = 0  # STN: ACT lost in the next activation
    used_limited: tuple[str, ...] = ()  # LIM weapons used this mission
    used_once: tuple[str, ...] = ()  # skills used this Turn


@dataclass(slots=True)
class TakenOut:
    turn: int


@dataclass(slots=True)
class Activation:
    """The unit now activating: what it has done and spent (R17)."""

    uid: int
    act: int
    act_spent: int = 0
    history: list = field(default_factory=list)  # game.rules.actions.Performed
    free_action: bool = False  # Duty Before Death: one free action of 1 ACT or less, then Taken Out
