"""The First Mission, "Survive" (Core Rules section 10).

The squad deploys within 4" of the centre. At the start of each Turn, x Bugs (x = the Turn number,
at most 4) spawn Adjacent to each Spawn Point still standing. Bugs activate after each player Unit
(R19). Spawn Points are items (ARM 4, HIT 1) that can be attacked, but not with Ranged Combat while a
Bug is Adjacent to them. Victory: at the end of Turn 4, every Spawn Point is Taken Out.
"""
from __future__ import annotations

import math

from game.match.mission import MissionScript, Result
from game.rules.cards import build_card
from game.rules.model import UnitCard, UnitSpec

PLAYER = "player"
NPC = "npc"
BUG_TYPE = "FM-BUG"
SPAWN_POINT_ITEM = "FM-SPAWN-POINT"
DEFAULT_SPAWNS = ((3.0, 3.0), (21.0, 3.0), (12.0, 21.0))
CENTRE = (12.0, 12.0)
DEPLOY_RADIUS = 4.0
MAX_BUGS_PER_SPAWN = 4


def bugs_per_spawn_point(turn: int) -> int:
    return min(turn, MAX_BUGS_PER_SPAWN)


class FirstMission(MissionScript):
    id = "first-mission"
    title = "Survive"
    turns = 4
    map_name = "first-mission-survive.tmx"

    def __init__(self, catalog) -> None:
        self.catalog = catalog
        self.bug_card: UnitCard = build_card(catalog, UnitSpec(BUG_TYPE, "Bug"))
        self.spawn_points: list[int] = []
        self._bugs = 0

    def _centre(self, match) -> tuple[float, float]:
        bf = match.table.battlefield
        return bf.width / 2, bf.height / 2

    def setup(self, match) -> None:
        item = self.catalog.items[SPAWN_POINT_ITEM]
        card = UnitCard(type_id=item.id, name=item.name, act=0, arm=item.arm, hit=item.hit, msk=0, rsk=0,
                        weapons=(), base_diameter=item.base_diameter)
        spots = [(m.x, m.y) for m in match.table.battlefield.spawn_points] or list(DEFAULT_SPAWNS)
        for i, (x, y) in enumerate(spots, start=1):
            uid = match.add_unit(NPC, f"Spawn Point {i}", card, (x, y, match.table.surface_z(x, y)), item=True)
            self.spawn_points.append(uid)

    def in_deployment_zone(self, match, side, x, y) -> bool:
        if side != PLAYER:
            return False
        for z in match.table.battlefield.zones.values():
            if z.side == PLAYER:
                return z.contains(x, y)
        cx, cy = self._centre(match)
        return math.hypot(x - cx, y - cy) <= DEPLOY_RADIUS

    def default_deployment(self, match, side):
        """A tight ring around the centre: the order the squad was listed in."""
        cx, cy = self._centre(match)
        squad = match.all_units_of(side)
        waiting = set(match.undeployed(side))
        n = len(squad)
        r = 0.8 * n / math.pi if n > 1 else 0.0  # about 1.6" between neighbours
        out = []
        for k, uid in enumerate(squad):
            if uid in waiting:
                ang = 2 * math.pi * k / n
                out.append((uid, round(cx + r * math.cos(ang), 3), round(cy + r * math.sin(ang), 3), 0.0))
        return out

    def start_of_turn(self, match) -> None:
        x = bugs_per_spawn_point(match.turn)
        players = [match.base(u) for u in match.units(PLAYER)]
        for sp in self.spawn_points:
            if not match.standing(sp):
                continue
            placed = 0
            for _ in range(x):
                spots = match.table.spots_adjacent_to(match.base(sp), self.bug_card.base_diameter / 2, NPC)
                if not spots:
                    match.say(f"No room to spawn a Bug next to {match.unit(sp).name}")
                    break
                # Bugs come out on the side facing the squad.
                spots.sort(key=lambda s: (min((math.hypot(s[0] - p.x, s[1] - p.y) for p in players), default=0),
                                          s[0], s[1]))
                sx, sy, sz = spots[0]
                self._bugs += 1
                match.spawn(NPC, f"Bug {self._bugs}", self.bug_card, sx, sy, sz)
                placed += 1
            match.say(f"{placed} Bug(s) spawn at {match.unit(sp).name} (Turn {match.turn}: {x} per Spawn Point)")

    def ranged_target_reason(self, match, attacker, target) -> str | None:
        if target in self.spawn_points:
            tb = match.base(target)
            for u in match.units(NPC):
                if match.table.adjacent(tb, match.base(u)):
                    return "a Bug is Adjacent to this Spawn Point"
        return None

    def check_result(self, match, end_of_turn: bool) -> Result | None:
        if not match.units(PLAYER):
            return Result("defeat", match.turn, "the squad was overrun")
        if end_of_turn and match.turn >= self.turns:
            left = [sp for sp in self.spawn_points if match.standing(sp)]
            if not left:
                return Result("victory", match.turn, "every Spawn Point was destroyed")
            return Result("defeat", match.turn, f"{len(left)} Spawn Point(s) still stand")
        return None
