"""Missions and the one place that turns a scenario + seed + commands into a live match."""
from __future__ import annotations

from game.battlefield import load_battlefield, open_table
from game.content import first_mission_squad, load_catalog
from game.match.match import Match
from game.match.scenario import Scenario, ScenarioError, SideSpec, is_plain_map_name
from game.paths import MAPS_DIR
from game.rules.cards import build_card

from .first_mission import FirstMission

MISSIONS = {FirstMission.id: FirstMission}


def create_match(scenario: Scenario, seed: int, catalog=None, table=None, prepare: bool = False) -> Match:
    """A new match. `table`: a Table of the same map to reuse (undo); `prepare`: build the movement graph
    now (about half a second) so that no later preview or NPC decision pays for it."""
    catalog = catalog or load_catalog()
    cls = MISSIONS.get(scenario.mission)
    if cls is None:
        raise ScenarioError(f"unknown mission {scenario.mission!r} (known: {', '.join(sorted(MISSIONS))})")
    if scenario.map is not None and not is_plain_map_name(scenario.map):
        raise ScenarioError(f"the map must be the file name of a map in maps/, not {scenario.map!r}")
    mission = cls(catalog)
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
    if prepare:  # every base size and movement rule of the squads (climbers, flyers), and the Bugs' default
        from game.battlefield.model import CORE_MOVE
        from game.match.skills import move_rule
        wanted: dict[float, set] = {0.5: {CORE_MOVE}}
        for units in cards.values():
            for _, card in units:
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
                           npc_order: str = "nearest") -> Scenario:
    if map_name is not None and not (MAPS_DIR / map_name).exists():
        map_name = None
    return Scenario(mission=FirstMission.id, map=map_name, measure=measure, npc_order=npc_order,
                    sides=(SideSpec("player", squad or first_mission_squad(), name="Squad"),
                           SideSpec("npc", None, npc=True, name="Bugs")))
