"""A scenario: everything but the seed and the commands that a match is built from.

Besides the mission, map and squads it says who controls each side: a person at this screen, the NPC
Behaviour, or a computer opponent; and, for co-op, which person commands which unit of a side (R27).
Mission options (a PvE mission's rolled or picked parts, a Horde run's map) travel with it, as plain data.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.model import SquadSpec, UnitSpec

from .commands import shown_value

MEASURES = ("inches", "grid")
NPC_ORDERS = ("nearest", "player-picks")
CONTROLLERS = ("person", "npc", "computer")


class ScenarioError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class SideSpec:
    side: str
    squad: SquadSpec | None = None  # None: the mission brings this side's units (e.g. the First Mission's Bugs)
    npc: bool = False  # an NPC side: it follows its Behaviour and activates after each player Unit (R19)
    name: str = ""
    controller: str = "person"  # "person" at this screen, or "computer" opponent (NPC sides: their Behaviour)
    players: tuple[str, ...] = ()  # the people sharing this side (co-op); empty: one person
    owners: tuple[int, ...] = ()  # for each squad unit, in order, the index of the person who commands it

    @property
    def control(self) -> str:
        return "npc" if self.npc else self.controller


@dataclass(frozen=True, slots=True)
class Scenario:
    mission: str
    sides: tuple[SideSpec, ...]
    map: str | None = None  # a file name in maps/; None plays on the open table
    measure: str = "inches"
    npc_order: str = "nearest"  # R19: which Ready NPC activates next
    options: tuple[tuple[str, object], ...] = ()  # the mission's options: (name, plain JSON value), sorted

    def side(self, name: str) -> SideSpec:
        for s in self.sides:
            if s.side == name:
                return s
        raise KeyError(name)

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(s.side for s in self.sides)

    def option(self, name: str, default=None):
        return dict(self.options).get(name, default)

    def to_dict(self) -> dict:
        return {
            "mission": self.mission, "map": self.map, "measure": self.measure, "npc_order": self.npc_order,
            "options": {k: v for k, v in self.options},
            "sides": [{"side": s.side, "npc": s.npc, "name": s.name, "controller": s.controller,
                       "players": list(s.players), "owners": list(s.owners),
                       "squad": None if s.squad is None else _squad_to_dict(s.squad)} for s in self.sides],
        }

    @staticmethod
    def from_dict(d: object) -> "Scenario":
        """A scenario from a save, every field type-checked; ScenarioError says which field and what was
        expected. Whether the map exists and the sides are the mission's is checked by whoever loads it."""
        if not isinstance(d, dict):
            raise ScenarioError("must be an object")
        mission = _text(d, "mission", required=True)
        map_name = d.get("map")
        if map_name is not None and not is_plain_map_name(map_name):
            raise ScenarioError(f"'map' must be the file name of a map in maps/ (like first-mission-survive.tmx), "
                                f"got {shown_value(map_name)}")
        measure = _text(d, "measure", "inches")
        if measure not in MEASURES:
            raise ScenarioError(f"unknown measure {shown_value(measure)} (expected one of {', '.join(MEASURES)})")
        npc_order = _text(d, "npc_order", "nearest")
        if npc_order not in NPC_ORDERS:
            raise ScenarioError(f"unknown NPC order {shown_value(npc_order)} (expected one of {', '.join(NPC_ORDERS)})")
        raw_sides = d.get("sides")
        if not isinstance(raw_sides, list) or not 1 <= len(raw_sides) <= MAX_SIDES:
            raise ScenarioError(f"'sides' must be a list of 1 to {MAX_SIDES} sides")
        sides = []
        for i, s in enumerate(raw_sides):
            where = f"side {i + 1}"
            if not isinstance(s, dict):
                raise ScenarioError(f"{where} must be an object")
            side = _text(s, "side", required=True, where=where)
            if not side.strip():
                raise ScenarioError(f"{where} has an empty name")
            if side in (x.side for x in sides):
                raise ScenarioError(f"side {shown_value(side)} is listed twice")
            npc = s.get("npc", False)
            if not isinstance(npc, bool):
                raise ScenarioError(f"{where}: 'npc' must be true or false, got {shown_value(npc)}")
            squad = s.get("squad")
            if squad is not None:
                squad = _squad_from_dict(squad, f"side {shown_value(side)}")
            controller = _text(s, "controller", "person", where=where)
            if controller not in CONTROLLERS:
                raise ScenarioError(f"{where}: unknown controller {shown_value(controller)} (expected one of "
                                    f"{', '.join(CONTROLLERS)})")
            players = s.get("players", [])
            if not isinstance(players, list) or len(players) > MAX_PLAYERS or not all(
                    isinstance(p, str) and 0 < len(p) <= MAX_TEXT for p in players):
                raise ScenarioError(f"{where}: 'players' must be a list of at most {MAX_PLAYERS} names")
            owners = s.get("owners", [])
            if not isinstance(owners, list) or len(owners) > MAX_UNITS or not all(
                    isinstance(o, int) and not isinstance(o, bool) and 0 <= o < max(1, len(players))
                    for o in owners):
                raise ScenarioError(f"{where}: 'owners' must list, for each unit, the number of one of its players")
            sides.append(SideSpec(side=side, npc=npc, name=_text(s, "name", "", where=where), squad=squad,
                                  controller=controller, players=tuple(players), owners=tuple(owners)))
        options = _options(d.get("options", {}))
        return Scenario(mission=mission, sides=tuple(sides), map=map_name, measure=measure, npc_order=npc_order,
                        options=options)


