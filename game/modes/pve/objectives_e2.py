"""The later edition's objectives (R39; play-modes digest 2.5) and a scripted mission's own ones, each played by
its rule (data_e2.VariantObjective): their markers and items on the Anchors, the Mission Actions (Activate,
Search), the end of each Turn (holding, clearing, Pylons mending, the Commander judged), Taken Out items, what
counts at the end, and how each reads on the objective panel.

State (match.mission_state): "objectives" [ids]; "status" {id: "open" | "met" | "failed"}; "markers" {id: [marker
ids, in the order placed]}; "anchor_of" {marker id: Anchor}; "progress" {id: {"streak", "done", "searches",
"found_by"}}. A Search and Recover objective stays open until the mission ends: it counts if its item leaves with
a unit that extracts.
"""
from __future__ import annotations

from game.match.mission import MissionActionDef
from game.rules.wording import count

from . import objectives as O
from .scenario import NPC, PLAYER

ASSET = O.ASSET  # the Commander is an Asset: the NPC Behaviours go for it first (P24)
FOUND = "payload"


def marker_id(obj, k: int) -> str:
    """"asset" for the item to protect, else the kind and the number: "control-1", "destroy-2" (as the launch
    edition's; the computer player knows items to destroy by it)."""
    return ASSET if obj.rule == "protect" else f"{obj.kind}-{k + 1}"


def progress(match, oid: str) -> dict:
    return match.mission_state["progress"].setdefault(oid, {})


def objective_of(mission, match, marker: str) -> str | None:
    kind = match.marker(marker).kind
    for oid in match.mission_state["objectives"]:
        if mission.data.objective(oid).kind == kind:
            return oid
    return None


def place(mission, match, oid: str, k: int, anchor: str) -> None:
    """The k-th marker of the objective on the Anchor: an item the squad attacks (destroy), an item of the squad
    the enemy hunts (protect), else a flat marker."""
    obj = mission.data.objective(oid)
    mid = marker_id(obj, k)
    x, y, z = match.anchor(anchor)
    rules = f"{obj.name}: {obj.rules} Goal: {obj.victory}"
    label = O.marker_label(obj, k)
    if obj.item is not None:
        side = PLAYER if obj.rule == "protect" else NPC
        match.place_marker(mid, obj.kind, label, x, y, z, card=O.item_card(obj), item_side=side,
                           where=f"the {anchor} Anchor", rules=rules)
    else:
        match.place_marker(mid, obj.kind, label, x, y, z, where=f"the {anchor} Anchor", rules=rules)
    ms = match.mission_state
    ms["markers"].setdefault(oid, []).append(mid)
    ms["anchors_used"].append(anchor)
    ms["anchor_of"][mid] = anchor


def on_table(match, oid: str) -> list[str]:
    return [m for m in match.mission_state["markers"].get(oid, ()) if m in match.markers(on_table=True)]


def objective_markers(match) -> list[str]:
    """The objectives now (the NPCs' Priority Enemy, the computer player): markers and items on the table, and
    the found item wherever it is."""
    ms = match.mission_state
    mine = {m for oid in ms["objectives"] for m in ms["markers"].get(oid, ())} | {FOUND}
    return [m for m in match.markers() if m in mine]


def held(match, oid: str) -> list[str]:
    """The objective's markers on the table the squad Controls."""
    return [m for m in on_table(match, oid) if O.controllers(match, m)]


def set_status(match, oid: str, status: str, why: str) -> None:
    O.set_status(match, oid, status, why)


# -- Mission Actions ----------------------------------------------------------------------------------------
def action_defs(mission, match) -> list[MissionActionDef]:
    """One Mission Action per action id, on the markers of every objective that uses it."""
    by_id: dict[str, tuple] = {}
    for oid in match.mission_state.get("objectives", ()):
        obj = mission.data.objective(oid)
        if obj.action is None:
            continue
        a, kinds, rules = by_id.get(obj.action.id, (obj.action, (), ""))
        by_id[a.id] = (a, kinds + (obj.kind,), (rules + " " + obj.rules).strip())
    return [MissionActionDef(a.id, a.name, a.act, rules, markers=kinds, to_dice=a.tactical_orders, sides=(PLAYER,))
            for a, kinds, rules in by_id.values()]


