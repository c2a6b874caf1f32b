"""Who is where in a PvP mission: the two sides, their places (North/South edge or Attacker/Defender) as the
deployment roll-off decided them (R29), their edges and roles, scoring with MP kept per Turn.

Everything is read from `match.mission_state` (plain data): "place" maps each side to north/south or
attacker/defender.
"""
from __future__ import annotations

PLAYER = "player"
OPPONENT = "opponent"
SIDES = (PLAYER, OPPONENT)
TABLE = 24.0


def other(side: str) -> str:
    return OPPONENT if side == PLAYER else PLAYER


def place(match, side: str) -> str | None:
    return match.mission_state.get("place", {}).get(side)


def side_at(match, where: str) -> str | None:
    """The side whose place is `where` (north, south, attacker, defender), or None before the roll-off."""
    for s, p in match.mission_state.get("place", {}).items():
        if p == where:
            return s
    return None


def role(match, side: str) -> str | None:
    p = place(match, side)
    return p if p in ("attacker", "defender") else None


def edge(match, defn, side: str) -> str | None:
    """The side's own deployment edge ("north"/"south"), or None when its deployment is not an edge strip."""
    p = place(match, side)
    if p in ("north", "south"):
        return p
    return defn.deployment.edges.get(p) if p else None


def edge_side(match, defn, which: str) -> str | None:
    """The side whose own edge is `which`."""
    for s in SIDES:
        if edge(match, defn, s) == which:
            return s
    return None


def distance_to_edge(y: float, which: str, height: float = TABLE) -> float:
    return y if which == "north" else height - y


def nearer_enemy_edge(match, defn, side: str, y: float) -> bool:
    """Encroach: nearer the enemy's deployment edge than its own (the centre line counts as neither)."""
    mine = edge(match, defn, side)
    if mine is None:
        return False
    h = match.table.battlefield.height
    theirs = "south" if mine == "north" else "north"
    return distance_to_edge(y, theirs, h) < distance_to_edge(y, mine, h) - 1e-9


def fv(match, uid: int) -> int:
    return match.unit(uid).card.fv


def score(match, side: str, n: int, why: str) -> None:
    """Add MP (R31: at once) and keep them per Turn for the results (mission_state['mp_turns'])."""
    if n == 0:
        return
    match.add_mp(side, n, why)
    turns = match.mission_state.setdefault("mp_turns", {}).setdefault(side, [])
    while len(turns) <= match.turn:
        turns.append(0)
    turns[match.turn] += n
