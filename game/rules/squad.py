"""Squad building rules (Core Rules section 5), pure and standard library only.

validate_squad() and validate_mini_squads() return a list of reasons, written for players
("Squad costs 104 GP; the limit is 100 GP."). An empty list means the squad is legal.
"""
from __future__ import annotations

from game.rules.cards import build_card
from game.rules.model import Catalog, SquadSpec, UnitSpec

STANDARD_BUDGET = 100
MIN_UNITS = 4
MAX_UNITS = 10
MINI_SQUAD_BUDGETS = {2: 50, 3: 34, 4: 25}
#: Our reading for co-op mini squads (docs/content-format.md): a mini squad needs at least one Unit (the
#: standard 4-Unit minimum does not fit a 25-50 GP budget) and keeps the 10-Unit maximum.
MINI_MIN_UNITS = 1


def mini_squad_budget(players: int) -> int:
    """GP per mini squad in co-op: 2 players 50, 3 players 34, 4 players 25."""
    try:
        return MINI_SQUAD_BUDGETS[players]
    except KeyError:
        raise ValueError(f"mini squads are for 2-4 players, not {players}") from None


def _unit_label(catalog: Catalog, unit: UnitSpec, index: int) -> str:
    ut = catalog.unit_types.get(unit.unit_type)
    type_name = ut.name if ut else unit.unit_type
    if unit.name and unit.name != type_name:
        return f"{unit.name} ({type_name})"
    return f"{type_name} #{index + 1}"


def squad_gp(catalog: Catalog, spec: SquadSpec) -> int:
    """Total GP of the known units and gear of a squad (unknown ids count 0)."""
    total = 0
    for u in spec.units:
        ut = catalog.unit_types.get(u.unit_type)
        if ut is None:
            continue
        total += ut.gp
        for g in dict.fromkeys(u.gear):
            gear = catalog.weapons.get(g) or catalog.skills.get(g)
            if gear is not None:
                total += gear.gp
    return total


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _check_units(catalog: Catalog, spec: SquadSpec, reasons: list[str]) -> list[bool]:
    """Per-unit checks; returns for each unit whether it is a Leader (False when its card cannot be built)."""
    leaders: list[bool] = []
    st = catalog.squad_types.get(spec.squad_type)
    for i, u in enumerate(spec.units):
        ut = catalog.unit_types.get(u.unit_type)
        if ut is None:
            reasons.append(f"Unit #{i + 1} has an unknown unit type '{u.unit_type}'.")
            leaders.append(False)
            continue
        label = _unit_label(catalog, u, i)
        if st is not None and ut.squad_type != st.id:
            reasons.append(f"{label} is not part of the {st.name} squad list.")
        if not ut.recruitable:
            reasons.append(f"{label} cannot be put in a squad; it only appears during missions.")
        ok = True
        seen: set[str] = set()
        neq = any(s.code == "NEQ" for s in ut.specials)
        for g in u.gear:
            gear = catalog.weapons.get(g) or catalog.skills.get(g)
            if gear is None:
                reasons.append(f"{label} carries unknown gear '{g}'.")
                ok = False
                continue
            if g in seen:
                reasons.append(f"{label} has {gear.name} more than once.")
                continue
            seen.add(g)
            if g not in ut.options and g not in ut.defaults:
                reasons.append(f"{label} cannot take {gear.name}.")
            if neq and gear.gp > 0:
                reasons.append(f"{label} has No Equipment and cannot take {gear.name} ({gear.gp} GP).")
        leaders.append(ok and build_card(catalog, u).is_leader)
    return leaders


def _check_unique(catalog: Catalog, spec: SquadSpec, reasons: list[str]) -> None:
    unit_counts: dict[str, int] = {}
    gear_counts: dict[str, int] = {}
    for u in spec.units:
        ut = catalog.unit_types.get(u.unit_type)
        if ut is None:
            continue
        if ut.unique:
            unit_counts[ut.id] = unit_counts.get(ut.id, 0) + 1
        for g in dict.fromkeys((*ut.defaults, *u.gear)):
            gear = catalog.weapons.get(g) or catalog.skills.get(g)
            if gear is not None and gear.unique:
                gear_counts[g] = gear_counts.get(g, 0) + 1
    for uid, n in unit_counts.items():
        if n > 1:
            reasons.append(f"{catalog.unit_types[uid].name} is Unique: the squad has {n} of them; only one is allowed.")
    for gid, n in gear_counts.items():
        if n > 1:
            name = catalog.gear(gid).name
            reasons.append(f"{name} is Unique: {n} units carry it; only one may.")


