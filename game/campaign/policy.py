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
from .model import BRIEFING, GEAR, HEAL, HOMEBASE, MEMORIAL, RECRUIT, SPOILS

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
    """Take the computer's decisions for every side at this moment (before a mission: what is due; at a Homebase:
    the step's picks, then NextStep); returns what it decided. The caller starts and plays the missions."""
    done: list[D.Decision] = []
    for side in range(len(campaign.sides)):
        done += picks(campaign, side)
    if campaign.where.stage == HOMEBASE:
        campaign.submit(D.NextStep())
        done.append(D.NextStep())
    return done


def picks(campaign, side: int) -> list[D.Decision]:
    """The computer's decisions for `side` now, each applied as it goes (a person plays the other side: its
    screen takes its own and NextStep): before a mission, the Injury healed between missions, the Campaign Reward's
    unit and pick, the Climax; at a Homebase, the step's picks."""
    w = campaign.where
    if w.stage == BRIEFING:
        return heal_between(campaign, side) + campaign.script.computer_picks(side)
    if w.stage != HOMEBASE:
        return []
    step = {MEMORIAL: _none, HEAL: heal_picks, RECRUIT: recruits, GEAR: _none, SPOILS: spoils}[w.step]
    return step(campaign, side)


def _none(campaign, side: int) -> list[D.Decision]:
    return []


def _heal_choice(campaign, uid: int) -> str:
    weapon = "HRD-INJ-BI" if _melee(campaign.card(uid)) else "HRD-INJ-HI"
    order = [weapon if k == "WEAPON" else k for k in HEAL_ORDER]
    have = campaign.units[uid].injury_ids
    return next((i for i in order if i in have), have[0])


def heal_picks(campaign, side: int = 0) -> list[D.Decision]:
    done = []
    for uid in sorted(campaign.heals_due):
        if campaign.units[uid].side != side:
            continue
        while campaign.heals_due.get(uid):
            d = D.HealInjury(uid, _heal_choice(campaign, uid))
            campaign.submit(d)
            done.append(d)
    return done


def heal_between(campaign, side: int) -> list[D.Decision]:
    """Between missions: the Injury that costs the squad most (Deep Wound first, as at a Homebase), on the dearest
    unit that has it."""
    done = []
    while campaign.heals_between.get(side):
        hurt = [u for u in campaign.roster_units(side=side) if u.injuries]
        rank = {k: i for i, k in enumerate(HEAL_ORDER)}

        def key(u):
            inj = _heal_choice(campaign, u.id)
            k = "WEAPON" if inj in ("HRD-INJ-BI", "HRD-INJ-HI") else inj
            return (rank.get(k, len(rank)), -campaign.card(u.id).gp, u.id)
        u = min(hurt, key=key)
        d = D.HealInjury(u.id, _heal_choice(campaign, u.id))
        campaign.submit(d)
        done.append(d)
    return done


def _templates(campaign, roster: int, side: int = 0) -> tuple[list[UnitSpec], list[UnitSpec], list[UnitSpec]]:
    """What the faction's own squad list offers: the units of its default squad that the roster lacks (by unit
    type), every unit type with the gear a builder suggests (dearest first), and the Leaders it can recruit (its
    default squad's Leader, each unit type that is one or takes a Leader skill)."""
    cat = campaign.catalog
    st = cat.squad_types[campaign.sides[side].rosters[roster].squad_type]
    default = list(default_squad(st.slug, cat).units) if st.default_squad else []
    have = [u.unit_type for u in campaign.roster_units(roster, side=side)]
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
    return campaign.free_name(spec.unit_type)


def _taker(campaign, done: list):
    """take(decision): submit it when the campaign allows it now (kept in `done`); False when it does not."""
    def take(d) -> bool:
        if campaign.reason(d) is None:
            campaign.submit(d)
            done.append(d)
            return True
        return False
    return take


