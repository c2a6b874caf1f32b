"""A scenario: everything but the seed and the commands that a match is built from."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.model import SquadSpec, UnitSpec

from .commands import shown_value

MEASURES = ("inches", "grid")
NPC_ORDERS = ("nearest", "player-picks")


class ScenarioError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class SideSpec:
    side: str
    squad: SquadSpec | None = None  # None: the mission brings this side's units (e.g. the First Mission's Bugs)
    npc: bool = False
    name: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    mission: str
    sides: tuple[SideSpec, ...]
    map: str | None = None  # a file name in maps/; None plays on the open table
    measure: str = "inches"
    npc_order: str = "nearest"  # R19: which Ready NPC activates next

    def side(self, name: str) -> SideSpec:
        for s in self.sides:
            if s.side == name:
                return s
        raise KeyError(name)

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(s.side for s in self.sides)

    def to_dict(self) -> dict:
        return {
            "mission": self.mission, "map": self.map, "measure": self.measure, "npc_order": self.npc_order,
            "sides": [{"side": s.side, "npc": s.npc, "name": s.name,
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
            sides.append(SideSpec(side=side, npc=npc, name=_text(s, "name", "", where=where), squad=squad))
        return Scenario(mission=mission, sides=tuple(sides), map=map_name, measure=measure, npc_order=npc_order)


MAX_SIDES = 8
MAX_UNITS = 40
MAX_GEAR = 40
MAX_TEXT = 200


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
