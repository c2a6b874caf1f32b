"""What the lab prints: a progress bar while the batch runs, then the results as plain-text tables."""
from __future__ import annotations

import time

from game.lab.stats import BALANCED, FactionSummary, MatchupSummary, UnitTypeSummary


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def matchup_name(s: MatchupSummary) -> str:
    return f"{s.squad} vs {s.opponent}" if s.opponent else s.squad


class ProgressBar:
    """`[#####.....]  120/1800 games  2.9 games/s  about 9m left`, redrawn in place on a terminal; when the
    output is a file or a pipe, one line at the end instead."""

    def __init__(self, stream, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.live = bool(getattr(stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            return
        now = time.perf_counter()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        self.stream.write("\r" + self._line(done, total, now - self.start))
        self.stream.flush()

    def _line(self, done: int, total: int, elapsed: float) -> str:
        filled = self.width * done // max(total, 1)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f"about {_duration((total - done) / rate)} left" if 0 < done < total and rate > 0 else ""
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {done:>{len(str(total))}}/{total} games  " \
               f"{rate:.1f} games/s  {left}".rstrip() + "   "

    def finish(self, total: int) -> float:
        elapsed = time.perf_counter() - self.start
        if self.live:
            self.stream.write("\r" + self._line(total, total, elapsed) + "\n")
        rate = total / elapsed if elapsed > 0 else 0.0
        self.stream.write(f"{total} games in {_duration(elapsed)} ({rate:.1f} games/s)\n")
        self.stream.flush()
        return elapsed


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    m, s = divmod(seconds, 60)
    if m < 60:
        return f"{m}m{s:02d}s"
    h, m = divmod(m, 60)
    return f"{h}h{m:02d}m"


def table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    """A plain table; columns in `right` (numbers) are right-aligned."""
    right = right if right is not None else set(range(1, len(headers)))
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


MATCHUP_HEADERS = ["Squad", "Games", "Win", "95% interval", "Turns", "MP", "GP", "Lost", "Foes out", "Dealt",
                   "Taken"]
UNIT_HEADERS = ["Unit type", "Fielded", "GP", "Dealt/GP", "Taken/GP", "Dealt", "Taken", "Taken Out"]


def unit_label(u: UnitTypeSummary) -> str:
    return f"{u.name} ({u.faction})" if u.faction else u.name


def matchup_rows(summaries: list[MatchupSummary]) -> list[list[str]]:
    rows = []
    for s in summaries:
        mp = "-" if s.mp_squad is None else fmt(s.mp_squad, 1) + (
            "" if s.mp_opponent is None else f" : {fmt(s.mp_opponent, 1)}")
        rows.append([matchup_name(s), str(s.games), pct(s.win_rate), f"{pct(s.win_low)} - {pct(s.win_high)}",
                     fmt(s.turns, 1), mp, fmt(s.squad_gp, 0), fmt(s.units_lost, 1), fmt(s.enemies_out, 1),
                     fmt(s.dealt, 1), fmt(s.taken, 1)])
    return rows


def unit_rows(units: list[UnitTypeSummary]) -> list[list[str]]:
    return [[unit_label(u), str(u.fielded), fmt(u.gp, 0),
             fmt(u.dealt_per_gp, 3), fmt(u.taken_per_gp, 3), fmt(u.dealt_per_unit, 2), fmt(u.taken_per_unit, 2),
             pct(u.taken_out_rate)] for u in units]


FACTION_HEADERS = ["Faction", "Games", "Won", "Drawn", "Lost", "Score", "95% interval", "Balance"]


def faction_rows(factions: list[FactionSummary]) -> list[list[str]]:
    lo, hi = BALANCED
    return [[f.faction, str(f.games), str(f.wins), str(f.draws), str(f.losses), pct(f.score),
             f"{pct(f.low)} - {pct(f.high)}",
             "in band" if f.balanced else ("above " if f.score > hi else "below ") + f"{100 * lo:.0f}-{100 * hi:.0f}%"]
            for f in factions]


def faction_text(factions: list[FactionSummary]) -> str:
    lo, hi = BALANCED
    return "\n".join([f"Per faction, over all its matchups (mirrors left out; a draw counts half; outside "
                      f"{100 * lo:.0f}-{100 * hi:.0f}% the faction's skills are audited):",
                      table(FACTION_HEADERS, faction_rows(factions), right={1, 2, 3, 4, 5, 6})])


def results_text(title: str, summaries: list[MatchupSummary], units: list[UnitTypeSummary],
                 factions: list[FactionSummary] | None = None) -> str:
    parts = [title, "", table(MATCHUP_HEADERS, matchup_rows(summaries)), ""]
    if factions:
        parts += [faction_text(factions), ""]
    parts += ["Per unit type (Dealt, Taken: mean HIT per unit per game; Taken Out: share of units Taken Out):",
              table(UNIT_HEADERS, unit_rows(units))]
    return "\n".join(parts)
