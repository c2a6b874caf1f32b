"""Events: typed, frozen records of everything a match does, in order (`match.events`).

The battle log's lines are written from them (`event.text`); the screen's dice view, banners, animations
and the results' statistics read their fields. The dice and Damage of attacks are the rules layer's records
(game/rules/records.py), re-exported here; the match adds Turns, activations, moves, markers, missions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.dice import Die

from .components import TakenOut as Fallen, Unit as UnitRecord
from game.rules.records import (  # noqa: F401
    ATTACK_ROLL,
    RETURN_SAVE_ROLL,
    SAVE_ROLL,
    AttackRolled,
    AutoStrikeRolled,
    DamageReturned,
    DamageTaken,
    DieChanged,
    DieRerolled,
    DirectDamage,
    Event,
    LifeDrained,
    ProtectRolled,
    ReturnedDamageLost,
    SavesRolled,
    StrikesCounted,
    faces_text,
    source_name,
)

Point = tuple[float, float, float]


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A line of the battle log that needs no more structure (what a skill did, why something failed)."""

    kind: ClassVar[str] = "note"
    message: str
    uid: int | None = None  # the unit it is about, if any (the screen may point at it)

    @property
    def text(self) -> str:
        return self.message


# -- Turns, orders and activations -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn"
    turn: int
    turns: int | None  # the mission's number of Turns (None: no limit)

    @property
    def text(self) -> str:
        return f"Turn {self.turn}"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_end"
    turn: int

    @property
    def text(self) -> str:
        return f"End of Turn {self.turn}"


@dataclass(frozen=True, slots=True)
class TacticalOrdersRolled(Event):
    """R20: the Tactical Order dice of a side (each 1-3 a TO), plus 1 per unit of it Taken Out."""

    kind: ClassVar[str] = "orders"
    side: str
    side_name: str
    dice: tuple[Die, ...]
    bonus: int
    total: int

    @property
    def text(self) -> str:
        return (f"{self.side_name}: Tactical Orders {faces_text(self.dice)} (+{self.bonus} for units Taken Out) "
                f"= {self.total} TO")


@dataclass(frozen=True, slots=True)
class TacticalOrdersChanged(Event):
    """TO gained or lost outside the roll (Strategize, a Turn event, a crate, spending them to pay ACT)."""

    kind: ClassVar[str] = "orders"
    side: str
    side_name: str
    delta: int
    total: int
    why: str

    @property
    def text(self) -> str:
        if self.delta < 0:
            return f"{self.side_name}: {-self.delta} TO spent ({self.why}); {self.total} left"
        return f"{self.side_name}: +{self.delta} TO ({self.why}); {self.total} now"


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """R18: each side rolls 1D6, lowest wins, ties re-roll; `rounds` holds every round's (side, face)."""

    kind: ClassVar[str] = "initiative"
    rounds: tuple[tuple[tuple[str, int], ...], ...]
    winner: str
    winner_name: str
    names: tuple[tuple[str, str], ...] = ()  # (side, name as players call it)

    @property
    def text(self) -> str:
        names = dict(self.names)
        rolls = "; ".join(", ".join(f"{names.get(s, s)} {v}" for s, v in r) for r in self.rounds)
        return f"Initiative: {rolls} - {self.winner_name} wins"


@dataclass(frozen=True, slots=True)
class InitiativeGiven(Event):
    """A side has the Initiative by the mission's rule (R19: the player squad against NPCs)."""

    kind: ClassVar[str] = "initiative"
    side: str
    side_name: str
    why: str

    @property
    def text(self) -> str:
        why = "always, against NPCs" if self.why == "R19" else self.why  # (the ruling's code is data, not words)
        return f"{self.side_name} has the Initiative ({why})"


@dataclass(frozen=True, slots=True)
class FirstChosen(Event):
    kind: ClassVar[str] = "initiative"
    side: str
    side_name: str

    @property
    def text(self) -> str:
        return f"{self.side_name} activates first"


