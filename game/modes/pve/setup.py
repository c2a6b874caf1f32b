"""The mission generator (play-modes digest 2.1, setup): every part picked or rolled with the match's dice, each
roll shown in the log, in this order (P1): the battlefield (1D6; its table is laid out first), the NPC faction
(1D10), the Threat Level (1D6 halved), two objectives (2D6, doubles rolled again) and their markers on random
Anchors (1D10, R25), the deployment (1D6), the NPC units (3D6 on the Spawn Table, each die on its own), the NPC
units deployed (split evenly over their Anchors, in Cover or out of sight where possible). The squad then deploys.
"""
from __future__ import annotations

from . import objectives as O
from .placement import place_split, zones_for
from .scenario import NPC, PLAYER

STEPS = ("battlefield", "faction", "threat", "objectives", "place_objectives", "deployment", "spawn", "deploy_npc")


def begin(mission, match) -> None:
    match.mission_state.update({
        "tl": None, "faction": None, "battlefield": None, "deployment": None, "objectives": [], "status": {},
        "markers": {}, "anchors_used": [], "streak": 0, "activated": 0, "searches": 0, "found_by": None,
        "spawned": [], "npc": {}, "npc_names": {}, "extraction": None, "darkness": None, "events": [],
        "collapsed": [], "over": None, "extracted": [], "left_behind": [], "counted": 0,
    })
    lead = mission.opts.get("squad_leader_unit")
    if lead is not None:
        units = match.all_units_of(PLAYER)
        if 0 <= lead < len(units) and match.unit(units[lead]).leader:
            match.set_squad_leader(PLAYER, units[lead])
    for step in mission.setup_steps:  # STEPS, or the later edition's (setup_e2.py)
        match.mission_step(step)


def _how(mission) -> str:
    return "the mission's" if getattr(mission, "scripted", None) is not None else "picked"


def _say(match, title: str, text: str = "") -> None:
    match.event(title, text, None)


# -- the parts -------------------------------------------------------------------------------------------
def battlefield(mission, match) -> None:
    o = mission.opts
    if o.get("first_mission"):
        _say(match, "First mission", "no battlefield effect, Standard Insertion")
    elif o.get("battlefield"):
        set_battlefield(mission, match, o["battlefield"], _how(mission))
    else:
        match.roll_table(1, "Battlefield (1D6)", ("battlefield_rolled",))


def battlefield_rolled(mission, match, faces) -> None:
    set_battlefield(mission, match, mission.data.by_roll(mission.data.battlefields, faces[0]).id, f"rolled {faces[0]}")


def set_battlefield(mission, match, bid: str, how: str) -> None:
    b = mission.data.battlefield(bid)
    match.mission_state["battlefield"] = bid
    _say(match, f"Battlefield: {b.name} ({how})", f"{b.effect}: {b.text}")


def faction(mission, match) -> None:
    if mission.opts.get("npc"):
        set_faction(mission, match, mission.opts["npc"], _how(mission))
    else:
        match.roll_table(1, f"NPC faction (1D{len(mission.data.factions)})", ("faction_rolled",),
                         sides=len(mission.data.factions))


def faction_rolled(mission, match, faces) -> None:
    set_faction(mission, match, mission.data.by_roll(mission.data.factions, faces[0]).id, f"rolled {faces[0]}")


def set_faction(mission, match, fid: str, how: str) -> None:
    match.mission_state["faction"] = fid
    f = mission.data.faction(fid)
    _say(match, f"NPC faction: {f.name} ({how})", f.text)


def threat(mission, match) -> None:
    if mission.opts.get("tl"):
        set_threat(match, mission.opts["tl"], _how(mission))
    else:
        match.roll_table(1, "Threat Level (1D6 halved: 1-2 TL 1, 3-4 TL 2, 5-6 TL 3)", ("threat_rolled",))


