"""Scoring rules of the PvP book, named in the mission files.

End-of-Turn rules (`END_OF_TURN`) are pure questions first: `due(match, defn, rule)` says what each side
would score if the Turn ended now, as (side, MP, why) rows, so the computer opponent can read the same numbers
the mission pays; `apply_end_of_turn` pays them (R31: after all activations, before unused TO are lost).
Immediate rules (a unit Taken Out) are in `on_taken_out`.
"""
from __future__ import annotations

from . import sides as P

Row = tuple[str, int, str]


def when_due(rule: dict, turn: int, turns: int | None) -> bool:
    w = rule.get("when", "every")
    if w == "every":
        return True
    if w == "after_first":
        return turn >= 2
    return turns is not None and turn == turns


def controllers(match, kind: str, state: str | None = None) -> dict[str, str | None]:
    """Each marker of `kind` on the table (in the `state`, when given) -> the side Controlling it (or None)."""
    out = {}
    for mid in match.markers(kind, on_table=True):
        if state is not None and match.marker(mid).state != state:
            continue
        out[mid] = match.controller_of(mid)
    return out


POSITIONS = ("West", "Centre", "East", "North", "South")


def noun(defn, kind: str) -> str:
    """What the mission calls a marker of `kind` ("Objective", "Power Node"), without its position."""
    for m in defn.markers:
        if m.kind == kind:
            words = m.label.split()
            return " ".join(words[1:] if words[0] in POSITIONS and len(words) > 1 else words)
    return {"artifact": "Artifact", "intel": "Intel"}.get(kind, kind)


def _control(match, defn, rule) -> list[Row]:
    rows = []
    held = controllers(match, rule["kind"], rule.get("state"))
    what = ("Active " if rule.get("state") == "active" else "") + noun(defn, rule["kind"])
    for s in P.SIDES:
        n = sum(1 for c in held.values() if c == s)
        if n:
            rows.append((s, n * rule["mp"], f"{n} {what}{'s' if n > 1 else ''} Controlled"))
    return rows


def _control_all(match, defn, rule) -> list[Row]:
    held = controllers(match, rule["kind"])
    done = match.mission_state.get("bonus_all", [])
    rows = []
    for s in P.SIDES:
        if held and s not in done and all(c == s for c in held.values()):
            rows.append((s, rule["mp"], "all the objectives Controlled at once (once per squad)"))
    return rows


def _control_by_edge(match, defn, rule) -> list[Row]:
    rows = []
    for mid, c in controllers(match, rule["kind"]).items():
        if c is None:
            continue
        owner = match.marker(mid).side  # the side whose edge it stands on (set after the roll-off)
        key = "neutral" if owner is None else ("own" if owner == c else "enemy")
        word = {"own": "its own Objective", "neutral": "the centre Objective", "enemy": "the enemy's Objective"}[key]
        rows.append((c, rule[key], f"{word} Controlled"))
    return rows


def _control_enemy_bonus(match, defn, rule) -> list[Row]:
    if match.turn > rule["until_turn"]:
        return []
    done = match.mission_state.get("bonus_enemy", [])
    rows = []
    for mid, c in controllers(match, rule["kind"]).items():
        owner = match.marker(mid).side
        if c is not None and owner is not None and owner != c and c not in done:
            rows.append((c, rule["mp"], f"the enemy's Objective Controlled by the end of Turn {rule['until_turn']} "
                                        "(once per squad)"))
    return rows


def _carried(match, defn, rule) -> list[Row]:
    rows = []
    counts = {s: 0 for s in P.SIDES}
    for mid in match.markers(rule["kind"], on_table=False):
        carrier = match.marker(mid).carrier
        if carrier is not None and match.standing(carrier):
            counts[match.unit(carrier).side] += 1
    for s, n in counts.items():
        if n:
            label = noun(defn, rule["kind"])
            rows.append((s, n * rule["mp"], f"{n} {label}{'s' if n > 1 else ''} carried"))
    return rows


