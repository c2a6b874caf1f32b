"""The six PvE objectives (play-modes digest 2.1): their markers and items on the Anchors, the Mission Actions
(Activate, Search), when each is met or failed, and how it reads on the objective panel.

State (match.mission_state): "objectives" [id, id]; "status" {id: "open" | "met" | "failed"}; "markers" {id:
[marker ids]}; "streak" (Control: Turns in a row ending with all three Controlled); "activated"; "searches";
"found_by" (the unit that found the Artifact).
"""
from __future__ import annotations

from game.match import skills as S
from game.match.mission import MissionActionDef, ObjectiveStatus
from game.rules.model import UnitCard
from game.rules.wording import count

from .scenario import NPC, PLAYER

ARTIFACT = "artifact"
ASSET = "asset"


def marker_id(oid: str, k: int) -> str:
    return ASSET if oid == "protect" else f"{oid}-{k + 1}"


def marker_label(obj, k: int) -> str:
    return obj.label if obj.markers == 1 else f"{obj.label} {k + 1}"


def item_card(obj) -> UnitCard:
    arm, hit = obj.item
    return UnitCard(type_id=f"PVE-{obj.id.upper()}", name=obj.label, act=0, arm=arm, hit=hit, msk=0, rsk=0,
                    weapons=())


def place(mission, match, oid: str, k: int, anchor: str) -> None:
    """The k-th marker of objective `oid` on the Anchor (an item that can be attacked for Destroy and Protect)."""
    obj = mission.data.objective(oid)
    mid = marker_id(oid, k)
    x, y, z = match.anchor(anchor)
    rules = f"{obj.name}: {obj.rules} Goal: {obj.victory}"
    if obj.item is not None:
        side = NPC if oid == "destroy" else PLAYER
        match.place_marker(mid, oid, marker_label(obj, k), x, y, z, card=item_card(obj), item_side=side,
                           where=f"the {anchor} Anchor", rules=rules)
    else:
        match.place_marker(mid, oid, marker_label(obj, k), x, y, z, where=f"the {anchor} Anchor", rules=rules)
    match.mission_state["markers"].setdefault(oid, []).append(mid)
    match.mission_state.setdefault("anchors_used", []).append(anchor)


def on_table(match, mid: str) -> bool:
    return mid in match.markers()


def objective_markers(match) -> list[str]:
    """Markers that are objectives now (for the NPCs' Priority Enemy and the computer player): those on the
    table and the Artifact wherever it is."""
    kinds = ("control", "activate", "destroy", "protect", "search", ARTIFACT)
    return [m for m in match.markers() if match.marker(m).kind in kinds]


def controllers(match, mid: str) -> list[int]:
    """The squad's units that Control the marker and may Control objectives (not Beasts, R-notes P)."""
    return [u for u in match.units(PLAYER) if S.may_control_objectives(match, u) and match.controls(u, mid)]


def set_status(match, oid: str, status: str, why: str) -> None:
    st = match.mission_state["status"]
    if st.get(oid) != "open":
        return
    st[oid] = status
    match.event(f"Objective {'met' if status == 'met' else 'failed'}: {why}", "", PLAYER)


# -- Mission Actions ----------------------------------------------------------------------------------
def action_defs(mission, match) -> list[MissionActionDef]:
    out = []
    for oid in match.mission_state.get("objectives", ()):
        obj = mission.data.objective(oid)
        if obj.action is None:
            continue
        a = obj.action
        out.append(MissionActionDef(a.id, a.name, a.act, obj.rules, markers=(oid,), to_dice=a.tactical_orders,
                                    sides=(PLAYER,)))
    return out


def action_reason(mission, match, uid: int, action, marker) -> str | None:
    if not S.may_take_mission_actions(match, uid):
        return f"{match.unit(uid).name} cannot take Mission Actions (Beast, Mindless, Weirdo)"
    return None


def do_action(mission, match, uid: int, action, marker) -> None:
    ms = match.mission_state
    if action.id == "activate":
        match.remove_marker(marker, f"activated by {match.unit(uid).name}")
        ms["activated"] = ms.get("activated", 0) + 1
        total = mission.data.objective("activate").markers
        if ms["activated"] >= total:
            set_status(match, "activate", "met", f"all {total} Consoles activated")
    elif action.id == "search":
        match.roll_table(1, f"Search ({match.marker(marker).label}, search {ms.get('searches', 0) + 1})",
                         ("searched", marker, uid), side=PLAYER, to_dice=action.to_dice)


def searched(mission, match, marker: str, uid: int, faces) -> None:
    """The Search roll: the n-th search of the mission finds the Artifact on a face up to find_on[n-1] (the
    third always). A searched Site is cleared; the finder carries the Artifact (P3)."""
    ms = match.mission_state
    obj = mission.data.objective("search")
    ms["searches"] = ms.get("searches", 0) + 1
    n = ms["searches"]
    need = obj.find_on[min(n, len(obj.find_on)) - 1]
    face = faces[0]
    found = face <= need
    label = match.marker(marker).label
    match.remove_marker(marker, "searched")
    if not found:
        match.event(f"{label}: nothing here", f"search {n} needed {_faces(need)}, rolled {face}", PLAYER)
        return
    ms["found_by"] = uid
    p = match.position(uid)
    match.event(f"{match.unit(uid).name} finds the Artifact", f"search {n} needed {_faces(need)}, rolled {face}",
                PLAYER)
    for other in list(ms["markers"].get("search", ())):
        if on_table(match, other):
            match.remove_marker(other, "the Artifact is found")
    match.place_marker(ARTIFACT, ARTIFACT, "The Artifact", p.x, p.y, p.z, portable=True,
                       rules="The Artifact of the Search objective. Whoever holds it can Drop it or Give it to a "
                             "Squadmate; the enemy hunts its carrier first.")
    match.carry(ARTIFACT, uid)
    set_status(match, "search", "met", "the Artifact is found")


