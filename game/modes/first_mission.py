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


def _nearest_free(match, radius: float, x0: float, y0: float, taken, limit: float = 6.0, gap: float = 0.2):
    """The spot nearest (x0, y0), on rings 0.5" apart, where a base fits and keeps `gap` from `taken` spots."""
    table = match.table
    for ring in range(int(limit / 0.5) + 1):
        r = ring * 0.5
        steps = max(1, int(2 * math.pi * r / 0.5))
        for k in range(steps):
            a = 2 * math.pi * k / steps
            x, y = round(x0 + r * math.cos(a), 3), round(y0 + r * math.sin(a), 3)
            if math.hypot(x - x0, y - y0) > limit + 1e-9:
                continue
            if any(math.hypot(x - tx, y - ty) < 2 * radius + gap for tx, ty in taken):
                continue
            z = table.surface_z(x, y, 0.0)
            if table.can_stand(radius, x, y, z):
                return x, y, z
    raise ValueError(f"no room for a base within {limit:g}\" of ({x0:g}, {y0:g}) on {table.battlefield.name}")


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
        """Spawn Points at the map's S1, S2, S3, or where the mission's diagram puts them (scaled to the table),
        moved to the nearest spot a base can stand on if terrain is in the way."""
        item = self.catalog.items[SPAWN_POINT_ITEM]
        card = UnitCard(type_id=item.id, name=item.name, act=0, arm=item.arm, hit=item.hit, msk=0, rsk=0,
                        weapons=(), base_diameter=item.base_diameter)
        bf = match.table.battlefield
        spots = [(m.x, m.y) for m in bf.spawn_points][:3]
        if len(spots) < 3:
            spots = [(x * bf.width / 24, y * bf.height / 24) for x, y in DEFAULT_SPAWNS]
        taken: list[tuple[float, float]] = []
        for i, (x, y) in enumerate(spots, start=1):
            x, y, z = _nearest_free(match, card.base_diameter / 2, x, y, taken)
            taken.append((x, y))
            uid = match.add_unit(NPC, f"Spawn Point {i}", card, (x, y, z), item=True)
            self.spawn_points.append(uid)
        match._sync_table()

    def in_deployment_zone(self, match, side, x, y) -> bool:
        """Within 4" of the centre of the battlefield (the mission's rule, whatever zones the map has)."""
        if side != PLAYER:
            return False
        cx, cy = self._centre(match)
        return math.hypot(x - cx, y - cy) <= DEPLOY_RADIUS

    def default_deployment(self, match, side):
        """The squad in the order it was listed, each on the free spot nearest the centre."""
        cx, cy = self._centre(match)
        waiting = set(match.undeployed(side))
        taken = [(match.position(u).x, match.position(u).y) for u in match.all_units_of(side) if u not in waiting
                 and match.position(u) is not None]
        out = []
        for uid in match.all_units_of(side):
            if uid not in waiting:
                continue
            r = match.unit(uid).card.base_diameter / 2
            x, y, z = _nearest_free(match, r, cx, cy, taken, limit=DEPLOY_RADIUS, gap=0.6)
            taken.append((x, y))
            out.append((uid, x, y, z))
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
                    match.note(f"No room to spawn a Bug next to {match.unit(sp).name}")
                    break
                # Bugs come out on the side facing the squad.
                spots.sort(key=lambda s: (min((math.hypot(s[0] - p.x, s[1] - p.y) for p in players), default=0),
                                          s[0], s[1]))
                sx, sy, sz = spots[0]
                self._bugs += 1
                match.spawn(NPC, f"Bug {self._bugs}", self.bug_card, sx, sy, sz)
                placed += 1
            match.note(f"{placed} Bug(s) spawn at {match.unit(sp).name} (Turn {match.turn}: {x} per Spawn Point)")

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
