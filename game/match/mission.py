"""Mission scripts plug into a match through these hooks (game/modes holds the missions themselves)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import Match


@dataclass(frozen=True, slots=True)
class Result:
    outcome: str  # "victory" or "defeat" for the player side; a side's name in PvP; "draw"
    turn: int
    text: str


class MissionScript:
    """Base mission: four Turns, no special rules. Subclasses override the hooks they need."""

    id = "mission"
    title = "Mission"
    turns = 4
    map_name: str | None = None  # default map file in maps/

    def setup(self, match: "Match") -> None:
        """Prepare the battlefield: place items, NPC units that start on the table."""

    def in_deployment_zone(self, match: "Match", side: str, x: float, y: float) -> bool:
        zone = match.table.battlefield.zones
        for z in zone.values():
            if z.side == side:
                return z.contains(x, y)
        return True

    def default_deployment(self, match: "Match", side: str) -> list[tuple[int, float, float, float]]:
        """Positions for `side`'s undeployed units (uid, x, y, z), for quick starts and the headless runner."""
        return []

    def start_of_turn(self, match: "Match") -> None:
        """Start-of-Turn events (after units are marked Ready, before Tactical Orders)."""

    def end_of_turn(self, match: "Match") -> None:
        """End-of-Turn scoring and events."""

    def ranged_target_reason(self, match: "Match", attacker: int, target: int) -> str | None:
        """Why `target` may not be picked for Ranged Combat by this mission's rules, or None."""
        return None

    def check_result(self, match: "Match", end_of_turn: bool) -> Result | None:
        """The mission's result if it is decided now."""
        return None