def waits_on(mission, match, oid: str) -> str | None:
    """Why the objective's action must wait (a scripted objective that needs another one's marker Controlled)."""
    m = mission.scripted
    if m is None:
        return None
    slot = m.slot_of(oid)
    if slot.only_while is None:
        return None
    letter, anchor = slot.only_while
    other = m.slot(letter).objective
    mids = [x for x in match.mission_state["markers"].get(other, ())
            if match.mission_state["anchor_of"].get(x) == anchor]
    if mids and mids[0] in match.markers(on_table=True) and O.controllers(match, mids[0]):
        return None
    label = mission.data.objective(other).label
    return f"the squad must Control the {label} at the {anchor} Anchor (objective {letter}) first"


def action_reason(mission, match, uid: int, action, marker) -> str | None:
    why = O.action_reason(mission, match, uid, action, marker)
    if why or marker is None:
        return why
    oid = objective_of(mission, match, marker)
    return None if oid is None else waits_on(mission, match, oid)


def do_action(mission, match, uid: int, action, marker) -> None:
    oid = objective_of(mission, match, marker)
    obj = mission.data.objective(oid)
    p = progress(match, oid)
    name = match.unit(uid).name
    if obj.rule == "search":
        n = p.get("searches", 0) + 1
        match.roll_table(1, f"{obj.action.name} ({match.marker(marker).label}, search {n})",
                         ("e2_searched", oid, marker, uid), side=PLAYER, to_dice=obj.action.tactical_orders)
        return
    anchor = match.mission_state["anchor_of"].get(marker)
    match.remove_marker(marker, f"activated by {name}")
    p["done"] = p.get("done", 0) + 1
    if p["done"] >= obj.markers:
        set_status(match, oid, "met", f"{obj.name}: " + (f"all {obj.markers} activated" if obj.markers > 1 else
                                                          f"{obj.label} activated"))
    elif obj.rule == "sequence":
        taken = occupied_anchors(match) + [anchor]
        match.random_anchor(f"{O.marker_label(obj, p['done'])}: random Anchor (1D10)",
                            ("e2_sequence_next", oid, p["done"]), exclude=tuple(taken), chooser=PLAYER)


def occupied_anchors(match) -> list[str]:
    """Anchors with a marker or an item on them now."""
    out = []
    for mid in match.markers(on_table=True):
        a = match.mission_state["anchor_of"].get(mid)
        if a is not None:
            out.append(a)
    return out


def sequence_next(mission, match, oid: str, k: int, anchor: str) -> None:
    place(mission, match, oid, k, anchor)


def searched(mission, match, oid: str, marker: str, uid: int, faces) -> None:
    """The n-th search finds the item on a face up to find_on[n-1] (the last always); the Cache goes. The finder
    carries the item; the other Caches go."""
    obj = mission.data.objective(oid)
    p = progress(match, oid)
    p["searches"] = n = p.get("searches", 0) + 1
    need = obj.find_on[min(n, len(obj.find_on)) - 1]
    face = faces[0]
    label = match.marker(marker).label
    match.remove_marker(marker, "searched")
    words = f"search {n} needed {O._faces(need)}, rolled {face}"
    if face > need:
        match.event(f"{label}: nothing here", words, PLAYER)
        return
    p["found_by"] = uid
    match.event(f"{match.unit(uid).name} finds {obj.found}", words, PLAYER)
    for other in on_table(match, oid):
        match.remove_marker(other, f"{obj.found} is found")
    pos = match.position(uid)
    match.place_marker(FOUND, FOUND, obj.found, pos.x, pos.y, pos.z, portable=True,
                       rules=f"{obj.found}, found in a {obj.label}. Whoever holds it can Drop it or Give it to a "
                             "Squadmate; it counts only if it leaves with a unit that extracts, and the enemy hunts "
                             "its carrier first.")
    match.carry(FOUND, uid)


