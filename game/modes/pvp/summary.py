"""What the screen shows of a PvP mission at all times: both scores, the objective panel (each marker and who
Controls or carries it, structures, Data Packets, Rivals, the Intel) and the zones to draw. Secrets stay
secret here until the rules reveal them (R32)."""
from __future__ import annotations

from game.match.flow import DEPLOY, SETUP
from game.match.mission import DrawnZone, MissionSummary, ObjectiveStatus, rect_zone

from . import rules as R
from . import scoring as SC
from . import sides as P
from .actions import edge_zone

PLACE_NAMES = {"north": "North edge", "south": "South edge", "attacker": "Attacker", "defender": "Defender"}


def _marker_status(match, mid: str) -> tuple[str, str | None]:
    m = match.marker(mid)
    if m.carrier is not None:
        u = match.unit(m.carrier)
        where = "" if match.standing(m.carrier) else " (off the battlefield)"
        return f"carried by {u.name} ({match.side_name(u.side)}){where}", u.side
    state = ""
    if m.state in ("active", "inactive"):
        state = f"{m.state.capitalize()}, "
    elif m.state.startswith("claimed:"):
        state = f"claimed by {match.side_name(m.state.split(':', 1)[1])}, "
    c = match.controller_of(mid) if match.phase not in (SETUP, DEPLOY) else None
    if c is not None:
        return f"{state}Controlled by {match.side_name(c)}", c
    return f"{state}nobody Controls it", None


def summary(match, script) -> MissionSummary:
    defn = script.defn
    ms = match.mission_state
    objectives: list[ObjectiveStatus] = []
    for mid in match.markers():
        if mid == R.INTEL:
            continue
        status, side = _marker_status(match, mid)
        owner = match.marker(mid).side
        label = match.marker(mid).label + (f" ({match.side_name(owner)}'s own)" if owner else "")
        objectives.append(ObjectiveStatus(label, status, None, side))
    for area in defn.areas:
        if area.purpose == "structure":
            down = ms.get("structures", {}).get(area.id) == "down"
            objectives.append(ObjectiveStatus(area.label, "brought down" if down else "standing", down or None))
    if defn.secret == "carrier":
        objectives.append(ObjectiveStatus("The Intel", _intel_text(match)))
    if defn.secret == "rival":
        rv = R.rivals(match)
        for s in P.SIDES:
            if s in rv:
                u = rv[s]
                state = "standing" if match.standing(u) else "Taken Out"
                objectives.append(ObjectiveStatus(f"{match.side_name(s)}'s Rival", f"{match.unit(u).name}, {state}",
                                                  None, s))
            else:
                picked = s in ms.get("rival", {})
                objectives.append(ObjectiveStatus(f"{match.side_name(s)}'s Rival",
                                                  "picked in secret" if picked else "not picked yet", None, s))
    if "packets" in ms:
        for s in P.SIDES:
            objectives.append(ObjectiveStatus(f"{match.side_name(s)}'s Data Packets", str(ms["packets"][s]), None, s))
    if defn.victory["rule"] == "evac":
        area = defn.area(defn.victory["area"])
        if match.phase not in (SETUP, DEPLOY):
            fv = {s: sum(P.fv(match, u) for u in match.units(s)
                         if area.rect.contains(match.position(u).x, match.position(u).y)) for s in P.SIDES}
            objectives.append(ObjectiveStatus(area.label, ", ".join(f"{match.side_name(s)} FV {fv[s]}"
                                                                   for s in P.SIDES)))
    if defn.victory["rule"] == "flag":
        mids = match.markers("flag")
        pos = match.marker_position(mids[0]) if mids else None
        if pos is not None and P.place(match, P.PLAYER):
            north = P.side_at(match, "north")
            objectives.append(ObjectiveStatus("Nearer edge", f"{pos[1]:.1f}\" from the North edge "
                                                             f"({match.side_name(north)})"))
    notes = [defn.texts["scoring"], defn.texts["victory"]]
    if ms.get("place"):
        notes.insert(0, "; ".join(f"{match.side_name(s)}: {PLACE_NAMES[ms['place'][s]]}" for s in P.SIDES))
    if match.phase not in (SETUP, DEPLOY) and match.result is None and defn.scoring:  # (none once it is over)
        due = SC.projected(match, defn)
        if any(due.values()) and any(SC.when_due(r, match.turn, defn.turns) for r in defn.scoring):
            notes.append("If the Turn ended now: " + ", ".join(f"{match.side_name(s)} +{due[s]} MP" for s in P.SIDES))
    if match.result is not None:  # the end: MP per Turn and the Campaign Rewards (the results screen shows them)
        after = script.after_mission(match)
        scored = any(any(v) for v in after.data.get("mp_turns", {}).values())
        for s in (P.SIDES if scored else ()):  # (a mission without Mission Points, Ambush: no row of noughts)
            per = after.data.get("mp_turns", {}).get(s, [])
            cells = ", ".join(f"T{i}: {per[i] if i < len(per) else 0}" for i in range(1, match.turn + 1))
            notes.append(f"{match.side_name(s)}: MP per Turn {cells}")
        got = after.data.get("rewards", {})
        for r in defn.rewards:
            who = next((match.side_name(s) for s, name in got.items() if name == r.name), "")
            notes.append(f"Campaign Reward {r.name}{' (' + who + ')' if who else ''}: {r.effect}")
        if defn.rewards:
            notes.append("In a one-off game the Campaign Rewards are only shown; a campaign applies them.")
    limit = f" of {defn.turns}" if defn.turns else " (no Turn limit)"
    turn = f"Turn {match.turn}{limit}" if match.turn else ("Deployment" if match.phase == DEPLOY else "Setup")
    scores = tuple((match.side_name(s), match.score[s]) for s in P.SIDES)
    return MissionSummary(defn.title, turn, tuple(objectives), scores, tuple(notes))


def _intel_text(match) -> str:
    ms = match.mission_state
    if R.INTEL in match.markers():
        status, _ = _marker_status(match, R.INTEL)
        return status
    if ms.get("intel_revealed") and ms.get("carrier") is not None:
        return f"with {match.unit(ms['carrier']).name}"
    return "carried in secret by one Defender unit"


def zones(match, script) -> list[DrawnZone]:
    """The deployment zones while deploying; the structures, the Evac Zone and the exit strips always."""
    defn = script.defn
    out: list[DrawnZone] = []
    if match.phase == DEPLOY:
        for s in P.SIDES:
            for z in script.deployment_zones(match, s):
                out.append(DrawnZone(z, "deploy", f"{match.side_name(s)} deploys here", s))
    for area in defn.areas:
        r = area.rect
        down = match.mission_state.get("structures", {}).get(area.id) == "down"
        label = f"{area.label} (down)" if down else area.label
        out.append(DrawnZone(rect_zone(area.id, "", r.x0, r.y0, r.x1, r.y1), area.purpose, label))
    if any(a.effect == "exit" for a in defn.actions) and match.phase not in (DEPLOY,):
        for s in P.SIDES:
            z = edge_zone(match, defn, s)
            if z is not None:
                out.append(DrawnZone(z, "exit", f"{match.side_name(s)} leaves with the Beacon here", s))
    if defn.victory["rule"] == "ambush" and match.phase != DEPLOY:
        bf = match.table.battlefield
        out.append(DrawnZone(rect_zone("east edge", "", bf.width - 1, 0, bf.width, bf.height), "goal",
                             "The Defender brings the Intel here"))
    return out
