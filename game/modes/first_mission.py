"""The First Mission, "Survive" (Core Rules section 10).

The squad deploys within 4" of the centre. At the start of each Turn, x Bugs (x = the Turn number,
at most 4) spawn Adjacent to each Spawn Point still standing. Bugs activate after each player Unit
(R19). Spawn Points are items (ARM 4, HIT 1) that can be attacked, but not with Ranged Combat while a
Bug is Adjacent to them. Victory: at the end of Turn 4, every Spawn Point is Taken Out.
"""
from __future__ import annotations

import math

from game.match.mission import (
    MissionScript,
    MissionSummary,
    ObjectiveStatus,
    Result,
    circle_zone,
)
from game.rules.cards import build_card
from game.rules.model import UnitCard, UnitSpec

from .spots import nearest_free

PLAYER = "player"
NPC = "npc"
BUG_TYPE = "FM-BUG"
SPAWN_POINT_ITEM = "FM-SPAWN-POINT"
SPAWN_KIND = "spawn_point"
DEFAULT_SPAWNS = ((3.0, 3.0), (21.0, 3.0), (12.0, 21.0))
DEPLOY_RADIUS = 4.0
MAX_BUGS_PER_SPAWN = 4


def bugs_per_spawn_point(turn: int) -> int:
    return min(turn, MAX_BUGS_PER_SPAWN)


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


