"""What the lab keeps of one finished game: plain fields only, so every other lab module is independent of
how the game itself is built (adapter.py fills these in)."""
from __future__ import annotations

from dataclasses import dataclass

#: Roles of the sides in a record: the squad under test, the other squad (PvP), or the mission's NPCs.
SQUAD = "squad"
OPPONENT = "opponent"
NPC = "npc"

WIN = "win"
LOSS = "loss"
DRAW = "draw"


@dataclass(frozen=True, slots=True)
class MissionInfo:
    id: str
    title: str
    needs_opponent: bool  # True: two squads play (PvP); False: the squad plays the mission's NPCs


@dataclass(frozen=True, slots=True)
class UnitRecord:
    type_id: str
    name: str  # the unit type's name, as a player reads it
    faction: str  # the name of its squad type
    side: str  # SQUAD, OPPONENT or NPC
    gp: int  # the unit's cost with its gear
    dealt: int  # HIT it took from enemy units
    taken: int  # HIT it lost
    taken_out: bool


@dataclass(frozen=True, slots=True)
class GameRecord:
    mission: str
    squad: str  # the squad argument (faction slug or squad code)
    opponent: str  # the other squad's argument, "" against NPCs
    game: int  # index of the game within its squad or matchup, from 0
    seed: int
    outcome: str  # WIN, LOSS or DRAW for the squad under test
    detail: str  # the mission's own words for the result
    turns: int
    mp_squad: int | None  # Mission Points scored, None when the mission keeps no score
    mp_opponent: int | None
    units: tuple[UnitRecord, ...]

    def side_units(self, side: str) -> tuple[UnitRecord, ...]:
        return tuple(u for u in self.units if u.side == side)

    @property
    def enemy_side(self) -> str:
        return OPPONENT if self.opponent else NPC
