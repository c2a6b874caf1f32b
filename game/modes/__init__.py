"""Missions and the one place that turns a scenario + seed + commands into a live match.

Every mission the game offers is registered here with its id, mode and title (`missions()`); a mission id
names a script (a class with the MissionScript hooks) and, for families of missions (the PvP book), the
entry carries the options that pick one. `create_match` builds the script from the catalog and the
scenario's options; `replay` and `undo` rebuild a match from its log.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.battlefield import load_battlefield, open_table
from game.content import first_mission_squad, load_catalog
from game.match.match import Match
from game.match.scenario import Scenario, ScenarioError, SideSpec
from game.paths import MAPS_DIR
from game.rules.cards import build_card

from .first_mission import FirstMission


@dataclass(frozen=True, slots=True)
class MissionEntry:
    id: str
    mode: str  # "first-mission", "pve", "pvp", "horde"
    title: str
    script: type  # a MissionScript subclass
    options: tuple[tuple[str, object], ...] = ()  # fixed options of this entry (which PvP mission)
    map_name: str | None = None  # the default battlefield


_REGISTRY: dict[str, MissionEntry] = {}


def register(entry: MissionEntry) -> None:
    _REGISTRY[entry.id] = entry


def missions() -> list[MissionEntry]:
    """Every mission the game offers, in a stable order (mode, then as registered)."""
    _load_modes()
    order = {"first-mission": 0, "pve": 1, "pvp": 2, "horde": 3}
    return sorted(_REGISTRY.values(), key=lambda e: (order.get(e.mode, 9), list(_REGISTRY).index(e.id)))


def mission_entry(mission_id: str) -> MissionEntry:
    _load_modes()
    entry = _REGISTRY.get(mission_id)
    if entry is None:
        known = ", ".join(e.id for e in missions())
        raise ScenarioError(f"unknown mission {mission_id!r} (known: {known})")
    return entry


_loaded = False


def _load_modes() -> None:
    """Import the mode packages that register their missions (they may not all be present)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    for name in ("game.modes.pve", "game.modes.pvp", "game.modes.horde"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise


register(MissionEntry(FirstMission.id, FirstMission.mode, FirstMission.title, FirstMission,
                      map_name=FirstMission.map_name))


def build_mission(scenario: Scenario, catalog):
    entry = mission_entry(scenario.mission)
    options = dict(entry.options)
    options.update(dict(scenario.options))
    return entry.script(catalog, options)


def create_match(scenario: Scenario, seed: int, catalog=None, table=None, prepare: bool = False) -> Match:
    """A new match. `table`: a Table of the same map to reuse (undo); `prepare`: build the movement graph
    now (about half a second) so that no later preview or NPC decision pays for it."""
    catalog = catalog or load_catalog()
    mission = build_mission(scenario, catalog)
    scenario = mission.prepare_scenario(scenario, seed)
    if table is not None:
        bf = table.battlefield
    else:
        bf = load_battlefield(MAPS_DIR / scenario.map) if scenario.map else open_table()
    cards = {}
    for side in scenario.sides:
        if side.squad is not None:
            cards[side.side] = [(u.name or catalog.unit_types[u.unit_type].name, build_card(catalog, u))
                                for u in side.squad.units]
    match = Match(scenario, seed, mission, bf, cards, catalog=catalog, table=table)
    if prepare:  # every base size and movement rule of the squads and of the units the setup put on the table
        from game.battlefield.model import CORE_MOVE
        from game.match.skills import move_rule
        wanted: dict[float, set] = {0.5: {CORE_MOVE}}
        on_table = [match.unit(u).card for u in match.all_units() if not match.unit(u).item]  # NPCs set up
        for card in [c for units in cards.values() for _, c in units] + on_table:
            wanted.setdefault(card.base_diameter / 2, {CORE_MOVE}).add(move_rule(card))
        for radius, rules in sorted(wanted.items()):
            match.table.prepare(radius, rules=tuple(sorted(rules, key=repr)))
    return match


def replay(scenario: Scenario, seed: int, commands, catalog=None, table=None) -> Match:
    """Rebuild a match from its scenario, seed and command log."""
    m = create_match(scenario, seed, catalog, table=table)
    for c in commands:
        m.submit(c)
    return m


def undo(match: Match) -> Match:
    """Rewind the last command, if it rolled no dice (it is replayed away)."""
    if not match.can_undo():
        raise ValueError("the last command rolled dice and cannot be undone")
    match.close(keep_table=True)
    return replay(match.scenario, match.seed, match.log[:-1], match.catalog, table=match.table)


def first_mission_scenario(squad=None, map_name: str | None = FirstMission.map_name, measure: str = "inches",
                           npc_order: str = "nearest", controller: str = "person") -> Scenario:
    if map_name is not None and not (MAPS_DIR / map_name).exists():
        map_name = None
    return Scenario(mission=FirstMission.id, map=map_name, measure=measure, npc_order=npc_order,
                    sides=(SideSpec("player", squad or first_mission_squad(), name="Squad", controller=controller),
                           SideSpec("npc", None, npc=True, name="Bugs")))
