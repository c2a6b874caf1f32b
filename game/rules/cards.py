"""Builds a unit's card from its type, its default gear and its chosen gear (pure, standard library only).

Order of work:
1. start from the unit type's ACT, ARM, HIT, MSK, RSK and unit specials;
2. collect the type's default gear, then the chosen gear (a gear id listed twice counts once);
3. apply every skill effect: unit stats first (with their max/min), then unit specials;
4. build each weapon: ATT, specials, then SKL = MSK (melee) or RSK (ranged) after step 3 (R23),
   plus any weapon SKL change; a weapon with the HIT special has ATT equal to the unit's HIT;
5. Leader: the card is a Leader if any skill says so; leader_dice is the largest bonus among them;
6. GP = unit type GP + GP of the chosen gear.
"""
from __future__ import annotations

from game.rules.model import MELEE, Catalog, Effect, SkillDef, Special, UnitCard, UnitSpec, WeaponCard, WeaponDef

_STAT_FIELDS = {"ACT": "act", "ARM": "arm", "HIT": "hit", "MSK": "msk", "RSK": "rsk"}


class CardError(ValueError):
    """The unit spec names a unit type or gear the catalog does not know."""


def gear_ids(catalog: Catalog, spec: UnitSpec) -> tuple[str, ...]:
    """Default gear of the unit type followed by the chosen gear, without repeats."""
    try:
        ut = catalog.unit_types[spec.unit_type]
    except KeyError:
        raise CardError(f"unknown unit type {spec.unit_type!r}") from None
    out: list[str] = []
    for g in (*ut.defaults, *spec.gear):
        if g not in out:
            out.append(g)
    return tuple(out)


def unit_gp(catalog: Catalog, spec: UnitSpec) -> int:
    """Unit type GP plus the GP of the chosen gear (default gear is free)."""
    ut = catalog.unit_types[spec.unit_type]
    total = ut.gp
    seen: set[str] = set()
    for g in spec.gear:
        if g in seen:
            continue
        seen.add(g)
        gear = catalog.weapons.get(g) or catalog.skills.get(g)
        if gear is None:
            raise CardError(f"unknown gear {g!r}")
        total += gear.gp
    return total


def _add_special(specials: list[Special], code_value: str, parse) -> None:
    """Add a special (values of the same code add up: BRU1 + BRU1 = BRU2) or remove one ("-HVY")."""
    if code_value.startswith("-"):
        code = parse(code_value[1:]).code
        specials[:] = [s for s in specials if s.code != code]
        return
    new = parse(code_value)
    for i, s in enumerate(specials):
        if s.code == new.code:
            if s.value is not None and new.value is not None:
                specials[i] = Special(s.code, s.value + new.value)
            return
    specials.append(new)


def _parse(text: str) -> Special:
    """'BRU1' -> Special('BRU', 1), 'RLT' -> Special('RLT'), '2MC' -> Special('2MC') (data is validated on load)."""
    i = len(text)
    while i > 0 and text[i - 1].isdigit():
        i -= 1
    if 0 < i < len(text):
        return Special(text[:i], int(text[i:]))
    return Special(text)


def _apply_stat(value: int, effect: Effect) -> int:
    delta = int(effect.value)
    if effect.limit is not None:
        if delta > 0:
            return max(value, min(value + delta, effect.limit))
        return min(value, max(value + delta, effect.limit))
    return max(0, value + delta)


def _weapon_matches(effect: Effect, w: WeaponDef) -> bool:
    if effect.target == "weapon_kind":
        return w.kind == effect.selector
    if effect.target == "weapon_id":
        return w.id == effect.selector
    if effect.target == "weapon_name":
        return w.name == effect.selector
    return False


def build_card(catalog: Catalog, spec: UnitSpec) -> UnitCard:
    ut = catalog.unit_types.get(spec.unit_type)
    if ut is None:
        raise CardError(f"unknown unit type {spec.unit_type!r}")
    weapons: list[WeaponDef] = []
    skills: list[SkillDef] = []
    for g in gear_ids(catalog, spec):
        if g in catalog.weapons:
            weapons.append(catalog.weapons[g])
        elif g in catalog.skills:
            skills.append(catalog.skills[g])
        else:
            raise CardError(f"unknown gear {g!r} on {spec.name or ut.name}")

    stats = {"act": ut.act, "arm": ut.arm, "hit": ut.hit, "msk": ut.msk, "rsk": ut.rsk}
    unit_specials = list(ut.specials)
    effects = [e for s in skills for e in s.effects]
    for e in effects:
        if e.target == "unit" and e.key in _STAT_FIELDS:
            f = _STAT_FIELDS[e.key]
            stats[f] = _apply_stat(stats[f], e)
    for e in effects:
        if e.target == "unit" and e.key == "SPECIAL":
            _add_special(unit_specials, e.value, _parse)

    cards: list[WeaponCard] = []
    for w in weapons:
        specials = list(w.specials)
        att = w.att
        skl = stats["msk"] if w.kind == MELEE else stats["rsk"]
        for e in effects:
            if e.target == "unit" or not _weapon_matches(e, w):
                continue
            if e.key == "SPECIAL":
                _add_special(specials, e.value, _parse)
            elif e.key == "ATT":
                att = _apply_stat(att, e)
            elif e.key == "SKL":
                skl = _apply_stat(skl, e)
        if any(s.code == "HIT" for s in specials):
            att = stats["hit"]
        cards.append(WeaponCard(w.id, w.name, w.kind, att, skl, tuple(specials)))

    leaders = [s for s in skills if s.is_leader]
    return UnitCard(
        type_id=ut.id,
        name=spec.name or ut.name,
        act=stats["act"],
        arm=stats["arm"],
        hit=stats["hit"],
        msk=stats["msk"],
        rsk=stats["rsk"],
        weapons=tuple(cards),
        skills=tuple(s.id for s in skills),
        specials=tuple(unit_specials),
        gp=unit_gp(catalog, spec),
        is_leader=bool(leaders),
        leader_dice=max((s.leader_dice for s in leaders), default=0),
        base_diameter=ut.base_diameter,
    )
