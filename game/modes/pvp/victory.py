"""Who wins a PvP mission: most MP after the last Turn (the book's default, with Commitment Protocol's Data
Packets as tie-break), Rivals' draw, Ambush and Evac Point (won or lost), and the three Climax missions
(Scorched Earth and Last Signal have no Turn limit).

`decide(match, defn, final)` returns (winner side or None for a draw, why in words) once the mission is
decided, else None. `final` is True at the end of a Turn."""
from __future__ import annotations

from . import rules as R
from . import sides as P

Decision = tuple[str | None, str]


def _alive(match, side: str) -> list[int]:
    """Standing units still above 0 HIT (a unit at 0 HIT is falling: R6)."""
    return [u for u in match.units(side) if match.health(u).hit > 0]


def _last_turn(match, defn, final: bool) -> bool:
    return final and defn.turns is not None and match.turn >= defn.turns


def _mp(match, tiebreak: str | None = None) -> Decision:
    a, b = match.score[P.PLAYER], match.score[P.OPPONENT]
    if a != b:
        w = P.PLAYER if a > b else P.OPPONENT
        return w, f"more Mission Points for {match.side_name(w)} ({max(a, b)} to {min(a, b)})"
    if tiebreak == "packets":
        pk = match.mission_state.get("packets", {})
        pa, pb = pk.get(P.PLAYER, 0), pk.get(P.OPPONENT, 0)
        if pa != pb:
            w = P.PLAYER if pa > pb else P.OPPONENT
            return w, (f"equal MP ({a}); {match.side_name(w)} has more Data Packets left "
                       f"({max(pa, pb)} to {min(pa, pb)})")
    return None, f"equal Mission Points ({a} each)"


def most_mp(match, defn, final: bool) -> Decision | None:
    if not _last_turn(match, defn, final):
        return None
    return _mp(match, defn.victory.get("tiebreak"))


def rivals(match, defn, final: bool) -> Decision | None:
    if not _last_turn(match, defn, final):
        return None
    rv = match.mission_state.get("rival", {})
    if len(rv) == 2 and all(match.standing(u) for u in rv.values()):
        return None, "both Rivals are still standing"
    return _mp(match)


def ambush(match, defn, final: bool) -> Decision | None:
    if not _last_turn(match, defn, final):
        return None
    att, dfn = P.side_at(match, "attacker"), P.side_at(match, "defender")
    holder = R.intel_holder(match)
    if holder is not None and match.standing(holder) and match.unit(holder).side == dfn:
        b = match.base(holder)
        if b.x + b.radius >= match.table.battlefield.width - 1.0 - 1e-9:
            return dfn, f"{match.unit(holder).name} carried the Intel to the east edge"
        return att, f"the Intel ({match.unit(holder).name}) did not reach the east edge"
    if holder is not None and match.standing(holder):
        return att, f"the Attacker holds the Intel ({match.unit(holder).name})"
    return att, "the Intel never reached the east edge"


def evac(match, defn, final: bool) -> Decision | None:
    if not _last_turn(match, defn, final):
        return None
    area = defn.area(defn.victory["area"])
    att, dfn = P.side_at(match, "attacker"), P.side_at(match, "defender")
    fv = {s: sum(P.fv(match, u) for u in match.units(s)
                 if area.rect.contains(match.position(u).x, match.position(u).y)) for s in P.SIDES}
    if fv[dfn] >= fv[att]:
        return dfn, f"the Defender holds the {area.label} (FV {fv[dfn]} to {fv[att]})"
    return att, f"the Attacker took the {area.label} (FV {fv[att]} to {fv[dfn]})"


STALE_TURNS = 3  # V-note: a Climax without a Turn limit that stands still this long is a draw


def track_stalemate(match) -> None:
    """End of a Turn of a mission without a Turn limit: count the Turns in a row in which no unit lost HIT."""
    ms = match.mission_state
    lost = 0
    for s in P.SIDES:
        for u in match.all_units_of(s):
            h = match.health(u)
            lost += h.max_hit - h.hit if match.standing(u) else h.max_hit
    moved = lost != ms.get("hit_lost", 0)
    ms["hit_lost"] = lost
    ms["stale"] = 0 if moved else ms.get("stale", 0) + 1


def _stalemate(match) -> Decision | None:
    n = match.mission_state.get("stale", 0)
    if n >= STALE_TURNS:
        return None, f"stalemate: {n} Turns in a row passed without a unit losing HIT"
    return None


def last_squad(match, defn, final: bool) -> Decision | None:
    if final and _stalemate(match):
        return _stalemate(match)
    a, b = _alive(match, P.PLAYER), _alive(match, P.OPPONENT)
    if a and b:
        return None
    if not a and not b:
        return None, "the last units of both squads fell at the same moment"
    w = P.PLAYER if a else P.OPPONENT
    return w, f"every unit of {match.side_name(P.other(w))} is Taken Out"


def both_claimed(match, defn, final: bool) -> Decision | None:
    kind = defn.victory["kind"]
    beacons = match.markers(kind, on_table=True)
    if not any(_can_claim(match, u) for s in P.SIDES for u in _alive(match, s)):
        return None, "no unit left can claim a Beacon"
    if not final:
        return None
    if _stalemate(match):
        return _stalemate(match)
    claims = match.mission_state.get("claims", {})
    for s in P.SIDES:
        if beacons and all(claims.get(b) == s for b in beacons) and \
                not any(match.controller_of(b) == P.other(s) for b in beacons):
            return s, f"{match.side_name(s)} claimed both Beacons and holds them"
    return None


def _can_claim(match, uid: int) -> bool:
    from game.match import skills as S
    return S.may_take_mission_actions(match, uid) and S.may_control_objectives(match, uid)


def flag(match, defn, final: bool) -> Decision | None:
    if not _last_turn(match, defn, final):
        return None
    kind = defn.victory["kind"]
    mids = match.markers(kind)
    pos = match.marker_position(mids[0]) if mids else None
    if pos is None:
        return None, "the Flag is gone"
    h = match.table.battlefield.height
    north, south = P.side_at(match, "north"), P.side_at(match, "south")
    dn, ds = P.distance_to_edge(pos[1], "north", h), P.distance_to_edge(pos[1], "south", h)
    if abs(dn - ds) < 1e-6:
        return None, "the Flag is as near one edge as the other"
    w = north if dn < ds else south
    return w, f"the Flag is nearer {match.side_name(w)}'s edge ({min(dn, ds):.1f}\" from it)"


DECIDE = {"most_mp": most_mp, "rivals": rivals, "ambush": ambush, "evac": evac, "last_squad": last_squad,
          "both_claimed": both_claimed, "flag": flag}


def decide(match, defn, final: bool) -> Decision | None:
    return DECIDE[defn.victory["rule"]](match, defn, final)
