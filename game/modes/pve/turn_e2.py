"""What the later edition changes around a PvE Turn (R39; play-modes digest 2.5): no Turn Events; from Turn 5 the
enemy's reinforcements at the start of every Turn, before the battlefield's effect (the E2 reading, P27); The Rift's
Shifting Realities; and the end: what counts and the MP (by Threat Level: for playing, for each objective that
counts, for every enemy unit Taken Out with the squad extracting).
"""
from __future__ import annotations

import math

from game.match.mission import Result
from game.rules.wording import count

from . import objectives_e2 as OE
from .scenario import NPC, PLAYER

SHIFT = 2.0
STEPS = (2.0, 1.5, 1.0, 0.5)  # a shift stopped by a wall or a base goes as far as it can (P30)


def reinforcements(mission, match) -> None:
    n = mission.data.numbers["reinforcements_from_turn"]
    if match.turn < n:
        return
    match.event(f"Turn {match.turn}: Enemy Reinforcements", f"from Turn {n} the enemy gets reinforcements at the "
                "start of every Turn", NPC)
    match.mission_step("reinforce", front=True)


# -- The Rift: Shifting Realities ------------------------------------------------------------------------------
def rift(mission, match, anchor: str) -> None:
    match.roll_table(1, f"Shifting Realities at the {anchor} Anchor (1D6: 1-3 every unit within "
                     f"{mission.data.numbers['area_radius']}\" is pulled toward it, 4-6 pushed away)",
                     ("rift_rolled", anchor))


def rift_rolled(mission, match, anchor: str, faces) -> None:
    """Each unit within 4\" moves 2\" in a straight line toward the Anchor (1-3, nearest first, never past it) or
    away from it (4-6, furthest first); no Attack of Opportunity. A wall, a base or the edge in the way: it goes as
    far as it can (0.5\" steps); a unit on the Anchor itself is not pushed."""
    from .turn import units_near  # turn.py calls this module
    toward = faces[0] <= 3
    ax, ay = match.anchors()[anchor]
    r = float(mission.data.numbers["area_radius"])
    near = units_near(match, anchor, r)
    dist = {u: math.hypot(match.base(u).x - ax, match.base(u).y - ay) for u in near}
    order = sorted(near, key=lambda u: (dist[u] if toward else -dist[u], u))
    match.event(f"Shifting Realities at the {anchor} Anchor", f"{'pulled toward' if toward else 'pushed away from'} "
                f"it: {count(len(order), 'unit')}", None)
    for uid in order:
        spot = shift_spot(match, uid, ax, ay, toward)
        if spot is None:
            match.note(f"{match.unit(uid).name} cannot shift: something is in the way", uid)
            continue
        match.place(uid, *spot, verb=f"is {'pulled toward' if toward else 'pushed away from'} the {anchor} Anchor")


def shift_spot(match, uid: int, ax: float, ay: float, toward: bool):
    b = match.base(uid)
    dx, dy = ax - b.x, ay - b.y
    d = math.hypot(dx, dy)
    if d < 0.05:
        return None
    ux, uy = (dx / d, dy / d) if toward else (-dx / d, -dy / d)
    for step in STEPS:
        if toward and step > d + 1e-6:
            continue
        x, y = match.table.snap(b.x + ux * step, b.y + uy * step)
        if math.hypot(x - b.x, y - b.y) < 0.25:
            continue
        if not (b.radius <= x <= match.table.width - b.radius and b.radius <= y <= match.table.height - b.radius):
            continue
        z = match.table.surface_z(x, y, b.z)
        if match.table.path(b, x, y, z, math.hypot(x - b.x, y - b.y) + 1e-6) is not None:
            return (x, y, z)
    return None


# -- the end ------------------------------------------------------------------------------------------------
def extraction_words(mission, match, go) -> str:
    k = len(OE.counting(mission, match, go))
    return f"{count(k, 'objective')} would count"


def finish(mission, match, extracted) -> None:
    """The mission ends (the squad extracted, or fell): settle the objectives and pay the MP."""
    ms = match.mission_state
    counted = OE.settle(mission, match, extracted)
    ms["counted"] = len(counted)
    tl = ms["tl"]
    n = mission.data.numbers
    match.add_mp(PLAYER, n["mp_played_per_tl"] * tl, f"the mission played, Threat Level {tl}")
    if counted:
        match.add_mp(PLAYER, n["mp_objective_per_tl"] * tl * len(counted),
                     f"{count(len(counted), 'objective')} completed, Threat Level {tl}")
    if extracted and not match.units(NPC):
        match.add_mp(PLAYER, n["mp_sweep_per_tl"] * tl, f"every enemy unit Taken Out and the squad extracted, "
                     f"Threat Level {tl}")


def result(mission, match) -> Result | None:
    """A victory when at least one unit extracts and at least one objective counts (P32); a squad that fell still
    scores what it completed."""
    ms = match.mission_state
    over = ms.get("over")
    if over is None:
        return None
    k, n = ms["counted"], len(ms["objectives"])
    how = "the whole squad was Taken Out" if over == "wiped" else f"{count(len(ms['extracted']), 'unit')} extracted"
    text = f"{how}; {k} of {count(n, 'objective')} completed"
    won = bool(k and ms.get("extracted"))
    return Result("victory" if won else "defeat", match.turn, text, PLAYER if won else NPC,
                  ((PLAYER, match.score[PLAYER]),))
