"""The Homebase after each Operation, in the printed order (R36), one step at a time (`NextStep` moves on; no step
comes back): the memorial (the fallen of the Operation), healing (one Injury removed from each unit; a unit with
more than one: its player picks), recruiting up to the GP cap (a unit may be dismissed to make room), gear
changes, Spoils of War bought from the MP bank and bound to a unit (a PvP campaign: given, as many as the squad won
by the Operation's result, R38). Recruiting and gear keep the squad rules while they are changed (GP cap, options,
Unique, at most 10 units) and must leave a legal squad (4-10 units, one Leader; co-op mini squads: their own rules)
before the next step. Co-op: a shared roster's units may be dealt out again at any step. A campaign of two squads
goes through each step with both at once: NextStep waits for both.

Healing between missions (E2+, the Operations book) is a HealInjury too, taken before the next mission."""
from __future__ import annotations

from game.rules.cards import build_card
from game.rules.model import SquadSpec, UnitSpec
from game.rules.squad import validate_mini_squads, validate_squad
from game.rules.wording import count

from . import events as V
from .model import (
    BRIEFING,
    GEAR,
    HEAL,
    HOMEBASE,
    HOMEBASE_STEPS,
    MEMORIAL,
    RECRUIT,
    RETIRED,
    SPOILS,
    STEP_NAMES,
    Where,
)

MAX_NAME = 40


def enter(campaign, operation: int, mission: int) -> None:
    campaign.where = Where(operation, mission, HOMEBASE, MEMORIAL)
    campaign.emit(V.HomebaseStep(operation, MEMORIAL, STEP_NAMES[MEMORIAL]))
    story = campaign.rules.homebases
    if operation <= len(story):
        campaign.emit(V.HomebaseStory(operation, story[operation - 1]))
    for u in campaign.fallen():
        if u.fell is not None and u.fell.mission.split(".")[0] == str(operation):
            campaign.emit(V.Remembered(u.id, u.name, u.fell.mission, u.fell.turn, u.fell.by))


def _step(campaign, step: str) -> str | None:
    w = campaign.where
    if w.stage != HOMEBASE:
        return "this is done at a Homebase, after an Operation: nothing changes in the field (R33)"
    if w.step != step:
        return f"the Homebase is at {STEP_NAMES[w.step]}: {STEP_NAMES[step]} comes " + \
            ("earlier" if HOMEBASE_STEPS.index(step) < HOMEBASE_STEPS.index(w.step) else "later")
    return None


def _unit_reason(campaign, step: str, unit_id: int) -> str | None:
    """Why a decision about this unit cannot be taken at this step (the step, an active unit of the roster)."""
    why = _step(campaign, step)
    if why:
        return why
    u = campaign.units.get(unit_id)
    return "no such unit in the roster" if u is None or not u.active else None


def _full_rules(campaign, side: int = 0) -> list[str]:
    s = campaign.sides[side]
    squads = [campaign.roster_squad(i, side) for i in range(len(s.rosters))]
    if campaign.setup.options.mini_squads:
        return validate_mini_squads(campaign.catalog, squads)
    return validate_squad(campaign.catalog, squads[0], s.rosters[0].cap)


def _kept_rules(campaign, roster: int, squad: SquadSpec, side: int = 0) -> list[str]:
    """The squad rules a roster keeps while it changes (the cap, options, Unique, at most 10 units, at most one
    Leader); the full rules (4 units or more, one Leader) are checked before the next step."""
    return validate_squad(campaign.catalog, squad, campaign.sides[side].rosters[roster].cap, min_units=0,
                          leaders=(0, 1))


# -- moving on ---------------------------------------------------------------------------------------------------------
def due(campaign) -> list[tuple[int | None, str]]:
    """What the Homebase's step still needs before NextStep, and from which side: [(side, what)]."""
    w = campaign.where
    out: list[tuple[int | None, str]] = []
    if w.step == HEAL:
        for uid, n in campaign.heals_due.items():
            if n:
                u = campaign.units[uid]
                out.append((u.side, f"pick the Injury to heal for {u.name}"))
    if w.step in (RECRUIT, GEAR):
        for i, s in enumerate(campaign.sides):
            problems = _full_rules(campaign, i)
            if problems:
                who = f"{s.title}: " if len(campaign.sides) > 1 else ""
                out.append((i, f"{who}the squad must keep the squad rules: " + " ".join(problems)))
    if w.step == SPOILS and campaign.rules.spoils == "by_result":
        for i, s in enumerate(campaign.sides):
            if s.spoils_due and any(spoils_for(campaign, u.id) for u in campaign.roster_units(side=i)):
                out.append((i, f"{s.title}: give {count(s.spoils_due, 'more Spoil')} of War to its units"))
    return out


