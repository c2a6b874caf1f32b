"""A campaign: its setup, its seed and its decisions, like a match is its scenario, seed and commands.

    campaign = new_campaign(Setup("pve", seed, "Name", Options(...), (squad,)))
    match = campaign.start_mission()          # StartMission: the next mission as an ordinary match
    ... the match is played (screens, or game.modes.session.play) ...
    campaign.finish_mission(match)            # FinishMission: Earn MP, then Apply Injuries (R35)
    campaign.submit(NextStep())               # the Homebase after an Operation, step by step (R36)

Every random thing is a campaign die (`Dice(seed)`, each roll a DieRolled event); replaying the setup and the
decisions (`replay_campaign`) gives the same state (`state_hash`). The campaign never reads a match's
internals: it builds the scenario (from its roster, through the kind's script) and reads the finished mission's
`after_mission` (AfterMission.units, by slot). A kind of campaign (PvE today; PvP and the scripted ones next) is a
script over this engine: it rolls the plan, builds each mission's scenario and says the result line.
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
from game.rules.squad import mini_squad_budget, validate_mini_squads, validate_squad

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
    Options,
    Roster,
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
    scenario's squad order (a finished mission's slots map back through it)."""

    label: str
    seed: int
    scenario: object  # game.match.scenario.Scenario
    units: tuple[int, ...]


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
        self.rules = campaign_rules(setup.kind)
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
        self.in_progress: list[dict] = []  # the mission in progress's commands so far (saved, not hashed)
        self._start()

    # == setting up ==================================================================================================
    def _start(self) -> None:
        o, squads = self.setup.options, self.setup.squads
        if not 1 <= len(o.people) <= 4 or any(not p.strip() or len(p) > MAX_NAME for p in o.people):
            raise CampaignError("a campaign is played by 1-4 people, each with a name")
        if o.mini_squads:
            if len(squads) != len(o.people) or len(squads) < 2:
                raise CampaignError(f"co-op mini squads: one per person, 2-4 of them (got {len(squads)} for "
                                    f"{len(o.people)} people)")
            problems = validate_mini_squads(self.catalog, squads)
            cap = mini_squad_budget(len(squads))
        else:
            if len(squads) != 1:
                raise CampaignError("a shared roster is one squad")
            problems = validate_squad(self.catalog, squads[0], self.rules.budget)
            cap = self.rules.budget
            if len(o.people) > len(squads[0].units):
                raise CampaignError(f"{len(o.people)} people cannot share a squad of {len(squads[0].units)} units")
        if problems:
            raise CampaignError("the squad breaks the squad rules: " + " ".join(problems))
        rosters = tuple(Roster(s.name or f"Squad {i + 1}", s.squad_type, cap) for i, s in enumerate(squads))
        title = squads[0].name if len(squads) == 1 else " + ".join(r.name for r in rosters)
        self.sides = [Side(PLAYER, title or "Squad", rosters, tuple(o.people))]
        k = 0
        for ri, spec in enumerate(squads):
            for u in spec.units:
                owner = ri if o.mini_squads else k % len(o.people)
                self.add_unit(u, ri, owner, "start")
                k += 1
        self.script.roll_plan()
        op = self.plan[0]
        self.emit(V.OperationBegins(1, op.threat_level, self.script.faction_name(op.faction)))

    def add_unit(self, spec: UnitSpec, roster: int, owner: int, joined: str) -> RosterUnit:
        """A unit joins the roster with the next id; a unit without a name of its own gets its type's, numbered
        when the roster has that name already ("Bloodletter 2")."""
        name = spec.name
        if not name:
            base = name = self.catalog.unit_types[spec.unit_type].name
            taken = {u.name for u in self.units.values()}
            n = 2
            while name in taken:
                name = f"{base} {n}"
                n += 1
        unit = RosterUnit(self.next_id, spec.unit_type, name, tuple(spec.gear), roster, owner, joined)
        self.units[unit.id] = unit
        self.next_id += 1
        return unit

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
        return None

    def _do_RerollMission(self, d: D.RerollMission) -> None:
        self.script.reroll(d.operation, d.mission)

    # -- before a mission -------------------------------------------------------------------------------------------
    def _check_DealUnit(self, d: D.DealUnit) -> str | None:
        if self.setup.options.mini_squads:
            return "each mini squad is its person's"
        if len(self.setup.options.people) < 2:
            return "one person plays every unit"
        u = self.units.get(d.unit)
        if u is None or not u.active:
            return "no such unit in the roster"
        if not 0 <= d.person < len(self.setup.options.people):
            return f"no person {d.person + 1}"
        first = self.where.stage == BRIEFING and not any(m.played for op in self.plan for m in op.missions)
        if not first and self.where.stage != HOMEBASE:
            return "units are dealt out before the first mission and at a Homebase"
        return None

    def _do_DealUnit(self, d: D.DealUnit) -> None:
        u = self.units[d.unit]
        u.owner = d.person
        self.emit(V.UnitDealt(u.id, u.name, self.setup.options.people[d.person]))

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
        if not self.deployable():
            return "no unit can deploy"
        return None

    def _do_StartMission(self, d: D.StartMission) -> None:
        pm = self.next_mission()
        seed = self.roll(2 ** 31 - 1, f"Mission {pm.label}: the mission's dice seed")
        units = tuple(u.id for u in self.deployable())
        scenario = self.script.scenario(pm, units)
        scenario = build_mission(scenario, self.catalog).prepare_scenario(scenario, seed)  # as the match plays it
        self.current = Current(pm.label, seed, scenario, units)
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
        if d.mp < 0:
            return "a mission earns no negative MP"
        return None

    def _do_FinishMission(self, d: D.FinishMission) -> None:
        pm = self.next_mission()
        pm.record = MissionRecord(self.current.scenario.to_dict(), self.current.seed, d.commands, d.state_hash,
                                  d.outcome, d.won, d.turn, d.text, d.mp)
        self.emit(V.MissionEnded(pm.label, d.outcome, d.won, d.turn, d.text))
        side = self.sides[0]
        side.mp_earned += d.mp  # Earn MP (play-modes digest 2.1), then Apply Injuries (R35)
        side.mp_bank += d.mp
        self.emit(V.MpEarned(pm.label, d.mp, side.mp_earned, side.mp_bank))
        for r in d.units:
            injuries.serve(self.units[r.unit].record, r, pm.label)
        for r in d.units:
            if r.out:
                injuries.apply_injury(self, self.units[r.unit], r, pm.label)
        self.current = None
        self.in_progress = []
        if not self.deployable():
            self.where = Where(pm.operation, pm.number, LOST)
            self.emit(V.CampaignLost(pm.label))
        elif pm.number < self.rules.missions_per_operation:
            self.where = Where(pm.operation, pm.number + 1, BRIEFING)
        elif pm.operation < self.rules.operations:
            homebase.enter(self, pm.operation, pm.number)
        else:
            self.where = Where(pm.operation, pm.number, COMPLETE)
            s = self.score()
            self.emit(V.CampaignComplete(s.mp, s.won, s.missions, s.survivors, s.fallen))

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
        """The FinishMission decision a finished match gives (from its after_mission, by slot)."""
        self._check_match(match)
        if match.result is None:
            raise CampaignError("the mission is not over")
        after = match.mission.after_mission(match)
        names = {o.uid: o.name for o in after.units}
        reports = []
        for o in after.units:
            if o.side != PLAYER or o.slot is None or o.slot >= len(self.current.units):
                continue
            reports.append(D.UnitReport(self.current.units[o.slot], o.fate, o.turn, o.by_name,
                                        tuple(names[t] for t in o.took_out), o.hit_dealt, o.hit_lost))
        r = after.result
        mp = dict(after.mp).get(PLAYER, 0)
        won = r.outcome == "victory" or r.winner == PLAYER
        commands = json.loads(json.dumps([c.to_dict() for c in match.log]))  # as a file holds them
        return D.FinishMission(tuple(commands), match.state_hash(), r.outcome, won, r.turn, r.text, mp,
                               tuple(reports))

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

    def side_of(self, unit_id: int) -> Side:
        return self.sides[0]

    def roster_units(self, roster: int | None = None, active: bool | None = True) -> list[RosterUnit]:
        """The units in roster order (one roster, or every one), active only by default (None: the fallen too)."""
        out = [u for u in self.units.values() if (roster is None or u.roster == roster)
               and (active is None or u.active == active)]
        return sorted(out, key=lambda u: (u.roster, u.id))

    def deployable(self) -> list[RosterUnit]:
        """The units that can deploy in the next mission (R37: none left, the campaign is lost)."""
        return self.roster_units()

    def squad_leader(self) -> int | None:
        """The agreed Squad Leader for the next mission: the one chosen if still active, else the first Leader."""
        side = self.sides[0]
        lead = side.squad_leader
        if lead is not None and self.units[lead].active:
            return lead
        return next((u.id for u in self.deployable() if self.card(u.id).is_leader), None)

    def spec(self, unit_id: int) -> UnitSpec:
        u = self.units[unit_id]
        return UnitSpec(u.unit_type, u.name, u.card_gear)

    def card(self, unit_id: int):
        """The unit's card as it plays: its gear, Injuries and Spoils applied."""
        return build_card(self.catalog, self.spec(unit_id))

    def card_changes(self, unit_id: int):
        """Each change its Injuries and Spoils make to its card, with the cause (game.content.injuries_spoils)."""
        return card_changes(self.catalog, self.spec(unit_id), self.tables)

    def death_risk(self, unit_id: int) -> Fraction:
        """The chance the unit dies if it is Taken Out next mission: the faces of its Injury die that repeat an
        Injury it has (k distinct Injuries: k/6); 0 for a unit that is never injured."""
        u = self.units[unit_id]
        if not u.active or self.tables.immune(self.card(unit_id)):
            return Fraction(0)
        return Fraction(sum(1 for i in self.tables.injury_table if i is not None and i in u.injury_ids), 6)

    def roster_squad(self, roster: int) -> SquadSpec:
        """A roster's active units as a squad (their chosen gear: what the squad rules check)."""
        r = self.sides[0].rosters[roster]
        return SquadSpec(r.squad_type, r.name, tuple(UnitSpec(u.unit_type, u.name, u.gear)
                                                     for u in self.roster_units(roster)))

    def fallen(self) -> list[RosterUnit]:
        return [u for u in self.units.values() if u.status == DECEASED]

    def score(self) -> Score:
        missions = [m for op in self.plan for m in op.missions]
        return Score(self.sides[0].mp_earned, sum(1 for m in missions if m.played and m.record.won), len(missions),
                     sum(1 for m in missions if m.played), len(self.roster_units()), len(self.fallen()))

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
        return {"setup": to_data(self.setup), "plan": to_data(self.plan), "sides": to_data(self.sides),
                "units": to_data(sorted(self.units.values(), key=lambda u: u.id)), "next_id": self.next_id,
                "where": to_data(self.where), "reloads": {str(k): v for k, v in sorted(self.reloads.items())},
                "heals_due": {str(k): v for k, v in sorted(self.heals_due.items())},
                "current": None if cur is None else {"label": cur.label, "seed": cur.seed, "units": list(cur.units),
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

