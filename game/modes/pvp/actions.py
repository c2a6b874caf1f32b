"""The Mission actions of the PvP book: what each effect named in a mission file does, and why it may not be
taken now. Toggle Node, Sabotage, Collect Intel, Search, Uplink, Transmit, Claim Beacon, Leave with the
Beacon (Relay Run). Pick Up Flag and picking up the Beacon, the Intel or the Artifact are the core Pick Up
(the marker says what it costs)."""
from __future__ import annotations

from game.match.mission import MissionActionDef, rect_zone

from . import sides as P
from .scoring import noun

ARTIFACT = "artifact"


def action_defs(match, defn) -> list[MissionActionDef]:
    out = []
    for a in defn.actions:
        sides = ()
        if a.roles:
            sides = tuple(s for s in P.SIDES if P.role(match, s) in a.roles) or ("nobody",)
        out.append(MissionActionDef(a.id, a.name, a.cost, a.rules, markers=a.markers, target=a.target,
                                    needs_control=a.needs_control, to_dice=a.to_dice, sides=sides))
    return out


def _defn_action(defn, action_id: str):
    return next(a for a in defn.actions if a.id == action_id)


def edge_zone(match, defn, side: str):
    """The 1"-deep strip along the side's own edge (where Relay Run's Beacon leaves the battlefield)."""
    e = P.edge(match, defn, side)
    if e is None:
        return None
    bf = match.table.battlefield
    y0, y1 = (0.0, 1.0) if e == "north" else (bf.height - 1.0, bf.height)
    return rect_zone(f"{e} edge", side, 0.0, y0, bf.width, y1)


def reason(match, defn, uid: int, action, marker: str | None) -> str | None:
    a = _defn_action(defn, action.id)
    side = match.side_of(uid)
    ms = match.mission_state
    if a.turns and match.turn not in a.turns:
        return f"{a.name} only in Turn{'s' if len(a.turns) > 1 else ''} {' and '.join(map(str, a.turns))}"
    if a.effect == "collect":
        kind = match.marker(marker).kind
        if any(match.marker(m).kind == kind for m in match.carried_by(uid)):
            return f"{match.unit(uid).name} already carries a {noun(defn, kind)}"
    elif a.effect == "transmit":
        if ms.get("packets", {}).get(side, 0) < 1:
            return "your squad has no Data Packet to transmit"
    elif a.effect == "claim":
        if ms.get("claims", {}).get(marker) == side:
            return f"{match.marker(marker).label} is already claimed by your squad"
    elif a.effect == "exit":
        kind = a.params["kind"]
        if not any(match.marker(m).kind == kind for m in match.carried_by(uid)):
            return f"only a unit carrying the {noun(defn, kind)} may leave with it"
        z = edge_zone(match, defn, side)
        p = match.position(uid)
        if z is None or not z.contains(p.x, p.y):
            return "the unit must be inside its squad's own deployment strip (1\" from its edge)"
    return None


def do(match, defn, uid: int, action, marker: str | None) -> None:
    a = _defn_action(defn, action.id)
    side = match.side_of(uid)
    name = match.unit(uid).name
    ms = match.mission_state
    if a.effect == "toggle":
        m = match.marker(marker)
        new = "inactive" if m.state == "active" else "active"
        match.set_marker(marker, say=f"{name} switches {m.label} {'on' if new == 'active' else 'off'}", state=new)
    elif a.effect == "sabotage":
        _sabotage(match, defn, match.marker(marker).data, a.params["damage"], name)
    elif a.effect == "collect":
        match.carry(marker, uid)
    elif a.effect == "search":
        _search(match, defn, uid, marker, a)
    elif a.effect == "uplink":
        packets = ms.setdefault("packets", {P.PLAYER: 0, P.OPPONENT: 0})
        packets[side] += 1
        match.event("Uplink", f"{name} uploads a Data Packet: {match.side_name(side)} has {packets[side]}", side)
    elif a.effect == "transmit":
        ms["packets"][side] -= 1
        P.score(match, side, a.params["mp"], "a Data Packet transmitted")
        match.event("Transmit", f"{name} transmits a Data Packet: {ms['packets'][side]} left", side)
    elif a.effect == "claim":
        ms.setdefault("claims", {})[marker] = side
        match.set_marker(marker, say=f"{name} claims {match.marker(marker).label} for {match.side_name(side)}",
                         state=f"claimed:{side}")
    elif a.effect == "exit":
        kind = a.params["kind"]
        P.score(match, side, a.params["mp"], f"the {noun(defn, kind)} carried off over its own edge")
        match.depart(uid, f"over its own edge with the {noun(defn, kind)}")
        ms.setdefault("departed", []).append(uid)
    else:  # the loader allows only the effects above
        raise ValueError(f"{defn.id}: unknown effect {a.effect}")


def area_of(match, marker: str) -> str | None:
    data = dict(match.marker(marker).data)
    return data.get("area")


def _sabotage(match, defn, data, damage: int, who: str) -> None:
    area_id = dict(data)["area"]
    area = defn.area(area_id)
    match.mission_state.setdefault("structures", {})[area_id] = "down"
    for mid in list(match.markers()):
        if dict(match.marker(mid).data).get("area") == area_id:
            match.remove_marker(mid, "its structure is down")
    match.event("Sabotage", f"{who} brings the {area.label} down", None)
    hit = [u for u in match.units(items=None) if not match.unit(u).item and near_rect(match, u, area.rect, 1.0)]
    match.mission_damage(hit, damage, f"the {area.label} comes down")


def near_rect(match, uid: int, rect, gap: float) -> bool:
    """The unit's base overlaps the rectangle or comes within `gap` inches of it (inside or Adjacent)."""
    b = match.base(uid)
    dx = max(rect.x0 - b.x, 0.0, b.x - rect.x1)
    dy = max(rect.y0 - b.y, 0.0, b.y - rect.y1)
    return (dx * dx + dy * dy) ** 0.5 <= b.radius + gap + 1e-9


def _search(match, defn, uid: int, marker: str, a) -> None:
    ms = match.mission_state
    n = ms.get("searches", 0) + 1
    ms["searches"] = n
    find = a.params["find"]
    need = find[min(n, len(find)) - 1]
    if need >= 6:  # the last marker always holds it: nothing to roll
        found_step(match, defn, uid, marker, n, need, None)
        return
    match.roll_table(1, f"Search ({_ordinal(n)} marker: found on {'a 1' if need == 1 else f'1-{need}'})",
                     ("searched", uid, marker, n, need), side=match.side_of(uid), to_dice=a.to_dice)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def found_step(match, defn, uid: int, marker: str, n: int, need: int, faces) -> None:
    """After the Search roll: remove the searched marker; on a find, the others go too and the unit carries the
    Artifact."""
    name = match.unit(uid).name
    found = faces is None or faces[0] <= need
    if marker in match.markers():
        match.remove_marker(marker, "searched")
    if not found:
        match.event("Search", f"{name} finds nothing", match.side_of(uid))
        return
    for mid in match.markers("search"):
        match.remove_marker(mid, "the Artifact is found")
    p = match.position(uid)
    match.place_marker(ARTIFACT, ARTIFACT, "Artifact", p.x, p.y, p.z, portable=True,
                       rules="The Artifact: worth 2 MP at the end of every Turn to the squad carrying it; dropped "
                             "where its carrier falls; any unit may Pick it Up.")
    match.carry(ARTIFACT, uid)
    match.event("Search", f"{name} finds the Artifact", match.side_of(uid))
