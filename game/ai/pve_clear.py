"""The PvE computer squad's units that make for the Extraction Point get clear of base contact (play-modes 2.1: a
unit Adjacent to an enemy at the end of the Turn cannot extract).

A unit with the task "extract" that is Adjacent to an enemy, once the Extraction Point is open:
- attacks in Melee when a single enemy holds it and one attack likely takes that enemy out;
- else steps to a spot within the Extraction Point's reach and clear of every enemy, taking the Attack of
  Opportunity blunted with the inches left (R16), when that attack is unlikely to take it out and every enemy
  holding it has already activated this Turn (a Ready one would only come back into contact);
- else fights it out, as before.
A squad's unit held that way activates after its squadmates while an enemy holding it is still Ready: the NPC
nearest a player unit activates first (R19), so by its turn the enemy holding it has usually spent its activation.
"""
from __future__ import annotations

from dataclasses import replace

from game.battlefield import Base
from game.match import anchors as A
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE
from game.rules.odds import exact_odds

KILL_ODDS = 0.6  # a Melee attack this likely to take out the one enemy holding the unit: attack it instead
AOO_RISK = 0.25  # step away only when the Attack of Opportunity takes the unit out less often than this


def extraction_open(match, g: dict) -> bool:
    return g["extraction"] is not None and match.turn >= g["extraction_turn"]


def held_in_contact(match, g: dict, uid: int, task: tuple) -> bool:
    """The unit makes for the Extraction Point, which is open, and an enemy is Adjacent to it."""
    return task[0] == "extract" and extraction_open(match, g) and bool(match.adjacent_enemies(uid))


def holders_ready(match, uid: int) -> bool:
    """An enemy Adjacent to the unit has not activated yet this Turn."""
    return any(match.readiness(e).ready for e in match.adjacent_enemies(uid))


def kill_odds(match, uid: int, target: int) -> float:
    """The best chance among the unit's Melee weapons that one attack takes the target out now."""
    best = 0.0
    for w in match.unit(uid).card.weapons:
        if w.kind != MELEE:
            continue
        pv = match.attack_preview(uid, w.id, target)
        if pv.reason is None and pv.odds is not None and pv.odds.p_taken_out is not None:
            best = max(best, pv.odds.p_taken_out)
    return best


def aoo_risk(match, uid: int, blunt: int) -> float:
    """The chance that the worst Attack of Opportunity the unit's enemies may make if it leaves them now takes it
    out, with `blunt` Attack dice taken off (only one of them makes it: the match lets the enemy pick)."""
    worst = 0.0
    for e, wid in match.aoo_candidates(uid, match.adjacent_enemies(uid)):
        pv = match.attack_preview(e, wid, uid)
        if pv.setup is None:
            worst = max(worst, 1.0 if match.health(uid).hit <= 1 else 0.5)  # not priced: assume the worst
            continue
        att = pv.setup.att - blunt
        if att <= 0:
            continue
        o = exact_odds(replace(pv.setup, att=att), cutoff=1e-6)
        worst = max(worst, o.p_taken_out if o.p_taken_out is not None else 0.0)
    return worst


def clear_spot(match, g: dict, uid: int, action: str):
    """(x, y, z, spare inches) of the spot a Move or Dash reaches within the Extraction Point's reach and not
    Adjacent to any enemy: the most inches left to blunt with, then the farthest from Ready enemies. None when
    there is none."""
    table = match.table
    me = match.base(uid)
    point, r = g["extraction"], g["extraction_radius"]
    foes = [match.base(e) for e in match.enemies_of(uid)]
    ready = [match.base(e) for e in match.enemies_of(uid) if match.readiness(e).ready]
    budget = match.move_budget(action)
    best = None
    for x, y, z, cost in table.reach(me, budget).spots:
        if not A.within(point, x, y, me.radius, r - 0.05):
            continue
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        if any(table.distance(cand, f) <= 1.0 + 1e-6 and table.adjacent(cand, f) for f in foes):
            continue
        spare = budget - cost
        blunt = int(spare // act.BLUNT_INCHES)
        near = min((table.distance(cand, f) for f in ready), default=99.0)
        key = (-blunt, -min(round(near), 12), cost, x, y)
        if best is None or key < best[0]:
            best = (key, (x, y, z, spare))
    return None if best is None else best[1]


def break_contact(plan, uid: int, task: tuple):
    """(the command, why) that gets a unit making for the Extraction Point out of base contact, or None (it
    fights on: the next steps attack in Melee)."""
    m, g = plan.m, plan.g
    if not held_in_contact(m, g, uid, task) or holders_ready(m, uid):
        return None
    adj = m.adjacent_enemies(uid)
    if len(adj) == 1 and plan._afford(act.MELEE_COMBAT) and kill_odds(m, uid, adj[0]) >= KILL_ODDS:
        return None  # take it out: the Melee step attacks it
    for action, cls in ((act.MOVE, C.Move), (act.DASH, C.Dash)):
        if not plan._afford(action):
            continue
        spot = clear_spot(m, g, uid, action)
        if spot is None:
            continue
        x, y, z, spare = spot
        if aoo_risk(m, uid, int(spare // act.BLUNT_INCHES)) >= AOO_RISK:
            return None
        return cls(plan.side, x, y, z), "steps out of base contact by the Extraction Point"
    return None
