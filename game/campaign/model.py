"""The campaign's state: plain data the campaign alone writes (through its decisions), hashed as a whole.

    Campaign
      setup         kind, seed, name, options (people, mini squads, Ironman, picked NPC factions)
      plan          Operations (NPC faction, Threat Level) x missions (parts, then the record once played)
      sides         one per squad (PvE: one; a PvP campaign: two): rosters (one, or a mini squad per person),
                    MP earned and in the bank, the agreed Squad Leader; PvP: Operations won, Spoils of War due,
                    the Campaign Reward it holds for the next mission
      units         roster units by stable id: type, name, gear, Injuries, Spoils, status, service record
      where         the Operation, the mission, the stage (briefing, mission, homebase and its step, complete, lost);
                    the Climax is one more Operation of one mission (`Where.climax`)

Everything here is standard types, so `to_data` gives the JSON the state hash is made of.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields, is_dataclass

ACTIVE = "active"
DECEASED = "deceased"
RETIRED = "retired"  # left the squad at a Homebase (Dismiss) to make room

# stages of `Where`
BRIEFING = "briefing"  # before a mission: re-roll it, deal out units, agree on the Squad Leader, start it
IN_MISSION = "mission"  # a mission is being played
HOMEBASE = "homebase"  # after an Operation: its steps in the printed order (R36)
COMPLETE = "complete"
LOST = "lost"
STAGES = (BRIEFING, IN_MISSION, HOMEBASE, COMPLETE, LOST)

# the Homebase, in the printed order (R36)
MEMORIAL, HEAL, RECRUIT, GEAR, SPOILS = "memorial", "heal", "recruit", "gear", "spoils"
HOMEBASE_STEPS = (MEMORIAL, HEAL, RECRUIT, GEAR, SPOILS)
STEP_NAMES = {MEMORIAL: "Memorial", HEAL: "Healing", RECRUIT: "Recruiting", GEAR: "Gear", SPOILS: "Spoils of War"}


@dataclass(frozen=True, slots=True)
class InjuryRecord:
    injury: str  # the Injury's id (game.content.injuries_spoils)
    mission: str  # the mission's label, "1.2"
    turn: int | None  # the Turn the unit was Taken Out (or left behind)
    by: str  # who Took it Out, as a player reads it


@dataclass(slots=True)
class ServiceRecord:
    missions: int = 0
    taken_out: int = 0  # times Taken Out, left behind included
    enemies_taken_out: int = 0
    hit_dealt: int = 0
    hit_lost: int = 0
    played: list[str] = field(default_factory=list)  # the labels of the missions it played


@dataclass(slots=True)
class RosterUnit:
    id: int  # stable: never reused, kept by saves, recruiting and the squad as it changes
    unit_type: str
    name: str
    gear: tuple[str, ...]  # chosen gear (what the squad builder chooses; Injuries and Spoils apart)
    roster: int  # which roster of its side (a co-op mini squad: its person's)
    owner: int  # the person who commands it (co-op)
    joined: str  # "start", or "Homebase 1"
    injuries: list[InjuryRecord] = field(default_factory=list)
    spoils: list[str] = field(default_factory=list)
    status: str = ACTIVE
    record: ServiceRecord = field(default_factory=ServiceRecord)
    fell: InjuryRecord | None = None  # where, when and by whom it fell (Deceased)
    side: int = 0  # which side's squad it serves in (a PvP campaign: 0 or 1)
    honours: list[str] = field(default_factory=list)  # lasting gifts of Campaign Rewards (Veteran Status): skill ids

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def injury_ids(self) -> tuple[str, ...]:
        return tuple(i.injury for i in self.injuries)

    @property
    def card_gear(self) -> tuple[str, ...]:
        """Its gear as its card is built from: the chosen gear, then its Injuries, Spoils and honours (cards apply
        them)."""
        return (*self.gear, *self.injury_ids, *self.spoils, *self.honours)


@dataclass(frozen=True, slots=True)
class Roster:
    name: str
    squad_type: str
    cap: int  # GP


@dataclass(slots=True)
class HeldReward:
    """A Campaign Reward a side holds (PvP, R38): won in mission `mission`, it takes effect in the next one. `unit`
    and `choice` are what the side picked for it (AssignReward): its own unit or an enemy unit, and the Spoil, skill,
    Injury or gear the reward lets it pick; `assigned` once picked (or when it needs no pick)."""

    name: str  # the reward's name as the book prints it
    mission: str  # the label of the mission it was won in
    unit: int | None = None
    choice: str = ""
    assigned: bool = False


@dataclass(slots=True)
class Side:
    name: str  # "player" (PvE), or each squad's side ("player", "opponent": the PvP missions' sides)
    title: str  # as players call it (the squad's name)
    rosters: tuple[Roster, ...]
    people: tuple[str, ...]  # who plays it, by name ("Player 1" ...)
    mp_earned: int = 0  # never lowered: the score (R34)
    mp_bank: int = 0  # earned minus spent
    squad_leader: int | None = None  # the agreed Squad Leader for the next mission (a unit id; R27)
    computer: bool = False  # played by the computer (a PvP campaign against the computer)
    operations_won: int = 0  # PvP: Operations won (R38)
    spoils_due: int = 0  # PvP: Spoils of War earned by the Operation's result, still to be given at the Homebase
    reward: HeldReward | None = None  # PvP: the Campaign Reward for the next mission


@dataclass(frozen=True, slots=True)
class MissionParts:
    """What a PvE mission of the plan plays: its objectives, battlefield and deployment (ids of the PvE tables)."""

    objectives: tuple[str, str]
    battlefield: str
    deployment: str


@dataclass(frozen=True, slots=True)
class BookMission:
    """A mission of the plan taken from a book: a PvP mission's id ("secure-the-zone"), a scripted mission's key
    ("last-signal-2.2", "HEG-SWM-01,2"). An empty key: not chosen yet (the Climax, until it is picked)."""

    key: str


@dataclass(frozen=True, slots=True)
class MissionRecord:
    """A played mission, locked: its scenario, seed and commands replay it; the rest is what the campaign took
    from it."""

    scenario: dict  # as the match played it (Scenario.to_dict)
    seed: int
    commands: tuple[dict, ...]  # the match's commands as saved (game.match.commands to_dict)
    state_hash: str
    outcome: str  # "victory" / "defeat" (the squad's side) or the winner
    won: bool
    turn: int
    text: str
    mp: int
    winner: str | None = None  # the winning side's name (PvP; None: a draw, or a mission against NPCs)
    scores: tuple[tuple[str, int], ...] = ()  # MP per side (PvP)


@dataclass(slots=True)
class PlannedMission:
    operation: int  # 1-based (the Climax: the Operation after the last)
    number: int  # 1-based within its Operation
    parts: MissionParts | BookMission
    record: MissionRecord | None = None
    climax: bool = False

    @property
    def label(self) -> str:
        return "Climax" if self.climax else f"{self.operation}.{self.number}"

    @property
    def played(self) -> bool:
        return self.record is not None


@dataclass(slots=True)
class Operation:
    number: int
    threat_level: int  # 0: none (PvP)
    faction: str  # the NPC faction's id (PvE data; "" when the enemy is the other squad)
    missions: list[PlannedMission] = field(default_factory=list)
    title: str = ""  # an authored Operation's title (the Operations book)
    climax: bool = False  # the Climax after the last Operation
    winner: str | None = None  # PvP: the side that won more of its missions, once it is over (None: nobody)


@dataclass(frozen=True, slots=True)
class Where:
    operation: int
    mission: int  # the next (or current) mission of the Operation; the last one during its Homebase
    stage: str
    step: str | None = None  # the Homebase step
    climax: bool = False  # the Climax (`operation` is the one after the last)

    @property
    def label(self) -> str:
        return "Climax" if self.climax else f"{self.operation}.{self.mission}"


@dataclass(frozen=True, slots=True)
class Options:
    """Chosen at the start: how many people play (PvP: one per squad), shared roster or one mini squad each,
    Ironman, the NPC factions picked for some Operations (None: rolled); a PvP campaign: the squads the computer
    plays (by index), how well it plays and the nine missions picked (None: rolled); the Operations book: the
    Operations played (one, or three); a scripted campaign: the edition its Injuries and Spoils follow ("": the kind's
    own, R39)."""

    people: tuple[str, ...] = ("Player 1",)
    mini_squads: bool = False
    ironman: bool = False
    factions: tuple[str | None, ...] = ()
    computer: tuple[int, ...] = ()
    missions: tuple[str | None, ...] = ()
    operations: tuple[str, ...] = ()
    edition: str = ""
    difficulty: str = ""  # a PvP campaign against the computer: how well it plays (game.ai.tactical_levels; "": normal)


def to_data(obj) -> object:
    """Plain JSON data of any state object (dataclasses, tuples, lists, dicts). A played mission's commands are
    given as their count and digest (the match's own state hash stands for what they did)."""
    if isinstance(obj, MissionRecord):
        text = json.dumps(obj.commands, sort_keys=True, separators=(",", ":"))
        digest = f"{len(obj.commands)}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
        return {f.name: digest if f.name == "commands" else to_data(getattr(obj, f.name)) for f in fields(obj)}
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    return obj
