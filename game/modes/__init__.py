"""Missions and the one place that turns a scenario + seed + commands into a live match.

Every mission the game offers is registered here with its id, mode and title (`missions()`); a mission id
names a script (a class with the MissionScript hooks) and, for families of missions (the PvP book), the
entry carries the options that pick one. `create_match` builds the script from the catalog and the
scenario's options; `replay` and `undo` rebuild a match from its log.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass

from game.battlefield import load_battlefield, open_table
from game.content import first_mission_squad, load_catalog
from game.match import snapshot
from game.match.match import Match
from game.match.scenario import Scenario, ScenarioError, SideSpec, is_plain_map_name
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


_BATTLEFIELDS: dict[tuple, object] = {}


def battlefield_for(map_name: str | None):
    """The battlefield of a map in maps/ (None: the open table), parsed once per file version: a Battlefield is
    immutable, so every match of the same map shares it."""
    if map_name is None:
        return open_table()
    path = MAPS_DIR / map_name
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    bf = _BATTLEFIELDS.get(key)
    if bf is None:
        bf = load_battlefield(path)
        if len(_BATTLEFIELDS) > 32:
            _BATTLEFIELDS.clear()
        _BATTLEFIELDS[key] = bf
    return bf


def build_mission(scenario: Scenario, catalog):
    entry = mission_entry(scenario.mission)
    options = dict(entry.options)
    options.update(dict(scenario.options))
    return entry.script(catalog, options)


def create_match(scenario: Scenario, seed: int, catalog=None, table=None, prepare: bool = False) -> Match:
    """A new match. `table`: a Table of the same map to reuse (undo); `prepare`: a match a player plays: build the
    movement graph now (about half a second) so that no later preview or NPC decision pays for it, and keep a
    checkpoint every CHECKPOINT_EVERY commands so that an undo replays only the few commands after one."""
    catalog = catalog or load_catalog()
    if scenario.map is not None and not is_plain_map_name(scenario.map):
        raise ScenarioError(f"the map must be the file name of a map in maps/, not {scenario.map!r}")
    mission = build_mission(scenario, catalog)
    why = mission.check_scenario(scenario)
    if why:
        raise ScenarioError(why)
    catalog = mission.catalog or catalog  # a mode may bring its own units and gear (Horde Mode's roster)
    scenario = mission.prepare_scenario(scenario, seed)
    if table is not None:
        bf = table.battlefield
    else:
        bf = battlefield_for(scenario.map)
    cards = {}
    for side in scenario.sides:
        if side.squad is not None:
            cards[side.side] = [(u.name or catalog.unit_types[u.unit_type].name, build_card(catalog, u))
                                for u in side.squad.units]
    match = Match(scenario, seed, mission, bf, cards, catalog=catalog, table=table)
    if prepare:  # a match for a player: checkpoints for undo, and the movement graph of every base size and movement rule of the squads and of the units the setup put on the table
        from game.battlefield.model import CORE_MOVE
        from game.match.skills import move_rule
        wanted: dict[float, set] = {0.5: {CORE_MOVE}}
        on_table = [match.unit(u).card for u in match.all_units() if not match.unit(u).item]  # NPCs set up
        for card in [c for units in cards.values() for _, c in units] + on_table:
            wanted.setdefault(card.base_diameter / 2, {CORE_MOVE}).add(move_rule(card))
        for radius, rules in sorted(wanted.items()):
            match.table.prepare(radius, rules=tuple(sorted(rules, key=repr)))
        match.checkpoint_every = CHECKPOINT_EVERY
        settle_memory()
    return match


def settle_memory() -> None:
    """What was built so far (the movement graphs, the catalog) lives as long as the program: keep it out of the
    garbage collector's full passes, which would walk it all (pauses of a tenth of a second and more, in the
    middle of a decision or a frame). Freed by reference counting as usual when dropped."""
    gc.collect()
    gc.freeze()


def replay(scenario: Scenario, seed: int, commands, catalog=None, table=None) -> Match:
    """Rebuild a match from its scenario, seed and command log."""
    m = create_match(scenario, seed, catalog, table=table)
    for c in commands:
        m.submit(c)
    return m


CHECKPOINT_EVERY = 8


def undo(match: Match) -> Match:
    """Rewind the last command, if it rolled no dice: the match goes back to the nearest checkpoint before it
    and replays only the commands after that one (or the whole log when there is none)."""
    if not match.can_undo():
        raise ValueError("the last command rolled dice and cannot be undone")
    return rewind(match, len(match.log) - 1)


def rewind(match: Match, n: int) -> Match:
    """A new match holding the state after the first `n` commands of `match` (which is closed): the nearest
    checkpoint at or before n restored (or a snapshot of it captured since: the battle screen's autosave captures
    one after every command), and the commands after it replayed (a loaded match's older log is not decoded for
    it)."""
    match.close(keep_table=True)
    usable = snapshot.kept_until(match.checkpoints, n)
    start = snapshot.start_of_rewind(match, n, usable)  # (or a snapshot captured since: the autosave's)
    if start is not None:
        fresh = create_match(match.scenario, match.seed, match.catalog, table=match.table)
        fresh.checkpoint_every = match.checkpoint_every
        try:
            snapshot.restore(fresh, start, events=match.events, log=match.log, rolls=match.rolls_per_command)
            fresh.checkpoints = usable
            snapshot.hand_on(match, fresh, n)
            for c in match.log[start["commands"]:n]:
                fresh.submit(c)
            return fresh
        except Exception:  # never trusted blindly (a checkpoint may come from a file): the log is the truth
            fresh.close(keep_table=True)
    fresh = create_match(match.scenario, match.seed, match.catalog, table=match.table)
    fresh.checkpoint_every = match.checkpoint_every
    for c in match.log[:n]:
        fresh.submit(c)
    return fresh


def first_mission_scenario(squad=None, map_name: str | None = FirstMission.map_name, measure: str = "inches",
                           npc_order: str = "nearest", controller: str = "person") -> Scenario:
    if map_name is not None and not (MAPS_DIR / map_name).exists():
        map_name = None
    return Scenario(mission=FirstMission.id, map=map_name, measure=measure, npc_order=npc_order,
                    sides=(SideSpec("player", squad or first_mission_squad(), name="Squad", controller=controller),
                           SideSpec("npc", None, npc=True, name="Bugs")))
