"""How each unit ended a mission, read from the match's typed events and public queries: the per-unit part of
`AfterMission` (a campaign's service records and injuries, the balance lab's unit table).

A unit is known by its `slot`, its place in its side's squad as the scenario lists it, so whoever built the
scenario (a campaign, from its roster) maps it back to its own units without reading the match's ids.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import events as E

if TYPE_CHECKING:
    from .match import Match

STANDING = "standing"
EXTRACTED = "extracted"
LEFT_BEHIND = "left_behind"
TAKEN_OUT = "taken_out"
DEPARTED = "departed"  # left the table another way (escaped over an edge)
FATES = (STANDING, EXTRACTED, LEFT_BEHIND, TAKEN_OUT, DEPARTED)
MISSION_DAMAGE = "Damage of the mission"  # who Took a unit Out when no unit did (a collapse, gas)
LEFT_BEHIND_WHY = "left behind at extraction"


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    side: str
    slot: int | None  # its place in its side's squad (None: a unit the mission brought, NPCs and spawns)
    uid: int  # the match's id (for the other outcomes' `by` and `took_out`)
    name: str
    type_id: str
    fate: str  # one of FATES
    turn: int | None  # the Turn it was Taken Out or left behind
    by: int | None  # the unit whose attack or Damage Took it Out (None: none did, or it was not Taken Out)
    by_name: str  # who or what Took it Out, as a player reads it ("Ravager (Despoilers)", MISSION_DAMAGE)
    took_out: tuple[int, ...]  # the enemy units it Took Out (items such as objectives are not counted)
    hit_dealt: int  # HIT enemy units lost to it (returned melee Damage counts for the unit that returned it)
    hit_lost: int

    @property
    def out(self) -> bool:
        """Taken Out, or left behind (which counts as Taken Out: injuries)."""
        return self.fate in (TAKEN_OUT, LEFT_BEHIND)


def unit_outcomes(match: "Match", extracted=(), left_behind=()) -> tuple[UnitOutcome, ...]:
    """Every unit of the match (not items), in id order. `extracted` and `left_behind`: the units the mission
    took off the table at its extraction (they left it alive; the left behind count as Taken Out)."""
    units = [u for u in match.all_units() if not match.unit(u).item]
    side_of = {u: match.unit(u).side for u in match.all_units()}
    turn, out_turn = 0, {}
    dealt: dict[int, int] = {}
    lost: dict[int, int] = {}
    for e in match.events:
        if isinstance(e, E.TurnStarted):
            turn = e.turn
        elif isinstance(e, (E.DamageTaken, E.HitLost)) and e.amount:
            lost[e.uid] = lost.get(e.uid, 0) + e.amount
            src = e.source
            if src in side_of and src != e.uid and side_of[src] != side_of.get(e.uid):
                dealt[src] = dealt.get(src, 0) + e.amount
        elif isinstance(e, E.TakenOut) and not e.item:
            out_turn.setdefault(e.uid, turn)
    by = {u: match.taken_out_by(u) for u in out_turn}
    by = {u: k if k in side_of and k != u else None for u, k in by.items()}  # the unit itself, or nobody: the mission
    took: dict[int, list[int]] = {}
    for u, k in by.items():
        if k is not None and side_of[k] != side_of[u]:
            took.setdefault(k, []).append(u)
    slots: dict[int, int] = {}
    for spec in match.scenario.sides:
        if spec.squad is not None:
            for i, u in enumerate(match.all_units_of(spec.side)[:len(spec.squad.units)]):
                slots[u] = i
    undeployed = {u for s in match.sides for u in match.undeployed(s)}
    out = []
    for u in units:
        unit = match.unit(u)
        killer = by.get(u)
        if u in out_turn:
            fate, when = TAKEN_OUT, out_turn[u]
            if killer is None:
                who = MISSION_DAMAGE
            else:
                who = f"{match.unit(killer).name} ({match.side_name(side_of[killer])})"
        elif u in left_behind:
            fate, when, killer, who = LEFT_BEHIND, match.turn, None, LEFT_BEHIND_WHY
        elif u in extracted:
            fate, when, killer, who = EXTRACTED, None, None, ""
        elif not match.standing(u) and u not in undeployed:
            fate, when, killer, who = DEPARTED, None, None, ""
        else:
            fate, when, killer, who = STANDING, None, None, ""
        out.append(UnitOutcome(unit.side, slots.get(u), u, unit.name, unit.card.type_id, fate, when, killer, who,
                               tuple(took.get(u, ())), dealt.get(u, 0), lost.get(u, 0)))
    return tuple(out)