def _structures(match, defn, rule) -> list[Row]:
    state = match.mission_state.get("structures", {})
    down = sum(1 for v in state.values() if v == "down")
    up = len(state) - down
    rows = []
    att, dfn = P.side_at(match, "attacker"), P.side_at(match, "defender")
    if att and down:
        rows.append((att, down * rule["attacker_mp"], f"{down} structure{'s' if down > 1 else ''} brought down"))
    if dfn and up:
        rows.append((dfn, up * rule["defender_mp"], f"{up} structure{'s' if up > 1 else ''} still standing"))
    return rows


def fv_counts(match, defn, count: str) -> dict[str, int]:
    totals = {s: 0 for s in P.SIDES}
    for s in P.SIDES:
        for u in match.units(s):
            if count == "encroaching":
                if match.adjacent_enemies(u) or not P.nearer_enemy_edge(match, defn, s, match.position(u).y):
                    continue
            totals[s] += P.fv(match, u)
    return totals


def _fv_majority(match, defn, rule) -> list[Row]:
    t = fv_counts(match, defn, rule["count"])
    a, b = t[P.PLAYER], t[P.OPPONENT]
    if a == b:
        return []
    s = P.PLAYER if a > b else P.OPPONENT
    what = "Standing units" if rule["count"] == "standing" else "units pushing into the enemy's half"
    return [(s, rule["mp"], f"more FV of {what} ({max(a, b)} to {min(a, b)})")]


END_OF_TURN = {"control": _control, "control_all": _control_all, "control_by_edge": _control_by_edge,
               "control_enemy_bonus": _control_enemy_bonus, "carried": _carried, "structures": _structures,
               "fv_majority": _fv_majority}


def due(match, defn, turn: int | None = None, final: bool | None = None) -> list[Row]:
    """What each side would score at the end of this Turn (or `turn`) if it ended now."""
    turn = match.turn if turn is None else turn
    rows = []
    for rule in defn.scoring:
        fn = END_OF_TURN.get(rule["rule"])
        if fn is None or not when_due(rule, turn, defn.turns):
            continue
        rows += fn(match, defn, rule)
    return rows


def projected(match, defn) -> dict[str, int]:
    """MP per side if the Turn ended now (the computer opponent's view of the scoring)."""
    out = {s: 0 for s in P.SIDES}
    for s, n, _ in due(match, defn):
        out[s] += n
    return out


def apply_end_of_turn(match, defn) -> None:
    for rule in defn.scoring:
        fn = END_OF_TURN.get(rule["rule"])
        if fn is None or not when_due(rule, match.turn, defn.turns):
            continue
        for s, n, why in fn(match, defn, rule):
            P.score(match, s, n, why)
            if rule["rule"] == "control_all":
                match.mission_state.setdefault("bonus_all", []).append(s)
            elif rule["rule"] == "control_enemy_bonus":
                match.mission_state.setdefault("bonus_enemy", []).append(s)


def on_taken_out(match, defn, uid: int) -> None:
    """Immediate scores (R31): Attrition's FV, Assassinate's Leader, Rivals' duel."""
    u = match.unit(uid)
    if u.item or u.side not in P.SIDES:
        return
    enemy = P.other(u.side)
    for rule in defn.scoring:
        name = rule["rule"]
        if name == "taken_out_fv":
            P.score(match, enemy, P.fv(match, uid), f"{u.name} Taken Out (FV {P.fv(match, uid)})")
        elif name == "leader_taken_out" and u.leader:
            P.score(match, enemy, rule["mp"], f"the enemy Leader {u.name} Taken Out")
        elif name == "rival_taken_out":
            rivals = match.mission_state.get("rival", {})
            by = match.taken_out_by(uid)
            if rivals.get(u.side) == uid and by is not None and rivals.get(enemy) == by:
                P.score(match, enemy, rule["mp"], f"its Rival {match.unit(by).name} Took Out {u.name}")