def next_step_reason(campaign) -> str | None:
    w = campaign.where
    if w.stage != HOMEBASE:
        return "there is no Homebase now"
    if w.step == HEAL:
        left = [campaign.units[u].name for u, n in campaign.heals_due.items() if n]
        if left:
            return f"pick the Injury to heal for {', '.join(left)}"
    waiting = due(campaign)
    return waiting[0][1] if waiting else None


def next_step(campaign) -> None:
    w = campaign.where
    i = HOMEBASE_STEPS.index(w.step)
    if i + 1 < len(HOMEBASE_STEPS):
        step = HOMEBASE_STEPS[i + 1]
        campaign.where = Where(w.operation, w.mission, HOMEBASE, step)
        campaign.emit(V.HomebaseStep(w.operation, step, STEP_NAMES[step]))
        if step == HEAL:
            _start_healing(campaign)
        return
    for side in campaign.sides:  # PvP: a Spoil not given when no unit could take one is lost
        side.spoils_due = 0
    campaign.begin_operation(w.operation + 1)


# -- healing -----------------------------------------------------------------------------------------------------------
def _start_healing(campaign) -> None:
    """Each unit has `injuries_healed_at_homebase` Injuries removed: all of them when it has no more, else its
    player picks (HealInjury)."""
    n = campaign.rules.injuries_healed_at_homebase
    campaign.heals_due = {}
    for u in campaign.roster_units():
        if not u.injuries:
            continue
        if len(u.injuries) <= n:
            for rec in list(u.injuries):
                _heal(campaign, u, rec.injury)
        else:
            campaign.heals_due[u.id] = n


def _heal(campaign, unit, injury: str) -> None:
    rec = next(r for r in unit.injuries if r.injury == injury)
    unit.injuries.remove(rec)
    campaign.emit(V.InjuryHealed(unit.id, unit.name, injury, campaign.catalog.skills[injury].name))


def heal_reason(campaign, d) -> str | None:
    if campaign.where.stage == BRIEFING:
        return between_reason(campaign, d)
    why = _unit_reason(campaign, HEAL, d.unit)
    if why:
        return why
    u = campaign.units[d.unit]
    if not campaign.heals_due.get(u.id):
        return f"{u.name} has no Injury left to pick for healing"
    if d.injury not in u.injury_ids:
        return f"{u.name} does not have that Injury"
    return None


def between_reason(campaign, d) -> str | None:
    """Healing between two missions of an Operation: one Injury of one unit of the squad (E2+)."""
    u = campaign.units.get(d.unit)
    if u is None or not u.active:
        return "no such unit in the roster"
    if not campaign.heals_between.get(u.side):
        return "an Injury is healed at a Homebase" + (", or once between two missions" if
                                                       campaign.rules.injuries_healed_between_missions else "")
    if d.injury not in u.injury_ids:
        return f"{u.name} does not have that Injury"
    return None


def heal(campaign, d) -> None:
    u = campaign.units[d.unit]
    if campaign.where.stage == BRIEFING:
        rec = next(r for r in u.injuries if r.injury == d.injury)
        u.injuries.remove(rec)
        campaign.heals_between[u.side] -= 1
        if not campaign.heals_between[u.side]:
            del campaign.heals_between[u.side]
        campaign.emit(V.InjuryHealedBetween(u.id, u.name, d.injury, campaign.catalog.skills[d.injury].name,
                                            campaign.where.label))
        return
    _heal(campaign, u, d.injury)
    campaign.heals_due[u.id] -= 1
    if not campaign.heals_due[u.id]:
        del campaign.heals_due[u.id]