class FirstMission(MissionScript):
    id = "first-mission"
    mode = "first-mission"
    title = "Survive"
    briefing = ("Your squad (the First Mission's Leader, Trooper, Fighter and Shooter, or any squad you built) deploys "
                "within 4\" of the centre. At the start of each Turn, Bugs crawl out of every Spawn Point still "
                "standing: 1 per Spawn Point on Turn 1, 2 on Turn 2, up to 4.\n\n"
                "Victory: at the end of Turn 4, every Spawn Point is Taken Out.\n"
                "Defeat: the squad is overrun, or a Spawn Point still stands.\n\n"
                "Spawn Points cannot be shot while a Bug is Adjacent to them.")
    turns = 4
    map_name = "first-mission-survive.tmx"
    sides = (PLAYER, NPC)

    def __init__(self, catalog, options: dict | None = None) -> None:
        super().__init__(catalog, options)
        self.bug_card: UnitCard = build_card(catalog, UnitSpec(BUG_TYPE, "Bug"))
        item = catalog.items[SPAWN_POINT_ITEM]
        self.spawn_card = UnitCard(type_id=item.id, name=item.name, act=0, arm=item.arm, hit=item.hit, msk=0,
                                   rsk=0, weapons=(), base_diameter=item.base_diameter)

    @classmethod
    def make_scenario(cls, entry, squad=None, opponent=None, map_name="default", measure="inches", options=None,
                      controller="person"):
        """The squad (the mission's own four soldiers by default) against the Bugs."""
        from game.match.scenario import ScenarioError

        from . import first_mission_scenario
        if opponent is not None:
            raise ScenarioError("the First Mission has no opponent squad: the Bugs come from the Spawn Points")
        kwargs = {} if map_name == "default" else {"map_name": map_name}
        return first_mission_scenario(squad, measure=measure, controller=controller, **kwargs)

    def result_line(self, match) -> str:
        r = match.result
        return f"result: {r.outcome} (turn {r.turn}, {plural(len(match.units(PLAYER)), 'unit')} left)"

    def _centre(self, match) -> tuple[float, float]:
        bf = match.table.battlefield
        return bf.width / 2, bf.height / 2

    def setup(self, match) -> None:
        """Spawn Points at the map's S1, S2, S3, or where the mission's diagram puts them (scaled to the table),
        moved to the nearest spot a base can stand on if terrain is in the way."""
        bf = match.table.battlefield
        spots = [(m.x, m.y) for m in bf.spawn_points][:3]
        if len(spots) < 3:
            spots = [(x * bf.width / 24, y * bf.height / 24) for x, y in DEFAULT_SPAWNS]
        r = self.spawn_card.base_diameter / 2
        taken: list[tuple[float, float]] = []
        for i, (x, y) in enumerate(spots, start=1):
            spot = nearest_free(match, r, x, y, taken)
            if spot is None:
                match.note(f"No room for Spawn Point {i} on this battlefield")
                continue
            taken.append(spot[:2])
            match.place_marker(f"spawn-{i}", SPAWN_KIND, f"Spawn Point {i}", *spot, card=self.spawn_card,
                               item_side=NPC, rules="An item (ARM 4, HIT 1): Bugs spawn Adjacent to it each Turn. "
                               "It cannot be targeted in Ranged Combat while a Bug is Adjacent to it.")
        match.mission_state["bugs"] = 0
        match.mission_state["spawn_points"] = len(taken)

    def deployment_zones(self, match, side):
        if side != PLAYER:
            return []
        cx, cy = self._centre(match)
        return [circle_zone("centre", PLAYER, cx, cy, DEPLOY_RADIUS)]

    def start_of_turn(self, match) -> None:
        x = bugs_per_spawn_point(match.turn)
        players = [match.base(u) for u in match.units(PLAYER)]
        r = self.bug_card.base_diameter / 2
        for sp in match.units(NPC, items=True):
            placed = 0
            # the free spots Adjacent to the Spawn Point, those facing the squad first; each Bug takes the first
            # one that no Bug placed just before overlaps
            spots = match.table.spots_adjacent_to(match.base(sp), r, NPC)
            spots.sort(key=lambda s: (min((math.hypot(s[0] - p.x, s[1] - p.y) for p in players), default=0),
                                      s[0], s[1]))
            taken: list[tuple[float, float]] = []
            for _ in range(x):
                free = next((s for s in spots if all(math.hypot(s[0] - tx, s[1] - ty) >= 2 * r - 1e-9
                                                     for tx, ty in taken) and match.table.can_stand(r, *s)), None)
                if free is None:
                    match.note(f"No room to spawn a Bug next to {match.unit(sp).name}")
                    break
                sx, sy, sz = free
                taken.append((sx, sy))
                match.mission_state["bugs"] += 1
                match.spawn(NPC, f"Bug {match.mission_state['bugs']}", self.bug_card, sx, sy, sz)
                placed += 1
            match.event("Bugs spawn", f"{plural(placed, 'Bug')} at {match.unit(sp).name} (Turn {match.turn}: "
                                      f"{x} per Spawn Point)", NPC)

    def ranged_target_reason(self, match, attacker, target) -> str | None:
        if match.marker_of(target) is not None:
            tb = match.base(target)
            for u in match.units(NPC):
                if match.table.adjacent(tb, match.base(u)):
                    return "a Bug is Adjacent to this Spawn Point"
        return None

    def check_result(self, match, end_of_turn: bool) -> Result | None:
        if not match.units(PLAYER):
            return Result("defeat", match.turn, "the squad was overrun", winner=NPC)
        if end_of_turn and match.turn >= self.turns:
            left = match.units(NPC, items=True)
            if not left:
                return Result("victory", match.turn, "every Spawn Point was destroyed", winner=PLAYER)
            return Result("defeat", match.turn, f"{plural(len(left), 'Spawn Point')} still "
                          f"{'stands' if len(left) == 1 else 'stand'}", winner=NPC)
        return None

    def summary(self, match) -> MissionSummary:
        total = match.mission_state.get("spawn_points", 0)
        left = len(match.units(NPC, items=True))
        objectives = (
            ObjectiveStatus("Destroy every Spawn Point by the end of Turn 4",
                            f"{total - left} of {total} destroyed", True if left == 0 else None),
            ObjectiveStatus("Survive", f"{plural(len(match.units(PLAYER)), 'unit')} standing",
                            False if not match.units(PLAYER) else None),
        )
        bugs = len(match.units(NPC))
        return MissionSummary(self.title, f"Turn {match.turn} of {self.turns}", objectives,
                              notes=(f"{plural(bugs, 'Bug')} on the table",))
