"""A scenario: everything but the seed and the commands that a match is built from.

Besides the mission, map and squads it says who controls each side: a person at this screen, the NPC
Behaviour, or a computer opponent; and, for co-op, which person commands which unit of a side (R27).
Mission options (a PvE mission's rolled or picked parts, a Horde run's wave) travel with it, as plain data.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.model import SquadSpec, UnitSpec

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
    controller: str = "person"  # "person" at this screen, "npc" Behaviour, or "computer" opponent
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
    options: tuple[tuple[str, object], ...] = ()  # the mission's options: (name, plain JSON value) pairs

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
    def from_dict(d: dict) -> "Scenario":
        try:
            sides = tuple(SideSpec(side=str(s["side"]), npc=bool(s.get("npc", False)), name=str(s.get("name", "")),
                                   controller=str(s.get("controller", "person")),
                                   players=tuple(str(p) for p in s.get("players", ())),
                                   owners=tuple(int(o) for o in s.get("owners", ())),
                                   squad=None if s.get("squad") is None else _squad_from_dict(s["squad"]))
                          for s in d["sides"])
            options = d.get("options") or {}
            if not isinstance(options, dict):
                raise ScenarioError("options must be an object")
            sc = Scenario(mission=str(d["mission"]), sides=sides, map=d.get("map"),
                          measure=str(d.get("measure", "inches")), npc_order=str(d.get("npc_order", "nearest")),
                          options=tuple(sorted(options.items())))
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            if isinstance(e, ScenarioError):
                raise
            raise ScenarioError(f"scenario is incomplete or malformed ({e})") from None
        if sc.measure not in MEASURES:
            raise ScenarioError(f"unknown measure {sc.measure!r} (expected one of {', '.join(MEASURES)})")
        if sc.npc_order not in NPC_ORDERS:
            raise ScenarioError(f"unknown NPC order {sc.npc_order!r}")
        if sc.map is not None and not isinstance(sc.map, str):
            raise ScenarioError("map must be a file name")
        for s in sc.sides:
            if s.controller not in CONTROLLERS:
                raise ScenarioError(f"side {s.side!r}: unknown controller {s.controller!r}")
        return sc


def _squad_to_dict(s: SquadSpec) -> dict:
    return {"squad_type": s.squad_type, "name": s.name,
            "units": [{"unit_type": u.unit_type, "name": u.name, "gear": list(u.gear)} for u in s.units]}


def _squad_from_dict(d: dict) -> SquadSpec:
    return SquadSpec(squad_type=str(d["squad_type"]), name=str(d.get("name", "")),
                     units=tuple(UnitSpec(unit_type=str(u["unit_type"]), name=str(u.get("name", "")),
                                          gear=tuple(str(g) for g in u.get("gear", ()))) for u in d["units"]))
