"""The special rules of the PvP book that data cannot say, named in the mission files: Hold the Line's +1 ARM in
Cover, Power Cycle's reset and radiation, one Data Core per unit, Ambush's secret Intel carrier, the Leaders'
+1 ACT, the Rivals, Last Signal's claims that lapse every Turn."""
from __future__ import annotations

from game.match import skills as S

from . import sides as P
from .scoring import noun

INTEL = "intel"


# == Turn steps ==========================================================================================
def start_of_turn(match, defn) -> None:
    for r in defn.rules:
        if r["rule"] == "reset_state":
            changed = [mid for mid in match.markers(r["kind"], on_table=True) if match.marker(mid).state != r["state"]]
            for mid in changed:
                match.set_marker(mid, state=r["state"])
            if changed:
                match.event("Power down", f"every {noun(defn, r['kind'])} is {r['state'].capitalize()} again")
        elif r["rule"] == "reset_claims":
            claims = match.mission_state.get("claims", {})
            if claims:
                for mid in list(claims):
                    if mid in match.markers():
                        match.set_marker(mid, state="")
                match.mission_state["claims"] = {}
                match.event("Signals lapse", f"both {noun(defn, r['kind'])}s are unclaimed again")
        elif r["rule"] == "rivals" and match.turn == 1:
            reveal_rivals(match)


def end_of_turn_damage(match, defn) -> None:
    """Power Cycle: every unit Adjacent to an Active node takes the Damage (after the scoring of the Turn)."""
    for r in defn.rules:
        if r["rule"] != "radiation":
            continue
        hit = []
        for mid in match.markers(r["kind"], on_table=True):
            if match.marker(mid).state != r["state"]:
                continue
            mb = match.marker_base(mid)
            hit += [u for u in match.units() if u not in hit and match.table.adjacent(match.base(u), mb)]
        if hit:
            match.event("Radiation", f"{len(hit)} unit{'s' if len(hit) > 1 else ''} next to an Active "
                                     f"{noun(defn, r['kind'])} take{'s' if len(hit) == 1 else ''} {r['damage']} Damage")
            match.mission_damage(sorted(hit), r["damage"], f"an Active {noun(defn, r['kind'])}")


# == units and attacks ===================================================================================
def act_bonus(match, defn, uid: int) -> int:
    r = defn.rule("leader_act")
    return r["act"] if r and match.unit(uid).leader else 0


def arm_bonus(match, defn, uid: int, attacker: int | None, ranged: bool) -> int:
    r = defn.rule("cover_arm")
    if r is None or not ranged or attacker is None:
        return 0
    b = match.base(uid)
    if not any(match.table.adjacent(b, mb) for mid in match.markers(r["kind"], on_table=True)
               if (mb := match.marker_base(mid)) is not None):
        return 0
    s = S.sight_from(match, attacker, uid)
    in_cover = (s.cover and not s.high_ground) or S.always_in_cover(match, uid)
    return r["arm"] if in_cover else 0


def rivals(match) -> dict[str, int]:
    """The revealed Rivals by side (empty until they are revealed)."""
    ms = match.mission_state
    return ms.get("rival", {}) if ms.get("rivals_revealed") else {}


def attack_bonus(match, defn, attacker: int, target: int | None, weapon) -> tuple[int, int]:
    r = defn.rule("rivals")
    if r is None or target is None:
        return (0, 0)
    rv = rivals(match)
    a_side = match.unit(attacker).side
    t_side = match.unit(target).side
    if a_side != t_side and rv.get(a_side) == attacker and rv.get(t_side) == target:
        return (r["att"], r["skl"])
    return (0, 0)


def target_reason(match, defn, attacker: int, target: int) -> str | None:
    if defn.rule("rivals") is None:
        return None
    rv = rivals(match)
    t_side = match.unit(target).side
    if rv.get(t_side) == target and rv.get(P.other(t_side)) != attacker:
        return f"{match.unit(target).name} is a Rival: only the enemy Rival may target it"
    return None


def reveal_rivals(match) -> None:
    ms = match.mission_state
    if ms.get("rivals_revealed") or not ms.get("rival"):
        return
    ms["rivals_revealed"] = True
    names = "; ".join(f"{match.side_name(s)}: {match.unit(u).name}" for s, u in sorted(ms["rival"].items()))
    match.event("Rivals revealed", names)


def carry_reason(match, defn, uid: int, mid: str) -> str | None:
    r = defn.rule("one_each")
    if r is None or match.marker(mid).kind != r["kind"]:
        return None
    if any(match.marker(m).kind == r["kind"] for m in match.carried_by(uid)):
        return f"{match.unit(uid).name} already carries a {noun(defn, r['kind'])}"
    return None


# == Ambush: the secret Intel carrier ====================================================================
def intel_holder(match) -> int | None:
    """The unit that has the Intel now (the secret carrier, or whoever carries the marker), or None."""
    ms = match.mission_state
    if INTEL in match.markers():
        return match.marker(INTEL).carrier
    carrier = ms.get("carrier")
    return carrier if carrier is not None and match.standing(carrier) else None


def intel_on_taken_out(match, defn, uid: int) -> None:
    ms = match.mission_state
    if defn.rule("intel_carrier") is None or ms.get("carrier") != uid or ms.get("intel_revealed"):
        return
    ms["intel_revealed"] = True
    x, y, z = match.fell_at(uid)
    name = match.unit(uid).name
    match.event("The Intel", f"{name} was carrying it and drops it where it fell", match.unit(uid).side)
    match.place_marker(INTEL, INTEL, "Intel", x, y, z, portable=True, where=f"where {name} fell",
                       rules="The Intel: any unit may Pick it Up. The Defender wins if one of its units carries it "
                             "within 1\" of the east edge at the end of Turn 4.")


def reveal_intel(match, defn) -> None:
    """At the end of the mission the secret carrier is shown."""
    ms = match.mission_state
    if defn.rule("intel_carrier") is None or ms.get("intel_revealed"):
        return
    ms["intel_revealed"] = True
    carrier = ms.get("carrier")
    if carrier is not None:
        match.event("The Intel", f"{match.unit(carrier).name} was carrying it", match.unit(carrier).side)
