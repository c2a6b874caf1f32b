"""Wave Objectives (1D6 at the start of each wave): their markers on random Anchors (R25; never on an occupied
Anchor or a Spawn Point's), their actions (Calibrate Pylon, Search), and the reward the players choose."""
from __future__ import annotations

import math

from game.match.anchors import ANCHORS
from game.match.mission import MissionActionDef
from game.rules.model import RANGED, UnitCard

from .common import HORDE, PLAYER, nearest_free, roll, state

LETTERS = "ABCDEFGHI"
KIND_LABELS = {"control": "Control Point", "nexus": "Nexus", "asset": "The Asset", "pylon": "Pylon",
               "search": "Search marker"}


def current(match) -> dict | None:
    return state(match).get("objective")


def roll_objective(mission, match) -> None:
    face = roll(match, 1, "Wave Objective")[0]
    obj = mission.data.objective(face)
    state(match)["objective"] = {"id": obj.id, "state": "open", "markers": [], "progress": 0}
    match.event(f"Wave Objective: {obj.name}", obj.goal, PLAYER)
    if obj.markers:
        next_anchor(mission, match, 0)


def _taken_anchors(match) -> list[str]:
    """Anchors under a Spawn Point, a marker or a unit's base (occupied): an objective goes elsewhere."""
    out = []
    things = [match.marker_position(m) for m in match.markers(on_table=True)]
    bases = [match.base(u) for u in match.units(items=None, downed=None)]
    for name, (x, y) in match.anchors().items():
        if any(p is not None and math.hypot(p[0] - x, p[1] - y) < 1.0 for p in things) or \
                any(math.hypot(b.x - x, b.y - y) < b.radius + 0.5 for b in bases):
            out.append(name)
    return out


def next_anchor(mission, match, i: int) -> None:
    o = current(match)
    taken = _taken_anchors(match)
    if len(taken) >= len(ANCHORS):
        match.note("Every Anchor is taken: the objective has fewer markers")
        return
    obj = mission.data.objective_by_id(o["id"])
    match.random_anchor(f"{obj.name}: marker {i + 1}", ("objective_anchor", i), exclude=tuple(taken))


def place_marker(mission, match, i: int, anchor: str) -> None:
    ms = state(match)
    o = current(match)
    obj = mission.data.objective_by_id(o["id"])
    x, y = match.anchors()[anchor]
    label = KIND_LABELS[obj.kind] if obj.kind == "asset" else f"{KIND_LABELS[obj.kind]} {LETTERS[i]}"
    mid = f"{obj.kind}-w{ms['wave']}-{i + 1}"
    if obj.hit:  # an item with ARM and HIT: where a base fits, nearest the Anchor
        card = UnitCard(f"HRD-{obj.kind.upper()}", label, 0, obj.arm, obj.hit, 0, 0, ())
        spot = nearest_free(match, card.base_diameter / 2, x, y)
        if spot is None:
            match.note(f"No room for {label} near Anchor {anchor}")
        else:
            side = PLAYER if obj.kind == "asset" else HORDE
            match.place_marker(mid, obj.kind, label, *spot, card=card, item_side=side, where=f"at Anchor {anchor}",
                               rules=obj.goal)
            o["markers"].append(mid)
    else:
        match.place_marker(mid, obj.kind, label, x, y, where=f"at Anchor {anchor}", rules=obj.goal)
        o["markers"].append(mid)
    if i + 1 < obj.markers:
        next_anchor(mission, match, i + 1)


def markers_left(match, kind: str) -> list[str]:
    o = current(match)
    return [m for m in (o or {}).get("markers", []) if m in match.markers(kind)]


# -- actions -----------------------------------------------------------------------------------------------------
def actions(mission) -> list[MissionActionDef]:
    pyl = mission.data.objective_by_id("disruption-field")
    art = mission.data.objective_by_id("the-artifact")
    return [
        MissionActionDef("calibrate", "Calibrate Pylon", pyl.action_cost, "Remove a Pylon this unit Controls.",
                         markers=("pylon",), sides=(PLAYER,)),
        MissionActionDef("search", "Search", art.action_cost,
                         f"Roll 1D6: the Artifact is found on {art.found_on} or less; the marker is removed.",
                         markers=("search",), to_dice=False, sides=(PLAYER,)),
    ]


def calibrate(mission, match, uid: int, marker: str) -> None:
    o = current(match)
    match.remove_marker(marker, f"calibrated by {match.unit(uid).name}")
    o["progress"] += 1
    if not markers_left(match, "pylon") and o["state"] == "open":
        complete(mission, match)


