"""Statistics of a batch: win rates with 95% Wilson intervals per squad or matchup, and cost-efficiency per
unit type (HIT dealt and lost per GP fielded). Works on GameRecords only."""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.lab.records import DRAW, LOSS, NPC, SQUAD, WIN, GameRecord

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (wins out of n; a draw may count half); (0, 1) when nothing was
    played."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


@dataclass(frozen=True, slots=True)
class MatchupSummary:
    squad: str
    opponent: str  # "" against the mission's NPCs
    games: int
    wins: int
    draws: int
    win_low: float  # 95% Wilson interval of the win rate
    win_high: float
    turns: float  # mean Turns played
    mp_squad: float | None  # mean Mission Points, None when the mission keeps no score
    mp_opponent: float | None
    squad_gp: float  # mean GP of the squad
    units_lost: float  # mean of the squad's units Taken Out
    enemies_out: float  # mean of the other side's units Taken Out
    dealt: float  # mean HIT the squad dealt
    taken: float  # mean HIT the squad lost

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def summarize(records: list[GameRecord]) -> list[MatchupSummary]:
    """One summary per squad (or squad x opponent), in the order the records first name them."""
    groups: dict[tuple[str, str], list[GameRecord]] = {}
    for r in records:
        groups.setdefault((r.squad, r.opponent), []).append(r)
    out = []
    for (squad, opponent), games in groups.items():
        n = len(games)
        wins = sum(1 for g in games if g.outcome == WIN)
        lo, hi = wilson(wins, n)
        mine = [g.side_units(SQUAD) for g in games]
        theirs = [g.side_units(g.enemy_side) for g in games]
        out.append(MatchupSummary(
            squad=squad, opponent=opponent, games=n, wins=wins,
            draws=sum(1 for g in games if g.outcome == DRAW), win_low=lo, win_high=hi,
            turns=_mean([g.turns for g in games]),
            mp_squad=_mean([g.mp_squad for g in games if g.mp_squad is not None]),
            mp_opponent=_mean([g.mp_opponent for g in games if g.mp_opponent is not None]),
            squad_gp=_mean([sum(u.gp for u in us) for us in mine]),
            units_lost=_mean([sum(u.taken_out for u in us) for us in mine]),
            enemies_out=_mean([sum(u.taken_out for u in us) for us in theirs]),
            dealt=_mean([sum(u.dealt for u in us) for us in mine]),
            taken=_mean([sum(u.taken for u in us) for us in mine])))
    return out


BALANCED = (0.35, 0.65)  # a faction whose score over all its matchups lies outside this band is audited


@dataclass(frozen=True, slots=True)
class FactionSummary:
    """One squad (a faction's default squad, or a squad code) over every matchup it played, on either side of the
    table; mirror matchups are left out. Its score counts a draw as half a win."""

    faction: str
    games: int
    wins: int
    draws: int
    low: float  # 95% Wilson interval of the score
    high: float

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def balanced(self) -> bool:
        return BALANCED[0] <= self.score <= BALANCED[1]


def per_faction(records: list[GameRecord]) -> list[FactionSummary]:
    """Each squad over all its matchups (squad against squad batches only), best score first."""
    acc: dict[str, list[int]] = {}
    for r in records:
        if not r.opponent or r.opponent == r.squad:
            continue
        flip = {WIN: LOSS, LOSS: WIN}.get(r.outcome, r.outcome)
        for name, outcome in ((r.squad, r.outcome), (r.opponent, flip)):
            a = acc.setdefault(name, [0, 0, 0])
            a[0] += 1
            a[1] += outcome == WIN
            a[2] += outcome == DRAW
    out = []
    for name, (n, w, d) in acc.items():
        lo, hi = wilson(w + 0.5 * d, n)
        out.append(FactionSummary(name, n, w, d, lo, hi))
    out.sort(key=lambda f: (-f.score, f.faction))
    return out


@dataclass(frozen=True, slots=True)
class UnitTypeSummary:
    type_id: str
    name: str
    faction: str
    side: str  # "squad" (fielded by a squad under test or an opponent squad) or "npc"
    fielded: int  # units of this type over all games
    gp: float  # mean GP of one unit (gear included)
    dealt: int  # HIT dealt, all games
    taken: int  # HIT lost, all games
    taken_out: int  # times Taken Out

    @property
    def dealt_per_gp(self) -> float | None:
        total = self.gp * self.fielded
        return self.dealt / total if total > 0 else None

    @property
    def taken_per_gp(self) -> float | None:
        total = self.gp * self.fielded
        return self.taken / total if total > 0 else None

    @property
    def dealt_per_unit(self) -> float:
        return self.dealt / self.fielded

    @property
    def taken_per_unit(self) -> float:
        return self.taken / self.fielded

    @property
    def taken_out_rate(self) -> float:
        return self.taken_out / self.fielded


def unit_types(records: list[GameRecord]) -> list[UnitTypeSummary]:
    """Every unit type that took the field, squads' types by HIT dealt per GP (best first), then the NPCs'."""
    acc: dict[tuple[str, str], list] = {}
    for r in records:
        for u in r.units:
            side = NPC if u.side == NPC else SQUAD
            a = acc.setdefault((side, u.type_id), [u.name, u.faction, 0, 0, 0, 0, 0])
            a[2] += 1
            a[3] += u.gp
            a[4] += u.dealt
            a[5] += u.taken
            a[6] += u.taken_out
    out = [UnitTypeSummary(type_id=tid, name=a[0], faction=a[1], side=side, fielded=a[2], gp=a[3] / a[2],
                           dealt=a[4], taken=a[5], taken_out=a[6]) for (side, tid), a in acc.items()]
    out.sort(key=lambda s: (s.side == NPC, -(s.dealt_per_gp or 0.0), s.taken_per_gp or 0.0, s.type_id))
    return out
