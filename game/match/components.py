"""Components of a match's esper world: slotted dataclasses, written only by the match (game/match/)."""
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
    owner: int = 0  # the person of its side who commands it (co-op: R27); 0 for one person


@dataclass(frozen=True, slots=True)
class Position:
    """Where a unit, a marker or a token stands: the centre of its base and the elevation of the surface under it
    (inches). Frozen: only game/match/places.py puts one on an entity, and the table follows from there."""

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
class Conditions:
    """What skills left on a unit (game/match/skills/ writes them; all in the state hash)."""

    used_mission: tuple[str, ...] = ()  # skills used once per mission
    hidden: bool = False  # Hide: until it leaves hiding
    standby: bool = False  # SBY: may take one Basic Action in another unit's Activation (this Turn)
    cloaked: bool = False  # Cloak: until its next Activation
    protected: bool = False  # Protect: until the end of the Turn
    mindstabbed: bool = False  # Mindstab: no re-rolls until the end of the Turn
    move_tax: int = 0  # Venomous Bonespurs: extra ACT on Move actions in its next Activation
    restored: bool = False  # Restore used this Turn (then no Catalyse)
    catalysed: bool = False  # Catalyse used this Turn (then no Restore)
    downed: bool = False  # at 0 HIT but not removed (Horde Mode): ignored by enemies, may only Move, Dash, Revive


@dataclass(slots=True)
class Marker:
    """A marker or token on the table (Core Rules sections 6-7): an objective, an item, the Asset, a crate, a
    search marker, a Spawn Point. On the table it has a Position; carried, it has a `carrier` instead. A
    marker that can be attacked (ARM/HIT) is also a Unit with `item` set."""

    id: str  # unique in the match: "objective-1", "asset", "crate-3"
    kind: str  # what it is for the mission: "objective", "asset", "crate", "search", "spawn_point", ...
    label: str  # as players call it: "Objective 1", "The Asset"
    carrier: int | None = None
    portable: bool = False  # Pick Up, Drop and Give apply to it
    pickup_cost: int = 1  # ACT of picking it up (Pick Up Flag: 2)
    radius: float = 0.5  # for Adjacency: a 1" token unless the mission says otherwise
    side: str | None = None  # whose it is, when that matters (Push the Line's own objective)
    state: str = ""  # the mission's word for its state ("active", "claimed by the Squad", ...)
    carry_act: int = 0  # ACT change for its carrier's activations (Relay Run: -1, min 1)
    carry_move: float = 0.0  # inches change of its carrier's Moves (The Flag: -2)
    rules: str = ""  # what it does, for the screen
    data: tuple = ()  # the mission's own plain facts about it (counters...)


@dataclass(slots=True)
class Token:
    """A token a skill leaves on the table (Smoke, a Scan marker, a Dark Gaze token); where it lies is its
    Position."""

    kind: str  # "smoke", "scan", "gaze"
    owner: int  # the unit that put it there
    side: str  # the side it works for
    radius: float
    until: str  # "turn": until the Turn ends; "owner": until its owner activates again


@dataclass(slots=True)
class TakenOut:
    turn: int
    by: int | None = None  # the unit whose attack or Damage did it (None: unknown)
    at: tuple[float, float, float] | None = None  # where it stood when it fell


@dataclass(slots=True)
class Departed:
    """Left the battlefield without being Taken Out (extracted, escaped over an edge)."""

    turn: int
    why: str


@dataclass(slots=True)
class Activation:
    """The unit now activating: what it has done and spent (R17)."""

    uid: int
    act: int
    act_spent: int = 0
    history: list = field(default_factory=list)  # game.rules.actions.Performed
    free_action: bool = False  # acting out of turn on free actions (Duty Before Death, orders...): see grant
    grant: str = ""  # why a unit acts out of turn ("dbd", "disciplined", "order", ...); "" = its own activation
    plan: list = field(default_factory=list)  # free actions left, in order: tuples of allowed action names
    max_cost: int | None = None  # free actions only of those that would cost at most this (DBD, Catalyse: 1)
    different: bool = False  # the free actions must be different actions (Neural Command)
    need_combat: bool = False  # one of the free actions must be a Combat action (Get In Dere!)
    target: int | None = None  # the only target its free attacks may have (Take 'Em Down)
    controller: str = ""  # the side giving the commands when it is not the unit's own (Compel)
    on_end: tuple = ()  # steps the match runs when this grant ends (Duty Before Death: the unit falls)
    move_tax: int = 0  # Venomous Bonespurs: extra ACT on each Move action
    locked: bool = False  # Neural Command used: no more actions in this activation
    no_repeat: bool = False  # repeating an action costs no more ACT (the mission says so: PvE Behaviours)
