"""The live game: one esper world, seeded dice, a command log, and the rules applied command by command.

`Match.submit(command)` is the only way to change a match. It validates (raising IllegalCommand with a
reason), applies, and records the command. When a resolution needs a decision (re-roll this die? which
unit makes the Attack of Opportunity? how many inches to blunt?) the match stops on a `Prompt` that the
deciding side answers with its next command. `legal_commands(side)` lists what a side may do now.

Skills and unit specials live in `skills/`; the match calls it at named hook points (search for `S.`).
After every command the match runs its step queue (`_after_step`): Damage and deaths, free actions that
skills grant (Duty Before Death, Relay Order, Disciplined...), Counter, the next activation, the Turn.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import operator
from dataclasses import asdict, fields, is_dataclass

import esper

from game.battlefield import Battlefield, Table
from game.rules import actions as act
from game.rules.dice import Dice
from game.rules.model import UnitCard

from . import commands as C
from . import events as E
from . import skills as S
from . import codec, snapshot
from .attacks import MatchAttacks
from .errors import IllegalCommand
from .events import Event
from .flow import BATTLE, DEPLOY, OVER, SETUP, MatchFlow
from .history import History
from .legal import MatchLegal
from .markers import MatchMarkers
from .mission import MissionScript
from .missions import MatchMissions
from .movement import MatchMovement
from .answers import MatchAnswers
from .outcomes import MatchOutcomes
from .paying import MatchPaying
from .places import MatchPlaces
from .prompts import MatchPrompts, Prompt
from .queries import MatchQueries
from .scenario import Scenario
from .state import MatchState
from .units import MatchUnits

_world_ids = itertools.count(1)

__all__ = ["Match", "Prompt", "Event", "SETUP", "DEPLOY", "BATTLE", "OVER"]


# the commands of an activation and the methods that carry them out
_ACTIVATION_HANDLERS = {C.Move: "_do_move", C.Dash: "_do_move", C.RangedAttack: "_do_ranged",
                        C.MeleeAttack: "_do_melee", C.ToggleDoor: "_do_door", C.UseSkill: "_do_skill",
                        C.PickUp: "_do_pick_up", C.Drop: "_do_drop", C.Give: "_do_give",
                        C.UseMissionAction: "_do_mission_action", C.EndActivation: "_do_end_activation"}


class Match(MatchUnits, MatchPlaces, MatchFlow, MatchPaying, MatchLegal, MatchMovement, MatchAttacks, MatchPrompts,
            MatchMarkers, MatchMissions, MatchQueries, MatchOutcomes, MatchAnswers):
    def __init__(self, scenario: Scenario, seed: int, mission: MissionScript, battlefield: Battlefield,
                 cards: dict[str, list[tuple[str, UnitCard]]], catalog=None, table: Table | None = None) -> None:
        """`cards`: for each side with a squad, its units as (name, built card). `table`: a Table of this
        battlefield to reuse (reset to the map as loaded), e.g. the one of the match an undo replays."""
        self.scenario = scenario
        self.seed = seed
        self.mission = mission
        self.catalog = catalog
        self._bind_world(f"match-{next(_world_ids)}")
        if table is not None and table.battlefield is battlefield and table.measure == scenario.measure:
            table.reset()
            self.table = table
        else:
            self.table = Table(battlefield, scenario.measure)
        self.sides = scenario.side_names
        self.npc_sides = tuple(s.side for s in scenario.sides if s.npc)
        # what belongs to no entity: one typed record (state.py); the rest of the state is the esper world
        self.state = MatchState(dice=Dice(seed), score={s: 0 for s in self.sides}, to={s: 0 for s in self.sides},
                                taken_out_count={s: 0 for s in self.sides}, seat_turn={s: 0 for s in self.sides},
                                doors={d.id: d.open for d in battlefield.doors})
        # append-only: the commands, the dice each rolled, the events (a loaded match's earlier part stays
        # undecoded until read: history.py)
        self.log = History()
        self.rolls_per_command = History()
        self.events = History()
        self.version = 0  # counts the changes of the match (commands applied, a snapshot restored): what was
        # worked out for one version (a screen's questions) holds until it changes
        self._units_cache: dict = {}  # units() lists, kept until a place changes (places.py)
        self._outcomes_kept: tuple | None = None  # the last answer_outcomes asked, with what it was asked of
        self._retired_seen: tuple = (0, {})  # the records of units that left the world, read from the events so far
        self._retired_events = None  # (the history they were read from)
        self.checkpoint_every = 0  # capture a snapshot every n commands (undo replays from the nearest one)
        self.checkpoints: list = []  # (snapshot.Packed; a loaded match: its save's, read when an undo needs them)
        with self._in_world():
            for side, units in cards.items():
                owners = scenario.side(side).owners
                for i, (name, card) in enumerate(units):
                    self.add_unit(side, name, card, owner=owners[i] if i < len(owners) else 0)
            self.mission.setup(self)
            self._after_step()  # the mission's setup steps, then deployment


    # == events ======================================================================================
    def emit(self, event: E.Event) -> None:
        self.events.append(event)

    def note(self, text: str, uid: int | None = None) -> None:
        """A plain line of the battle log (skills and missions say what they did)."""
        self.events.append(E.Note(text, uid))

    def side_name(self, side: str) -> str:
        """The side as players call it (the scenario's name for it)."""
        for s in self.scenario.sides:
            if s.side == side:
                return s.name or side.capitalize()
        return side

    # == submitting =================================================================================
    def submit(self, cmd: C.Command) -> list[Event]:
        """Validate and apply one command; returns the events it produced."""
        if self.phase == OVER:
            raise IllegalCommand("the mission is over")
        expected = self.waiting_for()
        if cmd.side != expected:
            who = "nobody's" if expected is None else f"{self.side_name(expected)}'s"
            raise IllegalCommand(f"it is {who} decision now, not {self.side_name(cmd.side)}'s")
        before_events = len(self.events)
        before_rolls = self.dice.rolled
        with self._in_world():
            self._apply(cmd)
        self.version += 1
        self.log.append(cmd)
        self.rolls_per_command.append(self.dice.rolled - before_rolls)
        if self.checkpoint_every and len(self.log) % self.checkpoint_every == 0:
            self.checkpoints.append(snapshot.checkpoint(self))
        return self.events[before_events:]

    def _apply(self, cmd: C.Command) -> None:
        self.state.front_cursor = 0
        p = self.prompt
        if p is not None:
            self._answer_prompt(p, cmd)
        elif self.phase == SETUP:
            raise IllegalCommand("the mission is still being set up")
        elif self.phase == DEPLOY:
            if isinstance(cmd, C.Deploy):
                self._deploy(cmd)
            elif isinstance(cmd, C.EndDeployment):
                if self.undeployed(cmd.side):
                    raise IllegalCommand("deploy every unit first")
                self.state.deployed_sides.add(cmd.side)
                self._maybe_start_battle()
            else:
                raise IllegalCommand("units are still being deployed")
        elif self.activation is None:
            if not isinstance(cmd, C.Activate):
                raise IllegalCommand("choose a unit to activate")
            self._activate_chosen(cmd)
        else:
            name = _ACTIVATION_HANDLERS.get(type(cmd))
            if name is None:
                raise IllegalCommand("that is not possible during an activation")
            normal = not self.activation.grant
            getattr(self, name)(cmd)
            if normal and not isinstance(cmd, C.EndActivation):
                self.state.react_due = self.state.react_due or "action"
        self._after_step()


    def _do_end_activation(self, cmd: C.EndActivation) -> None:
        self._cmd_end_activation()

    # == doors and skills ===========================================================================
    def _do_door(self, cmd: C.ToggleDoor) -> None:
        uid = self.activation.uid
        if cmd.door not in self.table.adjacent_doors(self.base(uid)):
            raise IllegalCommand("that door is not Adjacent")
        self._pay(act.DOOR)
        now_open = not self.state.doors[cmd.door]
        self.set_door(cmd.door, now_open)
        self.emit(E.DoorToggled(uid, self.unit(uid).name, cmd.door, now_open))

    def _do_skill(self, cmd: C.UseSkill) -> None:
        S.use_skill(self, cmd)

    def skill_reason(self, uid: int, skill_id: str) -> str | None:
        """Why `uid` cannot use skill action `skill_id` now (whatever its target), or None."""
        impl = S.ACTIONS.get(skill_id)
        if impl is not None and not impl.anytime and (self.activation is None or self.activation.uid != uid):
            return "only during this unit's own activation"
        with self._in_world():
            return S.skill_reason(self, uid, skill_id)

    # == hashing, replay, undo ======================================================================
    def state_data(self) -> dict:
        """Everything that makes this match what it is now, as plain data: every entity with its components and
        the state record, walked generically (codec.encode: cards by their digest), the dice by their seed
        and the rolls so far."""
        with self._in_world():
            world = [[ent, {type(c).__name__: codec.encode(c) for c in esper.components_for_entity(ent)}]
                     for ent in sorted(esper.get_entities())]
        return self.state_record(world, codec.encode(self.state, self.dice))

    def state_record(self, world: list, state) -> dict:
        """state_data from its parts already encoded: [[entity, {component type: encoded}]] and the state record."""
        return {"entities": world, "state": state, "dice": self.dice.fingerprint()}

    def state_hash(self, data: dict | None = None) -> str:
        """The hash of state_data (`data`: that data, already made)."""
        blob = json.dumps(self.state_data() if data is None else data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def can_undo(self) -> bool:
        return bool(self.log) and self.rolls_per_command[-1] == 0

    def battle_log(self) -> list[str]:
        return [e.text for e in self.events if e.text]


def _state_property(name: str) -> property:
    read = operator.attrgetter(f"state.{name}")

    def write(self, value) -> None:
        setattr(self.state, name, value)
    return property(read, write, doc=f"match.state.{name}")


for _f in fields(MatchState):  # match.turn, match.activation, ...: the record's public fields under their names
    if not _f.metadata.get("inner"):
        setattr(Match, _f.name, _state_property(_f.name))


_CARD_DIGESTS: dict[int, tuple[object, str]] = {}


def _card_digest(card) -> str:
    """A short digest of a unit card, computed once per card object (cards are frozen)."""
    hit = _CARD_DIGESTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    blob = json.dumps(asdict(card), sort_keys=True, default=_json_default)
    digest = hashlib.sha256(blob.encode()).hexdigest()[:16]
    if len(_CARD_DIGESTS) > 4096:
        _CARD_DIGESTS.clear()
    _CARD_DIGESTS[id(card)] = (card, digest)
    return digest


def _json_default(o):
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    if is_dataclass(o) and not isinstance(o, type):
        return {f.name: getattr(o, f.name) for f in fields(o)}
    return repr(o)


# Skill actions the engine knows (skills.ACTIONS): skill id -> SkillAction.
SKILL_ACTIONS = S.ACTIONS
# Skills that let a unit act once more at 0 HIT before it is Taken Out.
DUTY_BEFORE_DEATH = S.DUTY_BEFORE_DEATH
