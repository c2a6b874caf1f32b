"""Crates: Supply Drop puts three on random spots (R28: a seeded D24 for x and one for y, shown in the log; spots
off the ground level or blocked by terrain or a marker are rolled again; a Crate landing on a unit is a Booby Trap
on it). A Crate is an item (ARM 3, HIT 1) that explodes at 0 HIT: 2 Damage to every Adjacent unit. Open Crate
(1 ACT, a Crate the unit Controls): 1D6 on the Crate table, which Tactical Orders may change."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match import events as E
from game.match.mission import MissionActionDef
from game.rules import actions as act
from game.rules.dice import Die
from game.rules.model import RANGED, UnitCard

from . import shop
from .common import PLAYER, state

CRATE = "crate"
MAX_ROLLS = 200


def crate_card(mission) -> UnitCard:
    c = mission.data.rules["crate"]
    return UnitCard("HRD-CRATE", "Crate", 0, c["arm"], c["hit"], 0, 0, ())


def actions(mission) -> list[MissionActionDef]:
    return [MissionActionDef("open-crate", "Open Crate", 1, "Roll 1D6 on the Crate table; the Crate is removed.",
                             markers=(CRATE,), sides=(PLAYER,))]


def _units_under(match, x: float, y: float, r: float) -> list[int]:
    return [u for u in match.units(items=None, downed=None)
            if math.hypot(match.base(u).x - x, match.base(u).y - y) < match.base(u).radius + r - 1e-6]


def random_spot(mission, match, n: int):
    """(x, y, z, uid landed on or None) for crate n: D(width) and D(height) until a ground-level spot free of
    terrain and markers comes up (a unit there is a Booby Trap)."""
    table = match.table
    bf = table.battlefield
    r = crate_card(mission).base_diameter / 2
    for _ in range(MAX_ROLLS):
        fx = match.dice.d(int(bf.width))
        fy = match.dice.d(int(bf.height))
        x, y = table.snap(fx - 0.5, fy - 0.5)
        z = table.surface_z(x, y, 0.0)
        under = _units_under(match, x, y, r)
        units = [u for u in under if not match.unit(u).item]
        marker_near = any(p is not None and math.hypot(p[0] - x, p[1] - y) < r + 0.5
                          for p in (match.marker_position(m) for m in match.markers(on_table=True)))
        if len(units) > 1:
            terrain_ok = True  # units stand there: it is ground
        else:
            terrain_ok = table.can_stand(r, x, y, z, ignore_uid=units[0] if units else None)
        free_ground = z <= 1e-6 and len(units) == len(under) and not marker_near and terrain_ok
        outcome = f"({x:g}, {y:g})" if free_ground else f"({x:g}, {y:g}) is not open ground: rolled again"
        w, h = int(bf.width), int(bf.height)  # one die across the table and one down it, each as many faces
        match.emit(E.DiceRolled(f"Supply Drop: Crate {n} lands, across (1D{w})", (Die(fx),), "", PLAYER, w))
        match.emit(E.DiceRolled(f"Supply Drop: Crate {n} lands, down (1D{h})", (Die(fy),), outcome, PLAYER, h))
        if free_ground:
            return x, y, z, (units[0] if units else None)
    return None


def supply_drop(mission, match) -> None:
    ms = state(match)
    for i in range(mission.data.rules["crates_per_drop"]):
        got = random_spot(mission, match, i + 1)
        if got is None:
            match.note("A Crate found no open ground and was lost")
            continue
        x, y, z, on = got
        if on is not None:
            booby_trap_at(mission, match, x, y, z, f"a Crate lands on {match.unit(on).name}: Booby Trap")
            continue
        ms["crates"] = ms.get("crates", 0) + 1
        mid = f"crate-{ms['crates']}"
        match.place_marker(mid, CRATE, f"Crate {ms['crates']}", x, y, z, card=crate_card(mission),
                           item_side="neutral", where="by the Supply Drop",
                           rules="An item (ARM 3, HIT 1). Open Crate (1 ACT) when a unit Controls it; at 0 HIT it "
                                 "explodes: 2 Damage to every Adjacent unit.")


def booby_trap_at(mission, match, x: float, y: float, z: float, why: str) -> None:
    """2 Damage to every unit Adjacent to the spot (the one under it too); Downed units take none."""
    probe = Base(uid=-7, side="spot", x=x, y=y, z=z, radius=crate_card(mission).base_diameter / 2)
    hit = [u for u in match.units(items=None) if not match.unit(u).item and
           (match.table.adjacent(probe, match.base(u)) or
            math.hypot(match.base(u).x - x, match.base(u).y - y) < match.base(u).radius + probe.radius)]
    match.event("Booby Trap", why, PLAYER)
    if hit:
        src = hit[0]
        match.queue_step(("skill", "damage", src, mission.data.rules["explosion_damage"], "Booby Trap", RANGED,
                          tuple(hit)))


def explosion_steps(mission, match, uid: int) -> list[tuple]:
    """A Crate at 0 HIT explodes while it is still on the table."""
    return [("skill", "death_damage", uid, mission.data.rules["explosion_damage"], "The Crate explodes", RANGED,
             "all")]


def open_reason(match, marker: str | None) -> str | None:
    """A Crate at 0 HIT is exploding: nobody opens it any more (a unit it sent to 0 HIT with Duty Before Death)."""
    crate = match.marker_uid(marker) if marker is not None else None
    if crate is not None and match.standing(crate) and match.health(crate).hit <= 0:
        return "the Crate is exploding"
    return None


def open_crate(mission, match, uid: int, marker: str) -> None:
    match.roll_table(1, "Open Crate", ("crate_opened", marker, uid), side=PLAYER, to_dice=True)


def opened(mission, match, marker: str, uid: int, faces) -> None:
    entry = mission.data.crate(faces[0])
    match.event(f"Crate: {entry.name}", entry.text, PLAYER)
    crate_uid = match.marker_uid(marker)
    if entry.id == "booby-trap" and crate_uid is not None and match.standing(crate_uid):
        match.mission_step("explode_opened", marker, crate_uid, front=True)
        return
    match.remove_marker(marker, "opened")
    effect(mission, match, entry.id)


def explode_opened(mission, match, marker: str, crate_uid: int) -> None:
    """The opened Crate explodes and is gone at once: the units Adjacent to it now take the Damage, which nobody
    dealt. (Removed only after the Damage, a unit the blast sent to 0 HIT could open it again with Duty Before
    Death.)"""
    hit = tuple(u for u in match.units() if not match.unit(u).item and match.adjacent(crate_uid, u))
    match.remove_marker(marker, "exploded")
    if hit:
        match.queue_step(("skill", "damage", None, mission.data.rules["explosion_damage"], "Booby Trap", RANGED, hit))


def effect(mission, match, cid: str) -> None:
    from . import waves
    if cid == "stockpile":
        waves.earn(match, 3, "Crate: Stockpile")
    elif cid == "command-uplink":
        match.add_to(PLAYER, 2, "Crate: Command Uplink")
    elif cid == "map":
        if match.units(PLAYER):
            shop.ask_unit(mission, match, "map", "Map: which unit makes a free Move?")
    elif cid == "relay-order":
        if match.units(PLAYER):
            shop.ask_unit(mission, match, "relay-order", "Relay Order: which unit takes a free 1-ACT action?")
    elif cid == "upgrade":
        shop.free_upgrade(mission, match)


def grant_map(match, uid: int) -> None:
    match.grant(uid, "Map", [(act.MOVE,)])


def grant_relay(match, uid: int) -> None:
    match.grant(uid, "Relay Order", [act.BASIC_ACTIONS + (act.MISSION,)], max_cost=1)
