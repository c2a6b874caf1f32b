"""Where the tactical computer opponent deploys each unit: in its zone, toward the brief's goals (spread over them in
turn), with room between bases against Blasts; and, while deploying (cheap decisions), the walking fields to the
goals the battle will ask for."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.battlefield.search import sliced
from game.match import commands as C
from game.match import skills as S

from .tactical_brief import brief_for


def deploy(ctl, match):
    """Generator (the walking fields it works out ahead stop at each slice's end): the next unit's deployment."""
    side = ctl.side
    waiting = match.undeployed(side)
    if not waiting:
        return C.EndDeployment(side)
    uid = waiting[0]
    r = match.unit(uid).card.base_diameter / 2
    placed = [(match.position(u).x, match.position(u).y) for u in match.units(side, downed=None)]
    spots = match.zone_spots(side, r, placed, gap=0.6)
    if not spots:
        legal = match.legal_commands(side)
        return legal[0] if legal else C.EndDeployment(side)
    b = brief_for(match, side)
    goals = [g for g in b.goals if g.unit is None or g.unit == uid]
    index = len(match.all_units_of(side)) - len(waiting)
    if len(spots) > 60:
        spots = spots[:: max(1, len(spots) // 60)]

    def score(s):
        x, y, _ = s
        v = 0.0
        if goals:
            g = goals[index % len(goals)]
            v -= g.distance(x, y) * 0.3 + min(g2.distance(x, y) for g2 in goals) * 0.2
        if placed:
            near = min(math.hypot(x - px, y - py) for px, py in placed)
            v -= max(0.0, 2.5 - near) * 1.5  # keep some room: Blasts
        return v + ctl.rng.random() * 0.05
    x, y, z = max(spots, key=score)
    yield from sliced(lambda: _warm_fields(ctl, match, b.goals, uid))
    return C.Deploy(side, uid, x, y, z)

def _warm_fields(ctl, match, goals, uid: int) -> None:
    """While deploying (cheap decisions), work out a walking field to a goal the battle will ask for."""
    from game.battlefield import Base
    from game.match import skills as S
    card = match.unit(uid).card
    probe = Base(uid=uid, side=ctl.side, x=0.0, y=0.0, z=0.0, radius=card.base_diameter / 2,
                 move=S.move_rule(card))
    doors = tuple(sorted(match.table.doors_open.items()))
    ctl.fields.new = 0
    for g in sorted(goals, key=lambda g: -g.value):
        if g.unit_goal:
            continue
        if g.marker is not None:
            mb = match.marker_base(g.marker)
            if mb is None:
                continue
            key = ("marker", g.marker, round(mb.x, 2), round(mb.y, 2), round(mb.z, 2))
            if ctl.fields.get(match.table, key, mb, None, probe, doors) is None:
                return
        elif g.rect is not None:
            if ctl.fields.get(match.table, ("zone", g.rect), None, g.rect, probe, doors) is None:
                return