MAX_SIDES = 8
MAX_UNITS = 40
MAX_GEAR = 40
MAX_TEXT = 200
MAX_PLAYERS = 4
MAX_OPTIONS = 40


def _options(raw: object) -> tuple[tuple[str, object], ...]:
    """A mission's options: a flat object of names to text, whole numbers, true/false or short lists of those."""
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise ScenarioError(f"'options' must be an object of at most {MAX_OPTIONS} entries")

    def plain(v) -> bool:
        if isinstance(v, bool) or v is None:
            return True
        if isinstance(v, int):
            return abs(v) <= 10 ** 9
        if isinstance(v, str):
            return len(v) <= MAX_TEXT
        return False

    out = []
    for k, v in raw.items():
        if not isinstance(k, str) or not 0 < len(k) <= 40:
            raise ScenarioError("option names must be short text")
        if isinstance(v, list):
            if len(v) > MAX_OPTIONS or not all(plain(x) for x in v):
                raise ScenarioError(f"option {shown_value(k)} must be a short list of plain values")
            v = tuple(v)
        elif not plain(v):
            raise ScenarioError(f"option {shown_value(k)} must be text, a whole number or true/false, "
                                f"got {shown_value(v)}")
        out.append((k, v))
    return tuple(sorted(out))


def is_plain_map_name(name: object) -> bool:
    """A map's file name in maps/: no folders, no "..", nothing hidden, ending in .tmx."""
    return (isinstance(name, str) and 4 < len(name) <= MAX_TEXT and name.endswith(".tmx") and not name.startswith(".")
            and "/" not in name and "\\" not in name and ":" not in name and "\0" not in name and ".." not in name)


def _text(d: dict, key: str, default: str | None = None, *, required: bool = False, where: str = "") -> str:
    prefix = f"{where}: " if where else ""
    if key not in d:
        if required:
            raise ScenarioError(f"{prefix}'{key}' is missing")
        return default
    v = d[key]
    if not isinstance(v, str) or len(v) > MAX_TEXT:
        raise ScenarioError(f"{prefix}'{key}' must be text of at most {MAX_TEXT} characters, got {shown_value(v)}")
    return v


def _squad_to_dict(s: SquadSpec) -> dict:
    return {"squad_type": s.squad_type, "name": s.name,
            "units": [{"unit_type": u.unit_type, "name": u.name, "gear": list(u.gear)} for u in s.units]}


def _squad_from_dict(d: object, where: str) -> SquadSpec:
    if not isinstance(d, dict):
        raise ScenarioError(f"{where}: the squad must be an object")
    squad_type = _text(d, "squad_type", required=True, where=f"{where}'s squad")
    name = _text(d, "name", "", where=f"{where}'s squad")
    raw_units = d.get("units")
    if not isinstance(raw_units, list) or len(raw_units) > MAX_UNITS:
        raise ScenarioError(f"{where}: the squad's 'units' must be a list of at most {MAX_UNITS} units")
    units = []
    for i, u in enumerate(raw_units):
        at = f"{where}, unit {i + 1}"
        if not isinstance(u, dict):
            raise ScenarioError(f"{at} must be an object")
        gear = u.get("gear", [])
        if not isinstance(gear, list) or len(gear) > MAX_GEAR or not all(
                isinstance(g, str) and len(g) <= MAX_TEXT for g in gear):
            raise ScenarioError(f"{at}: 'gear' must be a list of ids, got {shown_value(gear)}")
        units.append(UnitSpec(unit_type=_text(u, "unit_type", required=True, where=at),
                              name=_text(u, "name", "", where=at), gear=tuple(gear)))
    return SquadSpec(squad_type=squad_type, name=name, units=tuple(units))