def _faces(need: int) -> str:
    return "any roll" if need >= 6 else ("a 1" if need == 1 else f"1-{need}")


# -- progress -------------------------------------------------------------------------------------------
def end_of_turn(mission, match) -> None:
    ms = match.mission_state
    st = ms["status"]
    if "control" in st and st["control"] == "open":
        mids = ms["markers"].get("control", [])
        held = all(controllers(match, m) for m in mids) and bool(mids)
        ms["streak"] = ms.get("streak", 0) + 1 if held else 0
        if held:
            match.event(f"All Control Points held ({ms['streak']} Turn{'s' if ms['streak'] > 1 else ''} in a row)",
                        "", PLAYER)
        if ms["streak"] >= 2:
            set_status(match, "control", "met", "the Control Points were held at the end of two Turns in a row")
    if "protect" in st and st["protect"] == "open":
        until = mission.data.objective("protect").until_turn or 4
        if match.turn >= until:
            uid = match.marker_uid(ASSET)
            if uid is not None and match.standing(uid):
                set_status(match, "protect", "met", f"the Asset stands at the end of Turn {match.turn}")


def taken_out(mission, match, uid: int) -> None:
    ms = match.mission_state
    st = ms.get("status", {})
    mid = match.marker_of(uid)
    if mid == ASSET and st.get("protect") == "open":
        set_status(match, "protect", "failed", "the Asset is destroyed")
    if mid is not None and mid.startswith("destroy-") and st.get("destroy") == "open":
        left = [m for m in ms["markers"].get("destroy", ()) if m != mid and on_table(match, m)]
        if not left:
            set_status(match, "destroy", "met", "every Target is Taken Out")
    if match.unit(uid).side == NPC and not match.unit(uid).item and st.get("no-survivors") == "open":
        if not match.units(NPC):
            set_status(match, "no-survivors", "met", "no enemy unit is left standing")


def met(match) -> list[str]:
    st = match.mission_state.get("status", {})
    return [o for o in match.mission_state.get("objectives", ()) if st.get(o) == "met"]


def status_line(mission, match, oid: str) -> ObjectiveStatus:
    ms = match.mission_state
    obj = mission.data.objective(oid)
    st = ms["status"].get(oid, "open")
    mids = ms["markers"].get(oid, [])
    if oid == "control":
        now = sum(1 for m in mids if controllers(match, m))
        text = f"{now} of {len(mids)} Controlled now; held at the end of {count(ms.get('streak', 0), 'Turn')} in a row"
    elif oid == "activate":
        text = f"{ms.get('activated', 0)} of {len(mids)} activated"
    elif oid == "destroy":
        text = f"{sum(1 for m in mids if not on_table(match, m))} of {len(mids)} Taken Out"
    elif oid == "protect":
        uid = match.marker_uid(ASSET)
        if st == "met":  # (judged at the end of its Turn: what befell the Asset after that changes nothing)
            text = f"the Asset stood at the end of Turn {obj.until_turn or 4}"
        elif uid is None or not match.standing(uid):
            text = "the Asset is destroyed"
        else:
            text = f"the Asset has {match.health(uid).hit} of {match.health(uid).max_hit} HIT; judged at the end " \
                   f"of Turn {obj.until_turn or 4}"
    elif oid == "search":
        if ms.get("found_by") is not None:
            m = match.marker(ARTIFACT) if ARTIFACT in match.markers() else None
            holder = match.unit(m.carrier).name if m is not None and m.carrier is not None else "on the ground"
            text = f"the Artifact is found ({'carried by ' + holder if m and m.carrier else holder})"
        else:
            text = f"{ms.get('searches', 0)} of {len(mids)} Search Sites searched"
    else:
        text = enemies_text(match, st)
    return panel_line(f"{obj.name}: {obj.victory.rstrip('.')}", text, st)


def enemies_text(match, st: str) -> str:
    """No Survivors (and E2's Eliminate) on the panel: met when the last enemy on the table fell, which those arriving
    after it do not undo; else the enemies standing."""
    if st == "met":
        return "the table was cleared of enemies"
    return f"{count(len(match.units(NPC)), 'enemy unit')} standing"


def panel_line(label: str, text: str, st: str) -> ObjectiveStatus:
    """An objective on the panel: its goal, and where it stands (met, failed, or still open: `done`, which the panel
    shows as an icon and the results as a word after the text)."""
    done = True if st == "met" else (False if st == "failed" else None)
    return ObjectiveStatus(label.rstrip("."), text, done, PLAYER)
