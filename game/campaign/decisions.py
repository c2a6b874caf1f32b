"""Decisions: everything players (or the computer) decide in a campaign, as typed data. A campaign is its setup,
its seed and these, in order (like a match: scenario, seed and commands); `Campaign.submit` checks and applies
one, `decision_from_dict` reads one back from a file with every field checked from its annotations.

    RerollMission(operation, mission)   an unplayed mission's parts rolled again (a played one is locked)
    DealUnit(unit, person)              co-op, shared roster: who commands a unit (before the first mission, and
                                        at each Homebase)
    ChooseSquadLeader(unit)             the agreed Squad Leader for the next mission (R27)
    StartMission()                      the next mission begins (its seed is a campaign die)
    ReloadMission(keep)                 without Ironman: the mission in progress goes back to its first `keep`
                                        commands (0: its start); the chronicle counts it
    FinishMission(...)                  the finished match's result and how each roster unit ended it; Earn MP
                                        and Apply Injuries follow (R35); a PvP mission's winner, MP per squad,
                                        Campaign Rewards picked and what was carried at its end
    PickReward(side, reward)            PvP, a mission that ended early: its winner picks one of its two Rewards
    AssignReward(side, unit, choice)    PvP, before the next mission: the unit (its own, or an enemy one) and the
                                        pick (a Spoil, a skill, an Injury, gear) of the Campaign Reward it holds
    ChooseClimax(mission)               PvP: the squad that won more Operations picks the Climax (R38)
    NextStep()                          the Homebase's next step (R36); after the last one, the next Operation
    HealInjury(unit, injury)            Homebase: the one Injury a unit has removed (its player picks); between two
                                        missions of an Operation (E2+): the squad's one Injury healed
    Recruit(unit_type, name, gear, roster, side)   Homebase: a new unit, within the roster's GP cap
    Dismiss(unit)                       Homebase, while recruiting: a unit leaves the squad to make room
    ChangeGear(unit, gear)              Homebase: a unit's chosen gear
    BuySpoil(unit, spoil)               Homebase: a Spoil of War from the MP bank, bound to the unit
"""
from __future__ import annotations

import typing
from dataclasses import asdict, dataclass, fields

from game.match.commands import CommandFormatError, command_from_dict, field_checkers, shown_value
from game.match.unit_outcomes import FATES

MAX_COMMANDS = 100_000
MAX_UNITS = 64


class DecisionFormatError(ValueError):
    """A decision read from a file is not one: the message says which field and what was expected."""


@dataclass(frozen=True, slots=True)
class Decision:
    def to_dict(self) -> dict:
        d = asdict(self)
        d["type"] = type(self).__name__
        return d


@dataclass(frozen=True, slots=True)
class RerollMission(Decision):
    operation: int
    mission: int


@dataclass(frozen=True, slots=True)
class DealUnit(Decision):
    unit: int
    person: int


@dataclass(frozen=True, slots=True)
class ChooseSquadLeader(Decision):
    unit: int


@dataclass(frozen=True, slots=True)
class StartMission(Decision):
    pass


@dataclass(frozen=True, slots=True)
class ReloadMission(Decision):
    keep: int = 0


@dataclass(frozen=True, slots=True)
class UnitReport:
    """How one roster unit ended a mission (from the match's AfterMission.units, by the unit's slot)."""

    unit: int  # the roster unit's id
    fate: str  # game.match.unit_outcomes: standing, extracted, left_behind, taken_out, departed
    turn: int | None
    by: str  # who Took it Out, in words
    took_out: tuple[str, ...]  # the names of the enemies it Took Out
    hit_dealt: int
    hit_lost: int

    @property
    def out(self) -> bool:
        return self.fate in ("taken_out", "left_behind")


@dataclass(frozen=True, slots=True)
class FinishMission(Decision):
    commands: tuple[dict, ...]  # the match's log (command.to_dict()), so the battle can be watched again
    state_hash: str  # the match's state at its end: its replay must give the same
    outcome: str
    won: bool
    turn: int
    text: str
    mp: int  # the first squad's MP
    units: tuple[UnitReport, ...]
    winner: str = ""  # the winning side's name (PvP; "": a draw, or a mission against NPCs)
    scores: tuple[tuple[str, int], ...] = ()  # MP per side (PvP)
    rewards: tuple[tuple[str, str], ...] = ()  # (side, Campaign Reward's name) each squad takes from it (PvP)
    carried: tuple[tuple[str, int], ...] = ()  # (marker kind, roster unit) what standing units carried at its end