# -- recruiting and gear -----------------------------------------------------------------------------------------------
def recruit_reason(campaign, d) -> str | None:
    why = _step(campaign, RECRUIT)
    if why:
        return why
    if not 0 <= d.side < len(campaign.sides):
        return "no such squad"
    side = campaign.sides[d.side]
    if not 0 <= d.roster < len(side.rosters):
        return "no such roster"
    if not d.name.strip() or len(d.name) > MAX_NAME:
        return f"a recruit needs a name of 1-{MAX_NAME} characters"
    ut = campaign.catalog.unit_types.get(d.unit_type)
    if ut is None:
        return "unknown unit type"
    squad = campaign.roster_squad(d.roster, d.side)
    if ut.squad_type != squad.squad_type:
        return f"{ut.name} is not in the {side.rosters[d.roster].name} squad list"
    new = SquadSpec(squad.squad_type, squad.name, (*squad.units, UnitSpec(d.unit_type, d.name, d.gear)))
    problems = _kept_rules(campaign, d.roster, new, d.side)
    return " ".join(problems) if problems else None


def recruit(campaign, d) -> None:
    people = campaign.sides[d.side].people
    owner = d.roster if campaign.setup.options.mini_squads else \
        len(campaign.roster_units(side=d.side)) % len(people)
    spec = UnitSpec(d.unit_type, d.name, d.gear)
    u = campaign.add_unit(spec, d.roster, owner, f"Homebase {campaign.where.operation}", d.side)
    card = build_card(campaign.catalog, spec)
    campaign.emit(V.UnitRecruited(u.id, u.name, campaign.catalog.unit_types[d.unit_type].name, card.gp))


def dismiss_reason(campaign, d) -> str | None:
    return _unit_reason(campaign, RECRUIT, d.unit)


def dismiss(campaign, d) -> None:
    u = campaign.units[d.unit]
    u.status = RETIRED
    campaign.emit(V.UnitDismissed(u.id, u.name))


def gear_reason(campaign, d) -> str | None:
    why = _unit_reason(campaign, GEAR, d.unit)
    if why:
        return why
    u = campaign.units[d.unit]
    squad = campaign.roster_squad(u.roster, u.side)
    units = tuple(UnitSpec(x.unit_type, x.name, tuple(d.gear) if x.id == u.id else x.gear)
                  for x in campaign.roster_units(u.roster, side=u.side))
    problems = _kept_rules(campaign, u.roster, SquadSpec(squad.squad_type, squad.name, units), u.side)
    return " ".join(problems) if problems else None


def change_gear(campaign, d) -> None:
    u = campaign.units[d.unit]
    names = lambda gear: tuple(campaign.catalog.gear(g).name for g in gear)  # noqa: E731
    before = u.gear
    u.gear = tuple(d.gear)
    campaign.emit(V.GearChanged(u.id, u.name, names(before), names(u.gear)))


# -- Spoils of War -----------------------------------------------------------------------------------------------------
def spoils_for(campaign, unit_id: int) -> list[str]:
    """The Spoils of War the unit may be given: each once, none its card has already (Technician)."""
    u = campaign.units[unit_id]
    card = campaign.card(unit_id)
    return [s for s in campaign.tables.spoils if s not in u.spoils and s not in card.skills]


def spoil_reason(campaign, d) -> str | None:
    why = _unit_reason(campaign, SPOILS, d.unit)
    if why:
        return why
    u = campaign.units[d.unit]
    if d.spoil not in campaign.tables.spoils:
        return "that is not a Spoil of War"
    if d.spoil not in spoils_for(campaign, u.id):
        return f"{u.name} has {campaign.catalog.skills[d.spoil].name} already"
    side = campaign.side_of(u.id)
    if campaign.rules.spoils == "by_result":
        if not side.spoils_due:
            return f"{side.title} won no Spoil of War to give (one per mission won in the Operation, R38)"
        return None
    cost, bank = campaign.rules.spoil_cost, side.mp_bank
    if bank < cost:
        return f"a Spoil of War costs {cost} MP; the bank holds {bank}"
    return None


def buy_spoil(campaign, d) -> None:
    u = campaign.units[d.unit]
    side = campaign.side_of(u.id)
    cost = 0
    if campaign.rules.spoils == "by_result":
        side.spoils_due -= 1
    else:
        cost = campaign.rules.spoil_cost
        side.mp_bank -= cost
    u.spoils.append(d.spoil)
    campaign.emit(V.SpoilBought(u.id, u.name, d.spoil, campaign.catalog.skills[d.spoil].name, cost, side.mp_bank))
