"""What happens in a campaign, as typed records (like the match's events): each roll of the campaign's dice, the
plan, the missions played, MP earned and spent, every Injury die and its result, the fallen, the Homebase steps.
`text` is the chronicle's line; the screens draw from the fields. They are rebuilt by replaying the decisions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.wording import count


@dataclass(frozen=True, slots=True)
class CampaignEvent:
    kind: ClassVar[str] = "event"

    @property
    def text(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class DieRolled(CampaignEvent):
    """A campaign die (the plan, an Injury, a mission's seed): every random thing of a campaign is one."""

    kind: ClassVar[str] = "die"
    why: str
    sides: int
    face: int

    @property
    def text(self) -> str:
        return f"{self.why}: rolled {self.face}" if self.sides <= 20 else ""


@dataclass(frozen=True, slots=True)
class FactionSet(CampaignEvent):
    kind: ClassVar[str] = "faction"
    operation: int
    faction: str
    name: str
    how: str  # "picked" or "rolled"

    @property
    def text(self) -> str:
        return f"Operation {self.operation}: against the {self.name} ({self.how})"


@dataclass(frozen=True, slots=True)
class MissionPlanned(CampaignEvent):
    kind: ClassVar[str] = "planned"
    label: str
    objectives: tuple[str, str]  # names
    battlefield: str
    deployment: str
    again: bool = False  # re-rolled

    @property
    def text(self) -> str:
        verb = "re-rolled" if self.again else "planned"
        return (f"Mission {self.label} {verb}: {' and '.join(self.objectives)}; {self.battlefield}; "
                f"{self.deployment}")


@dataclass(frozen=True, slots=True)
class UnitDealt(CampaignEvent):
    kind: ClassVar[str] = "dealt"
    unit: int
    name: str
    person: str

    @property
    def text(self) -> str:
        return f"{self.name} is commanded by {self.person}"


@dataclass(frozen=True, slots=True)
class SquadLeaderChosen(CampaignEvent):
    kind: ClassVar[str] = "squad_leader"
    unit: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} is the agreed Squad Leader"


@dataclass(frozen=True, slots=True)
class MissionStarted(CampaignEvent):
    kind: ClassVar[str] = "mission_start"
    label: str
    seed: int
    units: tuple[int, ...]  # the roster units deployed, in the squad's order

    @property
    def text(self) -> str:
        return f"Mission {self.label} begins (seed {self.seed}) with {count(len(self.units), 'unit')}"


@dataclass(frozen=True, slots=True)
class MissionReloaded(CampaignEvent):
    kind: ClassVar[str] = "reload"
    label: str
    keep: int
    reloads: int  # in this Operation so far

    @property
    def text(self) -> str:
        where = "from its start" if not self.keep else f"from command {self.keep}"
        return f"Mission {self.label} reloaded {where} ({count(self.reloads, 'reload')} this Operation)"


@dataclass(frozen=True, slots=True)
class MissionEnded(CampaignEvent):
    kind: ClassVar[str] = "mission_end"
    label: str
    outcome: str
    won: bool
    turn: int
    text_: str  # the mission's own words

    @property
    def text(self) -> str:
        return f"Mission {self.label}: {self.outcome} on Turn {self.turn} ({self.text_})"


@dataclass(frozen=True, slots=True)
class MpEarned(CampaignEvent):
    kind: ClassVar[str] = "mp"
    label: str
    amount: int
    earned: int  # MP earned in the campaign so far
    bank: int
    squad: str = ""  # whose (a campaign of two squads), as players call it

    @property
    def text(self) -> str:
        if self.squad:
            return f"{self.squad}: +{self.amount} MP (earned {self.earned})"
        return f"Earn MP: +{self.amount} MP (earned {self.earned}, in the bank {self.bank})"


# results of an Injury roll
RECOVERED, IMMUNE, INJURED, DECEASED = "recovered", "immune", "injured", "deceased"


@dataclass(frozen=True, slots=True)
class InjuryRolled(CampaignEvent):
    """Apply Injuries (R35): one unit Taken Out (or left behind), its die and what it did."""

    kind: ClassVar[str] = "injury"
    unit: int
    name: str
    label: str
    face: int | None  # None: an immune unit rolls no die
    injury: str | None  # the Injury's id
    injury_name: str
    result: str  # RECOVERED, IMMUNE, INJURED, DECEASED
    turn: int | None
    by: str

    @property
    def text(self) -> str:
        if self.result == IMMUNE:
            return f"{self.name} is never injured: no Injury"
        if self.result == RECOVERED:
            return f"{self.name} rolls {self.face}: Recovered"
        if self.result == INJURED:
            return f"{self.name} rolls {self.face}: {self.injury_name}"
        return f"{self.name} rolls {self.face}: {self.injury_name} again - Deceased"