def carrier(match) -> int | None:
    if FOUND not in match.markers():
        return None
    return match.marker(FOUND).carrier


# -- the end of each Turn ------------------------------------------------------------------------------------
def end_of_turn(mission, match) -> None:
    ms = match.mission_state
    for oid in ms["objectives"]:
        if ms["status"].get(oid) != "open":
            continue
        obj = mission.data.objective(oid)
        p = progress(match, oid)
        if obj.rule == "hold":
            n = len(held(match, oid))
            p["streak"] = p.get("streak", 0) + 1 if n >= obj.need else 0
            if p["streak"] and obj.turns > 1:
                match.event(f"{obj.name}: {n} Control Points held ({count(p['streak'], 'Turn')} in a row)", "",
                            PLAYER)
            if p["streak"] >= obj.turns:
                set_status(match, oid, "met", f"{obj.name}: {n} Control Points held at the end of "
                                              f"{count(obj.turns, 'Turn')}" + (" in a row" if obj.turns > 1 else ""))
        elif obj.rule == "clear":
            mine = held(match, oid)
            if len(mine) == 1:
                clear(mission, match, oid, mine[0])
            elif mine:
                match.mission_step("e2_clear_pick", oid)
        elif obj.rule == "destroy" and obj.regain:
            for mid in on_table(match, oid):
                uid = match.marker_uid(mid)
                h = match.health(uid)
                if h.hit < h.max_hit:
                    match.heal(uid, obj.regain, obj.name)
        elif obj.rule == "protect" and match.turn >= (obj.until_turn or 4):
            uid = match.marker_uid(ASSET)
            if uid is not None and match.standing(uid):
                set_status(match, oid, "met", f"{obj.label} stands at the end of Turn {match.turn}")


def clear_pick(mission, match, oid: str) -> None:
    mine = held(match, oid)
    if len(mine) <= 1:
        for mid in mine:
            clear(mission, match, oid, mid)
        return
    anchors = match.mission_state["anchor_of"]
    match.ask(PLAYER, f"{mission.data.objective(oid).name}: which Control Point does the squad clear?",
              tuple((mid, f"{match.marker(mid).label} at the {anchors.get(mid)} Anchor") for mid in mine),
              ("e2_clear", oid))


def clear(mission, match, oid: str, mid: str) -> None:
    obj = mission.data.objective(oid)
    match.remove_marker(mid, "cleared by the squad")
    p = progress(match, oid)
    p["done"] = p.get("done", 0) + 1
    if p["done"] >= obj.markers:
        set_status(match, oid, "met", f"{obj.name}: all {obj.markers} Control Points cleared")


def taken_out(mission, match, uid: int) -> None:
    ms = match.mission_state
    mid = match.marker_of(uid)
    for oid in ms["objectives"]:
        if ms["status"].get(oid) != "open":
            continue
        obj = mission.data.objective(oid)
        if obj.rule == "destroy" and mid in ms["markers"].get(oid, ()):
            down = len(ms["markers"][oid]) - len([m for m in on_table(match, oid) if m != mid])
            if down >= (obj.need or obj.markers):
                set_status(match, oid, "met", f"{obj.name}: {down} of {obj.markers} Taken Out")
        elif obj.rule == "protect" and mid == ASSET:
            set_status(match, oid, "failed", f"{obj.label} is Taken Out")
        elif obj.rule == "eliminate" and match.unit(uid).side == NPC and not match.unit(uid).item \
                and not match.units(NPC):
            set_status(match, oid, "met", "no enemy unit is left standing")


# -- what counts -----------------------------------------------------------------------------------------------
def met(match) -> list[str]:
    return O.met(match)


def counting(mission, match, extracted) -> list[str]:
    """The objectives that count if the mission ended now with these units extracting: those met, and a found
    item that leaves with one of them."""
    ms = match.mission_state
    out = []
    for oid in ms["objectives"]:
        obj = mission.data.objective(oid)
        if ms["status"].get(oid) == "met":
            out.append(oid)
        elif obj.rule == "search" and progress(match, oid).get("found_by") is not None and \
                carrier(match) in extracted:
            out.append(oid)
    return out


