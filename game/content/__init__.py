"""Game content: loads the data files under assets/data into a validated Catalog (see docs/content-format.md)."""
from __future__ import annotations

from game.content.loader import (DEFAULT_DATA_DIR, HOOKS, ContentError, clear_cache, extend_catalog, load_catalog,
                                 parse_special)
from game.rules.model import Catalog, SquadSpec

FIRST_MISSION = "FM"

__all__ = [
    "ContentError",
    "DEFAULT_DATA_DIR",
    "FIRST_MISSION",
    "HOOKS",
    "clear_cache",
    "extend_catalog",
    "default_squad",
    "first_mission_squad",
    "load_catalog",
    "parse_special",
    "squad_slugs",
]


def first_mission_squad(catalog: Catalog | None = None) -> SquadSpec:
    """The Core Rules' First Mission squad: Leader, Trooper, Fighter, Shooter."""
    cat = catalog if catalog is not None else load_catalog()
    spec = cat.squad_types[FIRST_MISSION].default_squad
    assert spec is not None
    return spec


def default_squad(slug: str, catalog: Catalog | None = None) -> SquadSpec:
    """The default (starter) squad of a squad type, by slug, e.g. default_squad("interdictors")."""
    cat = catalog if catalog is not None else load_catalog()
    try:
        st = cat.squad_type_by_slug(slug)
    except KeyError:
        known = ", ".join(squad_slugs(cat))
        raise KeyError(f"unknown squad type {slug!r} (known: {known})") from None
    if st.default_squad is None:
        raise KeyError(f"squad type {slug!r} has no default squad")
    return st.default_squad


def squad_slugs(catalog: Catalog | None = None, playable_only: bool = True) -> list[str]:
    """Slugs of the squad types, in file order (the nine player squads when playable_only)."""
    cat = catalog if catalog is not None else load_catalog()
    return [st.slug for st in cat.squad_types.values() if st.playable or not playable_only]
