"""The one record of what in a match belongs to no entity: the Turn, the activation, the step queue, the dice...

A match's state is its esper world (units, markers, tokens and their components) plus this record. Snapshots,
saves and the state hash walk both generically (snapshot.py): a new component, or a new field here, needs no
snapshot or hashing code; its annotation is what a snapshot read from a file is checked against. Every field is
plain data (records, tuples, lists, dicts, sets) except the dice, which the snapshot keeps by their generator's
state.

`Match` reads and writes the public fields under their own names (`match.turn`, `match.activation`,
`match.prompt`); the inner ones (marked `inner`) only the match itself uses, as `match.state.<name>`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.dice import Dice
from game.rules.model import UnitCard

from .attacks import _AttackContext
from .components import Activation
from .mission import Result
from .movement import _PendingMove
from .prompts import Prompt

SETUP = "setup"  # the mission's setup steps (rolls, questions) before anyone deploys
DEPLOY = "deploy"
BATTLE = "battle"
OVER = "over"


def inner(**kw):
    """A field only the match itself reads (no `match.<name>` for it)."""
    return field(metadata={"inner": True}, **kw)


@dataclass(slots=True)
class MatchState:
    dice: Dice
    phase: str = SETUP
    turn: int = 0
    score: dict[str, int] = field(default_factory=dict)  # Mission Points (MP) per side
    mission_state: dict = field(default_factory=dict)  # the mission script's own state: plain data only
    to: dict[str, int] = field(default_factory=dict)  # Tactical Orders per side
    taken_out_count: dict[str, int] = field(default_factory=dict)
    next_side: str | None = None  # whose activation comes next
    activation: Activation | None = None
    result: Result | None = None
    side_effects: dict[str, tuple[str, ...]] = field(default_factory=dict)  # skill ids active for a side this Turn
    prompt: Prompt | None = None  # the question the match waits on
    attack: _AttackContext | None = inner(default=None)  # the attack being resolved
    move: _PendingMove | None = inner(default=None)  # a Move waiting on an Attack of Opportunity
    deployed_sides: set[str] = inner(default_factory=set)
    deploy_turn: str | None = inner(default=None)  # alternate deployment (R29): the side placing a unit now
    marker_ids: dict[str, int] = inner(default_factory=dict)  # marker id -> its entity, in the order placed
    seat_turn: dict[str, int] = inner(default_factory=dict)  # co-op: whose turn to activate (R27)
    pending: list = inner(default_factory=list)  # steps waiting to run (plain tuples)
    front_cursor: int = inner(default=0)  # where the running step puts mission steps "in front"
    # activations waiting under a grant of free actions, each with the steps that were queued after it
    interrupted: list = inner(default_factory=list)
    allegiance: dict[int, str] = inner(default_factory=dict)  # Compel: uid -> the side controlling it for now
    react_due: str = inner(default="")  # "start"/"action": offer the other side its reactions (Standby...)
    doors: dict[str, bool] = inner(default_factory=dict)  # door id -> open (the table follows: places.py)
    cleared: list[tuple[float, float, float]] = inner(default_factory=list)  # terrain taken away: (x, y, r) circles
    entities_made: int = inner(default=0)  # the last entity id the world gave (units.py: _new_entity)
    # the cards of the units that left the world (units.py: _retire_fallen; their records are events): a save
    # holds these cards for its log
    retired_cards: set[UnitCard] = inner(default_factory=set)