def threat_rolled(mission, match, faces) -> None:
    set_threat(match, (faces[0] + 1) // 2, f"rolled {faces[0]}")


def set_threat(match, tl: int, how: str) -> None:
    match.mission_state["tl"] = tl
    _say(match, f"Threat Level {tl} ({how})")


def objectives(mission, match) -> None:
    picked = mission.opts.get("objectives")
    if picked:
        set_objectives(mission, match, picked.split(","), "picked")
    else:
        match.roll_table(2, "Objectives (2D6, doubles rolled again)", ("objectives_rolled",))


def objectives_rolled(mission, match, faces) -> None:
    if faces[0] == faces[1]:
        _say(match, f"Objectives: doubles ({faces[0]}, {faces[1]}), rolled again")
        match.roll_table(2, "Objectives (2D6, doubles rolled again)", ("objectives_rolled",))
        return
    rows = [mission.data.by_roll(mission.data.objectives, f) for f in faces]
    set_objectives(mission, match, [r.id for r in rows], f"rolled {faces[0]} and {faces[1]}")


def set_objectives(mission, match, ids, how: str) -> None:
    ms = match.mission_state
    ms["objectives"] = list(ids)
    ms["status"] = {i: "open" for i in ids}
    names = " and ".join(mission.data.objective(i).name for i in ids)
    _say(match, f"Objectives: {names} ({how})",
         " ".join(f"{mission.data.objective(i).name}: {mission.data.objective(i).victory}" for i in ids))


def place_objectives(mission, match) -> None:
    """The next marker still to place goes on a random Anchor (an Anchor already taken is rolled again; a 10 lets
    the squad choose, R25)."""
    ms = match.mission_state
    for oid in ms["objectives"]:
        obj = mission.data.objective(oid)
        k = len(ms["markers"].get(oid, []))
        if k < obj.markers:
            match.random_anchor(f"{O.marker_label(obj, k)}: random Anchor (1D10)", ("objective_anchor", oid, k),
                                exclude=tuple(ms["anchors_used"]), chooser=PLAYER)
            return


def objective_anchor(mission, match, oid: str, k: int, anchor: str) -> None:
    O.place(mission, match, oid, k, anchor)
    match.mission_step("place_objectives", front=True)


def deployment(mission, match) -> None:
    o = mission.opts
    if o.get("first_mission"):
        set_deployment(mission, match, mission.data.first_mission_deployment, "first mission")
    elif o.get("deployment"):
        set_deployment(mission, match, o["deployment"], "picked")
    else:
        match.roll_table(1, "Deployment (1D6)", ("deployment_rolled",))


def deployment_rolled(mission, match, faces) -> None:
    set_deployment(mission, match, mission.data.by_roll(mission.data.deployments, faces[0]).id, f"rolled {faces[0]}")


def set_deployment(mission, match, did: str, how: str) -> None:
    match.mission_state["deployment"] = did
    d = mission.data.deployment(did)
    _say(match, f"Deployment: {d.name} ({how})", d.text)


# -- the NPC squad ---------------------------------------------------------------------------------------
def spawn(mission, match) -> None:
    ms = match.mission_state
    f = mission.data.faction(ms["faction"])
    n = mission.data.numbers["spawn_dice"]
    match.roll_table(n, f"{f.name}: Spawn Table, Threat Level {ms['tl']} ({n}D6, each die on its own)",
                     ("spawned",))


def spawned(mission, match, faces) -> None:
    ms = match.mission_state
    f = mission.data.faction(ms["faction"])
    for face in faces:
        row = f.spawn_row(ms["tl"], face)
        ms["spawned"].append([face, row.unit, row.count])
        _say(match, f"Spawn Table {face}: {row.count} x {f.unit(row.unit).name}")


def npc_name(match, unit) -> str:
    names = match.mission_state["npc_names"]
    names[unit.id] = names.get(unit.id, 0) + 1
    return f"{unit.name} {names[unit.id]}"


def add_npc(mission, match, unit, x: float, y: float, z: float) -> int:
    uid = match.spawn(NPC, npc_name(match, unit), unit.card, x, y, z)
    match.mission_state["npc"][str(uid)] = [unit.id, unit.behaviour]
    return uid


def viewpoints(mission, match) -> list[tuple[float, float, float]]:
    """Where the squad will look from: its deployment Anchors (the NPCs hide from these)."""
    d = mission.data.deployment(match.mission_state["deployment"])
    return [match.anchor(a) for a in d.player.anchors]


def deploy_npc(mission, match) -> None:
    ms = match.mission_state
    f = mission.data.faction(ms["faction"])
    units = [f.unit(uid) for _, uid, count in ms["spawned"] for _ in range(count)]
    d = mission.data.deployment(ms["deployment"])
    spots = place_split(match, [u.card.base_diameter / 2 for u in units], d.npc,
                        mission.data.numbers["area_radius"], viewpoints(mission, match))
    for unit, spot in zip(units, spots):
        if spot is None:
            match.note(f"No room for {unit.name} at the enemy's Anchors: it does not deploy")
            continue
        add_npc(mission, match, unit, *spot[1:])
    _say(match, f"{f.name} deploys: {len(match.units(NPC))} units", d.text)


def player_zones(mission, match):
    d = mission.data.deployment(match.mission_state["deployment"])
    return zones_for(match, d.player, PLAYER, mission.data.numbers["area_radius"])