def validate_squad(catalog: Catalog, spec: SquadSpec, budget: int = STANDARD_BUDGET, *,
                   min_units: int = MIN_UNITS, max_units: int = MAX_UNITS,
                   leaders: tuple[int, int] = (1, 1)) -> list[str]:
    """Reasons this squad breaks the squad-building rules; empty when it is legal.

    Defaults are the standard squad: 100 GP, 4-10 Units, exactly one Leader. A squad type may lower the unit cap
    (SquadTypeDef.max_units, e.g. Praxium Corps fields at most four operatives). validate_mini_squads() calls this
    with the co-op mini-squad settings.
    """
    reasons: list[str] = []
    st = catalog.squad_types.get(spec.squad_type)
    if st is None:
        reasons.append(f"Unknown squad type '{spec.squad_type}'.")
    n = len(spec.units)
    cap = max_units if st is None or st.max_units is None else min(max_units, st.max_units)
    if n < min_units or n > cap:
        span = f"{min_units}-{cap} Units" if min_units != cap else f"exactly {cap} Units"
        who = f"a {st.name} squad" if st is not None and st.max_units is not None and cap == st.max_units else "a squad"
        reasons.append(f"The squad has {_plural(n, 'Unit')}; {who} needs {span}.")
    leader_flags = _check_units(catalog, spec, reasons)
    gp = squad_gp(catalog, spec)
    if gp > budget:
        reasons.append(f"Squad costs {gp} GP; the limit is {budget} GP.")
    nl = sum(leader_flags)
    lo, hi = leaders
    if nl < lo:
        reasons.append("The squad has no Leader; it needs exactly one." if hi == 1 else "The squad has no Leader.")
    elif nl > hi:
        names = [_unit_label(catalog, u, i) for i, (u, f) in enumerate(zip(spec.units, leader_flags)) if f]
        reasons.append(f"The squad has {nl} Leaders ({', '.join(names)}); only one is allowed.")
    _check_unique(catalog, spec, reasons)
    return reasons


def validate_mini_squads(catalog: Catalog, specs: list[SquadSpec] | tuple[SquadSpec, ...]) -> list[str]:
    """Co-op mini squads (Core Rules section 5): one mini squad per player, 2-4 players.

    Each mini squad: at most the per-player budget (50/34/25 GP), 1-10 Units, at most one Leader, and the usual
    rules for Unique units and gear and for gear options. Any faction may be used. Across all mini squads there
    must be at least one Leader, so that one can be agreed as the Squad Leader. The 4-Unit minimum of a standard
    squad is dropped: a "reduced-size" squad of 25-50 GP often cannot buy four Units.
    Reasons about one mini squad start with "Mini squad N (name):".
    """
    reasons: list[str] = []
    players = len(specs)
    if players not in MINI_SQUAD_BUDGETS:
        return [f"Mini squads are for 2-4 players; got {players}."]
    budget = mini_squad_budget(players)
    total_leaders = 0
    for i, spec in enumerate(specs):
        prefix = f"Mini squad {i + 1}" + (f" ({spec.name})" if spec.name else "")
        for r in validate_squad(catalog, spec, budget, min_units=MINI_MIN_UNITS, leaders=(0, 1)):
            reasons.append(f"{prefix}: {r}")
        for u in spec.units:
            try:
                if u.unit_type in catalog.unit_types and build_card(catalog, u).is_leader:
                    total_leaders += 1
            except ValueError:
                pass
    if total_leaders == 0:
        reasons.append("None of the mini squads has a Leader; at least one is needed to be the Squad Leader.")
    return reasons


def squad_leader_candidates(catalog: Catalog, specs: list[SquadSpec] | tuple[SquadSpec, ...]) -> list[tuple[int, int]]:
    """(mini squad index, unit index) of every Leader, for the players to agree on the Squad Leader."""
    out = []
    for si, spec in enumerate(specs):
        for ui, u in enumerate(spec.units):
            try:
                if u.unit_type in catalog.unit_types and build_card(catalog, u).is_leader:
                    out.append((si, ui))
            except ValueError:
                pass
    return out
