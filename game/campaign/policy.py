"""The computer's Homebase decisions (the headless runner, the lab): a small fixed policy, the same answers for the
same campaign, every decision an ordinary one the campaign checks. Each step, then NextStep:

    memorial          move on
    healing           the Injury that costs the unit most: Deep Wound, Damaged Armor, then what hurts its weapons
                      (Broken Arm for a melee unit, Nerve Damage for a ranged one), Crushed Leg last
    recruiting        a Leader first if the squad has none (dismissing the most injured units if it cannot fit),
                      then the dearest units of the faction's own squad list that fit, up to the cap
    gear              kept
    Spoils of War     while the bank pays: the unit with the fewest Spoils (dearest first) gets the best one for
                      its weapons
"""
from __future__ import annotations

from game.content import default_squad
from game.rules.cards import build_card, unit_gp
from game.rules.model import MELEE, UnitSpec

from . import decisions as D
from .homebase import spoils_for
from .model import GEAR, HEAL, HOMEBASE, MEMORIAL, RECRUIT, SPOILS

HEAL_ORDER = ("HRD-INJ-WD", "HRD-INJ-DA", "WEAPON", "HRD-INJ-IM")  # WEAPON: the unit's main weapon's Injury
MELEE_SPOILS = ("HRD-SOW-MDAM", "HRD-SOW-MSKL", "HRD-SOW-BRU1", "HRD-SOW-M-RND1", "HRD-SOW-M-RLT")
RANGED_SPOILS = ("HRD-SOW-RDAM", "HRD-SOW-RSKL", "HRD-SOW-ACC1", "HRD-SOW-R-RND1", "HRD-SOW-R-RLT")
ANY_SPOILS = ("HRD-SOW-DDG1", "HRD-SOW-TGH1")
MAX_RECRUITS = 10


def _melee(card) -> bool:
    """The unit fights mainly in melee: its strongest weapon is a melee one."""
    best = max(card.weapons, key=lambda w: (w.att, w.kind != MELEE), default=None)
    return best is not None and best.kind == MELEE


def act(campaign) -> list[D.Decision]:
    """Take the computer's decisions for a Homebase step, then move on (NextStep); returns what it decided. Before
    a mission or during one nothing is decided here: the caller starts and plays the mission."""
    w = campaign.where
    if w.stage != HOMEBASE:
        return []
    step = {MEMORIAL: lambda c: [], HEAL: heal_picks, RECRUIT: recruits, GEAR: lambda c: [], SPOILS: spoils}[w.step]
    done = step(campaign)
    campaign.submit(D.NextStep())
    return done + [D.NextStep()]


def heal_picks(campaign) -> list[D.Decision]:
    done = []
    for uid in sorted(campaign.heals_due):
        weapon = "HRD-INJ-BI" if _melee(campaign.card(uid)) else "HRD-INJ-HI"
        order = [weapon if k == "WEAPON" else k for k in HEAL_ORDER]
        while campaign.heals_due.get(uid):
            have = campaign.units[uid].injury_ids
            d = D.HealInjury(uid, next((i for i in order if i in have), have[0]))
            campaign.submit(d)
            done.append(d)
    return done


def _templates(campaign, roster: int) -> tuple[list[UnitSpec], list[UnitSpec], list[UnitSpec]]:
    """What the faction's own squad list offers: the units of its default squad that the roster lacks (by unit
    type), every unit type with the gear a builder suggests (dearest first), and the Leaders it can recruit (its
    default squad's Leader, each unit type that is one or takes a Leader skill)."""
    cat = campaign.catalog
    st = cat.squad_types[campaign.sides[0].rosters[roster].squad_type]
    default = list(default_squad(st.slug, cat).units) if st.default_squad else []
    have = [u.unit_type for u in campaign.roster_units(roster)]
    missing = []
    for t in default:
        if t.unit_type in have:
            have.remove(t.unit_type)
        else:
            missing.append(t)
    types = [cat.unit_types[ut] for ut in st.unit_types if cat.unit_types[ut].recruitable]
    others = sorted((UnitSpec(t.id, "", t.suggested) for t in types), key=lambda u: -unit_gp(cat, u))
    leaders = [t for t in default if build_card(cat, t).is_leader]
    for t in types:
        skills = [g for g in t.options if g in cat.skills and cat.skills[g].is_leader]
        leaders += [UnitSpec(t.id, "", (*t.suggested, *skills[:1]))]
    leaders = [t for t in leaders if build_card(cat, t).is_leader]
    return missing, others, sorted(leaders, key=lambda u: unit_gp(cat, u))


def _name(campaign, spec: UnitSpec) -> str:
    taken = {u.name for u in campaign.units.values()}
    base = campaign.catalog.unit_types[spec.unit_type].name
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def recruits(campaign) -> list[D.Decision]:
    """Recruit (and Dismiss) decisions, each applied as it goes, until the squad keeps the squad rules."""
    done: list[D.Decision] = []

    def take(d) -> bool:
        if campaign.reason(d) is None:
            campaign.submit(d)
            done.append(d)
            return True
        return False

    def fill(roster: int, specs) -> None:
        for _ in range(MAX_RECRUITS):
            if not any(take(D.Recruit(t.unit_type, _name(campaign, t), t.gear, roster)) for t in specs):
                return

    for roster in range(len(campaign.sides[0].rosters)):
        missing, others, leaders = _templates(campaign, roster)
        need_leader = not campaign.setup.options.mini_squads or roster == 0
        if need_leader and not any(campaign.card(u.id).is_leader for u in campaign.roster_units(roster)):
            while not any(take(D.Recruit(t.unit_type, _name(campaign, t), t.gear, roster)) for t in leaders):
                worst = max(campaign.roster_units(roster), key=lambda u: (len(u.injuries), -u.record.missions),
                            default=None)
                if worst is None or not take(D.Dismiss(worst.id)):
                    break
        for t in missing:
            take(D.Recruit(t.unit_type, _name(campaign, t), t.gear, roster))
        fill(roster, others)
        cheap = others[::-1]
        fill(roster, cheap)
        for _ in range(MAX_RECRUITS):  # too few units for the GP left: the dearest make room for cheap ones
            if campaign.reason(D.NextStep()) is None:
                break
            spare = [u for u in campaign.roster_units(roster) if not campaign.card(u.id).is_leader]
            if not spare or not take(D.Dismiss(max(spare, key=lambda u: (campaign.card(u.id).gp, u.id)).id)):
                break
            fill(roster, cheap)
    return done


def spoils(campaign) -> list[D.Decision]:
    """Spoil decisions, each applied as it goes."""
    done: list[D.Decision] = []
    while campaign.sides[0].mp_bank >= campaign.rules.spoil_cost:
        units = sorted(campaign.roster_units(), key=lambda u: (len(u.spoils), -campaign.card(u.id).gp, u.id))
        bought = False
        for u in units:
            card = campaign.card(u.id)
            prefs = (MELEE_SPOILS if _melee(card) else RANGED_SPOILS) + ANY_SPOILS
            free = spoils_for(campaign, u.id)
            pick = next((s for s in prefs if s in free), None)
            if pick is not None:
                d = D.BuySpoil(u.id, pick)
                campaign.submit(d)
                done.append(d)
                bought = True
                break
        if not bought:
            break
    return done