def search(mission, match, uid: int, marker: str) -> None:
    match.roll_table(1, "Search for the Artifact", ("searched", marker), side=PLAYER, to_dice=False)


def searched(mission, match, marker: str, faces) -> None:
    o = current(match)
    art = mission.data.objective_by_id("the-artifact")
    match.remove_marker(marker, "searched")
    if o is None or o["state"] != "open":
        return
    if faces[0] <= art.found_on:
        match.event("The Artifact is found", "", PLAYER)
        complete(mission, match)
    elif not markers_left(match, "search"):
        fail(match, "every marker was searched")


def on_taken_out(mission, match, uid: int, mid: str | None) -> None:
    o = current(match)
    if o is None or o["state"] != "open" or mid not in o["markers"]:
        return
    kind = mission.data.objective_by_id(o["id"]).kind
    if kind == "nexus" and not markers_left(match, "nexus"):
        complete(mission, match)
    elif kind == "asset":
        fail(match, "the Asset was destroyed")


# -- completion and rewards --------------------------------------------------------------------------------------
def complete(mission, match) -> None:
    o = current(match)
    obj = mission.data.objective_by_id(o["id"])
    o["state"] = "done"
    match.event(f"Objective complete: {obj.name}", "choose a reward", PLAYER)
    match.mission_step("ask_reward", obj.id)


def fail(match, why: str) -> None:
    o = current(match)
    o["state"] = "failed"
    match.event("Wave Objective failed", why, PLAYER)


def at_wave_end(mission, match) -> None:
    """Objectives judged when the wave ends: Battlefield Control, Overwhelming Force, Protect the Asset; the rest
    fail if they are still open. The wave's objective markers go."""
    o = current(match)
    if o is None:
        return
    obj = mission.data.objective_by_id(o["id"])
    ms = state(match)
    if o["state"] == "open":
        if obj.id == "battlefield-control":
            left = markers_left(match, "control")
            ok = bool(left) and all(match.side_controls(PLAYER, m) for m in left)
            complete(mission, match) if ok else fail(match, "the squad does not Control every Control point")
        elif obj.id == "overwhelming-force":
            ok = ms["wave_turn"] <= obj.turns
            complete(mission, match) if ok else fail(match, f"the wave lasted {ms['wave_turn']} Turns")
        elif obj.id == "protect-asset":
            ok = bool(markers_left(match, "asset"))
            complete(mission, match) if ok else fail(match, "the Asset was destroyed")
        else:
            fail(match, "the wave ended first")
    for m in o["markers"]:
        if m in match.markers():
            match.remove_marker(m, "the wave is over")
    match.mission_step("objective_over")


def ask_reward(mission, match, oid: str) -> None:
    obj = mission.data.objective_by_id(oid)
    options = []
    for rid, words in obj.rewards:
        if rid == "heal" and not [u for u in match.units(PLAYER) if _hurt(match, u)]:
            continue
        options.append((rid, words))
    match.ask(PLAYER, f"{obj.name} complete: choose your reward", tuple(options), ("reward", oid))


def _hurt(match, uid: int) -> bool:
    h = match.health(uid)
    return h.hit < h.max_hit


def reward(mission, match, oid: str, rid: str) -> None:
    from . import shop, waves
    ms = state(match)
    rules = mission.data.rules
    if rid == "mp":
        waves.earn(match, rules["objective_mp"], "Wave Objective")
    elif rid == "fewer-spawns":
        ms["spawn_dice_next"] = 2
        match.event("Reward", "the next wave spawns with 2D6", PLAYER)
    elif rid == "horde-damage":
        horde = match.units(HORDE)
        src = (match.units(PLAYER) or match.units(PLAYER, downed=None))[0]
        if horde:
            match.queue_step(("skill", "damage", src, 2, "Nexus backlash", RANGED, tuple(horde)))
    elif rid == "heal":
        shop.ask_unit(mission, match, "heal-reward", "Reward: which unit gets 1 HIT back?")
    elif rid == "to":
        ms["bonus_to"] = rules["reward_to"]
        match.event("Reward", f"+{rules['reward_to']} TO in the first Turn of the next wave", PLAYER)
    elif rid == "weaken":
        ms.setdefault("wave_flags", []).append("weaken")
        match.event("Reward", "Horde weapons roll 1 Attack die fewer until the wave ends", PLAYER)
    elif rid == "spoil":
        shop.ask_unit(mission, match, "spoil-reward", "Reward: which unit gains a Spoil of War?")