def recruits(campaign, side: int = 0) -> list[D.Decision]:
    """Recruit (and Dismiss) decisions, each applied as it goes, until the squad keeps the squad rules."""
    done: list[D.Decision] = []
    take = _taker(campaign, done)

    def recruit(t, roster: int) -> bool:
        return take(D.Recruit(t.unit_type, _name(campaign, t), t.gear, roster, side))

    def fill(roster: int, specs) -> None:
        for _ in range(MAX_RECRUITS):
            if not any(recruit(t, roster) for t in specs):
                return

    for roster in range(len(campaign.sides[side].rosters)):
        missing, others, leaders = _templates(campaign, roster, side)
        units = lambda: campaign.roster_units(roster, side=side)  # noqa: E731
        need_leader = not campaign.setup.options.mini_squads or roster == 0
        if need_leader and not any(campaign.card(u.id).is_leader for u in units()):
            while not any(recruit(t, roster) for t in leaders):
                worst = max(units(), key=lambda u: (len(u.injuries), -u.record.missions), default=None)
                if worst is None or not take(D.Dismiss(worst.id)):
                    break
        for t in missing:
            recruit(t, roster)
        fill(roster, others)
        cheap = others[::-1]
        fill(roster, cheap)
        for _ in range(MAX_RECRUITS):  # too few units for the GP left: the dearest make room for cheap ones
            if not campaign.due(side):
                break
            spare = [u for u in units() if not campaign.card(u.id).is_leader]
            if not spare or not take(D.Dismiss(max(spare, key=lambda u: (campaign.card(u.id).gp, u.id)).id)):
                break
            fill(roster, cheap)
    return done


def best_spoil(campaign, unit_id: int, free=None) -> str | None:
    """The Spoil of War the computer wants most for this unit (for its weapons, then Dodge and Tough), among `free`
    (default: those it may still take)."""
    free = spoils_for(campaign, unit_id) if free is None else free
    prefs = (MELEE_SPOILS if _melee(campaign.card(unit_id)) else RANGED_SPOILS) + ANY_SPOILS
    return next((s for s in prefs if s in free), None)


def spoils(campaign, side: int = 0) -> list[D.Decision]:
    """Spoil decisions, each applied as it goes: while the bank pays (or, in a PvP campaign, while Spoils won by
    the Operation's result are left to give)."""
    done: list[D.Decision] = []
    s = campaign.sides[side]
    by_result = campaign.rules.spoils == "by_result"
    while (s.spoils_due if by_result else s.mp_bank >= campaign.rules.spoil_cost):
        units = sorted(campaign.roster_units(side=side), key=lambda u: (len(u.spoils), -campaign.card(u.id).gp, u.id))
        bought = False
        for u in units:
            pick = best_spoil(campaign, u.id)
            if pick is not None:
                d = D.BuySpoil(u.id, pick)
                campaign.submit(d)
                done.append(d)
                bought = True
                break
        if not bought:
            break
    return done


# == a PvP campaign's picks (R38) ======================================================================================
REWARD_LIKES = ("Healed Injury", "Urgent Treatment", "Veteran Status", "Decisive Strike", "Intelligence Priority")


def pvp_picks(campaign, side: int) -> list[D.Decision]:
    """The computer's PvP decisions for `side` before a mission, each applied as it goes: the Campaign Reward it
    picks when the match did not ask (one whose effect the game applies, the liked ones first), the unit and pick
    of the Reward it holds (its dearest unit; a heal for the most hurt; an enemy pick: the dearest enemy), the
    Climax (the first in the book)."""
    from .pvp import climaxes
    script = campaign.script
    done: list[D.Decision] = []
    take = _taker(campaign, done)

    for who, _ in campaign.due(side):
        if who != side:
            continue
        if script._unpicked() == side:
            pm = script._last_played()
            from game.modes.pvp.book import definition
            rs = definition(pm.parts.key).rewards
            rank = [(r.name not in REWARD_LIKES, not r.applied, i) for i, r in enumerate(rs)]
            take(D.PickReward(side, min(rank)[2]))
        opts = script.reward_options(side)
        if opts:
            rd = script.reward_def(campaign.sides[side].reward)

            def key(o):
                uid, choice = o
                u = campaign.units[uid]
                card = campaign.card(uid)
                fits = 0
                if choice in ("melee", "ranged") or choice.split("-")[0] in ("melee", "ranged"):
                    fits = 0 if (choice.split("-")[0] == "melee") == _melee(card) else 1
                if rd.gear == "spoil":
                    fits = 0 if choice == best_spoil(campaign, uid) else 1
                if rd.gear == "treasure":  # the most of its 5 GP
                    cat = campaign.catalog
                    fits = -sum((cat.weapons.get(g) or cat.skills.get(g)).gp for g in choice.split("+"))
                return (-len(u.injuries) if rd.now == "heal" else 0, fits, -card.gp, uid, choice)
            uid, choice = min(opts, key=key)
            take(D.AssignReward(side, uid, choice))
        if campaign.where.climax and script.climax_chooser() == side:
            take(D.ChooseClimax(climaxes()[0].id))
    return done