@dataclass(frozen=True, slots=True)
class CampaignLost(CampaignEvent):
    kind: ClassVar[str] = "lost"
    label: str

    @property
    def text(self) -> str:
        return f"After mission {self.label} no unit is left to deploy: the campaign is lost"


@dataclass(frozen=True, slots=True)
class HomebaseStep(CampaignEvent):
    kind: ClassVar[str] = "homebase"
    operation: int
    step: str
    name: str

    @property
    def text(self) -> str:
        return f"Homebase {self.operation}: {self.name}"


@dataclass(frozen=True, slots=True)
class Remembered(CampaignEvent):
    """The memorial: a fallen unit, with where, when and by whom."""

    kind: ClassVar[str] = "memorial"
    unit: int
    name: str
    label: str
    turn: int | None
    by: str

    @property
    def text(self) -> str:
        when = f", Turn {self.turn}" if self.turn else ""
        return f"In memory of {self.name}: fell in mission {self.label}{when} ({self.by})"


@dataclass(frozen=True, slots=True)
class InjuryHealed(CampaignEvent):
    kind: ClassVar[str] = "healed"
    unit: int
    name: str
    injury: str
    injury_name: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.injury_name} healed"


@dataclass(frozen=True, slots=True)
class UnitRecruited(CampaignEvent):
    kind: ClassVar[str] = "recruited"
    unit: int
    name: str
    type_name: str
    gp: int

    @property
    def text(self) -> str:
        return f"{self.name} ({self.type_name}, {self.gp} GP) joins the squad"


@dataclass(frozen=True, slots=True)
class UnitDismissed(CampaignEvent):
    kind: ClassVar[str] = "dismissed"
    unit: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} leaves the squad"


@dataclass(frozen=True, slots=True)
class GearChanged(CampaignEvent):
    kind: ClassVar[str] = "gear"
    unit: int
    name: str
    before: tuple[str, ...]  # gear names
    after: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"{self.name} changes gear: {', '.join(self.after) or 'none'} (was {', '.join(self.before) or 'none'})"


@dataclass(frozen=True, slots=True)
class SpoilBought(CampaignEvent):
    kind: ClassVar[str] = "spoil"
    unit: int
    name: str
    spoil: str
    spoil_name: str
    cost: int
    bank: int

    @property
    def text(self) -> str:
        if not self.cost:  # PvP: given by the Operation's result (R38)
            return f"{self.name} gains a Spoil of War: {self.spoil_name}"
        return f"{self.name} gains a Spoil of War: {self.spoil_name} ({self.cost} MP; {self.bank} MP left in the bank)"


@dataclass(frozen=True, slots=True)
class OperationBegins(CampaignEvent):
    kind: ClassVar[str] = "operation"
    operation: int
    threat_level: int  # 0: none (PvP)
    faction: str  # the enemy's name ("": the other squad)
    title: str = ""  # an authored Operation's title

    @property
    def text(self) -> str:
        name = f"Operation {self.operation}" + (f": {self.title}" if self.title else "")
        tl = f" (Threat Level {self.threat_level})" if self.threat_level else ""
        return name + tl + (f" against the {self.faction}" if self.faction else "")


@dataclass(frozen=True, slots=True)
class HomebaseStory(CampaignEvent):
    """A scripted campaign's own words for a Homebase."""

    kind: ClassVar[str] = "story"
    operation: int
    words: str

    @property
    def text(self) -> str:
        return self.words


@dataclass(frozen=True, slots=True)
class InjuryHealedBetween(CampaignEvent):
    """E2+ and the Operations book: one Injury removed from one unit between two missions of an Operation."""

    kind: ClassVar[str] = "healed_between"
    unit: int
    name: str
    injury: str
    injury_name: str
    label: str  # the mission it is healed before

    @property
    def text(self) -> str:
        return f"Before mission {self.label}: {self.name}'s {self.injury_name} is healed"