def settle(mission, match, extracted) -> list[str]:
    """The mission ends: a found item that left with a unit that extracts meets its objective; what is still open
    fails. Returns the objectives that count."""
    counted = counting(mission, match, extracted)
    for oid in match.mission_state["objectives"]:
        obj = mission.data.objective(oid)
        if oid in counted:
            set_status(match, oid, "met", f"{obj.found} leaves with {match.unit(carrier(match)).name}"
                       if obj.rule == "search" else obj.name)
        else:
            set_status(match, oid, "failed", f"{obj.name}: not done when the mission ended")
    return counted


# -- the objective panel, and what the computer player reads ------------------------------------------------------
def status_line(mission, match, oid: str) -> ObjectiveStatus:
    ms = match.mission_state
    obj = mission.data.objective(oid)
    st = ms["status"].get(oid, "open")
    p = progress(match, oid)
    mids = ms["markers"].get(oid, [])
    if obj.rule == "hold":
        text = f"{len(held(match, oid))} of {obj.markers} Controlled now"
        if obj.turns > 1:
            text += f" (needs {obj.need}); held at the end of {count(p.get('streak', 0), 'Turn')} in a row"
    elif obj.rule == "clear":
        text = f"{p.get('done', 0)} of {obj.markers} cleared; {len(held(match, oid))} Controlled now"
    elif obj.rule in ("activate", "sequence"):
        text = f"{p.get('done', 0)} of {obj.markers} activated"
        nxt = on_table(match, oid)
        if obj.rule == "sequence" and nxt:
            text += f"; next: {match.marker(nxt[0]).label} at the {ms['anchor_of'].get(nxt[0])} Anchor"
        why = waits_on(mission, match, oid) if st == "open" else None
        if why:
            text += f"; waits: {why}"
    elif obj.rule == "search":
        if p.get("found_by") is not None:
            who = carrier(match)
            text = f"found: {'carried by ' + match.unit(who).name if who is not None else 'on the ground'}; it " \
                   "must leave with a unit that extracts"
        else:
            text = f"{p.get('searches', 0)} of {len(mids)} searched"
    elif obj.rule == "destroy":
        down = len(mids) - len(on_table(match, oid))
        text = f"{down} of {obj.need or obj.markers} Taken Out"
        if obj.regain:
            text += f" ({obj.label}s standing get back {obj.regain} HIT each Turn)"
    elif obj.rule == "protect":
        uid = match.marker_uid(ASSET)
        if uid is None or not match.standing(uid):
            text = f"{obj.label} is Taken Out"
        else:
            text = f"{obj.label} has {match.health(uid).hit} of {match.health(uid).max_hit} HIT; judged at the end " \
                   f"of Turn {obj.until_turn}"
    else:
        text = O.enemies_text(match, st)
    letter = ""
    if mission.scripted is not None and len(mission.scripted.slots) > 1:
        letter = f"{mission.scripted.slot_of(oid).letter}. "
    return O.panel_line(f"{letter}{obj.name}: {obj.victory}", text, st)


def ai_goals(mission, match) -> dict:
    """The objectives as the computer player knows them (by kind: control, activate, search, destroy, protect,
    no-survivors): an objective whose action must wait shows no marker yet; a found item on its way out is done."""
    ms = match.mission_state
    out = {"objectives": [], "status": {}, "markers": {}, "streak": 0}
    for oid in ms["objectives"]:
        obj = mission.data.objective(oid)
        kind = obj.kind
        status = ms["status"].get(oid, "open")
        if obj.rule == "search" and status == "open" and carrier(match) is not None:
            status = "met"
        markers = on_table(match, oid) + ([FOUND] if obj.rule == "search" and FOUND in match.markers(on_table=True)
                                          else [])
        if status == "open" and waits_on(mission, match, oid):
            markers = []
        out["objectives"].append(kind)
        out["status"][kind] = status
        out["markers"][kind] = markers
        if obj.rule == "hold" and obj.turns > 1:
            out["streak"] = progress(match, oid).get("streak", 0)
    return out
