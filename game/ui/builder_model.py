"""What the squad builder shows, computed from the catalog and the squad being built (no pygame here).

The builder screen (game/ui/builder.py) asks this module which unit types can be added, which gear a unit may
pick and why an option is greyed out, and what the squad's GP, FV and rule problems are.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from game.rules.cards import CardError, build_card, unit_gp
from game.rules.model import MELEE, Catalog, SkillDef, SquadSpec, SquadTypeDef, UnitSpec, WeaponDef, force_value
from game.rules.squad import MAX_UNITS, MINI_MIN_UNITS, STANDARD_BUDGET, mini_squad_budget, squad_gp, validate_squad

#: The budgets offered: (label, GP). Mini squads are the Core Rules' co-op format (section 5).
BUDGETS: list[tuple[str, int]] = [(f"{STANDARD_BUDGET} GP · standard squad", STANDARD_BUDGET)] + [
    (f"{mini_squad_budget(n)} GP · co-op, {n} players", mini_squad_budget(n)) for n in (2, 3, 4)]


#: The same, short, for narrow windows.
BUDGETS_SHORT: list[tuple[str, int]] = [(f"{STANDARD_BUDGET} GP · standard", STANDARD_BUDGET)] + [
    (f"{mini_squad_budget(n)} GP · {n} players", mini_squad_budget(n)) for n in (2, 3, 4)]


def budget_label(budget: int, options: list[tuple[str, int]] | None = None) -> str:
    for label, gp in options or BUDGETS:
        if gp == budget:
            return label
    return f"{budget} GP · custom"


def is_mini(budget: int) -> bool:
    return budget < STANDARD_BUDGET


def playable_squad_types(catalog: Catalog) -> list[SquadTypeDef]:
    """The player squad types, grouped by faction in the catalog's faction order, then by name."""
    order = {fid: i for i, fid in enumerate(catalog.factions)}
    sts = [st for st in catalog.squad_types.values() if st.playable]
    return sorted(sts, key=lambda st: (order.get(st.faction, 99), st.name))


def faction_name(catalog: Catalog, st: SquadTypeDef) -> str:
    f = catalog.factions.get(st.faction)
    return f.name if f is not None else st.faction


def squad_type_label(catalog: Catalog, st: SquadTypeDef) -> str:
    return f"{st.name} ({faction_name(catalog, st)})"


def max_units(catalog: Catalog, spec: SquadSpec) -> int:
    st = catalog.squad_types.get(spec.squad_type)
    return MAX_UNITS if st is None or st.max_units is None else min(MAX_UNITS, st.max_units)


def recruitable_types(catalog: Catalog, st: SquadTypeDef) -> list:
    return [catalog.unit_types[t] for t in st.unit_types if t in catalog.unit_types
            and catalog.unit_types[t].recruitable]


def safe_gp(catalog: Catalog, unit: UnitSpec) -> int:
    try:
        return unit_gp(catalog, unit)
    except (CardError, KeyError):
        return 0


def safe_card(catalog: Catalog, unit: UnitSpec):
    try:
        return build_card(catalog, unit)
    except (CardError, KeyError):
        return None


def squad_fv(catalog: Catalog, spec: SquadSpec) -> int:
    """FV of the squad: the sum of its units' FVs (R24: each unit's FV is its GP / 10, rounded)."""
    return sum(force_value(safe_gp(catalog, u)) for u in spec.units)


def check(catalog: Catalog, spec: SquadSpec, budget: int = STANDARD_BUDGET) -> list[str]:
    """validate_squad's reasons for this budget: a standard squad, or one co-op mini squad (1-10 Units, at most
    one Leader; the rule that some mini squad has a Leader is checked when the players are put together)."""
    if is_mini(budget):
        return validate_squad(catalog, spec, budget, min_units=MINI_MIN_UNITS, leaders=(0, 1))
    return validate_squad(catalog, spec, budget)


def new_unit(catalog: Catalog, type_id: str) -> UnitSpec:
    """A fresh unit of a type: named after the type, with the type's suggested free options (e.g. Fists)."""
    ut = catalog.unit_types[type_id]
    return UnitSpec(type_id, ut.name, tuple(ut.suggested))


def leader_index(catalog: Catalog, spec: SquadSpec, skip: int | None = None) -> int | None:
    for i, u in enumerate(spec.units):
        if i == skip:
            continue
        card = safe_card(catalog, u)
        if card is not None and card.is_leader:
            return i
    return None


def unit_name(catalog: Catalog, unit: UnitSpec) -> str:
    if unit.name:
        return unit.name
    ut = catalog.unit_types.get(unit.unit_type)
    return ut.name if ut else unit.unit_type


