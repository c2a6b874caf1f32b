"""Shared answers to prompts and small movement helpers for computer-controlled sides."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match import commands as C
from game.rules.combat import Accept, Change, Reroll, RollAuto, reroll_failed_policy


def answer_dice(match, side: str) -> C.Command:
    """Re-roll failed dice with free re-rolls; never spend Tactical Orders (the odds calculator's policy)."""
    action = reroll_failed_policy(match.prompt.decision)
    if isinstance(action, Reroll):
        return C.RerollDie(side, action.index, action.source)
    if isinstance(action, Change):
        return C.ChangeDie(side, action.index, action.delta)
    if isinstance(action, RollAuto):
        return C.RollAutoDie(side, action.index)
    assert isinstance(action, Accept)
    return C.AcceptDice(side)


def answer_prompt(match, side: str) -> C.Command:
    p = match.prompt
    if p.kind == "dice":
        return answer_dice(match, side)
    if p.kind == "aoo":
        # the strongest melee weapon among the candidates
        best = max(p.options, key=lambda o: (match.unit(o[0]).card.weapon(o[1]).att, -o[0]))
        return C.ChooseAttackOfOpportunity(side, best[0], best[1])
    if p.kind == "blunt":
        return C.Blunt(side, p.options[0])
    if p.kind == "first":
        return C.ChooseFirst(side, side)
    if p.kind == "pick_npc":
        return C.PickNpc(side, p.options[0])
    raise ValueError(f"unknown prompt {p.kind}")


def dist(a: Base, b: Base) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def closest(match, uid: int, others: list[int]) -> int | None:
    if not others:
        return None
    me = match.base(uid)
    return min(others, key=lambda o: (match.table.distance(me, match.base(o)), o))


def approach_spot(match, uid: int, target: int, budget: float, need_adjacent: bool, prefer_cover: bool):
    """The end spot of a Move/Dash that gets `uid` closest to `target` (Adjacent if need_adjacent)."""
    table = match.table
    me = match.base(uid)
    tb = match.base(target)
    reach = table.reach(me, budget)
    best = None
    best_key = None
    threats = [match.base(e) for e in match.enemies_of(uid) if not match.unit(e).item] if prefer_cover else []
    for x, y, z, cost in reach.spots:
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = table.distance(cand, tb)
        adjacent = d <= 1.0 and table.adjacent(cand, tb)
        if need_adjacent and not adjacent:
            continue
        covered = 0
        if prefer_cover and threats:
            covered = sum(1 for t in threats if not table.sight(t, cand).visible or table.sight(t, cand).cover)
        key = (0 if adjacent else 1, round(d * 2) / 2, -covered, cost, x, y)
        if best_key is None or key < best_key:
            best, best_key = (x, y, z), key
    if best is None:
        return None
    here = table.distance(me, tb)
    if not need_adjacent and table.distance(Base(me.uid, me.side, *best, me.radius), tb) >= here - 0.05:
        return None  # no progress
    return best
