"""A campaign: its setup, its seed and its decisions, like a match is its scenario, seed and commands.

    campaign = new_campaign(Setup("pve", seed, "Name", Options(...), (squad,)))
    match = campaign.start_mission()          # StartMission: the next mission as an ordinary match
    ... the match is played (screens, or game.modes.session.play) ...
    campaign.finish_mission(match)            # FinishMission: Earn MP, then Apply Injuries (R35)
    campaign.submit(NextStep())               # the Homebase after an Operation, step by step (R36)

Every random thing is a campaign die (`Dice(seed)`, each roll a DieRolled event); replaying the setup and the
decisions (`replay_campaign`) gives the same state (`state_hash`). The campaign never reads a match's
internals: it builds the scenario (from its roster, through the kind's script) and reads the finished mission's
`after_mission` (AfterMission.units, by slot). A kind of campaign (PvE, PvP, Last Signal, the Operations book) is a
script over this engine (kinds.py): it makes the sides, rolls the plan, builds each mission's scenario and says the
result line; the engine holds what every kind shares: the sides and their rosters, the missions, Earn MP and Apply
Injuries, healing between missions, the Homebase (homebase.py), the Climax's place, the end.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from fractions import Fraction

from game.content import load_catalog
from game.content.injuries_spoils import card_changes, injuries_and_spoils
from game.modes import build_mission
from game.rules.cards import build_card
from game.rules.dice import Dice
from game.rules.model import SquadSpec, UnitSpec

from . import decisions as D
from . import events as V
from . import homebase, injuries
from .data import campaign_rules
from .model import (
    BRIEFING,
    COMPLETE,
    DECEASED,
    HOMEBASE,
    IN_MISSION,
    LOST,
    MissionRecord,
    RosterUnit,
    Side,
    Where,
    to_data,
)

MAX_NAME = 40
PLAYER = "player"


class CampaignError(ValueError):
    """A campaign that cannot be set up, or a decision that cannot be taken now: the message says why."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a campaign starts from: its kind ("pve"), its seed, its name, the options and the starting squad (one
    squad, or one co-op mini squad per person when options.mini_squads)."""

    kind: str
    seed: int
    name: str
    options: Options
    squads: tuple[SquadSpec, ...]


@dataclass(frozen=True, slots=True)
class Current:
    """The mission in progress: its place in the plan, the match's seed and scenario, and the roster units in the
    scenario's squad order (a finished mission's slots map back through it): every side's, and each side's apart."""

    label: str
    seed: int
    scenario: object  # game.match.scenario.Scenario
    units: tuple[int, ...]
    by_side: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Score:
    mp: int
    won: int
    missions: int  # in the plan
    played: int
    survivors: int
    fallen: int


class Campaign:
    def __init__(self, setup: Setup, catalog=None) -> None:
        from .kinds import campaign_script
        script = campaign_script(setup.kind)
        self.setup = setup
        self.catalog = catalog or load_catalog()
        self.rules = campaign_rules(setup.kind).in_edition(setup.options.edition)
        self.script = script(self)
        self.tables = injuries_and_spoils(self.catalog)
        self.dice = Dice(setup.seed)
        self.decisions: list[D.Decision] = []
        self.events: list[V.CampaignEvent] = []
        self.units: dict[int, RosterUnit] = {}
        self.next_id = 1
        self.sides: list[Side] = []
        self.plan = []  # Operations
        self.where = Where(1, 1, BRIEFING)
        self.current: Current | None = None
        self.reloads: dict[int, int] = {}  # Operation -> reloads of its missions in progress
        self.heals_due: dict[int, int] = {}  # Homebase: unit -> Injuries its player still picks to heal
        self.heals_between: dict[int, int] = {}  # before a mission (E2+): side -> Injuries it still heals
        self.winner: str | None = None  # a campaign of two squads, once over: the winning side's name (None: a draw)
        self.in_progress: list[dict] = []  # the mission in progress's commands so far (saved, not hashed)
        self._start()

    # == setting up ==================================================================================================
    def _start(self) -> None:
        o = self.setup.options
        if not 1 <= len(o.people) <= 4 or any(not p.strip() or len(p) > MAX_NAME for p in o.people):
            raise CampaignError("a campaign is played by 1-4 people, each with a name")
        self.script.make_sides()
        self.script.roll_plan()
        self.begin_operation(1)

    def begin_operation(self, n: int) -> None:
        """Operation n begins (its briefing), or the Climax after the last Operation."""
        op = self.plan[n - 1]
        self.where = Where(n, 1, BRIEFING, climax=op.climax)
        if op.climax:
            self.script.begin_climax()
            return
        self.emit(V.OperationBegins(n, op.threat_level, self.script.faction_name(op.faction) if op.faction else "",
                                    op.title))

    def add_unit(self, spec: UnitSpec, roster: int, owner: int, joined: str, side: int = 0) -> RosterUnit:
        """A unit joins a roster (of `side`) with the next id; a unit without a name of its own gets its type's,
        numbered when the campaign has that name already ("Bloodletter 2")."""
        name = spec.name or self.free_name(spec.unit_type)
        unit = RosterUnit(self.next_id, spec.unit_type, name, tuple(spec.gear), roster, owner, joined, side=side)
        self.units[unit.id] = unit
        self.next_id += 1
        return unit

    def free_name(self, unit_type: str, taken=()) -> str:
        """The name a new unit of this type gets when it has none of its own: its type's, numbered when a unit of
        the campaign (or one of `taken`, recruits not yet taken) has it already ("Bloodletter 2")."""
        base = name = self.catalog.unit_types[unit_type].name
        used = {u.name for u in self.units.values()} | set(taken)
        n = 2
        while name in used:
            name = f"{base} {n}"
            n += 1
        return name

    # == dice and events =============================================================================================
    def roll(self, sides: int, why: str) -> int:
        """One campaign die, logged."""
        face = self.dice.d(sides)
        self.emit(V.DieRolled(why, sides, face))
        return face

    def emit(self, event: V.CampaignEvent) -> None:
        self.events.append(event)

    # == decisions ===================================================================================================
    def reason(self, decision: D.Decision) -> str | None:
        """Why `decision` cannot be taken now (None: it can). The one check `submit` makes too."""
        check = getattr(self, f"_check_{type(decision).__name__}", None)
        if check is None:
            return f"{type(decision).__name__} is not a decision of this campaign"
        return check(decision)

    def submit(self, decision: D.Decision) -> None:
        """Check and apply one decision (CampaignError with the reason if it cannot be taken now)."""
        why = self.reason(decision)
        if why:
            raise CampaignError(why)
        self.decisions.append(decision)
        getattr(self, f"_do_{type(decision).__name__}")(decision)

    # -- the plan ---------------------------------------------------------------------------------------------------
    def _check_RerollMission(self, d: D.RerollMission) -> str | None:
        pm = self.planned(d.operation, d.mission)
        if pm is None:
            return f"there is no mission {d.operation}.{d.mission}"
        if pm.played:
            return f"mission {pm.label} was played: it is locked"
        if self.where.stage in (COMPLETE, LOST):
            return "the campaign is over"
        if self.current is not None and self.current.label == pm.label:
            return f"mission {pm.label} is being played"
        return self.script.reroll_reason(d.operation, d.mission)

    def _do_RerollMission(self, d: D.RerollMission) -> None:
        self.script.reroll(d.operation, d.mission)

    # -- before a mission -------------------------------------------------------------------------------------------
    def _check_DealUnit(self, d: D.DealUnit) -> str | None:
        if self.setup.options.mini_squads:
            return "each mini squad is its person's"
        u = self.units.get(d.unit)
        if u is not None and len(self.side_of(d.unit).people) < 2:
            return "one person plays every unit"
        if u is None or not u.active:
            return "no such unit in the roster"
        if not 0 <= d.person < len(self.side_of(d.unit).people):
            return f"no person {d.person + 1}"
        first = self.where.stage == BRIEFING and not any(m.played for op in self.plan for m in op.missions)
        if not first and self.where.stage != HOMEBASE:
            return "units are dealt out before the first mission and at a Homebase"
        return None

    def _do_DealUnit(self, d: D.DealUnit) -> None:
        u = self.units[d.unit]
        u.owner = d.person
        self.emit(V.UnitDealt(u.id, u.name, self.side_of(d.unit).people[d.person]))

    def _check_ChooseSquadLeader(self, d: D.ChooseSquadLeader) -> str | None:
        if self.where.stage != BRIEFING:
            return "the Squad Leader is agreed before a mission"
        u = self.units.get(d.unit)
        if u is None or not u.active:
            return "no such unit in the roster"
        if not self.card(u.id).is_leader:
            return f"{u.name} is not a Leader"
        return None

    def _do_ChooseSquadLeader(self, d: D.ChooseSquadLeader) -> None:
        self.side_of(d.unit).squad_leader = d.unit
        self.emit(V.SquadLeaderChosen(d.unit, self.units[d.unit].name))

    def _check_StartMission(self, d: D.StartMission) -> str | None:
        if self.where.stage != BRIEFING:
            return "no mission is next" if self.where.stage != IN_MISSION else "a mission is being played"
        if any(not self.deployable(i) for i in range(len(self.sides))):
            return "no unit can deploy"
        due = self.due()
        if due:
            return due[0][1]
        return None

    def _do_StartMission(self, d: D.StartMission) -> None:
        pm = self.next_mission()
        seed = self.roll(2 ** 31 - 1, f"Mission {pm.label}: the mission's dice seed")
        by_side = tuple(tuple(u.id for u in self.deployable(i)) for i in range(len(self.sides)))
        units = tuple(u for ids in by_side for u in ids)
        scenario = self.script.scenario(pm, units)
        scenario = build_mission(scenario, self.catalog).prepare_scenario(scenario, seed)  # as the match plays it
        self.current = Current(pm.label, seed, scenario, units, by_side)
        self.in_progress = []
        self.where = replace(self.where, stage=IN_MISSION)
        self.emit(V.MissionStarted(pm.label, seed, units))

    # -- during a mission -------------------------------------------------------------------------------------------
    def _check_ReloadMission(self, d: D.ReloadMission) -> str | None:
        if self.where.stage != IN_MISSION:
            return "no mission is being played"
        if self.setup.options.ironman:
            return "Ironman: a mission in progress is never reloaded"
        if d.keep < 0:
            return "a mission goes back to one of its moments"
        return None

    def _do_ReloadMission(self, d: D.ReloadMission) -> None:
        op = self.where.operation
        self.reloads[op] = self.reloads.get(op, 0) + 1
        self.in_progress = self.in_progress[:d.keep]
        self.emit(V.MissionReloaded(self.current.label, d.keep, self.reloads[op]))

    def _check_FinishMission(self, d: D.FinishMission) -> str | None:
        if self.where.stage != IN_MISSION:
            return "no mission is being played"
        ids = [r.unit for r in d.units]
        if sorted(ids) != sorted(self.current.units):
            return "the report must name each unit of the mission once"
        if d.mp < 0 or any(mp < 0 for _, mp in d.scores):
            return "a mission earns no negative MP"
        names = [s.name for s in self.sides]
        if any(side not in names for side, _ in d.scores) or (d.winner and d.winner not in names):
            return "the report names a side this campaign does not have"
        return self.script.finish_reason(d)

    def _do_FinishMission(self, d: D.FinishMission) -> None:
        pm = self.next_mission()
        pm.record = MissionRecord(self.current.scenario.to_dict(), self.current.seed, d.commands, d.state_hash,
                                  d.outcome, d.won, d.turn, d.text, d.mp, d.winner or None, d.scores)
        self.emit(V.MissionEnded(pm.label, d.outcome, d.won, d.turn, d.text))
        scores = dict(d.scores) if d.scores else {self.sides[0].name: d.mp}
        for side in self.sides:  # Earn MP (play-modes digest 2.1), then Apply Injuries (R35)
            mp = scores.get(side.name, 0)
            side.mp_earned += mp
            side.mp_bank += mp
            self.emit(V.MpEarned(pm.label, mp, side.mp_earned, side.mp_bank, side.title if len(self.sides) > 1 else ""))
        for r in d.units:
            injuries.serve(self.units[r.unit].record, r, pm.label)
        if not pm.climax:  # no Injuries after a Climax (R35, R38)
            for r in d.units:
                if r.out:
                    injuries.apply_injury(self, self.units[r.unit], r, pm.label)
        self.script.after_mission(pm, d)
        self.current = None
        self.in_progress = []
        self._advance(pm)

    def _advance(self, pm) -> None:
        """Where the campaign goes after mission `pm`: the next mission, the Homebase that ends its Operation, the
        Climax, or the end (R37: a squad with no unit left to deploy loses the campaign at once)."""
        out = [i for i in range(len(self.sides)) if not self.deployable(i)]
        if out:
            self.where = Where(pm.operation, pm.number, LOST if len(self.sides) == 1 else COMPLETE, climax=pm.climax)
            self.script.end(pm, out)
        elif pm.climax:
            self.where = Where(pm.operation, pm.number, COMPLETE, climax=True)
            self.script.end(pm, [])
        elif pm.number < self.rules.missions_per_operation:
            self.where = Where(pm.operation, pm.number + 1, BRIEFING)
            self._heals_between()
        else:
            self.script.operation_over(self.plan[pm.operation - 1])
            if pm.operation < self.operations or self.rules.climax:
                homebase.enter(self, pm.operation, pm.number)
            else:
                self.where = Where(pm.operation, pm.number, COMPLETE)
                self.script.end(pm, [])

    def _heals_between(self) -> None:
        """Between two missions of an Operation (E2+, the Operations book): the squad removes one Injury from one
        unit, when one of its units has one."""
        n = self.rules.injuries_healed_between_missions
        self.heals_between = {i: n for i in range(len(self.sides))
                              if n and any(u.injuries for u in self.roster_units(side=i))}

    # -- PvP: Campaign Rewards and the Climax (the kind's script checks and applies them) ---------------------------
    def _check_PickReward(self, d):
        return self.script.pick_reason(d)

    def _do_PickReward(self, d):
        self.script.pick(d)

    def _check_AssignReward(self, d):
        return self.script.assign_reason(d)

    def _do_AssignReward(self, d):
        self.script.assign(d)

    def _check_ChooseClimax(self, d):
        return self.script.climax_reason(d)

    def _do_ChooseClimax(self, d):
        self.script.choose_climax(d)

    # -- the Homebase (homebase.py) ---------------------------------------------------------------------------------
    def _check_NextStep(self, d):
        return homebase.next_step_reason(self)

    def _do_NextStep(self, d):
        homebase.next_step(self)

    def _check_HealInjury(self, d):
        return homebase.heal_reason(self, d)

    def _do_HealInjury(self, d):
        homebase.heal(self, d)

    def _check_Recruit(self, d):
        return homebase.recruit_reason(self, d)

    def _do_Recruit(self, d):
        homebase.recruit(self, d)

    def _check_Dismiss(self, d):
        return homebase.dismiss_reason(self, d)

    def _do_Dismiss(self, d):
        homebase.dismiss(self, d)

    def _check_ChangeGear(self, d):
        return homebase.gear_reason(self, d)

    def _do_ChangeGear(self, d):
        homebase.change_gear(self, d)

    def _check_BuySpoil(self, d):
        return homebase.spoil_reason(self, d)

    def _do_BuySpoil(self, d):
        homebase.buy_spoil(self, d)

    # == missions as matches =========================================================================================
    def start_mission(self, prepare: bool = False):
        """StartMission, then the mission as a new match (`prepare`: build the movement graph first, for a
        screen)."""
        from game.modes import create_match
        self.submit(D.StartMission())
        return create_match(self.current.scenario, self.current.seed, self.catalog, prepare=prepare)

    def resume_mission(self, prepare: bool = False):
        """The mission in progress as it was left (its commands so far replayed)."""
        from game.match.commands import command_from_dict
        from game.modes import create_match
        if self.current is None:
            raise CampaignError("no mission is being played")
        m = create_match(self.current.scenario, self.current.seed, self.catalog, prepare=prepare)
        for i, c in enumerate(self.in_progress):
            try:
                m.submit(command_from_dict(c))
            except Exception as e:  # a damaged file: the mission is not resumed, the campaign is kept
                m.close()
                raise CampaignError(f"the mission in progress cannot be resumed: its command {i + 1} cannot be "
                                    f"replayed ({e})") from None
        return m

    def reload_mission(self, keep: int = 0, prepare: bool = False):
        """ReloadMission (not under Ironman): the mission in progress from its first `keep` commands."""
        self.submit(D.ReloadMission(keep))
        return self.resume_mission(prepare)

    def mission_replay(self, operation: int, mission: int):
        """A played mission's match, replayed from its scenario, seed and commands (to watch it again; its
        state_hash is the one the campaign recorded)."""
        from game.match.commands import command_from_dict
        from game.match.scenario import Scenario
        from game.modes import replay
        pm = self.planned(operation, mission)
        if pm is None or not pm.played:
            raise CampaignError(f"mission {operation}.{mission} has not been played")
        r = pm.record
        return replay(Scenario.from_dict(r.scenario), r.seed, [command_from_dict(c) for c in r.commands],
                      self.catalog)

    def note_progress(self, match) -> None:
        """Keep the commands of the mission in progress (saved with the campaign)."""
        self._check_match(match)
        self.in_progress = json.loads(json.dumps([c.to_dict() for c in match.log]))

    def _check_match(self, match) -> None:
        cur = self.current
        if cur is None or match.seed != cur.seed or match.scenario.to_dict() != cur.scenario.to_dict():
            raise CampaignError("that match is not this campaign's mission in progress")

    def finish_decision(self, match) -> D.FinishMission:
        """The FinishMission decision a finished match gives (from its after_mission, each squad unit by its side and
        slot)."""
        self._check_match(match)
        if match.result is None:
            raise CampaignError("the mission is not over")
        after = match.mission.after_mission(match)
        names = {o.uid: o.name for o in after.units}
        by_side = {s.name: ids for s, ids in zip(self.sides, self.current.by_side)}
        reports = []
        for o in after.units:
            ids = by_side.get(o.side)
            if ids is None or o.slot is None or o.slot >= len(ids):
                continue
            reports.append(D.UnitReport(ids[o.slot], o.fate, o.turn, o.by_name,
                                        tuple(names[t] for t in o.took_out), o.hit_dealt, o.hit_lost))
        r = after.result
        first = self.sides[0].name
        mp = dict(after.mp).get(first, 0)
        won = r.outcome == "victory" or r.winner == first
        commands = json.loads(json.dumps([c.to_dict() for c in match.log]))  # as a file holds them
        return D.FinishMission(tuple(commands), match.state_hash(), r.outcome, won, r.turn, r.text, mp,
                               tuple(reports), **self.script.finish_extras(after, self.current))

    def finish_mission(self, match) -> None:
        self.submit(self.finish_decision(match))

    # == queries for the screens and the computer ====================================================================
    @property
    def stage(self) -> str:
        return self.where.stage

    @property
    def over(self) -> bool:
        return self.where.stage in (COMPLETE, LOST)

    def planned(self, operation: int, mission: int):
        if not 1 <= operation <= len(self.plan) or not 1 <= mission <= len(self.plan[operation - 1].missions):
            return None
        return self.plan[operation - 1].missions[mission - 1]

    def next_mission(self):
        """The mission of `where` (the next one to play, or the one being played)."""
        return self.planned(self.where.operation, self.where.mission)

    @property
    def operations(self) -> int:
        """The Operations of the plan (the Climax apart)."""
        return sum(1 for op in self.plan if not op.climax)

    def side_of(self, unit_id: int) -> Side:
        return self.sides[self.units[unit_id].side]

    def side_index(self, name: str) -> int:
        """The index of the side called `name` ("player", "opponent")."""
        return next(i for i, s in enumerate(self.sides) if s.name == name)

    def roster_units(self, roster: int | None = None, active: bool | None = True,
                     side: int | None = None) -> list[RosterUnit]:
        """The units in roster order (one roster, or every one; one side's, or every side's), active only by default
        (None: the fallen too). A roster is numbered within its side."""
        out = [u for u in self.units.values() if (side is None or u.side == side)
               and (roster is None or u.roster == roster) and (active is None or u.active == active)]
        return sorted(out, key=lambda u: (u.side, u.roster, u.id))

    def deployable(self, side: int | None = None) -> list[RosterUnit]:
        """The units that can deploy in the next mission (R37: none left, the campaign is lost); one side's, or
        every side's."""
        return self.roster_units(side=side)

    def squad_leader(self, side: int = 0) -> int | None:
        """The agreed Squad Leader for the next mission: the one chosen if still active, else the first Leader."""
        lead = self.sides[side].squad_leader
        if lead is not None and self.units[lead].active:
            return lead
        return next((u.id for u in self.deployable(side) if self.card(u.id).is_leader), None)

    def due(self, side: int | None = None) -> list[tuple[int | None, str]]:
        """What must be decided before the campaign goes on (the next mission, the Homebase's next step), and by
        which side (None: by everyone): [(side, what)], the first one the reason StartMission or NextStep gives."""
        out: list[tuple[int | None, str]] = []
        if self.where.stage == BRIEFING:
            for i, n in sorted(self.heals_between.items()):
                if n:
                    out.append((i, f"{self.sides[i].title}: pick the Injury to heal before the mission"))
            out += self.script.due()
        elif self.where.stage == HOMEBASE:
            out += homebase.due(self)
        return [(s, w) for s, w in out if side is None or s is None or s == side]

    def spec(self, unit_id: int) -> UnitSpec:
        """The unit as its card is built for the next mission: its gear, Injuries, Spoils and honours, and what a
        Campaign Reward lends it for that mission."""
        u = self.units[unit_id]
        return UnitSpec(u.unit_type, u.name, (*u.card_gear, *self.script.lent_gear(unit_id)))

    def card(self, unit_id: int):
        """The unit's card as it plays: its gear, Injuries and Spoils applied."""
        return build_card(self.catalog, self.spec(unit_id))

    def card_changes(self, unit_id: int):
        """Each change its Injuries and Spoils make to its card, with the cause (game.content.injuries_spoils)."""
        return card_changes(self.catalog, self.spec(unit_id), self.tables)

    def spoil_changes(self, unit_id: int, spoil: str):
        """What buying `spoil` would change on the unit's card, each change with its cause (asked of a copy of the
        unit's gear: nothing is bought). CampaignError for a unit or Spoil the campaign does not know."""
        u = self.units.get(unit_id)
        if u is None or spoil not in self.tables.spoils:
            raise CampaignError("no such unit or Spoil of War")
        spec = UnitSpec(u.unit_type, u.name, (*u.card_gear, spoil))
        return tuple(ch for ch in card_changes(self.catalog, spec, self.tables) if ch.cause == spoil)

    def death_risk(self, unit_id: int) -> Fraction:
        """The chance the unit dies if it is Taken Out next mission: the faces of its Injury die that repeat an
        Injury it has (k distinct Injuries: k/6); 0 for a unit that is never injured."""
        u = self.units[unit_id]
        if not u.active or self.never_injured(unit_id):
            return Fraction(0)
        return Fraction(sum(1 for i in self.tables.injury_table if i is not None and i in u.injury_ids), 6)

    def never_injured(self, unit_id: int) -> bool:
        """The unit rolls no Injury die when it is Taken Out (R35: Beasts, Weirdos, Mindless, No Equipment)."""
        return self.tables.immune(self.card(unit_id))

    def roster_squad(self, roster: int, side: int = 0) -> SquadSpec:
        """A roster's active units as a squad (their chosen gear: what the squad rules check)."""
        r = self.sides[side].rosters[roster]
        return SquadSpec(r.squad_type, r.name, tuple(UnitSpec(u.unit_type, u.name, u.gear)
                                                     for u in self.roster_units(roster, side=side)))

    def fallen(self) -> list[RosterUnit]:
        return [u for u in self.units.values() if u.status == DECEASED]

    def score(self, side: int = 0) -> Score:
        missions = [m for op in self.plan for m in op.missions]
        mine = self.sides[side].name
        won = sum(1 for m in missions if m.played and (m.record.winner == mine if m.record.winner else
                                                       (m.record.won and side == 0)))
        return Score(self.sides[side].mp_earned, won, len(missions), sum(1 for m in missions if m.played),
                     len(self.roster_units(side=side)), sum(1 for u in self.fallen() if u.side == side))

    def debrief(self) -> list[V.CampaignEvent]:
        """What the last mission did: from its end (result, MP, each Injury die) to now."""
        for i in range(len(self.events) - 1, -1, -1):
            if isinstance(self.events[i], V.MissionEnded):
                return [e for e in self.events[i:] if e.text]
        return []

    def result_line(self) -> str:
        return self.script.result_line()

    # == state =======================================================================================================
    def state(self) -> dict:
        """Everything that decides what happens next, as plain data (the in-progress commands apart)."""
        cur = self.current
        setup = to_data(self.setup)
        if not self.setup.options.difficulty:  # (added later: a campaign without one hashes as it did)
            del setup["options"]["difficulty"]
        return {"setup": setup, "plan": to_data(self.plan), "sides": to_data(self.sides),
                "units": to_data(sorted(self.units.values(), key=lambda u: u.id)), "next_id": self.next_id,
                "where": to_data(self.where), "reloads": {str(k): v for k, v in sorted(self.reloads.items())},
                "heals_due": {str(k): v for k, v in sorted(self.heals_due.items())},
                "heals_between": {str(k): v for k, v in sorted(self.heals_between.items())}, "winner": self.winner,
                "current": None if cur is None else {"label": cur.label, "seed": cur.seed, "units": list(cur.units),
                                                     "by_side": to_data(cur.by_side),
                                                     "scenario": cur.scenario.to_dict()},
                "dice": self.dice.fingerprint()}

    def state_hash(self) -> str:
        text = json.dumps(self.state(), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def new_campaign(setup: Setup, catalog=None) -> Campaign:
    return Campaign(setup, catalog)


def replay_campaign(setup: Setup, decisions, catalog=None) -> Campaign:
    """The campaign its setup and decisions make (a decision that cannot be taken raises CampaignError)."""
    c = Campaign(setup, catalog)
    for d in decisions:
        c.submit(d)
    return c