def unit_ref(catalog: Catalog, spec: SquadSpec, index: int) -> str:
    """How reasons name another unit: "Corvius (unit 2)" (the number as in the squad list)."""
    return f"{unit_name(catalog, spec.units[index])} (unit {index + 1})"


def add_unit_block(catalog: Catalog, spec: SquadSpec, type_id: str, budget: int) -> str | None:
    """Why a unit of this type cannot be added now, or None."""
    ut = catalog.unit_types[type_id]
    cap = max_units(catalog, spec)
    if len(spec.units) >= cap:
        return f"The squad is full ({cap} Units)."
    if ut.unique and any(u.unit_type == type_id for u in spec.units):
        return f"Unique: the squad already has {ut.name}."
    gp = squad_gp(catalog, spec)
    cost = unit_gp(catalog, new_unit(catalog, type_id))
    if gp + cost > budget:
        return f"Costs {cost} GP; {max(0, budget - gp)} GP left."
    return None


@dataclass(frozen=True, slots=True)
class GearRow:
    """One line of the gear picker."""

    gear_id: str
    label: str  # name with * when Unique
    kind: str  # "melee", "ranged", "skill", "specialty"
    detail: str  # e.g. "ranged · ATT 3 · SKL 4 · RNG24\" 2MC" or "skill · 1 TO"
    gp: int
    default: bool  # always carried, free
    chosen: bool
    block: str | None  # why it cannot be picked now (None: it can)
    rules: str  # HTML: the gear and the rule text of its specials or of the skill
    block_short: str | None = None  # the same reason naming another unit by its name alone (a narrow line)

    @property
    def cost_text(self) -> str:
        if self.default:
            return "included"
        return f"{self.gp} GP" if self.gp else "free"


def _weapon_detail(catalog: Catalog, unit: UnitSpec, w: WeaponDef) -> tuple[str, str]:
    kind = "melee" if w.kind == MELEE else "ranged"
    gear = unit.gear if w.id in unit.gear else (*unit.gear, w.id)
    card = safe_card(catalog, replace(unit, gear=tuple(gear)))
    att, skl, specials = w.att, None, w.specials
    if card is not None:
        try:
            wc = card.weapon(w.id)
            att, skl, specials = wc.att, wc.skl, wc.specials
        except KeyError:
            pass
    parts = [kind, f"ATT {att}"]
    if skl is not None:
        parts.append(f"SKL {skl}")
    sp = " ".join(str(s) for s in specials)
    parts.append(sp if sp else ("no specials" if w.kind == MELEE else "unlimited range"))
    rules = [f"<b>{escape(w.label)}</b> · {kind} weapon · ATT {att}" + (f" · SKL {skl}" if skl is not None else "")
             + f" · {w.gp} GP"]
    if w.unique:
        rules.append("<i>Unique: only one unit in the squad may have it.</i>")
    if w.text:
        rules.append(escape(w.text))
    for s in specials:
        name, text = catalog.special_texts.get(s.code, (s.code, ""))
        rules.append(f"<b>{escape(str(s))}: {escape(name)}</b> {escape(text) or '(no rule text)'}")
    if not specials and w.kind != MELEE:
        rules.append("No Range special: unlimited range.")
    return " · ".join(parts), "<br>".join(rules)


def _skill_detail(catalog: Catalog, s: SkillDef) -> tuple[str, str]:
    kind = {"specialty": "squad specialty", "behavior": "behaviour"}.get(s.kind, "skill")
    costs = []
    if s.act_cost is not None:
        costs.append(f"{s.act_cost} ACT")
    if s.to_cost is not None:
        costs.append(f"{s.to_cost} TO")
    cost = " + ".join(costs) if costs else "passive"
    extra = ""
    if s.is_leader:
        extra = f" · Leader, +{s.leader_dice} TO dice"
    detail = f"{kind} · {cost}{extra}"
    rules = [f"<b>{escape(s.label)}</b> · {kind} · {cost} · {s.gp} GP"]
    if s.is_leader:
        rules.append(f"<i>Makes this unit a Leader: the squad rolls 3 + {s.leader_dice} TO dice while it stands. "
                     f"A squad needs exactly one Leader.</i>")
    if s.unique:
        rules.append("<i>Unique: only one unit in the squad may have it.</i>")
    rules.append(escape(s.text) or "(no rule text)")
    for e in s.effects:
        if e.target == "unit" and e.key == "SPECIAL" and not e.value.startswith("-"):
            code = e.value.rstrip("0123456789")
            if code in catalog.unit_special_texts:
                name, text = catalog.unit_special_texts[code]
                rules.append(f"<b>{escape(e.value)}: {escape(name)}</b> {escape(text)}")
    return detail, "<br>".join(rules)