@dataclass(frozen=True, slots=True)
class PickReward(Decision):
    side: int  # the winner of a mission that ended before its Reward was asked (PvP)
    reward: int  # 0 or 1: the mission's Campaign Reward it takes (the other goes to the loser)


@dataclass(frozen=True, slots=True)
class AssignReward(Decision):
    side: int
    unit: int | None = None  # a roster unit (its own, or the enemy's for a reward aimed at the enemy)
    choice: str = ""  # a Spoil, skill, Injury or gear id; "melee"/"ranged"


@dataclass(frozen=True, slots=True)
class ChooseClimax(Decision):
    mission: str  # a Climax mission's id ("climax-scorched-earth")


@dataclass(frozen=True, slots=True)
class NextStep(Decision):
    pass


@dataclass(frozen=True, slots=True)
class HealInjury(Decision):
    unit: int
    injury: str


@dataclass(frozen=True, slots=True)
class Recruit(Decision):
    unit_type: str
    name: str
    gear: tuple[str, ...] = ()
    roster: int = 0
    side: int = 0


@dataclass(frozen=True, slots=True)
class Dismiss(Decision):
    unit: int


@dataclass(frozen=True, slots=True)
class ChangeGear(Decision):
    unit: int
    gear: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BuySpoil(Decision):
    unit: int
    spoil: str


DECISION_TYPES: dict[str, type[Decision]] = {c.__name__: c for c in (
    RerollMission, DealUnit, ChooseSquadLeader, StartMission, ReloadMission, FinishMission, PickReward, AssignReward,
    ChooseClimax, NextStep, HealInjury, Recruit, Dismiss, ChangeGear, BuySpoil)}


def _fields(cls, d: dict, name: str) -> dict:
    """The fields of dataclass `cls` from `d`, each checked from its annotation (the match's command checkers);
    the two a match command cannot hold (the mission's commands, the unit reports) checked here."""
    hints = typing.get_type_hints(cls)
    special = {f.name for f in fields(cls) if hints[f.name] in (tuple[dict, ...], tuple[UnitReport, ...])}
    out = {}
    for fname, check, required, annotation in field_checkers(cls):
        if fname not in d:
            if not required:
                continue
            raise DecisionFormatError(f"{name}: missing field {fname!r}")
        v = d[fname]
        if fname in special:
            out[fname] = _commands(v, name) if hints[fname] == tuple[dict, ...] else _reports(v, name)
            continue
        try:
            out[fname] = check(v)
        except ValueError as e:
            raise DecisionFormatError(f"{name}: field {fname!r} {e}, got {shown_value(v)}") from None
    return out


def _commands(v, name: str) -> tuple[dict, ...]:
    if not isinstance(v, (list, tuple)) or len(v) > MAX_COMMANDS:
        raise DecisionFormatError(f"{name}: field 'commands' must be a list of at most {MAX_COMMANDS} commands")
    for i, c in enumerate(v):
        try:
            command_from_dict(c)
        except CommandFormatError as e:
            raise DecisionFormatError(f"{name}: command {i + 1}: {e}") from None
    return tuple(v)


def _reports(v, name: str) -> tuple[UnitReport, ...]:
    if not isinstance(v, (list, tuple)) or len(v) > MAX_UNITS:
        raise DecisionFormatError(f"{name}: field 'units' must be a list of at most {MAX_UNITS} units")
    out = []
    for i, r in enumerate(v):
        if isinstance(r, UnitReport):
            r = asdict(r)
        if not isinstance(r, dict):
            raise DecisionFormatError(f"{name}: unit {i + 1} must be an object")
        rep = UnitReport(**_fields(UnitReport, r, f"{name}, unit {i + 1}"))
        if rep.fate not in FATES:
            raise DecisionFormatError(f"{name}, unit {i + 1}: unknown fate {shown_value(rep.fate)}")
        out.append(rep)
    return tuple(out)


def decision_from_dict(d: object) -> Decision:
    """A decision from a file: a known type, every field of the right type; DecisionFormatError otherwise."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise DecisionFormatError("a decision must be an object with a 'type'")
    cls = DECISION_TYPES.get(d["type"])
    if cls is None:
        raise DecisionFormatError(f"unknown decision {shown_value(d['type'])}")
    fields_ = _fields(cls, d, d["type"])
    try:
        return cls(**fields_)
    except (TypeError, ValueError) as e:
        raise DecisionFormatError(f"{d['type']}: {e}") from None
