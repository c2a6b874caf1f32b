"""The PvP book loaded once: the missions of assets/data/pvp/ in book order, and the problems of any file that
could not be read (the game starts without that mission and says why)."""
from __future__ import annotations

from game.match.scenario import ScenarioError

from .data import MissionDef, load_book

DEFAULT_MAP = "pve-ruined-city.tmx"  # a 24" x 24" battlefield with cover on both halves

_BOOK: list[MissionDef] | None = None
_PROBLEMS: list[str] = []


def book() -> list[MissionDef]:
    global _BOOK
    if _BOOK is None:
        defs, problems = load_book()
        _BOOK = defs
        _PROBLEMS[:] = problems
    return _BOOK


def problems() -> list[str]:
    """Sentences naming each mission file that could not be read, and why."""
    book()
    return list(_PROBLEMS)


def definition(mission_id: str) -> MissionDef:
    """A mission by its file id ("secure-the-zone") or its entry id ("pvp-secure-the-zone")."""
    for d in book():
        if mission_id in (d.id, d.entry_id):
            return d
    raise ScenarioError(f"no PvP mission {mission_id!r}")