def gear_rows(catalog: Catalog, spec: SquadSpec, index: int, budget: int) -> list[GearRow]:
    """The gear picker of unit `index`: its defaults (included), then its options with their state."""
    unit = spec.units[index]
    ut = catalog.unit_types.get(unit.unit_type)
    if ut is None:
        return []
    neq = any(s.code == "NEQ" for s in ut.specials)
    gp_now = squad_gp(catalog, spec)
    chosen = set(unit.gear)
    other_leader = leader_index(catalog, spec, skip=index)
    holders: dict[str, int] = {}
    for i, u in enumerate(spec.units):
        if i == index:
            continue
        ot = catalog.unit_types.get(u.unit_type)
        for g in (*(ot.defaults if ot else ()), *u.gear):
            holders.setdefault(g, i)
    rows = []
    ids = list(dict.fromkeys((*ut.defaults, *ut.options, *unit.gear)))
    for gid in ids:
        gear = catalog.weapons.get(gid) or catalog.skills.get(gid)
        if gear is None:
            continue
        if isinstance(gear, WeaponDef):
            kind = gear.kind
            detail, rules = _weapon_detail(catalog, unit, gear)
        else:
            kind = gear.kind
            detail, rules = _skill_detail(catalog, gear)
        default = gid in ut.defaults
        is_chosen = default or gid in chosen
        block = short = None
        if not is_chosen:
            if neq and gear.gp > 0:
                block = "No Equipment: this unit takes no gear that costs GP."
            elif gear.unique and gid in holders:
                block = f"Unique: {unit_ref(catalog, spec, holders[gid])} has it."
                short = f"Unique: {unit_name(catalog, spec.units[holders[gid]])} has it."
            elif isinstance(gear, SkillDef) and gear.is_leader and other_leader is not None:
                block = f"{unit_ref(catalog, spec, other_leader)} is the Leader; only one is allowed."
                short = f"{unit_name(catalog, spec.units[other_leader])} is the Leader; only one is allowed."
            elif gear.gp > 0 and gp_now + gear.gp > budget:
                block = f"Over budget: {gp_now + gear.gp} of {budget} GP."  # (its cost is in the column beside)
        elif gid not in ut.options and not default:
            block = "Not an option of this unit type: remove it."
        if block:
            rules = f"<font color='#F0E442'>{escape(block)}</font><br>{rules}"
        rows.append(GearRow(gid, gear.label, kind, detail, gear.gp, default, is_chosen, block, rules, short or block))
    return rows


def toggle_gear(spec: SquadSpec, index: int, gear_id: str) -> SquadSpec:
    """The squad with `gear_id` added to or removed from unit `index`."""
    u = spec.units[index]
    gear = tuple(g for g in u.gear if g != gear_id) if gear_id in u.gear else (*u.gear, gear_id)
    units = list(spec.units)
    units[index] = replace(u, gear=gear)
    return replace(spec, units=tuple(units))


def rename_unit(spec: SquadSpec, index: int, name: str) -> SquadSpec:
    units = list(spec.units)
    units[index] = replace(units[index], name=name)
    return replace(spec, units=tuple(units))


def add_unit(catalog: Catalog, spec: SquadSpec, type_id: str) -> SquadSpec:
    return replace(spec, units=(*spec.units, new_unit(catalog, type_id)))


def remove_unit(spec: SquadSpec, index: int) -> SquadSpec:
    return replace(spec, units=tuple(u for i, u in enumerate(spec.units) if i != index))


def unit_type_rules(catalog: Catalog, type_id: str) -> str:
    """HTML for the rules panel: a unit type's stats, defaults and unit specials."""
    ut = catalog.unit_types[type_id]
    out = [f"<b>{escape(ut.label)}</b> · {ut.gp} GP · ACT {ut.act} · ARM {ut.arm} · HIT {ut.hit} · MSK {ut.msk} "
           f"· RSK {ut.rsk}"]
    if ut.unique:
        out.append("<i>Unique: the squad may have only one.</i>")
    if ut.text:
        out.append(escape(ut.text))
    if ut.defaults:
        names = ", ".join(escape(catalog.gear(g).label) for g in ut.defaults if g in catalog.weapons
                          or g in catalog.skills)
        out.append(f"Always has: {names}.")
    for s in ut.specials:
        name, text = catalog.unit_special_texts.get(s.code, (s.code, ""))
        out.append(f"<b>{escape(str(s))}: {escape(name)}</b> {escape(text)}")
    out.append(f"{len(ut.options)} gear options.")
    return "<br>".join(out)