@dataclass(frozen=True, slots=True)
class CampaignComplete(CampaignEvent):
    kind: ClassVar[str] = "complete"
    mp: int
    won: int
    missions: int
    survivors: int
    fallen: int

    @property
    def text(self) -> str:
        return (f"The campaign is complete: {self.mp} MP earned, {self.won} of {self.missions} missions won, "
                f"{count(self.survivors, 'survivor')}, {self.fallen} fallen")


# == a campaign of two squads (PvP, R38) ===============================================================================
@dataclass(frozen=True, slots=True)
class BookMissionPlanned(CampaignEvent):
    """A mission of the plan taken from a book (a PvP mission), picked or rolled."""

    kind: ClassVar[str] = "book_planned"
    label: str
    title: str
    how: str  # "picked", "rolled", "re-rolled"

    @property
    def text(self) -> str:
        return f"Mission {self.label}: {self.title} ({self.how})"


@dataclass(frozen=True, slots=True)
class RewardWon(CampaignEvent):
    """A squad takes a Campaign Reward from a mission, for the next one."""

    kind: ClassVar[str] = "reward"
    squad: str
    reward: str
    effect: str
    label: str
    applied: bool = True  # False: shown, its effect not applied by the game yet

    @property
    def text(self) -> str:
        note = "" if self.applied else " (the game does not apply this Reward's effect yet)"
        return f"{self.squad} takes the Campaign Reward {self.reward} from mission {self.label}: {self.effect}{note}"


@dataclass(frozen=True, slots=True)
class RewardAssigned(CampaignEvent):
    kind: ClassVar[str] = "reward_assigned"
    squad: str
    reward: str
    unit: str  # "" when it goes to no unit
    choice: str  # as players read it ("" none)

    @property
    def text(self) -> str:
        to = f" to {self.unit}" if self.unit else ""
        return f"{self.squad} gives {self.reward}{to}" + (f" ({self.choice})" if self.choice else "")


@dataclass(frozen=True, slots=True)
class RewardKept(CampaignEvent):
    """A Reward's gear kept for good by a unit not Taken Out in the mission it was lent for (Ancient Artifact)."""

    kind: ClassVar[str] = "reward_kept"
    squad: str
    reward: str
    unit: str
    choice: str  # as players read it
    kept: bool

    @property
    def text(self) -> str:
        if self.kept:
            return f"{self.unit} ({self.squad}) keeps {self.choice} for good: {self.reward}, not Taken Out"
        return f"{self.unit} ({self.squad}) loses {self.choice}: {self.reward}, Taken Out in the mission"


@dataclass(frozen=True, slots=True)
class OperationWon(CampaignEvent):
    kind: ClassVar[str] = "operation_won"
    operation: int
    squad: str  # "" nobody (equal mission wins)
    wins: tuple[tuple[str, int], ...]  # (squad, missions won)
    spoils: tuple[tuple[str, int], ...]  # (squad, Spoils of War earned, R38)

    @property
    def text(self) -> str:
        score = ", ".join(f"{s} {n}" for s, n in self.wins)
        head = f"Operation {self.operation}: " + (f"won by {self.squad}" if self.squad else "won by nobody")
        got = ", ".join(f"{s} {count(n, 'Spoil')} of War" for s, n in self.spoils if n) or "no Spoils of War"
        return f"{head} (missions won: {score}); {got}"


@dataclass(frozen=True, slots=True)
class ClimaxPicked(CampaignEvent):
    kind: ClassVar[str] = "climax"
    title: str
    squad: str  # who picked it ("": rolled, nobody has the advantages)

    @property
    def text(self) -> str:
        if self.squad:
            return (f"The Climax: {self.squad} won more Operations and picks {self.title}; it deploys first and has "
                    f"+1 TO in Turn 1")
        return f"The Climax: {self.title}, rolled (the Operations are even: nobody has the advantages)"


@dataclass(frozen=True, slots=True)
class CampaignWon(CampaignEvent):
    kind: ClassVar[str] = "campaign_won"
    squad: str  # "" a draw
    operations: tuple[tuple[str, int], ...]

    @property
    def text(self) -> str:
        ops = ", ".join(f"{s} {n}" for s, n in self.operations)
        if not self.squad:
            return f"The campaign ends in a draw (Operations won: {ops})"
        return f"The campaign is won by {self.squad} (Operations won: {ops})"  # (a squad's name may be plural)