@dataclass(frozen=True, slots=True)
class ActivationStarted(Event):
    kind: ClassVar[str] = "activation"
    uid: int
    name: str
    side: str
    act: int
    grant: str = ""  # free actions: why ("dbd", "order", ...); "" for the unit's own activation
    free_actions: int = 0

    @property
    def text(self) -> str:
        if self.grant and self.act:  # a grant of ACT to spend (PvE's Opportunity)
            return f"{self.name} may spend up to {self.act} ACT now ({grant_words(self.grant)})"
        if self.grant:
            return f"{self.name} may take {_plural(self.free_actions, 'free action')} ({grant_words(self.grant)})"
        return f"{self.name} activates ({self.act} ACT)"


_GRANT_WORDS = {"dbd": "Duty Before Death", "order": "Relay Order", "take 'em down": "Take 'Em Down!",
                "get in dere": "Get In Dere!"}


def grant_words(grant: str) -> str:
    """Why a unit acts out of turn, in words: the grant's id is the skill's name in lower case ("neural command"),
    a short code ("dbd") or already words ("Opportunity")."""
    if grant in _GRANT_WORDS:
        return _GRANT_WORDS[grant]
    return grant if grant != grant.lower() else " ".join(w[:1].upper() + w[1:] for w in grant.split(" "))


@dataclass(frozen=True, slots=True)
class ActivationEnded(Event):
    kind: ClassVar[str] = "activation_end"
    uid: int
    side: str


