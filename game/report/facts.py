"""The facts of one battle a report is written from: who fought (units, their cards' ARM, HIT and weapons), the
typed events in order, and the result. `facts_of(match)` reads them from a match (read-only); tests build them
by hand around scripted events.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class WeaponInfo:
    """What of a weapon changes the odds of its attacks (its card's specials)."""

    acc: int = 0
    bru: int = 0
    rlt: bool = False
    rnd: int = 0


@dataclass(frozen=True, slots=True)
class UnitInfo:
    uid: int
    name: str
    side: str
    arm: int
    max_hit: int
    item: bool = False
    leader: bool = False
    hit: int | None = None  # HIT at the end (None: unknown)
    taken_out: bool = False
    type_name: str = ""
    weapons: tuple[tuple[str, WeaponInfo], ...] = ()  # (weapon name, specials)

    def weapon(self, name: str) -> WeaponInfo:
        for n, w in self.weapons:
            if n == name:
                return w
        return WeaponInfo()


@dataclass(frozen=True, slots=True)
class BattleFacts:
    mission: str  # the mission's title
    sides: tuple[tuple[str, str], ...]  # (side, name as players call it)
    units: dict[int, UnitInfo]
    events: tuple
    seed: int = 0
    battlefield: str = ""
    measure: str = "inches"
    outcome: str | None = None  # "victory", "defeat", "draw", ... (None: not over)
    result_text: str = ""
    winner: str | None = None
    turn: int = 0
    commands: int = 0
    npc_sides: tuple[str, ...] = field(default=())

    def side_of(self, uid: int) -> str | None:
        u = self.units.get(uid)
        return None if u is None else u.side

    def name_of(self, uid: int) -> str:
        u = self.units.get(uid)
        return f"unit {uid}" if u is None else u.name

    def side_name(self, side: str) -> str:
        return dict(self.sides).get(side, side)


def _weapon_info(w) -> WeaponInfo:
    return WeaponInfo(acc=w.value("ACC"), bru=w.value("BRU"), rlt=w.has("RLT"), rnd=w.value("RND"))


def facts_of(match, battlefield: str | None = None) -> BattleFacts:
    """The facts of `match` as it stands (read only). `battlefield`: the map's title as players read it."""
    from game.match import events as E
    out_now: set[int] = set()
    for e in match.events:
        if isinstance(e, E.TakenOut):
            out_now.add(e.uid)
        elif isinstance(e, E.Revived):
            out_now.discard(e.uid)
    units = {}
    for uid in match.all_units():
        u = match.unit(uid)
        h = match.health(uid)
        card = u.card
        units[uid] = UnitInfo(uid, u.name, u.side, card.arm, h.max_hit, item=bool(u.item), leader=bool(u.leader),
                              hit=h.hit, taken_out=uid in out_now, type_name=card.name,
                              weapons=tuple((w.name, _weapon_info(w)) for w in card.weapons))
    try:
        from game.modes import mission_entry
        title = mission_entry(match.scenario.mission).title
    except Exception:  # a mission this game no longer lists: its id will do
        title = match.scenario.mission
    bf = match.table.battlefield
    if battlefield is None:
        t = bf.properties.get("title") if isinstance(bf.properties, dict) else None
        battlefield = t if isinstance(t, str) and t.strip() else (match.scenario.map or "Open table")
    res = match.result
    return BattleFacts(mission=title, sides=tuple((s, match.side_name(s)) for s in match.sides), units=units,
                       events=tuple(match.events), seed=match.seed, battlefield=battlefield,
                       measure=match.table.measure, outcome=None if res is None else res.outcome,
                       result_text="" if res is None else res.text, winner=None if res is None else res.winner,
                       turn=match.turn, commands=len(match.log), npc_sides=tuple(match.npc_sides))