# -- deployment, movement, spawning -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deployed(Event):
    kind: ClassVar[str] = "deploy"
    uid: int
    name: str
    side: str
    x: float
    y: float
    z: float

    @property
    def text(self) -> str:
        return f"{self.name} deploys"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A unit moved along `path` (its base centre, start to end). `action`: "move", "dash", or "place" for a
    jump, push or swap that follows no path (then `path` is just the two ends)."""

    kind: ClassVar[str] = "move"
    uid: int
    name: str
    side: str
    path: tuple[Point, ...]
    action: str
    cost: float | None = None
    verb: str = "moves"

    @property
    def end(self) -> Point:
        return self.path[-1]

    @property
    def text(self) -> str:
        extra = f" ({self.cost:.1f}\")" if self.cost is not None else ""
        return f"{self.name} {self.verb}{extra}"


@dataclass(frozen=True, slots=True)
class Spawned(Event):
    kind: ClassVar[str] = "spawn"
    uid: int
    name: str
    side: str
    x: float
    y: float
    z: float

    @property
    def text(self) -> str:
        return f"{self.name} appears"


@dataclass(frozen=True, slots=True)
class DoorToggled(Event):
    kind: ClassVar[str] = "door"
    uid: int
    name: str
    door: str
    opened: bool

    @property
    def text(self) -> str:
        return f"{self.name} {'opens' if self.opened else 'closes'} a door"


# -- attacks, Damage, healing ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """An attack starts: `attacker` with `weapon` (or a skill/mission source) against `targets`."""

    kind: ClassVar[str] = "attack_start"
    attacker: int
    weapon: str
    targets: tuple[int, ...]
    melee: bool
    aoo: bool = False


@dataclass(frozen=True, slots=True)
class AttackEnded(Event):
    """An attack is resolved: HIT lost by each unit it touched (`lost`: (uid, HIT) pairs)."""

    kind: ClassVar[str] = "attack_end"
    attacker: int
    lost: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class HitLost(Event):
    """HIT lost without a save (Execute, a mission's Damage that allows none)."""

    kind: ClassVar[str] = "damage"
    uid: int
    name: str
    amount: int
    source: int | None = None

    @property
    def text(self) -> str:
        return f"{self.name} loses {self.amount} HIT"


@dataclass(frozen=True, slots=True)
class Healed(Event):
    kind: ClassVar[str] = "heal"
    uid: int
    name: str
    amount: int
    hit: int
    max_hit: int
    why: str = ""

    @property
    def text(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"{self.name} heals {self.amount} HIT{why}: {self.hit}/{self.max_hit}"


@dataclass(frozen=True, slots=True)
class TakenOut(Event):
    kind: ClassVar[str] = "taken_out"
    uid: int
    name: str
    side: str
    item: bool = False

    @property
    def text(self) -> str:
        return f"{self.name} is Taken Out" if not self.item else f"{self.name} is destroyed"


@dataclass(frozen=True, slots=True)
class UnitRetired(Event):
    """A Taken Out unit of an NPC side left the world at the end of the Turn (units.py `_retire_fallen`): the record
    of it the match still answers from (`match.unit`, `taken_out_by`, `all_units`...). No line of the log."""

    kind: ClassVar[str] = "retired"
    uid: int
    unit: UnitRecord
    fell: Fallen
    hit: int
    max_hit: int


@dataclass(frozen=True, slots=True)
class Downed(Event):
    kind: ClassVar[str] = "downed"
    uid: int
    name: str
    side: str

    @property
    def text(self) -> str:
        return f"{self.name} is Downed"


@dataclass(frozen=True, slots=True)
class Revived(Event):
    kind: ClassVar[str] = "revived"
    uid: int
    name: str
    side: str
    hit: int
    why: str = ""

    @property
    def text(self) -> str:
        return f"{self.name} stands again with {self.hit} HIT" + (f" ({self.why})" if self.why else "")


# -- markers and missions ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    x: float
    y: float
    z: float
    where: str = ""  # in words ("on the NE Anchor")

    @property
    def text(self) -> str:
        return f"{self.label} placed" + (f" {self.where}" if self.where else "")


@dataclass(frozen=True, slots=True)
class MarkerPickedUp(Event):
    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    uid: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} picks up {self.label}"


@dataclass(frozen=True, slots=True)
class MarkerDropped(Event):
    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    uid: int
    name: str
    x: float
    y: float
    z: float
    taken_out: bool = False  # dropped because the carrier was Taken Out

    @property
    def text(self) -> str:
        return f"{self.name} drops {self.label}" + (" as it falls" if self.taken_out else "")


@dataclass(frozen=True, slots=True)
class MarkerGiven(Event):
    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    giver: int
    giver_name: str
    receiver: int
    receiver_name: str

    @property
    def text(self) -> str:
        return f"{self.giver_name} gives {self.label} to {self.receiver_name}"


@dataclass(frozen=True, slots=True)
class MarkerChanged(Event):
    """A marker's state changed (activated, claimed, reset...): `state` in words for the log."""

    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    state: str

    @property
    def text(self) -> str:
        return f"{self.label}: {self.state}"


@dataclass(frozen=True, slots=True)
class MarkerRemoved(Event):
    kind: ClassVar[str] = "marker"
    marker: str
    label: str
    why: str = ""

    @property
    def text(self) -> str:
        return f"{self.label} is removed" + (f" ({self.why})" if self.why else "")


@dataclass(frozen=True, slots=True)
class MissionActionTaken(Event):
    kind: ClassVar[str] = "mission_action"
    uid: int
    name: str
    action: str  # the mission action's id
    action_name: str
    marker: str | None = None
    marker_label: str = ""
    target: int | None = None

    @property
    def text(self) -> str:
        on = f" on {self.marker_label}" if self.marker_label else ""
        return f"{self.name}: {self.action_name}{on}"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A roll of the mission or its tables (objectives, Anchors, events, spawns, searches) or a skill's die (a
    Medpack's D3): `why` in words, `outcome` what the faces mean. `side` rolled it (None: the game's own table
    roll); `sides`: the dice rolled (a D10 for an Anchor, a D3)."""

    kind: ClassVar[str] = "table_roll"
    why: str
    dice: tuple[Die, ...]
    outcome: str = ""
    side: str | None = None
    sides: int = 6

    @property
    def text(self) -> str:
        out = f": {self.outcome}" if self.outcome else ""
        return f"{self.why}: rolls {faces_text(self.dice)}{out}"


@dataclass(frozen=True, slots=True)
class MissionEvent(Event):
    """A mission's own happening (a Turn event, a wave, extraction, a reward): `name` is its heading."""

    kind: ClassVar[str] = "mission"
    name: str
    message: str = ""
    side: str | None = None

    @property
    def text(self) -> str:
        return f"{self.name}: {self.message}" if self.message else self.name


@dataclass(frozen=True, slots=True)
class ScoreChanged(Event):
    kind: ClassVar[str] = "score"
    side: str
    side_name: str
    delta: int
    total: int
    why: str

    @property
    def text(self) -> str:
        return f"{self.side_name}: {self.delta:+d} MP ({self.why}); {self.total} MP"


@dataclass(frozen=True, slots=True)
class MissionOver(Event):
    kind: ClassVar[str] = "result"
    outcome: str
    turn: int
    reason: str

    @property
    def text(self) -> str:
        return f"Mission over: {self.outcome} - {self.reason}"
